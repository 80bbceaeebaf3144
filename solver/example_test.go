package solver_test

import (
	"errors"
	"fmt"
	"log"

	"sudoku"
	"sudoku/solver"
)

func ExampleSolve() {
	// The example puzzle of Wikipedia's "Sudoku" article.
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		log.Fatal(err)
	}
	s, err := solver.SolveGrid(g)
	switch {
	case errors.Is(err, sudoku.ErrNoSolution):
		fmt.Println("no solution")
	case errors.Is(err, sudoku.ErrMultipleSolutions):
		fmt.Println("several solutions, one of them:")
		fmt.Print(s.Pretty())
	case err != nil: // the grid breaks the rules
		log.Fatal(err)
	default:
		fmt.Print(s.Pretty())
	}
	// Output:
	// 5 3 4 | 6 7 8 | 9 1 2
	// 6 7 2 | 1 9 5 | 3 4 8
	// 1 9 8 | 3 4 2 | 5 6 7
	// ------+-------+------
	// 8 5 9 | 7 6 1 | 4 2 3
	// 4 2 6 | 8 5 3 | 7 9 1
	// 7 1 3 | 9 2 4 | 8 5 6
	// ------+-------+------
	// 9 6 1 | 5 3 7 | 2 8 4
	// 2 8 7 | 4 1 9 | 6 3 5
	// 3 4 5 | 2 8 6 | 1 7 9
}

func ExampleCount() {
	// Wikipedia's example puzzle without its 6 at r3c8: two solutions.
	g, err := sudoku.Parse("53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(solver.CountGrid(g, 10), solver.UniqueGrid(g))

	// The empty grid has billions; Count stops at the limit.
	var empty sudoku.Grid
	fmt.Println(solver.CountGrid(empty, 1000))
	// Output:
	// 2 false
	// 1000
}
