package ilp

import (
	"context"
	"errors"
	"slices"
	"testing"

	"sudoku"
	"sudoku/internal/fixture"
	"sudoku/solver"
)

// fixtureBoard reads a fixture's text.
func fixtureBoard(t *testing.T, text string) *sudoku.Board {
	t.Helper()
	b, _, err := sudoku.ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBoardEngineOverlappingCages: the 0-1 model holds killer cages that
// overlap (killer constraints: a sum row and the cells' differences): the
// engine finds the one solution of each fixture killer, and two without
// its overlapping cage.
func TestBoardEngineOverlappingCages(t *testing.T) {
	ctx := context.Background()
	for _, k := range fixture.Killers {
		t.Run(k.Name, func(t *testing.T) {
			r, err := solver.Solve(ctx, Engine, fixtureBoard(t, k.FPuzzles(true)))
			if want := fixture.Digits(k.Solution); err != nil || !slices.Equal(r.Solution, want) {
				t.Errorf("got %v, %v; want %v", r.Solution, err, want)
			}
			if _, err := solver.Solve(ctx, Engine, fixtureBoard(t, k.FPuzzles(false))); !errors.Is(err, sudoku.ErrMultipleSolutions) {
				t.Errorf("without the overlapping cage: got %v, want several solutions", err)
			}
		})
	}
}

// TestBoardEngineSplitJigsaw: a jigsaw whose regions do not all touch is
// a model of the same rows (each region's digits once).
func TestBoardEngineSplitJigsaw(t *testing.T) {
	r, err := solver.Solve(context.Background(), Engine, fixtureBoard(t, fixture.SplitJigsaw6))
	if want := fixture.Digits(fixture.SplitJigsaw6Solution); err != nil || !slices.Equal(r.Solution, want) {
		t.Errorf("got %v, %v; want %v", r.Solution, err, want)
	}
}

// TestBoardEnginePencilMarks: the candidates a setter gives are rows of
// the model (a cell's other digits are 0): with them the puzzle has one
// solution, without them two.
func TestBoardEnginePencilMarks(t *testing.T) {
	ctx := context.Background()
	r, err := solver.Solve(ctx, Engine, fixtureBoard(t, fixture.PencilMarked4(true)))
	if want := fixture.Digits(fixture.PencilMarked4Solution); err != nil || !slices.Equal(r.Solution, want) {
		t.Errorf("got %v, %v; want %v", r.Solution, err, want)
	}
	if _, err := solver.Solve(ctx, Engine, fixtureBoard(t, fixture.PencilMarked4(false))); !errors.Is(err, sudoku.ErrMultipleSolutions) {
		t.Errorf("without the marks: got %v, want several solutions", err)
	}
}
