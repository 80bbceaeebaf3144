package solver

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"sudoku"
)

// fuzzGrid reads up to 81 bytes leniently: '1'-'9' is a given, any other
// byte an empty cell, missing bytes empty cells.
func fuzzGrid(in string) sudoku.Grid {
	var g sudoku.Grid
	for i := 0; i < len(in) && i < 81; i++ {
		if ch := in[i]; ch >= '1' && ch <= '9' {
			g[i] = ch - '0'
		}
	}
	return g
}

// testdataPuzzles returns the puzzle lines of testdata/puzzles.txt.
func testdataPuzzles(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("testdata/puzzles.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(lines) == 0 {
		tb.Fatal("testdata/puzzles.txt: no puzzles")
	}
	return lines
}

// FuzzSolve checks Fast and DLX on arbitrary grids: no panic; a grid that
// breaks the rules is reported as such; otherwise, for limits 1 to 3, both
// engines find the same count, no more than the limit and consistent
// across limits, a solution comes back exactly when the count is not 0
// and it keeps the givens, and a unique solution is the same for both.
// Backtrack is left out: it is exponential on sparse grids.
func FuzzSolve(f *testing.F) {
	for _, line := range testdataPuzzles(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g := fuzzGrid(in)
		if err := g.Validate(); err != nil {
			if _, got := solveGridWith(dlxEngine, g); got == nil || got.Error() != err.Error() {
				t.Fatalf("%v: SolveWith: got error %v, want %v", g, got, err)
			}
			if got := CountGrid(g, 3); got != 0 {
				t.Fatalf("%v breaks the rules: Count: got %v, want %v", g, got, 0)
			}
			// DLX does not need Validate: it finds no solution.
			if got := dlxEngine.Search(g, 2).Count; got != 0 {
				t.Fatalf("%v breaks the rules: DLX Count: got %v, want %v", g, got, 0)
			}
			return
		}
		engines := []gridEngine{fastEngine, dlxEngine}
		var all [2]gridResult // limit 3
		for i, e := range engines {
			all[i] = e.Search(g, 3)
		}
		for limit := 1; limit <= 3; limit++ {
			for i, e := range engines {
				r := all[i]
				if limit < 3 {
					r = e.Search(g, limit)
				}
				if r.Count < 0 || r.Count > limit {
					t.Fatalf("%v: %s limit %d: Count: got %v, want 0..limit", g, e.Name(), limit, r.Count)
				}
				if got, want := r.Count, min(all[i].Count, limit); got != want {
					t.Fatalf("%v: %s limit %d: Count: got %v, want %v (limit 3 found %v)", g, e.Name(), limit, got, want, all[i].Count)
				}
				if solved := r.Solution.IsSolutionOf(&g); solved != (r.Count > 0) {
					t.Fatalf("%v: %s limit %d: got Count %v and Solution %v (a solution: %v)", g, e.Name(), limit, r.Count, r.Solution, solved)
				}
			}
		}
		if all[0].Count != all[1].Count {
			t.Fatalf("%v: limit 3: Count: got fast %v, dlx %v", g, all[0].Count, all[1].Count)
		}
		if all[0].Count == 1 && all[0].Solution != all[1].Solution {
			t.Fatalf("%v: unique solution: fast %v, dlx %v", g, all[0].Solution, all[1].Solution)
		}
		if got, want := UniqueGrid(g), all[0].Count == 1; got != want {
			t.Fatalf("%v: Unique: got %v, want %v", g, got, want)
		}
	})
}
