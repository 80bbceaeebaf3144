package generate

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sudoku/ilp"
	"testing"
	"time"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

// boardKinds are the rule sets the variant generator is tested and
// measured on.
func boardKinds(t testing.TB) []struct {
	name string
	o    Options
} {
	sized := func(n int) *sudoku.Rules {
		r, err := sudoku.Sized(n)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	win := sudoku.Classic()
	win.Windoku = true
	knight := sudoku.Classic()
	knight.AntiKnight = true
	return []struct {
		name string
		o    Options
	}{
		{"x", Options{Rules: x}},
		{"windoku", Options{Rules: win}},
		{"anti-knight", Options{Rules: knight}},
		{"jigsaw", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw}},
		{"killer", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller}},
		{"killer-givens", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller, Givens: true}},
		{"killer-cage-1", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller, MinCage: 1}},
		{"6x6", Options{Rules: sized(6)}},
		{"6x6-jigsaw", Options{Rules: sized(6), Variant: sudoku.VariantJigsaw}},
		{"16x16", Options{Rules: sized(16)}},
		{"x-rot180", Options{Rules: x, Symmetry: Rot180}},
		{"x-minimal", Options{Rules: x, Minimal: true}},
		{"jigsaw-minimal", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw, Minimal: true}},
		{"killer-givens-minimal", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller, Givens: true, Minimal: true}},
	}
}

// TestGenerateBoard: every kind of puzzle comes out valid, with its rules
// (regions connected, cages of distinct digits and right sums), unique by
// an engine other than the one that made it (dancing links, or the 0-1
// model where cage sums rule dancing links out), minimal, and
// symmetric when asked.
func TestGenerateBoard(t *testing.T) {
	for _, k := range boardKinds(t) {
		t.Run(k.name, func(t *testing.T) {
			for seed := range uint64(3) {
				p, err := Generate(context.Background(), k.o, Source(seed, 0))
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Puzzle.Validate(); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := p.Solution.Validate(); err != nil || !p.Solution.Full() {
					t.Fatalf("seed %d: solution %v (full %v)", seed, err, p.Solution.Full())
				}
				check := solver.DLX
				if k.o.draws(sudoku.VariantKiller) {
					check = ilp.Engine // dancing links takes no sums; backtracking is too slow on cages of 2 cells and up
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				res, err := check.Search(ctx, p.Puzzle, 2)
				cancel()
				if err != nil || res.Count != 1 || !slices.Equal(res.Solution, p.Solution.Cells) {
					t.Fatalf("seed %d: %s finds %d solutions (%v)", seed, check.Name(), res.Count, err)
				}
				for _, cg := range p.Puzzle.Rules.Cages {
					if min := cmp.Or(k.o.MinCage, 2); len(cg.Cells) < min || len(cg.Cells) > 5 {
						t.Errorf("seed %d: a cage of %d cells (want %d to 5)", seed, len(cg.Cells), min)
					}
				}
				if k.o.draws(sudoku.VariantKiller) && !k.o.Givens && p.Puzzle.Clues() != 0 {
					t.Errorf("seed %d: a killer without givens has %d", seed, p.Puzzle.Clues())
				}
				if k.o.Minimal {
					if c := redundantGiven(p.Puzzle); c >= 0 && k.o.Symmetry == None {
						t.Errorf("seed %d: not minimal: the given at %d can go", seed, c)
					}
				}
				if k.o.Symmetry == Rot180 {
					n := p.Puzzle.Size()
					for c, v := range p.Puzzle.Cells {
						if (v == 0) != (p.Puzzle.Cells[n*n-1-c] == 0) {
							t.Fatalf("seed %d: givens not symmetric under a half turn at %d", seed, c)
						}
					}
				}
				t.Logf("seed %d: %d givens, %d cages, %d checks", seed, p.Puzzle.Clues(), len(p.Puzzle.Rules.Cages), p.Checks)
			}
		})
	}
}

// redundantGiven returns a given whose removal keeps one solution, or -1.
func redundantGiven(p *sudoku.Board) int {
	q := p.Clone()
	for c, v := range p.Cells {
		if v == 0 {
			continue
		}
		q.Cells[c] = 0
		res, err := solver.Fast.Search(context.Background(), q, 2)
		q.Cells[c] = v
		if err == nil && res.Count == 1 {
			return c
		}
	}
	return -1
}

// TestGenerateBoardSeed: the same seed makes the same puzzle.
func TestGenerateBoardSeed(t *testing.T) {
	for _, k := range boardKinds(t)[3:5] {
		a, err1 := Generate(context.Background(), k.o, Source(7, 3))
		b, err2 := Generate(context.Background(), k.o, Source(7, 3))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		fa, _ := sudoku.FormatBoard(a.Puzzle, "solo")
		fb, _ := sudoku.FormatBoard(b.Puzzle, "solo")
		if fa != fb {
			t.Errorf("%s: seed 7 gave %s and %s", k.name, fa, fb)
		}
	}
}

// BenchmarkGenerateBoardHard reports puzzles/s at the level Hard (ER 2.6
// to 4.0 by logic.RateBoard): the level of every one of Solo's
// "intermediate" puzzles in ../shared (TestBoardLogicShared), so the
// level to compare with Solo's speeds.
func BenchmarkGenerateBoardHard(b *testing.B) {
	lo, hi := logic.Hard.Range()
	for _, k := range boardKinds(b)[:9] {
		if k.o.Givens && k.o.draws(sudoku.VariantKiller) {
			continue // cages and givens together are never Hard
		}
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			o := k.o // the CLI's options: dug within the level
			o.MinER, o.MaxER = lo, hi
			tries := 0
			for i := 0; b.Loop(); i++ {
				p, err := Generate(context.Background(), o, Source(1, i))
				if err != nil {
					b.Fatal(err)
				}
				tries += p.Tries
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(tries)/float64(b.N), "tries/puzzle")
		})
	}
}

// BenchmarkGenerateBoard reports puzzles/s per kind, one core.
func BenchmarkGenerateBoard(b *testing.B) {
	for _, k := range boardKinds(b) {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			checks := 0
			for i := 0; b.Loop(); i++ {
				p, err := Generate(context.Background(), k.o, Source(1, i))
				if err != nil {
					b.Fatal(err)
				}
				checks += p.Checks
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(checks)/float64(b.N), "checks/puzzle")
		})
	}
}

var _ = fmt.Sprint

// TestSymmetricRegions: the layouts are valid jigsaws (N connected
// regions of N cells), a half turn maps every region onto a region, and
// they are not the boxes.
func TestSymmetricRegions(t *testing.T) {
	for _, n := range []int{6, 9, 16} {
		rules, _ := sudoku.Sized(n)
		for seed := range uint64(5) {
			reg := SymmetricRegions(rules, Source(seed, 0))
			jig := rules.Clone()
			jig.Regions = reg
			if _, err := jig.Layout(); err != nil {
				t.Fatalf("%dx%d seed %d: %v", n, n, seed, err)
			}
			sym := map[uint8]uint8{}
			for c, g := range reg {
				h := reg[n*n-1-c]
				if m, ok := sym[g]; ok && m != h {
					t.Fatalf("%dx%d seed %d: region %d maps onto regions %d and %d", n, n, seed, g, m, h)
				}
				sym[g] = h
			}
			if slices.Equal(reg, startRegions(rules)) {
				t.Errorf("%dx%d seed %d: the boxes, not a jigsaw", n, n, seed)
			}
		}
	}
	p, err := Generate(context.Background(), Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw, SymmetricRegions: true, Symmetry: Rot180}, Source(3, 0))
	if err != nil {
		t.Fatal(err)
	}
	for c, g := range p.Puzzle.Rules.Regions {
		_ = g
		if (p.Puzzle.Cells[c] == 0) != (p.Puzzle.Cells[80-c] == 0) {
			t.Fatal("givens not symmetric")
		}
	}
}

// TestGenerateBoard25: a 25x25 is dug to its target of 45% givens in
// seconds (its uniqueness checks near the target ran for minutes each
// before they had a budget) and comes out unique by an exact search.
func TestGenerateBoard25(t *testing.T) {
	if testing.Short() {
		t.Skip("25x25: seconds")
	}
	r, _ := sudoku.Sized(25)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p, err := Generate(ctx, Options{Rules: r}, Source(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	givens := 0
	for _, v := range p.Puzzle.Cells {
		if v != 0 {
			givens++
		}
	}
	if want := DefaultTarget(625); givens != want {
		t.Errorf("%d givens, want the target %d", givens, want)
	}
	res, err := solver.Fast.Search(ctx, p.Puzzle, 2)
	if err != nil || res.Count != 1 || string(res.Solution) != string(p.Solution.Cells) {
		t.Errorf("%d solutions (%v), want the one generated", res.Count, err)
	}
}

// TestGenerateConstraints: kropki and XV puzzles (every dot given, with
// their negative rules) and thermometer puzzles come out unique, their
// constraints kept by the solution, dug to as few givens as they take,
// and read back the same through f-puzzles.
func TestGenerateConstraints(t *testing.T) {
	tests := []struct {
		name      string
		o         Options
		kinds     []string
		maxGivens int
	}{
		{"kropki", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKropki}, []string{"difference", "ratio"}, 10},
		{"xv", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantXV}, []string{"xv"}, 20},
		{"thermo", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantThermo}, []string{"thermometer"}, 30},
		{"arrow", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantArrow}, []string{"arrow"}, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range 3 {
				p, err := Generate(context.Background(), tt.o, Source(uint64(seed), 0))
				if err != nil {
					t.Fatal(err)
				}
				checkConstrained(t, p, tt.kinds, tt.maxGivens)
			}
		})
	}
}

// Constraint families are not offered at Easy (singles only): their
// puzzles need constraint steps, rated logic.ConstraintStepRating and up.
func TestGenerateConstraintsLevels(t *testing.T) {
	easy, _ := logic.Easy.Range()
	_, medium := logic.Medium.Range()
	for _, tt := range []struct {
		name  string
		maxER logic.Rating
		ok    bool
	}{{"easy", easy, false}, {"medium", medium, true}, {"any", 0, true}} {
		t.Run(tt.name, func(t *testing.T) {
			o := Options{Rules: sudoku.Classic(), Variant: sudoku.VariantThermo, MaxER: tt.maxER}
			if err := o.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate: %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// checkConstrained checks a generated puzzle with constraints: unique,
// its solution keeps them, its kinds, its givens, its f-puzzles form.
func checkConstrained(t *testing.T, p Puzzle, kinds []string, maxGivens int) {
	t.Helper()
	res, err := solver.Fast.Search(context.Background(), p.Puzzle, 2)
	if err != nil || res.Count != 1 || string(res.Solution) != string(p.Solution.Cells) {
		t.Fatalf("%d solutions (%v), want the one generated", res.Count, err)
	}
	for _, k := range p.Puzzle.Rules.Constraints {
		if !slices.Contains(kinds, k.Kind()) {
			t.Errorf("a %s constraint, want only %v", k.Kind(), kinds)
		}
		if err := k.Check(p.Solution.Cells); err != nil {
			t.Errorf("the solution breaks %v: %v", k, err)
		}
	}
	if g := p.Puzzle.Clues(); g > maxGivens {
		t.Errorf("%d givens, want at most %d", g, maxGivens)
	}
	fp, err := sudoku.FormatBoard(p.Puzzle, sudoku.FormFPuzzles)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := sudoku.ParseBoard(fp)
	if err != nil || len(back.Rules.Constraints) != len(p.Puzzle.Rules.Constraints) || string(back.Cells) != string(p.Puzzle.Cells) {
		t.Errorf("f-puzzles read back: %v", err)
	}
}

// BenchmarkGenerateConstraints reports puzzles/s per family of
// constraints (any rating; --level rates with the logic of any rules),
// one core, distinct puzzles.
func BenchmarkGenerateConstraints(b *testing.B) {
	for _, k := range []struct {
		name string
		o    Options
	}{
		{"kropki", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKropki}},
		{"xv", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantXV}},
		{"thermo", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantThermo}},
		{"arrow", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantArrow}},
	} {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			checks := 0
			for i := 0; b.Loop(); i++ {
				p, err := Generate(context.Background(), k.o, Source(1, i))
				if err != nil {
					b.Fatal(err)
				}
				checks += p.Checks
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(checks)/float64(b.N), "checks/puzzle")
		})
	}
}

// Cages of one cell are allowed only when asked; 3 and up is refused.
func TestValidateCageSizes(t *testing.T) {
	for _, tt := range []struct {
		name     string
		min, max int
		ok       bool
	}{{"defaults", 0, 0, true}, {"one cell", 1, 5, true}, {"two", 2, 9, true}, {"three", 3, 5, false},
		{"negative", -1, 5, false}, {"max too big", 2, 10, false}, {"max one", 1, 1, false}} {
		t.Run(tt.name, func(t *testing.T) {
			o := Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller, MinCage: tt.min, MaxCage: tt.max}
			if err := o.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate: %v, want ok %v", err, tt.ok)
			}
		})
	}
}
