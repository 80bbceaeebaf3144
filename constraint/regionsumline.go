package constraint

import (
	"fmt"
	"slices"
	"sudoku"
)

// Region sum lines (f-puzzles "regionsumline", a blue line): the line is
// cut where it passes from one box (or region, on a jigsaw) to another,
// and every piece adds up to the same sum. A line that leaves a box and
// comes back starts a new piece, as SudokuVariantSolverJS and f-puzzles
// read it; cells outside every region are left out.

// regionSum is a line cut into pieces of one sum.
type regionSum struct {
	n     int
	cells []int
	sums  equalSums
}

// newRegionSum cuts cells by region (region[c] of each cell, -1 for none).
func newRegionSum(n int, cells []int, region []int) *regionSum {
	k := &regionSum{n: n, cells: cells, sums: equalSums{n: n}}
	last := -1
	for _, c := range cells {
		g := region[c]
		switch {
		case g < 0:
			continue
		case g == last && len(k.sums.groups) > 0:
			i := len(k.sums.groups) - 1
			k.sums.groups[i] = append(k.sums.groups[i], c)
		default:
			k.sums.groups = append(k.sums.groups, []int{c})
		}
		last = g
	}
	return k
}

func (k *regionSum) Kind() string          { return "regionsumline" }
func (k *regionSum) Cells() []int          { return k.cells }
func (k *regionSum) String() string        { return "region sum line " + sudoku.CellRange(k.n, k.cells) }
func (k *regionSum) Check(g []uint8) error { return checkPlaced(k, k.n, g) }

// Propagate keeps in each cell the digits that let its piece make a sum
// every other piece can make too (exact, equalSums).
func (k *regionSum) Propagate(d *sudoku.Domains) bool {
	common, ok := k.sums.propagate(d)
	if ok && d.Explain {
		what := ""
		if s := common.sums(); len(s) > 0 {
			what = ", which can only be " + sumsText(s)
		}
		d.Because(fmt.Sprintf("the pieces of the region sum line %s in each box add up to the same sum%s", sudoku.CellRange(k.n, k.cells), what), k.cells...)
	}
	return ok
}

// Rows (exact): every piece adds up to what the first does, sum(piece) -
// sum(first) = 0.
func (k *regionSum) Rows(m sudoku.Model) { k.sums.rows(m, "regionsumline") }

// Shapes: a thin blue line.
func (k *regionSum) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(k.n, k.cells, "#2ECBFF", 0.15625)}
}

func readRegionSums(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	region := f.Regions()
	err := f.ReadLines("regionsumline", 1, func(cells []int, _ []byte) error {
		out = append(out, newRegionSum(f.Size, cells, region))
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "regionsumline", Title: "Region sum line", Rule: "A blue line (region sum) adds up to the same sum in each box it passes through (a new sum each time it enters one).",
		Read: readRegionSums, Write: writeLines("regionsumline", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"RegionSumLine": issReadRegionSum}, Write: issWriteRegionSum},
	})
}

// Its ISS form.

// issWriteRegionSum writes a region sum line when ISS cuts it into the
// same pieces: ISS cuts it by boxes, or jigsaw regions without boxes,
// which the boxes or regions written are.
func issWriteRegionSum(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*regionSum)
	region := make([]int, w.Layout().NN)
	for i := range region {
		region[i] = w.Layout().RegionOf(i)
	}
	if !slices.EqualFunc(newRegionSum(w.Size(), k.cells, region).sums.groups, k.sums.groups, slices.Equal) {
		return fmt.Errorf("its pieces are not those of the puzzle's regions")
	}
	w.AddCells("RegionSumLine", k.cells)
	return nil
}

// issReadRegionSum reads a region sum line, cut by the boxes or the one
// jigsaw layout (ISS cuts by the last region it sees of several).
func issReadRegionSum(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if r.Rules().Regions != nil && r.Jigsaws() > 1 {
		return nil, e.Errorf("with %d jigsaw layouts the pieces of the line are not well defined", r.Jigsaws())
	}
	return sudoku.ISSViaFP("regionsumline", sudoku.ISSLine)(r, e)
}
