package constraint

import (
	"fmt"
	"sudoku"
)

// Zipper lines (f-puzzles "zipperline", a lavender line): cells equally
// far from the middle of the line add up to the same total; on a line of
// odd length that total is the digit in the middle cell.

// zipper is a line of pairs (and a middle) of one sum.
type zipper struct {
	n     int
	cells []int
	sums  equalSums
}

func newZipper(n int, cells []int) *zipper {
	z := &zipper{n: n, cells: cells, sums: equalSums{n: n}}
	L := len(cells)
	for i := 0; i < L/2; i++ {
		z.sums.groups = append(z.sums.groups, []int{cells[i], cells[L-1-i]})
	}
	if L%2 == 1 {
		z.sums.groups = append(z.sums.groups, []int{cells[L/2]})
	}
	return z
}

func (z *zipper) Kind() string          { return "zipperline" }
func (z *zipper) Cells() []int          { return z.cells }
func (z *zipper) String() string        { return "zipper line " + sudoku.CellRange(z.n, z.cells) }
func (z *zipper) Check(g []uint8) error { return checkPlaced(z, z.n, g) }

// Propagate keeps in each cell the digits that let its pair (or the
// middle) make a total every other pair can make too (exact, equalSums).
func (z *zipper) Propagate(d *sudoku.Domains) bool {
	common, ok := z.sums.propagate(d)
	if ok && d.Explain {
		d.Because(z.reason(common), z.cells...)
	}
	return ok
}

// reason words the totals left: "on the zipper line r7c1-r3c1, cells
// equally far from the middle add up to the middle digit, now 8 or 9".
func (z *zipper) reason(common sumSet) string {
	what := "the same total"
	if len(z.cells)%2 == 1 {
		what = "the middle digit"
	}
	if s := common.sums(); len(s) > 0 {
		what += ", which can only be " + sumsText(s)
	}
	return fmt.Sprintf("on the zipper line %s, cells equally far from the middle add up to %s", sudoku.CellRange(z.n, z.cells), what)
}

// Rows (exact): each pair adds up to what the first pair does (the middle
// cell counting as a group of one), sum(pair) - sum(first) = 0.
func (z *zipper) Rows(m sudoku.Model) { z.sums.rows(m, "zipperline") }

// Shapes: a thin lavender line.
func (z *zipper) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(z.n, z.cells, "#CDB1EC", 0.15625)}
}

func readZippers(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("zipperline", 1, func(cells []int, _ []byte) error {
		out = append(out, newZipper(f.Size, cells))
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "zipperline", Title: "Zipper line", Rule: "Digits equally far from the middle of a lavender line (zipper) add up to the same total; on a line of odd length, the digit in the middle.",
		Read: readZippers, Write: writeLines("zipperline", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Zipper": sudoku.ISSViaFP("zipperline", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Zipper", sudoku.ISSLine)},
	})
}
