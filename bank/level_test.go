package bank_test

import (
	"testing"

	"sudoku/bank"
	"sudoku/logic"
)

// TestLevelsAreLogics: the bank's levels are logic's, number for number
// and name for name, so that callers convert with a type conversion; its
// ratings write as logic's do.
func TestLevelsAreLogics(t *testing.T) {
	if len(logic.Levels) != bank.NumLevels || len(bank.Levels()) != bank.NumLevels {
		t.Fatalf("logic has %d levels, the bank %d (Levels %d)", len(logic.Levels), bank.NumLevels, len(bank.Levels()))
	}
	for i, l := range logic.Levels {
		b := bank.Levels()[i]
		if int(b) != int(l.Level) || b.String() != l.Name || !b.Valid() {
			t.Errorf("level %d: the bank's is %d %q, logic's %d %q", i, int(b), b, int(l.Level), l.Name)
		}
	}
	for _, l := range []bank.Level{-2, bank.NumLevels} {
		if l.Valid() || l.String() != logic.Level(l).String() {
			t.Errorf("level %d: valid %v, named %q, want invalid, %q", int(l), l.Valid(), l, logic.Level(l))
		}
	}
	for _, r := range []int{0, 7, 10, 23, 95, 120} {
		if got, want := bank.Rating(r).String(), logic.Rating(r).String(); got != want {
			t.Errorf("rating %d: got %q, want %q", r, got, want)
		}
	}
	tr := logic.Trained{Technique: "X-Wing", Before: "singles"}
	if got := bank.Trained(tr); got.Technique != tr.Technique || got.Before != tr.Before {
		t.Errorf("got %+v from %+v", got, tr)
	}
}
