package constraint

import (
	"fmt"
	"strconv"
	"strings"
	"sudoku"

	"sudoku/internal/words"
)

// Cages as constraints: killer cages that overlap another one (f-puzzles
// and ISS allow it; a second sum over cells is a setter's tool) and sum
// cages whose digits may repeat (ISS's "Sum", SudokuPad's cages drawn
// without the rule that their digits differ). Cages that do not overlap
// stay in Rules.Cages, where the killer techniques and the bitboard
// engine read them; Rules.AddCage puts each cage where it belongs.

// sumCage is a cage read as a constraint: its cells add up to sum (0:
// no sum given), their digits different unless repeat is set (then only
// where a house of the puzzle forbids a repeat).
type sumCage struct {
	n      int
	sum    int
	repeat bool
	shape  sumShape
}

// NewCage returns a killer cage over cells of the grid of r as a
// constraint, with its sum (0 for none): the cells' digits differ, or,
// with repeat, may repeat where no house of r forbids it (then sum must
// be given). Rules.AddCage is the way to add a cage: it keeps those that
// overlap nothing in Rules.Cages.
func NewCage(r *sudoku.Rules, cells []int, sum int, repeat bool) (sudoku.Constraint, error) {
	n := r.Size
	kind := cageKind(repeat)
	if err := checkCells(n, kind, cells, 1); err != nil {
		return nil, err
	}
	k := &sumCage{n: n, sum: sum, repeat: repeat, shape: sumShape{cells: cells}}
	lo, hi := k.sumRange()
	switch {
	case sum == 0 && repeat:
		return nil, &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Cells: cells, Msg: "a cage whose digits may repeat needs a sum"}
	case sum != 0 && (sum < lo || sum > hi):
		return nil, &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Cells: cells, Msg: fmt.Sprintf("sum %d is impossible for %s (%d..%d)", sum, cageDigits(len(cells), repeat), lo, hi)}
	case !repeat && len(cells) > n:
		return nil, &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Cells: cells, Msg: fmt.Sprintf("%s cannot hold different digits 1..%d", cellCount(len(cells)), n)}
	}
	if repeat {
		h, err := rulesHouseMap(r)
		if err != nil {
			return nil, err
		}
		k.shape.differ = h.differ(cells)
	} else {
		k.shape.differ = allDiffer(len(cells))
	}
	return k, nil
}

// cageKind names the kind of a cage: "killer", or "sum" for one whose
// digits may repeat.
func cageKind(repeat bool) string {
	if repeat {
		return "sum"
	}
	return "killer"
}

// cageDigits says "3 different digits" or "3 digits".
func cageDigits(k int, repeat bool) string {
	if repeat {
		return words.Count(k, "digit")
	}
	return words.DifferentDigits(k)
}

// allDiffer is the relation of k cells that all differ.
func allDiffer(k int) []uint32 {
	out := make([]uint32, k)
	all := uint32(1)<<uint(min(k, sumCap)) - 1
	for i := range min(k, sumCap) {
		out[i] = all &^ (1 << uint(i))
	}
	return out
}

// sumRange returns the least and greatest sum the cage's cells can make.
func (k *sumCage) sumRange() (lo, hi int) {
	m := len(k.shape.cells)
	if k.repeat {
		return m, m * k.n
	}
	return sudoku.SumRange(k.n, m)
}

func (k *sumCage) Kind() string { return cageKind(k.repeat) }
func (k *sumCage) Cells() []int { return k.shape.cells }

// Sum returns the cage's sum, 0 for none.
func (k *sumCage) Sum() int { return k.sum }

func (k *sumCage) String() string {
	s := k.Kind() + " cage"
	if k.sum > 0 {
		s += " " + strconv.Itoa(k.sum)
	}
	return s + " " + sudoku.CellList(k.n, k.shape.cells, 4)
}

// Distinct: a killer cage's digits differ (not a sum cage's).
func (k *sumCage) Distinct() [][]int {
	if k.repeat {
		return nil
	}
	return [][]int{k.shape.cells}
}

func (k *sumCage) Check(cells []uint8) error {
	if !k.repeat {
		var seen sudoku.Digits
		for _, c := range k.shape.cells {
			if v := cells[c]; v != 0 {
				if seen.Has(int(v)) {
					return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.shape.cells, Msg: fmt.Sprintf("%s twice in the cage", sudoku.DigitString(int(v)))}
				}
				seen |= sudoku.DigitOf(int(v))
			}
		}
	}
	if k.sum == 0 || k.shape.check(cells, k.n, k.sum, k.sum) {
		return nil
	}
	msg := fmt.Sprintf("the digits placed cannot add up to %d", k.sum)
	if s, full := sumOf(cells, k.shape.cells); full {
		msg = fmt.Sprintf("the cage adds up to %d, not %d", s, k.sum)
	}
	return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.shape.cells, Msg: msg}
}

// Propagate: the cells add up to the sum (bounds, then the digits of
// each cell some assignment uses, with the cells' differences).
func (k *sumCage) Propagate(d *sudoku.Domains) bool {
	if k.sum == 0 {
		return true
	}
	if !k.shape.narrow(d, k.sum, k.sum) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the %s adds up to %d", k.String(), k.sum), k.shape.cells...)
	}
	return true
}

// Rows: the sum of the cells' values is the cage's sum (the differences
// of a killer cage are a group of the layout, which the model has).
func (k *sumCage) Rows(m sudoku.Model) {
	if k.sum > 0 {
		SumRows(m, k.Kind(), k.n, k.shape.cells, sudoku.Equal, k.sum)
	}
}

// Shapes: a dashed outline with the sum in its first cell's corner.
func (k *sumCage) Shapes() []sudoku.Shape {
	s := sudoku.Shape{Kind: sudoku.ShapeCage, Cells: k.shape.cells, Stroke: "#000000", Dashed: true}
	if k.sum > 0 {
		s.Text = strconv.Itoa(k.sum)
	}
	return []sudoku.Shape{s}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "killer", Title: "Killer cage",
		Rule: "Digits in a cage do not repeat and add up to its number, where it has one; cages may overlap.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewCage(r, a.Cells, a.Value, false)
		},
		ISS: &sudoku.ISSForm{Write: issWriteCage}, // ISS's Cage is read with the rules (Rules.AddCage)
	})
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "sum", Title: "Sum cage",
		Rule: "The digits in a sum cage add up to its number; they may repeat unless a house forbids it.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewCage(r, a.Cells, a.Value, true)
		},
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Sum": issReadSum}, Write: issWriteCage},
	})
}

// Its ISS form.

// issWriteCage writes a killer cage held as a constraint (Cage) or a sum
// cage whose digits may repeat (Sum).
func issWriteCage(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*sumCage)
	typ := "Cage"
	if k.repeat {
		typ = "Sum"
	}
	w.AddCells(typ, k.shape.cells, strconv.Itoa(k.sum))
	return nil
}

// issReadSum reads a sum cage whose digits may repeat (ISS's Sum without
// coefficients).
func issReadSum(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) < 2 {
		return nil, e.Errorf("want a sum and cells")
	}
	if strings.Contains(e.Args()[0], "_") {
		return nil, e.Errorf("sums with coefficients (%s) are not supported", e.Args()[0])
	}
	sum, err := r.Number(e, "sum", e.Args()[0])
	if err != nil {
		return nil, err
	}
	cells, err := r.Cells(e, e.Args()[1:], 1)
	if err != nil {
		return nil, err
	}
	k, err := NewCage(r.Rules(), cells, sum, true)
	if err != nil {
		return nil, e.Errorf("%v", err)
	}
	return []sudoku.Constraint{k}, nil
}
