package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// This file maps the drawings of a SudokuPad puzzle to our kinds, by the
// shapes SudokuPad gives each f-puzzles constraint (fpuzzlesdecoder.js)
// and by what the setter's rules say (parse_sudokupad_rules.go):
//
//	cage with a sum, or none        killer cage (f-puzzles killercage);
//	                                one whose digits may repeat (unique
//	                                false, or the rules say so) a sum cage
//	cage of style extraregion       extra region
//	line from corner to corner      a diagonal
//	line from a round bulb          thermometer (slow when the rules say)
//	circle with an arrow from it    arrow (a long circle: a pill)
//	line between two circles        between line
//	small arrow beside the grid     little killer, with its number
//	plain line                      what the rules say of its colour:
//	                                whispers, renban, palindrome, region
//	                                sum, entropic, modular, zipper, nabner
//	                                parity or sum line
//	                                (parse_sudokupad_more.go: sum lines,
//	                                rellik cages, counting circles,
//	                                numbered rooms and lunchboxes)
//	small dot on an edge            kropki: white a difference, black a
//	                                ratio (its number, if it has one)
//	X or V on an edge               XV
//	grey circle / square in a cell  odd / even
//	circle on a corner with digits  quadruple
//	number beside the grid          sandwich, x-sum or skyscraper: the one
//	                                the rules speak of
//	shading of cells                nothing, when the rules speak of none
//
// When the setter wrote rules, a drawing is read as a kind only if they
// speak of it; when they did not, SudokuPad's shapes alone decide, and
// plain lines and numbers beside the grid (whose meaning is only in the
// rules) stay unread.

// collect lists the elements of the drawing lists; an entry that is not
// an object is unread.
func (r *spReader) collect() {
	for _, list := range []string{"cages", "lines", "arrows", "overlays", "underlays"} {
		a, _ := r.raw[list].([]any)
		for i, v := range a {
			m, ok := v.(map[string]any)
			if !ok {
				r.unread = append(r.unread, Unread{What: fmt.Sprintf("%s entry %d (not an object)", list, i+1)})
				continue
			}
			r.elems = append(r.elems, &spElem{list: list, i: i, m: m})
		}
	}
}

// cageElems returns the cages.
func (r *spReader) cageElems() []*spElem { return r.elemsOf("cages") }

// elemsOf returns the unused elements of the lists named.
func (r *spReader) elemsOf(lists ...string) []*spElem {
	var out []*spElem
	for _, e := range r.elems {
		if e.how == "" && slices.Contains(lists, e.list) {
			out = append(out, e)
		}
	}
	return out
}

// readElements reads the cages and the drawings; what is left is
// unread.
func (r *spReader) readElements() {
	for _, e := range r.elems {
		if e.how == "" && !e.visible() && e.list != "cages" {
			e.how = "invisible" // it draws nothing a player sees
		}
	}
	for _, read := range []func(){r.readCages, r.readDiagonals, r.readThermometers, r.readArrows, r.readBetweenLines,
		r.readLittleKillers, r.readPlainLines, r.readDots, r.readXV, r.readCountingCircles, r.readParityCells, r.readQuadruples,
		r.readOutsideClues, r.readShading} {
		read()
	}
	for _, e := range r.elems {
		if e.how == "" {
			r.unreadElem(e, "")
		}
	}
}

// accept adds an f-puzzles entry under key for the elements es, read as
// topic, once the kind's reader takes it on the grid alone; an entry it
// refuses leaves the elements unread, with its reason.
func (r *spReader) accept(key string, entry any, topic string, es ...*spElem) bool {
	data, err := json.Marshal(map[string]any{"size": r.n, "grid": r.grid, key: []any{entry}})
	if err == nil {
		_, err = ParseFPuzzles(data)
	}
	var ue *unregisteredError
	if errors.As(err, &ue) && r.err == nil { // not a setter's mistake: the program's
		r.err = err
	}
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), key+" 1: ")
		r.unreadElems(es, fmt.Sprintf("as %s: %s", spTopicWords(topic), msg))
		return false
	}
	r.fp[key] = append(r.fp[key], entry)
	for _, e := range es {
		e.how = key
	}
	r.rules.use(topic)
	return true
}

// unreadElems lists the first element as unread, and keeps every one as
// a drawing.
func (r *spReader) unreadElems(es []*spElem, why string) {
	r.unreadElem(es[0], why)
	for _, e := range es[1:] {
		if e.how == "" {
			e.how = "unread"
			r.drawings = append(r.drawings, e.drawing(r.n))
		}
	}
}

// spTopicWords names a topic for people.
func spTopicWords(topic string) string {
	if k, ok := LookupConstraint(topic); ok && k.Title != "" {
		return strings.ToLower(k.Title)
	}
	return map[string]string{"odd": "odd cell", "even": "even cell", "extraregion": "extra region", "diagonal": "diagonal",
		"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "nonconsecutive", "disjoint": "disjoint groups",
		"negative": "every clue given", "shading": "shaded cells", "killer": "killer cage",
		"zerodigits": "digits from 0 (only 1 to N are read)"}[topic]
}

// allowed reports whether the rules let element e be read as topic: they
// speak of it (or there are none), and say no more of it than is read;
// if not, e is unread with the reason.
func (r *spReader) allowed(topic string, es ...*spElem) bool {
	switch {
	case !r.rules.allows(topic):
		r.unreadElems(es, fmt.Sprintf("drawn as %s, but the rules do not speak of one", spTopicWords(topic)))
	case r.rules.contrary(topic) != nil:
		r.unreadElems(es, fmt.Sprintf("drawn as %s, but the rules say more of it than is read here", spTopicWords(topic)))
	case (topic == "odd" || topic == "even") && !r.rules.parityShapes():
		r.unreadElems(es, "the rules give circles and squares parities in another order")
	default:
		return true
	}
	return false
}

// readCages reads the cages: killer cages, sum cages, extra regions.
func (r *spReader) readCages() {
	for _, e := range r.cageElems() {
		list, _ := e.m["cells"].([]any)
		cells := spCageCells(r.n, e.m["cells"])
		unique, uniqueSet := e.m["unique"].(bool)
		switch {
		case e.flag("hidden"):
			if e.str("value") == "" && !unique {
				e.how = "bounds" // the grid's bounds, or the cells in no region
			} else {
				r.unreadElem(e, "a hidden cage")
			}
		case len(cells) == 0 || len(cells) != len(list):
			r.unreadElem(e, "cells outside the grid")
		case e.str("style") == "extraregion":
			if r.allowed("extraregion", e) {
				r.accept("extraregion", map[string]any{"cells": fpNames(r.n, cells)}, "extraregion", e)
			}
		case e.str("type") == "disjoint" && r.flags["disjointgroups"]:
			e.how = "disjoint" // drawn by SudokuPad for its disjoint rule
		case e.has("outlineC") || e.has("fontC") || spOtherCage(e.str("type")) || spOtherCage(e.str("style")):
			// an f-puzzles cage drawing, or a cage of SudokuPad's own: its
			// meaning is not that of a killer cage
		default:
			r.readKiller(e, cells, unique, uniqueSet)
		}
	}
}

// spCageSum reads a cage's value (or sum): "" and 0 for none; ok is
// false for one that is not a sum.
func spCageSum(e *spElem) (value string, sum int, ok bool) {
	value = strings.TrimSpace(e.str("value"))
	if value == "" {
		value = strings.TrimSpace(e.str("sum"))
	}
	if value == "" {
		return "", 0, true
	}
	sum, err := strconv.Atoi(value)
	return value, sum, err == nil && sum >= 0
}

// spOtherCage reports whether a cage's type or style makes it other
// than a killer cage.
func spOtherCage(s string) bool { return s != "" && s != "killer" }

// readKiller reads a cage as a killer cage, or a sum cage when its
// digits may repeat.
func (r *spReader) readKiller(e *spElem, cells []int, unique, uniqueSet bool) {
	value, sum, ok := spCageSum(e)
	if !ok {
		r.unreadElem(e, fmt.Sprintf("its value %q is not a sum", spClip(value, 16)))
		return
	}
	if r.rules.speaks("rellik") {
		r.readRellik(e, cells)
		return
	}
	if !r.allowed("killer", e) {
		return
	}
	repeat := uniqueSet && !unique || r.rules.cagesRepeat()
	if repeat && uniqueSet && unique {
		r.unreadElem(e, "the rules let digits repeat in cages, the cage says they do not")
		return
	}
	if !repeat {
		entry := map[string]any{"cells": fpNames(r.n, cells)}
		if value != "" {
			entry["value"] = strconv.Itoa(sum)
		}
		r.accept("killercage", entry, "killer", e)
		return
	}
	r.rules.use("killer")
	e.how = "sum"
	r.later = append(r.later, spLater{elem: e, as: "a sum cage", make: func(rules *Rules) (Constraint, error) {
		if sum == 0 {
			return nil, fmt.Errorf("a cage whose digits may repeat needs a sum")
		}
		return MakeConstraint("sum", rules, ConstraintArgs{Cells: cells, Value: sum})
	}})
}

// readDiagonals reads lines from corner to corner as diagonals.
func (r *spReader) readDiagonals() {
	n := float64(r.n)
	for _, e := range r.elemsOf("lines") {
		pts, ok := e.points()
		if !ok || len(pts) < 2 {
			continue
		}
		a, b := pts[0], pts[len(pts)-1]
		near := func(p Point, r, c float64) bool { return math.Abs(p.R-r) < 0.05 && math.Abs(p.C-c) < 0.05 }
		key := ""
		switch {
		case near(a, 0, 0) && near(b, n, n) || near(a, n, n) && near(b, 0, 0):
			key = "diagonal-"
		case near(a, 0, n) && near(b, n, 0) || near(a, n, 0) && near(b, 0, n):
			key = "diagonal+"
		default:
			continue
		}
		if r.allowed("diagonal", e) {
			r.flags[key], e.how = true, key
			r.rules.use("diagonal")
		}
	}
}

// cellLine returns the cells an unused line passes, when it runs through
// cells (at least two) and is drawn as a line of a rule is: not dashed,
// not filled, not see-through (SudokuPad draws the long circle of an
// arrow that turns as two such lines).
func (r *spReader) cellLine(e *spElem) ([]int, bool) {
	pts, ok := e.points()
	if !ok || e.has("dashArray") || e.colour("fill").shows() || e.num("opacity", 1) < 0.95 {
		return nil, false
	}
	cells, ok := spCellPath(r.n, pts)
	return cells, ok && len(cells) >= 2
}

// circleAt returns an overlay or underlay circle centred in cell c, of a
// width between lo and hi, that filled says it is filled (not white):
// a bulb, or a line's end. taken lists circles already read that may be
// shared (a thermometer's bulb with two lines).
func (r *spReader) circleAt(c int, lo, hi float64, filled bool, taken map[*spElem]bool) *spElem {
	for _, e := range r.elems {
		if e.list != "overlays" && e.list != "underlays" || e.how != "" && !taken[e] || !e.flag("rounded") || e.text() != "" {
			continue
		}
		p, ok := e.center()
		w, h := e.size()
		if !ok || math.Abs(w-h) > 0.1 || w < lo || w > hi {
			continue
		}
		if at, ok := spCentred(r.n, p, 0.12); !ok || at != c {
			continue
		}
		if white := e.fill().family() == "white" || !e.fill().shows(); white == filled {
			continue
		}
		return e
	}
	return nil
}

// readThermometers reads lines from a filled round bulb.
func (r *spReader) readThermometers() {
	bulbs := map[*spElem]bool{}
	for _, e := range r.elemsOf("lines") {
		cells, ok := r.cellLine(e)
		if !ok {
			continue
		}
		first, last := r.circleAt(cells[0], 0.55, 1.0, true, bulbs), r.circleAt(cells[len(cells)-1], 0.55, 1.0, true, bulbs)
		bulb := first
		switch {
		case first != nil && last != nil:
			continue // bulbs at both ends: not a thermometer
		case last != nil:
			bulb = last
			slices.Reverse(cells)
		case first == nil:
			continue
		}
		if !bulb.fill().near(e.stroke()) {
			continue
		}
		topic := r.thermoTopic()
		if topic == "" {
			r.unreadElems([]*spElem{e, bulb}, "drawn as a thermometer, but the rules speak of none, or of both kinds")
			continue
		}
		if r.allowed(topic, e, bulb) && r.accept(topic, map[string]any{"lines": [][]string{fpNames(r.n, cells)}}, topic, e, bulb) {
			bulbs[bulb] = true
		}
	}
}

// thermoTopic returns the kind of thermometer the rules speak of:
// thermometer without rules, "" when they speak of none or of both.
func (r *spReader) thermoTopic() string {
	slow, fast := r.rules.speaks("slowthermometer"), r.rules.speaks("thermometer")
	switch {
	case !r.rules.given || fast && !slow:
		return "thermometer"
	case slow && !fast:
		return "slowthermometer"
	}
	return ""
}

// pillCells returns the cells a circle or a long circle (a pill, as
// SudokuPad draws the circle of an arrow over several cells) covers.
func (r *spReader) pillCells(e *spElem) []int {
	p, ok := e.center()
	w, h := e.size()
	if !ok || !e.flag("rounded") || math.Min(w, h) < 0.55 || math.Min(w, h) > 1.0 {
		return nil
	}
	k := 1 + int(math.Round(math.Abs(w-h)))
	var out []int
	for i := range k {
		q := p
		off := float64(i) - float64(k-1)/2
		if w > h {
			q.C += off
		} else {
			q.R += off
		}
		c, ok := spCentred(r.n, q, 0.12)
		if !ok {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// readArrows reads arrows from a circle (or pill).
func (r *spReader) readArrows() {
	circles := map[*spElem]bool{}
	for _, e := range r.elemsOf("arrows") {
		pts, ok := e.points()
		if !ok {
			continue
		}
		path, ok := spCellPath(r.n, pts)
		if !ok || len(path) < 2 {
			continue
		}
		circle, cells := r.arrowCircle(path[0], circles)
		if circle == nil || !r.allowed("arrow", e, circle) {
			continue
		}
		entry := map[string]any{"cells": fpNames(r.n, cells), "lines": [][]string{fpNames(r.n, path)}}
		if r.accept("arrow", entry, "arrow", e, circle) {
			circles[circle] = true
		}
	}
}

// arrowCircle returns the circle (or pill) over cell c, and its cells.
func (r *spReader) arrowCircle(c int, taken map[*spElem]bool) (*spElem, []int) {
	for _, e := range r.elems {
		if e.list != "overlays" && e.list != "underlays" || e.how != "" && !taken[e] || e.text() != "" {
			continue
		}
		if cells := r.pillCells(e); slices.Contains(cells, c) {
			return e, cells
		}
	}
	return nil, nil
}

// readBetweenLines reads lines with a hollow circle at each end.
func (r *spReader) readBetweenLines() {
	for _, e := range r.elemsOf("lines") {
		cells, ok := r.cellLine(e)
		if !ok {
			continue
		}
		a, b := r.circleAt(cells[0], 0.55, 1.0, false, nil), r.circleAt(cells[len(cells)-1], 0.55, 1.0, false, nil)
		if a == nil || b == nil || a == b || !r.allowed("betweenline", e, a, b) {
			continue
		}
		r.accept("betweenline", map[string]any{"lines": [][]string{fpNames(r.n, cells)}}, "betweenline", e, a, b)
	}
}

// readLittleKillers reads small diagonal arrows beside the grid, with
// the number in their place.
func (r *spReader) readLittleKillers() {
	for _, e := range r.elemsOf("arrows") {
		pts, ok := e.points()
		if !ok || len(pts) != 2 {
			continue
		}
		dr, dc := pts[1].R-pts[0].R, pts[1].C-pts[0].C
		row, col, out := spOutside(r.n, pts[0])
		if !out || math.Hypot(dr, dc) > 0.8 || math.Abs(math.Abs(dr)-math.Abs(dc)) > 0.05 || dr == 0 {
			continue
		}
		dir := map[bool]string{true: "D", false: "U"}[dr > 0] + map[bool]string{true: "R", false: "L"}[dc > 0]
		entry := map[string]any{"cell": fmt.Sprintf("R%dC%d", row+1, col+1), "direction": dir}
		es := []*spElem{e}
		if t := r.textAt(row, col); t != nil {
			entry["value"] = t.text()
			es = append(es, t)
		}
		if r.allowed("littlekillersum", es...) {
			r.accept("littlekillersum", entry, "littlekillersum", es...)
		}
	}
}

// textAt returns an unused text overlay of a whole number in the place
// (row, col) of the ring around the grid.
func (r *spReader) textAt(row, col int) *spElem {
	for _, e := range r.elemsOf("overlays", "underlays") {
		p, ok := e.center()
		if !ok {
			continue
		}
		if rr, cc, ok := spOutside(r.n, p); ok && rr == row && cc == col {
			if _, err := strconv.Atoi(e.text()); err == nil {
				return e
			}
		}
	}
	return nil
}

// spLineKinds are the kinds a plain line may be, as its rules say.
var spLineKinds = []string{"whispers", "renban", "palindrome", "regionsumline", "entropicline", "modularline", "zipperline", "nabner", "parityline", "sumline"}

// lineClauses returns the clauses that give a plain line of colour col a
// kind: those that name its colour word (the nearest to col of the
// words such clauses name), and those that name no colour.
func (r *spReader) lineClauses(col spColour) (named, plain []*spClause) {
	var lineClauses []*spClause
	var palette []string
	for _, c := range r.rules.clauses {
		if slices.ContainsFunc(spLineKinds, c.has) {
			lineClauses = append(lineClauses, c)
			palette = append(palette, c.colours...)
		}
	}
	word := col.nearest(palette)
	for _, c := range lineClauses {
		switch {
		case word != "" && c.names(word):
			named = append(named, c)
		case len(c.colours) == 0:
			plain = append(plain, c)
		}
	}
	return named, plain
}

// lineKind returns the kind of a plain line of colour col and the clause
// that says it, "" when the rules say none or several.
func (r *spReader) lineKind(col spColour) (string, *spClause) {
	named, plain := r.lineClauses(col)
	for _, cs := range [][]*spClause{named, plain} {
		var kinds []string
		for _, c := range cs {
			for _, k := range spLineKinds {
				if c.has(k) && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
		}
		switch len(kinds) {
		case 0:
			continue
		case 1:
			for _, c := range cs {
				if c.has(kinds[0]) {
					return kinds[0], c
				}
			}
		}
		return "", nil
	}
	return "", nil
}

// readPlainLines reads the lines left as the rules say lines of their
// colour are.
func (r *spReader) readPlainLines() {
	for _, e := range r.elemsOf("lines") {
		cells, ok := r.cellLine(e)
		if !ok {
			continue
		}
		if !r.rules.given {
			r.unreadElem(e, "what a plain line means is in the rules, and there are none")
			continue
		}
		kind, clause := r.lineKind(e.stroke())
		if kind == "" {
			r.unreadElem(e, fmt.Sprintf("the rules give %s lines no meaning read here, or several", e.stroke().word()))
			continue
		}
		if !r.allowed(kind, e) {
			continue
		}
		r.readLineAs(e, kind, clause, cells)
	}
}

// readLineAs reads a plain line as kind, as clause says it.
func (r *spReader) readLineAs(e *spElem, kind string, clause *spClause, cells []int) {
	if kind == "sumline" {
		r.readSumLine(e, clause, cells)
		return
	}
	if kind == "parityline" {
		e.how = kind
		r.rules.use(kind)
		r.later = append(r.later, spLater{elem: e, as: "a parity line", make: func(rules *Rules) (Constraint, error) {
			return MakeConstraint("parityline", rules, ConstraintArgs{Cells: cells})
		}})
		return
	}
	entry := map[string]any{"lines": [][]string{fpNames(r.n, cells)}}
	if kind == "whispers" {
		v := spAtLeast(clause.low)
		if v == 0 && spHasWord(clause.low, "dutch") {
			v = 4
		}
		if v != 0 {
			entry["value"] = strconv.Itoa(v)
		}
	}
	r.accept(kind, entry, kind, e)
}

// readDots reads small round dots on the edges of cells: white ones
// differences, black ones ratios, their number when they have one.
func (r *spReader) readDots() {
	for _, e := range r.elemsOf("overlays", "underlays") {
		p, ok := e.center()
		w, h := e.size()
		if !ok || !e.flag("rounded") || math.Max(w, h) > 0.5 || math.Min(w, h) < 0.1 {
			continue
		}
		a, b, ok := spEdge(r.n, p)
		if !ok {
			continue
		}
		kind := map[string]string{"white": "difference", "black": "ratio"}[e.fill().family()]
		if kind == "" {
			continue
		}
		entry := map[string]any{"cells": fpNames(r.n, []int{a, b})}
		if t := e.text(); t != "" {
			if _, err := strconv.Atoi(t); err != nil {
				continue
			}
			entry["value"] = t
		}
		if r.allowed(kind, e) {
			r.accept(kind, entry, kind, e)
		}
	}
}

// readXV reads an X or a V on an edge.
func (r *spReader) readXV() {
	for _, e := range r.elemsOf("overlays", "underlays") {
		t := strings.ToUpper(e.text())
		p, ok := e.center()
		if t != "X" && t != "V" || !ok {
			continue
		}
		a, b, ok := spEdge(r.n, p)
		if !ok || !r.allowed("xv", e) {
			continue
		}
		r.accept("xv", map[string]any{"cells": fpNames(r.n, []int{a, b}), "value": t}, "xv", e)
	}
}

// readParityCells reads grey circles (odd) and squares (even) in cells.
func (r *spReader) readParityCells() {
	for _, e := range r.elemsOf("overlays", "underlays") {
		p, ok := e.center()
		w, h := e.size()
		if !ok || e.text() != "" || math.Abs(w-h) > 0.05 || w < 0.5 || w > 0.9 || e.fill().family() != "grey" {
			continue
		}
		c, ok := spCentred(r.n, p, 0.1)
		if !ok {
			continue
		}
		key := "even"
		if e.flag("rounded") {
			key = "odd"
		}
		if r.allowed(key, e) {
			r.accept(key, map[string]any{"cell": fpName(r.n, c)}, key, e)
		}
	}
}

// readQuadruples reads circles on inner corners holding digits.
func (r *spReader) readQuadruples() {
	for _, e := range r.elemsOf("overlays", "underlays") {
		p, ok := e.center()
		digits := strings.FieldsFunc(e.text(), func(r rune) bool { return r == ' ' || r == '\n' || r == ',' })
		if !ok || !e.flag("rounded") || len(digits) == 0 {
			continue
		}
		cells, ok := spCorner(r.n, p)
		if !ok {
			continue
		}
		values := make([]any, len(digits))
		for i, d := range digits {
			values[i] = d
		}
		if r.allowed("quadruple", e) {
			r.accept("quadruple", map[string]any{"cells": fpNames(r.n, cells), "values": values}, "quadruple", e)
		}
	}
}

// spOutsideKinds are the kinds a number beside the grid may be.
var spOutsideKinds = []string{"sandwichsum", "xsum", "skyscraper", "numberedroom", "lunchbox"}

// readOutsideClues reads numbers beside a row or column as the one kind
// of such clue the rules speak of.
func (r *spReader) readOutsideClues() {
	var kinds []string
	for _, k := range spOutsideKinds {
		if r.rules.speaks(k) {
			kinds = append(kinds, k)
		}
	}
	for _, e := range r.elemsOf("overlays", "underlays") {
		p, ok := e.center()
		if _, err := strconv.Atoi(e.text()); err != nil || !ok {
			continue
		}
		row, col, ok := spOutside(r.n, p)
		across := p.C - math.Floor(p.C)
		if row >= 0 && row < r.n {
			across = p.R - math.Floor(p.R)
		}
		if !ok || (row < 0 || row >= r.n) == (col < 0 || col >= r.n) || math.Abs(across-0.5) > 0.2 {
			continue
		}
		if len(kinds) != 1 {
			r.unreadElem(e, "the rules speak of no kind of clue beside the grid, or of several")
			continue
		}
		switch {
		case !r.allowed(kinds[0], e):
		case kinds[0] == "numberedroom" || kinds[0] == "lunchbox": // no f-puzzles key
			r.readLaterOutside(e, kinds[0], row, col)
		default:
			r.accept(kinds[0], map[string]any{"cell": fmt.Sprintf("R%dC%d", row+1, col+1), "value": e.text()}, kinds[0], e)
		}
	}
}

// readShading keeps the shading of cells (boxes without text, a cell or
// more in size) as drawings that say nothing, when the rules speak of no
// shaded or cloned cells nor of extra regions.
func (r *spReader) readShading() {
	for _, topic := range []string{"shading", "clone", "extraregion", "minimum", "maximum"} {
		if r.rules.speaks(topic) {
			return
		}
	}
	for _, e := range r.elemsOf("overlays", "underlays") {
		_, ok := e.center()
		w, h := e.size()
		if !ok || e.flag("rounded") || e.text() != "" || w < 0.9 || h < 0.9 || !e.fill().shows() {
			continue
		}
		e.how = "drawing"
		r.drawings = append(r.drawings, e.drawing(r.n))
	}
}
