package constraint

import (
	"fmt"
	"strconv"
	"sudoku"
)

// Numbered rooms: a number beside a row or column is the digit in its
// Xth cell from that side, X being the digit in its first cell from that
// side (a first cell of 1 is itself the Xth, so then the number is 1).
// ISS (Interactive Sudoku Solver) calls it "NumberedRoom" (a clue on
// either side of a row or column); SudokuPad has no kind of its own:
// setters put the number beside the grid and write "numbered rooms" in
// the rules. f-puzzles has no key for it.

// numberedRoom is one numbered room clue beside a row or column.
type numberedRoom struct {
	outsideClue
	value int
}

// NewNumberedRoom returns the numbered room clue of value beside the grid
// of r at row, col (0-based, one of them -1 or N: -1, 3 is above the
// fourth column, 3, N right of the fourth row).
func NewNumberedRoom(r *sudoku.Rules, row, col, value int) (sudoku.Constraint, error) {
	n := r.Size
	o, err := outsidePlace(n, "numberedroom", row, col)
	if err != nil {
		return nil, err
	}
	if value < 1 || value > n {
		return nil, &sudoku.ConstraintError{Size: n, Kind: "numberedroom", Index: -1, Cells: o.cells[:1],
			Msg: fmt.Sprintf("value %d %s is not a digit (want 1 to %d)", value, o.side(), n)}
	}
	return &numberedRoom{outsideClue: o, value: value}, nil
}

// outsidePlace returns the clue at row, col beside an n-grid, an error
// when that is not beside a row or column.
func outsidePlace(n int, kind string, row, col int) (outsideClue, error) {
	inRow, inCol := row >= 0 && row < n, col >= 0 && col < n
	beside := func(x int) bool { return x == -1 || x == n }
	if !(inRow && beside(col) || inCol && beside(row)) {
		return outsideClue{}, &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1,
			Msg: fmt.Sprintf("place row %d, column %d (0-based) is not beside a row or column of a %dx%d grid", row, col, n, n)}
	}
	return newOutsideClue(n, row, col), nil
}

func (k *numberedRoom) Kind() string   { return "numberedroom" }
func (k *numberedRoom) Cells() []int   { return k.cells }
func (k *numberedRoom) String() string { return fmt.Sprintf("numbered room %d %s", k.value, k.side()) }

// Value returns the digit the clue gives.
func (k *numberedRoom) Value() int { return k.value }

// allows reports whether the first cell may hold x given what the Xth
// holds (cell x-1 may hold a digit of at): x = 1 only for a clue of 1,
// and otherwise the Xth cell, another one in the row, holds the value,
// so x is not the value.
func (k *numberedRoom) allows(x int, at sudoku.Digits) bool {
	if x == 1 {
		return k.value == 1
	}
	return x != k.value && at.Has(k.value)
}

func (k *numberedRoom) Check(g []uint8) error {
	x := int(g[k.cells[0]])
	switch {
	case x == 0:
		return checkPlaced(k, k.n, g)
	case x > k.n:
		return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.cells[:1], Msg: fmt.Sprintf("the first cell holds %d, past the size", x)}
	}
	at := sudoku.AllDigits(k.n)
	if v := g[k.cells[x-1]]; v != 0 {
		at = sudoku.DigitOf(int(v))
	}
	if k.allows(x, at) {
		return nil
	}
	msg := fmt.Sprintf("the first cell holds %d, so cell %d from the clue would hold %d too", x, x, x)
	switch {
	case x == 1:
		msg = fmt.Sprintf("the first cell holds 1, so it is the one that holds %d", k.value)
	case x != k.value:
		msg = fmt.Sprintf("the first cell holds %d, but cell %d from the clue holds %d, not %d", x, x, at.Single(), k.value)
	}
	return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: []int{k.cells[0], k.cells[x-1]}, Msg: msg}
}

// Propagate (exact): the first cell keeps the digits X whose Xth cell
// can hold the value; when only one X is left, its Xth cell holds the
// value.
func (k *numberedRoom) Propagate(d *sudoku.Domains) bool {
	var keep sudoku.Digits
	first := d.Of(k.cells[0])
	for m := first; m != 0; m &= m - 1 {
		if x := m.Min(); k.allows(x, d.Of(k.cells[x-1])) {
			keep |= sudoku.DigitOf(x)
		}
	}
	if !d.Keep(k.cells[0], keep) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the %s is the digit in the Xth cell of %s %s, X being the digit in %s", k, k.house(), k.from(), sudoku.CellName(k.n, k.cells[0])), k.cells...)
	}
	x := keep.Single()
	if x < 2 {
		return true
	}
	if !d.Keep(k.cells[x-1], sudoku.DigitOf(k.value)) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("%s can only be %d, and the %s is the digit in cell %d %s, %s", sudoku.CellName(k.n, k.cells[0]), x, k, x, k.from(), sudoku.CellName(k.n, k.cells[x-1])), k.cells[0], k.cells[x-1])
	}
	return true
}

// Rows (exact): x(c0, X) - x(c(X-1), value) <= 0 for each X from 2 but
// the value; x(c0, 1) = 0 unless the value is 1, x(c0, value) = 0
// unless it is 1.
func (k *numberedRoom) Rows(m sudoku.Model) {
	first := k.cells[0]
	if k.value != 1 {
		m.Row("numberedroom first", []sudoku.Term{{Coef: 1, Var: m.Cell(first, 1)}, {Coef: 1, Var: m.Cell(first, k.value)}}, sudoku.Equal, 0)
	}
	for x := 2; x <= k.n; x++ {
		if x != k.value {
			m.Row("numberedroom", []sudoku.Term{{Coef: 1, Var: m.Cell(first, x)}, {Coef: -1, Var: m.Cell(k.cells[x-1], k.value)}}, sudoku.AtMost, 0)
		}
	}
}

// Shapes: the number beside the grid.
func (k *numberedRoom) Shapes() []sudoku.Shape { return []sudoku.Shape{k.text(strconv.Itoa(k.value))} }

// clue returns its place and value, for the ISS writer.
func (k *numberedRoom) clue() (outsideClue, int) { return k.outsideClue, k.value }

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "numberedroom", Title: "Numbered room",
		Rule: "A number beside a row or column is the digit in its Xth cell from that side, X being the digit in its first cell from that side.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewNumberedRoom(r, a.Row, a.Col, a.Value)
		},
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"NumberedRoom": issReadNumberedRoom}, Write: issWriteOutside("NumberedRoom")},
	})
}

// Its ISS form.

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
