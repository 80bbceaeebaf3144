package sudoku

import (
	"strconv"
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
func issWriteSumLine(w *issWriter, c Constraint) error {
	k := c.(*sumLine)
	args := append([]string{strconv.Itoa(k.value)}, issCells(w.n, k.cells)...)
	if k.loop {
		args = append(args, "LOOP")
	}
	w.add("SumLine", args...)
	return nil
}

// issWriteValueCells writes a lunchbox, a rellik cage or a set of
// counting circles: the value (none for circles), then the cells.
func issWriteValueCells(w *issWriter, c Constraint) error {
	switch k := c.(type) {
	case *lunchbox:
		w.addCells("Lunchbox", k.cells, strconv.Itoa(k.value))
	case *rellik:
		w.addCells("RellikCage", k.cells, strconv.Itoa(k.value))
	case *countingCircles:
		w.addCells("CountingCircles", k.cells)
	}
	return nil
}

// issReadSumLine reads a sum line: its sum, its cells, LOOP for a loop.
func issReadSumLine(r *issReader, e issElem) ([]Constraint, error) {
	args := e.args
	loop := len(args) > 0 && args[len(args)-1] == "LOOP"
	if loop {
		args = args[:len(args)-1]
	}
	if len(args) < 2 {
		return nil, e.errorf("want a sum and cells")
	}
	sum, err := r.number(e, "sum", args[0])
	if err != nil {
		return nil, err
	}
	cells, err := r.cells(e, args[1:], 1)
	if err != nil {
		return nil, err
	}
	return issMade(e)(NewSumLine(r.rules, cells, sum, loop))
}

// issReadValueCells reads a value then cells into the constructor make.
func issReadValueCells(build func(r *Rules, cells []int, v int) (Constraint, error)) issRead {
	return func(r *issReader, e issElem) ([]Constraint, error) {
		if len(e.args) < 2 {
			return nil, e.errorf("want a value and cells")
		}
		v, err := r.number(e, "value", e.args[0])
		if err != nil {
			return nil, err
		}
		cells, err := r.cells(e, e.args[1:], 1)
		if err != nil {
			return nil, err
		}
		return issMade(e)(build(r.rules, cells, v))
	}
}

// issReadCountingCircles reads one set of counting circles.
func issReadCountingCircles(r *issReader, e issElem) ([]Constraint, error) {
	cells, err := r.cells(e, e.args, 1)
	if err != nil {
		return nil, err
	}
	return issMade(e)(NewCountingCircles(r.rules, cells))
}

// issReadNumberedRoom reads the numbered room clues of a row or column:
// from its start, from its end, either empty.
func issReadNumberedRoom(r *issReader, e issElem) ([]Constraint, error) {
	return r.outsideClues(e, func(place, v string) ([]Constraint, error) {
		value, err := r.number(e, "clue", v)
		if err != nil {
			return nil, err
		}
		row, col, _ := issOutsidePlace(r.n, place)
		return issMade(e)(NewNumberedRoom(r.rules, row, col, value))
	})
}

// issOutsidePlace reads "R3C0" (as linePlace writes it) as the row and
// column of a place beside an n-grid, 0-based, -1 or n on its side.
func issOutsidePlace(n int, place string) (row, col int, ok bool) {
	f := &FPuzzle{Size: n}
	row, col, err := f.Outside("", 0, place)
	return row, col, err == nil
}

// issMade returns a constructor's constraint as the element's, its error
// located at the element.
func issMade(e issElem) func(Constraint, error) ([]Constraint, error) {
	return func(k Constraint, err error) ([]Constraint, error) {
		if err != nil {
			return nil, e.errorf("%v", err)
		}
		return []Constraint{k}, nil
	}
}
