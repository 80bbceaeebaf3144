package solver

import (
	"strings"
	"testing"
	"time"
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
// Besides puzzles/s (wall time) it reports cpu-puzzles/s, the rate in the
// process's CPU time, which scripts/tdoku-compare.sh sets beside tdoku's
// on a shared machine.
func BenchmarkSolve(b *testing.B) {
	for _, e := range gridEngines {
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
					cpu := cpuTime()
					var guesses int64
					for i := 0; i < b.N; i++ {
						r := e.Search(ps[i%len(ps)], 2)
						guesses += r.Guesses
					}
					b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
					b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
					reportCPU(b, cpu)
				})
			}
		})
	}
}

// reportCPU reports b.N over the CPU time used since cpu as cpu-puzzles/s,
// when the platform tells CPU time.
func reportCPU(b *testing.B, cpu time.Duration) {
	if used := cpuTime() - cpu; cpu > 0 && used > 0 {
		b.ReportMetric(float64(b.N)/used.Seconds(), "cpu-puzzles/s")
	}
}
