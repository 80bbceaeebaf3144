package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The constraints of an ISS string, after its rules (parse_iss.go): each
// type's reader in issReaders (parse_iss_kinds.go). Most go through the
// f-puzzles reader of our kind (viaFP), which checks them as it checks
// f-puzzles entries; the rest are made here.

// issRead reads one element into constraints.
type issRead func(r *issReader, e issElem) ([]Constraint, error)

// constraints reads the elements of constraints in order, then the
// strict rules of dots.
func (r *issReader) constraints(elems []issElem) error {
	raw, err := r.rulesFP()
	if err != nil {
		return err
	}
	r.fpRaw = raw
	for _, e := range elems {
		read := issReaders[e.typ]
		if read == nil {
			continue
		}
		cs, err := read(r, e)
		if err != nil {
			return err
		}
		r.rules.Constraints = append(r.rules.Constraints, cs...)
	}
	return r.finishStrict()
}

// rulesFP returns the rules as f-puzzles keys, for the f-puzzles readers
// of the kinds (their houses and regions).
func (r *issReader) rulesFP() (map[string][]byte, error) {
	data, err := FormatFPuzzles(NewBoard(r.rules))
	if err != nil {
		return nil, &ParseError{Line: 1, Msg: "ISS: " + err.Error(), Err: err}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for k, v := range raw {
		out[k] = v
	}
	return out, nil
}

// viaFP reads entries of the f-puzzles key through its kind's reader,
// with the rules' keys beside them; its errors located at e.
func (r *issReader) viaFP(e issElem, key string, entries ...any) ([]Constraint, error) {
	kind, ok := kindOfKey(key)
	if !ok {
		return nil, e.errorf("no kind reads %s", key)
	}
	raw := make(map[string]json.RawMessage, len(r.fpRaw)+1)
	for k, v := range r.fpRaw {
		raw[k] = v
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	raw[key] = data
	cs, err := kind.Read(&FPuzzle{Size: r.n, Raw: raw})
	if err != nil {
		return nil, e.errorf("%s", issFPMessage(key, err))
	}
	return cs, nil
}

// issFPMessage is an f-puzzles reader's error without its key and entry
// number ("thermometer 1: "), which name the ISS element's translation.
func issFPMessage(key string, err error) string {
	msg := err.Error()
	var pe *ParseError
	if errors.As(err, &pe) {
		msg = pe.Msg
	}
	for i := 1; i <= 2; i++ {
		msg = strings.TrimPrefix(msg, fmt.Sprintf("%s %d: ", key, i))
	}
	return msg
}

// names turns cells into f-puzzles names.
func (r *issReader) names(cells []int) []string { return fpNames(r.n, cells) }

// issFPRead reads an element laid out as lay into an entry of the
// f-puzzles key.
func issFPRead(key string, lay issLayout) issRead {
	return func(r *issReader, e issElem) ([]Constraint, error) {
		args := e.args
		var value string
		if lay == issValueLine || lay == issValueCage {
			if len(args) == 0 {
				return nil, e.errorf("want a value and cells")
			}
			value, args = args[0], args[1:]
		}
		if lay == issOutsideClue {
			return r.outsideFP(e, key)
		}
		cells, err := r.cells(e, args, 1)
		if err != nil {
			return nil, err
		}
		entry := map[string]any{}
		if lay == issLine || lay == issValueLine {
			entry["lines"] = [][]string{r.names(cells)}
		} else {
			entry["cells"] = r.names(cells)
		}
		if value != "" {
			entry["value"] = value
		}
		return r.viaFP(e, key, entry)
	}
}

// outsideFP reads an ISS double line clue ("R3", the value from the left,
// the value from the right) into entries of key beside the grid.
func (r *issReader) outsideFP(e issElem, key string) ([]Constraint, error) {
	return r.outsideClues(e, func(place, v string) ([]Constraint, error) {
		return r.viaFP(e, key, map[string]any{"cell": place, "value": v})
	})
}

// outsideClues walks an ISS double line clue: for each value given, the
// f-puzzles place beside the grid it is read from, once (the same clue
// twice is one clue, two different ones an error), handed to read.
func (r *issReader) outsideClues(e issElem, read func(place, v string) ([]Constraint, error)) ([]Constraint, error) {
	if len(e.args) < 2 || len(e.args) > 3 {
		return nil, e.errorf("want a row or column and one or two values")
	}
	var out []Constraint
	for side, v := range e.args[1:] {
		if v == "" {
			continue
		}
		place, err := r.linePlace(e, e.args[0], side == 0)
		if err != nil {
			return nil, err
		}
		at := e.args[0] + "," + strconv.Itoa(side)
		seen := r.seen(e, at)
		if err := r.once(e, at, v); err != nil {
			return nil, err
		}
		if seen {
			continue
		}
		cs, err := read(place, v)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// linePlace reads ISS's name of a row or column ("R3", "C12") as the
// f-puzzles place beside the grid it is seen from: the left or top when
// first, else the right or bottom.
func (r *issReader) linePlace(e issElem, id string, first bool) (string, error) {
	k, err := strconv.Atoi(strings.TrimLeft(id, "RC"))
	if len(id) < 2 || err != nil || k < 1 || k > r.n || strings.Count(id, "R")+strings.Count(id, "C") != 1 {
		return "", e.errorf("%q is not a row or column (R1 to R%d, C1 to C%d)", id, r.n, r.n)
	}
	end := 0
	if !first {
		end = r.n + 1
	}
	if id[0] == 'R' {
		return fmt.Sprintf("R%dC%d", k, end), nil
	}
	return fmt.Sprintf("R%dC%d", end, k), nil
}

// once records the clue of e's type at place with value: ISS keeps one
// a place, so a second with another value is refused (the same value
// twice is one clue).
func (r *issReader) once(e issElem, place, value string) error {
	key := e.typ + ":" + place
	if v, ok := r.clues[key]; ok && v != value {
		return e.errorf("a second clue at %s (%s after %s): ISS keeps only the last", place, value, v)
	}
	r.clues[key] = value
	return nil
}

// seen reports whether the clue of e at place was read before.
func (r *issReader) seen(e issElem, place string) bool {
	_, ok := r.clues[e.typ+":"+place]
	return ok
}

// issReadWhisper reads a whisper line: its difference (5 when the first
// argument is a cell, as ISS reads it) and cells.
func issReadWhisper(r *issReader, e issElem) ([]Constraint, error) {
	args := e.args
	diff := "5"
	if len(args) > 0 {
		if _, err := strconv.Atoi(args[0]); err == nil {
			diff, args = args[0], args[1:]
		}
	}
	pieces, err := r.path(e, args, 1)
	if err != nil {
		return nil, err
	}
	var lines [][]string
	for _, p := range pieces {
		lines = append(lines, r.names(p))
	}
	return r.viaFP(e, "whispers", map[string]any{"lines": lines, "value": diff})
}

// issReadModular reads a modular line of mod 3, the only one we have.
func issReadModular(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) == 0 || e.args[0] != "3" {
		return nil, e.errorf("mod %q: only mod 3 is supported", strings.Join(e.args[:min(1, len(e.args))], ""))
	}
	return issFPRead("modularline", issLine)(r, issElem{index: e.index, pos: e.pos, typ: e.typ, args: e.args[1:]})
}

// issReadEntropic reads an entropic line, on a 9x9 only (as ISS).
func issReadEntropic(r *issReader, e issElem) ([]Constraint, error) {
	if r.n != 9 {
		return nil, e.errorf("ISS's entropic lines need the digits 1-9, not 1-%d", r.n)
	}
	return issFPRead("entropicline", issLine)(r, e)
}

// issReadRegionSum reads a region sum line, cut by the boxes or the one
// jigsaw layout (ISS cuts by the last region it sees of several).
func issReadRegionSum(r *issReader, e issElem) ([]Constraint, error) {
	if r.rules.Regions != nil && len(r.layouts) > 1 {
		return nil, e.errorf("with %d jigsaw layouts the pieces of the line are not well defined", len(r.layouts))
	}
	return issFPRead("regionsumline", issLine)(r, e)
}

// issReadArrow reads an arrow: its circle, then its line.
func issReadArrow(r *issReader, e issElem) ([]Constraint, error) {
	cells, err := r.cells(e, e.args, 2)
	if err != nil {
		return nil, err
	}
	return r.viaFP(e, "arrow", map[string]any{"cells": r.names(cells[:1]), "lines": [][]string{r.names(cells)}})
}

// issReadPillArrow reads a pill arrow: its pill of 2 or 3 cells, read in
// reading order, then its line (the line drawn from the pill's cell
// nearest its first cell). Above 9x9 ISS reads the pill's later cells as
// figures 0-9, which our pills are not: refused.
func issReadPillArrow(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) == 0 || e.args[0] != "2" && e.args[0] != "3" {
		return nil, e.errorf("pill size %q: want 2 or 3", strings.Join(e.args[:min(1, len(e.args))], ""))
	}
	k := int(e.args[0][0] - '0')
	cells, err := r.cells(e, e.args[1:], k+1)
	if err != nil {
		return nil, err
	}
	pill := sortedCells(cells[:k])
	if err := issPill(r.n, pill); err != nil {
		return nil, e.errorf("%v", err)
	}
	line := cells[k:]
	from := pill[0]
	for _, c := range pill {
		if kingDistance(r.n, c, line[0]) <= kingDistance(r.n, from, line[0]) {
			from = c
		}
	}
	path := append([]int{from}, line...)
	return r.viaFP(e, "arrow", map[string]any{"cells": r.names(pill), "lines": [][]string{r.names(path)}})
}

func kingDistance(n, a, b int) int { return max(abs(a/n-b/n), abs(a%n-b%n)) }

// issReadSum reads a sum cage whose digits may repeat (ISS's Sum without
// coefficients).
func issReadSum(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) < 2 {
		return nil, e.errorf("want a sum and cells")
	}
	if strings.Contains(e.args[0], "_") {
		return nil, e.errorf("sums with coefficients (%s) are not supported", e.args[0])
	}
	sum, err := r.number(e, "sum", e.args[0])
	if err != nil {
		return nil, err
	}
	cells, err := r.cells(e, e.args[1:], 1)
	if err != nil {
		return nil, err
	}
	k, err := NewCage(r.rules, cells, sum, true)
	if err != nil {
		return nil, e.errorf("%v", err)
	}
	return []Constraint{k}, nil
}

// issAdjacentPairs returns the side-by-side pairs of cells as ISS pairs a
// dot's cells: each cell with the later ones beside it.
func issAdjacentPairs(n int, cells []int) []Pair {
	var out []Pair
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if adjacent(n, a, b) {
				out = append(out, Pair{a, b})
			}
		}
	}
	return out
}

// adjacentCells reads the cells of e (two at least) and the pairs of
// them side by side, an error when there are none.
func (r *issReader) adjacentCells(e issElem) ([]int, []Pair, error) {
	cells, err := r.cells(e, e.args, 2)
	if err != nil {
		return nil, nil, err
	}
	pairs := issAdjacentPairs(r.n, cells)
	if len(pairs) == 0 {
		return nil, nil, e.errorf("no two of its cells are side by side")
	}
	return cells, pairs, nil
}

// issReadDot reads ISS's dots (WhiteDot, BlackDot, X, V): every pair of
// its cells side by side.
func issReadDot(key, value, group string) issRead {
	return func(r *issReader, e issElem) ([]Constraint, error) {
		_, pairs, err := r.adjacentCells(e)
		if err != nil {
			return nil, err
		}
		var entries []any
		for _, p := range pairs {
			r.marked[group][Pair{min(p.A, p.B), max(p.A, p.B)}] = true
			entry := map[string]any{"cells": r.names([]int{p.A, p.B})}
			if value != "" {
				entry["value"] = value
			}
			entries = append(entries, entry)
		}
		return r.viaFP(e, key, entries...)
	}
}

// issReadStrict notes a strict rule of dots, made once every dot is read.
func issReadStrict(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) > 0 {
		return nil, e.errorf("takes no arguments, got %d", len(e.args))
	}
	r.strict = append(r.strict, e)
	return nil, nil
}

// finishStrict makes the strict rules: StrictKropki's negative white (1)
// and black (2) dots over the side-by-side pairs without a WhiteDot or
// BlackDot, StrictXV's X and V over those without an X or V,
// AntiConsecutive's white dots over every pair.
func (r *issReader) finishStrict() error {
	done := map[string]bool{}
	for _, e := range r.strict {
		if done[e.typ] {
			continue
		}
		done[e.typ] = true
		var cs []Constraint
		switch e.typ {
		case "StrictKropki":
			free := r.unmarked("kropki")
			cs = []Constraint{newNegativeDots(differenceDots, r.n, 1, free), newNegativeDots(ratioDots, r.n, 2, free)}
		case "StrictXV":
			free := r.unmarked("xv")
			cs = []Constraint{newNegativeDots(xvDots, r.n, 10, free), newNegativeDots(xvDots, r.n, 5, free)}
		case "AntiConsecutive":
			k := newNegativeDots(differenceDots, r.n, 1, orthogonalPairs(r.n))
			if !r.hasDots() {
				k.label = nonconsecutiveLabel
			}
			cs = []Constraint{k}
		}
		r.rules.Constraints = append(r.rules.Constraints, cs...)
	}
	return nil
}

// unmarked returns the side-by-side pairs no ISS dot of group joins.
func (r *issReader) unmarked(group string) []Pair {
	var out []Pair
	for _, p := range orthogonalPairs(r.n) {
		if !r.marked[group][p] {
			out = append(out, p)
		}
	}
	return out
}

// hasDots reports whether the rules hold white or black dots.
func (r *issReader) hasDots() bool {
	return slices.ContainsFunc(r.rules.Constraints, func(c Constraint) bool {
		return c.Kind() == "difference" || c.Kind() == "ratio"
	})
}

// issReadLittleKiller reads a little killer: its sum and the first cell
// of one of ISS's diagonals.
func issReadLittleKiller(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) != 2 {
		return nil, e.errorf("want a sum and the diagonal's first cell")
	}
	i := slices.IndexFunc(issLittleKillers(r.n), func(d issLittleKiller) bool { return strings.EqualFold(d.id, e.args[1]) })
	if i < 0 {
		return nil, e.errorf("%q starts no diagonal of ISS's little killers", e.args[1])
	}
	d := issLittleKillers(r.n)[i]
	if r.seen(e, d.id) {
		return nil, r.once(e, d.id, e.args[0])
	}
	if err := r.once(e, d.id, e.args[0]); err != nil {
		return nil, err
	}
	return r.viaFP(e, "littlekillersum", map[string]any{"cell": fmt.Sprintf("R%dC%d", d.row+1, d.col+1), "direction": d.dir, "value": e.args[0]})
}

// issReadSandwich reads a sandwich: its sum and its row or column.
func issReadSandwich(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) != 2 {
		return nil, e.errorf("want a sum and a row or column")
	}
	place, err := r.linePlace(e, e.args[1], true)
	if err != nil {
		return nil, err
	}
	if r.seen(e, e.args[1]) {
		return nil, r.once(e, e.args[1], e.args[0])
	}
	if err := r.once(e, e.args[1], e.args[0]); err != nil {
		return nil, err
	}
	return r.viaFP(e, "sandwichsum", map[string]any{"cell": place, "value": e.args[0]})
}

// issReadQuad reads a quadruple: the 2x2's top left cell, then digits.
func issReadQuad(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) < 2 {
		return nil, e.errorf("want the top left cell and digits")
	}
	tl, err := r.cell(e, e.args[0])
	if err != nil {
		return nil, err
	}
	if tl%r.n == r.n-1 || tl/r.n == r.n-1 {
		return nil, e.errorf("%s is the corner of no 2x2 square", e.args[0])
	}
	vals := slices.Clone(e.args[1:])
	slices.Sort(vals)
	if r.seen(e, issCell(r.n, tl)) {
		return nil, r.once(e, issCell(r.n, tl), strings.Join(vals, ","))
	}
	if err := r.once(e, issCell(r.n, tl), strings.Join(vals, ",")); err != nil {
		return nil, err
	}
	return r.quad(e, []int{tl, tl + 1, tl + r.n, tl + r.n + 1}, e.args[1:])
}

// quad reads a quadruple's cells and digits through the f-puzzles reader.
func (r *issReader) quad(e issElem, cells []int, vals []string) ([]Constraint, error) {
	var values []any
	for _, v := range vals {
		values = append(values, v)
	}
	return r.viaFP(e, "quadruple", map[string]any{"cells": r.names(cells), "values": values})
}

// issReadContain reads ISS's ContainAtLeast on four cells: a quadruple.
func issReadContain(r *issReader, e issElem) ([]Constraint, error) {
	if len(e.args) < 2 {
		return nil, e.errorf("want digits and cells")
	}
	cells, err := r.cells(e, e.args[1:], 1)
	if err != nil {
		return nil, err
	}
	if len(cells) != 4 {
		return nil, e.errorf("only four cells (a quadruple's) are supported, not %d", len(cells))
	}
	return r.quad(e, cells, strings.Split(e.args[0], "_"))
}

// issReadGreaterThan reads ISS's GreaterThan: each cell above the later
// ones beside it. A last cell below all the others is a minimum cell;
// otherwise each cell above others is a maximum cell compared with them.
func issReadGreaterThan(r *issReader, e issElem) ([]Constraint, error) {
	cells, pairs, err := r.adjacentCells(e)
	if err != nil {
		return nil, err
	}
	last := cells[len(cells)-1]
	if len(cells) > 2 && len(pairs) == len(cells)-1 && !slices.ContainsFunc(pairs, func(p Pair) bool { return p.B != last }) {
		return []Constraint{r.extremum(false, last, cells[:len(cells)-1])}, nil
	}
	var out []Constraint
	for _, c := range cells {
		var below []int
		for _, p := range pairs {
			if p.A == c {
				below = append(below, p.B)
			}
		}
		if len(below) > 0 {
			out = append(out, r.extremum(true, c, below))
		}
	}
	return out, nil
}

// extremum makes a maximum (minimum) cell compared with nbrs.
func (r *issReader) extremum(max bool, c int, nbrs []int) Constraint {
	return &extremum{n: r.n, max: max, cell: c, nbrs: slices.Clone(nbrs), sides: sideNeighbours(r.n, c)}
}

// issReadIndexing reads ISS's row (R) or column (C) indexing cells.
func issReadIndexing(r *issReader, e issElem) ([]Constraint, error) {
	key := map[string]string{"R": "rowindexer", "C": "columnindexer"}[strings.Join(e.args[:min(1, len(e.args))], "")]
	if key == "" {
		return nil, e.errorf("want R (row) or C (column) indexing first")
	}
	return issFPRead(key, issCellList)(r, issElem{index: e.index, pos: e.pos, typ: e.typ, args: e.args[1:]})
}
