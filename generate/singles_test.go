package generate

import (
	"context"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestSinglesFills: boards singles fill have one solution (the general
// solver's count agrees), and a board with two solutions is never
// filled. Puzzles at every stage of a random dig, on several rule sets.
func TestSinglesFills(t *testing.T) {
	for _, k := range boardKinds(t)[:10] {
		if k.o.draws(sudoku.VariantKiller) {
			continue // empty killers have one solution: no board with two
		}
		t.Run(k.name, func(t *testing.T) {
			filled, multi := 0, 0
			for seed := range uint64(4) {
				p, err := Generate(context.Background(), k.o, Source(seed, 0))
				if err != nil {
					t.Fatal(err)
				}
				l, err := p.Puzzle.Rules.Layout()
				if err != nil {
					t.Fatal(err)
				}
				s := newSingles(l)
				b := p.Solution.Clone()
				r := Source(seed, 1)
				for _, c := range r.Perm(len(b.Cells)) {
					b.Cells[c] = 0
					fills := s.fills(b.Cells, true)
					if s.fills(b.Cells, false) && !fills {
						t.Fatalf("seed %d: hidden singles fill a board singles do not", seed)
					}
					res, err := solver.SearchWithin(context.Background(), b, 2, 1<<12)
					if err != nil {
						continue // over budget: the count is not known
					}
					if fills && res.Count != 1 {
						t.Fatalf("seed %d: singles fill a board with %d solutions", seed, res.Count)
					}
					if fills {
						filled++
					} else if res.Count > 1 {
						multi++
					}
				}
			}
			if filled == 0 || multi == 0 {
				t.Errorf("filled %d, several solutions %d: want some of each", filled, multi)
			}
		})
	}
}

// BenchmarkSingles times fills on a 9x9 puzzle that singles fill.
func BenchmarkSingles(b *testing.B) {
	for _, n := range []int{6, 9} {
		rules, _ := sudoku.Sized(n)
		b.Run(rules.Name(), func(b *testing.B) {
			sol, err := Fill(context.Background(), rules, Source(1, 0))
			if err != nil {
				b.Fatal(err)
			}
			p := &sudoku.Board{Rules: rules, Cells: sol}
			l, _ := rules.Layout()
			s := newSingles(l)
			for _, c := range Source(1, 1).Perm(len(sol)) {
				v := p.Cells[c]
				p.Cells[c] = 0
				if !s.fills(p.Cells, true) {
					p.Cells[c] = v
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if !s.fills(p.Cells, true) {
					b.Fatal("not filled")
				}
			}
		})
	}
}
