package sudoku_test

import (
	"fmt"

	"sudoku"
)

func ExampleParseKillerString() {
	// A killer string of the enjoysudoku forum: each cage's sum (F = 15)
	// in its first cell, arrows from its other cells towards it.
	b, err := sudoku.ParseKillerString("F<ESH,e0vG^^'``^4v^<^'``^<<M<<OD8j<<C<<^^^^^^B<<^^^^^^961F<UK<<287v^^^O<345>'`1^^")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, k := range b.Rules.Cages[:4] {
		fmt.Print(k.Sum, ":")
		for _, c := range k.Cells {
			fmt.Print(" ", sudoku.CellName(9, c))
		}
		fmt.Println()
	}
	// The same killer as a SudoCue ID: sum*256 + the cage's first cell.
	id, _ := sudoku.FormatBoard(b, sudoku.FormSudocue)
	fmt.Println(id[:36], "...")
	// Output:
	// 15: r1c1 r1c2 r2c2
	// 14: r1c3 r2c3 r3c3
	// 28: r1c4 r1c6 r2c5 r3c4 r3c6
	// 17: r1c5 r2c4 r2c6 r3c5
	// 3x3::k:3840:3840:3586:7171:4356:7171 ...
}

func ExampleParseSudocue() {
	_, err := sudoku.ParseSudocue("3x3:d:k:3840:3840:3586:7171")
	fmt.Println(err)
	// Output:
	// line 1, column 28: sudocue killer ID: got 4 cell numbers, want 81
}
