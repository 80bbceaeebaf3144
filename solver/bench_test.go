package solver

import (
	"strings"
	"testing"
)

// benchSets are the data sets of ../shared/data/puzzles, in the order of
// tdoku's published tables.
var benchSets = []string{
	"17-clue.txt",
	"magictour-top1465.txt",
	"forum-hardest-1905-11plus.txt",
	"forum-hardest-1106.txt",
	"serg-benchmark.txt",
}

// BenchmarkSolve solves the puzzles of each set in turn, one a iteration,
// proving uniqueness (limit 2), with each engine of the package:
// BenchmarkSolve/<engine>/<set>. Engines too slow for a set are skipped.
func BenchmarkSolve(b *testing.B) {
	for _, e := range Engines() {
		b.Run(e.Name(), func(b *testing.B) {
			for _, file := range benchSets {
				set := strings.TrimSuffix(file, ".txt")
				b.Run(set, func(b *testing.B) {
					if e.Name() == "backtrack" && set != "serg-benchmark" {
						b.Skip("backtrack is too slow for this set")
					}
					ps := loadPuzzles(b, file)
					b.ReportAllocs()
					b.ResetTimer()
					var guesses int64
					for i := 0; i < b.N; i++ {
						r := e.Search(ps[i%len(ps)], 2)
						guesses += r.Guesses
					}
					b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
					b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
				})
			}
		})
	}
}
