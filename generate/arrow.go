package generate

import (
	"math/rand/v2"
	"slices"

	"sudoku"
	"sudoku/constraint"
)

// Arrows drawn over a solution grid: a circle and a path from it whose
// digits add up to the circle's. Digging then takes out every given it
// can.

func init() {
	register(sudoku.VariantArrow, drawer{constraints: arrows})
}

// arrows draws about one arrow per 12 cells: from a circle holding 3 or
// more, a path of 2 to 4 cells by king's moves whose digits add up to
// the circle's, no cell used twice.
func arrows(rules *sudoku.Rules, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
	n := rules.Size
	used := make([]bool, n*n)
	var out []sudoku.Constraint
	for _, c := range r.Perm(n * n) {
		if len(out) >= n*n/12 {
			break
		}
		if used[c] || sol[c] < 3 {
			continue
		}
		line := arrowLine(n, sol, used, c, r)
		if line == nil {
			continue
		}
		for _, x := range append(line, c) {
			used[x] = true
		}
		a, err := constraint.NewArrow(rules, []int{c}, append([]int{c}, line...))
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// arrowLine looks for a path of 2 to 4 free cells from circle c whose
// digits add up to c's, trying random walks; nil when none is found.
func arrowLine(n int, sol []uint8, used []bool, c int, r *rand.Rand) []int {
	for range 20 {
		path, sum := []int(nil), 0
		for at := c; len(path) < 4 && sum < int(sol[c]); {
			next := freeNeighbours(n, used, at, c, path)
			if len(next) == 0 {
				break
			}
			at = next[r.IntN(len(next))]
			path = append(path, at)
			sum += int(sol[at])
		}
		if sum == int(sol[c]) && len(path) >= 2 {
			return path
		}
	}
	return nil
}

// freeNeighbours returns the cells a king's move from at that are free,
// not the circle and not on the path.
func freeNeighbours(n int, used []bool, at, circle int, path []int) []int {
	var out []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			row, col := at/n+dr, at%n+dc
			o := row*n + col
			if (dr != 0 || dc != 0) && row >= 0 && row < n && col >= 0 && col < n && !used[o] && o != circle && !slices.Contains(path, o) {
				out = append(out, o)
			}
		}
	}
	return out
}
