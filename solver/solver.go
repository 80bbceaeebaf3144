// Package solver finds the solutions of a Sudoku grid.
//
// Three engines search side by side and must agree:
//
//   - Fast, the production engine: band-oriented bitboards, propagation of
//     singles and locked candidates, state copied by value at each guess,
//     no heap allocation. Built with GOEXPERIMENT=simd on amd64, it runs
//     a port of tdoku (SIMD, triads, band configurations) on CPUs with
//     AVX-512 BW/VL and BITALG.
//   - DLX, Knuth's Algorithm X with dancing links on the 324-column
//     exact-cover matrix.
//   - Backtrack, the plain backtracking of the seed thesis (first empty cell,
//     digits 1..9 in order), kept as the readable reference.
//
// Solve, Count and Unique use Fast; SolveWith takes any Engine, including
// ones from other packages (package ilp's 0-1 model).
//
// Puzzles of other rules (sudoku.Board: sizes 4 to 25, jigsaw, extra
// houses, killer cages, anti-knight, anti-king, odd/even) go through a
// BoardEngine: General (bitmask propagation with cage-sum tables, hidden
// singles, branching on the smallest cell or house choice; classic boards
// go to Fast), DLXBoard (exact cover; refuses cage sums) and
// BacktrackBoard. SolveBoard proves uniqueness; CountBoard counts.
package solver

import (
	"context"

	"sudoku"
)

// Engine searches for solutions. Implementations are safe for concurrent use.
type Engine interface {
	// Name is the engine's name on the command line: "fast", "dlx", ...
	Name() string
	// Search looks for up to limit solutions of g (limit >= 1) and stops
	// there. g has passed Validate. Result.Solution is the first solution
	// found when Result.Count > 0.
	Search(g sudoku.Grid, limit int) Result
}

// ContextEngine is an Engine whose search can be stopped: SearchContext
// returns ctx's error, with what was found so far, once ctx is done.
// Engines whose search for two solutions is short by nature on a 9x9 grid
// (a few milliseconds at worst) need look at ctx only between solutions,
// which bounds a count of many: Fast does so; Backtrack looks at it as it
// goes.
type ContextEngine interface {
	Engine
	SearchContext(ctx context.Context, g sudoku.Grid, limit int) (Result, error)
}

// SearchContext searches g with e as e.Search does, stopping with ctx's
// error when ctx is done if e is a ContextEngine.
func SearchContext(ctx context.Context, e Engine, g sudoku.Grid, limit int) (Result, error) {
	if ce, ok := e.(ContextEngine); ok {
		return ce.SearchContext(ctx, g, limit)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	return e.Search(g, limit), nil
}

// Result is what a search found.
type Result struct {
	Solution sudoku.Grid // the first solution found, if Count > 0
	Count    int         // solutions found, at most the limit asked
	Guesses  int64       // branching decisions: a cell or digit chosen among several
	Nodes    int64       // search nodes visited (each engine counts its own way)
}

// Solve returns the unique solution of g with the Fast engine. See SolveWith.
func Solve(g sudoku.Grid) (sudoku.Grid, error) {
	r, err := SolveWith(Fast, g)
	return r.Solution, err
}

// SolveWith checks g, then searches it with e for up to two solutions, so
// that uniqueness is proven. It returns a *sudoku.ValueError or
// *sudoku.ConflictError when g breaks the rules, sudoku.ErrNoSolution when
// no solution exists, and sudoku.ErrMultipleSolutions (with one of the
// solutions in the Result) when there are several.
func SolveWith(e Engine, g sudoku.Grid) (Result, error) {
	return SolveWithContext(context.Background(), e, g)
}

// SolveWithContext is SolveWith, stopping with ctx's error when ctx is
// done (see SearchContext).
func SolveWithContext(ctx context.Context, e Engine, g sudoku.Grid) (Result, error) {
	if err := g.Validate(); err != nil {
		return Result{}, err
	}
	r, err := SearchContext(ctx, e, g, 2)
	if err != nil {
		return r, err
	}
	return r, CountErr(r.Count)
}

// CountErr is the verdict on a search for two solutions that found count
// of them: nil for one, sudoku.ErrNoSolution for none and
// sudoku.ErrMultipleSolutions for more (the sentinels themselves, not
// wrapped). It is the one uniqueness check of the module: every search
// with limit 2 that proves a puzzle unique ends with it.
func CountErr(count int) error {
	switch {
	case count == 0:
		return sudoku.ErrNoSolution
	case count > 1:
		return sudoku.ErrMultipleSolutions
	}
	return nil
}

// Count returns the number of solutions of g, counting no further than
// limit. A grid that breaks the rules has none.
func Count(g sudoku.Grid, limit int) int {
	if limit < 1 || g.Validate() != nil {
		return 0
	}
	return Fast.Search(g, limit).Count
}

// Unique reports whether g has exactly one solution.
func Unique(g sudoku.Grid) bool { return Count(g, 2) == 1 }
