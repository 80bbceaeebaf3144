package solver

import (
	"math/rand/v2"
	"testing"

	"sudoku"
)

// anotherWant is the reference for Another: whether some solution of p
// puts a digit other than sol's in one of cells, found by trying every
// other digit in every cell with bruteCount.
func anotherWant(p sudoku.Grid, sol *sudoku.Grid, cells []sudoku.Cell) bool {
	for _, c := range cells {
		if p[c] != 0 {
			continue
		}
		for d := uint8(1); d <= 9; d++ {
			if d == sol[c] {
				continue
			}
			q := p
			q[c] = d
			if bruteCount(q, 1) > 0 {
				return true
			}
		}
	}
	return false
}

func TestAnother(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	var empty sudoku.Grid
	found, foundOne := 0, 0
	for i := range 400 {
		// A solution grid: the empty grid solved from a few random givens.
		var seed sudoku.Grid
		for range 8 {
			c, d := r.IntN(81), uint8(r.IntN(9)+1)
			seed[c] = d
			if seed.Validate() != nil || fastEngine.Search(seed, 1).Count == 0 {
				seed[c] = 0
			}
		}
		sol := fastEngine.Search(seed, 1).Solution
		if !sol.IsSolutionOf(&empty) {
			t.Fatalf("bad test grid %v", sol)
		}
		// A puzzle from it with 20 to 60 clues, and some of its empty cells.
		p := sol
		for _, c := range r.Perm(81)[:21+r.IntN(40)] {
			p[c] = 0
		}
		var cells []sudoku.Cell
		for c := range p {
			if p[c] == 0 && r.IntN(4) == 0 {
				cells = append(cells, sudoku.Cell(c))
			}
		}
		// One cell alone takes Another's own path.
		one := []sudoku.Cell{sudoku.Cell(r.IntN(81))}
		if w, ok := Another(p, &sol, one); ok != anotherWant(p, &sol, one) || ok && (!w.IsSolutionOf(&p) || w[one[0]] == sol[one[0]]) {
			t.Fatalf("puzzle %d %v cell %v: got %v (%v), want %v", i, p.Line('.'), one, ok, w.Line('.'), !ok)
		} else if ok {
			foundOne++
		}
		w, ok := Another(p, &sol, cells)
		if want := anotherWant(p, &sol, cells); ok != want {
			t.Fatalf("puzzle %d %v cells %v: got %v, want %v", i, p.Line('.'), cells, ok, want)
		}
		if !ok {
			continue
		}
		found++
		differs := false
		for _, c := range cells {
			differs = differs || w[c] != sol[c]
		}
		if !w.IsSolutionOf(&p) || !differs {
			t.Fatalf("puzzle %d %v: %v is not a solution differing in %v", i, p.Line('.'), w.Line('.'), cells)
		}
	}
	if found < 50 || found > 350 {
		t.Errorf("found another solution for %d puzzles of 400: the test puzzles are too easy or too hard", found)
	}
	if foundOne < 20 || foundOne > 380 {
		t.Errorf("found another solution for one cell in %d puzzles of 400: the test cells are too easy or too hard", foundOne)
	}
}

func TestAnotherAllocatesNothing(t *testing.T) {
	sol := fastEngine.Search(sudoku.Grid{}, 1).Solution
	p := sol
	cells := []sudoku.Cell{0, 10, 20, 30, 40, 50, 60, 70, 80}
	for _, c := range cells {
		p[c] = 0
	}
	if n := testing.AllocsPerRun(100, func() { Another(p, &sol, cells) }); n != 0 {
		t.Errorf("got %v allocations per call, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { Another(p, &sol, cells[:1]) }); n != 0 {
		t.Errorf("one cell: got %v allocations per call, want 0", n)
	}
}
