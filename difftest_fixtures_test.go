package sudoku_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"sudoku"
	"sudoku/ilp"
	"sudoku/solver"
)

// diffFixture is a case of the differential test (cmd/difftest)
// where the engines once disagreed: the rules as f-puzzles JSON, the
// givens as a line, the sum cages f-puzzles cannot hold, and the right
// count (and solution).
type diffFixture struct {
	Case     string `json:"case"`
	Found    string `json:"found"`
	FPuzzles string `json:"fpuzzles"`
	Givens   string `json:"givens"`
	SumCages []struct {
		Cells []int `json:"cells"`
		Sum   int   `json:"sum"`
	} `json:"sumCages"`
	Count    int    `json:"count"`
	Solution string `json:"solution"`
}

// TestDiffFixtures counts the solutions of every case that once
// disagreed (testdata/difftest, made by cmd/difftest -fixture) with
// General, with backtracking on grids up to 6x6 and with the 0-1 engine
// up to 9x9: the count, and the
// solution when it is unique, must be the fixture's.
func TestDiffFixtures(t *testing.T) {
	paths, err := filepath.Glob("testdata/difftest/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures in testdata/difftest (%v)", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, b := readDiffFixture(t, path)
			engines := []solver.Engine{solver.Fast}
			if b.Size() <= 6 {
				engines = append(engines, solver.Backtrack)
			}
			if b.Size() <= 9 {
				engines = append(engines, ilp.Engine)
			}
			for _, e := range engines {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				r, err := solver.Solve(ctx, e, b)
				cancel()
				if r.Count != f.Count || f.Count == 1 && solutionText(r.Solution) != f.Solution {
					t.Errorf("%s (%s, %s): %s got %d solutions %s (%v), want %d %s", f.Case, f.Found, path, e.Name(), r.Count, solutionText(r.Solution), err, f.Count, f.Solution)
				}
			}
		})
	}
}

func readDiffFixture(t *testing.T, path string) (diffFixture, *sudoku.Board) {
	t.Helper()
	var f diffFixture
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &f)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := sudoku.ParseFPuzzles([]byte(f.FPuzzles))
	if err != nil {
		t.Fatalf("%s: %v", f.Case, err)
	}
	if len(f.Givens) != len(b.Cells) {
		t.Fatalf("%s: %d givens, want %d", f.Case, len(f.Givens), len(b.Cells))
	}
	for i := range b.Cells {
		if v, ok := sudoku.ParseDigit(f.Givens[i]); ok {
			b.Cells[i] = uint8(v)
		}
	}
	for _, k := range f.SumCages {
		if err := b.Rules.AddCage(k.Cells, k.Sum, true); err != nil {
			t.Fatalf("%s: %v", f.Case, err)
		}
	}
	return f, b
}

// solutionText writes a solution as digits (A.. above 9), "" for none.
func solutionText(g []uint8) string {
	s := make([]byte, len(g))
	for i, v := range g {
		s[i] = sudoku.DigitByte(int(v), '.')
	}
	return string(s)
}
