package sudoku

import (
	"reflect"
	"strings"
	"testing"
)

// jigsaw7 returns an empty 7x7 jigsaw of row regions (7 has no boxes).
func jigsaw7() *Board {
	reg := make([]uint8, 49)
	for i := range reg {
		reg[i] = uint8(i / 7)
	}
	return NewBoard(&Rules{Size: 7, Regions: reg})
}

// boardWith returns an empty board of the rules of size n that change
// sets.
func boardWith(n int, change func(r *Rules)) *Board {
	r, _ := Sized(n)
	change(r)
	return NewBoard(r)
}

// TestFormatBoardHolds writes valid boards in every form: each is read
// back the same, or refused with an error naming what the form cannot
// hold and where to write it instead; none panics.
func TestFormatBoardHolds(t *testing.T) {
	marks := NewBoard(Classic())
	marks.Marks = make([]Digits, 81)
	for i := range marks.Marks {
		marks.Marks[i] = AllDigits(9)
	}
	partial := boardWith(9, func(r *Rules) { r.Cages = []Cage{{Cells: []int{0, 1}, Sum: 3}} })
	apart := boardWith(4, func(r *Rules) {
		r.Cages = []Cage{{Cells: []int{0, 2}, Sum: 3}}
		for c := 1; c < 16; c++ {
			if c != 2 {
				r.Cages = append(r.Cages, Cage{Cells: []int{c}, Sum: 1})
			}
		}
	})
	extra := boardWith(9, func(r *Rules) { r.Extra = [][]int{{0, 10, 20}} })
	extra25 := boardWith(25, func(r *Rules) { r.Extra = [][]int{{0, 26}} })
	ten := boardWith(10, func(*Rules) {})
	disjoint32, _ := Boxed(3, 2)
	disjoint32.Disjoint = true
	for _, tc := range []struct {
		name, form string
		b          *Board
		want       string // the error, "" for a round trip
	}{
		{"solo: cells in no cage", FormSolo, partial, "a Solo game ID cannot hold cells in no cage"},
		{"solo: a cage apart", FormSolo, apart, "a Solo game ID cannot hold a cage of cells apart (cage 1: r1c1, r1c3)"},
		{"solo: candidates", FormSolo, marks, "a Solo game ID cannot hold candidates"},
		{"solo: 625 cages", FormSolo, oneCellCages(25), ""},
		{"solo: 7x7 jigsaw", FormSolo, jigsaw7(), ""},
		{"fpuzzles: 7x7 jigsaw", FormFPuzzles, jigsaw7(), ""},
		{"fpuzzles: 81 cages", FormFPuzzles, oneCellCages(9), ""},
		{"line: 7x7 jigsaw", FormLine, jigsaw7(), "the line form cannot hold size 7 (it holds sizes 4, 6, 8, 9, 12, 16 and 25): write it as a Solo ID or f-puzzles"},
		{"line: 10x10", FormLine, ten, "cannot hold size 10 (it holds sizes 4, 6, 8, 9, 12, 16 and 25): write it as a Solo ID or f-puzzles"},
		{"line: extra regions", FormLine, extra, "the line form cannot hold extra regions: write it as f-puzzles"},
		{"line: extra regions of a 25x25", FormLine, extra25, "the line form cannot hold extra regions"},
		{"fpuzzles: 25x25", FormFPuzzles, extra25, "f-puzzles holds sizes up to 16, not 25"},
		{"fpuzzles: disjoint groups of 3x2 boxes", FormFPuzzles, NewBoard(disjoint32), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.b.Validate(); err != nil {
				t.Fatalf("the board is not valid: %v", err)
			}
			out, err := FormatBoard(tc.b, tc.form)
			switch {
			case tc.want != "":
				if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
					t.Errorf("got %v, want an error ending %q", err, tc.want)
				}
			case err != nil:
				t.Fatal(err)
			default:
				back, _, err := ParseBoard(out)
				if err != nil {
					t.Fatalf("%.80s... read back: %v", out, err)
				}
				if !reflect.DeepEqual(back.Cells, tc.b.Cells) || !sameRules(back.Rules, tc.b.Rules) && !samePuzzle(back.Rules, tc.b.Rules) {
					checkSameBoard(t, back, tc.b)
				}
			}
		})
	}
}

// TestFormatBoardJSON checks that the JSON form holds every rule.
func TestFormatBoardJSON(t *testing.T) {
	b := boardWith(4, func(r *Rules) {
		r.Diagonals = DiagUp
		r.Extra = [][]int{{0, 5}}
		r.Parity = make([]Parity, 16)
		r.Parity[3], r.Parity[4] = Odd, Even
	})
	b.Marks = make([]Digits, 16)
	for i := range b.Marks {
		b.Marks[i] = AllDigits(4)
	}
	b.Marks[0] = DigitOf(1) | DigitOf(3)
	out, err := FormatBoard(b, FormJSON)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"diagonal":"up"`, `"extra":[[0,5]]`, `"odd":[3]`, `"even":[4]`, `"candidates":[[[1,3],[1,2,3,4],`} {
		if !strings.Contains(out, want) {
			t.Errorf("%s does not hold %s", out, want)
		}
	}
	plain, _ := FormatBoard(NewBoard(Classic()), FormJSON)
	if strings.Contains(plain, "diagonal") || strings.Contains(plain, "candidates") {
		t.Errorf("a classic board: %s", plain)
	}
}
