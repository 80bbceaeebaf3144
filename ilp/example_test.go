package ilp_test

import (
	"context"
	"fmt"

	"sudoku"
	"sudoku/ilp"
	"sudoku/solver"
)

// The MathWorks example's puzzle in both clue styles: 324 rule rows, plus
// one row per clue or not.
func ExampleNew() {
	g, err := sudoku.Parse(".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2.")
	if err != nil {
		panic(err)
	}
	for _, st := range []ilp.ClueStyle{ilp.ClueRows, ilp.ClueBounds} {
		m, err := ilp.New(sudoku.BoardOf(g), ilp.Options{Clues: st})
		if err != nil {
			panic(err)
		}
		fmt.Printf("clues as %v: %d columns, %d rows, %d nonzeros\n", st, len(m.Vars), len(m.Rows), m.Nonzeros())
	}
	r, err := solver.Solve(context.Background(), ilp.Engine, sudoku.BoardOf(g))
	fmt.Println(r.Grid(), err)
	// Output:
	// clues as rows: 729 columns, 345 rows, 2937 nonzeros
	// clues as bounds: 729 columns, 324 rows, 2916 nonzeros
	// 925631847618574293374982561749826135852413976163795482287359614491267358536148729 <nil>
}

// The answer the Chinese article prints for its sums model.
func ExampleCheckSums() {
	// Parse reports the first repeat it meets and returns the grid as read.
	g, _ := sudoku.Parse("185629914299743515317149839721894455961411986874189161219193398498856131921931596")
	fmt.Println(ilp.CheckSums(g))
	// Output:
	// every row, column and box sums to 45, yet the grid is no Sudoku: 69 repeats, first r1c1 and r1c8 are both 1 in row 1
}
