package sudoku

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
)

// The kinds f-puzzles has no key for, read from a SudokuPad puzzle's
// drawing by what its rules say (SudokuPad has no kind of its own for
// any of them: setters draw a line, a cage, a circle or a number and
// name the rule in words):
//
//	plain line            sum line ("10 lines", "segments sum to 10"),
//	                      a closed line a loop
//	cage with a number    rellik cage ("rellik", "anti-killer")
//	circle in a cell      counting circles, one set a colour
//	number beside a row   numbered room, or that row's lunchbox
//
// They are made once the rest is read (spLater), on the rules read.

// spSumLine reports whether a clause speaks of sum lines: lines cut into
// segments of one sum (not the region-sum lines whose box borders cut
// them).
func spSumLine(s string) bool {
	if spHasWord(s, "region sum*", "region-sum*", "box border*", "region border*", "box boundar*", "same sum", "same total", "equal sum*", "sum to the same", "add up to the same") {
		return false
	}
	if spHasWord(s, "10 line*", "ten line*", "10-line*", "sum line*", "segment sum line*", "segment-sum line*") {
		return true
	}
	return spHasWord(s, "line*") && spHasWord(s, "segment*") && spHasWord(s, "sum*", "add up", "adds up", "total*")
}

// spSumRe finds the sum of a sum line's clause: "sum to 10", "add up to
// 12", "a total of 15", or the number of "10 lines".
var spSumRe = regexp.MustCompile(`(?:sums?|add(?:s)? up|totals?|total of) (?:to |of )?(\d+)|(\d+)[ -]lines?\b`)

// spSumValue returns the sum a clause gives sum lines: 10 for "ten
// lines", 0 when it gives none.
func spSumValue(low string) int {
	if m := spSumRe.FindStringSubmatch(low); m != nil {
		v, _ := strconv.Atoi(m[1] + m[2])
		return v
	}
	if spHasWord(low, "ten line*") {
		return 10
	}
	return 0
}

// readSumLine reads a plain line as a sum line of the clause's sum; a
// line that ends where it starts is a loop.
func (r *spReader) readSumLine(e *spElem, clause *spClause, cells []int) {
	v := spSumValue(clause.low)
	if v == 0 {
		r.unreadElem(e, "the rules give sum lines no sum read here")
		return
	}
	loop := len(cells) > 3 && cells[0] == cells[len(cells)-1]
	if loop {
		cells = cells[:len(cells)-1]
	}
	e.how = "sumline"
	r.rules.use("sumline")
	r.later = append(r.later, spLater{elem: e, as: "a sum line", make: func(rules *Rules) (Constraint, error) {
		return MakeConstraint("sumline", rules, ConstraintArgs{Cells: cells, Value: v, Loop: loop})
	}})
}

// readRellik reads a cage as a rellik cage, when the rules speak of no
// killer cage apart from rellik cages.
func (r *spReader) readRellik(e *spElem, cells []int) {
	for _, c := range r.rules.about("killer") { // a clause of cages that sum, and not of rellik cages
		if !c.has("rellik") && spHasWord(c.low, "sum*", "add*", "total*") {
			r.unreadElem(e, "the rules speak of killer cages and of rellik cages, and which cage is which is not read")
			return
		}
	}
	value, sum, ok := spCageSum(e)
	if !ok || sum == 0 {
		r.unreadElem(e, fmt.Sprintf("a rellik cage needs a number, not %q", spClip(value, 16)))
		return
	}
	if r.rules.contrary("rellik") != nil {
		r.unreadElem(e, "drawn as rellik cage, but the rules say more of it than is read here")
		return
	}
	e.how = "rellik"
	r.rules.use("rellik")
	r.rules.use("killer")
	r.later = append(r.later, spLater{elem: e, as: "a rellik cage", make: func(rules *Rules) (Constraint, error) {
		return MakeConstraint("rellik", rules, ConstraintArgs{Cells: cells, Value: sum})
	}})
}

// readCountingCircles reads the circles in cells as counting circles,
// when the rules speak of them: one set of each colour.
func (r *spReader) readCountingCircles() {
	if !r.rules.speaks("countingcircles") {
		return
	}
	sets := map[string][]int{}
	first := map[string]*spElem{}
	var order []string
	for _, e := range r.elemsOf("overlays", "underlays") {
		p, ok := e.center()
		w, h := e.size()
		if !ok || !e.flag("rounded") || e.text() != "" || math.Abs(w-h) > 0.1 || w < 0.4 || w > 1.0 {
			continue
		}
		c, ok := spCentred(r.n, p, 0.12)
		if !ok {
			continue
		}
		if r.rules.speaks("odd") {
			r.unreadElem(e, "the rules speak of counting circles and of odd circles, and which circle is which is not read")
			continue
		}
		key := e.fill().family() + "/" + e.colour("borderColor").family()
		if _, ok := sets[key]; !ok {
			order = append(order, key)
			first[key] = e
		}
		sets[key] = append(sets[key], c)
		e.how = "countingcircles"
	}
	for _, key := range order {
		cells := slices.Clone(sets[key])
		slices.Sort(cells)
		r.rules.use("countingcircles")
		r.later = append(r.later, spLater{elem: first[key], as: "counting circles", make: func(rules *Rules) (Constraint, error) {
			return MakeConstraint("countingcircles", rules, ConstraintArgs{Cells: cells})
		}})
	}
}

// readLaterOutside reads a number beside the grid as kind, a clue beside
// the grid f-puzzles has no key for ("numberedroom", "lunchbox"), made
// from its place and number.
func (r *spReader) readLaterOutside(e *spElem, kind string, row, col int) {
	v, err := strconv.Atoi(e.text())
	if err != nil {
		r.unreadElem(e, fmt.Sprintf("%q is not a number", spClip(e.text(), 12)))
		return
	}
	e.how = kind
	r.rules.use(kind)
	r.later = append(r.later, spLater{elem: e, as: "a " + spTopicWords(kind), make: func(rules *Rules) (Constraint, error) {
		return MakeConstraint(kind, rules, ConstraintArgs{Row: row, Col: col, Value: v})
	}})
}
