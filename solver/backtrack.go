package solver

import (
	"context"

	"sudoku"
)

// backtrackEngine is the seed thesis's plain backtracking: take the first empty
// cell, try digits 1..9 in order, recurse, undo. It is slow on hard puzzles
// and kept as the readable reference the other engines are checked against.
var backtrackEngine gridEngine = backtrack{}

type backtrack struct{}

func (backtrack) Name() string { return "backtrack" }

func (backtrack) Search(g sudoku.Grid, limit int) gridResult {
	r, _ := searchBudget(g, limit, 0)
	return r
}

// SearchContext is Search, stopping with ctx's error when ctx is done
// (checked every ctxEvery search nodes).
func (backtrack) SearchContext(ctx context.Context, g sudoku.Grid, limit int) (gridResult, error) {
	s := btState{grid: g, limit: limit, ctx: ctx}
	s.solve(0)
	if s.stopped {
		return s.res, ctx.Err()
	}
	return s.res, nil
}

// ctxEvery is how many search nodes pass between two looks at the
// context: about a millisecond of plain backtracking.
const ctxEvery = 1 << 14

// searchBudget is Backtrack's Search stopped after maxNodes search nodes
// (no bound when maxNodes <= 0). It reports whether the search finished;
// when it did not, the Result holds what was found so far. Tests use it to
// compare Backtrack with the other engines on the puzzles it can do.
func searchBudget(g sudoku.Grid, limit int, maxNodes int64) (gridResult, bool) {
	s := btState{grid: g, limit: limit, maxNodes: maxNodes}
	s.solve(0)
	return s.res, !s.stopped
}

type btState struct {
	grid     sudoku.Grid
	limit    int
	res      gridResult
	maxNodes int64 // node budget, none when <= 0
	stopped  bool  // the budget ran out, or ctx is done
	ctx      context.Context
}

// solve fills the empty cells from index from on; it returns true once
// the limit of solutions is reached or the node budget runs out.
func (s *btState) solve(from int) bool {
	s.res.Nodes++
	if s.maxNodes > 0 && s.res.Nodes > s.maxNodes {
		s.stopped = true
		return true
	}
	if s.ctx != nil && s.res.Nodes%ctxEvery == 0 && s.ctx.Err() != nil {
		s.stopped = true
		return true
	}
	c := from
	for c < 81 && s.grid[c] != 0 {
		c++
	}
	if c == 81 {
		if s.res.Count == 0 {
			s.res.Solution = s.grid
		}
		s.res.Count++
		return s.res.Count >= s.limit
	}
	tried := 0
	for d := uint8(1); d <= 9; d++ {
		if !s.fits(sudoku.Cell(c), d) {
			continue
		}
		if tried++; tried == 2 {
			s.res.Guesses++
		}
		s.grid[c] = d
		if s.solve(c + 1) {
			return true
		}
	}
	s.grid[c] = 0
	return false
}

// fits reports whether d repeats nowhere in c's row, column and box.
func (s *btState) fits(c sudoku.Cell, d uint8) bool {
	for _, p := range c.Peers() {
		if s.grid[p] == d {
			return false
		}
	}
	return true
}
