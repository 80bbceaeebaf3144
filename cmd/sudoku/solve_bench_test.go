package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkSolveCLI runs `sudoku solve -j 1 FILE` on each benchmark set of
// ../shared/data/puzzles, output discarded: the classic path end to end
// (read, parse, solve, prove unique, write). It reports puzzles/s.
func BenchmarkSolveCLI(b *testing.B) {
	for _, set := range []string{"17-clue", "magictour-top1465", "forum-hardest-1106", "serg-benchmark"} {
		b.Run(set, func(b *testing.B) {
			file := "../../../shared/data/puzzles/" + set + ".txt"
			data, err := os.ReadFile(file)
			if err != nil {
				b.Skipf("%v: the shared data sets are absent", err)
			}
			n := 0
			for _, line := range strings.Split(string(data), "\n") {
				if len(line) >= 81 && line[0] != '#' {
					n++
				}
			}
			e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if code := run(e, []string{"solve", "-j", "1", "-q", file}); code > 1 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
