package constraint

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sudoku"
)

// The kinds in the ISS form of sigh's Interactive Sudoku Solver: which
// ISS types each kind reads and writes, and which relations of ISS's Pair
// and PairX it is, each checked to mean the same as ISS (its
// js/solver/sudoku_builder.js says how it reads each type). Each kind's
// entry of issForms becomes its registry entry's ISS (register); a new
// kind may as well give its own ConstraintKind.ISS in its file. Most go
// through the f-puzzles bridge (sudoku.ISSViaFP, sudoku.ISSFPWrite),
// which reads and writes the kind's own f-puzzles entries in ISS's
// argument layouts.

// issForms are the kinds' ISS forms, by kind.
var issForms = map[string]*sudoku.ISSForm{
	"thermometer": {Read: map[string]sudoku.ISSRead{"Thermo": sudoku.ISSViaFP("thermometer", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Thermo", sudoku.ISSLine),
		Pairs: []sudoku.ISSRelation{{Name: "a thermometer", Rank: 1, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return a < b }, Make: issThermos(false)}}},
	"slowthermometer": {Write: issWriteSlowThermo,
		Pairs: []sudoku.ISSRelation{{Name: "a slow thermometer", Rank: 2, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return a <= b }, Make: issThermos(true)}}},
	"clone": {Write: issWriteClone,
		Pairs: []sudoku.ISSRelation{{Name: "clones", Rank: 3, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return a == b }, Make: issClones}}},
	"whispers": {Read: map[string]sudoku.ISSRead{"Whisper": issReadWhisper}, Write: issWriteWhispers,
		Pairs: []sudoku.ISSRelation{{Name: "whispers", Rank: 4, Lo: one, Hi: func(n int) int { return n - 1 }, Holds: func(v, a, b int) bool { return abs(a-b) >= v }, Make: issWhispers}}},
	"difference": {Read: map[string]sudoku.ISSRead{"WhiteDot": issReadDot("difference", "", "kropki"), "StrictKropki": issReadStrict, "AntiConsecutive": issReadStrict}, Write: issWriteDot,
		Pairs: []sudoku.ISSRelation{
			{Name: "white dots", Rank: 5, Lo: one, Hi: func(n int) int { return n - 1 }, Holds: differenceDots.holds, Make: issDots(differenceDots, false)},
			{Name: "no white dot", Rank: 8, Lo: one, Hi: func(n int) int { return n - 1 }, Holds: negate(differenceDots.holds), Make: issDots(differenceDots, true)},
		}},
	"ratio": {Read: map[string]sudoku.ISSRead{"BlackDot": issReadDot("ratio", "", "kropki")}, Write: issWriteDot,
		Pairs: []sudoku.ISSRelation{
			{Name: "black dots", Rank: 6, Lo: two, Hi: func(n int) int { return n - 1 }, Holds: ratioDots.holds, Make: issDots(ratioDots, false)},
			{Name: "no black dot", Rank: 9, Lo: two, Hi: func(n int) int { return n - 1 }, Holds: negate(ratioDots.holds), Make: issDots(ratioDots, true)},
		}},
	"xv": {Read: map[string]sudoku.ISSRead{"X": issReadDot("xv", "X", "xv"), "V": issReadDot("xv", "V", "xv"), "StrictXV": issReadStrict}, Write: issWriteDot,
		Pairs: []sudoku.ISSRelation{
			{Name: "XV sums", Rank: 7, Lo: two, Hi: func(n int) int { return 2*n + 1 }, Holds: xvDots.holds, Make: issDots(xvDots, false)},
			{Name: "no XV sum", Rank: 10, Lo: two, Hi: func(n int) int { return 2*n + 1 }, Holds: negate(xvDots.holds), Make: issDots(xvDots, true)},
		}},
	// Parity lines have no ISS type: a Pair whose key says the parities
	// differ.
	"parityline": {Write: issWriteParityLine,
		Pairs: []sudoku.ISSRelation{{Name: "a parity line", Rank: 11, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return (a+b)%2 == 1 }, Make: issParityLines}}},
	"nabner": {Write: issWriteNabner,
		Pairs: []sudoku.ISSRelation{{Name: "a nabner line", Rank: 12, PairX: true, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return abs(a-b) >= 2 }, Make: issNabners}}},
	"renban":          {Read: map[string]sudoku.ISSRead{"Renban": sudoku.ISSViaFP("renban", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Renban", sudoku.ISSLine)},
	"palindrome":      {Read: map[string]sudoku.ISSRead{"Palindrome": sudoku.ISSViaFP("palindrome", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Palindrome", sudoku.ISSLine)},
	"zipperline":      {Read: map[string]sudoku.ISSRead{"Zipper": sudoku.ISSViaFP("zipperline", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Zipper", sudoku.ISSLine)},
	"betweenline":     {Read: map[string]sudoku.ISSRead{"Between": sudoku.ISSViaFP("betweenline", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Between", sudoku.ISSLine)},
	"doublearrow":     {Read: map[string]sudoku.ISSRead{"DoubleArrow": sudoku.ISSViaFP("doublearrow", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("DoubleArrow", sudoku.ISSLine)},
	"lockout":         {Read: map[string]sudoku.ISSRead{"Lockout": sudoku.ISSViaFP("lockout", sudoku.ISSValueLine)}, Write: issWriteLockout},
	"entropicline":    {Read: map[string]sudoku.ISSRead{"Entropic": issReadEntropic}, Write: issWriteEntropic},
	"modularline":     {Read: map[string]sudoku.ISSRead{"Modular": issReadModular}, Write: issWriteModular},
	"regionsumline":   {Read: map[string]sudoku.ISSRead{"RegionSumLine": issReadRegionSum}, Write: issWriteRegionSum},
	"arrow":           {Read: map[string]sudoku.ISSRead{"Arrow": issReadArrow, "PillArrow": issReadPillArrow}, Write: issWriteArrow}, // PillArrow for a circle of 2 or 3 cells
	"killer":          {Write: issWriteCage},                                                                                         // ISS's Cage is read with the rules (Rules.AddCage)
	"sum":             {Read: map[string]sudoku.ISSRead{"Sum": issReadSum}, Write: issWriteCage},
	"littlekillersum": {Read: map[string]sudoku.ISSRead{"LittleKiller": issReadLittleKiller}, Write: issWriteLittleKiller},
	"sandwichsum":     {Read: map[string]sudoku.ISSRead{"Sandwich": issReadSandwich}, Write: issWriteOutside("Sandwich")},
	"xsum":            {Read: map[string]sudoku.ISSRead{"XSum": sudoku.ISSViaFP("xsum", sudoku.ISSOutsideClue)}, Write: issWriteOutside("XSum")},
	"skyscraper":      {Read: map[string]sudoku.ISSRead{"Skyscraper": sudoku.ISSViaFP("skyscraper", sudoku.ISSOutsideClue)}, Write: issWriteOutside("Skyscraper")},
	"quadruple":       {Read: map[string]sudoku.ISSRead{"Quad": issReadQuad, "ContainAtLeast": issReadContain}, Write: issWriteQuad}, // ContainAtLeast for a second one at a place
	"maximum":         {Read: map[string]sudoku.ISSRead{"GreaterThan": issReadGreaterThan}, Write: issWriteExtremum},
	"minimum":         {Write: issWriteExtremum},
	"rowindexer":      {Read: map[string]sudoku.ISSRead{"Indexing": issReadIndexing}, Write: issWriteIndexer("R")},
	"columnindexer":   {Write: issWriteIndexer("C")},
	// The kinds f-puzzles has no key for: read into their constructors and
	// written from their fields (iss_more.go).
	"sumline":         {Read: map[string]sudoku.ISSRead{"SumLine": issReadSumLine}, Write: issWriteSumLine},
	"lunchbox":        {Read: map[string]sudoku.ISSRead{"Lunchbox": issReadValueCells(NewLunchbox)}, Write: issWriteValueCells},
	"rellik":          {Read: map[string]sudoku.ISSRead{"RellikCage": issReadValueCells(NewRellik)}, Write: issWriteValueCells},
	"numberedroom":    {Read: map[string]sudoku.ISSRead{"NumberedRoom": issReadNumberedRoom}, Write: issWriteOutside("NumberedRoom")},
	"countingcircles": {Read: map[string]sudoku.ISSRead{"CountingCircles": issReadCountingCircles}, Write: issWriteValueCells},
}

func zero(int) int { return 0 }
func one(int) int  { return 1 }
func two(int) int  { return 2 }

func issWriteSlowThermo(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.PairLine("Pair", func(a, b int) bool { return a <= b }, c.(*thermo).cells)
	return nil
}

func issWriteNabner(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.PairLine("PairX", func(a, b int) bool { return abs(a-b) >= 2 }, c.(*nabner).cells)
	return nil
}

func issWriteParityLine(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.PairLine("Pair", func(a, b int) bool { return (a+b)%2 == 1 }, c.(*parityLine).cells)
	return nil
}

func issWriteClone(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*clone)
	w.Pairs("Pair", k.tab.holds, k.pairs)
	return nil
}

// issWriteEntropic writes an entropic line on a 9x9: ISS's ranks are
// those of 1-9 only.
func issWriteEntropic(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	if w.Size() != 9 {
		return fmt.Errorf("ISS's entropic lines are for the digits 1-9, not 1-%d", w.Size())
	}
	w.AddCells("Entropic", c.Cells())
	return nil
}

// issWriteModular writes a modular line as ISS's of mod 3: every three
// cells in a row differ mod 3, which is our residues' rule.
func issWriteModular(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.AddCells("Modular", c.Cells(), "3")
	return nil
}

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

func issWriteWhispers(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*whispers)
	w.AddCells("Whisper", k.line, strconv.Itoa(k.value))
	return nil
}

func issWriteLockout(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*lockout)
	w.AddCells("Lockout", k.cells, strconv.Itoa(k.diff))
	return nil
}

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

// issWriteDot writes a dot as ISS's own (white 1, black 2, X, V) or as a
// Pair of its relation; a negative rule waits for every dot.
func issWriteDot(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	switch k := c.(type) {
	case *negativeDots:
		w.Defer("negative dots", k, issWriteNegatives)
		return nil
	case *dot:
		typ, group := issDotType(k)
		if typ == "" {
			w.Pairs("Pair", k.tab.holds, []sudoku.Pair{{A: k.a, B: k.b}})
			return nil
		}
		w.Mark(group, k.a, k.b)
		w.AddCells(typ, []int{k.a, k.b})
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
func issWriteLittleKiller(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*littleKiller)
	key := fmt.Sprint(sortedCells(k.shape.cells))
	for _, d := range issLittleKillers(w.Size()) {
		if fmt.Sprint(sortedCells(d.cells)) != key {
			continue
		}
		if w.Take("LittleKiller:" + d.id) {
			w.Add("LittleKiller", strconv.Itoa(k.value), d.id)
			return nil
		}
	}
	w.AddCells("Sum", k.shape.cells, strconv.Itoa(k.value))
	return nil
}

// issWriteOutside writes a clue beside the grid: ISS's Sandwich takes a
// row or column (its sum reads the same from either end), XSum and
// Skyscraper a row or column and a side.
func issWriteOutside(typ string) func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	return func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
		o, v := issOutside(c)
		id, first, err := w.LineID(o.row, o.col)
		if err != nil {
			return err
		}
		if typ == "Sandwich" {
			return w.Clue(typ, id, v, func() { w.Add(typ, strconv.Itoa(v), id) })
		}
		args := []string{id, strconv.Itoa(v)}
		side := "1"
		if !first {
			args, side = []string{id, "", strconv.Itoa(v)}, "-1"
		}
		return w.Clue(typ, id+","+side, v, func() { w.Add(typ, args...) })
	}
}

// issOutside returns the place and value of a clue beside the grid.
func issOutside(c sudoku.Constraint) (outsideClue, int) {
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

// issWriteExtremum writes a maximum cell as ISS's GreaterThan from it to
// each neighbour it is compared with, a minimum from each neighbour to it
// (the neighbours of a cell never touch each other, so no other pair is
// read).
func issWriteExtremum(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	e := c.(*extremum)
	for _, o := range e.nbrs {
		if !adjacent(w.Size(), e.cell, o) {
			return fmt.Errorf("%s is not beside %s", sudoku.CellName(w.Size(), o), sudoku.CellName(w.Size(), e.cell))
		}
	}
	switch {
	case len(e.nbrs) == 0: // compared with nothing: no rule
	case e.max:
		w.AddCells("GreaterThan", append([]int{e.cell}, e.nbrs...))
	default:
		w.AddCells("GreaterThan", append(slices.Clone(e.nbrs), e.cell))
	}
	return nil
}

// issWriteIndexer writes row (R) or column (C) indexing cells.
func issWriteIndexer(typ string) func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	return func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
		w.AddCells("Indexing", c.(*indexer).cells, typ)
		return nil
	}
}

func negate(f func(v, a, b int) bool) func(v, a, b int) bool {
	return func(v, a, b int) bool { return !f(v, a, b) }
}

// chainPairs returns each cell of each group with the next.
func chainPairs(groups [][]int) []sudoku.Pair {
	var out []sudoku.Pair
	for _, g := range groups {
		for i := 1; i < len(g); i++ {
			out = append(out, sudoku.Pair{A: g[i-1], B: g[i]})
		}
	}
	return out
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

// issClones reads equal pairs as clones: each cell and the next, in as
// few clones as keep each list's cells different.
func issClones(r *sudoku.ISSReader, e sudoku.ISSElem, _ int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	var a, b []int
	for _, p := range chainPairs(groups) {
		if slices.Contains(a, p.A) || slices.Contains(b, p.B) {
			out = append(out, newClone(r.Size(), a, b))
			a, b = nil, nil
		}
		a, b = append(a, p.A), append(b, p.B)
	}
	return append(out, newClone(r.Size(), a, b)), nil
}

func issWhispers(r *sudoku.ISSReader, e sudoku.ISSElem, v int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	for _, g := range groups {
		out = append(out, newWhispers(r.Size(), g, v))
	}
	return out, nil
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

func issNabners(r *sudoku.ISSReader, e sudoku.ISSElem, _ int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	for _, g := range groups {
		if most := (r.Size() + 1) / 2; len(g) > most {
			return nil, e.Errorf("a nabner line of %d cells cannot hold digits two apart of 1 to %d (at most %d)", len(g), r.Size(), most)
		}
		out = append(out, newNabner(r.Size(), g))
	}
	return out, nil
}

// issDots reads pairs of cells as dots of kind k with value v (each pair
// side by side), or as its negative rule over the pairs.
func issDots(k *dotKind, negative bool) func(r *sudoku.ISSReader, e sudoku.ISSElem, v int, groups [][]int) ([]sudoku.Constraint, error) {
	return func(r *sudoku.ISSReader, e sudoku.ISSElem, v int, groups [][]int) ([]sudoku.Constraint, error) {
		pairs := chainPairs(groups)
		if negative {
			return []sudoku.Constraint{newNegativeDots(k, r.Size(), v, pairs)}, nil
		}
		var out []sudoku.Constraint
		for _, p := range pairs {
			if !adjacent(r.Size(), p.A, p.B) {
				return nil, e.Errorf("%s and %s are not side by side, as a dot's cells are", sudoku.ISSCell(r.Size(), p.A), sudoku.ISSCell(r.Size(), p.B))
			}
			out = append(out, newDot(k, r.Size(), p.A, p.B, v))
		}
		return out, nil
	}
}

// issReadWhisper reads a whisper line: its difference (5 when the first
// argument is a cell, as ISS reads it) and cells.
func issReadWhisper(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	args := e.Args()
	diff := "5"
	if len(args) > 0 {
		if _, err := strconv.Atoi(args[0]); err == nil {
			diff, args = args[0], args[1:]
		}
	}
	pieces, err := r.Path(e, args, 1)
	if err != nil {
		return nil, err
	}
	var lines [][]string
	for _, p := range pieces {
		lines = append(lines, fpNames(r.Size(), p))
	}
	return r.ViaFP(e, "whispers", map[string]any{"lines": lines, "value": diff})
}

// issReadModular reads a modular line of mod 3, the only one we have.
func issReadModular(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) == 0 || e.Args()[0] != "3" {
		return nil, e.Errorf("mod %q: only mod 3 is supported", strings.Join(e.Args()[:min(1, len(e.Args()))], ""))
	}
	return sudoku.ISSViaFP("modularline", sudoku.ISSLine)(r, e.WithArgs(e.Args()[1:]))
}

// issReadEntropic reads an entropic line, on a 9x9 only (as ISS).
func issReadEntropic(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if r.Size() != 9 {
		return nil, e.Errorf("ISS's entropic lines need the digits 1-9, not 1-%d", r.Size())
	}
	return sudoku.ISSViaFP("entropicline", sudoku.ISSLine)(r, e)
}

// issReadRegionSum reads a region sum line, cut by the boxes or the one
// jigsaw layout (ISS cuts by the last region it sees of several).
func issReadRegionSum(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if r.Rules().Regions != nil && r.Jigsaws() > 1 {
		return nil, e.Errorf("with %d jigsaw layouts the pieces of the line are not well defined", r.Jigsaws())
	}
	return sudoku.ISSViaFP("regionsumline", sudoku.ISSLine)(r, e)
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

// issAdjacentPairs returns the side-by-side pairs of cells as ISS pairs a
// dot's cells: each cell with the later ones beside it.
func issAdjacentPairs(n int, cells []int) []sudoku.Pair {
	var out []sudoku.Pair
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if adjacent(n, a, b) {
				out = append(out, sudoku.Pair{A: a, B: b})
			}
		}
	}
	return out
}

// adjacentCells reads the cells of e (two at least) and the pairs of
// them side by side, an error when there are none.
func issAdjacentCells(r *sudoku.ISSReader, e sudoku.ISSElem) ([]int, []sudoku.Pair, error) {
	cells, err := r.Cells(e, e.Args(), 2)
	if err != nil {
		return nil, nil, err
	}
	pairs := issAdjacentPairs(r.Size(), cells)
	if len(pairs) == 0 {
		return nil, nil, e.Errorf("no two of its cells are side by side")
	}
	return cells, pairs, nil
}

// issReadDot reads ISS's dots (WhiteDot, BlackDot, X, V): every pair of
// its cells side by side.
func issReadDot(key, value, group string) sudoku.ISSRead {
	return func(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
		_, pairs, err := issAdjacentCells(r, e)
		if err != nil {
			return nil, err
		}
		var entries []any
		for _, p := range pairs {
			r.Mark(group, p.A, p.B)
			entry := map[string]any{"cells": fpNames(r.Size(), []int{p.A, p.B})}
			if value != "" {
				entry["value"] = value
			}
			entries = append(entries, entry)
		}
		return r.ViaFP(e, key, entries...)
	}
}

// issReadStrict notes a strict rule of dots, made once every dot is read.
func issReadStrict(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) > 0 {
		return nil, e.Errorf("takes no arguments, got %d", len(e.Args()))
	}
	typ := e.Type()
	r.Later(typ, func() ([]sudoku.Constraint, error) { return issStrict(r, typ), nil })
	return nil, nil
}

// issStrict makes a strict rule, once every dot is read: StrictKropki's
// negative white (1) and black (2) dots over the side-by-side pairs
// without a WhiteDot or BlackDot, StrictXV's X and V over those without
// an X or V, AntiConsecutive's white dots over every pair.
func issStrict(r *sudoku.ISSReader, typ string) []sudoku.Constraint {
	n := r.Size()
	switch typ {
	case "StrictKropki":
		free := issUnmarked(n, r.Marked, "kropki")
		return []sudoku.Constraint{newNegativeDots(differenceDots, n, 1, free), newNegativeDots(ratioDots, n, 2, free)}
	case "StrictXV":
		free := issUnmarked(n, r.Marked, "xv")
		return []sudoku.Constraint{newNegativeDots(xvDots, n, 10, free), newNegativeDots(xvDots, n, 5, free)}
	case "AntiConsecutive":
		k := newNegativeDots(differenceDots, n, 1, orthogonalPairs(n))
		if !issHasDots(r) {
			k.label = nonconsecutiveLabel
		}
		return []sudoku.Constraint{k}
	}
	return nil
}

// issUnmarked returns the side-by-side pairs no ISS dot of group joins.
func issUnmarked(n int, marked func(group string, a, b int) bool, group string) []sudoku.Pair {
	var out []sudoku.Pair
	for _, p := range orthogonalPairs(n) {
		if !marked(group, p.A, p.B) {
			out = append(out, p)
		}
	}
	return out
}

// issHasDots reports whether the rules hold white or black dots.
func issHasDots(r *sudoku.ISSReader) bool {
	return slices.ContainsFunc(r.Rules().Constraints, func(c sudoku.Constraint) bool {
		return c.Kind() == "difference" || c.Kind() == "ratio"
	})
}

// issReadLittleKiller reads a little killer: its sum and the first cell
// of one of ISS's diagonals.
func issReadLittleKiller(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) != 2 {
		return nil, e.Errorf("want a sum and the diagonal's first cell")
	}
	i := slices.IndexFunc(issLittleKillers(r.Size()), func(d issLittleKiller) bool { return strings.EqualFold(d.id, e.Args()[1]) })
	if i < 0 {
		return nil, e.Errorf("%q starts no diagonal of ISS's little killers", e.Args()[1])
	}
	d := issLittleKillers(r.Size())[i]
	if r.Seen(e, d.id) {
		return nil, r.Once(e, d.id, e.Args()[0])
	}
	if err := r.Once(e, d.id, e.Args()[0]); err != nil {
		return nil, err
	}
	return r.ViaFP(e, "littlekillersum", map[string]any{"cell": fmt.Sprintf("R%dC%d", d.row+1, d.col+1), "direction": d.dir, "value": e.Args()[0]})
}

// issReadSandwich reads a sandwich: its sum and its row or column.
func issReadSandwich(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) != 2 {
		return nil, e.Errorf("want a sum and a row or column")
	}
	place, err := r.LinePlace(e, e.Args()[1], true)
	if err != nil {
		return nil, err
	}
	if r.Seen(e, e.Args()[1]) {
		return nil, r.Once(e, e.Args()[1], e.Args()[0])
	}
	if err := r.Once(e, e.Args()[1], e.Args()[0]); err != nil {
		return nil, err
	}
	return r.ViaFP(e, "sandwichsum", map[string]any{"cell": place, "value": e.Args()[0]})
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

// issReadGreaterThan reads ISS's GreaterThan: each cell above the later
// ones beside it. A last cell below all the others is a minimum cell;
// otherwise each cell above others is a maximum cell compared with them.
func issReadGreaterThan(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	cells, pairs, err := issAdjacentCells(r, e)
	if err != nil {
		return nil, err
	}
	last := cells[len(cells)-1]
	if len(cells) > 2 && len(pairs) == len(cells)-1 && !slices.ContainsFunc(pairs, func(p sudoku.Pair) bool { return p.B != last }) {
		return []sudoku.Constraint{issExtremum(r, false, last, cells[:len(cells)-1])}, nil
	}
	var out []sudoku.Constraint
	for _, c := range cells {
		var below []int
		for _, p := range pairs {
			if p.A == c {
				below = append(below, p.B)
			}
		}
		if len(below) > 0 {
			out = append(out, issExtremum(r, true, c, below))
		}
	}
	return out, nil
}

// extremum makes a maximum (minimum) cell compared with nbrs.
func issExtremum(r *sudoku.ISSReader, max bool, c int, nbrs []int) sudoku.Constraint {
	return &extremum{n: r.Size(), max: max, cell: c, nbrs: slices.Clone(nbrs), sides: sideNeighbours(r.Size(), c)}
}

// issReadIndexing reads ISS's row (R) or column (C) indexing cells.
func issReadIndexing(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	key := map[string]string{"R": "rowindexer", "C": "columnindexer"}[strings.Join(e.Args()[:min(1, len(e.Args()))], "")]
	if key == "" {
		return nil, e.Errorf("want R (row) or C (column) indexing first")
	}
	return sudoku.ISSViaFP(key, sudoku.ISSCellList)(r, e.WithArgs(e.Args()[1:]))
}

// issLittleKiller is one diagonal ISS offers a little killer on: its id
// (its first cell), its cells, and where our clue stands with its
// direction.
type issLittleKiller struct {
	id       string
	cells    []int
	row, col int
	dir      string
}

// issLittleKillers returns ISS's little killer diagonals of an n-grid, in
// its order: from the left side going down-right, the right side going
// up-left, the top going down-left, the bottom going up-right; diagonals
// of one cell, and those seen before from the other end, left out.
func issLittleKillers(n int) []issLittleKiller {
	var out []issLittleKiller
	seen := map[string]bool{}
	add := func(row, col int, dir string) {
		step := lkDirs[dir]
		cr, cc := row-step[0], col-step[1]
		cells := diagonalFrom(n, cr, cc, step)
		key := fmt.Sprint(sortedCells(cells))
		if len(cells) <= 1 || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, issLittleKiller{id: sudoku.ISSCell(n, cells[0]), cells: cells, row: cr, col: cc, dir: dir})
	}
	for row := 0; row < n-1; row++ {
		add(row, 0, "DR")
	}
	for row := 1; row < n-1; row++ {
		add(row, n-1, "UL")
	}
	for col := 1; col < n; col++ {
		add(0, col, "DL")
	}
	for col := 1; col < n-1; col++ {
		add(n-1, col, "UR")
	}
	return out
}

// writeNegatives writes the negative rules of dots: ISS's StrictKropki
// for the rules of white (1) and black (2) dots over the pairs without a
// white or black dot of its own, StrictXV for those of X and V over the
// pairs without one, AntiConsecutive for the rule of white dots over every
// pair; any other as a Pair of the relation over its pairs.
func issWriteNegatives(w *sudoku.ISSWriter, cs []sudoku.Constraint) error {
	var rest []*negativeDots
	for _, c := range cs {
		rest = append(rest, c.(*negativeDots))
	}
	issWriteStrict(w, &rest, "kropki", "StrictKropki", differenceDots, 1, ratioDots, 2)
	issWriteStrict(w, &rest, "xv", "StrictXV", xvDots, 10, xvDots, 5)
	if i := slices.IndexFunc(rest, func(k *negativeDots) bool {
		return k != nil && k.k == differenceDots && k.value == 1 && samePairs(k.pairs, orthogonalPairs(w.Size()))
	}); i >= 0 {
		w.Add("AntiConsecutive")
		rest[i] = nil
	}
	for _, k := range rest {
		if k != nil {
			w.Pairs("Pair", k.tab.holds, k.pairs)
		}
	}
	return nil
}

// strict writes ISS's strict rule typ when rest holds the rules of kinds
// ka (value va) and kb (vb) over the pairs no dot of group marks, and
// takes them out of rest.
func issWriteStrict(w *sudoku.ISSWriter, rest *[]*negativeDots, group, typ string, ka *dotKind, va int, kb *dotKind, vb int) {
	free := issUnmarked(w.Size(), w.Marked, group)
	find := func(k *dotKind, v int) int {
		return slices.IndexFunc(*rest, func(x *negativeDots) bool {
			return x != nil && x.k == k && x.value == v && samePairs(x.pairs, free)
		})
	}
	i, j := find(ka, va), find(kb, vb)
	if i < 0 || j < 0 || i == j {
		return
	}
	w.Add(typ)
	(*rest)[i], (*rest)[j] = nil, nil
}

// samePairs reports whether a and b hold the same pairs of cells, each
// either way round.
func samePairs(a, b []sudoku.Pair) bool {
	set := map[sudoku.Pair]bool{}
	for _, p := range a {
		set[sudoku.Pair{A: min(p.A, p.B), B: max(p.A, p.B)}] = true
	}
	other := map[sudoku.Pair]bool{}
	for _, p := range b {
		q := sudoku.Pair{A: min(p.A, p.B), B: max(p.A, p.B)}
		if !set[q] {
			return false
		}
		other[q] = true
	}
	return len(other) == len(set)
}

func sortedCells(cells []int) []int {
	s := slices.Clone(cells)
	slices.Sort(s)
	return s
}

// issCells names cells as ISS does.
func issCells(n int, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = sudoku.ISSCell(n, c)
	}
	return out
}

// fpNames names cells as f-puzzles does.
func fpNames(n int, cells []int) []string {
	return (&sudoku.FPuzzle{Size: n}).Names(cells)
}
