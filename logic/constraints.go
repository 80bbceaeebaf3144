package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"sudoku"
	"sudoku/constraint"
)

// Constraints on the classic engine: 9x9 boards whose rules hold
// constraints (thermometers, dots, arrows, lines, overlapping cages, ...:
// anything registered in package sudoku) are solved by the technique
// table like every other 9x9 board. The engine knows no kind: it reads
// each constraint through sudoku.Constraint.
//
//   - Peers: a constraint's Distinct groups (a thermometer's cells, a
//     renban line's) make their cells peers (geometry.moves), so every
//     technique that asks what a cell sees knows them, as it knows cage
//     mates and a knight's moves.
//   - The Constraint stage (2.0-2.5): each constraint narrows its cells
//     by its own propagation, asked for its words (sudoku.Domains with
//     Explain set); its first deduction is a step named after it
//     (sudoku.ConstraintTitle: "Thermometer"), its text the constraint's,
//     its cells the ones the deduction is about. It comes after the cage
//     combinations, before the naked single, as SudokuVariantSolverJS
//     tries its constraint logic right after the singles. A deduction
//     about two cells (a dot, a step along a line) is rated 2.0, as cage
//     combinations are; each further cell adds 0.1, up to 2.5 (Sukaku
//     Explainer's direct hidden triple), below pointing (2.6).
//   - Chains: the forcing chains with several branches (multiple,
//     dynamic and nested ones, not the cycles, X-chains and Nishio, which
//     follow one digit's links) propagate every constraint and every
//     killer cage's sum as they go (chainer.constraintOffs): "if r4c5 is
//     7, the arrow cannot add up" is a branch of a forcing chain, an
//     elimination of the rule that each off potential it relies on is a
//     parent of.
//   - Uniqueness techniques do not run: swapping two digits keeps a
//     constraint only by chance (Contradiction and the hint path check
//     every constraint).

// ruleGeo is what a geometry knows of a board's constraints.
type ruleGeo struct {
	// cons are the constraints the Constraint stage reads (not the
	// cosmetic ones), in the rules' order.
	cons []sudoku.Constraint
	// props are cons and then each killer cage with a sum as a
	// constraint: what chains propagate. ofCell[c] lists the indexes
	// into props of those reading cell c.
	props  []sudoku.Constraint
	ofCell [81][]int32
	// fruitless holds, per constraint of cons, the state of its cells
	// when its propagation last found nothing: the same state finds
	// nothing again.
	fruitless [][]uint16
	// memo holds the chains' propagations met (propagateMemo).
	memo map[string]propResult
	// dom is the Constraint stage's and Contradiction's scratch.
	dom *sudoku.Domains
}

// withRules returns g with the constraints of rules r (compiled as l)
// added, g itself when r has none and no cage has a sum. g must be a
// board's own geometry (withCages') or shared: a copy is made.
func withRules(g *geometry, r *sudoku.Rules, l *sudoku.Layout) (*geometry, error) {
	rg := &ruleGeo{}
	for _, c := range r.Constraints {
		if !sudoku.IsCosmetic(c) {
			rg.cons = append(rg.cons, c)
		}
	}
	rg.props = append(rg.props, rg.cons...)
	for _, k := range r.Cages {
		if k.Sum == 0 {
			continue
		}
		c, err := constraint.NewCage(r, k.Cells, k.Sum, false)
		if err != nil {
			return nil, err
		}
		rg.props = append(rg.props, c)
	}
	if len(rg.props) == 0 {
		return g, nil
	}
	for i, c := range rg.props {
		for _, x := range c.Cells() {
			if x >= 0 && x < 81 && !slices.Contains(rg.ofCell[x], int32(i)) {
				rg.ofCell[x] = append(rg.ofCell[x], int32(i))
			}
		}
	}
	out := new(geometry)
	*out = *g
	out.rules = rg
	if len(rg.cons) > 0 {
		out.variant = true
		out.addPeers(l)
	}
	return out, nil
}

// addPeers makes the cells l holds as peers (a constraint's Distinct
// groups) that g does not yet peers of each other: moves, after the
// knight's and king's moves and cage mates.
func (g *geometry) addPeers(l *sudoku.Layout) {
	for c := range sudoku.Cell(81) {
		var more []sudoku.Cell
		for _, p := range l.Peers[c] {
			if !g.peers[c].Has(sudoku.Cell(p)) {
				more = append(more, sudoku.Cell(p))
			}
		}
		if len(more) == 0 {
			continue
		}
		g.moves[c] = append(append([]sudoku.Cell(nil), g.moves[c]...), more...)
		for _, p := range more {
			g.movePeers[c] = g.movePeers[c].Add(p)
		}
		g.peers[c] = g.peers[c].Or(g.movePeers[c]).Remove(c)
		g.chHouses[c], g.chPeers[c], g.visOrder[c] = nil, nil, nil
		g.chainOrder(c)
		g.visibleOrder(c)
	}
}

// hasConstraints reports whether b's rules hold constraints.
func (g *geometry) hasConstraints() bool { return g.rules != nil && len(g.rules.cons) > 0 }

func init() { register("Constraint", constraintStage) }

// constraintStage finds the lowest rated deduction of the constraints.
func constraintStage(b *Board) (Step, bool) {
	if !b.geo.hasConstraints() {
		return Step{}, false
	}
	rg := b.geo.rules
	if rg.fruitless == nil {
		rg.fruitless = make([][]uint16, len(rg.cons))
	}
	d := domainsOf(b, true)
	return lowestStep(len(rg.cons), func(i int) (Step, bool) {
		c := rg.cons[i]
		cells := c.Cells()
		if rg.same(i, b, cells) {
			return Step{}, false
		}
		st, ok := constraintStep(b, d, c)
		if !ok {
			rg.note(i, b, cells)
		}
		return st, ok
	}, func(st Step) Rating { return st.Rating })
}

// same reports whether the cells of constraint i are as they were when
// it last found nothing.
func (rg *ruleGeo) same(i int, b *Board, cells []int) bool {
	st := rg.fruitless[i]
	if st == nil || len(st) != len(cells) {
		return false
	}
	for j, c := range cells {
		if st[j] != cellState(b, sudoku.Cell(c)) {
			return false
		}
	}
	return true
}

// note records the state of the cells of constraint i, which found
// nothing.
func (rg *ruleGeo) note(i int, b *Board, cells []int) {
	st := rg.fruitless[i][:0]
	for _, c := range cells {
		st = append(st, cellState(b, sudoku.Cell(c)))
	}
	if st == nil {
		st = []uint16{}
	}
	rg.fruitless[i] = st
}

// domainsOf returns position b as constraints see it, in the board's
// scratch domains (one walk uses a geometry at a time).
func domainsOf(b *Board, explain bool) *sudoku.Domains {
	rg := b.geo.rules
	if rg.dom == nil {
		rg.dom = sudoku.NewDomains(9)
	}
	d := rg.dom
	d.Explain, d.Changed, d.Deductions = explain, d.Changed[:0], nil
	for c := range sudoku.Cell(81) {
		d.Open[c], d.Placed[c] = 0, 0
		if v := b.Grid[c]; v != 0 {
			d.Placed[c] = sudoku.DigitOf(int(v))
		} else {
			d.Open[c] = sudoku.Digits(b.Cands[c])
		}
	}
	return d
}

// constraintStep runs c's propagation on d and makes a step of its first
// deduction; d is left as it was.
func constraintStep(b *Board, d *sudoku.Domains, c sudoku.Constraint) (Step, bool) {
	deds, _ := deductionsOf(d, c, func(x int32) sudoku.Digits { return sudoku.Digits(b.Cands[x]) })
	for _, ded := range deds { // one that cannot hold is Contradiction's
		if s, ok := deductionStep(b, c, ded); ok {
			return s, true
		}
	}
	return Step{}, false
}

// deductionStep turns a deduction of c into a step, false when it
// removes nothing.
func deductionStep(b *Board, c sudoku.Constraint, ded sudoku.Deduction) (Step, bool) {
	var es []Candidate
	for _, r := range ded.Removed {
		if r.Cell < 0 || r.Cell >= 81 {
			continue
		}
		for m := uint16(r.Digits) & uint16(b.Cands[r.Cell]); m != 0; m &= m - 1 {
			es = append(es, Candidate{sudoku.Cell(r.Cell), bits.TrailingZeros16(m) + 1})
		}
	}
	if len(es) == 0 {
		return Step{}, false
	}
	var cells []sudoku.Cell
	for _, x := range ded.Cells {
		cells = append(cells, sudoku.Cell(x))
	}
	if len(cells) == 0 {
		cells = cellsOfElims(es)
	}
	text := ded.Text
	if text == "" {
		text = fmt.Sprintf("%s rules them out: %s", c, groupedElims(es))
	}
	t := Technique{Name: sudoku.ConstraintTitle(c), explain: explainNote}
	return Step{Technique: t, Rating: constraintRating(len(cells)), Eliminations: es, Cells: cells, Digits: elimDigits(es), note: text}, true
}

func explainNote(s *Step) string { return s.note }

// elimDigits lists the digits eliminations remove, once each, in order.
func elimDigits(es []Candidate) []int {
	var m sudoku.Candidates
	for _, e := range es {
		m = m.Add(e.Digit)
	}
	return m.Digits()
}

// constraintContradiction returns why b breaks a constraint: one whose
// propagation leaves a cell without digits; "" if none does.
func (b *Board) constraintContradiction() string {
	if b.geo.rules == nil {
		return ""
	}
	d := domainsOf(b, false)
	for _, c := range b.geo.rules.props {
		if !c.Propagate(d) {
			return fmt.Sprintf("%s cannot hold: no digits left in its cells keep it", c)
		}
		for _, x := range d.Changed {
			d.Open[x] = sudoku.Digits(b.Cands[x])
		}
		d.Changed = d.Changed[:0]
	}
	return ""
}

// ---------------------------------------------------------------------
// Constraints in the chains

// constraintOffs adds to run r the eliminations the constraints and cage
// sums make on the position r has reached, each with the removed
// candidates of its cells as parents; it reports whether it added one,
// and whether one contradicts an on potential (r's absOn and absOff then
// set). Only the constraints reading a cell whose candidates r changed
// since the last look are run.
func (c *chainer) constraintOffs(r *run) (added, contra bool) {
	rg := c.geo.rules
	if rg == nil || len(rg.props) == 0 || !c.cfg.multiple || c.cfg.nishio {
		return false, false
	}
	if len(c.propSeen) < len(rg.props) {
		c.propSeen = make([]uint32, len(rg.props))
	}
	c.propGen++
	dirty := c.propDirty[:0]
	mark := func(cell int) {
		for _, i := range rg.ofCell[cell] {
			if c.propSeen[i] != c.propGen {
				c.propSeen[i] = c.propGen
				dirty = append(dirty, i)
			}
		}
	}
	for ; r.consOn < len(r.onQ); r.consOn++ {
		mark(int(r.onQ[r.consOn]) / 9)
	}
	for ; r.consOff < len(r.offQ); r.consOff++ {
		mark(int(r.offQ[r.consOff]) / 9)
	}
	c.propDirty = dirty
	for _, i := range dirty {
		a, x := c.propOffs(r, i)
		added = added || a
		if x {
			return true, true
		}
	}
	return added, false
}

// propOffs runs constraint i of the props on r's position; see
// constraintOffs.
func (c *chainer) propOffs(r *run, i int32) (added, contra bool) {
	cells := c.geo.rules.props[i].Cells()
	out, ok := c.propagateMemo(r, i, cells)
	if ok && !c.removes(r, cells, out) {
		return false, false
	}
	parents := c.propParents(r, cells)
	if len(parents) == 0 {
		return false, false // nothing of the assumption in its cells
	}
	if !ok {
		return c.deadOffs(r, cells, parents, i)
	}
	for j, x := range cells {
		for m := c.runCands(r, x) &^ out[j]; m != 0; m &= m - 1 {
			a, contra := c.addOff(r, x*9+bits.TrailingZeros16(m), parents, i)
			added = added || a
			if contra {
				return true, true
			}
		}
	}
	return added, false
}

// removes reports whether out, what a constraint leaves of its cells,
// takes a candidate of r's position.
func (c *chainer) removes(r *run, cells []int, out []uint16) bool {
	for j, x := range cells {
		if c.runCands(r, x)&^out[j] != 0 {
			return true
		}
	}
	return false
}

// propMemoMax bounds the memo of propagateMemo: past it, it starts again.
const propMemoMax = 1 << 16

// propagateMemo returns what constraint i leaves of each of its cells
// (placed ones aside) in r's position, and false when it cannot hold. A
// constraint reads its cells only, so its answer is a function of their
// candidates and digits: it is kept per board (ruleGeo.memo), since the
// chains meet the same few positions of a constraint over and over (a
// skyscraper's propagation took 86% of a 14 s explain without it).
func (c *chainer) propagateMemo(r *run, i int32, cells []int) ([]uint16, bool) {
	rg := c.geo.rules
	key := append(c.propKey[:0], byte(i), byte(i>>8), byte(i>>16))
	for _, x := range cells {
		v := c.runCands(r, x)
		if p := c.placed[x]; p != 0 {
			v = 0x8000 | uint16(p)
		}
		key = append(key, byte(v), byte(v>>8))
	}
	c.propKey = key
	if m, ok := rg.memo[string(key)]; ok {
		return m.open, m.ok
	}
	if c.dom == nil {
		c.dom = sudoku.NewDomains(9)
	}
	d := c.dom
	d.Changed = d.Changed[:0]
	for _, x := range cells {
		d.Open[x], d.Placed[x] = 0, 0
		if v := c.placed[x]; v != 0 {
			d.Placed[x] = sudoku.DigitOf(int(v))
			continue
		}
		d.Open[x] = sudoku.Digits(c.runCands(r, x))
	}
	ok := rg.props[i].Propagate(d)
	open := make([]uint16, len(cells))
	for j, x := range cells {
		open[j] = uint16(d.Open[x])
	}
	if rg.memo == nil || len(rg.memo) >= propMemoMax {
		rg.memo = make(map[string]propResult)
	}
	rg.memo[string(key)] = propResult{open, ok}
	return open, ok
}

// propResult is what a constraint left of its cells, and whether it
// could hold.
type propResult struct {
	open []uint16
	ok   bool
}

// runCands returns the candidates of cell x in r's position: the
// stage's grid without the candidates r has turned off.
func (c *chainer) runCands(r *run, x int) uint16 { return c.cur[x] &^ r.off.cell(x) }

// cell returns the candidates of cell x in s, as a 9-bit mask.
func (s *candSet) cell(x int) uint16 {
	i := x * 9
	w, o := i>>6, uint(i&63)
	v := s[w] >> o
	if o > 55 && w+1 < len(s) {
		v |= s[w+1] << (64 - o)
	}
	return uint16(v & 0x1ff)
}

// propParents lists the candidates of cells r has turned off, the one
// found last first (the chain drawn runs through it).
func (c *chainer) propParents(r *run, cells []int) []int {
	ps := c.propPar[:0]
	best := -1
	for _, x := range cells {
		for m := c.src[x] & r.off.cell(x); m != 0; m &= m - 1 {
			q := x*9 + bits.TrailingZeros16(m)
			if best < 0 || r.depth[q+nCands] > r.depth[ps[best]+nCands] {
				best = len(ps)
			}
			ps = append(ps, q)
		}
	}
	if best > 0 {
		ps[0], ps[best] = ps[best], ps[0]
	}
	c.propPar = ps
	return ps
}

// deadOffs turns off every candidate left in the first open cell of a
// constraint that cannot hold: the branch is false, which the chains then
// see (the last candidate of a cell forced on and off).
func (c *chainer) deadOffs(r *run, cells, parents []int, i int32) (added, contra bool) {
	for _, x := range cells {
		m := c.runCands(r, x)
		if m == 0 || c.placed[x] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			a, contra := c.addOff(r, x*9+bits.TrailingZeros16(m), parents, i)
			added = added || a
			if contra {
				return true, true
			}
		}
		return added, false
	}
	return false, false
}

// addOff adds off potential q to r with the given parents, made by
// constraint i of the props, unless r has it; it reports whether it added
// q and whether q was on.
func (c *chainer) addOff(r *run, q int, parents []int, i int32) (added, contra bool) {
	if r.off.has(q) {
		return false, false
	}
	n := q + nCands
	r.setParents(n, parents[0]+nCands, causeAdvanced)
	r.via[n] = i + 1
	for _, p := range parents[1:] {
		r.addParent(n, p+nCands)
	}
	if r.on.has(q) {
		r.absOn, r.absOff = q, n
		return true, true
	}
	r.off.add(q)
	r.offQ = append(r.offQ, int16(q))
	return true, false
}
