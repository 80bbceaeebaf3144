package constraint

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sudoku"
)

// Quadruples (f-puzzles "quadruple"): a circle at the corner of four
// cells with up to four digits; each digit appears among the four cells,
// a digit shown twice at least twice.

// quadruple is one circle of digits at the corner of four cells.
type quadruple struct {
	n      int
	cells  []int    // four
	values []int    // as listed
	differ []uint32 // which of the cells share a house
}

func (q *quadruple) Kind() string { return "quadruple" }
func (q *quadruple) Cells() []int { return q.cells }

func (q *quadruple) String() string {
	return fmt.Sprintf("quadruple %s at %s", q.label(), pathName(q.n, q.cells))
}

// label lists the digits as shown: "2356".
func (q *quadruple) label() string {
	var b strings.Builder
	for _, v := range q.values {
		b.WriteString(sudoku.DigitString(v))
	}
	return b.String()
}

func (q *quadruple) Check(cells []uint8) error {
	var have [sudoku.MaxSize + 1]int
	empty := 0
	for _, c := range q.cells {
		have[cells[c]]++
		if cells[c] == 0 {
			empty++
		}
	}
	missing := 0
	for _, v := range q.values {
		if have[v] > 0 {
			have[v]--
		} else {
			missing++
		}
	}
	if missing <= empty {
		return nil
	}
	return &sudoku.ConstraintError{Size: q.n, Kind: q.Kind(), Index: -1, Cells: q.cells, Msg: fmt.Sprintf("the four cells cannot hold every digit of %s", q.label())}
}

// Propagate tries every way to give each listed digit (each time it is
// listed) a cell of its own that may hold it, no two cells of one house
// the same digit: a given cell keeps that digit, the others keep what
// their houses leave them. Each cell keeps what some way gives it (at most
// 4! ways).
func (q *quadruple) Propagate(d *sudoku.Domains) bool {
	var s quadSearch
	s.q = q
	for i, c := range q.cells {
		s.cand[i] = d.Of(c)
	}
	s.walk(0, 0)
	for i, c := range q.cells {
		if !d.Keep(c, s.keep[i]) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the digits %s appear among %s", q.label(), sudoku.CellList(q.n, q.cells, 4)), q.cells...)
	}
	return true
}

// quadSearch is the scratch of a quadruple's propagation.
type quadSearch struct {
	q          *quadruple
	cand, keep [4]sudoku.Digits
	give       [4]int // the listed digit each cell is given, 0 for none
}

// walk gives the listed digit t a cell, cells used being the bits of
// used.
func (s *quadSearch) walk(t int, used int) {
	q := s.q
	if t == len(q.values) {
		s.leaf()
		return
	}
	v := q.values[t]
	for i := range 4 {
		if used&(1<<i) != 0 || !s.cand[i].Has(v) || s.clash(i, v) {
			continue
		}
		s.give[i] = v
		s.walk(t+1, used|1<<i)
		s.give[i] = 0
	}
}

// clash reports whether cell i shares a house with a cell given v.
func (s *quadSearch) clash(i, v int) bool {
	for j := range 4 {
		if s.give[j] == v && s.q.differ[i]&(1<<j) != 0 {
			return true
		}
	}
	return false
}

// leaf adds a way: the cells given a digit keep it, the others what
// their houses leave them (every one something, or the way fails).
func (s *quadSearch) leaf() {
	var add [4]sudoku.Digits
	for i := range 4 {
		if s.give[i] != 0 {
			add[i] = sudoku.DigitOf(s.give[i])
			continue
		}
		add[i] = s.cand[i]
		for j := range 4 {
			if s.give[j] != 0 && s.q.differ[i]&(1<<j) != 0 {
				add[i] &^= sudoku.DigitOf(s.give[j])
			}
		}
		if add[i] == 0 {
			return
		}
	}
	for i := range 4 {
		s.keep[i] |= add[i]
	}
}

// Rows: each listed digit d, shown k times, is in at least k of the
// cells: the sum of x(c, d) over the cells is at least k.
func (q *quadruple) Rows(m sudoku.Model) {
	counts := map[int]int{}
	for _, v := range q.values {
		counts[v]++
	}
	for _, v := range slices.Sorted(maps.Keys(counts)) {
		terms := make([]sudoku.Term, len(q.cells))
		for i, c := range q.cells {
			terms[i] = sudoku.Term{Coef: 1, Var: m.Cell(c, v)}
		}
		m.Row("quadruple", terms, sudoku.AtLeast, counts[v])
	}
}

// Shapes: a white circle at the corner the four cells share, the digits
// in it, a quarter of a cell high so they stay legible on a phone (10 px
// and more on a 375 px screen): one or two on a line, three or four on
// two lines.
func (q *quadruple) Shapes() []sudoku.Shape {
	var at sudoku.Point
	for _, p := range sudoku.CellPath(q.n, q.cells) {
		at.R, at.C = at.R+p.R/4, at.C+p.C/4
	}
	out := []sudoku.Shape{{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{at}, Size: 0.34, Fill: "#ffffff", Stroke: "#000000"}}
	label := q.label()
	lines := []string{label}
	if len(label) > 2 {
		lines = []string{label[:2], label[2:]}
	}
	for i, l := range lines {
		p := at
		if len(lines) == 2 {
			p.R += (float64(i) - 0.5) * 0.26
		}
		out = append(out, sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{p}, Size: 0.27, Fill: "#000000", Text: l})
	}
	return out
}

// fpQuadruple is an f-puzzles quadruple entry.
type fpQuadruple struct {
	Cells  []string          `json:"cells"`
	Values []json.RawMessage `json:"values"`
}

func readQuadruples(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	const key = "quadruple"
	var entries []fpQuadruple
	if err := f.Decode(key, &entries); err != nil {
		return nil, err
	}
	h := fpHouseMap(f)
	var out []sudoku.Constraint
	for i, e := range entries {
		cells, err := f.Cells(key, i, e.Cells, 4)
		if err != nil {
			return nil, err
		}
		if len(cells) != 4 {
			return nil, f.Errorf(key, i, "has %s, want 4", cellCount(len(cells)))
		}
		if len(e.Values) == 0 || len(e.Values) > 4 {
			return nil, f.Errorf(key, i, "has %d digits, want 1 to 4", len(e.Values))
		}
		values, err := quadValues(f, i, e.Values)
		if err != nil {
			return nil, err
		}
		out = append(out, &quadruple{n: f.Size, cells: cells, values: values, differ: h.differ(cells)})
	}
	return out, nil
}

// quadValues reads the digits of entry i: numbers or strings, each a
// digit of the grid.
func quadValues(f *sudoku.FPuzzle, i int, raws []json.RawMessage) ([]int, error) {
	var out []int
	for _, raw := range raws {
		v, err := f.Number("quadruple", i, raw, 0)
		if err == nil && (v < 1 || v > f.Size) {
			err = f.Errorf("quadruple", i, "digit %d outside 1 to %d", v, f.Size)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func writeQuadruples(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	type entry struct {
		Cells  []string `json:"cells"`
		Values []int    `json:"values"`
	}
	entries := make([]entry, len(cs))
	for i, c := range cs {
		q, ok := c.(*quadruple)
		if !ok {
			return fmt.Errorf("not a quadruple: %v", c)
		}
		entries[i] = entry{f.Names(q.cells), q.values}
	}
	return f.Set("quadruple", entries)
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "quadruple", Title: "Quadruple",
		Rule: "The digits in a circle at the corner of four cells all appear in those cells (a digit shown twice, twice).",
		Read: readQuadruples, Write: writeQuadruples,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Quad": issReadQuad, "ContainAtLeast": issReadContain}, Write: issWriteQuad}, // ContainAtLeast for a second one at a place
	})
}

// Its ISS form.

// issWriteQuad writes a quadruple on a 2x2 as ISS's Quad (one per place),
// any other as ContainAtLeast, the same rule on any cells.
func issWriteQuad(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	q := c.(*quadruple)
	tl := slices.Min(q.cells)
	square := []int{tl, tl + 1, tl + w.Size(), tl + w.Size() + 1}
	var vals []string
	for _, v := range q.values {
		vals = append(vals, strconv.Itoa(v))
	}
	if tl%w.Size()+1 < w.Size() && slices.Equal(sortedCells(q.cells), square) && w.Take("Quad:"+sudoku.ISSCell(w.Size(), tl)) {
		w.Add("Quad", append([]string{sudoku.ISSCell(w.Size(), tl)}, vals...)...)
		return nil
	}
	w.AddCells("ContainAtLeast", q.cells, strings.Join(vals, "_"))
	return nil
}

// issReadQuad reads a quadruple: the 2x2's top left cell, then digits.
func issReadQuad(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) < 2 {
		return nil, e.Errorf("want the top left cell and digits")
	}
	tl, err := r.Cell(e, e.Args()[0])
	if err != nil {
		return nil, err
	}
	if tl%r.Size() == r.Size()-1 || tl/r.Size() == r.Size()-1 {
		return nil, e.Errorf("%s is the corner of no 2x2 square", e.Args()[0])
	}
	vals := slices.Clone(e.Args()[1:])
	slices.Sort(vals)
	if r.Seen(e, sudoku.ISSCell(r.Size(), tl)) {
		return nil, r.Once(e, sudoku.ISSCell(r.Size(), tl), strings.Join(vals, ","))
	}
	if err := r.Once(e, sudoku.ISSCell(r.Size(), tl), strings.Join(vals, ",")); err != nil {
		return nil, err
	}
	return issQuad(r, e, []int{tl, tl + 1, tl + r.Size(), tl + r.Size() + 1}, e.Args()[1:])
}

// quad reads a quadruple's cells and digits through the f-puzzles reader.
func issQuad(r *sudoku.ISSReader, e sudoku.ISSElem, cells []int, vals []string) ([]sudoku.Constraint, error) {
	var values []any
	for _, v := range vals {
		values = append(values, v)
	}
	return r.ViaFP(e, "quadruple", map[string]any{"cells": fpNames(r.Size(), cells), "values": values})
}

// issReadContain reads ISS's ContainAtLeast on four cells: a quadruple.
func issReadContain(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) < 2 {
		return nil, e.Errorf("want digits and cells")
	}
	cells, err := r.Cells(e, e.Args()[1:], 1)
	if err != nil {
		return nil, err
	}
	if len(cells) != 4 {
		return nil, e.Errorf("only four cells (a quadruple's) are supported, not %d", len(cells))
	}
	return issQuad(r, e, cells, strings.Split(e.Args()[0], "_"))
}
