package sudoku_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
	"sudoku/solver"
)

// The ISS form's differential test: random boards of every kind the
// writer holds (parse_iss_gen_test.go) are written with FormatISS and
// counted by ISS itself (scripts/iss-count.mjs, on a checkout of sigh's
// Interactive Sudoku Solver named by SUDOKU_ISS) and by our solver, up
// to a limit, the board as drawn and as ParseISS reads the string back:
// the counts must agree. Skipped without SUDOKU_ISS (and Node).

var issBoardsPerKind = flag.Int("iss-boards", 30, "boards a kind drawn by TestISSAgainstAnchor")

// issLimit is the count both sides stop at.
const issLimit = 30

// issAnchor returns the ISS checkout the test runs, skipping without one.
func issAnchor(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SUDOKU_ISS")
	if dir == "" {
		t.Skip("set SUDOKU_ISS to a checkout of sigh/Interactive-Sudoku-Solver to count with ISS")
	}
	if _, err := os.Stat(filepath.Join(dir, "js", "sudoku_parser.js")); err != nil {
		t.Skipf("SUDOKU_ISS=%s is not an ISS checkout: %v", dir, err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	return dir
}

// issResult is ISS's answer for one string.
type issResult struct {
	Count     int    `json:"count"`
	Exhausted bool   `json:"exhausted"`
	Error     string `json:"error"`
}

// issCount counts the solutions of each text with ISS, up to limit.
func issCount(t *testing.T, dir string, limit int, texts []string) []issResult {
	t.Helper()
	cmd := exec.Command("node", filepath.Join("scripts", "iss-count.mjs"), dir, fmt.Sprint(limit))
	cmd.Stdin = strings.NewReader(strings.Join(texts, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("iss-count: %v\n%s", err, stderr.String())
	}
	var res []issResult
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r issResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("iss-count line %q: %v", sc.Text(), err)
		}
		res = append(res, r)
	}
	if len(res) != len(texts) {
		t.Fatalf("iss-count answered %d lines for %d strings\n%s", len(res), len(texts), stderr.String())
	}
	return res
}

// ourCount counts b's solutions up to limit.
func ourCount(t *testing.T, b *sudoku.Board, limit int) int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	n, err := solver.Count(ctx, b, limit)
	if err != nil {
		t.Fatalf("count: %v", err)
	}
	return n
}

// issCase is a board drawn for a kind and its ISS string.
type issCase struct {
	kind string
	b    *sudoku.Board
	text string
}

// issDrawCases draws boards of every kind, per kind, from seed, and
// writes them; boards the writer refuses are counted by reason.
func issDrawCases(t *testing.T, seed uint64, per int) (cases []issCase, refused map[string]int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	refused = map[string]int{}
	for _, kind := range issKindsDrawn {
		for range per {
			b, err := issRandomBoard(rng, kind)
			if err == nil {
				err = b.Validate() // a broken constraint the givens already break
			}
			if err != nil {
				refused["draw: "+firstWords(err.Error())]++
				continue
			}
			text, err := sudoku.FormatISS(b)
			if err != nil {
				refused[kind+": "+firstWords(err.Error())]++
				continue
			}
			cases = append(cases, issCase{kind: kind, b: b, text: text})
		}
	}
	return cases, refused
}

// firstWords shortens an error to its first words, to count reasons.
func firstWords(s string) string {
	w := strings.Fields(s)
	return strings.Join(w[:min(len(w), 8)], " ")
}

func TestISSAgainstAnchor(t *testing.T) {
	dir := issAnchor(t)
	cases, refused := issDrawCases(t, 1, *issBoardsPerKind)
	texts := make([]string, len(cases))
	for i, c := range cases {
		texts[i] = c.text
	}
	res := issCount(t, dir, issLimit, texts)
	agree, counts := map[string]int{}, map[string]int{}
	for i, c := range cases {
		ours := ourCount(t, c.b, issLimit)
		counts[countClass(ours)]++
		switch r := res[i]; {
		case r.Error != "":
			t.Errorf("%s: ISS refuses %s: %s", c.kind, c.text, r.Error)
		case r.Count != ours:
			t.Errorf("%s: ISS counts %d, we count %d (limit %d): %s", c.kind, r.Count, ours, issLimit, c.text)
		case !readAgrees(t, c.text, r.Count):
			t.Errorf("%s: read back, the count is not ISS's %d: %s", c.kind, r.Count, c.text)
		default:
			agree[c.kind]++
		}
	}
	logCounts(t, "agree", agree)
	logCounts(t, "solutions", counts)
	logCounts(t, "refused by the writer", refused)
}

// readAgrees reports whether text read back has want solutions (to the
// limit).
func readAgrees(t *testing.T, text string, want int) bool {
	b, err := sudoku.ParseISS(text)
	if err != nil {
		t.Logf("read back: %v", err)
		return false
	}
	return ourCount(t, b, issLimit) == want
}

// countClass puts a count in a class: 0, 1, several, the limit.
func countClass(n int) string {
	switch {
	case n == 0:
		return "0"
	case n == 1:
		return "1"
	case n < issLimit:
		return "2.." + fmt.Sprint(issLimit-1)
	}
	return fmt.Sprint(issLimit) + "+"
}

func logCounts(t *testing.T, what string, m map[string]int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%d", k, m[k])
	}
	t.Logf("%s:%s", what, b.String())
}

// TestISSCorpusAgainstAnchor writes the setters' f-puzzles puzzles of
// ../shared (those ISS can hold) and has ISS solve them: one solution,
// the setter's.
func TestISSCorpusAgainstAnchor(t *testing.T) {
	dir := issAnchor(t)
	var texts, titles []string
	refused := map[string]int{}
	for _, p := range dataset.FPuzzles(t) {
		b, err := p.Board()
		if err != nil {
			t.Fatalf("%s: %v", p.Title, err)
		}
		text, err := sudoku.FormatISS(b)
		if err != nil {
			refused[firstWords(err.Error())]++
			continue
		}
		texts, titles = append(texts, text), append(titles, p.Title)
	}
	for i, r := range issCount(t, dir, 2, texts) {
		if r.Error != "" || r.Count != 1 {
			t.Errorf("%s: ISS counts %d (%s): %s", titles[i], r.Count, r.Error, texts[i])
		}
	}
	t.Logf("%d puzzles written and solved by ISS", len(texts))
	logCounts(t, "refused by the writer", refused)
}
