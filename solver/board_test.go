package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
)

var variantFiles = []string{"solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt", "solo-2x3di.txt", "solo-4x4di.txt", "solo-3x3di.txt"}

// TestBoardEnginesAgree solves every shared variant puzzle with each board
// engine that takes its rules: each finds exactly the solution given.
func TestBoardEnginesAgree(t *testing.T) {
	ctx := context.Background()
	for _, file := range variantFiles {
		t.Run(file, func(t *testing.T) {
			for i, vc := range dataset.Variants(t, file, 0) {
				for _, e := range Engines() {
					if e == Backtrack && (vc.Board.Size() > 9 || vc.Board.Size() == 9 && i%10 != 0) {
						continue // hours for a 16x16; one 9x9 in ten
					}
					limit := 20 * time.Second
					if e == Backtrack {
						limit = 90 * time.Second // 5 s of CPU on some jigsaws; over 20 s in CI under load
					}
					bctx, cancel := context.WithTimeout(ctx, limit)
					r, err := Solve(bctx, e, vc.Board)
					cancel()
					if errors.Is(err, ErrUnsupported) {
						continue
					}
					if err != nil || string(r.Solution) != string(vc.Solution) {
						t.Errorf("puzzle %d, %s: got %v, %v; want the solution given", i+1, e.Name(), r.Solution, err)
					}
				}
			}
		})
	}
}

func TestDLXBoardRefusesSums(t *testing.T) {
	vcs := dataset.Variants(t, "solo-3x3kdi.txt", 0)
	_, err := DLX.Search(context.Background(), vcs[0].Board, 2)
	if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "killer cage sums") {
		t.Errorf("got %v, want ErrUnsupported naming the cage sums", err)
	}
}

// board makes a board of rules r with givens from a line (digits, A..P,
// . for empty).
func board(t testing.TB, r *sudoku.Rules, line string) *sudoku.Board {
	t.Helper()
	b := sudoku.NewBoard(r)
	if len(line) != len(b.Cells) {
		t.Fatalf("%d cells, want %d", len(line), len(b.Cells))
	}
	for i := range len(line) {
		if d, ok := sudoku.ParseDigit(line[i]); ok {
			b.Cells[i] = uint8(d)
		}
	}
	return b
}

func sized(t testing.TB, n int) *sudoku.Rules {
	r, err := sudoku.Sized(n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBoardRules checks counts on rule sets the shared files lack,
// against plain backtracking: anti-knight, anti-king, odd/even, extra
// regions, cages without sums, windoku, disjoint, sizes 4, 8 and 12, and
// puzzles with none or several solutions.
func TestBoardRules(t *testing.T) {
	knight := sized(t, 6)
	knight.AntiKnight = true
	king := sized(t, 6)
	king.AntiKing = true
	odd := sized(t, 4)
	odd.Parity = []sudoku.Parity{1, 2, 0, 0, 0, 0, 1, 2, 2, 0, 0, 0, 0, 0, 0, 1}
	extra := sized(t, 6)
	extra.Extra = [][]int{{0, 7, 14}, {5, 10, 15, 20, 25, 30}}
	nosum := sized(t, 6)
	nosum.Cages = []sudoku.Cage{{Cells: []int{0, 1, 6}}, {Cells: []int{34, 35}}}
	killer := sized(t, 4)
	killer.Cages = []sudoku.Cage{{Cells: []int{0, 1}, Sum: 3}, {Cells: []int{2, 3}, Sum: 7}, {Cells: []int{4, 8}, Sum: 7}, {Cells: []int{15, 14}, Sum: 5}}
	windoku := sudoku.Classic()
	windoku.Windoku = true
	disjoint := sudoku.Classic()
	disjoint.Disjoint = true
	for _, tc := range []struct {
		name  string
		b     *sudoku.Board
		limit int
	}{
		{"4x4 empty", board(t, sized(t, 4), strings.Repeat(".", 16)), 300},
		{"4x4 odd/even", board(t, odd, strings.Repeat(".", 16)), 300},
		{"4x4 killer", board(t, killer, strings.Repeat(".", 16)), 300},
		{"6x6 anti-knight", board(t, knight, "1....."+strings.Repeat(".", 30)), 1000},
		{"6x6 anti-king", board(t, king, "12...."+strings.Repeat(".", 30)), 1000},
		{"6x6 extra regions", board(t, extra, "1.2..."+strings.Repeat(".", 30)), 1000},
		{"6x6 cages without sums", board(t, nosum, "123..."+"456..."+strings.Repeat(".", 24)), 1000},
		{"8x8", board(t, sized(t, 8), "12345678"+"5678...."+strings.Repeat(".", 32)+"8765432."+"........"), 50},
		{"windoku", board(t, windoku, "123456789"+strings.Repeat(".", 72)), 20},
		{"disjoint", board(t, disjoint, "123456789"+strings.Repeat(".", 72)), 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			want, err := Backtrack.Search(ctx, tc.b, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range []Engine{Fast, DLX} {
				got, err := e.Search(ctx, tc.b, tc.limit)
				if errors.Is(err, ErrUnsupported) {
					continue
				}
				if err != nil || got.Count != want.Count {
					t.Errorf("%s: got %d solutions (%v), backtracking finds %d", e.Name(), got.Count, err, want.Count)
				}
				if got.Count > 0 {
					sol := &sudoku.Board{Rules: tc.b.Rules, Cells: got.Solution}
					if err := sol.Validate(); err != nil || !sol.Full() {
						t.Errorf("%s: the solution breaks the rules: %v", e.Name(), err)
					}
				}
			}
		})
	}
}

// TestBoardLarge compares General and DLX where plain backtracking would
// take too long: several solutions of a 12x12 with one row given, the
// first solutions of an empty 25x25, and a windoku whose givens clash
// only in a house the windows imply (rows 1, 5, 9 by columns 1, 5, 9),
// which a search that branches on cells alone takes minutes to refute.
func TestBoardLarge(t *testing.T) {
	ctx := context.Background()
	windoku := sudoku.Classic()
	windoku.Windoku = true
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	for _, tc := range []struct {
		name        string
		b           *sudoku.Board
		limit, want int
	}{
		{"12x12 several", board(t, sized(t, 12), "123456789ABC"+strings.Repeat(".", 132)), 3, 3},
		{"25x25 empty", board(t, sized(t, 25), strings.Repeat(".", 625)), 2, 2},
		{"X no place for 1 on a diagonal", board(t, x, ".1......."+strings.Repeat(".", 18)+"....1...."+strings.Repeat(".", 18)+".......1."+strings.Repeat(".", 18)), 2, 0},
		{"windoku implied clash", board(t, windoku, "12345678."+strings.Repeat(".", 63)+"........1"), 2, 0},
	} {
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		g, err := Fast.Search(ctx, tc.b, tc.limit)
		d, err2 := DLX.Search(ctx, tc.b, tc.limit)
		cancel()
		if err != nil || err2 != nil || g.Count != tc.want || d.Count != tc.want {
			t.Errorf("%s: general %d (%v), dlx %d (%v), want %d each", tc.name, g.Count, err, d.Count, err2, tc.want)
		}
		if tc.want == 0 {
			continue
		}
		for _, r := range []Result{g, d} {
			sol := &sudoku.Board{Rules: tc.b.Rules, Cells: r.Solution}
			if err := sol.Validate(); err != nil || !sol.Full() {
				t.Errorf("%s: a solution breaks the rules: %v", tc.name, err)
			}
		}
	}
}

func TestGeneralAllocatesNothing(t *testing.T) {
	vcs := dataset.Variants(t, "solo-3x3kdi.txt", 0)
	ctx := context.Background()
	Fast.Search(ctx, vcs[0].Board, 2) // compile and pool
	s, _ := compile(vcs[0].Board.Rules)
	g := s.scratch.Get().(*gsearch)
	s.scratch.Put(g)
	allocs := testing.AllocsPerRun(50, func() {
		sc := s.scratch.Get().(*gsearch)
		sc.reset(ctx, 2)
		if sc.load(vcs[0].Board) {
			sc.solve(0)
		}
		s.scratch.Put(sc)
	})
	if allocs > 0 {
		t.Errorf("a search allocates %.0f times, want 0", allocs)
	}
}

func TestBoardContextStops(t *testing.T) {
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, b := range []*sudoku.Board{board(t, sized(t, 16), strings.Repeat(".", 256)), board(t, x, strings.Repeat(".", 81))} {
		for _, e := range Engines() {
			r, err := e.Search(ctx, b, 1<<30)
			if errors.Is(err, ErrUnsupported) {
				continue
			}
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s, %s: got %v after %d nodes, want context.Canceled", e.Name(), b.Rules.Name(), err, r.Nodes)
			}
		}
	}
}

// TestGeneralForgetsRules checks that the compiled rule sets go with
// their Rules: solving many fresh 6x6 boards keeps the cache small (9x9
// jigsaws go to Bitboard, which caches nothing).
func TestGeneralForgetsRules(t *testing.T) {
	vcs := dataset.Variants(t, "solo-2x3di.txt", 0)
	ctx := context.Background()
	for i := range 200 {
		b, err := sudoku.ParseSolo(vcs[i%len(vcs)].ID)
		if err != nil {
			t.Fatal(err)
		}
		Fast.Search(ctx, b, 2)
	}
	var n int
	for range 10 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		n = 0
		programs.Range(func(_, _ any) bool { n++; return true })
		if n < 20 {
			return
		}
	}
	t.Errorf("%d compiled rule sets kept after 200 solves and a collection, want fewer than 20", n)
}

// FuzzSolveBoard solves Solo game IDs with General and dancing links,
// each stopped after 50 ms: when both finish they agree on the count, and
// every solution keeps the rules.
func FuzzSolveBoard(f *testing.F) {
	for _, s := range []string{"2x3:d4a5d6a1a3d4a1a1d2a2d", "2x2:a1g", "3x3x:zzzc", "3x2:2_1l", "9j:zzzc,aaaca_aabaa____a_baa_abbbad_a__ei_ba_bbbeafaa_bbdaa__b_ad_a",
		"3x3k:zzzc,b_a_baaaab____a__________aa_____a___________a___abc__ab____ba___aaa_aa____ab__a_aba__a__a__a_aaaa,15b23_13a14_8a10c3c12_5a14b12_17_11a13_6a3_16c8a20_9b11c16b7_26_6_13a8b12c5_11b11c34e13f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := sudoku.ParseSolo(s)
		if err != nil || b.Validate() != nil {
			return
		}
		var counts []int
		for _, e := range []Engine{Fast, DLX} {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			r, err := e.Search(ctx, b, 2)
			cancel()
			if err != nil {
				if !errors.Is(err, ErrUnsupported) && !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("%s: %v", e.Name(), err)
				}
				continue
			}
			if r.Count > 0 {
				sol := &sudoku.Board{Rules: b.Rules, Cells: r.Solution}
				if err := sol.Validate(); err != nil || !sol.Full() {
					t.Fatalf("%s: a solution breaks the rules: %v", e.Name(), err)
				}
			}
			counts = append(counts, r.Count)
		}
		if len(counts) == 2 && counts[0] != counts[1] {
			t.Errorf("general finds %d solutions, dlx %d", counts[0], counts[1])
		}
	})
}

// TestGeneralSecondSolution: on a board of other rules with several
// solutions, General reports a second one, valid and other than the
// first; RandomSolution draws a valid solution and reproduces from a seed.
func TestGeneralSecondSolution(t *testing.T) {
	six, _ := sudoku.Sized(6)
	b := sudoku.NewBoard(six)
	res, err := Fast.Search(context.Background(), b, 2)
	if err != nil || res.Count != 2 || res.Second == nil {
		t.Fatalf("empty 6x6: %+v, %v; want two solutions and the second", res, err)
	}
	for _, s := range [][]uint8{res.Solution, res.Second} {
		full := &sudoku.Board{Rules: six, Cells: s}
		if err := full.Validate(); err != nil || !full.Full() {
			t.Fatalf("solution %v: %v", s, err)
		}
	}
	if string(res.Solution) == string(res.Second) {
		t.Error("the second solution is the first")
	}
	r1, err1 := RandomSolution(context.Background(), b, rand.New(rand.NewPCG(1, 2)), 0)
	r2, err2 := RandomSolution(context.Background(), b, rand.New(rand.NewPCG(1, 2)), 0)
	if err1 != nil || err2 != nil || string(r1) != string(r2) {
		t.Fatalf("RandomSolution: %v %v, same seed gave %v and %v", err1, err2, r1, r2)
	}
	if err := (&sudoku.Board{Rules: six, Cells: r1}).Validate(); err != nil {
		t.Fatal(err)
	}
	// No solution, and a budget spent.
	bad := sudoku.NewBoard(six)
	bad.Cells[0], bad.Cells[7] = 1, 1 // r1c1 and r2c2 share a box
	if _, err := RandomSolution(context.Background(), bad, rand.New(rand.NewPCG(1, 2)), 0); err == nil {
		t.Error("a board whose givens clash: no error")
	}
	big, _ := sudoku.Sized(16)
	if _, err := RandomSolution(context.Background(), sudoku.NewBoard(big), rand.New(rand.NewPCG(1, 2)), 1); !errors.Is(err, ErrBudget) {
		t.Errorf("16x16 with a budget of 1 node: %v, want ErrBudget", err)
	}
}
