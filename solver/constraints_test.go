package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"sudoku"
	"sudoku/constraint"
)

// TestConstraintsEnginesAgree: on random 6x6 boards with constraints drawn
// over a random solution (kropki and XV dots with their negative rules,
// thermometers) and a few givens, General (with and without restarts)
// and plain backtracking find the same number of solutions, up to 2, and
// every solution keeps every constraint.
func TestConstraintsEnginesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	ctx := context.Background()
	counts := map[int]int{}
	for i := range 60 {
		b := randomConstrained(t, rng)
		want, err := withTimeout(ctx, Backtrack, b)
		if err != nil {
			continue // backtracking too slow on this one
		}
		got, err := Fast.Search(ctx, b, 2)
		if err != nil || got.Count != want.Count {
			t.Fatalf("board %d: general finds %d (%v), backtracking %d", i, got.Count, err, want.Count)
		}
		if restarted := searchFirst(t, b, 1); restarted.Count != want.Count {
			t.Fatalf("board %d: with restarts %d, backtracking %d", i, restarted.Count, want.Count)
		}
		checkSolutions(t, b.Rules, got)
		for _, k := range b.Rules.Constraints {
			if err := k.Check(got.Solution); err != nil {
				t.Fatalf("board %d: the solution breaks %v: %v", i, k, err)
			}
		}
		counts[got.Count]++
	}
	if counts[1] < 5 || counts[2] < 5 {
		t.Errorf("counts %v: want boards of one and of several solutions", counts)
	}
}

func withTimeout(ctx context.Context, e Engine, b *sudoku.Board) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return e.Search(ctx, b, 2)
}

// randomConstrained draws a 6x6 board: constraints kept by a random
// solution, and a few of its digits as givens.
func randomConstrained(t *testing.T, rng *rand.Rand) *sudoku.Board {
	t.Helper()
	plain, _ := sudoku.Sized(6)
	sol, err := RandomSolution(context.Background(), sudoku.NewBoard(plain), rng, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := sudoku.Sized(6)
	var rest []sudoku.Pair
	for _, p := range constraint.SideBySide(6) {
		a, b := int(sol[p.A]), int(sol[p.B])
		kind, v := "", 0
		switch {
		case a-b == 1 || b-a == 1:
			kind, v = "difference", 1
		case a == 2*b || b == 2*a:
			kind, v = "ratio", 2
		case a+b == 5:
			kind, v = "xv", 5
		default:
			rest = append(rest, p)
			continue
		}
		if rng.IntN(3) == 0 {
			continue // not every dot
		}
		d, err := constraint.NewDot(kind, 6, p.A, p.B, v)
		if err != nil {
			t.Fatal(err)
		}
		r.Constraints = append(r.Constraints, d)
	}
	if rng.IntN(2) == 0 {
		neg, _ := constraint.NewNegativeDots("ratio", 6, 2, rest)
		r.Constraints = append(r.Constraints, neg)
	}
	if th := risingCells(sol, rng); len(th) >= 2 {
		k, err := constraint.NewThermometer(6, th, false)
		if err != nil {
			t.Fatal(err)
		}
		r.Constraints = append(r.Constraints, k)
	}
	b := sudoku.NewBoard(r)
	for _, c := range rng.Perm(36)[:rng.IntN(8)] {
		b.Cells[c] = sol[c]
	}
	return b
}

// risingCells returns a path of side-by-side cells of a 6x6 solution
// whose digits rise.
func risingCells(sol []uint8, rng *rand.Rand) []int {
	c := rng.IntN(36)
	path := []int{c}
	for len(path) < 5 {
		next := -1
		for _, o := range []int{c - 6, c + 6, c - 1, c + 1} {
			if o >= 0 && o < 36 && (o/6 == c/6 || o%6 == c%6) && sol[o] > sol[c] {
				next = o
			}
		}
		if next < 0 {
			break
		}
		c = next
		path = append(path, c)
	}
	return path
}
