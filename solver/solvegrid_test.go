package solver

import (
	"strings"
	"testing"

	"sudoku"
)

// TestSolveGrid checks SolveGrid, which checks the givens only when
// there is no solution, against Solve's contract: the error for each
// kind of grid, and the solution.
const lineA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestSolveGrid(t *testing.T) {
	tests := []struct {
		name string
		line string
		want error
	}{
		{"unique", lineA, nil},
		{"several", "." + lineA[1:40] + strings.Repeat(".", 41), sudoku.ErrMultipleSolutions},
		// r1c9 can hold only 9, which r2c9 holds.
		{"none", "12345678.........9" + strings.Repeat(".", 63), sudoku.ErrNoSolution},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := sudoku.Parse(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			r, err := SolveGrid(g)
			if err != tt.want {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			if err != sudoku.ErrNoSolution && !r.IsSolutionOf(&g) {
				t.Errorf("solution %v does not solve %v", r.Line('.'), tt.line)
			}
		})
	}
	var conflict sudoku.Grid
	conflict[0], conflict[1] = 5, 5
	if _, err := SolveGrid(conflict); err == nil || err == sudoku.ErrNoSolution {
		t.Errorf("two 5s in a row: got %v, want a conflict", err)
	}
	conflict[1] = 12
	if _, err := SolveGrid(conflict); err == nil || err == sudoku.ErrNoSolution {
		t.Errorf("a 12: got %v, want a value error", err)
	}
}
