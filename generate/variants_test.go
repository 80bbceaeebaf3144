package generate

import (
	"context"
	"strings"
	"testing"

	"sudoku"
	"sudoku/logic"
)

// TestDrawersRegistered: every drawn variant but odd-even has a drawer,
// registered from its file's init, with one stage.
func TestDrawersRegistered(t *testing.T) {
	all := sudoku.Variant(1<<16 - 1).Drawn()
	for v := all; v != 0; v &= v - 1 {
		bit := v & -v
		d, ok := drawers[bit]
		if bit == sudoku.VariantOddEven {
			if ok {
				t.Errorf("odd-even has a drawer: update OptionsFor's doc and the callers' messages")
			}
			continue
		}
		if !ok {
			t.Errorf("variant %v has no drawer", bit)
			continue
		}
		stages := 0
		for _, set := range []bool{d.regions != nil, d.cages != nil, d.constraints != nil} {
			if set {
				stages++
			}
		}
		if stages != 1 {
			t.Errorf("variant %v: %d stages, want 1", bit, stages)
		}
	}
}

// TestOptionsFor: the variants that are rules go to a copy of the rules,
// the drawn ones to Variant; odd-even is refused.
func TestOptionsFor(t *testing.T) {
	rules := sudoku.Classic()
	o, err := OptionsFor(rules, sudoku.VariantX|sudoku.VariantKiller|sudoku.VariantThermo)
	if err != nil {
		t.Fatal(err)
	}
	if o.Variant != sudoku.VariantKiller|sudoku.VariantThermo || o.Rules.Diagonals != sudoku.BothDiagonals || rules.Diagonals != 0 {
		t.Errorf("got variant %v, diagonals %v (the caller's %v), want killer,thermo on X rules, the caller's untouched", o.Variant, o.Rules.Diagonals, rules.Diagonals)
	}
	if o.classic() {
		t.Error("X killer options take the classic generator")
	}
	if o, err := OptionsFor(nil, 0); err != nil || !o.classic() {
		t.Errorf("no rules, no variant: %+v, %v; want the classic generator", o, err)
	}
	if o, err := OptionsFor(sudoku.Classic(), 0); err != nil || !o.classic() {
		t.Errorf("classic rules, no variant: %+v, %v; want the classic generator", o, err)
	}
	if _, err := OptionsFor(rules, sudoku.VariantOddEven); err == nil || !strings.Contains(err.Error(), "odd-even puzzles are not generated yet") {
		t.Errorf("odd-even: got %v, want not generated yet", err)
	}
}

// TestValidateNames: a field set where it does not apply is named, with
// the rules it was set for.
func TestValidateNames(t *testing.T) {
	need, err := logic.ParseNeed("x-wing", "")
	if err != nil {
		t.Fatal(err)
	}
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	tests := []struct {
		o    Options
		want string
	}{
		{Options{Variant: sudoku.VariantKiller, Needs: need}, "Needs applies to classic rules, not to killer 9x9"},
		{Options{Rules: x, NoRating: true}, "NoRating applies to classic rules, not to x 9x9"},
		{Options{Rules: x, MaxClues: 30}, "MaxClues applies to classic rules"},
		{Options{Rules: x, MaxCage: 4}, "MinCage and MaxCage applies to a killer, not to x 9x9"},
		{Options{Variant: sudoku.VariantKiller, SymmetricRegions: true}, "SymmetricRegions applies to a jigsaw, not to killer 9x9"},
		{Options{Givens: true}, "Givens does not apply to classic rules"},
		{Options{Variant: sudoku.VariantX}, "variant x is a rule, not drawn"},
		{Options{Variant: sudoku.VariantOddEven}, "odd-even puzzles are not generated yet"},
	}
	for _, tt := range tests {
		if err := tt.o.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want %q", tt.o, err, tt.want)
		}
	}
	if err := (Options{Variant: sudoku.VariantKiller, Givens: true, MaxCage: 4}).Validate(); err != nil {
		t.Errorf("a killer's options: %v", err)
	}
}

// TestClassicRulesFastPath: classic rules given as rules make the
// puzzles of no rules (the classic generator), on classic boards whose
// grids Puzzle gives; a puzzle of other rules has no grid.
func TestClassicRulesFastPath(t *testing.T) {
	ctx := context.Background()
	a, err := Generate(ctx, Options{NoRating: true}, Source(4, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(ctx, Options{Rules: sudoku.Classic(), NoRating: true}, Source(4, 1))
	if err != nil {
		t.Fatal(err)
	}
	if a.Grid() != b.Grid() || a.SolutionGrid() != b.SolutionGrid() || a.Grid() == (sudoku.Grid{}) {
		t.Errorf("got %v and %v, want the same classic puzzle", a.Grid(), b.Grid())
	}
	if !a.Puzzle.Rules.IsClassic() || a.Puzzle.Clues() != a.Grid().Clues() {
		t.Errorf("the puzzle board: %s, %d clues; want classic, %d", a.Puzzle.Rules.Name(), a.Puzzle.Clues(), a.Grid().Clues())
	}
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	p, err := Generate(ctx, Options{Rules: x}, Source(4, 1))
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid() != (sudoku.Grid{}) || p.Puzzle.Rules.Diagonals != sudoku.BothDiagonals {
		t.Errorf("an X puzzle: grid %v, rules %s; want no grid, X rules", p.Grid(), p.Puzzle.Rules.Name())
	}
}
