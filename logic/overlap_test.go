package logic

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"sudoku"
	fx "sudoku/internal/fixture"
	"sudoku/solver"
)

// TestOverlapAndSplitLogic walks the fixture killers whose cages overlap
// (and the same killers without the overlapping cage, which have several
// solutions) and the jigsaw whose regions do not all touch, by logic, as
// rate and explain do: no step places a digit that is not the only true
// candidate of its cell, none removes a true candidate, every step is
// worded, the puzzles of one solution are solved to the end and rated,
// and the overlapping cages are read as killer cages (a step of theirs
// is taken). A puzzle logic does not finish stops with ErrStuck.
func TestOverlapAndSplitLogic(t *testing.T) {
	type puzzle struct {
		name, text string
		solved     bool // logic solves it to the end
	}
	var puzzles []puzzle
	for _, k := range fx.Killers {
		// Both are solved to the end (the 9x9 by the technique table,
		// its forcing chains reading the cage sums); without the
		// overlapping cage they have several solutions.
		puzzles = append(puzzles, puzzle{k.Name, k.FPuzzles(true), true}, puzzle{k.Name + " without the overlap", k.FPuzzles(false), false})
	}
	puzzles = append(puzzles, puzzle{"split jigsaw", fx.SplitJigsaw6, true})
	cageSteps := 0
	for _, p := range puzzles {
		t.Run(p.name, func(t *testing.T) {
			b, _, err := sudoku.ParseBoard(p.text)
			if err != nil {
				t.Fatal(err)
			}
			path, err := PathBoard(context.Background(), b)
			switch {
			case p.solved && err != nil:
				t.Errorf("stopped after %d steps: %v", len(path), err)
			case !p.solved && !errors.Is(err, ErrStuck):
				t.Errorf("a puzzle of several solutions: got %v after %d steps, want ErrStuck", err, len(path))
			}
			checkSteps(t, b, path)
			for _, st := range path {
				if len(b.Rules.Constraints) > 0 && st.Technique == sudoku.ConstraintTitle(b.Rules.Constraints[0]) {
					cageSteps++
				}
			}
			if _, err := json.Marshal(path); err != nil {
				t.Errorf("explain --json: %v", err)
			}
			r, err := RateBoard(context.Background(), b)
			if p.solved && (err != nil || r.ER == 0 || r.Steps != len(path)) {
				t.Errorf("RateBoard: got %+v, %v; want a rating of %d steps", r, err, len(path))
			}
		})
	}
	if cageSteps == 0 {
		t.Errorf("no step of an overlapping killer cage in any path: the cages are not read")
	}
}

// checkSteps checks every step of path against the true candidates of b.
func checkSteps(t *testing.T, b *sudoku.Board, path []BoardStep) {
	t.Helper()
	tc, err := solver.TrueCandidates(context.Background(), b, 0)
	if err != nil || !tc.Complete {
		t.Fatalf("true candidates: %v (complete %v)", err, tc.Complete)
	}
	n := b.Size()
	for i, st := range path {
		if st.Technique == "" || st.Text == "" {
			t.Errorf("step %d has no words: %+v", i+1, st)
		}
		for _, p := range st.Placements {
			if tc.Cells[p.Cell] != sudoku.DigitOf(p.Digit) {
				t.Errorf("step %d (%s: %s) places %d at %s, whose true candidates are %v", i+1, st.Technique, st.Text, p.Digit, sudoku.CellName(n, p.Cell), tc.Cells[p.Cell])
			}
		}
		for _, e := range st.Eliminations {
			if tc.Cells[e.Cell].Has(e.Digit) {
				t.Errorf("step %d (%s: %s) removes %d from %s, a true candidate", i+1, st.Technique, st.Text, e.Digit, sudoku.CellName(n, e.Cell))
			}
		}
	}
}
