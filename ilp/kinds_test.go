package ilp

import (
	"strings"
	"testing"

	"sudoku"
	"sudoku/constraint"
)

// Boards of the kinds f-puzzles has no key for (rellik cages, counting
// circles), built in Go from sol6: they join constraintCases, so their
// rows are counted against the general engine and written as OPB.

// kindCases are the boards of those kinds, unique or not.
func kindCases(t *testing.T) []struct {
	name string
	b    *sudoku.Board
} {
	return []struct {
		name string
		b    *sudoku.Board
	}{
		{"rellik, unique", rellikBoard(t, "1....6.5....2.1......2.1....4.6....2", runs6(3, 0, 3))},
		{"rellik pairs, givens", rellikBoard(t, "1....6.5......1......2......4.6....2", runs6(2, 0, 2, 4))},
		{"rellik pairs", rellikBoard(t, strings.Repeat(".", 36), runs6(2, 1, 3))},
		{"counting circles, unique", countingBoard(t, "1......5......1......2......4......2", circlesOf(0, 1, 2, 3), circlesOf(7, 6))},
		{"counting circles, two sets", countingBoard(t, "1......5......1......2..............", circlesOf(3, 1, 5), circlesOf(11, 2, 4))},
		{"counting circles, no solution", countingBoard(t, "6"+strings.Repeat(".", 35), circlesOf(0, 1, 2, 3))},
	}
}

// sol6Digit returns the digit of sol6 at cell c.
func sol6Digit(c int) int { return int(sol6[c] - '0') }

// smallestMissing returns the least sum no one or more of digits make
// (beyond their total when they make every one up to it).
func smallestMissing(digits []int) int {
	for v := 1; ; v++ {
		hit := false
		for sub := 1; sub < 1<<len(digits); sub++ {
			s := 0
			for i, d := range digits {
				if sub>>i&1 != 0 {
					s += d
				}
			}
			hit = hit || s == v
		}
		if !hit {
			return v
		}
	}
}

// rellikBoard is a 6x6 of rellik cages over the cells listed, each
// cage's number the least sum its sol6 digits do not make, with givens
// (a line of 36, '.' empty).
func rellikBoard(t *testing.T, givens string, cages [][]int) *sudoku.Board {
	t.Helper()
	r, err := sudoku.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	for _, cells := range cages {
		var digits []int
		for _, c := range cells {
			digits = append(digits, sol6Digit(c))
		}
		k, err := constraint.NewRellik(r, cells, smallestMissing(digits))
		if err != nil {
			t.Fatal(err)
		}
		r.Constraints = append(r.Constraints, k)
	}
	return boardWith(t, r, givens)
}

// countingBoard is a 6x6 with sets of counting circles, each set the
// cells listed, and givens.
func countingBoard(t *testing.T, givens string, sets ...[]int) *sudoku.Board {
	t.Helper()
	r, err := sudoku.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	for _, cells := range sets {
		k, err := constraint.NewCountingCircles(r, cells)
		if err != nil {
			t.Fatal(err)
		}
		r.Constraints = append(r.Constraints, k)
	}
	return boardWith(t, r, givens)
}

func boardWith(t *testing.T, r *sudoku.Rules, givens string) *sudoku.Board {
	b := sudoku.NewBoard(r)
	for c := range givens {
		if givens[c] != '.' {
			b.Cells[c] = givens[c] - '0'
		}
	}
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	return b
}

// runs6 are the runs of k side-by-side cells of a 6x6 that start in the
// columns listed, in every row.
func runs6(k int, cols ...int) [][]int {
	var out [][]int
	for r := range 6 {
		for _, c := range cols {
			var run []int
			for i := range k {
				run = append(run, 6*r+c+i)
			}
			out = append(out, run)
		}
	}
	return out
}

// circlesOf returns, for each digit v listed, the first v cells of sol6
// holding v (from cell from on, wrapping).
func circlesOf(from int, digits ...int) []int {
	var out []int
	for _, v := range digits {
		n := 0
		for i := range 36 {
			c := (from + i) % 36
			if sol6Digit(c) == v && n < v {
				out = append(out, c)
				n++
			}
		}
	}
	return out
}
