package constraint

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sudoku"
)

// Arrows (f-puzzles "arrow"): the digits along an arrow add up to the
// number in its circle. A circle of several cells (a pill) holds a
// number of several figures, read in the order the entry lists its cells,
// as SudokuVariantSolverJS reads it (f-puzzles lists them as drawn, left
// to right or top to bottom); on a grid above 9 a digit such as 12 takes
// two figures (1 then 12 reads 112). An entry with several lines from one
// circle makes one constraint per line.

// arrow is one line of an arrow entry, from its circle.
type arrow struct {
	n      int
	circle []int
	path   []int    // the line as drawn, its first cell in the circle
	sum    sumShape // the line's cells weighted 1, then the circle's -10^k; only the line's when text
	text   bool     // the number is read figure by figure (a pill on a grid above 9)
	// pillDiffer says which of the circle's cells share a house.
	pillDiffer []uint32
}

// newArrow makes the arrow from circle along path (its first cell in the
// circle); h says which cells share a house.
func newArrow(n int, circle, path []int, h *houseMap) *arrow {
	a := &arrow{n: n, circle: circle, path: path, text: n > 9 && len(circle) > 1}
	line := path[1:]
	cells := slices.Clone(line)
	var coef []int
	if !a.text {
		cells = append(cells, circle...)
		coef = make([]int, len(cells))
		for i := range line {
			coef[i] = 1
		}
		w := 1
		for i := len(circle) - 1; i >= 0; i-- {
			coef[len(line)+i] = -w
			w *= 10
		}
	}
	a.sum = sumShape{cells: cells, coef: coef, differ: h.differ(cells)}.withGroups()
	a.pillDiffer = h.differ(circle)
	return a
}

func (a *arrow) Kind() string { return "arrow" }
func (a *arrow) line() []int  { return a.path[1:] }

// Cells: the circle's, then the line's.
func (a *arrow) Cells() []int { return append(slices.Clone(a.circle), a.line()...) }

func (a *arrow) String() string {
	return fmt.Sprintf("arrow %s: %s", pathName(a.n, a.circle), pathName(a.n, a.path))
}

// circleName names the circle: "r2c2", or "the pill r1c1-r1c2".
func (a *arrow) circleName() string {
	if len(a.circle) == 1 {
		return sudoku.CellName(a.n, a.circle[0])
	}
	return "the pill " + pathName(a.n, a.circle)
}

func (a *arrow) Check(cells []uint8) error {
	var ok bool
	if a.text {
		ok = a.checkText(cells)
	} else {
		ok = a.sum.check(cells, a.n, 0, 0)
	}
	if ok {
		return nil
	}
	msg := "the digits placed cannot make the arrow add up to its circle"
	if s, full := sumOf(cells, a.line()); full {
		if v, ok := pillNumber(cells, a.circle); ok {
			msg = fmt.Sprintf("the arrow adds up to %d, its circle holds %d", s, v)
		}
	}
	return &sudoku.ConstraintError{Size: a.n, Kind: "arrow", Index: -1, Cells: a.Cells(), Msg: msg}
}

// checkText checks a pill read figure by figure: once its cells are
// placed, the line can still reach its number.
func (a *arrow) checkText(cells []uint8) bool {
	v, ok := pillNumber(cells, a.circle)
	if !ok {
		return true
	}
	return a.sum.check(cells, a.n, v, v)
}

// pillNumber reads the number of the circle's cells, figure by figure;
// false while one is empty.
func pillNumber(cells []uint8, circle []int) (int, bool) {
	v := 0
	for _, c := range circle {
		if cells[c] == 0 {
			return 0, false
		}
		v = appendFigures(v, int(cells[c]))
	}
	return v, true
}

// maxPill bounds the cells of a circle: a number of 6 figures is far
// beyond any arrow.
const maxPill = 6

// pillCap bounds a pill's number (a number so large no arrow reaches it).
const pillCap = 1 << 40

// appendFigures writes digit d after the figures of v: 1 then 12 makes 112.
func appendFigures(v, d int) int {
	for p := d; p > 0; p /= 10 {
		v *= 10
	}
	return min(v+d, pillCap)
}

// Propagate: the line's sum and the circle's number meet. On grids up to
// 9 (and for one circle) the number is linear (10a+b for a pill of two),
// so the sum of line minus circle is 0 (sumShape.narrow); a pill on a
// larger grid lists its numbers within the line's bounds.
func (a *arrow) Propagate(d *sudoku.Domains) bool {
	var ok bool
	if a.text {
		ok = a.propagateText(d)
	} else {
		ok = a.sum.narrow(d, 0, 0)
	}
	if ok && d.Explain {
		d.Because(fmt.Sprintf("the digits along the arrow from %s add up to the number in its circle", a.circleName()), a.Cells()...)
	}
	return ok
}

// pillMax bounds the numbers a pill's search lists (a line of up to
// sumCap cells of digits up to 25 adds up to less).
const pillMax = 1024

// propagateText lists the numbers the pill's digits make within the
// line's bounds; the line keeps the digits that reach one of them (each
// searched as an exact sum), and the pill the digits of the numbers
// reached.
func (a *arrow) propagateText(d *sudoku.Domains) bool {
	line := a.line()
	lo, hi := SumBounds(d, line)
	if len(line) > sumCap || hi >= pillMax {
		return a.longText(d)
	}
	var p pillSearch
	p.load(d, a.circle, a.pillDiffer, lo, hi)
	if p.walk(0, 0) < 0 {
		return true
	}
	var w sumSearch
	w.nodes = sumBudget
	var keep [sumCap]sudoku.Digits
	var reached [pillMax / 64]uint64
	for v := lo; v <= hi; v++ {
		if p.values[v/64]>>(v%64)&1 == 0 {
			continue
		}
		w.load(&a.sum, v, v, func(i int) sudoku.Digits { return d.Of(line[i]) })
		if w.supports() {
			reached[v/64] |= 1 << (v % 64)
			for i := range line {
				keep[i] |= w.keep[i]
			}
		}
	}
	p.keep, p.only = [sumCap]sudoku.Digits{}, &reached
	p.walk(0, 0)
	return keepAll(d, a.circle, p.keep[:]) && keepAll(d, line, keep[:])
}

// longText narrows a line too long to search: once the pill's digits
// are known, the line adds up to its number (by bounds).
func (a *arrow) longText(d *sudoku.Domains) bool {
	v := 0
	for _, c := range a.circle {
		x := d.Of(c).Single()
		if x == 0 {
			return true
		}
		v = appendFigures(v, x)
	}
	return a.sum.narrow(d, v, v)
}

// keepAll narrows each of cells to its digits in keep.
func keepAll(d *sudoku.Domains, cells []int, keep []sudoku.Digits) bool {
	for i, c := range cells {
		if !d.Keep(c, keep[i]) {
			return false
		}
	}
	return true
}

// pillSearch lists the numbers of a pill within lo..hi, its cells of one
// house different.
type pillSearch struct {
	k, lo, hi  int
	cand, keep [sumCap]sudoku.Digits
	val        [sumCap]int
	differ     []uint32
	values     [pillMax / 64]uint64  // the numbers found
	only       *[pillMax / 64]uint64 // when set, the numbers whose digits go to keep
	nodes      int
}

func (p *pillSearch) load(d *sudoku.Domains, circle []int, differ []uint32, lo, hi int) {
	p.k, p.lo, p.hi, p.differ, p.nodes = len(circle), lo, hi, differ, sumBudget
	for i, c := range circle {
		p.cand[i] = d.Of(c)
	}
}

// walk goes through the pill's digits from cell j, v the number so far:
// 0 when done, -1 when the nodes ran out.
func (p *pillSearch) walk(j, v int) int8 {
	if j == p.k {
		if v >= p.lo && v <= p.hi && (p.only == nil || p.only[v/64]>>(v%64)&1 != 0) {
			p.values[v/64] |= 1 << (v % 64)
			for i := range p.k {
				p.keep[i] |= sudoku.DigitOf(p.val[i])
			}
		}
		return 0
	}
	m := p.cand[j]
	for b := p.differ[j] & (1<<uint(j) - 1); b != 0; b &= b - 1 {
		m &^= sudoku.DigitOf(p.val[bits.TrailingZeros32(b)])
	}
	for ; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(uint32(m)) + 1
		next := appendFigures(v, x)
		if next > p.hi {
			break
		}
		if p.nodes--; p.nodes < 0 {
			return -1
		}
		p.val[j] = x
		if p.walk(j+1, next) < 0 {
			return -1
		}
	}
	return 0
}

// Rows: on grids up to 9 (or one circle), sum(line) - sum(10^k circle)
// = 0, one value row. A pill on a larger grid: a binary y(t) for each
// tuple t of its digits whose number V(t) the line can reach; sum y = 1,
// each cell's x(c, d) is the sum of the y(t) with d in its place, and
// sum(line) = sum V(t) y(t).
func (a *arrow) Rows(m sudoku.Model) {
	if !a.text {
		var terms []sudoku.Term
		for i, c := range a.sum.cells {
			terms = append(terms, sudoku.ValueTerms(m, a.n, c, a.sum.weight(i))...)
		}
		m.Row("arrow", terms, sudoku.Equal, 0)
		return
	}
	a.textRows(m)
}

func (a *arrow) textRows(m sudoku.Model) {
	k := len(a.circle)
	var one []sudoku.Term
	link := make([][]sudoku.Term, k*a.n)
	for i, c := range a.circle {
		for d := 1; d <= a.n; d++ {
			link[i*a.n+d-1] = []sudoku.Term{{Coef: -1, Var: m.Cell(c, d)}}
		}
	}
	var sum []sudoku.Term
	for _, c := range a.line() {
		sum = append(sum, sudoku.ValueTerms(m, a.n, c, -1)...)
	}
	a.pillTuples(func(tuple []int, v int) {
		y := m.Binary(fmt.Sprintf("arrow_%s_%v", sudoku.CellName(a.n, a.circle[0]), tuple))
		one, sum = append(one, sudoku.Term{Coef: 1, Var: y}), append(sum, sudoku.Term{Coef: v, Var: y})
		for i, d := range tuple {
			link[i*a.n+d-1] = append(link[i*a.n+d-1], sudoku.Term{Coef: 1, Var: y})
		}
	})
	m.Row("arrow pill", one, sudoku.Equal, 1)
	for _, l := range link {
		m.Row("arrow pill digit", l, sudoku.Equal, 0)
	}
	m.Row("arrow", sum, sudoku.Equal, 0)
}

// pillTuples calls yield with each tuple of the pill's digits and its
// number, for the numbers a line of its length can reach.
func (a *arrow) pillTuples(yield func(tuple []int, v int)) {
	lo, hi := len(a.line()), a.n*len(a.line())
	tuple := make([]int, len(a.circle))
	var walk func(j, v int)
	walk = func(j, v int) {
		if j == len(tuple) {
			if v >= lo {
				yield(tuple, v)
			}
			return
		}
		for d := 1; d <= a.n; d++ {
			if next := appendFigures(v, d); next <= hi {
				tuple[j] = d
				walk(j+1, next)
			}
		}
	}
	walk(0, 0)
}

// Shapes: the circle (a pill for several cells) and the line from its
// edge, with a head at its end.
func (a *arrow) Shapes() []sudoku.Shape {
	s := circleShapes(a.n, a.circle)
	pts := sudoku.CellPath(a.n, a.path)
	if len(pts) > 1 {
		pts[0] = towards(pts[0], pts[1], 0.4)
	}
	return append(s, sudoku.Shape{Kind: sudoku.ShapeArrow, Points: pts, Size: 0.05, Stroke: "#a0a0a0"})
}

// circleShapes draws a circle on one cell, a pill over several.
func circleShapes(n int, cells []int) []sudoku.Shape {
	if len(cells) == 1 {
		return []sudoku.Shape{{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{sudoku.CellCentre(n, cells[0])}, Size: 0.4, Stroke: "#a0a0a0", Fill: "#ffffff"}}
	}
	path := sudoku.CellPath(n, cells)
	return []sudoku.Shape{
		{Kind: sudoku.ShapeLine, Points: path, Size: 0.84, Stroke: "#a0a0a0"},
		{Kind: sudoku.ShapeLine, Points: path, Size: 0.76, Stroke: "#ffffff"},
	}
}

// fpArrow is an f-puzzles arrow entry: its circle and its lines.
type fpArrow struct {
	Lines [][]string `json:"lines"`
	Cells []string   `json:"cells"`
}

func readArrows(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var entries []fpArrow
	if err := f.Decode("arrow", &entries); err != nil {
		return nil, err
	}
	h := fpHouseMap(f)
	var out []sudoku.Constraint
	for i, e := range entries {
		circle, err := f.Cells("arrow", i, e.Cells, 1)
		switch {
		case err != nil:
			return nil, err
		case len(circle) > maxPill:
			return nil, f.Errorf("arrow", i, "a circle of %d cells is too long (at most %d)", len(circle), maxPill)
		case len(e.Lines) == 0:
			return nil, f.Errorf("arrow", i, "no line")
		}
		for _, l := range e.Lines {
			path, err := readArrowLine(f, i, circle, l)
			if err != nil {
				return nil, err
			}
			out = append(out, newArrow(f.Size, circle, path, h))
		}
	}
	return out, nil
}

// readArrowLine reads a line of entry i from circle: two cells or more,
// none after the first in the circle.
func readArrowLine(f *sudoku.FPuzzle, i int, circle []int, names []string) ([]int, error) {
	path, err := f.Cells("arrow", i, names, 2)
	if err != nil {
		return nil, err
	}
	for _, c := range path[1:] {
		if slices.Contains(circle, c) {
			return nil, f.Errorf("arrow", i, "its line comes back through its circle at %s", sudoku.CellName(f.Size, c))
		}
	}
	return path, nil
}

// writeArrows writes one entry per circle, with every line from it.
func writeArrows(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	var entries []fpArrow
	for _, c := range cs {
		a, ok := c.(*arrow)
		if !ok {
			return fmt.Errorf("not an arrow: %v", c)
		}
		names := f.Names(a.circle)
		i := slices.IndexFunc(entries, func(e fpArrow) bool { return slices.Equal(e.Cells, names) })
		if i < 0 {
			entries = append(entries, fpArrow{Cells: names})
			i = len(entries) - 1
		}
		entries[i].Lines = append(entries[i].Lines, f.Names(a.path))
	}
	return f.Set("arrow", entries)
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "arrow", Title: "Arrow",
		Rule: "Digits along an arrow add up to the number in its circle; a circle of several cells holds a number of several figures, read in order.",
		Read: readArrows, Write: writeArrows,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Arrow": issReadArrow, "PillArrow": issReadPillArrow}, Write: issWriteArrow}, // PillArrow for a circle of 2 or 3 cells
	})
}

// Its ISS form.

// issWriteArrow writes an arrow: ISS's Arrow for a circle of one cell;
// its PillArrow for two or three cells read in order, each right of,
// below or down-right of the one before, on a grid up to 9x9 (ISS reads
// the pill's later cells as figures 0-9, ours as whole digits above).
func issWriteArrow(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	a := c.(*arrow)
	line := a.line()
	for _, c := range line {
		if slices.Contains(a.circle, c) {
			return fmt.Errorf("its line runs through its circle at %s", sudoku.CellName(w.Size(), c))
		}
	}
	if len(a.circle) == 1 {
		w.AddCells("Arrow", append([]int{a.circle[0]}, line...))
		return nil
	}
	if err := issPill(w.Size(), a.circle); err != nil {
		return err
	}
	w.AddCells("PillArrow", append(slices.Clone(a.circle), line...), strconv.Itoa(len(a.circle)))
	return nil
}

// issPill checks that ISS reads circle as we do.
func issPill(n int, circle []int) error {
	switch {
	case n > 9:
		return fmt.Errorf("ISS reads a pill's cells as figures 0-9; on a %dx%d they are whole digits", n, n)
	case len(circle) > 3:
		return fmt.Errorf("ISS's pills have 2 or 3 cells, not %d", len(circle))
	}
	for i := 1; i < len(circle); i++ {
		p, q := circle[i-1], circle[i]
		right := q == p+1 && q%n != 0
		down := q == p+n
		diag := q == p+n+1 && q%n != 0
		if !right && !down && !diag {
			return fmt.Errorf("ISS reads a pill in reading order, each cell right of, below or down-right of the one before")
		}
	}
	return nil
}

// issReadArrow reads an arrow: its circle, then its line.
func issReadArrow(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	cells, err := r.Cells(e, e.Args(), 2)
	if err != nil {
		return nil, err
	}
	return r.ViaFP(e, "arrow", map[string]any{"cells": fpNames(r.Size(), cells[:1]), "lines": [][]string{fpNames(r.Size(), cells)}})
}

// issReadPillArrow reads a pill arrow: its pill of 2 or 3 cells, read in
// reading order, then its line (the line drawn from the pill's cell
// nearest its first cell). Above 9x9 ISS reads the pill's later cells as
// figures 0-9, which our pills are not: refused.
func issReadPillArrow(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) == 0 || e.Args()[0] != "2" && e.Args()[0] != "3" {
		return nil, e.Errorf("pill size %q: want 2 or 3", strings.Join(e.Args()[:min(1, len(e.Args()))], ""))
	}
	k := int(e.Args()[0][0] - '0')
	cells, err := r.Cells(e, e.Args()[1:], k+1)
	if err != nil {
		return nil, err
	}
	pill := sortedCells(cells[:k])
	if err := issPill(r.Size(), pill); err != nil {
		return nil, e.Errorf("%v", err)
	}
	line := cells[k:]
	from := pill[0]
	for _, c := range pill {
		if kingDistance(r.Size(), c, line[0]) <= kingDistance(r.Size(), from, line[0]) {
			from = c
		}
	}
	path := append([]int{from}, line...)
	return r.ViaFP(e, "arrow", map[string]any{"cells": fpNames(r.Size(), pill), "lines": [][]string{fpNames(r.Size(), path)}})
}

func kingDistance(n, a, b int) int { return max(abs(a/n-b/n), abs(a%n-b%n)) }
