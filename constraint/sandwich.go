package constraint

import (
	"fmt"
	"strconv"
	"sudoku"
)

// Sandwiches (f-puzzles "sandwichsum"): a number beside a row or column
// is the sum of the digits between its 1 and its N (9 on a 9x9), the
// crusts, whichever comes first; 0 when they are side by side.

// sandwich is one sandwich clue beside a row or column.
type sandwich struct {
	outsideClue
	value int
}

func (s *sandwich) Kind() string   { return "sandwichsum" }
func (s *sandwich) Cells() []int   { return s.cells }
func (s *sandwich) String() string { return fmt.Sprintf("sandwichsum %d %s", s.value, s.side()) }

// crusts returns the places of the 1 and the N among the digits placed,
// -1 where not placed.
func (s *sandwich) crusts(cells []uint8) (one, top int) {
	one, top = -1, -1
	for i, c := range s.cells {
		switch int(cells[c]) {
		case 1:
			one = i
		case s.n:
			top = i
		}
	}
	return one, top
}

func (s *sandwich) Check(cells []uint8) error {
	one, top := s.crusts(cells)
	if one < 0 || top < 0 {
		return nil
	}
	a, b := min(one, top), max(one, top)
	lo, hi, sum, full := 0, 0, 0, true
	for _, c := range s.cells[a+1 : b] {
		if v := int(cells[c]); v != 0 {
			lo, hi, sum = lo+v, hi+v, sum+v
		} else {
			lo, hi, full = lo+2, hi+s.n-1, false
		}
	}
	if s.value >= lo && s.value <= hi {
		return nil
	}
	msg := fmt.Sprintf("the digits between the 1 and the %d cannot add up to %d", s.n, s.value)
	if full {
		msg = fmt.Sprintf("the digits between the 1 and the %d add up to %d, not %d", s.n, sum, s.value)
	}
	return &sudoku.ConstraintError{Size: s.n, Kind: s.Kind(), Index: -1, Cells: s.cells[a : b+1], Msg: msg}
}

// Propagate tries every pair of places for the crusts: each other cell
// then avoids 1 and N, and the cells between add up to the value (all
// different, searched digit by digit). Each cell keeps the digits some
// possible pair of places gives it.
func (s *sandwich) Propagate(d *sudoku.Domains) bool {
	var cand, keep [sudoku.MaxSize]sudoku.Digits
	for i, c := range s.cells {
		cand[i] = d.Of(c)
	}
	if !s.supports(cand[:s.n], keep[:s.n]) || !keepAll(d, s.cells, keep[:s.n]) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the digits between the 1 and the %d of %s add up to %d", s.n, s.house(), s.value), s.cells...)
	}
	return true
}

// supports fills keep with the digits each cell holds for some places of
// the crusts; false when there are none.
func (s *sandwich) supports(cand, keep []sudoku.Digits) bool {
	crust := sudoku.DigitOf(1) | sudoku.DigitOf(s.n)
	forced := 0 // the cells that can only be crusts, as bits
	for i, m := range cand {
		if m&^crust == 0 {
			forced |= 1 << i
		}
	}
	var w sumSearch
	w.nodes = sumBudget
	found := false
	for a := range s.n {
		for b := a + 1; b < s.n; b++ {
			ka, kb := crustPair(cand[a], cand[b], s.n)
			if ka == 0 || forced&^(1<<a|1<<b) != 0 || !s.between(&w, cand, keep, a, b) {
				continue
			}
			found = true
			keep[a], keep[b] = keep[a]|ka, keep[b]|kb
			for i := range s.n {
				if i < a || i > b {
					keep[i] |= cand[i] &^ crust
				}
			}
		}
	}
	return found
}

// crustPair returns the crusts cells a and b (a first) may hold as a
// pair, 1 and N or N and 1; none when they cannot be both.
func crustPair(ca, cb sudoku.Digits, n int) (ka, kb sudoku.Digits) {
	one, top := sudoku.DigitOf(1), sudoku.DigitOf(n)
	if ca&one != 0 && cb&top != 0 {
		ka, kb = one, top
	}
	if ca&top != 0 && cb&one != 0 {
		ka, kb = ka|top, kb|one
	}
	return ka, kb
}

// between reports whether the cells strictly between places a and b
// can add up to the value, none of them a crust, and adds the digits
// they can then hold to keep.
func (s *sandwich) between(w *sumSearch, cand, keep []sudoku.Digits, a, b int) bool {
	k := b - a - 1
	if k == 0 {
		return s.value == 0
	}
	if s.value < k*(k+3)/2 || s.value > k*(2*s.n-k-1)/2 {
		return false
	}
	var mid [sudoku.MaxSize]sudoku.Digits
	crust := sudoku.DigitOf(1) | sudoku.DigitOf(s.n)
	for i := range k {
		mid[i] = cand[a+1+i] &^ crust
	}
	w.loadRow(mid[:k], s.value)
	if !w.supports() {
		return false
	}
	for i := range k {
		keep[a+1+i] |= w.keep[i]
	}
	return true
}

// Rows (cells c0..c(N-1) from the clue): p(i), the crusts among c0..ci,
// is the sum of x(cj, 1) + x(cj, N) for j <= i. Binaries u(i) and w(i)
// with u(i) + w(i) = p(i) and w(i) <= u(i) say "a crust is at or before
// i" and "both are". Cell i is between exactly when u(i-1) - w(i) is 1.
// Binaries t(i, d) = x(ci, d) and between, for d in 2..N-1:
// t <= x, t <= u(i-1) - w(i), t >= x + u(i-1) - w(i) - 1; and the sum of
// d t(i, d) is the value.
func (s *sandwich) Rows(m sudoku.Model) {
	n := s.n
	name := fmt.Sprintf("sandwich_%s_", s.sideKey())
	u, w := make([]sudoku.Var, n-1), make([]sudoku.Var, n-1)
	var p []sudoku.Term
	for i := range n - 1 {
		u[i], w[i] = m.Binary(fmt.Sprintf("%su%d", name, i)), m.Binary(fmt.Sprintf("%sw%d", name, i))
		p = append(p, sudoku.Term{Coef: -1, Var: m.Cell(s.cells[i], 1)}, sudoku.Term{Coef: -1, Var: m.Cell(s.cells[i], n)})
		m.Row("sandwich crusts", append([]sudoku.Term{{Coef: 1, Var: u[i]}, {Coef: 1, Var: w[i]}}, p...), sudoku.Equal, 0)
		m.Row("sandwich order", []sudoku.Term{{Coef: 1, Var: w[i]}, {Coef: -1, Var: u[i]}}, sudoku.AtMost, 0)
	}
	var sum []sudoku.Term
	for i := 1; i < n-1; i++ {
		for d := 2; d < n; d++ {
			t, x := m.Binary(fmt.Sprintf("%st%d_%d", name, i, d)), m.Cell(s.cells[i], d)
			m.Row("sandwich between", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: x}}, sudoku.AtMost, 0)
			m.Row("sandwich between", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: u[i-1]}, {Coef: 1, Var: w[i]}}, sudoku.AtMost, 0)
			m.Row("sandwich between", []sudoku.Term{{Coef: 1, Var: t}, {Coef: -1, Var: x}, {Coef: -1, Var: u[i-1]}, {Coef: 1, Var: w[i]}}, sudoku.AtLeast, -1)
			sum = append(sum, sudoku.Term{Coef: d, Var: t})
		}
	}
	m.Row("sandwich", sum, sudoku.Equal, s.value)
}

// sideKey names the clue's place for variable names: "R0C4".
func (o outsideClue) sideKey() string { return fmt.Sprintf("R%dC%d", o.row+1, o.col+1) }

// Shapes: the number beside the grid.
func (s *sandwich) Shapes() []sudoku.Shape { return []sudoku.Shape{s.text(strconv.Itoa(s.value))} }

// readOutsideClues reads the clues of key beside the grid: their place
// and their value within lo..hi, made into constraints by make.
func readOutsideClues(key string, lo, hi func(n int) int, make func(o outsideClue, v int) sudoku.Constraint) func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	return func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
		var entries []sudoku.FPClue
		if err := f.Decode(key, &entries); err != nil {
			return nil, err
		}
		var out []sudoku.Constraint
		for i, e := range entries {
			o, err := readOutsideClue(f, key, i, e.Cell)
			if err != nil {
				return nil, err
			}
			v, err := clueValue(f, key, i, e.Value, lo(f.Size), hi(f.Size))
			if err != nil {
				return nil, err
			}
			out = append(out, make(o, v))
		}
		return out, nil
	}
}

// writeOutsideClues writes clues beside the grid: place and value.
func writeOutsideClues(key string, clue func(sudoku.Constraint) (outsideClue, int, bool)) func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	return func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
		entries := make([]map[string]string, len(cs))
		for i, c := range cs {
			o, v, ok := clue(c)
			if !ok {
				return fmt.Errorf("not a %s: %v", key, c)
			}
			entries[i] = map[string]string{"cell": f.OutsideName(o.row, o.col), "value": strconv.Itoa(v)}
		}
		return f.Set(key, entries)
	}
}

// clue returns its place and value, for the ISS writer.
func (k *sandwich) clue() (outsideClue, int) { return k.outsideClue, k.value }

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "sandwichsum", Title: "Sandwich",
		Rule: "A number beside a row or column is the sum of the digits between its 1 and its highest digit (9 on a 9x9).",
		Read: readOutsideClues("sandwichsum", func(int) int { return 0 }, func(n int) int { return n*(n+1)/2 - 1 - n },
			func(o outsideClue, v int) sudoku.Constraint { return &sandwich{outsideClue: o, value: v} }),
		Write: writeOutsideClues("sandwichsum", func(c sudoku.Constraint) (outsideClue, int, bool) {
			s, ok := c.(*sandwich)
			if !ok {
				return outsideClue{}, 0, false
			}
			return s.outsideClue, s.value, true
		}),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Sandwich": issReadSandwich}, Write: issWriteOutside("Sandwich")},
	})
}

// Its ISS form.

// issReadSandwich reads a sandwich: its sum and its row or column.
func issReadSandwich(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) != 2 {
		return nil, e.Errorf("want a sum and a row or column")
	}
	place, err := r.LinePlace(e, e.Args()[1], true)
	if err != nil {
		return nil, err
	}
	if r.Seen(e, e.Args()[1]) {
		return nil, r.Once(e, e.Args()[1], e.Args()[0])
	}
	if err := r.Once(e, e.Args()[1], e.Args()[0]); err != nil {
		return nil, err
	}
	return r.ViaFP(e, "sandwichsum", map[string]any{"cell": place, "value": e.Args()[0]})
}
