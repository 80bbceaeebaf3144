package constraint

import (
	"fmt"
	"strconv"
	"sudoku"
)

// X-sums (f-puzzles "xsum"): a number beside a row or column is the sum
// of its first X digits from that side, X being the first of them (the
// digit X itself counted).

// xsum is one x-sum clue beside a row or column.
type xsum struct {
	outsideClue
	value int
}

func (x *xsum) Kind() string   { return "xsum" }
func (x *xsum) Cells() []int   { return x.cells }
func (x *xsum) String() string { return fmt.Sprintf("xsum %d %s", x.value, x.side()) }

func (x *xsum) Check(cells []uint8) error {
	first := int(cells[x.cells[0]])
	if first == 0 {
		return nil
	}
	lo, hi, sum, full := 0, 0, 0, true
	for _, c := range x.cells[:first] {
		if v := int(cells[c]); v != 0 {
			lo, hi, sum = lo+v, hi+v, sum+v
		} else {
			lo, hi, full = lo+1, hi+x.n, false
		}
	}
	if x.value >= lo && x.value <= hi {
		return nil
	}
	msg := fmt.Sprintf("the first %d digits cannot add up to %d", first, x.value)
	if full {
		msg = fmt.Sprintf("the first %d digits add up to %d, not %d", first, sum, x.value)
	}
	return &sudoku.ConstraintError{Size: x.n, Kind: x.Kind(), Index: -1, Cells: x.cells[:first], Msg: msg}
}

// Propagate tries every digit X the first cell may hold: the next X-1
// cells then add up to the value less X (all different and none X,
// searched digit by digit). Each cell keeps the digits some X gives it.
func (x *xsum) Propagate(d *sudoku.Domains) bool {
	n := x.n
	var cand, keep [sudoku.MaxSize]sudoku.Digits
	for i, c := range x.cells {
		cand[i] = d.Of(c)
	}
	var w sumSearch
	w.nodes = sumBudget
	for m := cand[0]; m != 0; m &= m - 1 {
		v := m.Min()
		if !x.first(&w, cand[:n], keep[:n], v) {
			continue
		}
		keep[0] |= sudoku.DigitOf(v)
		for i := v; i < n; i++ {
			keep[i] |= cand[i] &^ sudoku.DigitOf(v)
		}
	}
	for i, c := range x.cells {
		if !d.Keep(c, keep[i]) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the first X digits of %s %s add up to %d, X being the first", x.house(), x.from(), x.value), x.cells...)
	}
	return true
}

// first reports whether the first cell can hold v: the v-1 cells after
// it, none v, add up to the value less v; their digits go to keep.
func (x *xsum) first(w *sumSearch, cand, keep []sudoku.Digits, v int) bool {
	k := v - 1
	if k == 0 {
		return x.value == 1
	}
	var rest [sudoku.MaxSize]sudoku.Digits
	for i := range k {
		rest[i] = cand[1+i] &^ sudoku.DigitOf(v)
	}
	w.loadRow(rest[:k], x.value-v)
	if !w.supports() {
		return false
	}
	for i := range k {
		keep[1+i] |= w.keep[i]
	}
	return true
}

// Rows (cells c0..c(N-1) from the clue): cell j counts when X > j, that
// is when in(j) = sum of x(c0, d) for d > j is 1 (a sum of x, no new
// variable). Binaries t(j, d) = x(cj, d) and in(j) for j >= 1:
// t <= x, t <= in(j), t >= x + in(j) - 1; and the value of c0 plus the
// sum of d t(j, d) is the clue.
func (x *xsum) Rows(m sudoku.Model) {
	n := x.n
	sum := sudoku.ValueTerms(m, n, x.cells[0], 1)
	for j := 1; j < n; j++ {
		var in []sudoku.Term
		for d := j + 1; d <= n; d++ {
			in = append(in, sudoku.Term{Coef: -1, Var: m.Cell(x.cells[0], d)})
		}
		for d := 1; d <= n; d++ {
			t, xv := m.Binary(fmt.Sprintf("xsum_%s_t%d_%d", x.sideKey(), j, d)), m.Cell(x.cells[j], d)
			m.Row("xsum counted", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: xv}}, sudoku.AtMost, 0)
			m.Row("xsum counted", append([]sudoku.Term{{Coef: 1, Var: t}}, in...), sudoku.AtMost, 0)
			m.Row("xsum counted", append([]sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: xv}}, in...), sudoku.AtLeast, -1)
			sum = append(sum, sudoku.Term{Coef: d, Var: t})
		}
	}
	m.Row("xsum", sum, sudoku.Equal, x.value)
}

// Shapes: the number beside the grid.
func (x *xsum) Shapes() []sudoku.Shape { return []sudoku.Shape{x.text(strconv.Itoa(x.value))} }

// clue returns its place and value, for the ISS writer.
func (k *xsum) clue() (outsideClue, int) { return k.outsideClue, k.value }

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "xsum", Title: "X-sum",
		Rule: "A number beside a row or column is the sum of its first X digits from that side, X being the first of them.",
		Read: readOutsideClues("xsum", func(int) int { return 1 }, func(n int) int { return n * (n + 1) / 2 },
			func(o outsideClue, v int) sudoku.Constraint { return &xsum{outsideClue: o, value: v} }),
		Write: writeOutsideClues("xsum", func(c sudoku.Constraint) (outsideClue, int, bool) {
			x, ok := c.(*xsum)
			if !ok {
				return outsideClue{}, 0, false
			}
			return x.outsideClue, x.value, true
		}),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"XSum": sudoku.ISSViaFP("xsum", sudoku.ISSOutsideClue)}, Write: issWriteOutside("XSum")},
	})
}
