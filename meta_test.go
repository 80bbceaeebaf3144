package sudoku

import (
	"errors"
	"testing"
)

// TestUnreadNotWritten: a board with elements not read as rules is
// written in no form: any form would drop them and read as another
// puzzle.
func TestUnreadNotWritten(t *testing.T) {
	r, _ := Sized(4)
	b := NewBoard(r)
	b.Meta = &Meta{Unread: []Unread{{What: "red line", Cells: []int{0, 1}}}}
	for _, form := range []string{FormLine, FormSolo, FormFPuzzles, FormGrid, FormJSON} {
		if _, err := FormatBoard(b, form); !errors.Is(err, ErrUnread) {
			t.Errorf("%s: %v, want ErrUnread", form, err)
		}
	}
	for name, f := range map[string]func(*Board) (string, error){"solo": FormatSolo, "plain": FormatPlain, "link": FormatFPuzzlesLink} {
		if _, err := f(b); !errors.Is(err, ErrUnread) {
			t.Errorf("%s: %v, want ErrUnread", name, err)
		}
	}
}
