package render_test

import (
	"fmt"
	"os"

	"sudoku"
	"sudoku/render"
)

func ExampleSVG() {
	p, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err := render.SVG(os.Stdout, &render.Board{Puzzle: p}, render.Options{CellSize: 1}); err != nil {
		fmt.Println(err)
	}
	// Output: cell size out of range: 1 pixels, want 12 to 200
}
