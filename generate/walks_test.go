package generate

import (
	"context"
	"math/rand/v2"
	"testing"

	"sudoku"
	"sudoku/internal/tally"
)

// TestBoardCompilesOnce guards issue 41.2: a puzzle of constraints
// compiles its own rules once (their digging and every uniqueness check
// share it), and the options' rules are not compiled again when the
// caller set Layout; no puzzle is solved by logic when no rating is
// asked.
func TestBoardCompilesOnce(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		want int64 // compiles per puzzle
	}{
		{"kropki", Options{Variant: sudoku.VariantKropki}, 1},
		{"xv", Options{Variant: sudoku.VariantXV}, 1},
		{"thermo", Options{Variant: sudoku.VariantThermo}, 1},
		{"classic rules", Options{NoRating: true}, 0}, // the classic generator: no compile, no walk unless rated
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.o
			o.Rules = sudoku.Classic()
			l, err := o.Rules.Layout()
			if err != nil {
				t.Fatal(err)
			}
			o.Layout = l
			r := rand.New(rand.NewPCG(1, 2))
			const puzzles = 3
			start := tally.Now()
			for range puzzles {
				if _, err := Generate(context.Background(), o, r); err != nil {
					t.Fatal(err)
				}
			}
			if got, want := tally.Since(start), (tally.Counts{Layouts: puzzles * tt.want}); got != want {
				t.Errorf("%d puzzles: %+v, want %+v", puzzles, got, want)
			}
		})
	}
}
