package constraint

import (
	"fmt"
	"sudoku"
)

// Double arrows (f-puzzles "doublearrow"): a line with a circle at each
// end; the digits between the circles add up to the sum of the two
// digits in the circles.

// doubleArrow is one double arrow line.
type doubleArrow struct {
	n    int
	path []int    // the line, its ends in the circles
	sum  sumShape // the ends weighted 1, the middle -1: the sum is 0
}

// newDoubleArrow makes the double arrow along path (3 cells or more); h
// says which cells share a house.
func newDoubleArrow(n int, path []int, h *houseMap) *doubleArrow {
	k := len(path)
	cells := append([]int{path[0], path[k-1]}, path[1:k-1]...)
	coef := make([]int, k)
	for i := range coef {
		coef[i] = -1
	}
	coef[0], coef[1] = 1, 1
	return &doubleArrow{n: n, path: path, sum: sumShape{cells: cells, coef: coef, differ: h.differ(cells)}.withGroups()}
}

func (a *doubleArrow) Kind() string   { return "doublearrow" }
func (a *doubleArrow) Cells() []int   { return a.path }
func (a *doubleArrow) String() string { return "doublearrow " + pathName(a.n, a.path) }

// ends names the circles: "r3c2 and r7c2".
func (a *doubleArrow) ends() string {
	return sudoku.CellName(a.n, a.path[0]) + " and " + sudoku.CellName(a.n, a.path[len(a.path)-1])
}

func (a *doubleArrow) Check(cells []uint8) error {
	if a.sum.check(cells, a.n, 0, 0) {
		return nil
	}
	msg := "the digits placed cannot make the middle add up to the circles"
	if s, full := sumOf(cells, a.path[1:len(a.path)-1]); full {
		if e, full := sumOf(cells, []int{a.path[0], a.path[len(a.path)-1]}); full {
			msg = fmt.Sprintf("the middle adds up to %d, the circles to %d", s, e)
		}
	}
	return &sudoku.ConstraintError{Size: a.n, Kind: a.Kind(), Index: -1, Cells: a.path, Msg: msg}
}

// Propagate: the circles' sum less the middle's is 0 (sumShape.narrow:
// bounds, then the digits of each cell some assignment uses).
func (a *doubleArrow) Propagate(d *sudoku.Domains) bool {
	if !a.sum.narrow(d, 0, 0) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the digits between the circles %s add up to the sum of the circles", a.ends()), a.path...)
	}
	return true
}

// Rows: x(end1) + x(end2) - sum(middle) = 0 as values, one row.
func (a *doubleArrow) Rows(m sudoku.Model) {
	var terms []sudoku.Term
	for i, c := range a.sum.cells {
		terms = append(terms, sudoku.ValueTerms(m, a.n, c, a.sum.weight(i))...)
	}
	m.Row("doublearrow", terms, sudoku.Equal, 0)
}

// Shapes: a circle at each end, the line between their edges.
func (a *doubleArrow) Shapes() []sudoku.Shape {
	k := len(a.path)
	pts := sudoku.CellPath(a.n, a.path)
	pts[0] = towards(pts[0], pts[1], 0.4)
	pts[k-1] = towards(pts[k-1], pts[k-2], 0.4)
	return []sudoku.Shape{
		{Kind: sudoku.ShapeLine, Points: pts, Size: 0.05, Stroke: "#a0a0a0"},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{sudoku.CellCentre(a.n, a.path[0])}, Size: 0.4, Stroke: "#a0a0a0"},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{sudoku.CellCentre(a.n, a.path[k-1])}, Size: 0.4, Stroke: "#a0a0a0"},
	}
}

func readDoubleArrows(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	h := fpHouseMap(f)
	var out []sudoku.Constraint
	err := f.ReadLines("doublearrow", 3, func(cells []int, _ []byte) error {
		out = append(out, newDoubleArrow(f.Size, cells, h))
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "doublearrow", Title: "Double arrow",
		Rule: "The digits between the two circles of a double arrow add up to the sum of the digits in the circles.",
		Read: readDoubleArrows, Write: writeLines("doublearrow", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"DoubleArrow": sudoku.ISSViaFP("doublearrow", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("DoubleArrow", sudoku.ISSLine)},
	})
}
