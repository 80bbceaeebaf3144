package sudoku_test

import (
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// soloBenchFiles are the shared Solo sets whose distinct layouts the
// benchmarks below compile, read and check: each puzzle has its own rules
// (a jigsaw's regions, a killer's cages), so nothing is compiled twice in a
// row.
var soloBenchFiles = []string{"solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt", "solo-4x4di.txt"}

// benchIDs returns the Solo IDs of a shared file, skipping when absent.
func benchIDs(b *testing.B, file string) []string {
	vcs := dataset.Variants(b, file, 0)
	ids := make([]string, len(vcs))
	for i, vc := range vcs {
		ids[i] = vc.ID
	}
	return ids
}

// benchSolo runs one benchmark per shared Solo file, each iteration on
// the next of its puzzles.
func benchSolo(b *testing.B, each func(b *testing.B, ids []string, boards []*sudoku.Board)) {
	for _, file := range soloBenchFiles {
		b.Run(strings.TrimSuffix(strings.TrimPrefix(file, "solo-"), ".txt"), func(b *testing.B) {
			ids := benchIDs(b, file)
			boards := make([]*sudoku.Board, len(ids))
			for i, id := range ids {
				bd, err := sudoku.ParseSolo(id)
				if err != nil {
					b.Fatal(err)
				}
				boards[i] = bd
			}
			b.ReportAllocs()
			b.ResetTimer()
			each(b, ids, boards)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkLayout compiles the rules of distinct puzzles (X, jigsaw,
// killer, 16x16 of ../shared/data/variants): one Layout an iteration.
func BenchmarkLayout(b *testing.B) {
	benchSolo(b, func(b *testing.B, _ []string, boards []*sudoku.Board) {
		for i := 0; i < b.N; i++ {
			if _, err := boards[i%len(boards)].Rules.Layout(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkValidate checks the rules and givens of distinct puzzles, as
// every solve does before it searches.
func BenchmarkValidate(b *testing.B) {
	benchSolo(b, func(b *testing.B, _ []string, boards []*sudoku.Board) {
		for i := 0; i < b.N; i++ {
			if err := boards[i%len(boards)].Validate(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParseSolo reads distinct Solo IDs into checked boards.
func BenchmarkParseSolo(b *testing.B) {
	benchSolo(b, func(b *testing.B, ids []string, _ []*sudoku.Board) {
		for i := 0; i < b.N; i++ {
			if _, err := sudoku.ParseSolo(ids[i%len(ids)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
