package sudoku_test

import (
	"fmt"

	"sudoku"
)

// ExampleParseISS reads a 4x4 of sigh's Interactive Sudoku Solver with a
// maximum cell (its GreaterThan) and writes it back.
func ExampleParseISS() {
	b, err := sudoku.ParseISS(".Shape~4x4.~R1C2_1~R1C3_3~R1C4_2~R2C2_3~R3C3_2~R3C4_3~R4C1_3~R4C3_1~R4C4_4.GreaterThan~R4C1~R3C1~R4C2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Rules.Name())
	fmt.Println(sudoku.FormatISS(b))
	_, err = sudoku.ParseISS(".Shape~9x9~0-8")
	fmt.Println(err)
	// Output:
	// 4x4 with maximum
	// .Shape~4x4.~R1C2_1~R1C3_3~R1C4_2~R2C2_3~R3C3_2~R3C4_3~R4C1_3~R4C3_1~R4C4_4.GreaterThan~R4C1~R3C1~R4C2 <nil>
	// line 1, column 1: ISS constraint 1 (Shape): values 0-8: only 1-9 is supported
}
