package sudoku

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The constraints of the ISS form: which of our kinds (constraint_*.go)
// ISS holds, as which of its types, each checked to mean the same (ISS's
// js/solver/sudoku_builder.js says how it reads each type). One entry per
// kind and ISS type; a kind another branch adds is one more entry, most
// through the f-puzzles bridge (issFPWrite), which writes and reads the
// kind's own f-puzzles entries in ISS's argument layouts.

// issEntry is one row of the table: our kind and the ISS type it is
// written as.
type issEntry struct {
	ours  string // our kind
	iss   string // the ISS type
	write func(w *issWriter, c Constraint) error
}

// issTable maps our kinds to ISS's types.
var issTable = []issEntry{
	{"thermometer", "Thermo", issFPWrite("Thermo", issLine)},
	{"slowthermometer", "Pair", issWriteSlowThermo},
	{"renban", "Renban", issFPWrite("Renban", issLine)},
	{"palindrome", "Palindrome", issFPWrite("Palindrome", issLine)},
	{"zipperline", "Zipper", issFPWrite("Zipper", issLine)},
	{"betweenline", "Between", issFPWrite("Between", issLine)},
	{"doublearrow", "DoubleArrow", issFPWrite("DoubleArrow", issLine)},
	{"entropicline", "Entropic", issWriteEntropic},
	{"modularline", "Modular", issWriteModular},
	{"regionsumline", "RegionSumLine", issWriteRegionSum},
	{"whispers", "Whisper", issWriteWhispers},
	{"lockout", "Lockout", issWriteLockout},
	{"nabner", "PairX", issWriteNabner},
	{"clone", "Pair", issWriteClone},
	{"arrow", "Arrow", issWriteArrow}, // PillArrow for a circle of 2 or 3 cells
	{"killer", "Cage", issWriteCage},
	{"sum", "Sum", issWriteCage},
	{"difference", "WhiteDot", issWriteDot}, // Pair for other values; the negative rule: StrictKropki, AntiConsecutive or Pair
	{"ratio", "BlackDot", issWriteDot},
	{"xv", "X", issWriteDot}, // V for 5, StrictXV
	{"littlekillersum", "LittleKiller", issWriteLittleKiller},
	{"sandwichsum", "Sandwich", issWriteOutside("Sandwich")},
	{"xsum", "XSum", issWriteOutside("XSum")},
	{"skyscraper", "Skyscraper", issWriteOutside("Skyscraper")},
	{"quadruple", "Quad", issWriteQuad}, // ContainAtLeast for a second one at a place
	{"maximum", "GreaterThan", issWriteExtremum},
	{"minimum", "GreaterThan", issWriteExtremum},
	{"rowindexer", "Indexing", issWriteIndexer("R")},
	{"columnindexer", "Indexing", issWriteIndexer("C")},
	// The kinds f-puzzles has no key for: written from their fields
	// (parse_iss_more.go).
	{"sumline", "SumLine", issWriteSumLine},
	{"lunchbox", "Lunchbox", issWriteValueCells},
	{"rellik", "RellikCage", issWriteValueCells},
	{"numberedroom", "NumberedRoom", issWriteOutside("NumberedRoom")},
	{"countingcircles", "CountingCircles", issWriteValueCells},
	// Parity lines have no ISS type: a Pair whose key says the parities
	// differ (read by issRelations, parse_iss_pair.go).
	{"parityline", "Pair", issWriteParityLine},
}

// issReaders read ISS's types of constraints (those of the rules are in
// issRuleTypes, parse_iss.go).
var issReaders = map[string]issRead{
	"Thermo":          issFPRead("thermometer", issLine),
	"Renban":          issFPRead("renban", issLine),
	"Palindrome":      issFPRead("palindrome", issLine),
	"Zipper":          issFPRead("zipperline", issLine),
	"Between":         issFPRead("betweenline", issLine),
	"DoubleArrow":     issFPRead("doublearrow", issLine),
	"Lockout":         issFPRead("lockout", issValueLine),
	"Entropic":        issReadEntropic,
	"Modular":         issReadModular,
	"RegionSumLine":   issReadRegionSum,
	"Whisper":         issReadWhisper,
	"Arrow":           issReadArrow,
	"PillArrow":       issReadPillArrow,
	"Sum":             issReadSum,
	"WhiteDot":        issReadDot("difference", "", "kropki"),
	"BlackDot":        issReadDot("ratio", "", "kropki"),
	"X":               issReadDot("xv", "X", "xv"),
	"V":               issReadDot("xv", "V", "xv"),
	"StrictKropki":    issReadStrict,
	"StrictXV":        issReadStrict,
	"AntiConsecutive": issReadStrict,
	"LittleKiller":    issReadLittleKiller,
	"Sandwich":        issReadSandwich,
	"XSum":            issFPRead("xsum", issOutsideClue),
	"Skyscraper":      issFPRead("skyscraper", issOutsideClue),
	"Quad":            issReadQuad,
	"ContainAtLeast":  issReadContain,
	"GreaterThan":     issReadGreaterThan,
	"Indexing":        issReadIndexing,
	"Pair":            issReadPair(false),
	"PairX":           issReadPair(true),
	"SumLine":         issReadSumLine,
	"Lunchbox":        issReadValueCells(NewLunchbox),
	"RellikCage":      issReadValueCells(NewRellik),
	"CountingCircles": issReadCountingCircles,
	"NumberedRoom":    issReadNumberedRoom,
}

// issWriterOf returns the entry that writes kind, nil when none does.
func issWriterOf(kind string) *issEntry {
	for i := range issTable {
		if issTable[i].ours == kind && issTable[i].write != nil {
			return &issTable[i]
		}
	}
	return nil
}

// issLayout says how an ISS type's arguments hold what one f-puzzles
// entry of a kind holds.
type issLayout int

const (
	issLine        issLayout = iota // .T~cells      {"lines": [[cells]]}
	issValueLine                    // .T~v~cells    {"lines": [[cells]], "value": v}
	issValueCage                    // .T~v~cells    {"cells": [cells], "value": v}
	issCellList                     // .T~cells      {"cells": [cells]}
	issOutsideClue                  // .T~R1~a~b     {"cell": "R1C0", "value": v}
)

// issFPWrite writes a constraint through its kind's f-puzzles writer, its
// one entry laid out as ISS's type typ takes it.
func issFPWrite(typ string, lay issLayout) func(w *issWriter, c Constraint) error {
	return func(w *issWriter, c Constraint) error {
		kind, ok := LookupConstraint(c.Kind())
		if !ok || kind.Write == nil {
			return fmt.Errorf("the %s kind has no f-puzzles writer", c.Kind())
		}
		f := &FPuzzle{Size: w.n, Raw: map[string]json.RawMessage{}}
		if err := kind.Write(f, []Constraint{c}); err != nil {
			return err
		}
		args, err := lay.args(f, c.Kind())
		if err != nil {
			return err
		}
		w.add(typ, args...)
		return nil
	}
}

// fpEntry is an f-puzzles entry of any layout.
type fpEntry struct {
	Lines [][]string      `json:"lines"`
	Cells []string        `json:"cells"`
	Cell  string          `json:"cell"`
	Value json.RawMessage `json:"value"`
}

// args lays out the one entry f holds under key as ISS arguments.
func (lay issLayout) args(f *FPuzzle, key string) ([]string, error) {
	var entries []fpEntry
	if err := json.Unmarshal(f.Raw[key], &entries); err != nil || len(entries) != 1 {
		return nil, fmt.Errorf("the %s writer gave %s, want one entry", key, f.Raw[key])
	}
	e := entries[0]
	value := fpValueText(e.Value)
	var names []string
	switch lay {
	case issLine, issValueLine:
		if len(e.Lines) != 1 {
			return nil, fmt.Errorf("an ISS line holds one line, not %d", len(e.Lines))
		}
		names = e.Lines[0]
	case issValueCage, issCellList:
		names = e.Cells
	case issOutsideClue:
		return issOutsideArgs(f.Size, e.Cell, value)
	}
	cells, err := issFromFPNames(f.Size, names)
	if err != nil {
		return nil, err
	}
	if lay == issValueLine || lay == issValueCage {
		if value == "" {
			return nil, fmt.Errorf("no value")
		}
		cells = append([]string{value}, cells...)
	}
	return cells, nil
}

// fpValueText returns an entry's value as text: a number or a string,
// "" for none.
func fpValueText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var x json.Number
	if json.Unmarshal(v, &x) == nil {
		return x.String()
	}
	return ""
}

// issFromFPNames turns f-puzzles cell names into ISS's.
func issFromFPNames(n int, names []string) ([]string, error) {
	out := make([]string, len(names))
	for i, s := range names {
		c, ok := fpCellIndex(n, s)
		if !ok {
			return nil, fmt.Errorf("cell %q is outside the grid", s)
		}
		out[i] = issCell(n, c)
	}
	return out, nil
}

// issOutsideArgs lays out a clue beside the grid (f-puzzles "R3C0") as
// ISS's double line clues take it: the row or column, then the value from
// the left or top, or from the right or bottom.
func issOutsideArgs(n int, place, value string) ([]string, error) {
	row, col, err := (&FPuzzle{Size: n}).Outside("clue", 0, place)
	if err != nil {
		return nil, err
	}
	id, first, err := issLineID(n, row, col)
	if err != nil {
		return nil, err
	}
	if first {
		return []string{id, value}, nil
	}
	return []string{id, "", value}, nil
}

// issLineID names the row or column a clue beside the grid at (row, col)
// looks along, as ISS does ("R3", "C4"), and whether it looks from the
// left or top.
func issLineID(n, row, col int) (id string, first bool, err error) {
	switch {
	case (row < 0 || row >= n) && col >= 0 && col < n:
		return "C" + strconv.Itoa(col+1), row < 0, nil
	case (col < 0 || col >= n) && row >= 0 && row < n:
		return "R" + strconv.Itoa(row+1), col < 0, nil
	}
	return "", false, fmt.Errorf("a clue at a corner looks along no row or column")
}

// pairLine writes a line of cells as an ISS Pair (or PairX) of rel:
// Pair relates each cell to the next, PairX every two.
func (w *issWriter) pairLine(typ string, rel PairRule, cells []int) {
	w.addCells(typ, cells, issPairKey(w.n, rel))
}

func issWriteSlowThermo(w *issWriter, c Constraint) error {
	w.pairLine("Pair", func(a, b int) bool { return a <= b }, c.(*thermo).cells)
	return nil
}

func issWriteNabner(w *issWriter, c Constraint) error {
	w.pairLine("PairX", func(a, b int) bool { return abs(a-b) >= 2 }, c.(*nabner).cells)
	return nil
}

func issWriteParityLine(w *issWriter, c Constraint) error {
	w.pairLine("Pair", func(a, b int) bool { return (a+b)%2 == 1 }, c.(*parityLine).cells)
	return nil
}

func issWriteClone(w *issWriter, c Constraint) error {
	k := c.(*clone)
	w.pairs("Pair", k.tab, k.pairs)
	return nil
}

// issWriteEntropic writes an entropic line on a 9x9: ISS's ranks are
// those of 1-9 only.
func issWriteEntropic(w *issWriter, c Constraint) error {
	if w.n != 9 {
		return fmt.Errorf("ISS's entropic lines are for the digits 1-9, not 1-%d", w.n)
	}
	w.addCells("Entropic", c.Cells())
	return nil
}

// issWriteModular writes a modular line as ISS's of mod 3: every three
// cells in a row differ mod 3, which is our residues' rule.
func issWriteModular(w *issWriter, c Constraint) error {
	w.addCells("Modular", c.Cells(), "3")
	return nil
}

// issWriteRegionSum writes a region sum line when ISS cuts it into the
// same pieces: ISS cuts it by boxes, or jigsaw regions without boxes,
// which the boxes or regions written are.
func issWriteRegionSum(w *issWriter, c Constraint) error {
	k := c.(*regionSum)
	region := make([]int, w.l.NN)
	for i := range region {
		region[i] = w.l.regionOf(i)
	}
	if !slices.EqualFunc(newRegionSum(w.n, k.cells, region).sums.groups, k.sums.groups, slices.Equal) {
		return fmt.Errorf("its pieces are not those of the puzzle's regions")
	}
	w.addCells("RegionSumLine", k.cells)
	return nil
}

func issWriteWhispers(w *issWriter, c Constraint) error {
	k := c.(*whispers)
	w.addCells("Whisper", k.line, strconv.Itoa(k.value))
	return nil
}

func issWriteLockout(w *issWriter, c Constraint) error {
	k := c.(*lockout)
	w.addCells("Lockout", k.cells, strconv.Itoa(k.diff))
	return nil
}

// issWriteCage writes a killer cage held as a constraint (Cage) or a sum
// cage whose digits may repeat (Sum).
func issWriteCage(w *issWriter, c Constraint) error {
	k := c.(*sumCage)
	typ := "Cage"
	if k.repeat {
		typ = "Sum"
	}
	w.addCells(typ, k.shape.cells, strconv.Itoa(k.sum))
	return nil
}

// issWriteArrow writes an arrow: ISS's Arrow for a circle of one cell;
// its PillArrow for two or three cells read in order, each right of,
// below or down-right of the one before, on a grid up to 9x9 (ISS reads
// the pill's later cells as figures 0-9, ours as whole digits above).
func issWriteArrow(w *issWriter, c Constraint) error {
	a := c.(*arrow)
	line := a.line()
	for _, c := range line {
		if slices.Contains(a.circle, c) {
			return fmt.Errorf("its line runs through its circle at %s", CellName(w.n, c))
		}
	}
	if len(a.circle) == 1 {
		w.addCells("Arrow", append([]int{a.circle[0]}, line...))
		return nil
	}
	if err := issPill(w.n, a.circle); err != nil {
		return err
	}
	w.addCells("PillArrow", append(slices.Clone(a.circle), line...), strconv.Itoa(len(a.circle)))
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

// issWriteDot writes a dot as ISS's own (white 1, black 2, X, V) or as a
// Pair of its relation; a negative rule waits for every dot.
func issWriteDot(w *issWriter, c Constraint) error {
	switch k := c.(type) {
	case *negativeDots:
		w.negatives = append(w.negatives, k)
		return nil
	case *dot:
		typ, group := issDotType(k)
		if typ == "" {
			w.pairs("Pair", k.tab, []Pair{{k.a, k.b}})
			return nil
		}
		w.marked[group][Pair{min(k.a, k.b), max(k.a, k.b)}] = true
		w.addCells(typ, []int{k.a, k.b})
		return nil
	}
	return fmt.Errorf("not a dot")
}

// issDotType returns ISS's type for a dot and the group its strict rule
// reads, "" when ISS has none for its value.
func issDotType(k *dot) (typ, group string) {
	switch {
	case k.k == differenceDots && k.value == 1:
		return "WhiteDot", "kropki"
	case k.k == ratioDots && k.value == 2:
		return "BlackDot", "kropki"
	case k.k == xvDots && k.value == 10:
		return "X", "xv"
	case k.k == xvDots && k.value == 5:
		return "V", "xv"
	}
	return "", ""
}

// issWriteLittleKiller writes a little killer on a diagonal ISS offers
// and no other clue took; any other as a Sum of its cells.
func issWriteLittleKiller(w *issWriter, c Constraint) error {
	k := c.(*littleKiller)
	key := fmt.Sprint(sortedCells(k.shape.cells))
	for _, d := range issLittleKillers(w.n) {
		if fmt.Sprint(sortedCells(d.cells)) != key {
			continue
		}
		if _, taken := w.clues["LittleKiller:"+d.id]; !taken {
			w.clues["LittleKiller:"+d.id] = k.value
			w.add("LittleKiller", strconv.Itoa(k.value), d.id)
			return nil
		}
	}
	w.addCells("Sum", k.shape.cells, strconv.Itoa(k.value))
	return nil
}

// issWriteOutside writes a clue beside the grid: ISS's Sandwich takes a
// row or column (its sum reads the same from either end), XSum and
// Skyscraper a row or column and a side.
func issWriteOutside(typ string) func(w *issWriter, c Constraint) error {
	return func(w *issWriter, c Constraint) error {
		o, v := issOutside(c)
		id, first, err := issLineID(w.n, o.row, o.col)
		if err != nil {
			return err
		}
		if typ == "Sandwich" {
			return w.clue(typ, id, v, func() { w.add(typ, strconv.Itoa(v), id) })
		}
		args := []string{id, strconv.Itoa(v)}
		side := "1"
		if !first {
			args, side = []string{id, "", strconv.Itoa(v)}, "-1"
		}
		return w.clue(typ, id+","+side, v, func() { w.add(typ, args...) })
	}
}

// issOutside returns the place and value of a clue beside the grid.
func issOutside(c Constraint) (outsideClue, int) {
	switch k := c.(type) {
	case *sandwich:
		return k.outsideClue, k.value
	case *xsum:
		return k.outsideClue, k.value
	case *skyscraper:
		return k.outsideClue, k.value
	case *numberedRoom:
		return k.outsideClue, k.value
	}
	return outsideClue{row: -2, col: -2}, 0
}

// issWriteQuad writes a quadruple on a 2x2 as ISS's Quad (one per place),
// any other as ContainAtLeast, the same rule on any cells.
func issWriteQuad(w *issWriter, c Constraint) error {
	q := c.(*quadruple)
	tl := slices.Min(q.cells)
	square := []int{tl, tl + 1, tl + w.n, tl + w.n + 1}
	var vals []string
	for _, v := range q.values {
		vals = append(vals, strconv.Itoa(v))
	}
	if tl%w.n+1 < w.n && slices.Equal(sortedCells(q.cells), square) && !w.quads[tl] {
		w.quads[tl] = true
		w.add("Quad", append([]string{issCell(w.n, tl)}, vals...)...)
		return nil
	}
	w.addCells("ContainAtLeast", q.cells, strings.Join(vals, "_"))
	return nil
}

// issWriteExtremum writes a maximum cell as ISS's GreaterThan from it to
// each neighbour it is compared with, a minimum from each neighbour to it
// (the neighbours of a cell never touch each other, so no other pair is
// read).
func issWriteExtremum(w *issWriter, c Constraint) error {
	e := c.(*extremum)
	for _, o := range e.nbrs {
		if !adjacent(w.n, e.cell, o) {
			return fmt.Errorf("%s is not beside %s", CellName(w.n, o), CellName(w.n, e.cell))
		}
	}
	switch {
	case len(e.nbrs) == 0: // compared with nothing: no rule
	case e.max:
		w.addCells("GreaterThan", append([]int{e.cell}, e.nbrs...))
	default:
		w.addCells("GreaterThan", append(slices.Clone(e.nbrs), e.cell))
	}
	return nil
}

// issWriteIndexer writes row (R) or column (C) indexing cells.
func issWriteIndexer(typ string) func(w *issWriter, c Constraint) error {
	return func(w *issWriter, c Constraint) error {
		w.addCells("Indexing", c.(*indexer).cells, typ)
		return nil
	}
}
