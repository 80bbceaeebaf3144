package generate

import (
	"math/rand/v2"

	"sudoku"
	"sudoku/constraint"
)

// Kropki dots and XV drawn over a solution grid, every dot given and
// their negative rules: the dots alone often make the puzzle unique, with
// no givens. Digging then takes out every given it can.

func init() {
	register(sudoku.VariantKropki, drawer{constraints: func(rules *sudoku.Rules, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
		return kropkiDots(rules.Size, sol, r)
	}})
	register(sudoku.VariantXV, drawer{constraints: func(rules *sudoku.Rules, sol []uint8, _ *rand.Rand) ([]sudoku.Constraint, error) {
		return xvDots(rules.Size, sol)
	}})
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
