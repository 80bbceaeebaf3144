package sudoku

import (
	"errors"
	"fmt"
	"strings"

	"sudoku/internal/words"
)

// Meta is what a setter says of a puzzle besides its rules, as f-puzzles
// and SudokuPad carry it: its title, author, rules in the setter's own
// words and solution. It is kept to be shown and written back; no engine
// reads it (a solver, hint or rating never looks at Solution: it is for
// checking play only).
type Meta struct {
	Title  string `json:"title,omitempty"`
	Author string `json:"author,omitempty"`
	// Rules is the setter's rules text, as written.
	Rules string `json:"rules,omitempty"`
	// Solution is the setter's solution, N*N digits, 0 where it does not
	// say; nil for none.
	Solution []uint8 `json:"solution,omitempty"`
	// Unread lists the elements of the puzzle that its reader could not
	// map to a rule (drawings of a SudokuPad puzzle whose meaning the
	// reader does not know): the puzzle is drawn and played with them,
	// but solving it would ignore them, so the engines refuse it
	// (Board.Unreadable).
	Unread []Unread `json:"unread,omitempty"`
}

// Unread is one element of a puzzle that was drawn but not read as a
// rule: what it is in words ("red line", "grey circle with text 5") and
// the cells it touches.
type Unread struct {
	What  string `json:"what"`
	Cells []int  `json:"cells,omitempty"`
}

// ErrUnread means a puzzle has elements that were not read as rules: an
// engine that solved it would answer for another puzzle.
var ErrUnread = errors.New("elements not read as rules")

// UnreadError names the elements of a puzzle that were not read as rules.
type UnreadError struct {
	Size     int
	Elements []Unread
}

func (e *UnreadError) Error() string {
	parts := make([]string, 0, min(len(e.Elements), 4))
	for i, u := range e.Elements {
		if i == 4 {
			parts = append(parts, fmt.Sprintf("and %d more", len(e.Elements)-4))
			break
		}
		s := u.What
		if len(u.Cells) > 0 {
			s += " at " + CellList(e.Size, u.Cells, 4)
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf("cannot read %s as a rule: %s (it can be played as drawn, not solved)", words.Count(len(e.Elements), "element"), strings.Join(parts, "; "))
}

// Unwrap makes errors.Is(err, ErrUnread) hold.
func (e *UnreadError) Unwrap() error { return ErrUnread }

// Unreadable returns an *UnreadError when b has elements that were not
// read as rules, nil otherwise. Engines call it before they solve, count,
// rate or hint.
func (b *Board) Unreadable() error {
	if b.Meta == nil || len(b.Meta.Unread) == 0 {
		return nil
	}
	return &UnreadError{Size: b.Rules.Size, Elements: b.Meta.Unread}
}

// writable returns an error for a board with elements not read as rules:
// written in another form it would lose them and read as another puzzle.
func writable(b *Board) error {
	if err := b.Unreadable(); err != nil {
		return fmt.Errorf("cannot write this puzzle in another form: it would read as a puzzle without what was not read (%w)", err)
	}
	return nil
}

// checkSolution checks a setter's solution for an n-grid: N*N cells of
// 0..N.
func checkSolution(n int, s []uint8) error {
	if len(s) != n*n {
		return fmt.Errorf("%d cells, want %d", len(s), n*n)
	}
	for c, v := range s {
		if int(v) > n {
			return fmt.Errorf("%s holds %d, want 1..%d", CellName(n, c), v, n)
		}
	}
	return nil
}
