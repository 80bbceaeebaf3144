package ilp

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/fixture"
	"sudoku/solver"
)

// TestBoardEngineStopsAtDeadline: a search gophersat needs minutes for
// ends at its context's deadline with the context's error (gophersat
// 1.4.0 could not be stopped: the search ran on past --timeout).
func TestBoardEngineStopsAtDeadline(t *testing.T) {
	b := fixtureBoard(t, fixture.SlowKiller16().FPuzzles(false))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Engine.Search(ctx, b, 2)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v after a deadline of 300ms", d)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want context.DeadlineExceeded", err)
	}
}

// TestClassicStopsAtDeadline: a classic count gophersat needs seconds for
// (20,000 solutions of the empty grid, each blocked in turn) ends at its
// context's deadline with the solutions found so far; the classic path
// looked at the context only before it started and ran on past --timeout.
func TestClassicStopsAtDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := Engine.Search(ctx, sudoku.BoardOf(sudoku.Grid{}), 20000)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v after a deadline of 200ms", d)
	}
	if !errors.Is(err, context.DeadlineExceeded) || r.Count == 0 || r.Count >= 20000 {
		t.Errorf("count %d, err %v; want some solutions and context.DeadlineExceeded", r.Count, err)
	}
	if r.Count > 0 && !r.Grid().IsSolutionOf(&sudoku.Grid{}) {
		t.Errorf("the first solution %v is no grid", r.Grid())
	}
}

// TestBoardEngineConcurrent: boards solved at once, each while another
// search is being stopped, get their own solution (the searches share
// no buffer, and a stop reaches only its own search). Run with -race.
func TestBoardEngineConcurrent(t *testing.T) {
	slow := fixtureBoard(t, fixture.SlowKiller16().FPuzzles(false))
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			if _, err := Engine.Search(ctx, slow, 2); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("worker %d: slow killer: err %v, want the deadline", w, err)
			}
		})
		wg.Go(func() {
			for _, k := range fixture.Killers {
				r, err := solver.Solve(context.Background(), Engine, fixtureBoard(t, k.FPuzzles(true)))
				if want := fixture.Digits(k.Solution); err != nil || !slices.Equal(r.Solution, want) {
					t.Errorf("worker %d: %s: %v, solution %v", w, k.Name, err, r.Solution)
				}
			}
		})
	}
	wg.Wait()
}

// TestRegistered: importing ilp registers its engines with package solver.
func TestRegistered(t *testing.T) {
	if e, err := solver.Lookup("ilp"); err != nil || e != Engine {
		t.Errorf(`solver.Lookup("ilp") = %v, %v`, e, err)
	}
}
