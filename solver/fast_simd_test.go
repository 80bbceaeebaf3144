//go:build goexperiment.simd && amd64

package solver

import (
	"math/rand/v2"
	"testing"

	"sudoku"
)

// simdAgrees checks the SIMD engine against the portable one on g: the
// same count, the same solution when it is unique, a solution of g
// otherwise.
func simdAgrees(t *testing.T, g sudoku.Grid, limit int) {
	t.Helper()
	got, _ := simdSearchGrid(nil, &g, limit)
	want, _ := portableGrid(nil, &g, limit)
	switch {
	case got.Count != want.Count:
		t.Fatalf("%v limit %d: SIMD counts %d, portable %d", g.Line('.'), limit, got.Count, want.Count)
	case limit > 1 && got.Count == 1 && got.Solution != want.Solution:
		t.Fatalf("%v: SIMD solution %v, portable %v", g.Line('.'), got.Solution.Line('.'), want.Solution.Line('.'))
	case got.Count > 0 && !got.Solution.IsSolutionOf(&g):
		t.Fatalf("%v: SIMD solution %v does not solve it", g.Line('.'), got.Solution.Line('.'))
	}
}

// TestSimdAgrees compares the engines on random puzzles, some with equal
// givens in a house, and on a sample of every data set.
func TestSimdAgrees(t *testing.T) {
	if !simdOK {
		t.Skip("the CPU lacks AVX-512 BW/VL and BITALG: Fast runs the portable engine")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		simdAgrees(t, randomPuzzle(rng, 17+rng.IntN(50), i%3 == 1), 1+rng.IntN(3))
	}
	simdAgrees(t, sudoku.Grid{}, 500)
	for _, set := range benchSets {
		ps := loadPuzzles(t, set)
		for i := 0; i < len(ps); i += max(1, len(ps)/300) {
			simdAgrees(t, ps[i], 2)
		}
	}
}

// TestSimdEngineRuns checks that Fast runs the SIMD engine where it can:
// it guesses as tdoku does (110.44 guesses a puzzle on the 1106 set, the
// portable engine 136.13).
func TestSimdEngineRuns(t *testing.T) {
	if !simdOK {
		t.Skip("the CPU lacks AVX-512 BW/VL and BITALG: Fast runs the portable engine")
	}
	ps := loadPuzzles(t, "forum-hardest-1106.txt")
	var guesses int64
	for _, g := range ps {
		guesses += fastEngine.Search(g, 2).Guesses
	}
	if got := float64(guesses) / float64(len(ps)); got < 110 || got > 111 {
		t.Errorf("Fast guesses %.2f a puzzle on forum-hardest-1106, want tdoku's 110.44", got)
	}
}
