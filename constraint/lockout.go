package constraint

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"sudoku"
)

// Lockout lines (f-puzzles "lockout", a blue line with a diamond at each
// end): the digits in the diamonds differ by at least half the size
// rounded down (4 on a 9x9), and no digit on the line lies between them
// or equals one. SudokuVariantSolverJS and the f-puzzles plugin take no
// other difference; an entry's "value", when it has one, sets it here.
// Lines that share a diamond are separate lines.

// lockout is a line whose ends differ by diff and lock out the digits
// from one to the other.
type lockout struct {
	n     int
	cells []int
	diff  int
}

// lockoutDefault is the least difference of the diamonds.
func lockoutDefault(n int) int { return n / 2 }

func (k *lockout) Kind() string          { return "lockout" }
func (k *lockout) Cells() []int          { return k.cells }
func (k *lockout) Check(g []uint8) error { return checkPlaced(k, k.n, g) }

func (k *lockout) String() string {
	if k.diff != lockoutDefault(k.n) {
		return fmt.Sprintf("lockout line (%d apart) %s", k.diff, sudoku.CellRange(k.n, k.cells))
	}
	return "lockout line " + sudoku.CellRange(k.n, k.cells)
}

// ends returns the two diamonds and the cells between them.
func (k *lockout) ends() (a, b int, mid []int) {
	L := len(k.cells)
	return k.cells[0], k.cells[L-1], k.cells[1 : L-1]
}

// Propagate tries both ways round (the first diamond low, or high) and
// keeps what either allows. With lo low, each digit x of lo is paired
// with the least digit y of hi at least diff above it (the narrowest
// lock); the pair stands when every line cell may hold a digit outside
// x..y, and then lo keeps x and the line every digit outside x..y; hi
// keeps y when the greatest x of lo at least diff below it stands.
// Exact: that is all the line allows.
func (k *lockout) Propagate(d *sudoku.Domains) bool {
	a, b, mid := k.ends()
	lo1, hi1, mid1 := k.oneWay(d, a, b, mid)
	lo2, hi2, mid2 := k.oneWay(d, b, a, mid)
	if !d.Keep(a, lo1|hi2) || !d.Keep(b, hi1|lo2) {
		return false
	}
	for _, c := range mid {
		if !d.Keep(c, mid1|mid2) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the diamonds of the lockout line %s differ by at least %d, and no digit on the line lies between them or equals one", sudoku.CellRange(k.n, k.cells), k.diff), k.cells...)
	}
	return true
}

// oneWay returns what lo, hi and the line may hold with lo the low
// diamond.
func (k *lockout) oneWay(d *sudoku.Domains, lo, hi int, mid []int) (loKeep, hiKeep, midKeep sudoku.Digits) {
	all := sudoku.AllDigits(k.n)
	cl, ch := d.Of(lo), d.Of(hi)
	for x := cl; x != 0; x &= x - 1 {
		v := x.Min()
		if up := ch & sudoku.Range(v+k.diff, k.n); up != 0 && k.fits(d, mid, v, up.Min()) {
			loKeep |= sudoku.DigitOf(v)
			midKeep |= all &^ sudoku.Range(v, up.Min())
		}
	}
	for x := ch; x != 0; x &= x - 1 {
		v := x.Min()
		if down := cl & sudoku.Range(1, v-k.diff); down != 0 && k.fits(d, mid, down.Max(), v) {
			hiKeep |= sudoku.DigitOf(v)
		}
	}
	return loKeep, hiKeep, midKeep
}

// fits reports whether every line cell may hold a digit outside lo..hi.
func (k *lockout) fits(d *sudoku.Domains, mid []int, lo, hi int) bool {
	out := sudoku.AllDigits(k.n) &^ sudoku.Range(lo, hi)
	for _, c := range mid {
		if d.Of(c)&out == 0 {
			return false
		}
	}
	return true
}

// Rows (exact with one binary): y is 1 when the first diamond is the low
// one. With values v = sum d*x(c, d) and M = diff+n-1: v(last) - v(first)
// >= diff when y = 1 (relaxed by M(1-y)), v(first) - v(last) >= diff when
// y = 0 (relaxed by M*y). A line cell c holds no digit d lying between
// the diamonds: with L(p, d) = sum of x(p, e) over e <= d and G(p, d)
// over e >= d, x(c, d) + L(first, d) + G(last, d) + y <= 3, and x(c, d) +
// L(last, d) + G(first, d) - y <= 2 (the four terms are all 1 exactly
// when d is locked out the way y says).
func (k *lockout) Rows(m sudoku.Model) {
	a, b, mid := k.ends()
	n, M := k.n, k.diff+k.n-1
	y := m.Binary(k.String() + " rises")
	m.Row("lockout ends", append(append(sudoku.ValueTerms(m, n, b, 1), sudoku.ValueTerms(m, n, a, -1)...), sudoku.Term{Coef: -M, Var: y}), sudoku.AtLeast, k.diff-M)
	m.Row("lockout ends", append(append(sudoku.ValueTerms(m, n, a, 1), sudoku.ValueTerms(m, n, b, -1)...), sudoku.Term{Coef: M, Var: y}), sudoku.AtLeast, k.diff)
	for _, c := range mid {
		for d := 1; d <= n; d++ {
			up := append(append([]sudoku.Term{{Coef: 1, Var: m.Cell(c, d)}, {Coef: 1, Var: y}}, k.cum(m, a, 1, d)...), k.cum(m, b, d, n)...)
			m.Row("lockout line", up, sudoku.AtMost, 3)
			down := append(append([]sudoku.Term{{Coef: 1, Var: m.Cell(c, d)}, {Coef: -1, Var: y}}, k.cum(m, b, 1, d)...), k.cum(m, a, d, n)...)
			m.Row("lockout line", down, sudoku.AtMost, 2)
		}
	}
}

// cum returns the terms x(c, e) for e in lo..hi.
func (k *lockout) cum(m sudoku.Model, c, lo, hi int) []sudoku.Term {
	var t []sudoku.Term
	for e := lo; e <= hi; e++ {
		t = append(t, sudoku.Term{Coef: 1, Var: m.Cell(c, e)})
	}
	return t
}

// Shapes: a light blue line with a diamond at each end.
func (k *lockout) Shapes() []sudoku.Shape {
	s := []sudoku.Shape{lineShape(k.n, k.cells, "#AABEEF", 0.2)}
	h := 0.55 * math.Sqrt2 / 2 // half the diagonal of a square of side 0.55
	for _, c := range []int{k.cells[0], k.cells[len(k.cells)-1]} {
		p := sudoku.CellCentre(k.n, c)
		diamond := []sudoku.Point{{R: p.R - h, C: p.C}, {R: p.R, C: p.C + h}, {R: p.R + h, C: p.C}, {R: p.R, C: p.C - h}, {R: p.R - h, C: p.C}}
		s = append(s, sudoku.Shape{Kind: sudoku.ShapeLine, Points: diamond, Size: 0.03, Stroke: "#0000FF", Fill: "#E7E6FF"})
	}
	return s
}

// Rule words the difference of this line.
func (k *lockout) Rule() string {
	return fmt.Sprintf("The diamonds at the ends of a lockout line differ by at least %d, and no digit on the line lies between them or equals one.", k.diff)
}

func readLockouts(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("lockout", 2, func(cells []int, value []byte) error {
		v, err := lineValue(value, lockoutDefault(f.Size))
		if err == nil && (v < 1 || v >= f.Size) {
			err = fmt.Errorf("value %d out of range 1..%d", v, f.Size-1)
		}
		if err != nil {
			return err
		}
		out = append(out, &lockout{n: f.Size, cells: cells, diff: v})
		return nil
	})
	return out, err
}

func writeLockouts(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	entries := make([]sudoku.FPLines, 0, len(cs))
	for _, c := range cs {
		k, ok := c.(*lockout)
		if !ok {
			return fmt.Errorf("not a lockout line: %v", c)
		}
		e := sudoku.FPLines{Lines: [][]string{f.Names(k.cells)}}
		if k.diff != lockoutDefault(f.Size) {
			e.Value = json.RawMessage(strconv.Quote(strconv.Itoa(k.diff)))
		}
		entries = append(entries, e)
	}
	return f.Set("lockout", entries)
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "lockout", Title: "Lockout line", Rule: "The diamonds at the ends of a lockout line differ by at least 4 (half the size), and no digit on the line lies between them or equals one.",
		Read: readLockouts, Write: writeLockouts,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Lockout": sudoku.ISSViaFP("lockout", sudoku.ISSValueLine)}, Write: issWriteLockout},
	})
}

// Its ISS form.

func issWriteLockout(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*lockout)
	w.AddCells("Lockout", k.cells, strconv.Itoa(k.diff))
	return nil
}
