package logic

import (
	"context"
	"errors"
	"testing"
	"time"

	"sudoku/internal/dataset"
)

// corpusSolvedFloor is how many puzzles of the setters' f-puzzles corpus
// the logic solves to the end today (SudokuVariantSolverJS's
// logicalSolve finishes 29 of the 33: scripts/anchor-svjs.sh). Fewer is a
// regression; more, raise it.
const corpusSolvedFloor = 24

// Every step of the logic on the setters' f-puzzles corpus keeps the
// setter's solution (no placement of a wrong digit, no removal of a right
// one), and at least corpusSolvedFloor puzzles are solved to the end.
func TestCorpusLogic(t *testing.T) {
	solved := 0
	for _, p := range dataset.FPuzzles(t) {
		b, err := p.Board()
		if err != nil {
			t.Fatalf("%s: %v", p.Title, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		path, err := PathBoard(ctx, b)
		cancel()
		switch {
		case err == nil:
			solved++
		case !errors.Is(err, ErrStuck):
			t.Errorf("%s (by %s): %v", p.Title, p.Author, err)
		}
		for i, st := range path {
			for _, c := range st.Placements {
				if want := int(p.Solution[c.Cell]); c.Digit != want {
					t.Errorf("%s, step %d (%s): places %d in cell %d, the solution has %d", p.Title, i+1, st.Technique, c.Digit, c.Cell, want)
				}
			}
			for _, c := range st.Eliminations {
				if int(p.Solution[c.Cell]) == c.Digit {
					t.Errorf("%s, step %d (%s): removes %d from cell %d, its solution", p.Title, i+1, st.Technique, c.Digit, c.Cell)
				}
			}
		}
	}
	t.Logf("solved by logic: %d of the corpus", solved)
	if solved < corpusSolvedFloor {
		t.Errorf("logic solves %d corpus puzzles, fewer than %d", solved, corpusSolvedFloor)
	}
}
