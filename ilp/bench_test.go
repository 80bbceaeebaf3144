package ilp

import (
	"testing"

	"sudoku"
)

// Benchmarks of the ilp engine, single thread, proving uniqueness (limit
// 2): one op is one puzzle, taken in turn from the set. Run over each set
// once with, for example,
//
//	go test ./ilp/ -run '^$' -bench . -benchtime 2000x
func BenchmarkEngine(b *testing.B) {
	for _, set := range []struct {
		name, file string
		n          int
	}{
		{"magictour-top1465", "magictour-top1465.txt", 0},
		{"17-clue-2000", "17-clue.txt", 2000},
	} {
		b.Run(set.name, func(b *testing.B) {
			ps := loadPuzzles(b, set.file)
			if set.n > 0 && len(ps) > set.n {
				ps = ps[:set.n]
			}
			benchSearch(b, ps)
		})
	}
}

func benchSearch(b *testing.B, ps []sudoku.Grid) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if r := classicSearch(Engine, ps[i%len(ps)], 2); r.Count != 1 {
			b.Fatalf("puzzle %d: %d solutions, want 1", i%len(ps)+1, r.Count)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/puzzle")
}

// BenchmarkModel measures building the model alone.
func BenchmarkModel(b *testing.B) {
	g := grid(b, mathworks)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(sudoku.BoardOf(g), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
