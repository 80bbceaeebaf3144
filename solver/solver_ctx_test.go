package solver

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"sudoku"
)

// noSolutionDeep has no solution, which plain backtracking finds out only
// after filling almost every cell: r9c9 must be 9 (row 9 holds 1..8) and
// column 9 already has a 9.
func noSolutionDeep(t *testing.T) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse("........9" + strings.Repeat(".", 63) + "12345678.")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSearchContextStops(t *testing.T) {
	g := noSolutionDeep(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := searchGrid(ctx, backtrackEngine, g, 2)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if r.Nodes > ctxEvery {
		t.Errorf("searched %d nodes after the context was done, want at most %d", r.Nodes, ctxEvery)
	}
	// Engines without SearchContext see a done context before searching.
	if _, err := searchGrid(ctx, fastEngine, g, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("fast: got %v, want context.Canceled", err)
	}
	if _, err := Solve(ctx, Backtrack, sudoku.BoardOf(g)); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve: got %v, want context.Canceled", err)
	}
}

func TestSearchContextFinishes(t *testing.T) {
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), Backtrack, sudoku.BoardOf(g))
	want, _ := SolveGrid(g)
	if err != nil || r.Grid() != want {
		t.Errorf("got %v, %v; want the solution", r.Solution, err)
	}
}

// TestCountsStopAtDeadline: a count of many solutions ends at its
// context's deadline with every engine, classic DLX among them (it looked
// at the context only before it started, and ran on past --timeout).
func TestCountsStopAtDeadline(t *testing.T) {
	for _, e := range Engines() {
		t.Run(e.Name(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			start := time.Now()
			r, err := e.Search(ctx, sudoku.BoardOf(sudoku.Grid{}), 1<<40)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v after a deadline of 100ms", d)
			}
			if !errors.Is(err, context.DeadlineExceeded) || r.Count == 0 {
				t.Errorf("count %d, err %v; want some solutions and the deadline", r.Count, err)
			}
		})
	}
}
