package solver

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"sudoku"
)

// agreeSet says how much of a benchmark set TestEnginesAgree checks. The
// package's whole test run must stay near a minute on two cores, so:
//
//   - DLX and every engine other than Backtrack (today Fast) search every
//     every-th puzzle: all of the three smaller sets, a deterministic sample
//     of the two big ones (DLX does about 1,400 puzzles/s on
//     forum-hardest-1905, 20,000/s on 17-clue).
//   - Backtrack tries every btEvery-th puzzle with a budget of btBudget
//     search nodes (first empty cell, digits in order: about 80 ns a node)
//     and is compared on every puzzle it finishes; it must finish at least
//     btMin of them. Measured with these budgets, it finishes every
//     serg-benchmark puzzle, about a quarter of magictour-top1465 and an
//     eighth of forum-hardest-1905, but under 5% of forum-hardest-1106 and
//     none of a 17-clue sample even with 300,000 nodes, so it is not run
//     on those two (btEvery 0).
type agreeSet struct {
	file   string
	unique bool // every puzzle has one solution; else each has two or more

	every, everyShort int // Fast and DLX: every k-th puzzle

	btEvery, btEveryShort int // Backtrack: every k-th puzzle, 0 for none
	btBudget              int64
	btMin, btMinShort     int
}

var agreeSets = []agreeSet{
	{file: "17-clue.txt", unique: true, every: 5, everyShort: 50},
	{file: "magictour-top1465.txt", unique: true, every: 1, everyShort: 3,
		btEvery: 6, btEveryShort: 20, btBudget: 100_000, btMin: 40, btMinShort: 10},
	{file: "forum-hardest-1905-11plus.txt", unique: true, every: 16, everyShort: 100,
		btEvery: 650, btEveryShort: 2000, btBudget: 200_000, btMin: 6, btMinShort: 2},
	{file: "forum-hardest-1106.txt", unique: true, every: 1, everyShort: 3},
	{file: "serg-benchmark.txt", unique: false, every: 1, everyShort: 5,
		btEvery: 1, btEveryShort: 5, btBudget: 100_000, btMin: 9_900, btMinShort: 1_980},
}

// TestEnginesAgree searches puzzles of the five benchmark sets with every
// engine (limit 2) and checks that each finds the count DLX finds, the
// same solution when it is unique, and only solutions that keep the
// givens; and that the sets are what ../shared/README.md says (unique
// puzzles, or several solutions for serg-benchmark).
func TestEnginesAgree(t *testing.T) {
	for _, set := range agreeSets {
		t.Run(strings.TrimSuffix(set.file, ".txt"), func(t *testing.T) {
			t.Parallel()
			ps := loadPuzzles(t, set.file)
			every, btEvery, btMin := set.every, set.btEvery, set.btMin
			if testing.Short() {
				every, btEvery, btMin = set.everyShort, set.btEveryShort, set.btMinShort
			}
			want := 1
			if !set.unique {
				want = 2
			}
			ag := agreement{t: t, file: set.file}

			var checked int
			for i := 0; i < len(ps) && !ag.tooMany(); i += every {
				ref := dlxEngine.Search(ps[i], 2)
				ag.check(i, ps[i], dlxEngine, ref, gridResult{Count: want}, "its README says")
				for _, e := range gridEngines {
					if e.Name() == dlxEngine.Name() || e.Name() == backtrackEngine.Name() {
						continue
					}
					ag.check(i, ps[i], e, e.Search(ps[i], 2), ref, "dlx")
				}
				checked++
			}
			t.Logf("checked %d of %d puzzles with every engine but backtrack", checked, len(ps))

			if btEvery == 0 {
				return
			}
			var tried, finished int
			for i := 0; i < len(ps) && !ag.tooMany(); i += btEvery {
				tried++
				r, ok := searchBudget(ps[i], 2, set.btBudget)
				if !ok {
					continue
				}
				finished++
				ag.check(i, ps[i], backtrackEngine, r, dlxEngine.Search(ps[i], 2), "dlx")
			}
			t.Logf("backtrack finished %d of %d puzzles tried within %d nodes", finished, tried, set.btBudget)
			if finished < btMin {
				t.Errorf("backtrack finished %d puzzles within %d nodes, want at least %d", finished, set.btBudget, btMin)
			}
		})
	}
}

// agreement checks results and stops a set after a few failures.
type agreement struct {
	t        *testing.T
	file     string
	failures int
}

func (a *agreement) tooMany() bool { return a.failures >= 10 }

// check compares got, engine e's result on puzzle i of the set, with want,
// what ref (an engine's name, or the data's README) found. Counts must
// match; solutions must keep the givens and, when the puzzle has one
// solution and want holds one, be equal.
func (a *agreement) check(i int, g sudoku.Grid, e gridEngine, got, want gridResult, ref string) {
	a.t.Helper()
	fail := func(format string, args ...any) {
		a.t.Helper()
		a.failures++
		a.t.Errorf("%s puzzle %d %v: %s: %s", a.file, i+1, g, e.Name(), fmt.Sprintf(format, args...))
	}
	if got.Count != want.Count {
		fail("got %v solutions, %s %v", got.Count, ref, want.Count)
	}
	if got.Count > 0 && !got.Solution.IsSolutionOf(&g) {
		fail("got %v, not a solution", got.Solution)
	}
	if got.Count == 1 && want.Count == 1 && want.Solution != (sudoku.Grid{}) && got.Solution != want.Solution {
		fail("got %v, %s %v", got.Solution, ref, want.Solution)
	}
}

// TestPackageFunctions checks Solve, SolveWith (with every engine), Count
// and Unique on the outcomes callers branch on.
func TestPackageFunctions(t *testing.T) {
	// badFull is fullGrid with r1c1 and r1c2 swapped: row 1 stays valid
	// and column 1 gets two 3s, at r1c1 and r9c1.
	badFull := "35" + fullGrid[2:]
	tests := []struct {
		name      string
		puzzle    string
		err       error                 // sentinel wanted from Solve, nil for none
		conflict  *sudoku.ConflictError // conflict wanted from Solve
		solution  string                // the solution wanted, when it is known
		count     int                   // Count(g, 3)
		unique    bool
		anySolved bool // a solution comes back (unique or several)
	}{
		{name: "empty grid solves", puzzle: strings.Repeat(".", 81),
			err: sudoku.ErrMultipleSolutions, count: 3, anySolved: true},
		{name: "full valid grid returns itself", puzzle: fullGrid,
			solution: fullGrid, count: 1, unique: true, anySolved: true},
		{name: "unique puzzle", puzzle: wikiPuzzle,
			solution: fullGrid, count: 1, unique: true, anySolved: true},
		{name: "full invalid grid", puzzle: badFull,
			conflict: &sudoku.ConflictError{A: sudoku.CellAt(0, 0), B: sudoku.CellAt(8, 0), Digit: 3, House: 9}},
		{name: "impossible: cell without candidate", puzzle: noCandidate, err: sudoku.ErrNoSolution},
		{name: "impossible: digit without place", puzzle: noPlace, err: sudoku.ErrNoSolution},
		{name: "two solutions", puzzle: twoSolutions,
			err: sudoku.ErrMultipleSolutions, count: 2, anySolved: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gridOf(t, tt.puzzle)
			checkErr := func(who string, err error) {
				t.Helper()
				switch {
				case tt.conflict != nil:
					var ce *sudoku.ConflictError
					if !errors.As(err, &ce) {
						t.Fatalf("%s: got error %v, want a *sudoku.ConflictError", who, err)
					}
					if *ce != *tt.conflict {
						t.Errorf("%s: got %+v, want %+v", who, *ce, *tt.conflict)
					}
				case tt.err != nil:
					if !errors.Is(err, tt.err) {
						t.Errorf("%s: got error %v, want %v", who, err, tt.err)
					}
				case err != nil:
					t.Errorf("%s: got error %v, want none", who, err)
				}
			}
			checkSolution := func(who string, s sudoku.Grid) {
				t.Helper()
				if tt.anySolved && !s.IsSolutionOf(&g) {
					t.Errorf("%s: got %v, not a solution", who, s)
				}
				if tt.solution != "" {
					if want := gridOf(t, tt.solution); s != want {
						t.Errorf("%s: got %v, want %v", who, s, want)
					}
				}
			}

			s, err := SolveGrid(g)
			checkErr("Solve", err)
			checkSolution("Solve", s)
			for _, e := range gridEngines {
				r, err := solveGridWith(e, g)
				checkErr("SolveWith "+e.Name(), err)
				checkSolution("SolveWith "+e.Name(), r.Solution)
			}
			if got := CountGrid(g, 3); got != tt.count {
				t.Errorf("Count: got %v, want %v", got, tt.count)
			}
			if got := UniqueGrid(g); got != tt.unique {
				t.Errorf("Unique: got %v, want %v", got, tt.unique)
			}
		})
	}
}

func TestCountLimit(t *testing.T) {
	var empty sudoku.Grid
	for _, limit := range []int{-1, 0, 1, 2, 7} {
		if got, want := CountGrid(empty, limit), max(limit, 0); got != want {
			t.Errorf("Count(empty, %d): got %v, want %v", limit, got, want)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, e := range Engines() {
		got, err := Lookup(e.Name())
		if err != nil || got != e {
			t.Errorf("Lookup(%q): got %v, %v, want the engine", e.Name(), got, err)
		}
	}
	if got, err := Lookup("general"); err != nil || got != Fast {
		t.Errorf(`Lookup("general"), Fast's name before: got %v, %v, want Fast`, got, err)
	}
	if _, err := Lookup("no-such-engine"); err == nil {
		t.Errorf("Lookup(%q): got no error, want one", "no-such-engine")
	}
}
