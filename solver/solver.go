// Package solver finds the solutions of a Sudoku puzzle of any rules.
//
// There is one verb per task, on *sudoku.Board (a classic puzzle is a
// board of classic rules, sudoku.BoardOf): Solve proves a solution unique,
// Count counts, Solutions lists them, TrueCandidates and CountCandidates
// give each cell's digits over every solution, EstimateSolutions guesses
// how many there are. Each takes its fast path inside, as draw.DrawMask
// does: a classic 9x9 board goes to the classic bitboard search below.
//
// Engines search side by side behind one interface, Engine, and must
// agree. They register by name as database/sql's drivers do (Register,
// Lookup, Engines); package ilp registers its 0-1 engine from its init.
//
//   - Fast, the production engine. Classic boards go to band-oriented
//     bitboards (propagation of singles and locked candidates, state
//     copied by value at each guess, no heap allocation; built with
//     GOEXPERIMENT=simd on amd64, a port of tdoku on CPUs with AVX-512 BW,
//     VL and BITALG). 9x9 boards of other rules without constraints go to
//     Bitboard; the rest to bitmask propagation over compiled rules with
//     cage-sum tables, hidden singles, and branching on the smallest cell
//     or house choice (sizes 4 to 25, jigsaw, extra houses, killer cages,
//     anti-knight, anti-king, odd/even and the constraint kinds).
//   - Bitboard, the 9x9 bitboard engine for any regions and cages.
//   - DLX, Knuth's Algorithm X with dancing links on the exact-cover
//     matrix (324 columns for a classic grid); it refuses cage sums and
//     constraints, which are no exact cover.
//   - Backtrack, the plain backtracking of the seed thesis (first empty
//     cell, digits in order), kept as the readable reference.
//
// SolveGrid, CountGrid, UniqueGrid and Another are thin wrappers on
// classic grids for speed users: they skip building a Board.
package solver

import (
	"context"

	"sudoku"
)

// gridEngine is a classic 9x9 search, the fast path inside an Engine.
type gridEngine interface {
	Name() string
	// Search looks for up to limit solutions of g (limit >= 1). g has
	// passed Validate.
	Search(g sudoku.Grid, limit int) gridResult
}

// gridContextEngine is a gridEngine whose search can be stopped: it
// returns ctx's error, with what was found so far, once ctx is done.
// Searches for two solutions that are short by nature on a 9x9 grid (a
// few milliseconds at worst) need look at ctx only between solutions,
// which bounds a count of many: fast does so; backtrack looks at it as it
// goes.
type gridContextEngine interface {
	gridEngine
	SearchContext(ctx context.Context, g sudoku.Grid, limit int) (gridResult, error)
}

// searchGrid searches g with e, stopping with ctx's error when ctx is
// done if e can be stopped.
func searchGrid(ctx context.Context, e gridEngine, g sudoku.Grid, limit int) (gridResult, error) {
	if ce, ok := e.(gridContextEngine); ok {
		return ce.SearchContext(ctx, g, limit)
	}
	if err := ctx.Err(); err != nil {
		return gridResult{}, err
	}
	return e.Search(g, limit), nil
}

// boardResult is r as a Result of a board search.
func (r gridResult) boardResult() Result {
	out := Result{Count: r.Count, Guesses: r.Guesses, Nodes: r.Nodes}
	if r.Count > 0 {
		out.Solution = append([]uint8(nil), r.Solution[:]...)
	}
	return out
}

// searchClassic is e's search of classic grid g as a Result.
func searchClassic(ctx context.Context, e gridEngine, g sudoku.Grid, limit int) (Result, error) {
	r, err := searchGrid(ctx, e, g, limit)
	return r.boardResult(), err
}

// gridResult is what a classic search found.
type gridResult struct {
	Solution sudoku.Grid // the first solution found, if Count > 0
	Count    int         // solutions found, at most the limit asked
	Guesses  int64       // branching decisions: a cell or digit chosen among several
	Nodes    int64       // search nodes visited (each engine counts its own way)
}

// SolveGrid returns the unique solution of classic grid g, as Solve does
// for sudoku.BoardOf(g) with Fast, without building the board: a
// *sudoku.ValueError or *sudoku.ConflictError when g breaks the rules,
// sudoku.ErrNoSolution, or sudoku.ErrMultipleSolutions with one of the
// solutions. It checks the givens' house conflicts only when the search
// finds no solution (a grid that breaks the rules has none): the check
// costs more than the search of most puzzles.
func SolveGrid(g sudoku.Grid) (sudoku.Grid, error) {
	for c, v := range g {
		if v > 9 {
			return sudoku.Grid{}, &sudoku.ValueError{Cell: sudoku.Cell(c), Value: int(v)}
		}
	}
	r := fastEngine.Search(g, 2)
	if r.Count == 0 {
		if err := g.Validate(); err != nil {
			return sudoku.Grid{}, err
		}
	}
	return r.Solution, CountErr(r.Count)
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

// CountGrid returns the number of solutions of classic grid g, counting
// no further than limit, as Count does for sudoku.BoardOf(g). A grid
// that breaks the rules has none.
func CountGrid(g sudoku.Grid, limit int) int {
	if limit < 1 || g.Validate() != nil {
		return 0
	}
	return fastEngine.Search(g, limit).Count
}

// UniqueGrid reports whether classic grid g has exactly one solution.
func UniqueGrid(g sudoku.Grid) bool { return CountGrid(g, 2) == 1 }
