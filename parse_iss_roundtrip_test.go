package sudoku_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"sudoku"
)

// TestISSRoundTrip: random boards of every kind written with FormatISS
// read back with ParseISS to the same puzzle (the same solutions, counted
// to a limit), whose string is the one written; and, but for what the
// form says another way (odd/even cells as candidates, region labels,
// the exceptions of issLossy), to the same board, compared through the
// f-puzzles form.
func TestISSRoundTrip(t *testing.T) {
	cases, _ := issDrawCases(t, 2, 12)
	same, kinds := 0, map[string]int{}
	for _, c := range cases {
		b2, err := sudoku.ParseISS(c.text)
		if err != nil {
			t.Errorf("%s: %v\n%s", c.kind, err, c.text)
			continue
		}
		text2, err := sudoku.FormatISS(b2)
		if err != nil || text2 != c.text {
			t.Errorf("%s: written again as %q (%v), want %q", c.kind, text2, err, c.text)
			continue
		}
		if a, b := ourCount(t, c.b, 5), ourCount(t, b2, 5); a != b {
			t.Errorf("%s: %d solutions, read back %d: %s", c.kind, a, b, c.text)
		}
		fa, fb := issNormal(t, c.b), issNormal(t, b2)
		switch {
		case bytes.Equal(fa, fb):
			same++
		case !issLossy[c.kind]:
			t.Errorf("%s: read back as another board\n%s\n%s\n%s", c.kind, c.text, fa, fb)
		default:
			kinds[c.kind]++
		}
	}
	t.Logf("%d of %d boards read back the same; said another way: %v", same, len(cases), kinds)
}

// issLossy are the kinds whose boards may read back said another way:
// little killers on a diagonal taken (a sum), sandwiches seen from the
// right (seen from the left), a pill's line (drawn from the cell
// nearest), a minimum cell beside one other (a maximum), clones of a
// cell with itself, the nonconsecutive rule among dots (a negative white
// dot), and the boards of several kinds.
var issLossy = map[string]bool{"littlekillersum": true, "sandwichsum": true, "pill": true, "minimum": true,
	"clone": true, "nonconsecutive": true, "mixed": true}

// issNormal writes b as f-puzzles with its odd/even cells as candidates
// and its regions numbered in the order of their first cells.
func issNormal(t *testing.T, b *sudoku.Board) []byte {
	t.Helper()
	b = b.Clone()
	r := b.Rules.Clone()
	n := r.Size
	if r.Parity != nil {
		if b.Marks == nil {
			b.Marks = make([]sudoku.Digits, n*n)
			for c := range b.Marks {
				b.Marks[c] = sudoku.AllDigits(n)
			}
		}
		for c, p := range r.Parity {
			for d := 1; d <= n; d++ {
				if p != sudoku.AnyParity && (d%2 == 1) != (p == sudoku.Odd) {
					b.Marks[c] &^= sudoku.DigitOf(d)
				}
			}
		}
		r.Parity = nil
	}
	for c, m := range b.Marks {
		if m.Count() == 1 {
			b.Cells[c] = uint8(m.Single()) // one candidate: a given
		}
	}
	if b.Marks != nil && !slices.ContainsFunc(b.Marks, func(m sudoku.Digits) bool { return m != sudoku.AllDigits(n) && m.Count() > 1 }) {
		b.Marks = nil // only givens left
	}
	if r.Regions != nil {
		label := map[uint8]uint8{}
		for c, g := range r.Regions {
			if _, ok := label[g]; !ok {
				label[g] = uint8(len(label))
			}
			r.Regions[c] = label[g]
		}
	}
	var sums []string // f-puzzles has no sum cages: said apart
	r.Constraints = slices.DeleteFunc(r.Constraints, func(k sudoku.Constraint) bool {
		s, ok := k.(interface{ Sum() int })
		if ok && k.Kind() == "sum" {
			sums = append(sums, fmt.Sprint(k.Cells(), s.Sum()))
		}
		return ok && k.Kind() == "sum"
	})
	b.Rules = r
	out, err := sudoku.FormatFPuzzles(b)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, fmt.Sprint(sums)...)
}
