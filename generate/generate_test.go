package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

func TestFullValidAndUnbiased(t *testing.T) {
	const n = 4000
	r := rand.New(rand.NewPCG(42, 1))
	var freq [81][10]int
	for range n {
		g := Full(r)
		if !g.Full() || g.Validate() != nil {
			t.Fatalf("not a valid full grid: %v", g)
		}
		for c, v := range g {
			freq[c][v]++
		}
	}
	// Each (cell, digit) count is binomial(n, 1/9). Chi-square over each
	// cell's nine digits has 8 degrees of freedom: mean 8, and 40 is
	// beyond its 99.9999th percentile. The largest z-score over the 729
	// counts is bounded as well.
	exp := float64(n) / 9
	sd := math.Sqrt(float64(n) * (1.0 / 9) * (8.0 / 9))
	total := 0.0
	for c := range freq {
		chi := 0.0
		for d := 1; d <= 9; d++ {
			diff := float64(freq[c][d]) - exp
			chi += diff * diff / exp
			if z := math.Abs(diff) / sd; z > 5.5 {
				t.Errorf("%v holds %d %d times in %d grids: z = %.1f", sudoku.Cell(c), d, freq[c][d], n, z)
			}
		}
		total += chi
		if chi > 40 {
			t.Errorf("%v: chi-square %.1f over the digits, want <= 40", sudoku.Cell(c), chi)
		}
	}
	// Summed over the 81 cells: 648 degrees of freedom (sd 36).
	if total > 648+6*36 {
		t.Errorf("chi-square over all cells %.0f, want <= %d", total, 648+6*36)
	}
}

func TestMixMovesKeepGridsValid(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	g := Full(r)
	for i := range 5000 {
		mix(&g, r)
		if g.Validate() != nil || !g.Full() {
			t.Fatalf("move %d broke the grid: %v", i, g)
		}
	}
}

func TestParseSymmetry(t *testing.T) {
	for _, s := range Symmetries() {
		got, err := ParseSymmetry(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSymmetry(%q): got %v, %v, want %v", s.String(), got, err, s)
		}
	}
	if _, err := ParseSymmetry("spiral"); err == nil {
		t.Error(`ParseSymmetry("spiral"): got no error`)
	}
}

func TestOrbits(t *testing.T) {
	tests := []struct {
		s      Symmetry
		orbits int
	}{{None, 81}, {Rot180, 41}, {Rot90, 21}, {Horizontal, 45}, {Vertical, 45}, {Diagonal, 45}, {AntiDiagonal, 45}, {Dihedral, 15}}
	for _, tt := range tests {
		t.Run(tt.s.String(), func(t *testing.T) {
			n := 0
			var seen [81]bool
			for _, o := range tt.s.Orbits() {
				for _, c := range o {
					if seen[c] {
						t.Fatalf("%v in two orbits", c)
					}
					seen[c] = true
					n++
				}
			}
			if got := len(tt.s.Orbits()); got != tt.orbits || n != 81 {
				t.Errorf("got %d orbits over %d cells, want %d over 81", got, n, tt.orbits)
			}
		})
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		n    int
	}{
		{"plain", Options{}, 20},
		{"plain minimal", Options{Minimal: true}, 10},
		{"clues 30-32", Options{MinClues: 30, MaxClues: 32}, 10},
		{"minimal 22-24", Options{Minimal: true, MinClues: 22, MaxClues: 24}, 5},
		{"max 23", Options{MaxClues: 23}, 3},
	}
	for _, s := range Symmetries()[1:] {
		tests = append(tests, struct {
			name string
			o    Options
			n    int
		}{s.String(), Options{Symmetry: s}, 10})
	}
	for _, s := range []Symmetry{Rot180, Rot90, Horizontal, Vertical, Diagonal, AntiDiagonal} {
		tests = append(tests, struct {
			name string
			o    Options
			n    int
		}{s.String() + " minimal", Options{Symmetry: s, Minimal: true}, 3})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range tt.n {
				p, err := genClassic(tt.o, 1, i)
				if err != nil {
					t.Fatal(err)
				}
				checkPuzzle(t, p, tt.o)
			}
		})
	}
}

func checkPuzzle(t *testing.T, p Puzzle, o Options) {
	t.Helper()
	if got := solver.CountGrid(p.Grid(), 2); got != 1 {
		t.Fatalf("%v: got %d solutions, want 1", p.Grid(), got)
	}
	if g := p.Grid(); !p.SolutionGrid().IsSolutionOf(&g) {
		t.Errorf("%v: %v is not its solution", p.Grid(), p.SolutionGrid())
	}
	if !o.Symmetry.Holds(p.Grid()) {
		t.Errorf("%v: not %v symmetric", p.Grid(), o.Symmetry)
	}
	n := p.Grid().Clues()
	if n < o.MinClues || o.MaxClues > 0 && n > o.MaxClues {
		t.Errorf("%v: %d clues, want %d-%d", p.Grid(), n, o.MinClues, o.MaxClues)
	}
	if o.Minimal && !minimalByCount(p.Grid()) {
		t.Errorf("%v: not minimal", p.Grid())
	}
	if !o.Minimal && n > o.MinClues {
		// No orbit can go (MinClues did not stop the digging).
		for _, orb := range o.Symmetry.Orbits() {
			if p.Grid()[orb[0]] == 0 || n-len(orb) < o.MinClues {
				continue
			}
			q := p.Grid()
			for _, c := range orb {
				q[c] = 0
			}
			if solver.CountGrid(q, 2) == 1 {
				t.Errorf("%v: orbit of %v could go", p.Grid(), orb[0])
			}
		}
	}
	if p.Tries < 1 || p.Checks < 1 {
		t.Errorf("tries %d, checks %d: want at least 1", p.Tries, p.Checks)
	}
}

func TestReproducible(t *testing.T) {
	for _, o := range []Options{{Symmetry: Rot180}, {Symmetry: Vertical, Minimal: true, NoRating: true}} {
		var first []sudoku.Grid
		for i := range 5 {
			p, _ := genClassic(o, 99, i)
			first = append(first, p.Grid())
		}
		// Backwards, as another worker order would.
		for i := 4; i >= 0; i-- {
			p, _ := genClassic(o, 99, i)
			if p.Grid() != first[i] {
				t.Errorf("%+v puzzle %d: got %v, want %v", o, i, p.Grid(), first[i])
			}
		}
		if p, _ := genClassic(o, 100, 0); p.Grid() == first[0] {
			t.Errorf("%+v: seeds 99 and 100 gave the same first puzzle", o)
		}
		a, _ := newGen(o, rand.New(rand.NewPCG(5, 6)))
		b, _ := newGen(o, rand.New(rand.NewPCG(5, 6)))
		for i := range 3 {
			pa, _ := a.generate(context.Background())
			pb, _ := b.generate(context.Background())
			if pa != pb {
				t.Errorf("%+v: generator puzzle %d differs: %v, %v", o, i, pa.grid, pb.grid)
			}
		}
	}
}

func TestOptionsErrors(t *testing.T) {
	tests := []struct {
		name string
		o    Options
	}{
		{"unknown symmetry", Options{Symmetry: 42}},
		{"min above max", Options{MinClues: 30, MaxClues: 25}},
		{"max below 17", Options{MaxClues: 16}},
		{"over 81", Options{MinClues: 82}},
		{"negative tries", Options{MaxTries: -1}},
		{"no clue count of rot90 in range", Options{Symmetry: Rot90, MinClues: 30, MaxClues: 31}},
		{"rating min above max", Options{MinER: 40, MaxER: 30}},
		{"rating below 1.0", Options{MaxER: 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := newGen(tt.o, Source(1, 0)); err == nil {
				t.Errorf("got no error for %+v", tt.o)
			}
		})
	}
	_, err := genClassic(Options{Minimal: true, MinClues: 40, MaxTries: 3}, 1, 0)
	if !errors.Is(err, ErrTooManyTries) {
		t.Errorf("minimal with 40 clues: got %v, want ErrTooManyTries", err)
	}
}

func ExampleGenerate() {
	p, err := genClassic(Options{Symmetry: Rot180}, 1, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(solver.UniqueGrid(p.Grid()), Rot180.Holds(p.Grid()))
	// Output: true true
}

// BenchmarkGenerate makes puzzles with no orbit removable, and minimal ones
// (clue by clue), for each symmetry, single thread.
func BenchmarkGenerate(b *testing.B) {
	for _, minimal := range []bool{false, true} {
		for _, s := range Symmetries() {
			name := s.String()
			if minimal {
				name += "/minimal"
			}
			b.Run(name, func(b *testing.B) {
				g, err := newGen(Options{Symmetry: s, Minimal: minimal, NoRating: true}, Source(1, 0))
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				tries, checks, clues := 0, 0, 0
				for b.Loop() {
					p, err := g.generate(context.Background())
					if err != nil {
						b.Fatal(err)
					}
					tries += p.tries
					checks += p.checks
					clues += p.grid.Clues()
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(tries)/float64(b.N), "tries/puzzle")
				b.ReportMetric(float64(clues)/float64(b.N), "clues/puzzle")
				b.ReportMetric(float64(checks)/float64(b.N), "checks/puzzle")
			})
		}
	}
}

// TestTarget generates puzzles of each level up to Expert and checks the
// rating is in the level's range and is logic.Rate's.
func TestTarget(t *testing.T) {
	for i, lv := range logic.Levels[:4] {
		var lo logic.Rating
		if i > 0 {
			lo = logic.Levels[i-1].MaxER + 1
		}
		for _, sym := range []Symmetry{None, Rot180} {
			t.Run(lv.Name+"/"+sym.String(), func(t *testing.T) {
				o := Options{Symmetry: sym, MinER: lo, MaxER: lv.MaxER}
				for k := range 3 {
					p, err := genClassic(o, 7, k)
					if err != nil {
						t.Fatalf("puzzle %d: %v", k, err)
					}
					want, err := logic.Rate(p.Grid())
					if err != nil || want != p.Rating {
						t.Errorf("puzzle %d %v: rating %+v, logic.Rate gives %+v, %v", k, p.Grid().Line('.'), p.Rating, want, err)
					}
					if p.Rating.ER < lo || p.Rating.ER > lv.MaxER {
						t.Errorf("puzzle %d: ER %v, want %v-%v", k, p.Rating.ER, lo, lv.MaxER)
					}
					if !solver.UniqueGrid(p.Grid()) || !sym.Holds(p.Grid()) {
						t.Errorf("puzzle %d %v: not unique or not %v", k, p.Grid().Line('.'), sym)
					}
				}
			})
		}
	}
}

// TestTargetMinimalHard asks for minimal puzzles rated 6.5 or more: the
// climb from too easy puzzles must reach them.
func TestTargetMinimalHard(t *testing.T) {
	o := Options{Minimal: true, MinER: 65}
	for k := range 2 {
		p, err := genClassic(o, 3, k)
		if err != nil {
			t.Fatalf("puzzle %d: %v", k, err)
		}
		if p.Rating.ER < 65 || !minimalByCount(p.Grid()) {
			t.Errorf("puzzle %d %v: ER %v, minimal %v", k, p.Grid().Line('.'), p.Rating.ER, minimalByCount(p.Grid()))
		}
	}
}

// BenchmarkTarget makes puzzles of each level, and puzzles rated 7.0 or
// more, single thread, with the tries per accepted puzzle.
func BenchmarkTarget(b *testing.B) {
	type target struct {
		name     string
		min, max logic.Rating
	}
	var targets []target
	for i, lv := range logic.Levels {
		var lo, hi logic.Rating
		if i > 0 {
			lo = logic.Levels[i-1].MaxER + 1
		}
		if i < len(logic.Levels)-1 {
			hi = lv.MaxER
		}
		targets = append(targets, target{lv.Name, lo, hi})
	}
	targets = append(targets, target{"ER7.0+", 70, 0})
	for _, tg := range targets {
		b.Run(tg.name, func(b *testing.B) {
			g, err := newGen(Options{MinER: tg.min, MaxER: tg.max}, Source(1, 0))
			if err != nil {
				b.Fatal(err)
			}
			tries := 0
			for b.Loop() {
				p, err := g.generate(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				tries += p.tries
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(tries)/float64(b.N), "tries/puzzle")
		})
	}
}

func BenchmarkFull(b *testing.B) {
	r := Source(1, 0)
	b.ReportAllocs()
	for b.Loop() {
		Full(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
}

// TestGenerateNeeds: every puzzle made for a technique needs it: its
// explain path uses it, with nothing harder (or, with an only-before
// kind, nothing but those steps) before its first use.
func TestGenerateNeeds(t *testing.T) {
	for _, tt := range []struct{ tech, before string }{{"x-wing", ""}, {"xy-wing", ""}, {"naked pair", "singles"}, {"skyscraper", ""}, {"x-chain", ""}, {"als-xz", "subsets"}} {
		need, err := logic.ParseNeed(tt.tech, tt.before)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			p, err := genClassic(Options{Needs: need, MaxTries: 20000}, 5, i)
			if err != nil {
				t.Fatalf("%s: %v", tt.tech, err)
			}
			path, err := logic.Path(p.Grid())
			if err != nil {
				t.Fatalf("%s: %v", tt.tech, err)
			}
			k, ok := need.MetOn(p.Grid(), path)
			if !ok {
				t.Fatalf("%s (%q): %s does not need it", tt.tech, tt.before, p.Grid().Line('.'))
			}
			for _, s := range path[:k] {
				if k < len(path) && s.Rating > max(path[k].Rating, 50) || tt.before == "singles" && s.Rating > 23 {
					t.Errorf("%s: %v before it", tt.tech, &s)
				}
			}
			t.Logf("%s: %s (%d tries), used at step %d of %d", tt.tech, p.Grid().Line('.'), p.Tries, k+1, len(path))
		}
	}
}

// BenchmarkNeeds reports accepted puzzles/s per technique, one core.
func BenchmarkNeeds(b *testing.B) {
	for _, tech := range []string{"x-wing", "swordfish", "xy-wing", "unique rectangle", "skyscraper", "simple colouring (trap)", "x-chain", "als-xz"} {
		need, err := logic.ParseNeed(tech, "")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tech, func(b *testing.B) {
			tries := 0
			for i := 0; b.Loop(); i++ {
				p, err := genClassic(Options{Needs: need, MaxTries: 200000}, 9, i)
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

// genClassic is classic puzzle i of the run of seed.
func genClassic(o Options, seed uint64, i int) (Puzzle, error) {
	return Generate(context.Background(), o, Source(seed, i))
}

// newGen is the classic generator of options o, checked.
func newGen(o Options, r *rand.Rand) (*classicGen, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return newClassic(o, r), nil
}
