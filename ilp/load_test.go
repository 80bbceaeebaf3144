package ilp

import (
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// loadPuzzles returns the puzzles of ../shared/data/puzzles/<file>, skipping
// the test when the data are absent. Callers must not modify the result.
func loadPuzzles(tb testing.TB, file string) []sudoku.Grid {
	tb.Helper()
	return dataset.Puzzles(tb, file)
}
