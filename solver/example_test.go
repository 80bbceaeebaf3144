package solver_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"sudoku"
	"sudoku/solver"
)

func ExampleSolve() {
	// The example puzzle of Wikipedia's "Sudoku" article, as a board of
	// classic rules: Solve takes the classic fast path inside.
	b, _, err := sudoku.ParseBoard("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		log.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), nil, b)
	switch {
	case errors.Is(err, sudoku.ErrNoSolution):
		fmt.Println("no solution")
	case errors.Is(err, sudoku.ErrMultipleSolutions):
		fmt.Println("several solutions, one of them:")
		fmt.Print(res.Grid().Pretty())
	case err != nil: // the grid breaks the rules
		log.Fatal(err)
	default:
		fmt.Print(res.Grid().Pretty())
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

func ExampleSolveGrid() {
	// The thin wrapper for classic grids: no board is built.
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		log.Fatal(err)
	}
	s, err := solver.SolveGrid(g)
	fmt.Println(s.Line('.'), err)
	// Output:
	// 534678912672195348198342567859761423426853791713924856961537284287419635345286179 <nil>
}

func ExampleCount() {
	// Wikipedia's example puzzle without its 6 at r3c8: two solutions.
	b, _, err := sudoku.ParseBoard("53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	fmt.Println(solver.Count(ctx, b, 10))

	// The empty 6x6 has 28,200,960; Count stops at the limit.
	r, _ := sudoku.Sized(6)
	fmt.Println(solver.Count(ctx, sudoku.NewBoard(r), 1000))

	// CountGrid and UniqueGrid are the wrappers for classic grids.
	g, _ := b.Grid()
	fmt.Println(solver.CountGrid(g, 10), solver.UniqueGrid(g))
	// Output:
	// 2 <nil>
	// 1000 <nil>
	// 2 false
}
