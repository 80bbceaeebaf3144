package sudoku

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The killer of the tests of the forums' killer forms, made for them: a
// classic solution and a map of cages, each inside one box so that its
// digits differ. Box 2's two cages touch only at corners (arrows across
// cannot join them), box 3's cage is a U whose far arm is reached the
// long way round, box 7 is nine one-cell cages, box 8's second cage needs
// one step at a corner, and r1c8 is in no cage.
const (
	fixtureSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	fixtureCageMap  = "aabdedf.f" + "cabedefgf" + "ccbdedfff" +
		"hhhklmnnn" + "iiiklmnnn" + "jjjklmnnn" +
		"opqxxyzzz" + "rstyxyzAA" + "uvwyyxBAA"
)

// killerFromMap returns the killer of a cage map ('.' for no cage) whose
// sums are those of solution, the cages in order of their first cells.
func killerFromMap(t *testing.T, solution, cageMap string, diagonals Diagonals) *Board {
	t.Helper()
	r := Classic()
	r.Diagonals = diagonals
	var order []byte
	cells := map[byte][]int{}
	for c := range 81 {
		l := cageMap[c]
		if l == '.' {
			continue
		}
		if cells[l] == nil {
			order = append(order, l)
		}
		cells[l] = append(cells[l], c)
	}
	for _, l := range order {
		sum := 0
		for _, c := range cells[l] {
			sum += int(solution[c] - '0')
		}
		if err := r.AddCage(cells[l], sum, false); err != nil {
			t.Fatal(err)
		}
	}
	b := NewBoard(r)
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	return b
}

// sameKiller reports whether two killers have the same cells, diagonals
// and cages (cells and sums, in any order).
func sameKiller(a, b *Board) bool {
	return reflect.DeepEqual(a.Cells, b.Cells) && sameRules(a.Rules, b.Rules) && len(a.Rules.Constraints) == len(b.Rules.Constraints)
}

// checkKillerRoundTrip writes b in form and reads it back with
// ParseBoard: the same killer, no annotation.
func checkKillerRoundTrip(t *testing.T, b *Board, form string) string {
	t.Helper()
	text, err := FormatBoard(b, form)
	if err != nil {
		t.Fatalf("FormatBoard(%s): %v", form, err)
	}
	back, ann, err := ParseBoard(text)
	if err != nil || ann != "" {
		t.Fatalf("%s: %q read back: %v (annotation %q)", form, text, err, ann)
	}
	if !sameKiller(back, b) {
		t.Fatalf("%s: %q read back as cages %s, want %s", form, text, cageSet(back.Rules), cageSet(b.Rules))
	}
	return text
}

// TestKillerFormsSolo writes every Solo killer of the shared data in both
// forms and reads it back: the same cages and sums.
func TestKillerFormsSolo(t *testing.T) {
	puzzles := soloPuzzles(t, "solo-3x3kdi.txt")
	for _, form := range []string{FormSudocue, FormKillerString} {
		for i, p := range puzzles {
			b, err := ParseSolo(p[0])
			if err != nil {
				t.Fatalf("puzzle %d: %v", i+1, err)
			}
			if len(b.Rules.Cages) == 0 {
				t.Fatalf("puzzle %d: no cages read", i+1)
			}
			checkKillerRoundTrip(t, b, form)
		}
	}
}

// TestKillerFormsRefuse: each form refuses by name what it cannot hold.
func TestKillerFormsRefuse(t *testing.T) {
	base := func() *Board { return killerFromMap(t, fixtureSolution, fixtureCageMap, 0) }
	overlap := base()
	overlap.Rules = overlap.Rules.Clone()
	if err := overlap.Rules.AddCage([]int{0, 9}, 10, false); err != nil || len(overlap.Rules.Constraints) != 1 {
		t.Fatalf("AddCage of an overlapping cage: %v, %d constraints", err, len(overlap.Rules.Constraints))
	}
	for _, tc := range []struct {
		name   string
		change func(b *Board)
		form   string
		want   string
	}{
		{"givens", func(b *Board) { b.Cells[0] = 5 }, FormSudocue, "a SudoCue killer ID cannot hold givens"},
		{"givens", func(b *Board) { b.Cells[0] = 5 }, FormKillerString, "a killer string cannot hold givens"},
		{"diagonals", func(b *Board) { b.Rules.Diagonals = BothDiagonals }, FormKillerString, "cannot hold diagonals"},
		{"one diagonal", func(b *Board) { b.Rules.Diagonals = DiagUp }, FormSudocue, "cannot hold one diagonal alone"},
		{"anti-knight", func(b *Board) { b.Rules.AntiKnight = true }, FormSudocue, "cannot hold anti-knight"},
		{"windoku", func(b *Board) { b.Rules.Windoku = true }, FormKillerString, "cannot hold windoku boxes"},
		{"no boxes", func(b *Board) { b.Rules.BoxRows, b.Rules.BoxCols = 1, 9 }, FormSudocue, "cannot hold a grid without boxes"},
		{"candidates", func(b *Board) { b.Marks = make([]Digits, 81) }, FormSudocue, "cannot hold candidates"},
		{"unread elements", func(b *Board) { b.Meta = &Meta{Unread: []Unread{{What: "red line", Cells: []int{0, 1}}}} }, FormKillerString, "cannot read 1 element as a rule: red line at r1c1, r1c2"},
		{"no sum", func(b *Board) { b.Rules.Cages[0].Sum = 0 }, FormSudocue, "cannot hold cages without a sum (cage 1: r1c1, r1c2, r2c2)"},
		{"apart", func(b *Board) { b.Rules.Cages[0].Cells = []int{0, 7} }, FormKillerString, "cannot hold a cage whose cells do not touch (cage 1: r1c1, r1c8)"},
		{"one-cell cages only", func(b *Board) {
			b.Rules.Cages = nil
			for c := range 81 {
				b.Rules.Cages = append(b.Rules.Cages, Cage{Cells: []int{c}, Sum: int(fixtureSolution[c] - '0')})
			}
		}, FormKillerString, "without a cage of two cells or more"},
	} {
		t.Run(tc.form+"/"+tc.name, func(t *testing.T) {
			b := base()
			b.Rules = b.Rules.Clone()
			tc.change(b)
			if _, err := FormatBoard(b, tc.form); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
	for _, form := range []string{FormSudocue, FormKillerString} {
		if _, err := FormatBoard(overlap, form); err == nil || !strings.Contains(err.Error(), "cannot hold cages that overlap") {
			t.Errorf("%s of overlapping cages: got %v, want a refusal naming them", form, err)
		}
		six, _ := Sized(6)
		if _, err := FormatBoard(NewBoard(six), form); err == nil || !strings.Contains(err.Error(), "a size other than 9x9 with boxes of 3x3 (6x6)") {
			t.Errorf("%s of a 6x6: got %v, want a refusal naming the size", form, err)
		}
	}
}

// TestKillerFormsOneCellNoSum: a one-cell cage without a sum is written
// as a cell in no cage, which it is the same as.
func TestKillerFormsOneCellNoSum(t *testing.T) {
	b := killerFromMap(t, fixtureSolution, fixtureCageMap, 0)
	b.Rules = b.Rules.Clone()
	b.Rules.Cages = slices.Clone(b.Rules.Cages)
	var dropped int
	for i, k := range b.Rules.Cages {
		if len(k.Cells) == 1 && dropped == 0 {
			b.Rules.Cages[i].Sum, dropped = 0, k.Cells[0]
		}
	}
	for _, form := range []string{FormSudocue, FormKillerString} {
		text, err := FormatBoard(b, form)
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := ParseBoard(text)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(back.Rules.Cages), len(b.Rules.Cages)-1; got != want || cageOf(back.Rules)[dropped] != -1 {
			t.Errorf("%s: %d cages read back, want %d with %s in none", form, got, want, CellName(9, dropped))
		}
	}
}
