package constraint

import (
	"fmt"
	"math/bits"
	"slices"
	"sudoku"
)

// Counting circles: the digit in a circle is the number of circles of its
// set that hold that digit (a 3 in a circle means three circles of the
// set hold 3); each set is independent, so a set of K circles holds
// digits whose distinct values add up to K. Interactive Sudoku Solver
// calls it CountingCircles (`.CountingCircles~R1C1~R1C2~...`, one entry a
// set); SudokuPad draws plain circles, the setter's rules saying
// "counting circles". f-puzzles has no key for it (Read and Write nil).

// countingCircles is one set of counting circles.
type countingCircles struct {
	n     int
	cells []int    // in reading order
	peers []uint32 // bit j of peers[i]: circles i and j share a house (the first countingExactMax circles)
	row   []int    // each circle's row, column and region (a region of -1: none)
	col   []int
	reg   []int
	// regions lists the cells of each region; circle marks the cells
	// that are circles of the set.
	regions [][]int
	circle  []bool
}

// countingExactMax is the most circles of a set propagated exactly (by a
// search over their digits); larger sets get the filters only.
const countingExactMax = 32

// countingBudget bounds the search nodes of one propagation: past it the
// digits not yet looked at are kept (sound, only weaker).
const countingBudget = 1 << 13

// NewCountingCircles returns a set of counting circles over cells of the
// grid of r. Circles that share a house of r are known to hold different
// digits, which sharpens its propagation.
func NewCountingCircles(r *sudoku.Rules, cells []int) (sudoku.Constraint, error) {
	n := r.Size
	if err := checkCells(n, "countingcircles", cells, 1); err != nil {
		return nil, err
	}
	if most := n * (n + 1) / 2; len(cells) > most {
		return nil, &sudoku.ConstraintError{Size: n, Kind: "countingcircles", Index: -1, Cells: cells,
			Msg: fmt.Sprintf("%d circles cannot be counted by digits 1..%d (at most %d)", len(cells), n, most)}
	}
	h, err := rulesHouseMap(r)
	if err != nil {
		return nil, err
	}
	return newCountingCircles(n, cells, h), nil
}

// newCountingCircles returns the set over cells, with the houses of h.
func newCountingCircles(n int, cells []int, h *houseMap) *countingCircles {
	k := &countingCircles{n: n, cells: slices.Sorted(slices.Values(cells))}
	k.peers = h.differ(k.cells[:min(len(k.cells), countingExactMax)])
	k.regions, k.circle = h.regionCells(), make([]bool, n*n)
	for _, c := range k.cells {
		k.row, k.col, k.reg = append(k.row, c/n), append(k.col, c%n), append(k.reg, h.region[c])
		k.circle[c] = true
	}
	return k
}

func (k *countingCircles) Kind() string { return "countingcircles" }
func (k *countingCircles) Cells() []int { return k.cells }

func (k *countingCircles) String() string {
	return fmt.Sprintf("counting circles (%d) %s", len(k.cells), sudoku.CellList(k.n, k.cells, 4))
}

// Check finds, from the digits placed alone (houses aside), a digit in
// more circles than itself, or empty circles that cannot make up the
// counts: those the digits placed still need, and the rest as digits not
// placed, v circles for each v. Exact on a full grid and on a partial one.
func (k *countingCircles) Check(cells []uint8) error {
	var count [sudoku.MaxSize + 1]int
	var placed sudoku.Digits
	empty := 0
	for _, c := range k.cells {
		if v := int(cells[c]); v == 0 || v > k.n {
			empty++
		} else {
			count[v]++
			placed |= sudoku.DigitOf(v)
		}
	}
	need := 0
	for x := placed; x != 0; x &= x - 1 {
		v := x.Min()
		if count[v] > v {
			return k.fail(fmt.Sprintf("%d circles hold %s", count[v], sudoku.DigitString(v)))
		}
		need += v - count[v]
	}
	if need > empty {
		return k.fail(fmt.Sprintf("the digits placed need %d more circles, and %d are empty", need, empty))
	}
	if !distinctSumOf(sudoku.AllDigits(k.n)&^placed, empty-need) {
		return k.fail(fmt.Sprintf("the %d empty circles the digits placed leave cannot be counted by other digits", empty-need))
	}
	return nil
}

func (k *countingCircles) fail(msg string) error {
	return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.cells, Msg: msg}
}

// distinctSumOf reports whether some digits of m, each once, add up to t.
func distinctSumOf(m sudoku.Digits, t int) bool {
	if t < 0 {
		return false
	}
	var s circleSums
	s.add(0)
	for x := m; x != 0; x &= x - 1 {
		s.plus(x.Min())
	}
	return s.has(t)
}

// circleSums is a set of sums 0..383 (the most circles a set can have is
// 325, on a 25x25), bit s for the sum s.
type circleSums [6]uint64

func (s *circleSums) add(t int) { s[t>>6] |= 1 << (t & 63) }

func (s *circleSums) has(t int) bool { return t >= 0 && t < 64*len(s) && s[t>>6]>>(t&63)&1 != 0 }

// plus adds v (1..63) to a copy of every sum: s |= s << v.
func (s *circleSums) plus(v int) {
	for i := len(s) - 1; i >= 0; i-- {
		w := s[i] << v
		if i > 0 {
			w |= s[i-1] >> (64 - v)
		}
		s[i] |= w
	}
}

// Propagate narrows by filters (digits no circle count allows, digits
// that cannot fill as many circles as their value, digits a set of
// counts adding up to the circles leaves out, a required digit with just
// enough places or just enough houses), then, for sets of up to
// countingExactMax circles, by a search that keeps in each circle the
// digits some filling of the set uses, circles that share a house
// holding different digits (exact within countingBudget nodes).
func (k *countingCircles) Propagate(d *sudoku.Domains) bool {
	required, ok := k.filter(d)
	k.explain(d)
	ok = ok && k.oneEach(d, required) && k.search(d)
	k.explain(d)
	return ok
}

// explain words the removals pending, when asked.
func (k *countingCircles) explain(d *sudoku.Domains) {
	if d.Explain {
		d.Because(fmt.Sprintf("the digit in each of the counting circles %s is the number of the set's circles that hold it", sudoku.CellList(k.n, k.cells, 4)), k.cells...)
	}
}

// filter applies the filters by counts, and returns the digits every
// set of counts holds.
func (k *countingCircles) filter(d *sudoku.Domains) (sudoku.Digits, bool) {
	K := len(k.cells)
	var count [sudoku.MaxSize + 1]int
	var placed, open sudoku.Digits
	for _, c := range k.cells {
		if p := d.Placed[c]; p != 0 {
			count[p.Single()]++
			placed |= p
		}
		open |= d.Open[c]
	}
	allowed := (placed | open) & sudoku.AllDigits(min(k.n, K))
	for x := allowed; x != 0; x &= x - 1 {
		v := x.Min()
		if count[v] > v {
			return 0, false
		}
		if k.room(d, v) < v {
			allowed &^= sudoku.DigitOf(v)
		}
	}
	if placed&^allowed != 0 {
		return 0, false
	}
	allowed, required, ok := countSets(allowed, placed, K)
	if !ok {
		return 0, false
	}
	for _, c := range k.cells {
		if !d.Keep(c, allowed) {
			return 0, false
		}
	}
	return required, k.fillRequired(d, required, &count)
}

// oneEach: a digit v every set of counts holds is in v circles, no two
// in a house; when the circles that may hold it lie in just v rows (or
// columns, or regions), each of those rows holds v in one of its
// circles: a row with one such circle has v there, and the row's other
// cells lose v.
func (k *countingCircles) oneEach(d *sudoku.Domains, required sudoku.Digits) bool {
	for x := required; x != 0; x &= x - 1 {
		v := x.Min()
		for kind := range 3 {
			if !k.oneEachIn(d, v, kind) {
				return false
			}
		}
	}
	return true
}

// houseKinds name the kinds of house oneEach looks at.
var houseKinds = [3]string{"row", "column", "region"}

// oneEachIn applies oneEach to the houses of one kind (0 rows, 1
// columns, 2 regions; a circle in no region leaves regions out).
func (k *countingCircles) oneEachIn(d *sudoku.Domains, v, kind int) bool {
	house := [3][]int{k.row, k.col, k.reg}[kind]
	var seen, twice, fixed uint32
	var at [sudoku.MaxSize]int
	for i, c := range k.cells {
		h := house[i]
		if h < 0 {
			return true
		}
		if !d.Of(c).Has(v) {
			continue
		}
		if seen&(1<<h) != 0 {
			twice |= 1 << h
		}
		if d.Of(c) == sudoku.DigitOf(v) {
			fixed |= 1 << h
		}
		seen |= 1 << h
		at[h] = c
	}
	switch g := bits.OnesCount32(seen); {
	case g < v:
		return false
	case g > v:
		return true
	}
	for x := seen &^ fixed; x != 0; x &= x - 1 {
		h := bits.TrailingZeros32(x)
		if twice&(1<<h) == 0 && !d.Keep(at[h], sudoku.DigitOf(v)) || !k.outside(d, kind, h, v) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("%s is in %d of the counting circles %s, at most one in a %s, and those that may hold it lie in %d %ss, one each", sudoku.DigitString(v), v, sudoku.CellList(k.n, k.cells, 4), houseKinds[kind], v, houseKinds[kind]), k.cells...)
	}
	return true
}

// outside takes v from the cells of house h of a kind that are not
// circles (a circle of the house holds v).
func (k *countingCircles) outside(d *sudoku.Domains, kind, h, v int) bool {
	if kind == 2 {
		for _, c := range k.regions[h] {
			if !k.circle[c] && !d.Remove(c, sudoku.DigitOf(v)) {
				return false
			}
		}
		return true
	}
	for i := range k.n {
		c := h*k.n + i
		if kind == 1 {
			c = i*k.n + h
		}
		if !k.circle[c] && !d.Remove(c, sudoku.DigitOf(v)) {
			return false
		}
	}
	return true
}

// room bounds the circles that can hold v: the fewest rows, columns or
// regions the circles that may hold it lie in (a house holds v once).
func (k *countingCircles) room(d *sudoku.Domains, v int) int {
	var rows, cols uint32
	regs, alone := uint32(0), 0
	for i, c := range k.cells {
		if !d.Of(c).Has(v) {
			continue
		}
		rows |= 1 << k.row[i]
		cols |= 1 << k.col[i]
		if k.reg[i] >= 0 {
			regs |= 1 << k.reg[i]
		} else {
			alone++
		}
	}
	return min(bits.OnesCount32(rows), bits.OnesCount32(cols), bits.OnesCount32(regs)+alone)
}

// countSets returns the digits of allowed in some set of different
// digits adding up to K that holds every digit of placed, and those in
// every such set; ok is false when there is none.
func countSets(allowed, placed sudoku.Digits, K int) (in, required sudoku.Digits, ok bool) {
	t := K
	for x := placed; x != 0; x &= x - 1 {
		t -= x.Min()
	}
	free := allowed &^ placed
	if !distinctSumOf(free, t) {
		return 0, 0, false
	}
	in, required = placed, placed
	for x := free; x != 0; x &= x - 1 {
		v := x.Min()
		if distinctSumOf(free&^sudoku.DigitOf(v), t-v) {
			in |= sudoku.DigitOf(v)
		}
		if !distinctSumOf(free&^sudoku.DigitOf(v), t) {
			required |= sudoku.DigitOf(v)
		}
	}
	return in, required, true
}

// fillRequired places each digit v that every set of counts holds and
// that exactly v circles may hold, and takes a digit from the other
// circles once v circles hold it.
func (k *countingCircles) fillRequired(d *sudoku.Domains, required sudoku.Digits, count *[sudoku.MaxSize + 1]int) bool {
	for x := required; x != 0; x &= x - 1 {
		v := x.Min()
		may := 0
		for _, c := range k.cells {
			if d.Of(c).Has(v) {
				may++
			}
		}
		if may < v {
			return false
		}
		for _, c := range k.cells {
			switch {
			case d.Placed[c] != 0:
			case may == v && d.Open[c].Has(v):
				d.Keep(c, sudoku.DigitOf(v))
			case count[v] == v:
				if !d.Remove(c, sudoku.DigitOf(v)) {
					return false
				}
			}
		}
	}
	return true
}

// search runs the exact search on sets of up to countingExactMax circles.
func (k *countingCircles) search(d *sudoku.Domains) bool {
	if len(k.cells) > countingExactMax {
		return true
	}
	var s circleSearch
	s.k, s.nodes = k, countingBudget
	for i, c := range k.cells {
		s.cand[i] = d.Of(c)
	}
	if !s.supports() {
		return false
	}
	for i, c := range k.cells {
		if !d.Keep(c, s.keep[i]) {
			return false
		}
	}
	return true
}

// circleSearch is the scratch of the exact search: each circle's
// candidates, the digits kept, and a filling (val) with its counts.
type circleSearch struct {
	k           *countingCircles
	cand, keep  [countingExactMax]sudoku.Digits
	val         [countingExactMax]int
	count       [sudoku.MaxSize + 1]int
	used        sudoku.Digits // the digits the circles filled so far hold
	need        int           // the circles those digits still need
	may         [sudoku.MaxSize + 1]uint32
	fixed, fixV int
	nodes       int
}

// supports fills keep: each digit not yet seen in a filling is looked for
// in one with that digit fixed; when the nodes run out the rest are kept.
func (s *circleSearch) supports() bool {
	K := len(s.k.cells)
	for i := range K {
		for x := s.cand[i]; x != 0; x &= x - 1 {
			v := x.Min()
			if s.keep[i].Has(v) {
				continue
			}
			if s.nodes <= 0 {
				s.keep[i] |= s.cand[i]
				break
			}
			s.start(i, v)
			switch s.dfs(0) {
			case 1:
				for j := range K {
					s.keep[j] |= sudoku.DigitOf(s.val[j])
				}
			case -1:
				s.keep[i] |= sudoku.DigitOf(v)
			}
		}
		if s.keep[i] == 0 {
			return false
		}
	}
	return true
}

// start sets a search with circle i holding v: which circles may hold
// each digit, counts cleared.
func (s *circleSearch) start(i, v int) {
	s.fixed, s.fixV, s.used, s.need = i, v, 0, 0
	clear(s.may[:])
	clear(s.count[:])
	for j := range s.k.cells {
		for x := s.options(j); x != 0; x &= x - 1 {
			s.may[x.Min()] |= 1 << j
		}
	}
}

// options returns the digits circle j may take in the current search.
func (s *circleSearch) options(j int) sudoku.Digits {
	if j == s.fixed {
		return sudoku.DigitOf(s.fixV)
	}
	return s.cand[j]
}

// dfs fills circles j on: 1 when a filling is found (in val), 0 when
// there is none, -1 when the nodes ran out.
func (s *circleSearch) dfs(j int) int8 {
	K := len(s.k.cells)
	if j == K {
		if s.need == 0 {
			return 1
		}
		return 0
	}
	m := s.options(j)
	for b := s.k.peers[j] & (1<<uint(j) - 1); b != 0; b &= b - 1 {
		m &^= sudoku.DigitOf(s.val[bits.TrailingZeros32(b)])
	}
	for ; m != 0; m &= m - 1 {
		v := m.Min()
		if !s.place(j, v) {
			continue
		}
		if s.nodes--; s.nodes < 0 {
			return -1
		}
		if s.room(j + 1) {
			if r := s.dfs(j + 1); r != 0 {
				s.unplace(v)
				return r
			}
		}
		s.unplace(v)
	}
	return 0
}

// place puts v in circle j when its count allows.
func (s *circleSearch) place(j, v int) bool {
	if s.count[v] == v {
		return false
	}
	if s.count[v] == 0 {
		s.used |= sudoku.DigitOf(v)
		s.need += v
	}
	s.count[v]++
	s.need--
	s.val[j] = v
	return true
}

func (s *circleSearch) unplace(v int) {
	s.count[v]--
	s.need++
	if s.count[v] == 0 {
		s.used &^= sudoku.DigitOf(v)
		s.need -= v
	}
}

// room reports whether circles j on can make up what the digits used
// still need: as many circles in all, and for each digit enough circles
// that may hold it.
func (s *circleSearch) room(j int) bool {
	left := len(s.k.cells) - j
	if s.need > left {
		return false
	}
	rest := ^uint32(0) << uint(j)
	for x := s.used; x != 0; x &= x - 1 {
		v := x.Min()
		if bits.OnesCount32(s.may[v]&rest) < v-s.count[v] {
			return false
		}
	}
	return true
}

// Rows (exact, with a binary per digit): the circles holding v number v
// or none: the sum of x(c, v) over the circles is v times b(v); a digit
// above the number of circles is in none.
func (k *countingCircles) Rows(m sudoku.Model) {
	K := len(k.cells)
	for v := 1; v <= k.n; v++ {
		terms := make([]sudoku.Term, 0, K+1)
		for _, c := range k.cells {
			terms = append(terms, sudoku.Term{Coef: 1, Var: m.Cell(c, v)})
		}
		if v <= K {
			terms = append(terms, sudoku.Term{Coef: -v, Var: m.Binary(fmt.Sprintf("%s holds %d", k, v))})
		}
		m.Row("countingcircles", terms, sudoku.Equal, 0)
	}
}

// circleColours tell sets of counting circles apart, as Interactive
// Sudoku Solver colours each set.
var circleColours = []string{"#3070d0", "#d04040", "#30a040", "#c08020", "#9040c0", "#20a0a0"}

// Shapes: an outlined circle in each cell, the set's colour picked by its
// first cell.
func (k *countingCircles) Shapes() []sudoku.Shape {
	colour := circleColours[k.cells[0]%len(circleColours)]
	out := make([]sudoku.Shape, len(k.cells))
	for i, c := range k.cells {
		out[i] = sudoku.Shape{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{sudoku.CellCentre(k.n, c)}, Size: 0.42, Stroke: colour}
	}
	return out
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "countingcircles", Title: "Counting circles",
		Rule: "The digit in a counting circle is the number of circles of its set that hold that digit; each set counts on its own.",
		Make: func(r *sudoku.Rules, a sudoku.ConstraintArgs) (sudoku.Constraint, error) {
			return NewCountingCircles(r, a.Cells)
		},
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"CountingCircles": issReadCountingCircles}, Write: issWriteCountingCircles},
	})
}

// Its ISS form.

func issWriteCountingCircles(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.AddCells("CountingCircles", c.(*countingCircles).cells)
	return nil
}

// issReadCountingCircles reads one set of counting circles.
func issReadCountingCircles(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	cells, err := r.Cells(e, e.Args(), 1)
	if err != nil {
		return nil, err
	}
	return issMade(e)(NewCountingCircles(r.Rules(), cells))
}
