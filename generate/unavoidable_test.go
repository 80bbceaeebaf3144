package generate

import (
	"testing"

	"sudoku"
	"sudoku/solver"
)

// isUnavoidable reports whether the cells of s, emptied in the complete
// grid sol, leave a puzzle with another solution: the definition.
func isUnavoidable(sol sudoku.Grid, s cellSet) bool {
	q := sol
	for c := range sudoku.Cell(81) {
		if s.has(c) {
			q[c] = 0
		}
	}
	return solver.CountGrid(q, 2) == 2
}

func TestUnavoidablesAreUnavoidable(t *testing.T) {
	for i := range 30 {
		sol := Full(Source(9, i))
		var u unavoidables
		u.reset(&sol)
		// Every digit pair gives at least one set; the sets of one pair
		// share no cell and cover the pair's 18 cells.
		if len(u.sets) < 36 {
			t.Fatalf("grid %d: %d two-digit sets, want at least 36", i, len(u.sets))
		}
		cells := 0
		for _, s := range u.sets {
			cells += s.count()
			if n := s.count(); n < 4 || n%2 != 0 {
				t.Errorf("grid %d: two-digit set of %d cells", i, n)
			}
			if !isUnavoidable(sol, s) {
				t.Fatalf("grid %d: set %v is not unavoidable", i, s)
			}
		}
		if cells != 36*18 {
			t.Errorf("grid %d: the two-digit sets hold %d cells, want %d", i, cells, 36*18)
		}
		// Sets found by the checks: dig a puzzle and check what was kept.
		g, err := newGen(Options{NoRating: true}, Source(9, i))
		if err != nil {
			t.Fatal(err)
		}
		g.ua.reset(&sol)
		var checks int
		g.dig(sol, &checks)
		for _, s := range g.ua.sets {
			if !isUnavoidable(sol, s) {
				t.Fatalf("grid %d: set %v found by a check is not unavoidable", i, s)
			}
		}
	}
}

// minimalByCount is IsMinimal's reference: one solver count per clue.
func minimalByCount(p sudoku.Grid) bool {
	if solver.CountGrid(p, 2) != 1 {
		return false
	}
	for c, v := range p {
		if v == 0 {
			continue
		}
		q := p
		q[c] = 0
		if solver.CountGrid(q, 2) == 1 {
			return false
		}
	}
	return true
}

func TestIsMinimal(t *testing.T) {
	minimal, not := 0, 0
	for i := range 40 {
		p, err := genClassic(Options{Symmetry: Symmetries()[i%int(numSymmetries)], NoRating: true}, 3, i)
		if err != nil {
			t.Fatal(err)
		}
		// Puzzles with a symmetry are often not minimal; a few clues
		// more make any puzzle not minimal.
		for extra := range 3 {
			q := p.Grid()
			for c := 0; c < 81 && extra > 0; c += 7 {
				if q[c] == 0 {
					q[c] = p.SolutionGrid()[c]
					extra--
				}
			}
			got, want := IsMinimal(q), minimalByCount(q)
			if got != want {
				t.Fatalf("%v: got minimal %v, want %v", q.Line('.'), got, want)
			}
			if want {
				minimal++
			} else {
				not++
			}
		}
	}
	if minimal < 5 || not < 5 {
		t.Errorf("%d minimal puzzles and %d others: want both kinds", minimal, not)
	}
	var empty sudoku.Grid
	if IsMinimal(empty) {
		t.Error("the empty grid: got minimal")
	}
	bad := empty
	bad[0], bad[1] = 5, 5
	if IsMinimal(bad) {
		t.Error("a grid breaking the rules: got minimal")
	}
}

func TestTight(t *testing.T) {
	set := func(cells ...sudoku.Cell) cellSet {
		var s cellSet
		for _, c := range cells {
			s.add(c)
		}
		return s
	}
	u := unavoidables{sets: []cellSet{
		set(0, 1, 2, 3),    // clues 0 and 3: a pair
		set(3, 70, 71, 72), // clues 3 and 70: a pair
		set(5, 6, 7),       // clue 5 alone
		set(0, 3, 70, 80),  // three clues
	}}
	alone, pairs := u.tight(set(0, 3, 5, 70))
	if want := set(5); alone != want {
		t.Errorf("alone: got %v, want %v", alone, want)
	}
	want := map[sudoku.Cell]uint8{0: 1, 3: 2, 70: 1}
	for c := range sudoku.Cell(81) {
		if pairs[c] != want[c] {
			t.Errorf("pairs[%d]: got %d, want %d", c, pairs[c], want[c])
		}
	}
	// The counts stop at 255 rather than wrap.
	u.sets = u.sets[:0]
	for range 300 {
		u.sets = append(u.sets, set(0, 3, 4))
	}
	if _, pairs := u.tight(set(0, 3)); pairs[0] != 255 || pairs[3] != 255 {
		t.Errorf("300 sets of two clues: got %d and %d, want 255", pairs[0], pairs[3])
	}
}

func TestDiffer(t *testing.T) {
	r := Source(3, 0)
	for i := range 200 {
		g, h := Full(r), Full(r)
		for c := range g {
			if r.IntN(3) == 0 {
				h[c] = g[c]
			}
			if r.IntN(4) == 0 {
				g[c] = 0
			}
		}
		got := differ(&g, &h)
		for c := range sudoku.Cell(81) {
			if want := g[c] != h[c]; got.has(c) != want {
				t.Fatalf("case %d, cell %d: got %v, want %v", i, c, got.has(c), want)
			}
		}
		for c := range sudoku.Cell(81) {
			if want := g[c] != 0; cluesOf(&g).has(c) != want {
				t.Fatalf("case %d, cluesOf cell %d: got %v, want %v", i, c, !want, want)
			}
		}
	}
}

// TestDigBatches checks that digging in batches gives what digging one
// orbit at a time gives, the orbits taken in the same order.
func TestDigBatches(t *testing.T) {
	for _, sym := range Symmetries() {
		g, err := newGen(Options{Symmetry: sym, Minimal: true, NoRating: true}, Source(3, int(sym)))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 20 {
			sol := Full(Source(5, i))
			g.ua.reset(&sol)
			var checks int
			got := g.dig(sol, &checks) // dig shuffles g.order, then keeps it
			want := sol
			for _, o := range g.order {
				q := want
				for _, c := range g.orbits[o] {
					q[c] = 0
				}
				if solver.CountGrid(q, 2) == 1 {
					want = q
				}
			}
			if got != want {
				t.Fatalf("%v, grid %d: got %v, want %v", sym, i, got.Line('.'), want.Line('.'))
			}
		}
	}
}

// TestUnpin checks that unpin leaves a valid grid on which no two-digit
// unavoidable set lies within two orbits, and leaves such a grid alone.
func TestUnpin(t *testing.T) {
	for _, sym := range []Symmetry{Horizontal, Rot90} {
		g, err := newGen(Options{Symmetry: sym, Minimal: true}, Source(1, 0))
		if err != nil {
			t.Fatal(err)
		}
		pinned, alone := 0, 0
		for i := range 50 {
			sol := Full(Source(6, i))
			was := g.pinned(&sol)
			before := sol
			g.unpin(&sol)
			if !sol.Full() || sol.Validate() != nil {
				t.Fatalf("%v, grid %d: not a valid grid after unpin: %v", sym, i, sol.Line('.'))
			}
			if g.ua.sol != sol {
				t.Fatalf("%v, grid %d: unpin did not make the grid the unavoidables' grid", sym, i)
			}
			if g.setPinned() {
				t.Errorf("%v, grid %d: still has a set within two orbits", sym, i)
			}
			if was {
				pinned++
				if sol == before {
					t.Errorf("%v, grid %d: pinned, but unpin did not change it", sym, i)
				}
			} else {
				alone++
				if sol != before {
					t.Errorf("%v, grid %d: not pinned, but unpin changed it", sym, i)
				}
			}
		}
		if pinned == 0 || alone == 0 {
			t.Errorf("%v: got %d pinned grids and %d others, want some of each", sym, pinned, alone)
		}
	}
}

// TestPinned checks that, with orbits of at most two cells, looking at the
// rectangles of pinRects finds what looking at the unavoidable sets does.
func TestPinned(t *testing.T) {
	for _, sym := range Symmetries() {
		g, err := newGen(Options{Symmetry: sym, Minimal: true}, Source(1, 0))
		if err != nil {
			t.Fatal(err)
		}
		if g.rects == nil {
			continue // bigger orbits: pinned looks at the sets
		}
		pinned := 0
		for i := range 300 {
			sol := Full(Source(8, i))
			g.ua.reset(&sol)
			want := g.setPinned()
			if got := g.pinned(&sol); got != want {
				t.Fatalf("%v, grid %d: got %v, want %v", sym, i, got, want)
			}
			if want {
				pinned++
			}
		}
		t.Logf("%v: %d rectangles, %d of 300 grids pinned", sym, len(g.rects), pinned)
		if len(g.rects) > 0 && pinned == 0 {
			t.Errorf("%v: no grid pinned among 300", sym)
		}
	}
}
