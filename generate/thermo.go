package generate

import (
	"math/rand/v2"
	"slices"

	"sudoku"
	"sudoku/constraint"
)

// Thermometers drawn over a solution grid: random rising paths. Digging
// then takes out every given it can.

func init() {
	register(sudoku.VariantThermo, drawer{constraints: func(rules *sudoku.Rules, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
		return thermometers(rules.Size, sol, r)
	}})
}

// thermometers draws about one thermometer per 10 cells: rising paths of
// 3 to 6 cells by king's moves over sol, none sharing a cell.
func thermometers(n int, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
	used := make([]bool, n*n)
	var out []sudoku.Constraint
	for _, start := range r.Perm(n * n) {
		if len(out) >= n*n/10 {
			break
		}
		path := risingPath(n, sol, used, start, 3+r.IntN(4), r)
		if len(path) < 3 {
			continue
		}
		for _, c := range path {
			used[c] = true
		}
		t, err := constraint.NewThermometer(n, path, false)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// risingPath walks from start by king's moves to higher digits over free
// cells, up to max cells, choosing each step at random.
func risingPath(n int, sol []uint8, used []bool, start, max int, r *rand.Rand) []int {
	if used[start] {
		return nil
	}
	path := []int{start}
	for c := start; len(path) < max; {
		var next []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				row, col := c/n+dr, c%n+dc
				o := row*n + col
				if (dr != 0 || dc != 0) && row >= 0 && row < n && col >= 0 && col < n && !used[o] && sol[o] > sol[c] && !slices.Contains(path, o) {
					next = append(next, o)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		c = next[r.IntN(len(next))]
		path = append(path, c)
	}
	return path
}
