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
// logicalSolve finishes 31 of the 33 in the same run here:
// scripts/anchor-svjs.sh). Fewer is a regression; more, raise it.
const corpusSolvedFloor = 32

// fixtureSolvedFloor is how many puzzles of testdata/constraints.json
// (our generator's thermo, arrow, kropki, XV and killer puzzles, some with
// other rules too) the logic solves to the end today, of 30. Fewer is a
// regression; more, raise it.
const fixtureSolvedFloor = 29

// Every step of the logic on puzzles with constraints keeps the solution
// (no placement of a wrong digit, no removal of a right one), and at
// least a floor of them are solved to the end: the fixture
// testdata/constraints.json always, and with ../shared the setters'
// f-puzzles corpus.
func TestCorpusLogic(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		ps, err := dataset.ReadFPuzzles("testdata/constraints.json")
		if err != nil {
			t.Fatal(err)
		}
		checkCorpusLogic(t, ps, fixtureSolvedFloor)
	})
	withShared(t, func(t *testing.T) { checkCorpusLogic(t, dataset.FPuzzles(t), corpusSolvedFloor) })
}

// checkCorpusLogic replays the logic on ps, checking every step against
// the solution, and at least floor solved.
func checkCorpusLogic(t *testing.T, ps []dataset.FPuzzle, floor int) {
	solved := 0
	for _, p := range ps {
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
		for _, f := range stepFaults(path, p.Solution, b.Size()) {
			t.Errorf("%s: %s", p.Title, f)
		}
	}
	t.Logf("solved by logic: %d of %d", solved, len(ps))
	if solved < floor {
		t.Errorf("logic solves %d puzzles, fewer than %d", solved, floor)
	}
}
