package solver

import (
	"context"

	"sudoku"
)

// gridEngines are the classic searches inside Fast, DLX and Backtrack, for
// the tests that check them against one another on classic grids.
var gridEngines = []gridEngine{fastEngine, dlxEngine, backtrackEngine}

// solveGridWith checks g, then searches it with e for two solutions, as
// Solve does for a classic board.
func solveGridWith(e gridEngine, g sudoku.Grid) (gridResult, error) {
	if err := g.Validate(); err != nil {
		return gridResult{}, err
	}
	r, err := searchGrid(context.Background(), e, g, 2)
	if err != nil {
		return r, err
	}
	return r, CountErr(r.Count)
}
