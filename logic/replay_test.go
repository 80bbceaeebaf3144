package logic

import (
	"errors"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestReplay walks the solving path of puzzles and checks every step
// against the solution: each placement is the solution's digit and no
// elimination removes it. A path may stop with ErrStuck (a technique not
// implemented yet); any other error fails. It logs how many puzzles logic
// solved. The fixtures levels.txt and qqwing-levels.txt are replayed
// always, samples of the rated and benchmark sets of ../shared when it is
// there.
func TestReplay(t *testing.T) {
	for _, name := range []string{"levels.txt", "qqwing-levels.txt"} {
		t.Run("fixture/"+name, func(t *testing.T) { replaySet(t, name, fixture(t, name), fixturePath) })
	}
	withShared(t, replayShared)
}

// replayShared replays samples of the rated and benchmark sets of
// ../shared.
func replayShared(t *testing.T) {
	per := 300 // puzzles per set, taken evenly; every puzzle with SUDOKU_LONG=1
	switch {
	case testing.Short():
		per = 20
	case long():
		per = 0
	}
	files := []string{
		"data/rated/qqwing-simple.txt", "data/rated/qqwing-easy.txt",
		"data/rated/qqwing-intermediate.txt", "data/rated/qqwing-expert.txt",
		"data/rated/se-rated-dev.txt",
		"data/puzzles/17-clue.txt", "data/puzzles/magictour-top1465.txt",
		"data/puzzles/forum-hardest-1106.txt", "data/puzzles/forum-hardest-1905-11plus.txt",
	}
	for _, f := range files {
		t.Run(f[len("data/"):], func(t *testing.T) {
			n := per
			if f == "data/puzzles/forum-hardest-1905-11plus.txt" || f == "data/puzzles/forum-hardest-1106.txt" {
				n = 2 // the slowest puzzles (0.4 s each): 50 with SUDOKU_LONG=1
				if long() {
					n = 50
				}
			}
			replaySet(t, f, loadLines(t, f, n), Path)
		})
	}
}

// replaySet replays the path of each puzzle of a set.
func replaySet(t *testing.T, name string, ps []ratedPuzzle, pathOf func(sudoku.Grid) ([]Step, error)) {
	solved, steps := 0, 0
	for _, p := range ps {
		sol, err := solver.SolveGrid(p.grid)
		if err != nil {
			t.Fatalf("line %d: solver: %v", p.line, err)
		}
		path, err := pathOf(p.grid)
		bad := 0 // report the first wrong step only: the later ones follow from it
		for i := range path {
			if bad > 0 {
				break
			}
			s := &path[i]
			for _, pl := range s.Placements {
				if int(sol[pl.Cell]) != pl.Digit {
					t.Errorf("line %d step %d %v: places %v, solution has %d", p.line, i+1, s, pl, sol[pl.Cell])
					bad++
				}
			}
			for _, e := range s.Eliminations {
				if int(sol[e.Cell]) == e.Digit {
					t.Errorf("line %d step %d %v: eliminates the solution's %v", p.line, i+1, s, e)
					bad++
				}
			}
		}
		steps += len(path)
		switch {
		case err == nil:
			solved++
		case !errors.Is(err, ErrStuck):
			t.Errorf("line %d: path: %v", p.line, err)
		}
	}
	t.Logf("%s: %d/%d solved by logic, %d steps checked", name, solved, len(ps), steps)
}
