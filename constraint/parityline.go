package constraint

import (
	"fmt"
	"sudoku"
)

// Parity lines (SudokuPad's red lines, "Two cells adjacent along a red
// line must contain one even digit and one odd digit"): digits next to
// each other on the line alternate between odd and even, so every
// second cell has the parity of the first. Digits may repeat on the line
// where no house forbids it. f-puzzles has no key for them: SudokuPad
// puzzles and Go callers (NewParityLine) make them.

// parityLine is a line whose neighbours differ in parity.
type parityLine struct {
	n     int
	cells []int
}

func newParityLine(n int, cells []int) *parityLine { return &parityLine{n: n, cells: cells} }

func (k *parityLine) Kind() string   { return "parityline" }
func (k *parityLine) Cells() []int   { return k.cells }
func (k *parityLine) String() string { return "parity line " + sudoku.CellRange(k.n, k.cells) }

// Check finds two neighbours of the same parity, or two placed digits
// an even number of steps apart of different parities (or an odd
// number apart of the same), which no filling of the line between them
// mends.
func (k *parityLine) Check(cells []uint8) error {
	first := -1
	for i, c := range k.cells {
		v := int(cells[c])
		if v == 0 {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		a := int(cells[k.cells[first]])
		if (a%2 == v%2) != ((i-first)%2 == 0) {
			return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: []int{k.cells[first], c},
				Msg: fmt.Sprintf("%s in %s and %s in %s, %d apart on %s, cannot alternate odd and even", sudoku.DigitString(a), sudoku.CellName(k.n, k.cells[first]), sudoku.DigitString(v), sudoku.CellName(k.n, c), i-first, k)}
		}
	}
	return nil
}

// parityMask returns the digits 1..n of parity p (1 odd, 0 even).
func parityMask(n, p int) sudoku.Digits {
	var m sudoku.Digits
	for d := 2 - p; d <= n; d += 2 {
		m |= sudoku.DigitOf(d)
	}
	return m
}

// Propagate keeps the parities the line can take (exact for the line
// alone): its cells alternate, so the line has two fillings of
// parities, the first cell odd or even; a filling is out when a cell
// has no digit of its parity in it, and each cell keeps the digits of
// the parities left.
func (k *parityLine) Propagate(d *sudoku.Domains) bool {
	odd, even := parityMask(k.n, 1), parityMask(k.n, 0)
	fits := k.fillings(d)
	if !fits[0] && !fits[1] {
		return false
	}
	if fits[0] && fits[1] {
		return true
	}
	start := 0
	if fits[1] {
		start = 1
	}
	why := ""
	if d.Explain {
		why = k.why(d, start)
	}
	for i, c := range k.cells {
		keep := even
		if (start+i)%2 == 1 {
			keep = odd
		}
		if !d.Keep(c, keep) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("digits next to each other on the parity line %s alternate odd and even, and %s", sudoku.CellRange(k.n, k.cells), why), k.cells...)
	}
	return true
}

// fillings reports which fillings of parities the line can take:
// fits[p] when its first cell may have parity p (1 odd, 0 even) and
// every other cell a digit of the parity that gives it.
func (k *parityLine) fillings(d *sudoku.Domains) (fits [2]bool) {
	fits = [2]bool{true, true}
	for i, c := range k.cells {
		m := d.Of(c)
		for p := range 2 {
			if m&parityMask(k.n, (p+i)%2) == 0 {
				fits[p] = false
			}
		}
	}
	return fits
}

// why words what fixes the parities, before they are kept: the first
// cell of the line with no digit of the other parity.
func (k *parityLine) why(d *sudoku.Domains, start int) string {
	for i, c := range k.cells {
		want := parityMask(k.n, (start+i)%2)
		if d.Of(c)&^want == 0 {
			return fmt.Sprintf("%s can only be %s", sudoku.CellName(k.n, c), parityWord((start+i)%2))
		}
	}
	return "only one way fits"
}

// parityWord says "odd" for 1, "even" for 0.
func parityWord(p int) string {
	if p == 1 {
		return "odd"
	}
	return "even"
}

// Rows: for each pair of neighbours, exactly one holds an odd digit:
// the sum of x(c, d) over the odd d of both cells is 1.
func (k *parityLine) Rows(m sudoku.Model) {
	for i := 1; i < len(k.cells); i++ {
		var terms []sudoku.Term
		for _, c := range k.cells[i-1 : i+1] {
			for d := 1; d <= k.n; d += 2 {
				terms = append(terms, sudoku.Term{Coef: 1, Var: m.Cell(c, d)})
			}
		}
		m.Row("parityline", terms, sudoku.Equal, 1)
	}
}

// Shapes: a red line, as SudokuPad's setters draw it.
func (k *parityLine) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(k.n, k.cells, "#E04040", 0.15625)}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "parityline", Title: "Parity line",
		Rule: "Digits next to each other on a red line (parity) are one odd and one even.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewParityLine(r.Size, a.Cells)
		},
		ISS: &sudoku.ISSForm{Write: issWriteParityLine,
			Pairs: []sudoku.ISSRelation{{Name: "a parity line", Rank: 11, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return (a+b)%2 == 1 }, Make: issParityLines}}},
	})
}

// Its ISS form.

func issWriteParityLine(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.PairLine("Pair", func(a, b int) bool { return (a+b)%2 == 1 }, c.(*parityLine).cells)
	return nil
}

// issParityLines reads each list of cells as a parity line.
func issParityLines(r *sudoku.ISSReader, e sudoku.ISSElem, _ int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	for _, g := range groups {
		k, err := NewParityLine(r.Size(), g)
		if err != nil {
			return nil, e.Errorf("%v", err)
		}
		out = append(out, k)
	}
	return out, nil
}
