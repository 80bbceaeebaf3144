package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
)

// corpusBoards returns the boards of the setters' f-puzzles corpus
// (../shared/data/variants/fpuzzles-ci.json) and their f-puzzles strings,
// after checking that General finds each one's solution, and only that
// one (TestCorpus in the root package checks more). It skips without
// ../shared.
func corpusBoards(tb testing.TB) (boards []*sudoku.Board, texts []string) {
	tb.Helper()
	for _, p := range dataset.FPuzzles(tb) {
		b, err := p.Board()
		if err != nil {
			tb.Fatalf("%s (by %s, CC BY 4.0): %v", p.Title, p.Author, err)
		}
		r, err := Fast.Search(context.Background(), b, 2)
		if err != nil || r.Count != 1 || !slices.Equal(r.Solution, p.Solution) {
			tb.Fatalf("%s (by %s, CC BY 4.0): %d solutions, err %v", p.Title, p.Author, r.Count, err)
		}
		boards, texts = append(boards, b), append(texts, p.Puzzle)
	}
	return boards, texts
}

// BenchmarkCorpus solves the distinct puzzles of the setters' f-puzzles
// corpus that read (../shared/data/variants/fpuzzles-ci.json), one an
// iteration, proving uniqueness (limit 2) with General; parsing is not
// timed. It reports puzzles/s, guesses a puzzle and the median time of
// one solve (median-ns, from a pass over the puzzles after the timed
// loop). BenchmarkCorpus/parse times the same from the f-puzzles string
// (LZ-string, JSON, board, the rules compiled anew).
func BenchmarkCorpus(b *testing.B) {
	boards, texts := corpusBoards(b)
	b.Run("solve", func(b *testing.B) { benchBoards(b, Fast, boards) })
	b.Run("parse", func(b *testing.B) { benchCorpusParse(b, texts) })
}

// benchCorpusParse times ParseFPuzzlesLink and the count to 2 together.
func benchCorpusParse(b *testing.B, texts []string) {
	one := func(text string) {
		bd, err := sudoku.ParseFPuzzlesLink(text)
		if err != nil {
			b.Fatal(err)
		}
		Fast.Search(context.Background(), bd, 2)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		one(texts[i%len(texts)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.StopTimer()
	times := make([]time.Duration, len(texts))
	for i, text := range texts {
		t := time.Now()
		one(text)
		times[i] = time.Since(t)
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
}
