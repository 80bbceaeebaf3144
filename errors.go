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

// ValueError reports a cell value outside 0..9.
type ValueError struct {
	Cell  Cell
	Value int
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("%v holds %d, want 1..9 or empty", e.Cell, e.Value)
}
