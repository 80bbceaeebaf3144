package constraint

import (
	"fmt"
	"sudoku"
)

// Between lines (f-puzzles "betweenline", a grey line with a circle at
// each end): every digit on the line lies strictly between the digits in
// the two circles, whichever is the greater. A line of two cells (both
// circles, nothing between) has no rule, as SudokuVariantSolverJS reads
// it.

// betweenLine is a line whose inner digits lie strictly between its ends.
type betweenLine struct {
	n     int
	cells []int
}

func (k *betweenLine) Kind() string          { return "betweenline" }
func (k *betweenLine) Cells() []int          { return k.cells }
func (k *betweenLine) String() string        { return "between line " + sudoku.CellRange(k.n, k.cells) }
func (k *betweenLine) Check(g []uint8) error { return checkPlaced(k, k.n, g) }

// ends returns the two circles and the cells between them.
func (k *betweenLine) ends() (a, b int, mid []int) {
	L := len(k.cells)
	return k.cells[0], k.cells[L-1], k.cells[1 : L-1]
}

// Propagate tries both ways round (the first circle low, or high) and
// keeps what either allows. With lo low and hi high, lo's least digit A
// and hi's greatest B leave the line (A, B); lo keeps the digits below
// every line cell's greatest digit in (A, B), hi those above every line
// cell's least, the line the digits in (A, B). Exact: that is all the
// line allows.
func (k *betweenLine) Propagate(d *sudoku.Domains) bool {
	if len(k.cells) < 3 {
		return true
	}
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
		d.Because(fmt.Sprintf("the digits on the between line %s lie strictly between those in its circles", sudoku.CellRange(k.n, k.cells)), k.cells...)
	}
	return true
}

// oneWay returns what lo, hi and the line may hold with lo the low circle
// and hi the high one (nothing when that cannot be).
func (k *betweenLine) oneWay(d *sudoku.Domains, lo, hi int, mid []int) (loKeep, hiKeep, midKeep sudoku.Digits) {
	A, B := d.Min(lo), d.Max(hi)
	top, bottom := k.n+1, 0
	for _, c := range mid {
		in := d.Of(c) & sudoku.Range(A+1, B-1)
		if in == 0 {
			return 0, 0, 0
		}
		top, bottom = min(top, in.Max()), max(bottom, in.Min())
	}
	return d.Of(lo) & sudoku.Range(1, top-1), d.Of(hi) & sudoku.Range(bottom+1, k.n), sudoku.Range(A+1, B-1)
}

// Rows (exact with one binary): y is 1 when the first circle is the low
// one. With values v = sum d*x(c, d) and M = n, each line cell c keeps
// v(c) - v(first) >= 1 and v(last) - v(c) >= 1 when y = 1 (rows relaxed
// by M(1-y)), and v(first) - v(c) >= 1, v(c) - v(last) >= 1 when y = 0
// (relaxed by M*y).
func (k *betweenLine) Rows(m sudoku.Model) {
	if len(k.cells) < 3 {
		return
	}
	a, b, mid := k.ends()
	n := k.n
	y := m.Binary(k.String() + " rises")
	for _, c := range mid {
		k.row(m, c, a, y, -n, 1-n)
		k.row(m, b, c, y, -n, 1-n)
		k.row(m, a, c, y, n, 1)
		k.row(m, c, b, y, n, 1)
	}
}

// row writes v(p) - v(q) + coef*y >= rhs.
func (k *betweenLine) row(m sudoku.Model, p, q int, y sudoku.Var, coef, rhs int) {
	terms := append(sudoku.ValueTerms(m, k.n, p, 1), sudoku.ValueTerms(m, k.n, q, -1)...)
	m.Row("betweenline", append(terms, sudoku.Term{Coef: coef, Var: y}), sudoku.AtLeast, rhs)
}

// Shapes: a grey line with a white circle at each end.
func (k *betweenLine) Shapes() []sudoku.Shape {
	s := []sudoku.Shape{lineShape(k.n, k.cells, "#C0C0C0", 0.15)}
	for _, c := range []int{k.cells[0], k.cells[len(k.cells)-1]} {
		s = append(s, sudoku.Shape{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{sudoku.CellCentre(k.n, c)}, Size: 0.4, Fill: "#FFFFFF", Stroke: "#C0C0C0"})
	}
	return s
}

func readBetweenLines(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("betweenline", 2, func(cells []int, _ []byte) error {
		out = append(out, &betweenLine{n: f.Size, cells: cells})
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "betweenline", Title: "Between line", Rule: "Digits on a line between two circles lie strictly between the digits in the circles.",
		Read: readBetweenLines, Write: writeLines("betweenline", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Between": sudoku.ISSViaFP("betweenline", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Between", sudoku.ISSLine)},
	})
}
