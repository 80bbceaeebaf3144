package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The examples of the documentation are run and their output compared
// with what the page shows: a code block whose lines start with "$ " is an
// example; each "$ " line (with its "\"-continued lines) is a command,
// run by sh in a fresh directory holding docs/testdata's files, with
// `sudoku` on PATH, and the lines after it, up to the next command, are
// its output (stdout and stderr together). A line "..." in the output
// stands for any lines. Times, rates, sizes, dates and the home directory
// are normalised before comparing. A block whose fence says "norun" is
// not run (the page says why: it needs a server, or a Ctrl-C).

var updateDocs = flag.Bool("update-docs", false, "rewrite the output shown by the documentation's examples that differ (not those with \"...\")")

// example is one command of a page and the output it shows.
type example struct {
	file  string
	line  int
	lines int // the lines of the command
	cmd   string
	want  []string
}

// block is a code block of examples, run in one shell.
type block struct {
	file     string
	examples []example
}

func readBlocks(t *testing.T, path string) []block {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []block
	var cur *block
	inFence, norun, cont := false, false, false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			if inFence && cur != nil && len(cur.examples) > 0 && !norun {
				blocks = append(blocks, *cur)
			}
			inFence, norun, cur = !inFence, strings.Contains(line, "norun"), &block{file: path}
			continue
		}
		if !inFence {
			continue
		}
		switch {
		case cont:
			ex := &cur.examples[len(cur.examples)-1]
			ex.cmd += "\n" + line
			ex.lines++
			cont = strings.HasSuffix(line, "\\")
		case strings.HasPrefix(line, "$ "):
			cur.examples = append(cur.examples, example{file: path, line: n, lines: 1, cmd: line[2:]})
			cont = strings.HasSuffix(line, "\\")
		case len(cur.examples) > 0:
			ex := &cur.examples[len(cur.examples)-1]
			ex.want = append(ex.want, line)
		}
	}
	return blocks
}

var normalisers = []struct {
	re  *regexp.Regexp
	new string
}{
	{regexp.MustCompile(`\d+\.\d+s wall`), "T wall"},
	{regexp.MustCompile(`\d+(?:\.\d+)? (puzzles|req)/s`), "R $1/s"},
	{regexp.MustCompile(`-j \d+`), "-j N"},
	{regexp.MustCompile(`\d+(\.\d+)? (B|KiB|MiB|GiB)\b`), "SIZE"},
	{regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z`), "TIME"},
	{regexp.MustCompile(`\d+\.\d+ ms`), "D ms"},
}

func normalise(s, home string) string {
	s = strings.ReplaceAll(s, home, "/home/ann")
	for _, n := range normalisers {
		s = n.re.ReplaceAllString(s, n.new)
	}
	return strings.TrimRight(s, " ")
}

// matches compares output lines with the lines a page shows, "..." there
// standing for any lines.
func matches(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for i := 0; i <= len(got); i++ {
			if matches(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matches(got[1:], want[1:])
}

// sudokuOnPath makes a directory with a `sudoku` script running the test
// binary as the command.
func sudokuOnPath(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot run the test binary as the command: %v", err)
	}
	dir := t.TempDir()
	script := fmt.Sprintf("#!/bin/sh\nSUDOKU_TEST_AS_CLI=1 exec %q \"$@\"\n", exe)
	if err := os.WriteFile(filepath.Join(dir, "sudoku"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDocExamples(t *testing.T) {
	root := filepath.Join("..", "..")
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append([]string{filepath.Join(root, "README.md")}, pages...)
	bin := sudokuOnPath(t)
	updates := map[string]map[int][]string{} // page, first output line: new output
	fixtures, _ := filepath.Glob(filepath.Join(root, "docs", "testdata", "*"))
	abs, _ := filepath.Abs(root)
	ran := 0
	for _, page := range pages {
		for _, b := range readBlocks(t, page) {
			name := fmt.Sprintf("%s:%d", filepath.Base(page), b.examples[0].line)
			t.Run(name, func(t *testing.T) {
				if strings.Contains(allCommands(b), "cbc ") {
					if _, err := exec.LookPath("cbc"); err != nil {
						if os.Getenv("SUDOKU_REQUIRE_TOOLS") != "" {
							t.Fatal("cbc is not installed")
						}
						t.Skip("skipping: cbc is not installed")
					}
				}
				ran += len(b.examples)
				for line, out := range runBlock(t, b, bin, fixtures, abs) {
					if updates[page] == nil {
						updates[page] = map[int][]string{}
					}
					updates[page][line] = out
				}
			})
		}
	}
	if ran == 0 {
		t.Fatal("no example found in the documentation")
	}
	t.Logf("%d examples run", ran)
	if *updateDocs {
		for page, ups := range updates {
			if err := rewriteOutputs(page, ups); err != nil {
				t.Error(err)
			}
		}
	}
}

// rewriteOutputs replaces, in page, the output shown after each command
// whose first output line is a key of ups.
func rewriteOutputs(page string, ups map[int][]string) error {
	data, err := os.ReadFile(page)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		newOut, ok := ups[i+1]
		if !ok {
			out = append(out, lines[i])
			continue
		}
		delete(ups, i+1)
		out = append(out, newOut...)
		for i < len(lines) && !strings.HasPrefix(lines[i], "$ ") && !strings.HasPrefix(lines[i], "```") {
			i++
		}
		i--
	}
	return os.WriteFile(page, []byte(strings.Join(out, "\n")), 0o644)
}

func allCommands(b block) string {
	var cmds []string
	for _, ex := range b.examples {
		cmds = append(cmds, ex.cmd)
	}
	return strings.Join(cmds, "\n")
}

// runBlock runs a block's commands in one shell, in a directory with the
// fixtures and a link to the repository's vision/ (its test photos).
// It returns, for each example whose output differs (and shows no
// "..."), the line its output starts at and the output got.
func runBlock(t *testing.T, b block, bin string, fixtures []string, root string) map[int][]string {
	dir := t.TempDir()
	home := t.TempDir()
	for _, f := range fixtures {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644)
	}
	os.Symlink(filepath.Join(root, "vision"), filepath.Join(dir, "vision"))
	var script strings.Builder
	for i, ex := range b.examples {
		fmt.Fprintf(&script, "echo '@@@ %d'\n%s\n", i, ex.cmd)
	}
	cmd := exec.Command("sh", "-c", script.String()+"\necho '@@@ end'\n")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + home, "LC_ALL=C"}
	out, _ := cmd.CombinedOutput()
	parts := regexp.MustCompile(`(?m)^@@@ (\d+|end)\n`).Split(string(out), -1)
	if len(parts) != len(b.examples)+2 {
		t.Fatalf("the shell stopped early:\n%s", out)
	}
	ups := map[int][]string{}
	for i, ex := range b.examples {
		raw := strings.Split(strings.TrimRight(parts[i+1], "\n"), "\n")
		if strings.TrimSpace(parts[i+1]) == "" {
			raw = nil
		}
		got := make([]string, len(raw))
		for j, g := range raw {
			got[j] = normalise(g, home)
			raw[j] = strings.ReplaceAll(g, home, "/home/ann")
		}
		shown := ex.want
		for len(shown) > 0 && strings.TrimSpace(shown[len(shown)-1]) == "" {
			shown = shown[:len(shown)-1]
		}
		want := make([]string, len(shown))
		for j, w := range shown {
			want[j] = normalise(w, home)
		}
		if !matches(got, want) {
			t.Errorf("%s:%d: $ %s\ngot:\n%s\nwant:\n%s", filepath.Base(ex.file), ex.line, ex.cmd, strings.Join(got, "\n"), strings.Join(want, "\n"))
			if !slices.Contains(shown, "...") {
				ups[ex.line+ex.lines] = raw
			}
		}
	}
	return ups
}
