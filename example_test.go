package sudoku_test

import (
	"errors"
	"fmt"
	"strings"

	"sudoku"
)

func ExampleParse() {
	// The same puzzle in three of the forms Parse reads.
	forms := []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 2.5",
		`5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9`,
		"[5 3 0 0 7 0 0 0 0; 6 0 0 1 9 5 0 0 0; 0 9 8 0 0 0 0 6 0; 8 0 0 0 6 0 0 0 3; 4 0 0 8 0 3 0 0 1; 7 0 0 0 2 0 0 0 6; 0 6 0 0 0 0 2 8 0; 0 0 0 4 1 9 0 0 5; 0 0 0 0 8 0 0 7 9]",
	}
	for _, text := range forms {
		g, err := sudoku.Parse(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g.Line('.'), g.Clues())
	}

	// A MATLAB clue list (row, column, value), separators as found in a
	// machine-translated article.
	g, _ := sudoku.Parse("B = [1,2,2;1、5、3;1、8、4;2、1、6]")
	fmt.Println(g.Line('.')[:18])

	// Errors say what is wrong and where.
	_, err := sudoku.Parse("53..7....6..195..x.98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	fmt.Println(err)
	_, err = sudoku.Parse("B = [1,3,7;1,5,3;1,3,4]")
	fmt.Println(err)
	_, err = sudoku.Parse("53.57....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	fmt.Println(err)
	var ce *sudoku.ConflictError
	if errors.As(err, &ce) {
		fmt.Println(ce.A, ce.B, ce.House)
	}
	// Output:
	// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 30
	// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 30
	// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 30
	// .2..3..4.6........
	// line 1, column 18: unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)
	// line 1, column 18: clue 3 sets r1c3 to 4 but clue 1 set it to 7
	// line 1, column 4: r1c1 and r1c4 are both 5 in row 1 (r1c1 is at column 1)
	// r1c1 r1c4 row 1
}

func ExampleParseLine() {
	g, ann, err := sudoku.ParseLine("003020600900305001001806400008102900700000008006708200002609500800203009005010300 easy #1")
	fmt.Println(g.Clues(), ann, err)
	// Output: 32 easy #1 <nil>
}

func ExampleGrid_Pretty() {
	g, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	fmt.Print(g.Pretty())
	// Output:
	// 5 3 . | . 7 . | . . .
	// 6 . . | 1 9 5 | . . .
	// . 9 8 | . . . | . 6 .
	// ------+-------+------
	// 8 . . | . 6 . | . . 3
	// 4 . . | 8 . 3 | . . 1
	// 7 . . | . 2 . | . . 6
	// ------+-------+------
	// . 6 . | . . . | 2 8 .
	// . . . | 4 1 9 | . . 5
	// . . . | . 8 . | . 7 9
}

func ExampleScanner() {
	input := `# puzzles, one per line, with ratings
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 2.5
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7 3.1
000694f16758 003020600900305001001806400008102900700000008006708200002609500800203009005010300 1.2

Grid 02
200080300
060070084
030500209
000105408
000000000
402706000
301007040
720040060
004010003
`
	sc := sudoku.NewScanner(strings.NewReader(input))
	for sc.Scan() {
		p := sc.Puzzle()
		if p.Err != nil {
			fmt.Printf("line %d: %v\n", p.Line, p.Err)
			continue
		}
		fmt.Printf("line %d: %d clues [%s]\n", p.Line, p.Grid.Clues(), p.Annotation)
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// line 2: 30 clues [2.5]
	// line 3: line 3: got 80 cells, want 81
	// line 4: 32 clues [000694f16758 1.2]
	// line 7: 30 clues [Grid 02]
}

func ExampleGrid_UnmarshalJSON() {
	var g sudoku.Grid
	err := g.UnmarshalJSON([]byte(`{"puzzle": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "level": "easy"}`))
	fmt.Println(g.Clues(), err)
	b, _ := g.MarshalJSON()
	fmt.Println(string(b[:41]))
	// Output:
	// 30 <nil>
	// [[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],
}

func ExampleNames() {
	cells := []sudoku.Cell{sudoku.CellAt(0, 2), sudoku.CellAt(8, 8)}
	houses := []sudoku.House{sudoku.House(0), sudoku.House(9 + 2), sudoku.House(18 + 5)}
	fmt.Println(sudoku.Names(cells), sudoku.Names(houses), sudoku.Names([]sudoku.Cell{}) == nil)
	// Output: [r1c3 r9c9] [row 1 column 3 box 6] true
}
