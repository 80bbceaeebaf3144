package constraint

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"sudoku"
)

// Lunchboxes: the digits of some cells, in order, differ, and those
// between the smallest and the largest of them add up to the lunchbox's
// number (0 when the two are side by side). ISS (Interactive Sudoku
// Solver) calls it "Lunchbox" (a sum and any cells, drawn shaded);
// SudokuPad has no kind of its own: setters write "lunchbox" in the rules
// and shade the cells, or put the number beside a row or column (the
// lunchbox of that row or column; on a grid whose rows hold every digit
// that is a sandwich, its crusts 1 and N). f-puzzles has no key for it.

// lunchbox is one lunchbox: its cells in order and its sum.
type lunchbox struct {
	n     int
	cells []int
	value int
	group bool         // the cells do not all share a house: they are a group of their own
	clue  *outsideClue // the clue's place, when the cells are a row or column read from one side
}

// NewLunchbox returns a lunchbox on the grid of r over cells, in order
// (a row or column read from the side of its clue, or any cells): their
// digits differ, and those between the smallest and the largest add up
// to sum.
func NewLunchbox(r *sudoku.Rules, cells []int, sum int) (sudoku.Constraint, error) {
	n := r.Size
	if err := checkCells(n, "lunchbox", cells, 2); err != nil {
		return nil, err
	}
	fail := func(msg string) error {
		return &sudoku.ConstraintError{Size: n, Kind: "lunchbox", Index: -1, Cells: cells, Msg: msg}
	}
	L := len(cells)
	if L > n {
		return nil, fail(fmt.Sprintf("%s cannot hold different digits 1..%d", cellCount(L), n))
	}
	if hi := lunchboxMax(n, L); sum < 0 || sum > hi || sum == 1 {
		return nil, fail(fmt.Sprintf("sum %d is impossible for %s (want %s)", sum, cellCount(L), lunchboxSums(hi)))
	}
	h, err := rulesHouseMap(r)
	if err != nil {
		return nil, err
	}
	k := &lunchbox{n: n, cells: cells, value: sum, clue: clueOfCells(n, cells)}
	for i, m := range h.differ(cells) {
		k.group = k.group || m|1<<i != 1<<L-1
	}
	return k, nil
}

// lunchboxMax returns the greatest sum between the ends of a lunchbox of
// L cells: the L-2 largest digits below N.
func lunchboxMax(n, L int) int {
	s := 0
	for d := n - 1; d > n-1-(L-2); d-- {
		s += d
	}
	return s
}

// lunchboxSums words the sums a lunchbox may have: "0", "0 or 2 to 35".
func lunchboxSums(hi int) string {
	if hi < 2 {
		return "0"
	}
	return fmt.Sprintf("0 or 2 to %d", hi)
}

// clueOfCells returns the place beside the grid whose row or column,
// read from that side, is cells; nil when there is none.
func clueOfCells(n int, cells []int) *outsideClue {
	if len(cells) != n {
		return nil
	}
	for i := range n {
		for _, at := range [][2]int{{-1, i}, {n, i}, {i, -1}, {i, n}} {
			o := newOutsideClue(n, at[0], at[1])
			if slices.Equal(o.cells, cells) {
				return &o
			}
		}
	}
	return nil
}

func (k *lunchbox) Kind() string { return "lunchbox" }
func (k *lunchbox) Cells() []int { return k.cells }

// Sum returns the sum between the smallest and the largest digit.
func (k *lunchbox) Sum() int { return k.value }

// String names it: "lunchbox 12 left of r3", "lunchbox 7 r1c1-r1c5".
func (k *lunchbox) String() string {
	if k.clue != nil {
		return fmt.Sprintf("lunchbox %d %s", k.value, k.clue.side())
	}
	return fmt.Sprintf("lunchbox %d %s", k.value, sudoku.CellRange(k.n, k.cells))
}

// Distinct: the digits of a lunchbox differ (a group of its own when its
// cells are not in one house).
func (k *lunchbox) Distinct() [][]int {
	if !k.group {
		return nil
	}
	return [][]int{k.cells}
}

// Check: with every cell placed, the digits differ and those between the
// smallest and the largest add up to the sum; on a partial grid, the
// placed digits leave some way to fill the rest (propagation).
func (k *lunchbox) Check(g []uint8) error {
	lo, hi, full := 0, 0, true
	var seen sudoku.Digits
	for i, c := range k.cells {
		v := int(g[c])
		switch {
		case v == 0:
			full = false
			continue
		case seen.Has(v):
			return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.cells, Msg: fmt.Sprintf("%s twice in the lunchbox", sudoku.DigitString(v))}
		}
		seen |= sudoku.DigitOf(v)
		if v < int(g[k.cells[lo]]) || g[k.cells[lo]] == 0 {
			lo = i
		}
		if v > int(g[k.cells[hi]]) || g[k.cells[hi]] == 0 {
			hi = i
		}
	}
	if !full {
		return checkPlaced(k, k.n, g)
	}
	a, b := min(lo, hi), max(lo, hi)
	if s, _ := sumOf(g, k.cells[a+1:b]); s != k.value {
		return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.cells[a : b+1],
			Msg: fmt.Sprintf("the digits between the %d and the %d add up to %d, not %d", g[k.cells[lo]], g[k.cells[hi]], s, k.value)}
	}
	return nil
}

// lunchBudget bounds the search nodes of one propagation of a lunchbox:
// past it the digits not yet looked at are kept (sound, only weaker).
const lunchBudget = 1 << 14

// Propagate keeps in each cell the digits some filling of the lunchbox
// gives it (exact within its budget of search nodes): for each digit not
// yet seen in a filling, a filling with that digit is looked for, over
// every place of the smallest and the largest digit.
func (k *lunchbox) Propagate(d *sudoku.Domains) bool {
	var w lunchSearch
	w.n, w.k, w.value, w.nodes = k.n, len(k.cells), k.value, lunchBudget
	for i, c := range k.cells {
		w.cand[i] = d.Of(c)
	}
	if !w.supports() || !keepAll(d, k.cells, w.keep[:w.k]) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the digits of the %s differ, and those between the smallest and the largest add up to %d", k, k.value), k.cells...)
	}
	return true
}

// lunchSearch is the scratch space of the search of a lunchbox of up to
// MaxSize cells: keep gets the digits of each cell some filling uses.
type lunchSearch struct {
	n, k, value  int
	cand, keep   [sudoku.MaxSize]sudoku.Digits
	val          [sudoku.MaxSize]int
	order        [sudoku.MaxSize]int // the cells in the order they are filled: the smallest, the largest, those between, the rest
	inner        int                 // how many cells lie between the two
	low, high    uint32              // the cells that can hold the smallest (largest) digit, as bits
	fixed, fixV  int                 // the cell and digit the current search holds fixed
	lastA, lastB int                 // the places of the smallest and the largest digit in the last filling found
	nodes        int
}

// supports fills keep, and returns false when no filling is left.
func (w *lunchSearch) supports() bool {
	w.ends()
	for i := range w.k {
		w.keep[i] = 0
	}
	for i := range w.k {
		for m := w.cand[i]; m != 0; m &= m - 1 {
			v := m.Min()
			if w.keep[i].Has(v) {
				continue
			}
			if w.nodes <= 0 {
				w.keep[i] |= w.cand[i]
				break
			}
			w.fixed, w.fixV = i, v
			switch w.anyEnds() {
			case 1:
				for j := range w.k {
					w.keep[j] |= sudoku.DigitOf(w.val[j])
				}
			case -1:
				w.keep[i] |= sudoku.DigitOf(v)
			}
		}
		if w.keep[i] == 0 {
			return false
		}
	}
	return true
}

// ends finds the cells that can hold the smallest digit (one of theirs
// below a digit of every other cell) and the largest.
func (w *lunchSearch) ends() {
	w.low, w.high = 0, 0
	for i := range w.k {
		lo, hi := true, true
		for j := range w.k {
			if j != i {
				lo = lo && w.cand[i].Min() < w.cand[j].Max()
				hi = hi && w.cand[i].Max() > w.cand[j].Min()
			}
		}
		if lo {
			w.low |= 1 << i
		}
		if hi {
			w.high |= 1 << i
		}
	}
}

// anyEnds looks for a filling over every pair of places of the smallest
// and the largest digit, the pair of the last filling found first: 1
// when found (in val), 0 when there is none, -1 when the nodes ran out.
func (w *lunchSearch) anyEnds() int8 {
	if w.lastA != w.lastB {
		if r := w.tryEnds(w.lastA, w.lastB); r != 0 {
			return r
		}
	}
	for lo := w.low; lo != 0; lo &= lo - 1 {
		a := bits.TrailingZeros32(lo)
		for hi := w.high &^ (1 << a); hi != 0; hi &= hi - 1 {
			b := bits.TrailingZeros32(hi)
			if a == w.lastA && b == w.lastB {
				continue
			}
			if r := w.tryEnds(a, b); r != 0 {
				return r
			}
		}
	}
	return 0
}

// tryEnds looks for a filling with the smallest digit at a and the
// largest at b, when the cells between can add up to the value.
func (w *lunchSearch) tryEnds(a, b int) int8 {
	c := max(a, b) - min(a, b) - 1 // the cells between
	if c == 0 && w.value != 0 || c > 0 && (w.value < c*(c+3)/2 || w.value > c*(2*w.n-c-1)/2) {
		return 0
	}
	w.setOrder(a, b)
	r := w.dfs(0, 0, 0)
	if r == 1 {
		w.lastA, w.lastB = a, b
	}
	return r
}

// setOrder orders the cells for the search with the smallest digit at a
// and the largest at b.
func (w *lunchSearch) setOrder(a, b int) {
	w.order[0], w.order[1] = a, b
	j := 2
	from, to := min(a, b), max(a, b)
	for i := from + 1; i < to; i++ {
		w.order[j], j = i, j+1
	}
	w.inner = j - 2
	for i := range w.k {
		if i < from || i > to {
			w.order[j], j = i, j+1
		}
	}
}

// options returns the digits cell i may take in the current search.
func (w *lunchSearch) options(i int) sudoku.Digits {
	if i == w.fixed {
		return sudoku.DigitOf(w.fixV)
	}
	return w.cand[i]
}

// dfs fills the cells from the j-th of the order on, the digits used so
// far being used and those between the ends adding up to sum.
func (w *lunchSearch) dfs(j int, used sudoku.Digits, sum int) int8 {
	if j == w.k {
		if sum == w.value {
			return 1
		}
		return 0
	}
	c := w.order[j]
	m := w.options(c) &^ used
	switch j {
	case 0:
		m &= sudoku.Range(1, w.n-w.k+1)
	case 1:
		m &= sudoku.Range(w.val[w.order[0]]+w.k-1, w.n)
	default:
		m &= sudoku.Range(w.val[w.order[0]]+1, w.val[w.order[1]]-1)
	}
	for ; m != 0; m &= m - 1 {
		v := m.Min()
		s := sum
		if j >= 2 && j < 2+w.inner {
			s += v
		}
		w.val[c] = v
		if j >= 1 && !w.room(j, used|sudoku.DigitOf(v), s) {
			continue
		}
		if w.nodes--; w.nodes < 0 {
			return -1
		}
		if r := w.dfs(j+1, used|sudoku.DigitOf(v), s); r != 0 {
			return r
		}
	}
	return 0
}

// room reports whether, the j-th cell of the order filled and the digits
// used being used, the cells left can take different digits between the
// ends, each one of its own, and those between bring the sum so far, s,
// to the value.
func (w *lunchSearch) room(j int, used sudoku.Digits, s int) bool {
	avail := sudoku.Range(w.val[w.order[0]]+1, w.val[w.order[1]]-1) &^ used
	if avail.Count() < w.k-1-j {
		return false
	}
	for _, c := range w.order[j+1 : w.k] {
		if w.options(c)&avail == 0 {
			return false
		}
	}
	in := max(0, 2+w.inner-1-j) // cells between left to fill
	lo, hi := 0, 0
	low, high := avail, avail
	for range in {
		a, b := low.Min(), high.Max()
		lo, hi = lo+a, hi+b
		low, high = low&^sudoku.DigitOf(a), high&^sudoku.DigitOf(b)
	}
	return s+lo <= w.value && s+hi >= w.value
}

// Rows (exact): binaries low(i) and high(i) say cell i holds the smallest
// (largest) digit, one of each: low(i) forces v(j) - v(i) >= 1 for every
// other cell j (v(j) - v(i) - N low(i) >= 1 - N), high(i) the reverse.
// Then as a sandwich's: p(i), the ends among cells 0..i, is u(i) + w(i)
// with w(i) <= u(i); cell i lies between when u(i-1) - w(i) is 1, and
// t(i, d) = x(ci, d) and between (t <= x, t <= between, t >= x +
// between - 1) adds d to the sum. The digits' differences are the
// layout's (a house, or the lunchbox's group).
func (k *lunchbox) Rows(m sudoku.Model) {
	L := len(k.cells)
	ends := make([][]sudoku.Term, L)
	for _, side := range []struct {
		name string
		sign int
	}{{"low", 1}, {"high", -1}} {
		var one []sudoku.Term
		for i, c := range k.cells {
			e := m.Binary(fmt.Sprintf("%s%d", side.name, i))
			one, ends[i] = append(one, sudoku.Term{Coef: 1, Var: e}), append(ends[i], sudoku.Term{Coef: -1, Var: e})
			for j, o := range k.cells {
				if j != i {
					t := append(sudoku.ValueTerms(m, k.n, o, side.sign), sudoku.ValueTerms(m, k.n, c, -side.sign)...)
					m.Row("lunchbox "+side.name, append(t, sudoku.Term{Coef: -k.n, Var: e}), sudoku.AtLeast, 1-k.n)
				}
			}
		}
		m.Row("lunchbox "+side.name, one, sudoku.Equal, 1)
	}
	k.betweenRows(m, ends)
}

// betweenRows writes the sum of the cells between the ends, ends[i]
// being minus the terms that say cell i is one.
func (k *lunchbox) betweenRows(m sudoku.Model, ends [][]sudoku.Term) {
	L := len(k.cells)
	u, w := make([]sudoku.Var, L-1), make([]sudoku.Var, L-1)
	var p []sudoku.Term
	for i := range L - 1 {
		u[i], w[i] = m.Binary(fmt.Sprintf("u%d", i)), m.Binary(fmt.Sprintf("w%d", i))
		p = append(p, ends[i]...)
		m.Row("lunchbox ends", append([]sudoku.Term{{Coef: 1, Var: u[i]}, {Coef: 1, Var: w[i]}}, p...), sudoku.Equal, 0)
		m.Row("lunchbox order", []sudoku.Term{{Coef: 1, Var: w[i]}, {Coef: -1, Var: u[i]}}, sudoku.AtMost, 0)
	}
	var sum []sudoku.Term
	for i := 1; i < L-1; i++ {
		for d := 2; d < k.n; d++ {
			t, x := m.Binary(fmt.Sprintf("t%d_%d", i, d)), m.Cell(k.cells[i], d)
			m.Row("lunchbox between", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: x}}, sudoku.AtMost, 0)
			m.Row("lunchbox between", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: u[i-1]}, {Coef: 1, Var: w[i]}}, sudoku.AtMost, 0)
			m.Row("lunchbox between", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: x}, {Coef: -1, Var: u[i-1]}, {Coef: 1, Var: w[i]}}, sudoku.AtLeast, -1)
			sum = append(sum, sudoku.Term{Coef: d, Var: t})
		}
	}
	m.Row("lunchbox", sum, sudoku.Equal, k.value)
}

// Shapes: the number beside the grid for a row or column; else the cells
// shaded grey, the number in the first one's corner.
func (k *lunchbox) Shapes() []sudoku.Shape {
	label := strconv.Itoa(k.value)
	if k.clue != nil {
		return []sudoku.Shape{k.clue.text(label)}
	}
	at := sudoku.CellCentre(k.n, k.cells[0])
	return []sudoku.Shape{
		{Kind: sudoku.ShapeShade, Cells: k.cells, Fill: "#64646433"},
		{Kind: sudoku.ShapeText, Points: []sudoku.Point{{R: at.R - 0.3, C: at.C - 0.3}}, Size: 0.25, Fill: "#000000", Stroke: "#ffffff", Text: label},
	}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "lunchbox", Title: "Lunchbox",
		Rule: "The digits of a lunchbox (shaded cells, or a row or column with a number beside it) do not repeat; those between its smallest and its largest digit add up to its number.",
		Make: makeLunchbox,
		ISS:  &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Lunchbox": issReadValueCells(NewLunchbox)}, Write: issWriteLunchbox},
	})
}

// makeLunchbox makes a lunchbox of cells, or of the row or column beside
// which its number stands when no cells are given.
func makeLunchbox(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
	cells := a.Cells
	if cells == nil {
		o, err := outsidePlace(r.Size, "lunchbox", a.Row, a.Col)
		if err != nil {
			return nil, err
		}
		cells = o.cells
	}
	return NewLunchbox(r, cells, a.Value)
}

// Its ISS form.

func issWriteLunchbox(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*lunchbox)
	w.AddCells("Lunchbox", k.cells, strconv.Itoa(k.value))
	return nil
}
