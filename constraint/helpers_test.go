package constraint

import (
	"fmt"
	"strings"
)

// Helpers the tests of the kinds share with those of package sudoku.

// fpJSON returns the f-puzzles JSON of a 4x4 with a 1 in r1c1 and the
// keys of extra.
func fpJSON(extra string) string {
	row := `[{},{},{},{}]`
	return `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],` + row + "," + row + "," + row + `]` + extra + `}`
}

// fpGrid returns the f-puzzles JSON of an n x n grid of the same cell.
func fpGrid(n int, cell string) string {
	row := "[" + strings.TrimSuffix(strings.Repeat(cell+",", n), ",") + "]"
	return fmt.Sprintf(`{"size":%d,"grid":[%s]}`, n, strings.TrimSuffix(strings.Repeat(row+",", n), ","))
}

// kingSteps are the steps of a king.
var kingSteps = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
