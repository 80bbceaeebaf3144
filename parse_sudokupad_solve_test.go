package sudoku_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestSudokuPadSolves: a puzzle of ours made as SudokuPad's editor makes
// one (red lines whose meaning is in the rules text) reads, solves to the
// solution in its metadata, and has other solutions without its lines;
// a puzzle with elements not read is refused by the solver.
func TestSudokuPadSolves(t *testing.T) {
	text, err := os.ReadFile("testdata/sudokupad/parity-lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := sudoku.ParseBoard(string(text))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r, err := solver.Solve(ctx, nil, b)
	if err != nil || b.Meta == nil || !slices.Equal(r.Solution, b.Meta.Solution) {
		t.Fatalf("solution %v (%v), want the metadata's %v", r.Solution, err, b.Meta)
	}
	plain := b.Clone()
	plain.Rules = b.Rules.Clone()
	plain.Rules.Constraints = nil
	if n, _ := solver.Count(ctx, plain, 2); n != 2 {
		t.Errorf("without its parity lines: %d solutions, want more than one", n)
	}

	text, err = os.ReadFile("testdata/sudokupad/unread.json")
	if err != nil {
		t.Fatal(err)
	}
	if b, _, err = sudoku.ParseBoard(string(text)); err != nil {
		t.Fatal(err)
	}
	if _, err := solver.Solve(ctx, nil, b); !errors.Is(err, sudoku.ErrUnread) {
		t.Errorf("a puzzle with unread elements: %v, want sudoku.ErrUnread", err)
	}
}
