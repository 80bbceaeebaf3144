package logic

import (
	"context"
	"testing"

	"sudoku"
)

// TestChainsStopOnContext: the chain searches, the longest of the
// techniques for boards of any rules (a breadth-first search from every
// start), give up as soon as the walk's context is done; with it live,
// the same position yields its X-chain. The position is step 39 of a
// generated X puzzle's path, where an X-chain is the next step.
func TestChainsStopOnContext(t *testing.T) {
	b, _, err := sudoku.ParseBoard(".....321.21..58....9.172....2.3........5.......5...8.........7.4.7...62..51...3.. rules=x")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	s, err := newBoardLogicOf(b)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for k := range 38 {
		st, err := s.next(ctx, 0)
		if err != nil {
			t.Fatalf("step %d: %v", k+1, err)
		}
		s.apply(&st)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	for name, find := range map[string]func(*boardLogic) (BoardStep, bool){"X-chain": (*boardLogic).xChain, "XY-chain": (*boardLogic).xyChain} {
		s.ctx = done
		if st, ok := find(s); ok {
			t.Errorf("%s with the context done: found %s", name, st.Text)
		}
	}
	if _, err := s.next(done, 0); err != context.Canceled {
		t.Errorf("next with the context done: %v, want context.Canceled", err)
	}
	st, err := s.next(ctx, 0)
	if err != nil || st.Technique != "X-chain" {
		t.Errorf("next: %s (%v), want an X-chain", st.Technique, err)
	}
}

// TestOutieNeedsCagedInnies: the rule of 45 places a lone outie only when
// every innie is in a cage. On this 4x4 board row 1's r1c3-r1c4 cage (7)
// leaves 3 for r1c1 and r1c2, and the cage r1c1-r2c1 (4) reaches out;
// but r1c2 is in no cage, so 4 - 3 = 1 is not r2c1's digit (it is 3).
// Every step taken must agree with the solution.
func TestOutieNeedsCagedInnies(t *testing.T) {
	r, err := sudoku.Sized(4)
	if err != nil {
		t.Fatal(err)
	}
	r.Cages = []sudoku.Cage{{Cells: []int{2, 3}, Sum: 7}, {Cells: []int{0, 4}, Sum: 4}}
	sol := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	path, err := PathBoard(context.Background(), sudoku.NewBoard(r))
	if err != nil && err != ErrStuck {
		t.Fatalf("a wrong step led to a contradiction on a board that has a solution: %v", err)
	}
	for _, st := range path {
		for _, p := range st.Placements {
			if sol[p.Cell] != uint8(p.Digit) {
				t.Errorf("%s places %d in cell %d, the solution has %d: %s", st.Technique, p.Digit, p.Cell, sol[p.Cell], st.Text)
			}
		}
		for _, e := range st.Eliminations {
			if sol[e.Cell] == uint8(e.Digit) {
				t.Errorf("%s takes the solution's %d out of cell %d: %s", st.Technique, e.Digit, e.Cell, st.Text)
			}
		}
	}
}
