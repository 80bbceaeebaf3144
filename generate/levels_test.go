package generate

import (
	"errors"
	"slices"
	"testing"

	"sudoku"
	"sudoku/logic"
)

func TestRuleSet(t *testing.T) {
	x := sudoku.Classic()
	x.Diagonals = sudoku.DiagDown | sudoku.DiagUp
	xk := x.Clone()
	xk.AntiKnight = true
	six, _ := sudoku.Sized(6)
	for _, tt := range []struct {
		name string
		o    Options
		want string
	}{
		{"classic", Options{Rules: sudoku.Classic()}, "classic"},
		{"x", Options{Rules: x}, "x"},
		{"x and anti-knight", Options{Rules: xk}, ""},
		{"killer", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller}, "killer"},
		{"jigsaw", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw}, "jigsaw"},
		{"6x6", Options{Rules: six}, "6x6"},
		{"6x6 jigsaw", Options{Rules: six, Variant: sudoku.VariantJigsaw}, ""},
		{"thermometers", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantThermo}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.o.RuleSet(); got != tt.want {
				t.Errorf("RuleSet() = %q, want %q", got, tt.want)
			}
		})
	}
}

// A level outside the census is refused at once, naming those offered;
// one inside, or a rule set the census does not cover, passes.
func TestCheckLevel(t *testing.T) {
	dia, _ := logic.Diabolical.Range()
	_, easy := logic.Easy.Range()
	for _, tt := range []struct {
		name, rules string
		lo, hi      logic.Rating
		ok          bool
	}{
		{"windoku diabolical", "windoku", dia, 0, false},
		{"windoku easy", "windoku", 0, easy, true},
		{"x diabolical", "x", dia, 0, true},
		{"uncovered", "", dia, 0, true},
		{"range reaching an offered level", "16x16", 85, 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckLevel(tt.rules, tt.lo, tt.hi)
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrLevel)) {
				t.Errorf("CheckLevel: %v, want ok %v", err, tt.ok)
			}
		})
	}
	w := sudoku.Classic()
	w.Windoku = true
	if err := (Options{Rules: w, MinER: dia}).Validate(); !errors.Is(err, ErrLevel) {
		t.Errorf("Validate of a windoku at Diabolical: %v, want ErrLevel", err)
	}
}

// Every rule set of the census offers some levels, easiest first.
func TestLevelsSorted(t *testing.T) {
	for _, rs := range RuleSets() {
		if ls := Levels(rs); len(ls) == 0 || !slices.IsSorted(ls) {
			t.Errorf("%s: levels %v", rs, ls)
		}
	}
}
