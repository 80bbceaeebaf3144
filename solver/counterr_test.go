package solver

import (
	"context"
	"testing"

	"sudoku"
)

func TestCountErr(t *testing.T) {
	for _, tc := range []struct {
		count int
		want  error
	}{{0, sudoku.ErrNoSolution}, {1, nil}, {2, sudoku.ErrMultipleSolutions}, {7, sudoku.ErrMultipleSolutions}} {
		if got := CountErr(tc.count); got != tc.want {
			t.Errorf("CountErr(%d) = %v, want %v", tc.count, got, tc.want)
		}
	}
}

func TestUniqueSolution(t *testing.T) {
	empty := sudoku.BoardOf(sudoku.Grid{})
	if _, err := UniqueSolution(context.Background(), nil, empty); err != sudoku.ErrMultipleSolutions {
		t.Errorf("empty grid: err %v, want %v", err, sudoku.ErrMultipleSolutions)
	}
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := UniqueSolution(context.Background(), Fast, sudoku.BoardOf(g))
	if err != nil || len(sol) != 81 || sol[0] != 5 {
		t.Errorf("classic puzzle: %v, %v", sol, err)
	}
}

// TestUniqueSolutionIn: with the rules compiled by the caller or not, the
// one solution, or the sentinel of none or several.
func TestUniqueSolutionIn(t *testing.T) {
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	b := sudoku.BoardOf(g)
	l, err := b.Rules.Layout()
	if err != nil {
		t.Fatal(err)
	}
	for _, lay := range []*sudoku.Layout{nil, l} {
		if sol, err := UniqueSolutionIn(context.Background(), lay, b); err != nil || len(sol) != 81 || sol[0] != 5 {
			t.Errorf("layout %v: %v, %v", lay != nil, sol, err)
		}
	}
	if _, err := UniqueSolutionIn(context.Background(), nil, sudoku.BoardOf(sudoku.Grid{})); err != sudoku.ErrMultipleSolutions {
		t.Errorf("empty grid: err %v, want %v", err, sudoku.ErrMultipleSolutions)
	}
}
