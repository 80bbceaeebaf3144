package ilp

import (
	"errors"
	"testing"

	"sudoku"
)

// TestUnreadRefused: the 0-1 model of a board with unread elements is
// refused: it would be the model of another puzzle.
func TestUnreadRefused(t *testing.T) {
	b := sudoku.NewBoard(sudoku.Classic())
	b.Meta = &sudoku.Meta{Unread: []sudoku.Unread{{What: "red line r1c1-r1c4"}}}
	if _, err := New(b, Options{}); !errors.Is(err, sudoku.ErrUnread) {
		t.Errorf("error %v, want one wrapping sudoku.ErrUnread", err)
	}
	b.Meta = nil
	if _, err := New(b, Options{}); err != nil {
		t.Errorf("without unread elements: %v", err)
	}
}
