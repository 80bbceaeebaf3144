package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"sudoku"
)

// unreadBoard is an empty classic board with an element its reader could
// not read as a rule (as a SudokuPad puzzle's red line without rules).
func unreadBoard() *sudoku.Board {
	b := sudoku.NewBoard(sudoku.Classic())
	b.Meta = &sudoku.Meta{Unread: []sudoku.Unread{{What: "red line r1c1-r1c4", Cells: []int{0, 1, 2, 3}}}}
	return b
}

// TestUnreadRefused: every entry point that solves, counts or lists
// candidates refuses a board with unread elements, naming them, rather
// than answering for another puzzle.
func TestUnreadRefused(t *testing.T) {
	ctx := context.Background()
	b := unreadBoard()
	calls := map[string]func() error{
		"SolveBoard":        func() error { _, err := Solve(ctx, nil, b); return err },
		"CountBoard":        func() error { _, err := Count(ctx, b, 2); return err },
		"TrueCandidates":    func() error { _, err := TrueCandidates(ctx, b, 0); return err },
		"SearchBoardWithin": func() error { _, err := SearchWithin(ctx, b, 2, 0); return err },
		"RandomSolution":    func() error { _, err := RandomSolution(ctx, b, rand.New(rand.NewPCG(1, 2)), 0); return err },
	}
	for _, e := range Engines() {
		calls[e.Name()+".SearchBoard"] = func() error { _, err := e.Search(ctx, b, 2); return err }
	}
	for name, call := range calls {
		err := call()
		if !errors.Is(err, sudoku.ErrUnread) || err.Error() == "" {
			t.Errorf("%s: error %v, want one wrapping sudoku.ErrUnread", name, err)
		}
	}
	b.Meta.Unread = nil
	if _, err := Solve(ctx, nil, b); !errors.Is(err, sudoku.ErrMultipleSolutions) {
		t.Errorf("without unread elements: %v, want more than one solution", err)
	}
}
