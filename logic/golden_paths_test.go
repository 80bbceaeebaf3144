package logic

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestPathsUnchanged guards refactoring for speed: with
// SUDOKU_PATHS=file it writes (if the file is absent) or compares (if
// present) a signature of every step of the solving paths of samples of
// the rated and benchmark sets: technique, rating, placements and
// eliminations. A speed-up must leave every path as it was. The file lives
// outside the repository: it is derived from ../shared's puzzles.
func TestPathsUnchanged(t *testing.T) {
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
