package constraint

import (
	"fmt"
	"sudoku"
)

// Thermometers (f-puzzles "thermometer"): digits strictly increase along
// the line from the bulb. A slow thermometer ("slowthermometer", as
// SudokuPad names it) lets them stay equal or increase.

type thermo struct {
	n     int
	cells []int
	slow  bool
}

func (t *thermo) Kind() string {
	if t.slow {
		return "slowthermometer"
	}
	return "thermometer"
}

func (t *thermo) Cells() []int   { return t.cells }
func (t *thermo) String() string { return t.Kind() + " " + sudoku.CellRange(t.n, t.cells) }

// Distinct: a thermometer's digits all differ (not a slow one's).
func (t *thermo) Distinct() [][]int {
	if t.slow {
		return nil
	}
	return [][]int{t.cells}
}

// step is the least rise from one cell to the next: 1, or 0 when slow.
func (t *thermo) step() int {
	if t.slow {
		return 0
	}
	return 1
}

func (t *thermo) Check(cells []uint8) error {
	for i, a := range t.cells {
		for j := i + 1; j < len(t.cells); j++ {
			b := t.cells[j]
			x, y := int(cells[a]), int(cells[b])
			if x != 0 && y != 0 && (y-x < (j-i)*t.step() || y < x) {
				return &sudoku.ConstraintError{Size: t.n, Kind: t.Kind(), Index: -1, Cells: []int{a, b}, Msg: fmt.Sprintf("%s then %s does not rise from the bulb", sudoku.DigitString(x), sudoku.DigitString(y))}
			}
		}
	}
	return nil
}

// Propagate keeps each cell above the least digit of the cell before it
// and below the greatest of the cell after it (bounds, which for a chain
// of comparisons is all there is to find).
func (t *thermo) Propagate(d *sudoku.Domains) bool {
	s := t.step()
	for i := 1; i < len(t.cells); i++ {
		c := t.cells[i]
		lo := d.Min(t.cells[i-1]) + s
		if !d.Keep(c, sudoku.Range(lo, t.n)) {
			return false
		}
		if d.Explain {
			d.Because(fmt.Sprintf("on the %s, %s %s %s, which is at least %d", t.what(), sudoku.CellName(t.n, c), t.above(), sudoku.CellName(t.n, t.cells[i-1]), lo-s), t.cells[:i+1]...)
		}
	}
	for i := len(t.cells) - 2; i >= 0; i-- {
		c := t.cells[i]
		hi := d.Max(t.cells[i+1]) - s
		if !d.Keep(c, sudoku.Range(1, hi)) {
			return false
		}
		if d.Explain {
			d.Because(fmt.Sprintf("on the %s, %s %s %s, which is at most %d", t.what(), sudoku.CellName(t.n, c), t.below(), sudoku.CellName(t.n, t.cells[i+1]), hi+s), t.cells[i:]...)
		}
	}
	return true
}

// above and below word the step: "is above", or "is at least" on a slow
// thermometer.
func (t *thermo) above() string {
	if t.slow {
		return "is at least"
	}
	return "is above"
}

func (t *thermo) below() string {
	if t.slow {
		return "is at most"
	}
	return "is below"
}

// what names it in words: "thermometer from r1c1".
func (t *thermo) what() string {
	if t.slow {
		return "slow thermometer from " + sudoku.CellName(t.n, t.cells[0])
	}
	return "thermometer from " + sudoku.CellName(t.n, t.cells[0])
}

// Rows: each cell's value is at least the one before it plus the step.
func (t *thermo) Rows(m sudoku.Model) {
	for i := 1; i < len(t.cells); i++ {
		terms := append(sudoku.ValueTerms(m, t.n, t.cells[i], 1), sudoku.ValueTerms(m, t.n, t.cells[i-1], -1)...)
		m.Row(t.Kind(), terms, sudoku.AtLeast, t.step())
	}
}

func (t *thermo) Shapes() []sudoku.Shape {
	return []sudoku.Shape{
		{Kind: sudoku.ShapeLine, Points: sudoku.CellPath(t.n, t.cells), Size: 0.3, Stroke: "#c8c8c8"},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{sudoku.CellCentre(t.n, t.cells[0])}, Size: 0.38, Fill: "#c8c8c8"},
	}
}

// readThermos reads the thermometers of key.
func readThermos(key string, slow bool) func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	return func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
		var out []sudoku.Constraint
		err := f.ReadLines(key, 1, func(cells []int, _ []byte) error {
			if !slow && len(cells) > f.Size {
				return fmt.Errorf("a thermometer of %d cells cannot rise through %d digits", len(cells), f.Size)
			}
			out = append(out, &thermo{n: f.Size, cells: cells, slow: slow})
			return nil
		})
		return out, err
	}
}

// writeLines writes constraints that are lines of cells, one entry a
// line.
func writeLines(key string, cells func(sudoku.Constraint) []int) func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	return func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
		entries := make([]sudoku.FPLines, len(cs))
		for i, c := range cs {
			entries[i] = sudoku.FPLines{Lines: [][]string{f.Names(cells(c))}}
		}
		return f.Set(key, entries)
	}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "thermometer", Title: "Thermometer", Rule: "Digits on a thermometer increase from the bulb.",
		Read: readThermos("thermometer", false), Write: writeLines("thermometer", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Thermo": sudoku.ISSViaFP("thermometer", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Thermo", sudoku.ISSLine),
			Pairs: []sudoku.ISSRelation{{Name: "a thermometer", Rank: 1, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return a < b }, Make: issThermos(false)}}},
	})
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "slowthermometer", Title: "Slow thermometer", Rule: "Digits on a slow thermometer stay the same or increase from the bulb.",
		Read: readThermos("slowthermometer", true), Write: writeLines("slowthermometer", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Write: issWriteSlowThermo,
			Pairs: []sudoku.ISSRelation{{Name: "a slow thermometer", Rank: 2, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return a <= b }, Make: issThermos(true)}}},
	})
}

// Its ISS form.

func issWriteSlowThermo(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.PairLine("Pair", func(a, b int) bool { return a <= b }, c.(*thermo).cells)
	return nil
}

func issThermos(slow bool) func(r *sudoku.ISSReader, e sudoku.ISSElem, v int, groups [][]int) ([]sudoku.Constraint, error) {
	return func(r *sudoku.ISSReader, e sudoku.ISSElem, _ int, groups [][]int) ([]sudoku.Constraint, error) {
		var out []sudoku.Constraint
		for _, g := range groups {
			k, err := NewThermometer(r.Size(), g, slow)
			if err != nil {
				return nil, e.Errorf("%v", err)
			}
			out = append(out, k)
		}
		return out, nil
	}
}
