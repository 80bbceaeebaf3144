package logic

import (
	"context"
	"fmt"
	"math/bits"
	"sort"

	"sudoku"
)

// This file holds the implication engine behind Sudoku Explainer's chains
// (chains.go holds the stages and their steps). It follows Sudoku
// Explainer's Chaining rules: a "potential" is a candidate assumed on (the
// digit is in the cell) or off; an on potential turns off the other
// candidates of its cell (a Y-link) and the same digit in its box, row and
// column (X-links); an off potential turns on the last candidate of a
// bivalue cell (Y) and the last place of the digit in a box, row or column
// (X, box first). Dynamic chains remove each off potential from the grid
// once processed, so later implications see the reduced grid; the extra
// "hidden" parents of such an implication are the removed candidates that
// made it possible. Nested levels add the eliminations of simpler
// techniques applied to the reduced grid.
//
// Candidates are numbered cell*9+digit-1 (0..728); a node is an on
// potential (its candidate number) or an off one (candidate+729). Sets of
// candidates are 729-bit bitsets and parents are kept in flat arrays, so
// propagation allocates nothing once its buffers have grown.

const (
	nCands = 729
	nNodes = 2 * nCands
)

// candSet is a set of candidates.
type candSet [12]uint64

func (s *candSet) has(i int) bool { return s[i>>6]>>(uint(i)&63)&1 != 0 }
func (s *candSet) add(i int)      { s[i>>6] |= 1 << (uint(i) & 63) }

// nodeSet is a set of nodes.
type nodeSet [23]uint64

func (s *nodeSet) has(i int) bool { return s[i>>6]>>(uint(i)&63)&1 != 0 }
func (s *nodeSet) add(i int)      { s[i>>6] |= 1 << (uint(i) & 63) }

// Cause of an on potential, as Sudoku Explainer records it: the last
// place of a digit in a house is causeHouse plus the house's region type.
const (
	causeNone     = iota // the assumption
	causeNaked           // last candidate of its cell
	causeAdvanced        // a nested rule's elimination
	causeHouse           // last place in its box (causeHouse+typeBox), row, column, ...
)

// Houses in Sudoku Explainer's order of region types: box, row, column.
var (
	seHouses [81][3]int // the cell's box, row and column as sudoku.House numbers
	hCells   [27][9]int // cells of each house in order
	cellBox  [81]int    // box number 0..8
	cellPos  [81][3]int // the cell's place in its box, row and column
)

func init() {
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		b := r/3*3 + col/3
		cellBox[c] = b
		seHouses[c] = [3]int{18 + b, r, 9 + col}
		cellPos[c] = [3]int{r%3*3 + col%3, col, r}
	}
	for h := 0; h < 27; h++ {
		for i := 0; i < 9; i++ {
			switch {
			case h < 9:
				hCells[h][i] = h*9 + i
			case h < 18:
				hCells[h][i] = i*9 + h - 9
			default:
				b := h - 18
				hCells[h][i] = (b/3*3+i/3)*9 + b%3*3 + i%3
			}
		}
	}
}

// chainCfg selects the rules of one chaining stage.
type chainCfg struct {
	multiple bool // cell and region forcing chains with any number of branches
	dynamic  bool // remove off potentials from the grid while propagating
	nishio   bool // X-links only, contradictions only
	level    int  // nesting level: 0 none, 1 "(+)", 2.. nested chains
	nestLim  int  // the nesting level of the dynamic chains nested at level 4
}

// run is the result of propagating one assumption.
type run struct {
	on, off candSet
	onQ     []int16 // on candidates in the order found
	offQ    []int16 // off candidates in the order found
	pStart  [nNodes]int32
	pLen    [nNodes]uint16
	cause   [nNodes]uint8
	nest    [nNodes]int32  // 1+index of the nested hint behind an advanced off node
	via     [nNodes]int32  // 1+index into the geometry's props of the constraint behind an advanced off node
	depth   [nNodes]uint16 // the length of the first-parent path from the assumption
	par     []int16
	absOn   int // on node of a contradiction, -1 if none
	absOff  int // off node of a contradiction
	// consOn and consOff count the on and off potentials of onQ and
	// offQ the constraints have seen (constraintOffs).
	consOn, consOff int
}

func (r *run) reset() {
	r.on = candSet{}
	r.off = candSet{}
	r.onQ = r.onQ[:0]
	r.offQ = r.offQ[:0]
	r.par = r.par[:0]
	r.absOn, r.absOff = -1, -1
	r.consOn, r.consOff = 0, 0
}

func (r *run) parents(n int) []int16 {
	s := r.pStart[n]
	return r.par[s : s+int32(r.pLen[n])]
}

// setParents records the parents of node n, starting with p.
func (r *run) setParents(n, p int, cause uint8) {
	r.pStart[n] = int32(len(r.par))
	r.par = append(r.par, int16(p))
	r.pLen[n] = 1
	r.cause[n] = cause
	r.nest[n] = 0
	r.via[n] = 0
	r.depth[n] = r.depth[p] + 1
}

func (r *run) addParent(n, p int) {
	r.par = append(r.par, int16(p))
	r.pLen[n]++
}

// chainer holds the working grid and the buffers of a stage.
type chainer struct {
	geo            *geometry
	cfg            chainCfg
	cur, src       [81]uint16
	visit          nodeSet
	stack          []int16
	runs           []*run // runs handed out by newRun, reused
	nRuns          int
	nests          []*hint // nested hints referenced by advanced nodes
	sub            *chainer
	outer          *[81]uint16         // the outer chain's grid when this stage is a nested rule
	ds, srcDS      [9]CellSet          // the cells of each digit in cur and src (propagate)
	baseDS         [9]CellSet          // the cells of each digit in the grid loaded
	hcnt, baseHcnt [maxHouses][9]uint8 // the places of each digit in each house in cur and in the grid loaded
	cafCache       *nestCache          // nested cycles and forcing chains met before, or nil
	ctx            context.Context
	// placed holds the digits placed in the board loaded; dom, propSeen,
	// propGen, propDirty and propPar are constraintOffs' scratch.
	placed    [81]uint8
	dom       *sudoku.Domains
	propSeen  []uint32
	propGen   uint32
	propDirty []int32
	propPar   []int
	propKey   []byte
}

// stopped reports whether the stage's context is done: the long loops of
// the chaining stages give up then, and the caller reports ctx's error.
func (c *chainer) stopped() bool { return c.ctx != nil && c.ctx.Err() != nil }

// loadDS fills c.baseDS from c.cur, the grid of the stage: propagations
// start from it and restore it.
func (c *chainer) loadDS() {
	c.baseDS = [9]CellSet{}
	c.baseHcnt = [maxHouses][9]uint8{}
	for cell := 0; cell < 81; cell++ {
		w, b := cell>>6, uint64(1)<<(uint(cell)&63)
		hs := c.geo.chHouses[cell]
		for m := c.cur[cell]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			c.baseDS[d][w] |= b
			for _, h := range hs {
				c.baseHcnt[h][d]++
			}
		}
	}
}

func (c *chainer) newRun() *run {
	if c.nRuns == len(c.runs) {
		c.runs = append(c.runs, &run{})
	}
	r := c.runs[c.nRuns]
	c.nRuns++
	r.reset()
	return r
}

// propagate completes the consequences of one assumption, node start, as
// Sudoku Explainer's doChaining does: on potentials are processed before
// off ones, each queue in order, until a contradiction or nothing new.
func (c *chainer) propagate(r *run, start int) {
	r.reset()
	c.src = c.cur
	c.ds = c.baseDS
	c.srcDS = c.baseDS
	c.hcnt = c.baseHcnt
	if start < nCands {
		r.on.add(start)
		r.onQ = append(r.onQ, int16(start))
	} else {
		r.off.add(start - nCands)
		r.offQ = append(r.offQ, int16(start-nCands))
	}
	r.pLen[start] = 0
	r.cause[start] = causeNone
	r.nest[start] = 0
	r.depth[start] = 0
	onH, offH := 0, 0
	for {
		if onH < len(r.onQ) {
			p := int(r.onQ[onH])
			onH++
			if c.onToOff(r, p) {
				break
			}
			continue
		}
		if offH < len(r.offQ) {
			p := int(r.offQ[offH])
			offH++
			if c.offToOn(r, p) {
				break
			}
			continue
		}
		if added, contra := c.constraintOffs(r); contra {
			break
		} else if added {
			continue
		}
		if c.cfg.level > 0 && c.advanced(r) {
			continue
		}
		break
	}
	c.cur = c.src
	c.ds = c.srcDS
	c.hcnt = c.baseHcnt
}

// onToOff turns off what on potential p excludes; it reports a
// contradiction.
func (c *chainer) onToOff(r *run, p int) bool {
	cell, d := p/9, p%9
	bit := uint16(1) << d
	if !c.cfg.nishio {
		for m := c.cur[cell] &^ bit; m != 0; m &= m - 1 {
			if c.emitOff(r, cell*9+bits.TrailingZeros16(m), p) {
				return true
			}
		}
	}
	pm := c.geo.chPeers[cell]
	ds := &c.ds[d]
	for k := range pm {
		for x := ds[0] & pm[k][0]; x != 0; x &= x - 1 {
			if c.emitOff(r, bits.TrailingZeros64(x)*9+d, p) {
				return true
			}
		}
		for x := ds[1] & pm[k][1]; x != 0; x &= x - 1 {
			if c.emitOff(r, (64+bits.TrailingZeros64(x))*9+d, p) {
				return true
			}
		}
	}
	return false
}

func (c *chainer) emitOff(r *run, q, parent int) bool {
	if r.on.has(q) {
		r.setParents(q+nCands, parent, causeNone)
		r.absOn, r.absOff = q, q+nCands
		return true
	}
	if !r.off.has(q) {
		r.off.add(q)
		r.offQ = append(r.offQ, int16(q))
		r.setParents(q+nCands, parent, causeNone)
	}
	return false
}

// offToOn turns on what off potential p forces; it reports a
// contradiction. In dynamic mode p is then removed from the grid.
func (c *chainer) offToOn(r *run, p int) bool {
	cell, d := p/9, p%9
	bit := uint16(1) << d
	pn := p + nCands
	if !c.cfg.nishio && bits.OnesCount16(c.cur[cell]) == 2 {
		v := bits.TrailingZeros16(c.cur[cell] &^ bit)
		q := cell*9 + v
		if r.off.has(q) {
			c.setHiddenCell(r, q, pn, cell)
			r.absOn, r.absOff = q, q+nCands
			return true
		}
		if !r.on.has(q) {
			r.on.add(q)
			r.onQ = append(r.onQ, int16(q))
			c.setHiddenCell(r, q, pn, cell)
		}
	}
	for _, h := range c.geo.chHouses[cell] {
		if c.hcnt[h][d] != 2 {
			continue
		}
		cause := causeHouse + uint8(houseTypeOf(sudoku.House(h)))
		set := c.ds[d].And(c.geo.sets[h])
		set[cell>>6] &^= 1 << (uint(cell) & 63)
		other := -1
		if set[1] != 0 {
			other = 64 + bits.Len64(set[1]) - 1
		} else if set[0] != 0 {
			other = bits.Len64(set[0]) - 1
		}
		if other < 0 {
			continue
		}
		q := other*9 + d
		if r.off.has(q) {
			c.setHiddenHouse(r, q, pn, h, d, cause)
			r.absOn, r.absOff = q, q+nCands
			return true
		}
		if !r.on.has(q) {
			r.on.add(q)
			r.onQ = append(r.onQ, int16(q))
			c.setHiddenHouse(r, q, pn, h, d, cause)
		}
	}
	if c.cfg.dynamic && c.cur[cell]&bit != 0 {
		c.cur[cell] &^= bit
		c.ds[d][cell>>6] &^= 1 << (uint(cell) & 63)
		for _, h := range c.geo.chHouses[cell] {
			c.hcnt[h][d]--
		}
	}
	return false
}

// setHiddenCell records on node q forced by off node pn in cell, with the
// candidates of the cell removed earlier as hidden parents.
func (c *chainer) setHiddenCell(r *run, q, pn, cell int) {
	r.setParents(q, pn, causeNaked)
	for m := c.src[cell] &^ c.cur[cell]; m != 0; m &= m - 1 {
		r.addParent(q, cell*9+bits.TrailingZeros16(m)+nCands)
	}
}

// setHiddenHouse records on node q forced by off node pn in house h, with
// the places of d in h removed earlier as hidden parents.
func (c *chainer) setHiddenHouse(r *run, q, pn, h, d int, cause uint8) {
	r.setParents(q, pn, cause)
	if !c.cfg.dynamic {
		return
	}
	set := c.srcDS[d].AndNot(c.ds[d]).And(c.geo.sets[h])
	for x := set[0]; x != 0; x &= x - 1 {
		r.addParent(q, bits.TrailingZeros64(x)*9+d+nCands)
	}
	for x := set[1]; x != 0; x &= x - 1 {
		r.addParent(q, (64+bits.TrailingZeros64(x))*9+d+nCands)
	}
}

// ancestors counts the distinct nodes from which node n was deduced, n
// included, as Sudoku Explainer's getAncestorCount; it stops counting past
// limit. Nested hints met on the way are added to nests (once each).
func (c *chainer) ancestors(r *run, n, limit int, nests *[]int32) int {
	c.visit = nodeSet{}
	c.stack = append(c.stack[:0], int16(n))
	c.visit.add(n)
	count := 0
	for len(c.stack) > 0 {
		x := int(c.stack[len(c.stack)-1])
		c.stack = c.stack[:len(c.stack)-1]
		count++
		if count > limit {
			return count
		}
		if nests != nil && r.nest[x] != 0 {
			addNest(nests, r.nest[x])
		}
		for _, p := range r.parents(x) {
			if !c.visit.has(int(p)) {
				c.visit.add(int(p))
				c.stack = append(c.stack, p)
			}
		}
	}
	return count
}

func addNest(nests *[]int32, id int32) {
	for _, x := range *nests {
		if x == id {
			return
		}
	}
	*nests = append(*nests, id)
}

// lengthBonus is Sudoku Explainer's getLengthDifficulty: 0.1 each time
// the complexity less 2 passes 4, 6, 8, 12, 16, 24, 32, ...; it returns
// the number of tenths and the bonus as Java adds it up.
func lengthBonus(complexity int) (int, float64) {
	added, n := 0.0, 0
	ceil, odd := 4, false
	for length := complexity - 2; length > ceil; odd = !odd {
		added += 0.1
		n++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
	}
	return n, added
}

// maxComplexity returns the largest complexity whose difficulty does not
// exceed d for base difficulty base, or a large number.
func maxComplexity(base, d float64) int {
	if d >= base+5 {
		return 1 << 30
	}
	lo := 0
	for c := 1; c < 1<<20; c *= 2 {
		_, b := lengthBonus(c)
		if base+b > d {
			break
		}
		lo = c
	}
	// refine between lo and 2*lo
	hi := 2*lo + 2
	for lo < hi {
		m := (lo + hi + 1) / 2
		if _, b := lengthBonus(m); base+b <= d {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return lo
}

// ---------------------------------------------------------------------
// Nested levels: the eliminations of simpler rules on the reduced grid.

// advOff is an elimination found by a nested rule, with the removed
// candidates it relies on.
type advOff struct {
	cand    int
	parents []int // off candidates
	nest    *hint // the nested chain, if the rule is a chaining one
}

// advanced adds to r the eliminations of the first nested rule that finds
// any relying on the assumption; it reports whether it added one.
func (c *chainer) advanced(r *run) bool {
	offs := c.advancedOffs()
	added := false
	for _, a := range offs {
		if r.off.has(a.cand) {
			continue
		}
		r.off.add(a.cand)
		r.offQ = append(r.offQ, int16(a.cand))
		n := a.cand + nCands
		r.setParents(n, a.parents[0]+nCands, causeAdvanced)
		for _, p := range a.parents[1:] {
			r.addParent(n, p+nCands)
		}
		if a.nest != nil {
			c.nests = append(c.nests, a.nest)
			r.nest[n] = int32(len(c.nests))
		}
		added = true
	}
	return added
}

func (c *chainer) advancedOffs() []advOff {
	rules := []func() []advOff{c.lockingOffs, c.hiddenPairOffs, c.nakedPairOffs, c.xWingOffs}
	if c.geo.variant {
		// Sukaku Explainer's nested rules on boards of variants.
		rules[0] = c.vLockingOffs
	}
	for _, rule := range rules {
		if offs := rule(); len(offs) > 0 {
			return offs
		}
	}
	if c.cfg.level < 2 {
		return nil
	}
	var sub []chainCfg
	switch {
	case c.cfg.level >= 4:
		sub = []chainCfg{{multiple: true, dynamic: true, level: c.cfg.nestLim}}
	case c.cfg.level == 3:
		sub = []chainCfg{{}, {multiple: true}}
	default:
		sub = []chainCfg{{}}
	}
	for _, cfg := range sub {
		if offs := c.nestedChainOffs(cfg); len(offs) > 0 {
			return offs
		}
	}
	return nil
}

// lockingOffs: pointing and claiming, in Sudoku Explainer's order (box
// against column, box against row, column against box, row against box).
func (c *chainer) lockingOffs() []advOff {
	var out []advOff
	pairs := [4][2]int{{2, 1}, {2, 0}, {1, 2}, {0, 2}} // kinds: 0 row, 1 col, 2 box
	for _, pr := range pairs {
		for d := 0; d < 9; d++ {
			dc, dg := c.ds[d], c.srcDS[d].AndNot(c.ds[d])
			if dg.Empty() {
				continue
			}
			for i1 := 0; i1 < 9; i1++ {
				h1 := pr[0]*9 + i1
				if c.hcnt[h1][d] < 2 {
					continue
				}
				hm := chHouseSets[h1]
				if dg.And(hm).Empty() {
					continue
				}
				in := dc.And(hm)
				h2 := houseOfKind(int(in.First()), pr[1])
				h2m := chHouseSets[h2]
				if !in.AndNot(h2m).Empty() {
					continue
				}
				rem := dc.And(h2m).AndNot(hm)
				if rem.Empty() {
					continue
				}
				pm := dg.And(hm).AndNot(h2m)
				if pm.Empty() {
					continue
				}
				par := make([]int, 0, pm.Count())
				for k, x := range pm {
					for ; x != 0; x &= x - 1 {
						par = append(par, (k*64+bits.TrailingZeros64(x))*9+d)
					}
				}
				for k, x := range rem {
					for ; x != 0; x &= x - 1 {
						out = append(out, advOff{cand: (k*64+bits.TrailingZeros64(x))*9 + d, parents: par})
					}
				}
			}
		}
	}
	return out
}

// vLockingOffs: generalized intersections (Sukaku Explainer's VLocking),
// which stand for pointing and claiming on boards of variants: a digit
// with 2 to 6 places in a house, some of its places there removed since
// the assumption, goes from every cell seeing all of them.
func (c *chainer) vLockingOffs() []advOff {
	var out []advOff
	g := c.geo
	for _, t := range [...]int{typeBox, typeRow, typeCol, typeDisjoint, typeWindow, typeDiagDown, typeDiagUp, typeExtra} {
		for d := 0; d < 9; d++ {
			for _, h := range g.ofType[t] {
				if n := c.hcnt[h][d]; n < 2 || n > 6 {
					continue
				}
				hm := g.sets[h]
				gone := c.srcDS[d].AndNot(c.ds[d]).And(hm)
				if gone.Empty() {
					continue
				}
				rem := g.seesAll(c.ds[d].And(hm)).And(c.ds[d])
				if rem.Empty() {
					continue
				}
				par := appendCells(nil, gone, d)
				for _, e := range appendCells(nil, rem, d) {
					out = append(out, advOff{cand: e, parents: par})
				}
			}
		}
	}
	return out
}

// pairHouses lists the houses of the nested pair rules: boxes, rows,
// columns, then the other houses by region type.
func (g *geometry) pairHouses() [][]sudoku.House {
	return [][]sudoku.House{g.ofType[typeBox], g.ofType[typeRow], g.ofType[typeCol],
		g.ofType[typeDisjoint], g.ofType[typeWindow], g.ofType[typeDiagDown], g.ofType[typeDiagUp], g.ofType[typeExtra]}
}

// chHouseSets holds the cells of each house, numbered as houseOfKind does.
var chHouseSets = func() (hs [27]CellSet) {
	for cell := 0; cell < 81; cell++ {
		r, col := cell/9, cell%9
		for _, h := range [3]int{r, 9 + col, 18 + r/3*3 + col/3} {
			hs[h][cell>>6] |= 1 << (uint(cell) & 63)
		}
	}
	return
}()

func houseOfKind(cell, k int) int {
	switch k {
	case 0:
		return cell / 9
	case 1:
		return 9 + cell%9
	}
	return 18 + cellBox[cell]
}

func inHouse(cell, h int) bool {
	return houseOfKind(cell, h/9) == h
}

// hiddenPairOffs: hidden pairs in boxes, rows, columns.
func (c *chainer) hiddenPairOffs() []advOff {
	var out []advOff
	for _, hs := range c.geo.pairHouses() {
		for _, h := range hs {
			hm := c.geo.sets[h]
			// the digits with one or two places in h: a pair needs two
			var few uint16
			for d := 0; d < 9; d++ {
				if n := c.hcnt[h][d]; n == 1 || n == 2 {
					few |= 1 << d
				}
			}
			if bits.OnesCount16(few) < 2 {
				continue
			}
			// the digits removed from h since the assumption: a pair needs one
			var gd uint16
			for m := few; m != 0; m &= m - 1 {
				d := bits.TrailingZeros16(m)
				if !c.srcDS[d].AndNot(c.ds[d]).And(hm).Empty() {
					gd |= 1 << d
				}
			}
			if gd == 0 {
				continue
			}
			for m1 := few; m1 != 0; m1 &= m1 - 1 {
				d1 := bits.TrailingZeros16(m1)
				for m2 := m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1 {
					d2 := bits.TrailingZeros16(m2)
					if gd&(1<<d1|1<<d2) == 0 {
						continue
					}
					u := c.ds[d1].Or(c.ds[d2]).And(hm)
					if u.Count() != 2 {
						continue
					}
					g1 := c.srcDS[d1].AndNot(c.ds[d1]).And(hm)
					g2 := c.srcDS[d2].AndNot(c.ds[d2]).And(hm)
					if g1.Empty() && g2.Empty() {
						continue
					}
					keep := uint16(1)<<d1 | uint16(1)<<d2
					var rem []int
					for w, x := range u {
						for ; x != 0; x &= x - 1 {
							o := w*64 + bits.TrailingZeros64(x)
							for r := c.cur[o] &^ keep; r != 0; r &= r - 1 {
								rem = append(rem, o*9+bits.TrailingZeros16(r))
							}
						}
					}
					if len(rem) == 0 {
						continue
					}
					par := appendCells(nil, g1, d1)
					par = appendCells(par, g2, d2)
					for _, e := range rem {
						out = append(out, advOff{cand: e, parents: par})
					}
				}
			}
		}
	}
	return out
}

// appendCells appends the candidates of digit d (0-based) in the cells of
// s, in increasing order.
func appendCells(out []int, s CellSet, d int) []int {
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			out = append(out, (w*64+bits.TrailingZeros64(x))*9+d)
		}
	}
	return out
}

// nakedPairOffs: naked pairs in boxes, rows, columns.
func (c *chainer) nakedPairOffs() []advOff {
	var out []advOff
	for _, hs := range c.geo.pairHouses() {
		for _, h := range hs {
			cs := &c.geo.cells[h]
			// the cells with one or two candidates: a pair needs two
			var few [9]int
			nf := 0
			for _, o := range cs {
				if n := bits.OnesCount16(c.cur[o]); n == 1 || n == 2 {
					few[nf] = int(o)
					nf++
				}
			}
			for a := 0; a < nf; a++ {
				for b := a + 1; b < nf; b++ {
					ca, cb := few[a], few[b]
					u := c.cur[ca] | c.cur[cb]
					if bits.OnesCount16(u) != 2 {
						continue
					}
					if c.src[ca]&^c.cur[ca]|c.src[cb]&^c.cur[cb] == 0 {
						continue
					}
					var rem []int
					if c.geo.variant {
						rem = c.nakedGenRem(ca, cb, u)
					} else {
						for _, o := range cs {
							if int(o) != ca && int(o) != cb {
								for r := c.cur[o] & u; r != 0; r &= r - 1 {
									rem = append(rem, int(o)*9+bits.TrailingZeros16(r))
								}
							}
						}
					}
					if len(rem) == 0 {
						continue
					}
					var par []int
					for _, o := range [2]int{ca, cb} {
						for r := c.src[o] &^ c.cur[o]; r != 0; r &= r - 1 {
							par = append(par, o*9+bits.TrailingZeros16(r))
						}
					}
					for _, e := range rem {
						out = append(out, advOff{cand: e, parents: par})
					}
				}
			}
		}
	}
	return out
}

// nakedGenRem lists the eliminations of the naked pair ca, cb of digits u
// on boards of variants (Sukaku Explainer's generalized naked pair): each
// digit goes from every cell seeing the pair's cells that hold it.
func (c *chainer) nakedGenRem(ca, cb int, u uint16) []int {
	var rem []int
	for m := u; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		see := allCells
		for _, o := range [2]int{ca, cb} {
			if c.cur[o]&(1<<d) != 0 {
				see = see.And(c.geo.peers[o])
			}
		}
		rem = appendCells(rem, see.And(c.ds[d]), d)
	}
	sort.Ints(rem)
	return rem
}

// xWingOffs: X-Wings on rows, then on columns.
func (c *chainer) xWingOffs() []advOff {
	var out []advOff
	for k := 0; k < 2; k++ {
		for d := 0; d < 9; d++ {
			bit := uint16(1) << d
			// the lines with one or two places for d: a pair needs two
			var pos [9]uint16
			var few uint16
			for i := 0; i < 9; i++ {
				if n := c.hcnt[k*9+i][d]; n == 1 || n == 2 {
					few |= 1 << i
					for j, o := range &hCells[k*9+i] {
						if c.cur[o]&bit != 0 {
							pos[i] |= 1 << j
						}
					}
				}
			}
			if bits.OnesCount16(few) < 2 {
				continue
			}
			gone := c.srcDS[d].AndNot(c.ds[d])
			for ma := few; ma != 0; ma &= ma - 1 {
				a := bits.TrailingZeros16(ma)
				for mb := ma & (ma - 1); mb != 0; mb &= mb - 1 {
					b := bits.TrailingZeros16(mb)
					u := pos[a] | pos[b]
					if bits.OnesCount16(u) != 2 {
						continue
					}
					ga := gone.And(chHouseSets[k*9+a])
					gb := gone.And(chHouseSets[k*9+b])
					if ga.Empty() && gb.Empty() {
						continue
					}
					c1, c2 := bits.TrailingZeros16(u), 15-bits.LeadingZeros16(u)
					cover := chHouseSets[(1-k)*9+c1].Or(chHouseSets[(1-k)*9+c2])
					lines := chHouseSets[k*9+a].Or(chHouseSets[k*9+b])
					if c.ds[d].And(cover).AndNot(lines).Empty() {
						continue
					}
					var rem []int
					for m := u; m != 0; m &= m - 1 {
						cover := (1-k)*9 + bits.TrailingZeros16(m)
						for i, o := range &hCells[cover] {
							if i != a && i != b && c.cur[o]&bit != 0 {
								rem = append(rem, o*9+d)
							}
						}
					}
					if len(rem) == 0 {
						continue
					}
					par := appendCells(nil, ga, d)
					par = appendCells(par, gb, d)
					for _, e := range rem {
						out = append(out, advOff{cand: e, parents: par})
					}
				}
			}
		}
	}
	return out
}

// nestedChainOffs runs a whole chaining stage on the reduced grid and
// turns each of its hints that relies on the assumption into eliminations.
func (c *chainer) nestedChainOffs(cfg chainCfg) []advOff {
	if c.cafCache == nil || cfg.multiple || cfg.level != 0 || cfg.dynamic {
		return c.nestedChainOffsRun(cfg)
	}
	key := [2][81]uint16{c.cur, c.src}
	if offs, ok := c.cafCache.m[key]; ok {
		return offs
	}
	offs := c.nestedChainOffsRun(cfg)
	c.cafCache.m[key] = offs
	return offs
}

// nestCache holds the eliminations of the nested cycles and forcing chains
// (nestedChainOffs with the configuration of the first chaining stage) of
// an outer stage, by reduced grid and grid of the outer stage: a pure
// function of the two grids.
type nestCache struct {
	m map[[2][81]uint16][]advOff
}

func (c *chainer) nestedChainOffsRun(cfg chainCfg) []advOff {
	if c.sub == nil {
		c.sub = &chainer{}
	}
	s := c.sub
	s.ctx = c.ctx
	s.geo = c.geo
	s.cfg = cfg
	s.nRuns = 0
	s.nests = s.nests[:0]
	s.cur = c.cur
	s.placed = c.placed
	s.loadDS()
	s.outer = &c.src
	col := collector{keep: true}
	if !cfg.multiple {
		s.cyclesAndForcing(&col)
	} else {
		s.multiple(&col)
	}
	hs := col.all
	sort.SliceStable(hs, func(i, j int) bool {
		a, b := hs[i], hs[j]
		if a.diff != b.diff {
			return a.diff < b.diff
		}
		if a.complexity != b.complexity {
			return a.complexity < b.complexity
		}
		return a.sortKey < b.sortKey
	})
	var out []advOff
	seen := map[string]bool{}
	for _, h := range hs {
		key := fmt.Sprint(h.elim, h.place)
		if seen[key] {
			continue
		}
		seen[key] = true
		if len(h.parents) == 0 {
			continue
		}
		for _, e := range h.removable(&s.cur) {
			out = append(out, advOff{cand: e, parents: h.parents, nest: h})
		}
	}
	return out
}

// removable lists the candidates a hint removes on grid g.
func (h *hint) removable(g *[81]uint16) []int {
	if h.place < 0 {
		return h.elim
	}
	cell, d := h.place/9, h.place%9
	var out []int
	for m := g[cell] &^ (1 << d); m != 0; m &= m - 1 {
		out = append(out, cell*9+bits.TrailingZeros16(m))
	}
	return out
}

// ruleParents lists the candidates removed since the outer assumption on
// which the on potentials of hint h rely, as Sudoku Explainer's
// collectRuleParents.
func (c *chainer) ruleParents(h *hint, bs []branchSpec) []int {
	if c.outer == nil {
		return nil
	}
	var seen candSet
	var out []int
	add := func(cd int) {
		if !seen.has(cd) {
			seen.add(cd)
			out = append(out, cd)
		}
	}
	for _, b := range bs {
		c.visit = nodeSet{}
		c.stack = append(c.stack[:0], int16(b.node))
		c.visit.add(b.node)
		for len(c.stack) > 0 {
			x := int(c.stack[len(c.stack)-1])
			c.stack = c.stack[:len(c.stack)-1]
			if x < nCands {
				cause := b.r.cause[x]
				if cause == causeNone && b.r.pLen[x] == 0 {
					switch h.kind {
					case kindCell:
						cause = causeNaked
					case kindRegion:
						cause = causeHouse + uint8(houseTypeOf(sudoku.House(h.house)))
					}
				}
				c.causeParents(x, cause, add)
			}
			for _, p := range b.r.parents(x) {
				if !c.visit.has(int(p)) {
					c.visit.add(int(p))
					c.stack = append(c.stack, p)
				}
			}
		}
	}
	return out
}

// causeParents reports the candidates removed since the outer assumption
// that made on candidate x follow from its cause.
func (c *chainer) causeParents(x int, cause uint8, add func(int)) {
	cell, d := x/9, x%9
	switch cause {
	case causeNaked:
		for m := c.outer[cell] &^ c.cur[cell]; m != 0; m &= m - 1 {
			add(cell*9 + bits.TrailingZeros16(m))
		}
	default:
		if cause < causeHouse {
			return
		}
		h := c.geo.houseOf[cell][cause-causeHouse]
		bit := uint16(1) << d
		for _, o := range &c.geo.cells[h] {
			if c.outer[o]&bit != 0 && c.cur[o]&bit == 0 {
				add(int(o)*9 + d)
			}
		}
	}
}

// pathParents is ruleParents for a static chain given as a path.
func (c *chainer) pathParents(path []int) []int {
	if c.outer == nil {
		return nil
	}
	var seen candSet
	var out []int
	add := func(cd int) {
		if !seen.has(cd) {
			seen.add(cd)
			out = append(out, cd)
		}
	}
	for i := 1; i < len(path); i++ {
		q := path[i]
		if q >= nCands {
			continue
		}
		p := path[i-1] - nCands
		c.causeParents(q, c.linkCause(p, q), add)
	}
	return out
}

// linkCause tells why off candidate p forces on candidate q.
func (c *chainer) linkCause(p, q int) uint8 {
	if p/9 == q/9 {
		return causeNaked
	}
	for _, h := range c.geo.chHouses[p/9] {
		if c.geo.sets[h].Has(sudoku.Cell(q / 9)) {
			return causeHouse + uint8(houseTypeOf(sudoku.House(h)))
		}
	}
	return causeNone
}
