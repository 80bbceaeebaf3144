package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"sudoku"
)

// bruteCounts counts how many solutions of b (bruteSolve) put each digit
// in each cell, and how many there are.
func bruteCounts(t *testing.T, b *sudoku.Board) ([][]int, int) {
	t.Helper()
	out := make([][]int, len(b.Cells))
	for c := range out {
		out[c] = make([]int, b.Size())
	}
	total := 0
	bruteSolve(b, func(cells []uint8) {
		total++
		for i, v := range cells {
			out[i][v-1]++
		}
	})
	return out, total
}

// checkCounts compares CountCandidates with bruteCounts on b.
func checkCounts(t *testing.T, name string, b *sudoku.Board) {
	t.Helper()
	want, n := bruteCounts(t, b)
	got, err := CountCandidates(context.Background(), b, 0)
	if n == 0 {
		if !errors.Is(err, sudoku.ErrNoSolution) || !got.Complete {
			t.Errorf("%s: no solution: got err %v, complete %v", name, err, got.Complete)
		}
		return
	}
	if err != nil || !got.Complete || got.Solutions != n {
		t.Fatalf("%s: err %v, complete %v, %d solutions of %d", name, err, got.Complete, got.Solutions, n)
	}
	for c := range want {
		if !slices.Equal(got.Counts[c], want[c]) {
			t.Errorf("%s (%d solutions): cell %d: got %v, want %v", name, n, c, got.Counts[c], want[c])
		}
	}
}

// TestCountCandidates checks the per-candidate counts against the brute
// force: named 4x4 boards (with a thermometer, dots, none of a solution)
// and random 4x4 and 6x6 boards with givens and kropki dots.
func TestCountCandidates(t *testing.T) {
	empty4 := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	for _, c := range []struct{ name, json string }{
		{"empty 4x4", empty4 + `}`},
		{"4x4 thermo", empty4 + `,"thermometer":[{"lines":[["R1C1","R1C2","R2C2"]]}]}`},
		{"4x4 white dots, nonconsecutive", empty4 + `,"difference":[{"cells":["R2C2","R2C3"]}],"nonconsecutive":true}`},
		{"4x4 no place for 1 in box 1", `{"size":4,"grid":[[{},{},{"value":1,"given":true},{}],[{},{"value":2,"given":true},{},{}],[{"value":1,"given":true},{},{},{}],[{},{},{},{}]]}`},
	} {
		checkCounts(t, c.name, mustBoard(t, c.json))
	}
	rng := rand.New(rand.NewPCG(38, 3))
	for round := range 30 {
		size, givens := 4, 1+rng.IntN(6)
		if round%2 == 1 {
			size, givens = 6, 16+rng.IntN(8)
		}
		checkCounts(t, fmt.Sprintf("round %d", round), randomDotted(t, rng, size, givens))
	}
}

// TestCountCandidatesLimit: past the limit the counts are those of the
// solutions found, not complete; a given counts every solution.
func TestCountCandidatesLimit(t *testing.T) {
	b := mustBoard(t, `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
	got, err := CountCandidates(context.Background(), b, 5)
	if err != nil || got.Complete || got.Solutions != 5 {
		t.Fatalf("got %d solutions, complete %v, %v; want 5, not complete", got.Solutions, got.Complete, err)
	}
	if got.Counts[0][0] != 5 {
		t.Errorf("the given 1 counts %d of 5 solutions", got.Counts[0][0])
	}
	sum := 0
	for _, k := range got.Counts[1] {
		sum += k
	}
	if sum != 5 {
		t.Errorf("cell 1's counts add up to %d, want 5", sum)
	}
}

// BenchmarkCountCandidates counts the 288 solutions of the empty 4x4.
func BenchmarkCountCandidates(b *testing.B) {
	board := mustBoard(&testing.T{}, `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CountCandidates(context.Background(), board, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*288/b.Elapsed().Seconds(), "solutions/s")
}

// bruteSolutions lists every solution of b (bruteSolve), each as a
// string of digits.
func bruteSolutions(b *sudoku.Board) []string {
	var out []string
	bruteSolve(b, func(cells []uint8) { out = append(out, string(cells)) })
	return out
}

// TestSolutions: Solutions lists each solution once, the same ones the
// brute force finds, on random 4x4 and 6x6 boards; past the limit it
// lists that many distinct solutions, not complete.
func TestSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 4))
	for round := range 20 {
		size, givens := 4, 1+rng.IntN(6)
		if round%2 == 1 {
			size, givens = 6, 16+rng.IntN(8)
		}
		b := randomDotted(t, rng, size, givens)
		want := bruteSolutions(b)
		got, complete, err := Solutions(context.Background(), b, 0)
		if len(want) == 0 {
			if !errors.Is(err, sudoku.ErrNoSolution) || !complete {
				t.Errorf("round %d: no solution: got %d, %v, complete %v", round, len(got), err, complete)
			}
			continue
		}
		var gs []string
		for _, s := range got {
			gs = append(gs, string(s))
		}
		slices.Sort(gs)
		slices.Sort(want)
		if err != nil || !complete || !slices.Equal(gs, want) {
			t.Errorf("round %d: got %d solutions (complete %v, %v), want %d", round, len(gs), complete, err, len(want))
		}
	}
	empty := mustBoard(t, `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
	got, complete, err := Solutions(context.Background(), empty, 7)
	seen := map[string]bool{}
	for _, s := range got {
		seen[string(s)] = true
		cp := empty.Clone()
		copy(cp.Cells, s)
		if cp.Validate() != nil {
			t.Errorf("a listed solution breaks the rules: %v", s)
		}
	}
	if err != nil || complete || len(got) != 7 || len(seen) != 7 {
		t.Errorf("limit 7 of 288: got %d (%d distinct), complete %v, %v", len(got), len(seen), complete, err)
	}
}
