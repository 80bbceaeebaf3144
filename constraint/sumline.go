package constraint

import (
	"fmt"
	"math/bits"
	"strconv"
	"sudoku"
)

// Sum lines: the line can be cut into segments of consecutive cells
// that each add up to its value, 10 unless it says otherwise; digits may
// repeat on it unless a house forbids it. ISS (Interactive Sudoku
// Solver) calls it "SumLine" (its argument the sum, 10 by default, and
// "LOOP" for a closed line); SudokuPad has no kind of its own for it:
// setters draw a line and call it a "10 line", a "sum line" or a
// "segment sum line" in the rules. f-puzzles has no key for it. On a
// loop (a closed line, its last cell beside its first) a segment may run
// on past the last cell into the first ones: any cell of the loop may
// start the cutting, as ISS reads it.

// sumLine is a line, or a loop, cut into segments of one value.
type sumLine struct {
	n     int
	cells []int
	value int
	loop  bool
}

// sumLineMax is the greatest value a sum line may have: its partial sums
// 0..value are kept as the bits of a word.
const sumLineMax = 63

// sumLineDefault is the value of a sum line that gives none (a 10 line).
const sumLineDefault = 10

// NewSumLine returns a sum line on the grid of r through cells, in
// order: it cuts into segments that each add up to value (10 on a
// "10 line"; at most 63), digits repeating unless a house of r forbids
// it. With loop the line is closed (its last cell joins its first) and a
// segment may run on from its last cell into its first.
func NewSumLine(r *sudoku.Rules, cells []int, value int, loop bool) (sudoku.Constraint, error) {
	n := r.Size
	if err := checkCells(n, "sumline", cells, 2); err != nil {
		return nil, err
	}
	fail := func(msg string) error {
		return &sudoku.ConstraintError{Size: n, Kind: "sumline", Index: -1, Cells: cells, Msg: msg}
	}
	switch {
	case value < 1 || value > len(cells)*n:
		return nil, fail(fmt.Sprintf("value %d is impossible for %s (want 1 to %d)", value, cellCount(len(cells)), len(cells)*n))
	case value > sumLineMax:
		return nil, fail(fmt.Sprintf("value %d is past %d, the greatest a sum line may have", value, sumLineMax))
	}
	return &sumLine{n: n, cells: cells, value: value, loop: loop}, nil
}

func (k *sumLine) Kind() string          { return "sumline" }
func (k *sumLine) Cells() []int          { return k.cells }
func (k *sumLine) Check(g []uint8) error { return checkPlaced(k, k.n, g) }

// String names it: "sum line r1c1-r1c4", "sum line (15) r1c1-r1c4",
// "sum loop through r1c1, r1c2, r2c2 and 1 more".
func (k *sumLine) String() string {
	what, where := "sum line", sudoku.CellRange(k.n, k.cells)
	if k.loop {
		what, where = "sum loop", "through "+sudoku.CellList(k.n, k.cells, 3)
	}
	if k.value != sumLineDefault {
		what += fmt.Sprintf(" (%d)", k.value)
	}
	return what + " " + where
}

// Value returns the sum of each segment.
func (k *sumLine) Value() int { return k.value }

// Loop reports whether the line is closed.
func (k *sumLine) Loop() bool { return k.loop }

// sumLineBuf is the length of line whose partial sums fit the stack.
const sumLineBuf = 82

// Propagate keeps in each cell the digits that some cutting of the whole
// line into segments of the value gives it (exact): the partial sums of
// the segment under way at each gap between cells (bit s of a word for
// the sum s), reachable from the start (forward) and able to finish at
// the end (backward). A loop tries each partial sum at its first gap
// (where the cutting starts and ends).
func (k *sumLine) Propagate(d *sudoku.Domains) bool {
	L := len(k.cells)
	var fbuf, bbuf [sumLineBuf]uint64
	var kbuf, cbuf [sumLineBuf]sudoku.Digits
	fw, bw, keep, cand := fbuf[:0], bbuf[:0], kbuf[:0], cbuf[:0]
	if L+1 > sumLineBuf {
		fw, bw, keep, cand = make([]uint64, 0, L+1), make([]uint64, 0, L+1), make([]sudoku.Digits, 0, L), make([]sudoku.Digits, 0, L)
	}
	fw, bw, keep, cand = fw[:L+1], bw[:L+1], keep[:L], cand[:L]
	for i, c := range k.cells {
		cand[i] = d.Of(c)
	}
	starts := 1
	if k.loop {
		starts = k.value
	}
	for p := range starts {
		k.supports(cand, p, fw, bw, keep)
	}
	if !keepAll(d, k.cells, keep) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the %s cuts into segments that each add up to %d", k, k.value), k.cells...)
	}
	return true
}

// supports adds to keep the digits each cell holds in some cutting whose
// segment under way at the first gap has reached p (0: the cutting
// starts there), using fw and bw as scratch.
func (k *sumLine) supports(cand []sudoku.Digits, p int, fw, bw []uint64, keep []sudoku.Digits) {
	L := len(cand)
	fw[0], bw[L] = 1<<p, 1<<p
	for i, m := range cand {
		fw[i+1] = k.after(fw[i], m)
	}
	if fw[L]&bw[L] == 0 {
		return
	}
	for i := L - 1; i >= 0; i-- {
		bw[i] = k.before(bw[i+1], cand[i])
	}
	for i, m := range cand {
		for x := uint32(m); x != 0; x &= x - 1 {
			v := bits.TrailingZeros32(x) + 1
			if k.after(fw[i], sudoku.DigitOf(v))&bw[i+1] != 0 {
				keep[i] |= sudoku.DigitOf(v)
			}
		}
	}
}

// after returns the partial sums a segment may have reached after a cell
// holding a digit of m, from the partial sums s before it: a segment that
// reaches the value ends there (the next starts from 0); one that passes
// it is no cutting.
func (k *sumLine) after(s uint64, m sudoku.Digits) uint64 {
	var t uint64
	for x := uint32(m); x != 0; x &= x - 1 {
		t |= s << (bits.TrailingZeros32(x) + 1)
	}
	below := uint64(1)<<k.value - 1
	return t&below | t>>k.value&1
}

// before returns the partial sums before a cell holding a digit of m from
// which the line can go on to a partial sum of s after it: s less the
// digit, and value less the digit when s holds 0 (the segment ends at
// the cell).
func (k *sumLine) before(s uint64, m sudoku.Digits) uint64 {
	var o uint64
	for x := uint32(m); x != 0; x &= x - 1 {
		v := bits.TrailingZeros32(x) + 1
		o |= s >> v
		if s&1 != 0 && v <= k.value {
			o |= 1 << (k.value - v)
		}
	}
	return o & (uint64(1)<<k.value - 1)
}

// Rows (exact): binaries cut(i) say a segment ends at the gap before
// cell i (i = 1..L-1; a line's ends are cuts). The partial sum at gap i,
// P(i) = start + v(c0) + ... + v(c(i-1)) - value*(cut(1) + ... +
// cut(i)), lies in 0..value-1 and is 0 at a cut: P(i) >= 0 and P(i) +
// (value-1)*cut(i) <= value-1. A line starts at 0 and its sum is value
// times its segments. A loop's start (the partial sum at its first gap)
// is a number of binaries, at most value-1, its gap L (its first again)
// a cut or not, and P(L) = start.
func (k *sumLine) Rows(m sudoku.Model) {
	L, v := len(k.cells), k.value
	start := k.startTerms(m)
	var prefix []sudoku.Term // v(c0..c(i-1)) - value*(cuts to i)
	gaps := L - 1
	if k.loop {
		gaps = L
	}
	for i := 1; i <= gaps; i++ {
		prefix = append(prefix, sudoku.ValueTerms(m, k.n, k.cells[i-1], 1)...)
		cut := m.Binary(fmt.Sprintf("cut%d", i))
		prefix = append(prefix, sudoku.Term{Coef: -v, Var: cut})
		p := append(append([]sudoku.Term{}, start...), prefix...)
		if i < L {
			m.Row("sumline partial", p, sudoku.AtLeast, 0)
		}
		m.Row("sumline partial", append(p, sudoku.Term{Coef: v - 1, Var: cut}), sudoku.AtMost, v-1)
	}
	if k.loop {
		m.Row("sumline total", prefix, sudoku.Equal, 0)
		return
	}
	m.Row("sumline total", append(prefix, sudoku.ValueTerms(m, k.n, k.cells[L-1], 1)...), sudoku.Equal, v)
}

// startTerms writes a loop's start, the partial sum at its first gap, as
// binary digits, at most value-1 (none for a line, which starts at 0).
func (k *sumLine) startTerms(m sudoku.Model) []sudoku.Term {
	if !k.loop || k.value == 1 {
		return nil
	}
	var t []sudoku.Term
	for b := 0; 1<<b < k.value; b++ {
		t = append(t, sudoku.Term{Coef: 1 << b, Var: m.Binary(fmt.Sprintf("start%d", b))})
	}
	m.Row("sumline start", t, sudoku.AtMost, k.value-1)
	return t
}

// Shapes: a green line (closed for a loop), its value in its first cell
// when it is not 10.
func (k *sumLine) Shapes() []sudoku.Shape {
	path := k.cells
	if k.loop {
		path = append(append([]int{}, k.cells...), k.cells[0])
	}
	s := []sudoku.Shape{lineShape(k.n, path, "#64C864", 0.15)}
	if k.value != sumLineDefault {
		at := sudoku.CellCentre(k.n, k.cells[0])
		s = append(s, sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{{R: at.R - 0.3, C: at.C - 0.3}}, Size: 0.25, Fill: "#000000", Stroke: "#ffffff", Text: strconv.Itoa(k.value)})
	}
	return s
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "sumline", Title: "Sum line",
		Rule: "A sum line (a 10 line) cuts into segments of consecutive cells that each add up to 10, or to its number; digits may repeat on it unless a house forbids it. A closed line's segments may run on past its start.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewSumLine(r, a.Cells, a.Value, a.Loop)
		},
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"SumLine": issReadSumLine}, Write: issWriteSumLine},
	})
}

// Its ISS form.

// issWriteSumLine writes a sum line, LOOP after the cells of a closed one.
func issWriteSumLine(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*sumLine)
	args := append([]string{strconv.Itoa(k.value)}, issCells(w.Size(), k.cells)...)
	if k.loop {
		args = append(args, "LOOP")
	}
	w.Add("SumLine", args...)
	return nil
}

// issReadSumLine reads a sum line: its sum, its cells, LOOP for a loop.
func issReadSumLine(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	args := e.Args()
	loop := len(args) > 0 && args[len(args)-1] == "LOOP"
	if loop {
		args = args[:len(args)-1]
	}
	if len(args) < 2 {
		return nil, e.Errorf("want a sum and cells")
	}
	sum, err := r.Number(e, "sum", args[0])
	if err != nil {
		return nil, err
	}
	cells, err := r.Cells(e, args[1:], 1)
	if err != nil {
		return nil, err
	}
	return issMade(e)(NewSumLine(r.Rules(), cells, sum, loop))
}
