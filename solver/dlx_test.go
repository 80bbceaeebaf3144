package solver

import (
	"strings"
	"sync"
	"testing"

	"sudoku"
)

// gridOf reads an 81-character line, '1'-'9' a given and anything else
// empty, for tests whose lines are written in the source.
func gridOf(tb testing.TB, line string) sudoku.Grid {
	tb.Helper()
	if len(line) != 81 {
		tb.Fatalf("grid %q: %d characters, want 81", line, len(line))
	}
	var g sudoku.Grid
	for i := 0; i < 81; i++ {
		if ch := line[i]; ch >= '1' && ch <= '9' {
			g[i] = ch - '0'
		}
	}
	return g
}

// Grids the solver tests share.
const (
	// fullGrid is a complete valid grid.
	fullGrid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	// wikiPuzzle is the example puzzle of Wikipedia's Sudoku article (by
	// Tim Stellmach, public domain); fullGrid is its solution. Singles
	// solve it.
	wikiPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	// royle17 is the first puzzle of Gordon Royle's 17-clue list.
	royle17         = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	royle17Solution = "953168742862734951417952836746893125281645397395271468138529674574386219629417583"
	// twoSolutions is wikiPuzzle without its given at r3c8: the digits 6
	// and 7 can then be swapped in two columns, so it has two solutions.
	twoSolutions = "53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	// noCandidate has a cell, r1c9, where no digit fits.
	noCandidate = "12345678....................................9...................................."
	// noPlace has no place left in row 1 for digit 1, though every cell
	// has candidates.
	noPlace = "........21...........1...........1...........................1..................."
	// deadEnd is royle17 with a wrong 18th given at r1c1 (its solution has
	// 9 there): conflict-free and every cell and place open, but the search
	// proves it has no solution.
	deadEnd = "8................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
)

func TestDLXSearch(t *testing.T) {
	tests := []struct {
		name     string
		puzzle   string
		limit    int
		want     int    // Count
		solution string // the solution wanted, when there is only one
	}{
		{name: "empty grid solves", puzzle: "", limit: 1, want: 1},
		{name: "empty grid has several", puzzle: "", limit: 3, want: 3},
		{name: "full valid grid returns itself", puzzle: fullGrid, limit: 2, want: 1, solution: fullGrid},
		{name: "singles puzzle", puzzle: wikiPuzzle, limit: 2, want: 1, solution: fullGrid},
		{name: "17 clues", puzzle: royle17, limit: 2, want: 1, solution: royle17Solution},
		{name: "17 clues limit 1", puzzle: royle17, limit: 1, want: 1, solution: royle17Solution},
		{name: "two solutions", puzzle: twoSolutions, limit: 2, want: 2},
		{name: "two solutions, limit 1", puzzle: twoSolutions, limit: 1, want: 1},
		{name: "two solutions, limit 5", puzzle: twoSolutions, limit: 5, want: 2},
		{name: "cell without candidate", puzzle: noCandidate, limit: 2, want: 0},
		{name: "digit without place", puzzle: noPlace, limit: 2, want: 0},
		{name: "dead end after search", puzzle: deadEnd, limit: 2, want: 0},
		{name: "limit 0 counts as 1", puzzle: "", limit: 0, want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g sudoku.Grid
			if tt.puzzle != "" {
				g = gridOf(t, tt.puzzle)
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("test puzzle breaks the rules: %v", err)
			}
			r := dlxEngine.Search(g, tt.limit)
			if r.Count != tt.want {
				t.Errorf("Count: got %v, want %v", r.Count, tt.want)
			}
			if r.Count > 0 && !r.Solution.IsSolutionOf(&g) {
				t.Errorf("Solution: got %v, not a solution of %v", r.Solution, g)
			}
			if r.Count == 0 && r.Solution != (sudoku.Grid{}) {
				t.Errorf("Solution with Count 0: got %v, want the zero grid", r.Solution)
			}
			if tt.solution != "" {
				if got, want := r.Solution, gridOf(t, tt.solution); got != want {
					t.Errorf("Solution: got %v, want %v", got, want)
				}
			}
			if r.Nodes < 1 {
				t.Errorf("Nodes: got %v, want at least 1", r.Nodes)
			}
		})
	}
}

// TestDLXGuesses checks what Guesses counts: columns chosen while they
// had several rows. Givens and forced placements are not guesses.
func TestDLXGuesses(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		zero   bool // no guess wanted
	}{
		{name: "full grid", puzzle: fullGrid, zero: true},
		{name: "singles puzzle", puzzle: wikiPuzzle, zero: true},
		{name: "cell without candidate", puzzle: noCandidate, zero: true},
		{name: "17 clues", puzzle: royle17},
		{name: "dead end after search", puzzle: deadEnd},
		{name: "empty grid", puzzle: strings.Repeat(".", 81)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := dlxEngine.Search(gridOf(t, tt.puzzle), 2)
			if got := r.Guesses == 0; got != tt.zero {
				t.Errorf("Guesses %v: no guess: got %v, want %v", r.Guesses, got, tt.zero)
			}
			if r.Guesses >= r.Nodes {
				t.Errorf("Guesses %v, Nodes %v: want fewer guesses than nodes", r.Guesses, r.Nodes)
			}
		})
	}
}

// TestDLXCountLimits counts puzzles with several solutions up to limits 1,
// 2 and 10 and checks DLX against Backtrack's brute-force count of all
// their solutions.
func TestDLXCountLimits(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
	}{
		{name: "two solutions", puzzle: twoSolutions},
		{name: "wiki without r8c5", puzzle: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....2.....419..5....8..79"},
		{name: "wiki without r3c3", puzzle: "53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"},
		{name: "first two rows empty", puzzle: "..................198342567859761423426853791713924856961537284287419635345286179"},
		{name: "first band empty", puzzle: "...........................859761423426853791713924856961537284287419635345286179"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gridOf(t, tt.puzzle)
			all, finished := searchBudget(g, 1<<20, 10_000_000)
			if !finished || all.Count < 2 || all.Count >= 1<<20 {
				t.Fatalf("Backtrack: %v solutions, finished %v; want a finished count of 2 or more", all.Count, finished)
			}
			for _, limit := range []int{1, 2, 10, all.Count, all.Count + 1} {
				r := dlxEngine.Search(g, limit)
				if got, want := r.Count, min(limit, all.Count); got != want {
					t.Errorf("limit %d: Count: got %v, want %v", limit, got, want)
				}
				if !r.Solution.IsSolutionOf(&g) {
					t.Errorf("limit %d: Solution: got %v, not a solution", limit, r.Solution)
				}
			}
		})
	}
}

// TestDLXUnvalidated feeds grids that did not pass Validate: DLX must find
// no solution rather than panic or corrupt its pooled links.
func TestDLXUnvalidated(t *testing.T) {
	outOfRange := gridOf(t, wikiPuzzle)
	outOfRange[2] = 10
	tests := []struct {
		name string
		grid sudoku.Grid
	}{
		{name: "equal givens in a row", grid: gridOf(t, "55"+wikiPuzzle[2:])},
		{name: "equal givens in a box", grid: gridOf(t, "5........5"+strings.Repeat(".", 71))},
		{name: "full grid with a repeat", grid: gridOf(t, "5"+fullGrid[:80])},
		{name: "value out of range", grid: outOfRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.grid.Validate() == nil {
				t.Fatalf("test grid %v passes Validate", tt.grid)
			}
			if got := dlxEngine.Search(tt.grid, 2).Count; got != 0 {
				t.Errorf("Count: got %v, want %v", got, 0)
			}
		})
	}
	// The pool must still hand out a clean matrix.
	if got, want := dlxEngine.Search(gridOf(t, wikiPuzzle), 2).Solution, gridOf(t, fullGrid); got != want {
		t.Errorf("after bad grids: Solution: got %v, want %v", got, want)
	}
}

// TestDLXNoAllocs checks that Search reuses its pooled states.
func TestDLXNoAllocs(t *testing.T) {
	for _, line := range []string{royle17, twoSolutions, deadEnd} {
		g := gridOf(t, line)
		if got := testing.AllocsPerRun(50, func() { dlxEngine.Search(g, 2) }); got != 0 {
			t.Errorf("%v: got %v allocations per Search, want %v", g, got, 0)
		}
	}
}

// TestDLXConcurrent runs DLX from several goroutines at once; with -race
// it also checks that pooled states are not shared.
func TestDLXConcurrent(t *testing.T) {
	lines := []string{"", fullGrid, wikiPuzzle, royle17, twoSolutions, noCandidate, deadEnd}
	grids := make([]sudoku.Grid, len(lines))
	want := make([]gridResult, len(lines))
	for i, line := range lines {
		if line != "" {
			grids[i] = gridOf(t, line)
		}
		want[i] = dlxEngine.Search(grids[i], 2)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				for i, g := range grids {
					if got := dlxEngine.Search(g, 2); got != want[i] {
						errs <- "got " + got.Solution.String() + ", want " + want[i].Solution.String()
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
