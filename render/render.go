package render

import (
	"errors"
	"fmt"
	"image/color"

	"sudoku"
)

// Board is one grid to draw: the puzzle, and optionally what fills it in.
type Board struct {
	Puzzle sudoku.Grid // the givens
	// Filled holds digits drawn apart from the givens: a solution, or a
	// player's entries. Cells that are givens in Puzzle are ignored. Nil
	// draws the puzzle alone.
	Filled *sudoku.Grid
	// Caption is printed under the board (PDF) or used as the title (SVG),
	// e.g. "Puzzle 12 - Hard (ER 3.4)". Empty for none.
	Caption string
}

// Options set the size of boards in pixels (PNG, SVG). The zero value
// gives 40-pixel cells.
type Options struct {
	CellSize int // pixels per cell; 0 means 40
}

// Colours of the drawing.
var (
	ink       = color.RGBA{0x11, 0x11, 0x11, 0xff} // givens and lines
	fillInk   = color.RGBA{0x1f, 0x5f, 0xd0, 0xff} // filled-in digits
	paper     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	thinWidth = 1.0 / 40 // of a cell
	boxWidth  = 3.0 / 40
)

// ErrCellSize is returned for a cell size that is too small or too large
// to draw.
var ErrCellSize = errors.New("cell size out of range")

const (
	minCell = 12
	maxCell = 200
)

func (o Options) cell() (int, error) {
	switch c := o.CellSize; {
	case c == 0:
		return 40, nil
	case c < minCell || c > maxCell:
		return 0, fmt.Errorf("%w: %d pixels, want %d to %d", ErrCellSize, c, minCell, maxCell)
	default:
		return c, nil
	}
}

// digitAt returns the digit to draw in cell c and whether it is a given.
func (b *Board) digitAt(c sudoku.Cell) (d int, given bool) {
	if v := b.Puzzle[c]; v != 0 {
		return int(v), true
	}
	if b.Filled != nil {
		return int(b.Filled[c]), false
	}
	return 0, false
}
