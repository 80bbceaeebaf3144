package logic

import (
	"errors"
	"fmt"

	"sudoku"
)

// ErrStuck means no implemented technique applies to the board: the puzzle
// is beyond this solver, or (for a board reached by wrong entries) has no
// solution.
var ErrStuck = errors.New("no technique applies")

// Next returns the next step from b: the first step found when the stages
// of the solving order are tried from the easiest, as Sudoku Explainer
// does. It returns ErrStuck if none applies.
func Next(b *Board) (Step, error) {
	st := solvingOrder()
	for i := range st {
		if s, ok := st[i].find(b); ok {
			return s, nil
		}
	}
	return Step{}, ErrStuck
}

// Path solves puzzle g by logic and returns every step taken. The puzzle
// must be valid; Path does not prove uniqueness (see solver.Unique), and
// on a puzzle with several solutions it stops with ErrStuck or a
// contradiction.
func Path(g sudoku.Grid) ([]Step, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	b := NewBoard(g)
	var path []Step
	for !b.Solved() {
		if why := b.Contradiction(); why != "" {
			return path, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
		}
		s, err := Next(&b)
		if err != nil {
			return path, err
		}
		b.Apply(&s)
		path = append(path, s)
	}
	return path, nil
}
