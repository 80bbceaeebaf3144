package constraint

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sudoku"
	"sudoku/internal/words"
)

// Rellik cages, the anti-killer: the digits in the cage do not repeat, and
// no combination of one or more of them adds up to the cage's number (a
// rellik cage of 10 holds neither a 1 and a 9 nor a 1, a 2 and a 7).
// Interactive Sudoku Solver calls it RellikCage (`.RellikCage~10~R1C1~R1C2`,
// drawn shaded with "≠10"); SudokuPad has no rule of its own for it: a
// cage with its number, the setter's rules saying "rellik cage" or
// "anti-killer cage". f-puzzles has no key for it (Read and Write nil).

// rellik is a rellik cage.
type rellik struct {
	n     int
	value int
	cells []int
	// good holds bit m for each set of digits m (bit d-1 for d) none of
	// whose subsets adds up to value; nil on grids past rellikExactMax.
	good []uint64
}

// rellikExactMax is the greatest size whose rellik cages are propagated
// exactly (over the sets of digits the cells may take, 2^N of them);
// bigger grids get a filter by the digits placed.
const rellikExactMax = 16

// rellikBudget bounds the sets of digits one exact propagation looks at:
// past it the filter by the digits placed is used (sound, only weaker).
// A 9x9 cage has at most 512.
const rellikBudget = 1 << 13

// NewRellik returns a rellik cage over cells of the grid of r with its
// number value: its digits differ, and no one or more of them add up to
// value.
func NewRellik(r *sudoku.Rules, cells []int, value int) (sudoku.Constraint, error) {
	n := r.Size
	if err := checkCells(n, "rellik", cells, 1); err != nil {
		return nil, err
	}
	fail := func(format string, args ...any) error {
		return &sudoku.ConstraintError{Size: n, Kind: "rellik", Index: -1, Cells: cells, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case len(cells) > n:
		return nil, fail("%s cannot hold different digits 1..%d", cellCount(len(cells)), n)
	case value < 1 || value > sumSetMax:
		return nil, fail("value %d outside 1 to %d", value, sumSetMax)
	}
	k := newRellik(n, cells, value)
	if k.good != nil && !k.fillable() {
		return nil, fail("no %s avoid adding up to %d", words.DifferentDigits(len(cells)), value)
	}
	return k, nil
}

// newRellik returns the cage, its table of good sets made on grids up to
// rellikExactMax.
func newRellik(n int, cells []int, value int) *rellik {
	k := &rellik{n: n, value: value, cells: cells}
	if n <= rellikExactMax {
		k.good = rellikGood(n, value)
	}
	return k
}

// rellikGood returns the sets of digits 1..n none of whose subsets adds
// up to value, as bits: a set is good when its own sum is not value and
// every set one digit smaller is good.
func rellikGood(n, value int) []uint64 {
	good := make([]uint64, (1<<n+63)/64)
	good[0] = 1
	for m := 1; m < 1<<n; m++ {
		sum := 0
		ok := true
		for x := m; x != 0 && ok; x &= x - 1 {
			b := bits.TrailingZeros(uint(x))
			sum += b + 1
			p := m &^ (1 << b)
			ok = good[p>>6]>>(p&63)&1 != 0
		}
		if ok && sum != value {
			good[m>>6] |= 1 << (m & 63)
		}
	}
	return good
}

// isGood reports whether the set of digits m avoids the value.
func (k *rellik) isGood(m sudoku.Digits) bool { return k.good[m>>6]>>(m&63)&1 != 0 }

// fillable reports whether some set of len(cells) digits is good.
func (k *rellik) fillable() bool {
	for m := range sudoku.Digits(1 << k.n) {
		if m.Count() == len(k.cells) && k.isGood(m) {
			return true
		}
	}
	return false
}

func (k *rellik) Kind() string      { return "rellik" }
func (k *rellik) Cells() []int      { return k.cells }
func (k *rellik) Distinct() [][]int { return [][]int{k.cells} }

// Value returns the cage's number.
func (k *rellik) Value() int { return k.value }

func (k *rellik) String() string {
	return "rellik cage ≠" + strconv.Itoa(k.value) + " " + sudoku.CellList(k.n, k.cells, 4)
}

// Check finds a digit twice, placed digits that add up to the value, or,
// on grids up to rellikExactMax, placed digits that leave the other cells
// no digits to take (exact: the search of Propagate).
func (k *rellik) Check(cells []uint8) error {
	var seen sudoku.Digits
	for _, c := range k.cells {
		if v := int(cells[c]); v != 0 {
			if seen.Has(v) {
				return k.fail(fmt.Sprintf("%s twice in the cage", sudoku.DigitString(v)))
			}
			seen |= sudoku.DigitOf(v)
		}
	}
	if sub := subsetAddingTo(seen, k.value); sub != 0 {
		return k.fail(fmt.Sprintf("%s add up to %d", plusList(sub), k.value))
	}
	if !k.Propagate(placedDomains(k.n, cells)) {
		return k.fail(fmt.Sprintf("the digits placed leave the cage no digits that avoid adding up to %d", k.value))
	}
	return nil
}

func (k *rellik) fail(msg string) error {
	return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.cells, Msg: msg}
}

// subsetAddingTo returns a subset of m whose digits add up to value, 0
// when there is none (nor when value is out of a sumSet's reach).
func subsetAddingTo(m sudoku.Digits, value int) sudoku.Digits {
	if value < 1 || value > sumSetMax {
		return 0
	}
	// first[s] is 1 + the digit whose turn first reached the sum s; the
	// sum s - digit was reached at an earlier turn, so the walk back
	// takes each digit once.
	var first [sumSetMax + 1]uint8
	for x := m; x != 0; x &= x - 1 {
		v := x.Min()
		for s := value; s >= v; s-- {
			if first[s] == 0 && (s == v || first[s-v] != 0) {
				first[s] = uint8(v)
			}
		}
	}
	var out sudoku.Digits
	for s := value; s > 0 && first[s] != 0; s -= int(first[s]) {
		out |= sudoku.DigitOf(int(first[s]))
	}
	if first[value] == 0 {
		return 0
	}
	return out
}

// plusList words digits as a sum: "1 + 9".
func plusList(m sudoku.Digits) string {
	var parts []string
	for x := m; x != 0; x &= x - 1 {
		parts = append(parts, sudoku.DigitString(x.Min()))
	}
	return strings.Join(parts, " + ")
}

// Propagate keeps in each cell the digits some filling of the cage uses
// (different digits, none of them adding up to the value): exactly, by a
// search over the sets of digits the first cells took, on grids up to
// rellikExactMax within rellikBudget sets; else by the digits placed.
func (k *rellik) Propagate(d *sudoku.Domains) bool {
	ok, done := k.exact(d)
	if !done {
		ok = k.byPlaced(d)
	}
	if ok && d.Explain {
		d.Because(fmt.Sprintf("the digits of the %s differ and no one or more of them add up to %d", k, k.value), k.cells...)
	}
	return ok
}

// exact runs the search; done is false when it did not finish (a grid
// past rellikExactMax, or the budget spent).
func (k *rellik) exact(d *sudoku.Domains) (ok, done bool) {
	if k.good == nil {
		return false, false
	}
	var s rellikSearch
	s.k, s.nodes = k, rellikBudget
	if k.n <= 9 {
		var seen, live [1 << 9 / 64]uint64
		s.seen, s.live = seen[:], live[:]
		return s.run(d)
	}
	var seen, live [1 << rellikExactMax / 64]uint64
	s.seen, s.live = seen[:], live[:]
	return s.run(d)
}

// rellikSearch is the scratch of an exact propagation: the sets of digits
// looked at (seen) and those from which the rest of the cells can be
// filled (live), by bits.
type rellikSearch struct {
	k          *rellik
	cand, sup  [rellikExactMax]sudoku.Digits
	seen, live []uint64
	nodes      int
}

// run searches from the empty set and keeps the digits supported.
func (s *rellikSearch) run(d *sudoku.Domains) (ok, done bool) {
	for i, c := range s.k.cells {
		s.cand[i] = d.Of(c)
	}
	alive := s.fill(0, 0)
	if s.nodes < 0 {
		return false, false
	}
	if !alive {
		return false, true
	}
	for i, c := range s.k.cells {
		if !d.Keep(c, s.sup[i]) {
			return false, true
		}
	}
	return true, true
}

// fill reports whether cells i on can be filled, the first i cells having
// taken the digits of m, and adds to sup each digit a cell takes on the
// way to a filling. Each set is expanded once: it fixes i (its size).
func (s *rellikSearch) fill(i int, m sudoku.Digits) bool {
	if i == len(s.k.cells) {
		return true
	}
	w, b := m>>6, uint64(1)<<(m&63)
	if s.seen[w]&b != 0 {
		return s.live[w]&b != 0
	}
	s.seen[w] |= b
	if s.nodes--; s.nodes < 0 {
		return true // abandoned: run reports it
	}
	alive := false
	for x := s.cand[i] &^ m; x != 0; x &= x - 1 {
		v := x & -x
		if next := m | v; s.k.isGood(next) && s.fill(i+1, next) {
			alive = true
			s.sup[i] |= v
		}
		if s.nodes < 0 {
			return true
		}
	}
	if alive {
		s.live[w] |= b
	}
	return alive
}

// byPlaced is the filter of big grids: the digits placed differ and no
// one or more of them add up to the value; the other cells lose those
// digits, and each digit that would add up to the value with some of
// them.
func (k *rellik) byPlaced(d *sudoku.Domains) bool {
	var placed sudoku.Digits
	for _, c := range k.cells {
		if p := d.Placed[c]; p != 0 {
			if placed&p != 0 {
				return false
			}
			placed |= p
		}
	}
	sums := sumSet{1}
	for x := placed; x != 0; x &= x - 1 {
		sums = sums.or(sums.shl(x.Min()))
	}
	if sums[k.value>>6]>>(k.value&63)&1 != 0 {
		return false
	}
	bad := placed
	for v := 1; v <= min(k.n, k.value); v++ {
		if s := k.value - v; sums[s>>6]>>(s&63)&1 != 0 {
			bad |= sudoku.DigitOf(v)
		}
	}
	for _, c := range k.cells {
		if d.Placed[c] == 0 && !d.Remove(c, bad) {
			return false
		}
	}
	return true
}

// Rows (exact, the cells' digits differing by the layout's group): for
// each set B of different digits adding up to the value, of at most as
// many digits as cells, the cage holds at most |B|-1 of them: the sum of
// x(c, d) over its cells and the digits of B is at most |B|-1.
func (k *rellik) Rows(m sudoku.Model) {
	var walk func(top, rest int, set sudoku.Digits)
	walk = func(top, rest int, set sudoku.Digits) {
		if rest == 0 {
			var terms []sudoku.Term
			for x := set; x != 0; x &= x - 1 {
				for _, c := range k.cells {
					terms = append(terms, sudoku.Term{Coef: 1, Var: m.Cell(c, x.Min())})
				}
			}
			m.Row("rellik", terms, sudoku.AtMost, set.Count()-1)
			return
		}
		if set.Count() == len(k.cells) {
			return
		}
		for v := min(top, rest); v >= 1; v-- {
			walk(v-1, rest-v, set|sudoku.DigitOf(v))
		}
	}
	walk(k.n, k.value, 0)
}

// Shapes: a shaded dashed outline with the number in its first cell's
// corner (Interactive Sudoku Solver shades it too; its "≠" is left out,
// as the PDF's fonts have no such glyph: the shading tells it from a
// killer cage, the rule says the rest).
func (k *rellik) Shapes() []sudoku.Shape {
	return []sudoku.Shape{
		{Kind: sudoku.ShapeShade, Cells: k.cells, Fill: "#e6e6e6"},
		{Kind: sudoku.ShapeCage, Cells: k.cells, Stroke: "#000000", Dashed: true, Text: strconv.Itoa(k.value)},
	}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "rellik", Title: "Rellik cage",
		Rule: "Digits in a rellik cage do not repeat, and no one or more of them add up to the cage's number.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewRellik(r, a.Cells, a.Value)
		},
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"RellikCage": issReadValueCells(NewRellik)}, Write: issWriteRellik},
	})
}

// Its ISS form.

func issWriteRellik(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*rellik)
	w.AddCells("RellikCage", k.cells, strconv.Itoa(k.value))
	return nil
}
