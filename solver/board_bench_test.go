package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
)

// BenchmarkSolveBoard solves the puzzles of each shared variant file in
// turn, one an iteration, proving uniqueness (limit 2), with each board
// engine that takes the rules: BenchmarkSolveBoard/<engine>/<file>. It
// reports puzzles/s and the median time of one solve (median-ns, from a
// second pass over the file after the timed loop).
func BenchmarkSolveBoard(b *testing.B) {
	for _, e := range []Engine{Fast, DLX} {
		b.Run(e.Name(), func(b *testing.B) {
			for _, file := range variantFiles {
				b.Run(strings.TrimSuffix(file, ".txt"), func(b *testing.B) {
					vcs := dataset.Variants(b, file, 0)
					boards := make([]*sudoku.Board, len(vcs))
					for i, vc := range vcs {
						boards[i] = vc.Board
					}
					benchBoards(b, e, boards)
				})
			}
		})
	}
}

// BenchmarkSolveBoard25 solves 25x25 puzzles dug from solved grids (see
// dig25), proving uniqueness with General.
func BenchmarkSolveBoard25(b *testing.B) {
	benchBoards(b, Fast, dig25(b, 3))
}

func benchBoards(b *testing.B, e Engine, boards []*sudoku.Board) {
	ctx := context.Background()
	if _, err := e.Search(ctx, boards[0], 2); err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var guesses int64
	for i := 0; i < b.N; i++ {
		r, _ := e.Search(ctx, boards[i%len(boards)], 2)
		guesses += r.Guesses
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
	b.StopTimer()
	times := make([]time.Duration, len(boards))
	for i, bd := range boards {
		t := time.Now()
		e.Search(ctx, bd, 2)
		times[i] = time.Since(t)
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
}

// dig25 makes count unique 25x25 puzzles: a solved grid from General on a
// board with a random first row, then its cells emptied in random order,
// each kept empty when the puzzle stays unique, until half the cells are
// empty (312 givens). Seeded, so the same puzzles each run.
func dig25(tb testing.TB, count int) []*sudoku.Board {
	tb.Helper()
	rng := rand.New(rand.NewPCG(25, 25))
	r, err := sudoku.Sized(25)
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	var out []*sudoku.Board
	for len(out) < count {
		b := sudoku.NewBoard(r)
		for i, d := range rng.Perm(25) {
			b.Cells[i] = uint8(d + 1)
		}
		res, err := Fast.Search(ctx, b, 1)
		if err != nil || res.Count != 1 {
			tb.Fatalf("no grid: %v", err)
		}
		copy(b.Cells, res.Solution)
		givens := len(b.Cells)
		for _, c := range rng.Perm(len(b.Cells)) {
			if givens <= len(b.Cells)/2 {
				break
			}
			d := b.Cells[c]
			b.Cells[c] = 0
			if n, _ := Count(ctx, b, 2); n != 1 {
				b.Cells[c] = d
			} else {
				givens--
			}
		}
		out = append(out, b)
	}
	return out
}
