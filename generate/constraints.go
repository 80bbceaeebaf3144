package generate

import (
	"math/rand/v2"
	"slices"

	"sudoku"
	"sudoku/constraint"
)

// Constraint families drawn over a solution grid: kropki dots and XV with
// every dot given and their negative rules (the dots alone often make the
// puzzle unique, with no givens), thermometers (random rising paths) and
// arrows (a circle and a path from it whose digits add up to the
// circle's). Digging then takes out every given it can.

func init() {
	register(sudoku.VariantKropki, drawer{constraints: func(rules *sudoku.Rules, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
		return kropkiDots(rules.Size, sol, r)
	}})
	register(sudoku.VariantXV, drawer{constraints: func(rules *sudoku.Rules, sol []uint8, _ *rand.Rand) ([]sudoku.Constraint, error) {
		return xvDots(rules.Size, sol)
	}})
	register(sudoku.VariantThermo, drawer{constraints: func(rules *sudoku.Rules, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
		return thermometers(rules.Size, sol, r)
	}})
	register(sudoku.VariantArrow, drawer{constraints: arrows})
}

// kropkiDots puts a white dot between every two side-by-side consecutive
// digits and a black one between every two in a ratio of 2 (a 1 and a 2
// get one of the two at random), and says every dot is given.
func kropkiDots(n int, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	var rest []sudoku.Pair
	for _, p := range constraint.SideBySide(n) {
		a, b := int(sol[p.A]), int(sol[p.B])
		white, black := a-b == 1 || b-a == 1, a == 2*b || b == 2*a
		if white && black {
			white = r.IntN(2) == 0
			black = !white
		}
		kind, v := "difference", 1
		switch {
		case black:
			kind, v = "ratio", 2
		case !white:
			rest = append(rest, p)
			continue
		}
		d, err := constraint.NewDot(kind, n, p.A, p.B, v)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return withNegatives(out, n, rest, []string{"difference", "ratio"}, []int{1, 2})
}

// xvDots puts an X between every two side-by-side digits adding up to
// 10 and a V where they add up to 5, and says every one is given.
func xvDots(n int, sol []uint8) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	var rest []sudoku.Pair
	for _, p := range constraint.SideBySide(n) {
		sum := int(sol[p.A]) + int(sol[p.B])
		if sum != 10 && sum != 5 {
			rest = append(rest, p)
			continue
		}
		d, err := constraint.NewDot("xv", n, p.A, p.B, sum)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return withNegatives(out, n, rest, []string{"xv", "xv"}, []int{10, 5})
}

// withNegatives adds to cs the negative rules of kinds (with their values)
// over the pairs without a dot.
func withNegatives(cs []sudoku.Constraint, n int, rest []sudoku.Pair, kinds []string, values []int) ([]sudoku.Constraint, error) {
	for i, kind := range kinds {
		neg, err := constraint.NewNegativeDots(kind, n, values[i], rest)
		if err != nil {
			return nil, err
		}
		cs = append(cs, neg)
	}
	return cs, nil
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
