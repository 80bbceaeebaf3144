package render

import (
	"errors"
	"fmt"
	"image/color"

	"sudoku"
)

// Board is one grid to draw: the puzzle, and optionally what fills it in.
// A classic puzzle fills Puzzle (and Filled); a puzzle of any other rule
// set fills Rules, Cells (and Fill) instead.
type Board struct {
	Puzzle sudoku.Grid // the givens
	// Filled holds digits drawn apart from the givens: a solution, or a
	// player's entries. Cells that are givens in Puzzle are ignored. Nil
	// draws the puzzle alone.
	Filled *sudoku.Grid
	// Rules, when not nil, is the rule set of the puzzle drawn: its
	// regions, diagonals, shaded extra regions, cages, odd/even cells and
	// the shapes of its constraints (thermometers, dots, clues outside
	// the grid, drawings) are drawn, and Cells and Fill replace Puzzle
	// and Filled.
	Rules *sudoku.Rules
	Cells []uint8 // the givens, N*N in row-major order, 0 empty
	Fill  []uint8 // digits filled in, N*N, or nil
	// Caption is printed under the board (PDF) or used as the title (SVG),
	// e.g. "Puzzle 12 - Hard (ER 3.4)". Empty for none.
	Caption string
}

// Options set the size of boards in pixels (PNG, SVG). The zero value
// gives 40-pixel cells.
type Options struct {
	CellSize int // pixels per cell; 0 means 40
	// Numbers writes the digits 10..25 of large grids as numbers; by
	// default they are letters A..P, as in the text forms.
	Numbers bool
}

// BoardOf returns the drawing of puzzle b, with fill (a solution or a
// player's entries, N*N cells, or nil) drawn apart from its givens. A
// classic puzzle with drawings (f-puzzles' text, lines, ...) keeps them.
func BoardOf(b *sudoku.Board, fill []uint8, caption string) Board {
	if g, ok := b.Grid(); ok && len(b.Rules.Constraints) == 0 {
		rb := Board{Puzzle: g, Caption: caption}
		if fill != nil {
			var f sudoku.Grid
			copy(f[:], fill)
			rb.Filled = &f
		}
		return rb
	}
	return Board{Rules: b.Rules, Cells: b.Cells, Fill: fill, Caption: caption}
}

// Colours of the drawing.
var (
	ink       = color.RGBA{0x11, 0x11, 0x11, 0xff} // givens and lines
	fillInk   = color.RGBA{0x1f, 0x5f, 0xd0, 0xff} // filled-in digits
	paper     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	shadeInk  = color.RGBA{0xe4, 0xe4, 0xe4, 0xff} // windoku boxes, extra regions
	markInk   = color.RGBA{0xc8, 0xc8, 0xc8, 0xff} // odd circles, even squares
	diagInk   = color.RGBA{0x99, 0x99, 0x99, 0xff}
	cageInk   = color.RGBA{0x33, 0x33, 0x33, 0xff}
	thinWidth = 1.0 / 40 // of a cell
	boxWidth  = 3.0 / 40
	diagWidth = 1.5 / 40
	cageWidth = 1.2 / 40
	cageDash  = 0.08 // dash and gap, of a cell
	sumScale  = 0.24 // cage sums, of a cell
)

// ErrCellSize is returned for a cell size that is too small or too large
// to draw.
var ErrCellSize = errors.New("cell size out of range")

const (
	minCell = 12
	maxCell = 200
)

// Validate reports options no board can be drawn with.
func (o Options) Validate() error {
	_, err := o.cell()
	return err
}

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

func errTooBig(w, h int) error {
	return fmt.Errorf("%w: the image would be %dx%d pixels, more than %d million; use smaller cells", ErrCellSize, w, h, maxPixels>>20)
}
