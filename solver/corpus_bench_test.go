package solver

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
)

// corpusNodeBudget bounds the search of one corpus puzzle in
// corpusBoards: a puzzle General does not finish within it is left out
// of the test and the benchmark (and logged), so that one slow puzzle
// does not stall them; scripts/anchor-svjs.sh times every puzzle.
const corpusNodeBudget = 200_000

// corpusBoards returns the boards of the setters' f-puzzles corpus that
// read today (the set grows as constraint kinds land) and that General
// solves within corpusNodeBudget nodes, after checking that it finds
// each one's solution, and only that one. It skips without ../shared and
// logs the puzzles left out. texts are the puzzles' f-puzzles strings.
func corpusBoards(tb testing.TB) (boards []*sudoku.Board, texts []string) {
	tb.Helper()
	all, read, errs := dataset.ReadableBoards(dataset.SetterPuzzles(tb))
	for _, err := range errs {
		tb.Logf("left out: %.160v", err)
	}
	for i, b := range all {
		p := read[i]
		r, err := SearchBoardWithin(context.Background(), b, 2, corpusNodeBudget)
		switch {
		case errors.Is(err, ErrBudget):
			tb.Logf("left out: %s (by %s): not solved within %d nodes", p.Title, p.Author, corpusNodeBudget)
		case err != nil || r.Count != 1 || !slices.Equal(r.Solution, p.SolutionCells()):
			tb.Fatalf("%s (by %s, CC BY 4.0): %d solutions, err %v", p.Title, p.Author, r.Count, err)
		default:
			boards, texts = append(boards, b), append(texts, p.Puzzle)
		}
	}
	if len(boards) == 0 {
		tb.Skip("no puzzle of the f-puzzles corpus reads yet")
	}
	return boards, texts
}

// TestCorpusSolutions checks General on the f-puzzles corpus: one
// solution, the one the setter gives.
func TestCorpusSolutions(t *testing.T) {
	boards, _ := corpusBoards(t)
	t.Logf("%d corpus puzzles read and solved", len(boards))
}

// BenchmarkCorpus solves the distinct puzzles of the setters' f-puzzles
// corpus that read (../shared/data/variants/fpuzzles-ci.json), one an
// iteration, proving uniqueness (limit 2) with General; parsing is not
// timed. It reports puzzles/s, guesses a puzzle and the median time of
// one solve (median-ns, from a pass over the puzzles after the timed
// loop). BenchmarkCorpus/parse times the same from the f-puzzles string
// (LZ-string, JSON, board, the rules compiled anew).
// Puzzles General does not solve within corpusNodeBudget nodes are left
// out (logged).
func BenchmarkCorpus(b *testing.B) {
	boards, texts := corpusBoards(b)
	b.Run("solve", func(b *testing.B) { benchBoards(b, General, boards) })
	b.Run("parse", func(b *testing.B) { benchCorpusParse(b, texts) })
}

// benchCorpusParse times ParseFPuzzlesLink and the count to 2 together.
func benchCorpusParse(b *testing.B, texts []string) {
	one := func(text string) {
		bd, err := sudoku.ParseFPuzzlesLink(text)
		if err != nil {
			b.Fatal(err)
		}
		General.SearchBoard(context.Background(), bd, 2)
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
