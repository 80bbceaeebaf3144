package solver

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"sudoku"
)

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2}
	for i, w := range want {
		if got := luby(int64(i + 1)); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestFilterHouse: the all-different filter on named cases, then against
// a brute force over every assignment of random candidate sets of a
// 6x6's first row.
func TestFilterHouse(t *testing.T) {
	four, _ := sudoku.Sized(4)
	p, err := compile(four)
	if err != nil {
		t.Fatal(err)
	}
	row := p.houses[:4]
	tests := []struct {
		name     string
		in, want [4]uint32 // bit d-1 for digit d
		ok       bool
	}{
		{"naked pair", [4]uint32{0b11, 0b11, 0b111, 0b1111}, [4]uint32{0b11, 0b11, 0b100, 0b1000}, true},
		{"hidden pair", [4]uint32{0b1111, 0b1111, 0b1100, 0b1100}, [4]uint32{0b11, 0b11, 0b1100, 0b1100}, true},
		{"nothing to do", [4]uint32{0b1111, 0b1111, 0b1111, 0b1111}, [4]uint32{0b1111, 0b1111, 0b1111, 0b1111}, true},
		{"placed cell", [4]uint32{0, 0b110, 0b110, 0b1110}, [4]uint32{0, 0b110, 0b110, 0b1000}, true},
		{"two cells, one digit", [4]uint32{0b1, 0b1, 0b1110, 0b1110}, [4]uint32{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSearch(p)
			cand := make([]mask, p.nn)
			for i, c := range row {
				cand[c] = mask(tt.in[i])
			}
			ok, found := s.filterHouse(row, cand)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			for i, c := range row {
				if cand[c] != mask(tt.want[i]) {
					t.Errorf("cell %d: %04b, want %04b", i, cand[c], tt.want[i])
				}
			}
			if found != (tt.in != tt.want) {
				t.Errorf("found = %v", found)
			}
		})
	}
	six, _ := sudoku.Sized(6)
	p6, _ := compile(six)
	rng := rand.New(rand.NewPCG(6, 6))
	for range 2000 {
		s := newSearch(p6)
		cand := make([]mask, p6.nn)
		var in [6]uint32
		for i, c := range p6.houses[:6] {
			in[i] = rng.Uint32N(63) + 1
			cand[c] = mask(in[i])
		}
		want, wantOK := supported(in[:])
		ok, _ := s.filterHouse(p6.houses[:6], cand)
		if ok != wantOK {
			t.Fatalf("%06b: ok = %v, want %v", in, ok, wantOK)
		}
		for i, c := range p6.houses[:6] {
			if ok && cand[c] != mask(want[i]) {
				t.Fatalf("%06b: cell %d keeps %06b, want %06b", in, i, cand[c], want[i])
			}
		}
	}
}

// supported returns, by brute force, the digits of each cell that some
// assignment of distinct digits to all the cells gives it.
func supported(masks []uint32) ([]uint32, bool) {
	out := make([]uint32, len(masks))
	any := false
	var walk func(i int, used uint32, pick []int)
	walk = func(i int, used uint32, pick []int) {
		if i == len(masks) {
			any = true
			for j, d := range pick {
				out[j] |= 1 << d
			}
			return
		}
		for m := masks[i] &^ used; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			walk(i+1, used|1<<d, append(pick, d))
		}
	}
	walk(0, 0, nil)
	return out, any
}

// TestRestartsAgree: with restarts from the first node (a first run of
// one node), General finds the same number of solutions, up to 2, as one
// walk of the tree, on random boards of several rule sets with random
// givens from a solution; each solution found is valid and the second
// differs from the first.
func TestRestartsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	rules := map[string]func() *sudoku.Rules{
		"6x6":    func() *sudoku.Rules { r, _ := sudoku.Sized(6); return r },
		"9x9 X":  func() *sudoku.Rules { r, _ := sudoku.Sized(9); r.Diagonals = sudoku.BothDiagonals; return r },
		"16x16":  func() *sudoku.Rules { r, _ := sudoku.Sized(16); return r },
		"killer": func() *sudoku.Rules { return killerRules(t, rng) },
	}
	for name, mk := range rules {
		t.Run(name, func(t *testing.T) {
			counts := map[int]int{}
			for range 40 {
				r := mk()
				b := sudoku.NewBoard(r)
				full, err := RandomSolution(ctx, b, rng, 0)
				if err != nil {
					t.Fatal(err)
				}
				keep := len(full)/3 + rng.IntN(len(full)/2)
				for _, c := range rng.Perm(len(full))[:keep] {
					b.Cells[c] = full[c]
				}
				want := searchFirst(t, b, 1<<40)
				checkSolutions(t, r, want)
				got := searchFirst(t, b, 1)
				counts[want.Count]++
				if got.Count != want.Count {
					t.Fatalf("%d givens: %d solutions with restarts, %d without", keep, got.Count, want.Count)
				}
				checkSolutions(t, r, got)
			}
			if counts[1] == 0 || counts[2] == 0 {
				t.Errorf("counts %v: want boards of one and of several solutions", counts)
			}
		})
	}
}

// searchFirst searches b for up to 2 solutions with a first run of first
// nodes.
func searchFirst(t *testing.T, b *sudoku.Board, first int64) Result {
	t.Helper()
	p, err := compile(b.Rules)
	if err != nil {
		t.Fatal(err)
	}
	s := p.scratch.Get().(*gsearch)
	defer p.scratch.Put(s)
	s.reset(context.Background(), 2)
	if !s.load(b) {
		return Result{}
	}
	s.run(first, 0)
	return Result{Count: s.count, Solution: append([]uint8(nil), s.sol...), Second: append([]uint8(nil), s.second...), Nodes: s.nodes}
}

// checkSolutions checks the solutions of r: valid, full, distinct.
func checkSolutions(t *testing.T, r *sudoku.Rules, res Result) {
	t.Helper()
	sols := [][]uint8{res.Solution, res.Second}[:min(res.Count, 2)]
	for _, s := range sols {
		full := &sudoku.Board{Rules: r, Cells: s}
		if err := full.Validate(); err != nil || !full.Full() {
			t.Fatalf("solution %v: %v", s, err)
		}
	}
	if len(sols) == 2 && string(sols[0]) == string(sols[1]) {
		t.Fatal("the second solution is the first")
	}
}

// killerRules returns a 9x9 killer whose cages (pairs of cells side by
// side, sums from a random solution) cover part of the grid.
func killerRules(t *testing.T, rng *rand.Rand) *sudoku.Rules {
	r, _ := sudoku.Sized(9)
	plain, _ := sudoku.Sized(9)
	full, err := RandomSolution(context.Background(), sudoku.NewBoard(plain), rng, 0)
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 81; c += 2 + rng.IntN(3) {
		if c%9 == 8 {
			continue
		}
		r.Cages = append(r.Cages, sudoku.Cage{Cells: []int{c, c + 1}, Sum: int(full[c] + full[c+1])})
	}
	return r // not solved before its cages are set: compile keeps a Rules' first program
}

// TestHeavyTail25: 25x25 boards with 295 of their 625 cells given at
// random from a solution (the density where one depth-first walk runs for
// minutes: the first of these ran past 20 s without a solution before
// restarts) each get two valid solutions within a bound of nodes, so
// within seconds; several solutions are proven.
func TestHeavyTail25(t *testing.T) {
	if testing.Short() {
		t.Skip("25x25 searches: seconds")
	}
	rng := rand.New(rand.NewPCG(1, 7))
	r, _ := sudoku.Sized(25)
	const maxNodes = 300_000
	for i := range 6 {
		b := sudoku.NewBoard(r)
		full, err := RandomSolution(context.Background(), b, rng, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range rng.Perm(len(full))[:295] {
			b.Cells[c] = full[c]
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		start := time.Now()
		res, err := Fast.Search(ctx, b, 2)
		cancel()
		t.Logf("board %d: %d nodes, %v", i, res.Nodes, time.Since(start).Round(time.Millisecond))
		if err != nil || res.Count != 2 || res.Nodes > maxNodes {
			t.Fatalf("board %d: %d solutions after %d nodes, %v; want 2 within %d nodes", i, res.Count, res.Nodes, err, maxNodes)
		}
		checkSolutions(t, r, res)
	}
}

// TestRestartsAllocateNothing: once warm, a search that restarts from
// its first node allocates nothing.
func TestRestartsAllocateNothing(t *testing.T) {
	r, _ := sudoku.Sized(16)
	b := sudoku.NewBoard(r)
	p, _ := compile(r)
	s := newSearch(p)
	run := func() {
		s.reset(context.Background(), 2)
		if s.load(b) {
			s.run(1, 0)
		}
	}
	run()
	if s.count != 2 || s.src == nil {
		t.Fatalf("warm-up: %d solutions, restarted %v", s.count, s.src != nil)
	}
	if allocs := testing.AllocsPerRun(20, run); allocs > 0 {
		t.Errorf("a search with restarts allocates %.0f times, want 0", allocs)
	}
}
