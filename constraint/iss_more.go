package constraint

import (
	"strconv"

	"sudoku"
)

// The ISS types of the kinds f-puzzles has no key for (sum lines,
// lunchboxes, rellik cages, counting circles, numbered rooms): read into
// their constructors and written from their fields, as ISS's
// js/sudoku_constraint.js lays out their arguments:
//
//	.SumLine~10~R1C1~R1C2~...[~LOOP]   the sum, the cells, LOOP for a closed line
//	.Lunchbox~15~R1C1~...~R1C9         the sum, the cells in order
//	.RellikCage~10~R1C1~R1C2           the value no digits of the cage add up to
//	.CountingCircles~R1C1~R3C4~...     one set of circles
//	.NumberedRoom~R3~5~7               the row or column, the clue from its start, from its end

// issWriteSumLine writes a sum line, LOOP after the cells of a closed one.
func issWriteSumLine(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*sumLine)
	args := append([]string{strconv.Itoa(k.value)}, issCells(w.Size(), k.cells)...)
	if k.loop {
		args = append(args, "LOOP")
	}
	w.Add("SumLine", args...)
	return nil
}

// issWriteValueCells writes a lunchbox, a rellik cage or a set of
// counting circles: the value (none for circles), then the cells.
func issWriteValueCells(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	switch k := c.(type) {
	case *lunchbox:
		w.AddCells("Lunchbox", k.cells, strconv.Itoa(k.value))
	case *rellik:
		w.AddCells("RellikCage", k.cells, strconv.Itoa(k.value))
	case *countingCircles:
		w.AddCells("CountingCircles", k.cells)
	}
	return nil
}

// issReadSumLine reads a sum line: its sum, its cells, LOOP for a loop.
func issReadSumLine(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	args := e.Args()
	loop := len(args) > 0 && args[len(args)-1] == "LOOP"
	if loop {
		args = args[:len(args)-1]
	}
	if len(args) < 2 {
		return nil, e.Errorf("want a sum and cells")
	}
	sum, err := r.Number(e, "sum", args[0])
	if err != nil {
		return nil, err
	}
	cells, err := r.Cells(e, args[1:], 1)
	if err != nil {
		return nil, err
	}
	return issMade(e)(NewSumLine(r.Rules(), cells, sum, loop))
}

// issReadValueCells reads a value then cells into the constructor make.
func issReadValueCells(build func(r *sudoku.Rules, cells []int, v int) (sudoku.Constraint, error)) sudoku.ISSRead {
	return func(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
		if len(e.Args()) < 2 {
			return nil, e.Errorf("want a value and cells")
		}
		v, err := r.Number(e, "value", e.Args()[0])
		if err != nil {
			return nil, err
		}
		cells, err := r.Cells(e, e.Args()[1:], 1)
		if err != nil {
			return nil, err
		}
		return issMade(e)(build(r.Rules(), cells, v))
	}
}

// issReadCountingCircles reads one set of counting circles.
func issReadCountingCircles(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	cells, err := r.Cells(e, e.Args(), 1)
	if err != nil {
		return nil, err
	}
	return issMade(e)(NewCountingCircles(r.Rules(), cells))
}

// issReadNumberedRoom reads the numbered room clues of a row or column:
// from its start, from its end, either empty.
func issReadNumberedRoom(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	return r.OutsideClues(e, func(place, v string) ([]sudoku.Constraint, error) {
		value, err := r.Number(e, "clue", v)
		if err != nil {
			return nil, err
		}
		row, col, _ := issOutsidePlace(r.Size(), place)
		return issMade(e)(NewNumberedRoom(r.Rules(), row, col, value))
	})
}

// issOutsidePlace reads "R3C0" (as linePlace writes it) as the row and
// column of a place beside an n-grid, 0-based, -1 or n on its side.
func issOutsidePlace(n int, place string) (row, col int, ok bool) {
	f := &sudoku.FPuzzle{Size: n}
	row, col, err := f.Outside("", 0, place)
	return row, col, err == nil
}

// issMade returns a constructor's constraint as the element's, its error
// located at the element.
func issMade(e sudoku.ISSElem) func(sudoku.Constraint, error) ([]sudoku.Constraint, error) {
	return func(k sudoku.Constraint, err error) ([]sudoku.Constraint, error) {
		if err != nil {
			return nil, e.Errorf("%v", err)
		}
		return []sudoku.Constraint{k}, nil
	}
}
