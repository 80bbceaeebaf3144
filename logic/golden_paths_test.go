package logic

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"sudoku"
)

// TestPathsUnchanged guards refactoring for speed: a speed-up must leave
// every path as it was. On the fixtures of testdata (levels.txt,
// qqwing-levels.txt and chain-puzzles.txt) it compares each puzzle's path
// with the golden file testdata/paths.txt (-update records it), a line per
// puzzle with its ER, its number of steps and a hash of the path's
// signature (technique, rating, placements and eliminations of every
// step). With ../shared, see pathsUnchangedShared.
func TestPathsUnchanged(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		var lines, full []string
		for _, name := range []string{"levels.txt", "qqwing-levels.txt", "chain-puzzles.txt"} {
			for _, p := range fixture(t, name) {
				path, err := fixturePath(p.grid)
				sig := pathSig(path, err)
				lines = append(lines, fmt.Sprintf("%s:%d ER %v, %d steps, err=%v #%s", name, p.line, RatePath(path).ER, len(path), err, shortHash(sig)))
				full = append(full, sig)
			}
		}
		golden(t, "paths.txt", lines, full)
	})
	withShared(t, pathsUnchangedShared)
}

// pathSig writes the error and every step of a path: technique, rating,
// placements and eliminations.
func pathSig(path []Step, err error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "err=%v", err)
	for i := range path {
		st := &path[i]
		fmt.Fprintf(&b, " | %s %v P%v E%v", st.Technique.Name, st.Rating, st.Placements, st.Eliminations)
	}
	return b.String()
}

// fixturePath returns Path(g), computed once for the tests that share
// the fixtures.
func fixturePath(g sudoku.Grid) ([]Step, error) {
	type result struct {
		path []Step
		err  error
	}
	r := cached("path "+g.String(), func() result {
		path, err := Path(g)
		return result{path, err}
	})
	return r.path, r.err
}

// pathsUnchangedShared, with SUDOKU_PATHS=file, writes (if the file is
// absent) or compares (if present) a signature of every step of the
// solving paths of samples of the rated and benchmark sets: technique,
// rating, placements and eliminations. The file lives outside the
// repository: it is derived from ../shared's puzzles.
func pathsUnchangedShared(t *testing.T) {
	file := os.Getenv("SUDOKU_PATHS")
	if file == "" {
		t.Skip("set SUDOKU_PATHS=file to record or compare solving paths")
	}
	sets := []struct {
		rel string
		n   int
	}{
		{"data/rated/se-rated-dev.txt", 600},
		{"data/puzzles/17-clue.txt", 1000},
		{"data/puzzles/magictour-top1465.txt", 150},
		{"data/rated/qqwing-expert.txt", 300},
		{"data/puzzles/forum-hardest-1106.txt", 3},
	}
	var lines []string
	for _, s := range sets {
		for _, p := range loadLines(t, s.rel, s.n) {
			path, err := Path(p.grid)
			var b strings.Builder
			fmt.Fprintf(&b, "%s:%d err=%v", s.rel, p.line, err)
			for i := range path {
				st := &path[i]
				fmt.Fprintf(&b, " | %s %v P%v E%v", st.Technique.Name, st.Rating, st.Placements, st.Eliminations)
			}
			lines = append(lines, b.String())
		}
	}
	f, err := os.Open(file)
	if os.IsNotExist(err) {
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d paths to %s", len(lines), file)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	i, bad := 0, 0
	for ; sc.Scan(); i++ {
		if i >= len(lines) {
			t.Fatalf("%s has more paths than computed (%d)", file, len(lines))
		}
		if sc.Text() != lines[i] {
			bad++
			if bad <= 5 {
				t.Errorf("path %d differs:\n got %.400s\nwant %.400s", i, lines[i], sc.Text())
			}
		}
	}
	if i != len(lines) {
		t.Errorf("%s has %d paths, computed %d", file, i, len(lines))
	}
	if bad > 0 {
		t.Errorf("%d of %d paths differ", bad, len(lines))
	}
}
