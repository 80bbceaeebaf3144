package logic

import (
	"context"
	"errors"
	"testing"

	"sudoku"
)

// TestUnreadRefused: rating, steps and hints refuse a board with elements
// its reader could not read as rules.
func TestUnreadRefused(t *testing.T) {
	ctx := context.Background()
	b, _, err := sudoku.ParseBoard("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	b.Rules = b.Rules.Clone()
	b.Rules.Diagonals = sudoku.BothDiagonals // not classic: the board engine
	b.Meta = &sudoku.Meta{Unread: []sudoku.Unread{{What: "grey circle with text 5 at r3c3", Cells: []int{20}}}}
	for name, call := range map[string]func() error{
		"NextBoard":     func() error { _, err := NextBoard(ctx, b); return err },
		"PathBoard":     func() error { _, err := PathBoard(ctx, b); return err },
		"RateBoard":     func() error { _, err := RateBoard(ctx, b); return err },
		"NextBoardHint": func() error { _, err := NextBoardHint(ctx, b, nil, nil, 1); return err },
	} {
		if err := call(); !errors.Is(err, sudoku.ErrUnread) {
			t.Errorf("%s: error %v, want one wrapping sudoku.ErrUnread", name, err)
		}
	}
}
