package logic

import (
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestAlignedPairExclusion solves se-rated puzzles whose rating is 6.2
// (HoDoKu's library has no case for it) and checks that the path takes an
// aligned pair exclusion whose eliminations are all false in the solution.
func TestAlignedPairExclusion(t *testing.T) {
	// Rated 6.2 by Sukaku Explainer (se-rated-dev.txt, public domain).
	puzzles := []string{
		"200059008000802600080100050490000107000000000807000094030006080006901000100730006",
		"000003600001700200809600070200090000004000500000020004040001308006008100005400000",
		"900000160000050900050200037030010200000307000004080090590006040002070000068000001",
	}
	found := 0
	for _, p := range puzzles {
		var g sudoku.Grid
		for i := range 81 {
			g[i] = p[i] - '0'
		}
		sol, err := solver.SolveGrid(g)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBoard(g)
		for !b.Solved() {
			s, err := Next(&b)
			if err != nil {
				break
			}
			if s.Technique.Code == "1000" {
				found++
				if s.Rating != 62 || s.Explain() == "" {
					t.Errorf("got rating %v, want 6.2", s.Rating)
				}
				for _, e := range s.Eliminations {
					if int(sol[e.Cell]) == e.Digit {
						t.Errorf("%s: eliminates the solution's %v", p, e)
					}
				}
			}
			b.Apply(&s)
		}
	}
	if found == 0 {
		t.Errorf("got no aligned pair exclusion, want at least one")
	}
}
