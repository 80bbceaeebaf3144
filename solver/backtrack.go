package solver

import "sudoku"

// Backtrack is the seed thesis's plain backtracking: take the first empty
// cell, try digits 1..9 in order, recurse, undo. It is slow on hard puzzles
// and kept as the readable reference the other engines are checked against.
var Backtrack Engine = backtrack{}

type backtrack struct{}

func (backtrack) Name() string { return "backtrack" }

func (backtrack) Search(g sudoku.Grid, limit int) Result {
	s := btState{grid: g, limit: limit}
	s.solve(0)
	return s.res
}

type btState struct {
	grid  sudoku.Grid
	limit int
	res   Result
}

// solve fills the empty cells from index from on; it returns true once
// the limit of solutions is reached.
func (s *btState) solve(from int) bool {
	s.res.Nodes++
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
