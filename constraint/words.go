package constraint

import (
	"sudoku/internal/words"
)

// Words the kinds share in their errors.

// cellCount says "1 cell" or "n cells".
func cellCount(n int) string { return words.Count(n, "cell") }
