package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkSolveCLIVariants runs `sudoku solve -j 1 FILE` on the game IDs
// of Solo's 9x9 variant sets (200 distinct puzzles each: X, jigsaw,
// killer): read, parse, check, solve, prove unique, write. Nothing is
// kept from one puzzle to the next (every puzzle has its own rules). It
// reports puzzles/s.
func BenchmarkSolveCLIVariants(b *testing.B) {
	for _, set := range []string{"3x3xdi", "9jdi", "3x3kdi"} {
		b.Run(set, func(b *testing.B) {
			data, err := os.ReadFile("../../../shared/data/variants/solo-" + set + ".txt")
			if err != nil {
				b.Skipf("%v: the shared data sets are absent", err)
			}
			var ids strings.Builder
			n := 0
			for _, line := range strings.Split(string(data), "\n") {
				if id, _, ok := strings.Cut(line, "\t"); ok {
					ids.WriteString(id + "\n")
					n++
				}
			}
			e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.stdin = strings.NewReader(ids.String())
				if code := run(e, []string{"solve", "-j", "1", "-q", "-"}); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
