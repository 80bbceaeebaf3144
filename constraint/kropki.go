package constraint

import (
	"fmt"
	"slices"
	"strconv"
	"sudoku"
)

// Dots between two cells: kropki's white dots (f-puzzles "difference":
// the digits differ by the value, 1 unless given) and black dots
// ("ratio": one is the value times the other, 2 unless given), XV ("xv":
// the digits add up to 10 for an X, 5 for a V), and the negative rules
// that say every such clue is given ("negative": ["ratio"], "nonconsecutive").

// dotKind is one kind of dot: how it relates two digits, how it is
// drawn and said.
type dotKind struct {
	name   string
	def    int // the value when none is given
	holds  func(v, a, b int) bool
	rule   string
	reason func(v int) string
	neg    func(v int) string // the negative rule for pairs without a dot of value v
}

var (
	differenceDots = &dotKind{name: "difference", def: 1,
		holds:  func(v, a, b int) bool { return abs(a-b) == v },
		rule:   "Digits joined by a white dot differ by the number in it (1, consecutive, when it is empty).",
		reason: func(v int) string { return differenceReason(v) },
		neg: func(v int) string {
			if v == 1 {
				return "so they are not consecutive"
			}
			return fmt.Sprintf("so they are not %d apart", v)
		},
	}
	ratioDots = &dotKind{name: "ratio", def: 2,
		holds:  func(v, a, b int) bool { return a == v*b || b == v*a },
		rule:   "Of two digits joined by a black dot, one is the number in it (2 when it is empty) times the other.",
		reason: func(v int) string { return fmt.Sprintf("a black dot joins two digits in a ratio of %d", v) },
		neg:    func(v int) string { return fmt.Sprintf("so neither is %d times the other", v) },
	}
	xvDots = &dotKind{name: "xv", def: 10,
		holds:  func(v, a, b int) bool { return a+b == v },
		rule:   "Digits joined by an X add up to 10, by a V to 5.",
		reason: func(v int) string { return fmt.Sprintf("an %s joins two digits that add up to %d", xvLetter(v), v) },
		neg:    func(v int) string { return fmt.Sprintf("so they do not add up to %d", v) },
	}
)

func differenceReason(v int) string {
	if v == 1 {
		return "a white dot joins consecutive digits"
	}
	return fmt.Sprintf("a white dot joins two digits %d apart", v)
}

// xvLetter is "X" for 10, "V" for 5, else the sum.
func xvLetter(v int) string {
	switch v {
	case 10:
		return "X"
	case 5:
		return "V"
	}
	return strconv.Itoa(v)
}

// dot is one dot between two side-by-side cells.
type dot struct {
	k     *dotKind
	n     int
	a, b  int
	value int
	tab   *pairTable
}

func newDot(k *dotKind, n, a, b, value int) *dot {
	return &dot{k: k, n: n, a: a, b: b, value: value, tab: newPairTable(n, func(x, y int) bool { return k.holds(value, x, y) })}
}

func (c *dot) Kind() string { return c.k.name }
func (c *dot) Cells() []int { return []int{c.a, c.b} }
func (c *dot) String() string {
	return fmt.Sprintf("%s %s between %s and %s", c.k.name, c.label(), sudoku.CellName(c.n, c.a), sudoku.CellName(c.n, c.b))
}

// label is what the dot shows: its value, or X or V.
func (c *dot) label() string {
	if c.k == xvDots {
		return xvLetter(c.value)
	}
	return strconv.Itoa(c.value)
}

func (c *dot) Check(cells []uint8) error {
	if x, y := int(cells[c.a]), int(cells[c.b]); !c.tab.holds(x, y) {
		return &sudoku.ConstraintError{Size: c.n, Kind: c.k.name, Index: -1, Cells: []int{c.a, c.b}, Msg: fmt.Sprintf("%s and %s: %s", sudoku.DigitString(x), sudoku.DigitString(y), c.k.reason(c.value))}
	}
	return nil
}

func (c *dot) Propagate(d *sudoku.Domains) bool {
	if !c.tab.propagate(d, c.a, c.b) {
		return false
	}
	if d.Explain {
		d.Because(c.k.reason(c.value), c.a, c.b)
	}
	return true
}

func (c *dot) Rows(m sudoku.Model) { c.tab.rows(m, c.k.name, c.a, c.b) }

func (c *dot) Shapes() []sudoku.Shape {
	at := between(c.n, c.a, c.b)
	switch c.k {
	case xvDots:
		return []sudoku.Shape{{Kind: sudoku.ShapeText, Points: []sudoku.Point{at}, Size: 0.32, Fill: "#000000", Text: xvLetter(c.value), Stroke: "#ffffff"}}
	case ratioDots:
		s := []sudoku.Shape{{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{at}, Size: 0.12, Fill: "#000000", Stroke: "#000000"}}
		if c.value != c.k.def {
			s = append(s, sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{at}, Size: 0.16, Fill: "#ffffff", Text: c.label()})
		}
		return s
	}
	s := []sudoku.Shape{{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{at}, Size: 0.12, Fill: "#ffffff", Stroke: "#000000"}}
	if c.value != c.k.def {
		s = append(s, sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{at}, Size: 0.16, Fill: "#000000", Text: c.label()})
	}
	return s
}

// negativeDots is the rule that every dot of a kind is given: no two
// side-by-side cells without one keep its relation.
type negativeDots struct {
	*pairsConstraint
	k     *dotKind
	value int
}

func (c *negativeDots) Propagate(d *sudoku.Domains) bool {
	for _, pr := range c.pairs {
		if !c.tab.propagate(d, pr.A, pr.B) {
			return false
		}
		if d.Explain {
			d.Because(c.reason(pr), pr.A, pr.B)
		}
	}
	return true
}

// Rule says the negative rule: "Every black dot is given: ...".
func (c *negativeDots) Rule() string {
	switch {
	case c.label == nonconsecutiveLabel:
		return "No two side-by-side digits are consecutive, unless a white dot joins them."
	case c.k == xvDots:
		return fmt.Sprintf("Every X and V is given: side-by-side digits without one do not add up to %d.", c.value)
	case c.k == ratioDots:
		return fmt.Sprintf("Every black dot is given: of side-by-side digits without one, neither is %d times the other.", c.value)
	}
	return fmt.Sprintf("Every white dot is given: side-by-side digits without one do not differ by %d.", c.value)
}

// Title names the rule for players: "Nonconsecutive", "Negative XV",
// "Negative black dot", "Negative white dot".
func (c *negativeDots) Title() string {
	switch {
	case c.label == nonconsecutiveLabel:
		return "Nonconsecutive"
	case c.k == xvDots:
		return "Negative XV"
	case c.k == ratioDots:
		return "Negative black dot"
	}
	return "Negative white dot"
}

// reason words the rule for a pair: "r1c1 and r1c2 have no white dot
// between them, and every one is given, so they are not consecutive".
func (c *negativeDots) reason(pr sudoku.Pair) string {
	a, b := sudoku.CellName(c.n, pr.A), sudoku.CellName(c.n, pr.B)
	switch {
	case c.label == nonconsecutiveLabel:
		return fmt.Sprintf("%s and %s are side by side, and no two such digits are consecutive here", a, b)
	case c.k == xvDots:
		return fmt.Sprintf("no X or V joins %s and %s, and every one is given, %s", a, b, c.k.neg(c.value))
	case c.k == ratioDots:
		return fmt.Sprintf("no black dot joins %s and %s, and every one is given, %s", a, b, c.k.neg(c.value))
	}
	return fmt.Sprintf("no white dot joins %s and %s, and every one is given, %s", a, b, c.k.neg(c.value))
}

// readDots reads the dots of kind k from key and, when the puzzle says
// every one is given (negative), the rule for the pairs without one:
// pairs with a dot of any kind are left out (the kinds of dot read here
// are those of the list others).
func readDots(f *sudoku.FPuzzle, k *dotKind, negative bool, others ...string) ([]sudoku.Constraint, error) {
	var entries []sudoku.FPCells
	if err := f.Decode(k.name, &entries); err != nil {
		return nil, err
	}
	var out []sudoku.Constraint
	values := map[int]bool{}
	for i, e := range entries {
		cells, err := f.Cells(k.name, i, e.Cells, 2)
		if err != nil {
			return nil, err
		}
		if len(cells) != 2 || !adjacent(f.Size, cells[0], cells[1]) {
			return nil, f.Errorf(k.name, i, "a dot joins two side-by-side cells, not %s", sudoku.CellList(f.Size, cells, 4))
		}
		v, err := dotValue(f, k, i, e.Value)
		if err != nil {
			return nil, err
		}
		values[v] = true
		out = append(out, newDot(k, f.Size, cells[0], cells[1], v))
	}
	if negative {
		if len(values) == 0 {
			values[k.def] = true
		}
		pairs, err := undotted(f, append([]string{k.name}, others...))
		if err != nil {
			return nil, err
		}
		for v := range values {
			out = append(out, newNegativeDots(k, f.Size, v, pairs))
		}
	}
	return out, nil
}

func newNegativeDots(k *dotKind, n, v int, pairs []sudoku.Pair) *negativeDots {
	label := fmt.Sprintf("negative %s %d", k.name, v)
	if k == xvDots {
		label = fmt.Sprintf("no %s where none is drawn", xvLetter(v))
	}
	return &negativeDots{pairsConstraint: newPairs(k.name, label, n, pairs, func(a, b int) bool { return !k.holds(v, a, b) }), k: k, value: v}
}

// dotValue reads the value of a dot: a number, X or V.
func dotValue(f *sudoku.FPuzzle, k *dotKind, i int, raw []byte) (int, error) {
	if k == xvDots {
		switch s := string(raw); s {
		case `"X"`, `"x"`:
			return 10, nil
		case `"V"`, `"v"`:
			return 5, nil
		}
		return 0, f.Errorf(k.name, i, "value %s is not X or V", string(raw))
	}
	v, err := f.Number(k.name, i, raw, k.def)
	hi := f.Size - 1 // the largest difference
	if k == ratioDots {
		hi = f.Size // 1 and N
	}
	if err == nil && (v < 1 || v > hi) {
		err = f.Errorf(k.name, i, "value %d out of range 1..%d", v, hi)
	}
	return v, err
}

// undotted returns the side-by-side pairs that no dot of the kinds keys
// joins.
func undotted(f *sudoku.FPuzzle, keys []string) ([]sudoku.Pair, error) {
	has := map[sudoku.Pair]bool{}
	for _, key := range keys {
		var entries []sudoku.FPCells
		if err := f.Decode(key, &entries); err != nil {
			return nil, err
		}
		for i, e := range entries {
			cells, err := f.Cells(key, i, e.Cells, 2)
			if err != nil {
				return nil, err
			}
			a, b := min(cells[0], cells[1]), max(cells[0], cells[1])
			has[sudoku.Pair{A: a, B: b}] = true
		}
	}
	var out []sudoku.Pair
	for _, p := range orthogonalPairs(f.Size) {
		if !has[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// writeDots writes the dots of cs under their kind's key, and the
// negative rule when cs hold one.
func writeDots(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	var entries []map[string]any
	name := ""
	for _, c := range cs {
		switch k := c.(type) {
		case *dot:
			name = k.k.name
			e := map[string]any{"cells": f.Names([]int{k.a, k.b})}
			if k.k == xvDots {
				e["value"] = xvLetter(k.value)
			} else if k.value != k.k.def {
				e["value"] = strconv.Itoa(k.value)
			}
			entries = append(entries, e)
		case *negativeDots:
			if k.k == differenceDots && k.value == 1 && k.label == nonconsecutiveLabel {
				if err := f.Set("nonconsecutive", true); err != nil {
					return err
				}
				continue
			}
			if err := f.SetNegative(k.k.name); err != nil {
				return err
			}
		default:
			return fmt.Errorf("not a dot: %v", c)
		}
	}
	if len(entries) == 0 {
		return nil
	}
	return f.Set(name, entries)
}

// nonconsecutiveLabel names the nonconsecutive rule.
const nonconsecutiveLabel = "nonconsecutive"

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "difference", Title: "Kropki white dot", Keys: []string{"negative:difference", "nonconsecutive"},
		Rule: differenceDots.rule,
		Read: func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
			cs, err := readDots(f, differenceDots, f.Negative("difference"), "ratio")
			if err != nil || !f.Has("nonconsecutive") || f.Negative("difference") {
				return cs, err
			}
			pairs, err := undotted(f, []string{"difference", "ratio"})
			if err != nil {
				return nil, err
			}
			nc := newNegativeDots(differenceDots, f.Size, 1, pairs)
			nc.label = nonconsecutiveLabel
			return append(cs, nc), nil
		},
		Write: writeDots,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"WhiteDot": issReadDot("difference", "", "kropki"), "StrictKropki": issReadStrict, "AntiConsecutive": issReadStrict}, Write: issWriteDot,
			Pairs: []sudoku.ISSRelation{
				{Name: "white dots", Rank: 5, Lo: one, Hi: func(n int) int { return n - 1 }, Holds: differenceDots.holds, Make: issDots(differenceDots, false)},
				{Name: "no white dot", Rank: 8, Lo: one, Hi: func(n int) int { return n - 1 }, Holds: negate(differenceDots.holds), Make: issDots(differenceDots, true)},
			}},
	})
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "ratio", Title: "Kropki black dot", Keys: []string{"negative:ratio"}, Rule: ratioDots.rule,
		Read: func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
			return readDots(f, ratioDots, f.Negative("ratio"), "difference")
		},
		Write: writeDots,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"BlackDot": issReadDot("ratio", "", "kropki")}, Write: issWriteDot,
			Pairs: []sudoku.ISSRelation{
				{Name: "black dots", Rank: 6, Lo: two, Hi: func(n int) int { return n - 1 }, Holds: ratioDots.holds, Make: issDots(ratioDots, false)},
				{Name: "no black dot", Rank: 9, Lo: two, Hi: func(n int) int { return n - 1 }, Holds: negate(ratioDots.holds), Make: issDots(ratioDots, true)},
			}},
	})
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "xv", Title: "XV", Keys: []string{"negative:xv"}, Rule: xvDots.rule,
		Read: func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
			cs, err := readDots(f, xvDots, false)
			if err != nil || !f.Negative("xv") {
				return cs, err
			}
			pairs, err := undotted(f, []string{"xv"})
			if err != nil {
				return nil, err
			}
			return append(cs, newNegativeDots(xvDots, f.Size, 10, pairs), newNegativeDots(xvDots, f.Size, 5, pairs)), nil
		},
		Write: writeDots,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"X": issReadDot("xv", "X", "xv"), "V": issReadDot("xv", "V", "xv"), "StrictXV": issReadStrict}, Write: issWriteDot,
			Pairs: []sudoku.ISSRelation{
				{Name: "XV sums", Rank: 7, Lo: two, Hi: func(n int) int { return 2*n + 1 }, Holds: xvDots.holds, Make: issDots(xvDots, false)},
				{Name: "no XV sum", Rank: 10, Lo: two, Hi: func(n int) int { return 2*n + 1 }, Holds: negate(xvDots.holds), Make: issDots(xvDots, true)},
			}},
	})
}

// Its ISS form.

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

// issHasDots reports whether the rules hold white or black dots.
func issHasDots(r *sudoku.ISSReader) bool {
	return slices.ContainsFunc(r.Rules().Constraints, func(c sudoku.Constraint) bool {
		return c.Kind() == "difference" || c.Kind() == "ratio"
	})
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
