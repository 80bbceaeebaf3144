package sudoku

import (
	"errors"
	"fmt"
)

// Outcomes of solving that callers branch on.
var (
	// ErrNoSolution means the puzzle has no solution.
	ErrNoSolution = errors.New("no solution")
	// ErrMultipleSolutions means the puzzle has more than one solution.
	ErrMultipleSolutions = errors.New("more than one solution")
)

// ParseError reports malformed puzzle text. Line and Col are 1-based; a
// zero Line or Col means the position does not apply (for example a count
// of cells that is wrong for the text as a whole). Col counts characters,
// not bytes.
//
// Err, when set, is the underlying error: Parse reports two equal givens in
// a house as a ParseError at the second given whose Err is the
// *ConflictError, so errors.As finds either.
type ParseError struct {
	Line, Col int
	Msg       string
	Err       error
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// ConflictError reports two equal digits in one house: the puzzle breaks the
// rules before any solving.
type ConflictError struct {
	A, B  Cell // the two cells, A before B in the house
	Digit int
	House House
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%v and %v are both %d in %v", e.A, e.B, e.Digit, e.House)
}

// ValueError reports a cell value outside 0..N.
type ValueError struct {
	Cell  Cell
	Value int
	Size  int // the grid's size N; 0 means 9
}

func (e *ValueError) Error() string {
	n := e.Size
	if n == 0 {
		n = 9
	}
	return fmt.Sprintf("%s holds %d, want 1..%d or empty", CellName(n, int(e.Cell)), e.Value, n)
}

// RuleError reports rules that cannot hold: a size out of range, a region
// that is not N connected cells, a cage with an impossible sum, a cell
// listed twice.
type RuleError struct {
	Rule  string // the rule at fault: "size", "region 3", "cage 5", "extra region 1"
	Size  int    // the grid's size, to name the cells
	Cells []int  // the cells at fault, if any
	Msg   string
}

func (e *RuleError) Error() string {
	s := e.Rule + ": " + e.Msg
	if len(e.Cells) > 0 {
		s = e.Rule + " (" + CellList(e.Size, e.Cells, 8) + "): " + e.Msg
	}
	return s
}

// ClashError reports two cells that hold the same digit though a rule
// forbids it, or one cell whose digit breaks a rule of its own (a parity, a
// cage sum): B is -1 then.
type ClashError struct {
	Size  int
	A, B  int // cell indexes; B is -1 for a rule of one cell or a whole cage
	Digit int
	Rule  string // "row 3", "cage 2", "anti-knight (a knight's move apart)", "odd cell"
	Msg   string // set when the clash is not two equal digits
}

func (e *ClashError) Error() string {
	if e.Msg != "" {
		return fmt.Sprintf("%s: %s (%s)", CellName(e.Size, e.A), e.Msg, e.Rule)
	}
	return fmt.Sprintf("%s and %s are both %s in %s", CellName(e.Size, e.A), CellName(e.Size, e.B), DigitString(e.Digit), e.Rule)
}

// CellName names cell c of a grid of size n as players do, 1-based:
// "r1c3", "r12c16".
func CellName(n, c int) string {
	if n <= 0 || c < 0 || c >= n*n {
		return fmt.Sprintf("cell(%d)", c)
	}
	return fmt.Sprintf("r%dc%d", c/n+1, c%n+1)
}

// CellNames names cells of a grid of size n as CellName does, in order,
// or nil for none: the lists of cells the JSON forms of hints hold.
func CellNames(n int, cells []int) []string {
	if len(cells) == 0 {
		return nil
	}
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = CellName(n, c)
	}
	return out
}

// CellRange names a line of cells on an n-grid by its ends: "r1c1-r1c4"
// (one cell: its name).
func CellRange(n int, cells []int) string {
	if len(cells) == 1 {
		return CellName(n, cells[0])
	}
	return CellName(n, cells[0]) + "-" + CellName(n, cells[len(cells)-1])
}

// CellList names up to max cells of a grid of size n, in order, then
// "and k more": "r1c1, r1c2 and 3 more".
func CellList(n int, cells []int, max int) string {
	var b []byte
	for i, c := range cells {
		if i == max {
			b = fmt.Appendf(b, " and %d more", len(cells)-max)
			break
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, CellName(n, c)...)
	}
	return string(b)
}
