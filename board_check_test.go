package sudoku

import (
	"strings"
	"testing"
)

// validateByLayout is Validate the long way: compile a Layout, check
// every peer.
func validateByLayout(b *Board) error {
	l, err := b.Rules.Layout()
	if err != nil {
		return err
	}
	return b.ValidateIn(l)
}

// sameError reports whether two errors are both nil or say the same.
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// checkBoardOfBytes builds a board from fuzz bytes: the first byte picks
// the size (4, 6 or 9) and rules (diagonals, windoku, disjoint,
// anti-knight, anti-king, stripes as regions); then pairs (cell, value):
// values 1..25 are givens (some above N), 26..39 put the cell in an extra
// region or cage, 40.. set its parity.
func checkBoardOfBytes(data []byte) *Board {
	if len(data) == 0 {
		return nil
	}
	f := data[0]
	r, _ := Sized([]int{4, 6, 9, 9}[f&3])
	n := r.Size
	r.Diagonals = Diagonals(f >> 2 & 3)
	r.Windoku, r.Disjoint, r.AntiKnight, r.AntiKing = f&16 != 0, f&32 != 0 && f&128 == 0, f&64 != 0, f&32 != 0 && f&64 != 0
	if f&128 != 0 { // regions: the rows, turned into columns for the last row's cells
		r.Regions = make([]uint8, n*n)
		for c := range r.Regions {
			r.Regions[c] = uint8(c / n)
		}
	}
	b := NewBoard(r)
	groups := map[int][]int{}
	for i := 1; i+1 < len(data); i += 2 {
		c, v := int(data[i])%(n*n), int(data[i+1])
		switch {
		case v <= 25:
			b.Cells[c] = uint8(v)
		case v < 40:
			groups[v] = append(groups[v], c)
		default:
			if r.Parity == nil {
				r.Parity = make([]Parity, n*n)
			}
			r.Parity[c] = Parity(1 + v%2)
		}
	}
	for v, g := range groups {
		if v%2 == 0 {
			r.Extra = append(r.Extra, g)
		} else {
			r.Cages = append(r.Cages, Cage{Cells: g, Sum: v % 7 * 3})
		}
	}
	return b
}

// FuzzValidate: Validate, which skips the Layout when no givens clash,
// answers as the Layout's check does on boards of any rules.
func FuzzValidate(f *testing.F) {
	f.Add([]byte{0x02, 0, 5, 10, 5})
	f.Add([]byte{0x7e, 0, 1, 20, 1, 40, 1, 3, 30, 4, 30})
	f.Add([]byte{0x9a, 0, 2, 1, 27, 2, 27, 3, 41, 4, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		b := checkBoardOfBytes(data)
		if b == nil {
			return
		}
		if got, want := b.Validate(), validateByLayout(b); !sameError(got, want) {
			t.Fatalf("got %v, want %v (rules %+v, cells %v)", got, want, *b.Rules, b.Cells)
		}
	})
}

// TestValidateWithoutLayout: a clash through each rule gives the error
// the Layout's check gives, and a board without one passes.
func TestValidateWithoutLayout(t *testing.T) {
	rules := func(set func(r *Rules)) *Rules { r := Classic(); set(r); return r }
	row := func(s string) []uint8 {
		cells := make([]uint8, 81)
		for i, ch := range s {
			if ch != '.' {
				cells[i] = uint8(ch - '0')
			}
		}
		return cells
	}
	for _, tc := range []struct {
		name  string
		rules *Rules
		cells []uint8
		clash bool
	}{
		{"row", Classic(), row("1.......1"), true},
		{"column", Classic(), row("1" + strings.Repeat(".", 8) + "1"), true},
		{"box", Classic(), row("1" + strings.Repeat(".", 9) + "1"), true},
		{"none", Classic(), row("123456789"), false},
		{"down diagonal", rules(func(r *Rules) { r.Diagonals = DiagDown }), row("1" + strings.Repeat(".", 39) + "1"), true},
		{"up diagonal", rules(func(r *Rules) { r.Diagonals = DiagUp }), row("........1" + strings.Repeat(".", 31) + "1"), true},
		{"window", rules(func(r *Rules) { r.Windoku = true }), row(strings.Repeat(".", 10) + "1" + strings.Repeat(".", 19) + "1"), true},
		{"disjoint", rules(func(r *Rules) { r.Disjoint = true }), row("1..1"), true},
		{"knight", rules(func(r *Rules) { r.AntiKnight = true }), row("1" + strings.Repeat(".", 10) + "1"), true},
		{"king", rules(func(r *Rules) { r.AntiKing = true }), row("1" + strings.Repeat(".", 9) + "1"), true},
		{"extra region", rules(func(r *Rules) { r.Extra = [][]int{{0, 40}} }), row("1" + strings.Repeat(".", 39) + "1"), true},
		{"cage", rules(func(r *Rules) { r.Cages = []Cage{{Cells: []int{0, 40}}} }), row("1" + strings.Repeat(".", 39) + "1"), true},
		{"region", rules(func(r *Rules) {
			r.Regions = make([]uint8, 81)
			for c := range r.Regions {
				r.Regions[c] = uint8(c / 9)
			}
		}), row("1.........1"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &Board{Rules: tc.rules, Cells: tc.cells}
			got, want := b.Validate(), validateByLayout(b)
			if !sameError(got, want) || (got != nil) != tc.clash {
				t.Errorf("got %v, want %v (a clash: %v)", got, want, tc.clash)
			}
		})
	}
}
