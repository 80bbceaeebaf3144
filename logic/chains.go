package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"sudoku"
)

// Sudoku Explainer's chaining stages: bidirectional cycles and forcing
// chains (6.5-7.x), Nishio (7.5+), multiple forcing chains (8.0+), dynamic
// forcing chains (8.5+), dynamic (+) (9.0+) and nested forcing chains
// (9.5+). Each stage collects every chain it finds and returns the one of
// lowest difficulty (then fewest ancestors, then Sudoku Explainer's sort
// key by kind, then the first found), as Sudoku Explainer does. The engine
// is in forcing.go.

// Kinds of chaining hints, with Sudoku Explainer's sort keys.
const (
	kindCycle = iota
	kindForcing
	kindContradiction
	kindDouble
	kindCell
	kindRegion
)

// The techniques. Names follow Sudoku Explainer.
var (
	XCycle        = Technique{Name: "Bidirectional X-Cycle", Code: "0706", explain: explainCycle}
	YCycle        = Technique{Name: "Bidirectional Y-Cycle", Code: "0706", explain: explainCycle}
	XYCycle       = Technique{Name: "Bidirectional Cycle", Code: "0706", explain: explainCycle}
	ForcingXChain = Technique{Name: "Forcing X-Chain", Code: "0701", explain: explainForcing}
	ForcingChain  = Technique{Name: "Forcing Chain", Code: "0708", explain: explainForcing}
)

var (
	multiTechMu sync.Mutex
	multiTechs  = map[string]Technique{}
)

// multiTechnique returns the technique named name (created once).
func multiTechnique(name string, kind int) Technique {
	multiTechMu.Lock()
	defer multiTechMu.Unlock()
	t, ok := multiTechs[name]
	if !ok {
		code := "1303"
		if strings.Contains(name, "Double") || strings.Contains(name, "Cell") || strings.Contains(name, "Region") {
			code = "1304"
		}
		ex := explainMulti
		switch kind {
		case kindContradiction:
			ex = explainContradiction
		case kindDouble:
			ex = explainDouble
		}
		t = Technique{Name: name, Code: code, explain: ex}
		multiTechs[name] = t
	}
	return t
}

// hint is a chaining hint found by a stage.
type hint struct {
	kind       int
	xChain     bool // X-links
	yChain     bool // Y-links
	diff       float64
	complexity int
	sortKey    int
	elim       []int // candidates removed
	place      int   // candidate placed, -1 if none
	src        int   // candidate assumed (cycles, forcing, binary), or cell
	house      int   // region forcing chains: the house, or -1
	digit      int   // region forcing chains: the digit
	branches   []branch
	parents    []int // rule parents (off candidates) when used as a nested rule
	cfg        chainCfg
}

// branch is one chain of a hint: the path from an assumption to a
// conclusion, following first parents.
type branch struct {
	path   []int // nodes from the assumption to the conclusion
	strong []bool
	via    []int32 // per node of path, 1+index into the props of the constraint behind it; nil if none is
}

// collector keeps the best hint of a stage, or all of them.
type collector struct {
	best *hint
	all  []*hint
	keep bool // keep all hints (nested rules)
}

// limit returns the largest complexity that can still win at base.
func (col *collector) limit(base float64) int {
	if col.keep || col.best == nil {
		return 1 << 30
	}
	return maxComplexity(base, col.best.diff)
}

// wins reports whether a hint of difficulty d, complexity cx and sort key
// sk beats the best so far.
func (col *collector) wins(d float64, cx, sk int) bool {
	if col.keep || col.best == nil {
		return true
	}
	b := col.best
	if d != b.diff {
		return d < b.diff
	}
	if cx != b.complexity {
		return cx < b.complexity
	}
	return sk < b.sortKey
}

func (col *collector) add(h *hint) {
	if col.keep {
		col.all = append(col.all, h)
		return
	}
	col.best = h
}

var chainerPool = sync.Pool{New: func() any { return &chainer{} }}

func loadChainer(b *Board, cfg chainCfg) *chainer {
	c := chainerPool.Get().(*chainer)
	c.cfg = cfg
	c.geo = b.geo
	c.nRuns = 0
	c.nests = c.nests[:0]
	c.cafCache = nil
	c.ctx = b.ctx
	for i := range b.Cands {
		c.cur[i] = uint16(b.Cands[i])
	}
	c.placed = b.Grid
	c.loadDS()
	return c
}

// baseDifficulty is Sudoku Explainer's difficulty of a multiple-chain
// stage before the length bonus.
func (cfg chainCfg) baseDifficulty() float64 {
	switch {
	case cfg.level >= 2:
		return 9.5 + 0.5*float64(cfg.level-2)
	case cfg.level > 0:
		return 8.5 + 0.5*float64(cfg.level)
	case cfg.nishio:
		return 7.5
	case cfg.dynamic:
		return 8.5
	}
	return 8.0
}

// ---------------------------------------------------------------------
// Cycles and forcing chains (Sudoku Explainer's "Forcing Chains & Cycles")

type inst struct {
	node   int32
	parent int32
	depth  int32
}

// isAncestor reports whether node n is a first-parent ancestor of i.
func isAncestor(in []inst, i int32, n int32) bool {
	for j := in[i].parent; j >= 0; j = in[j].parent {
		if in[j].node == n {
			return true
		}
	}
	return false
}

type cycleBufs struct {
	in         []inst
	curOn, nxt []int32
	fParent    [nNodes]int32
	fDepth     [nNodes]int32
	adj        staticAdj
}

// staticAdj holds the static links of every candidate of a grid that
// does not change during a stage (Sudoku Explainer's getOnToOff and
// getOffToOn without a parent grid), in the order Sudoku Explainer finds
// them. An on candidate turns off the other candidates of its cell
// (Y-links), then the same digit in the other cells of its box, of its row
// outside the box and of its column outside the box (X-links), each in
// increasing cell order. An off candidate turns on the other candidate of
// a bivalue cell (Y), then the other place of the digit in its box, row
// and column where the digit has two places (X), without repeats.
//
// An off candidate that turns nothing on ends every chain through it, so
// for each pass (kinds of links y, x) the lists of candidates turned off
// keep only those that turn something on ("fertile" ones): the searches
// skip the others, which changes nothing they find.
type staticAdj struct {
	ds   [9]CellSet    // the cells of each digit
	fds  [3][9]CellSet // by pass: the cells of each digit where it is fertile
	fcm  [3][81]uint16 // by pass: the fertile digits of each cell
	offs []int32       // fertile off lists of the current pass
	ent  [nCands]adjEnt
	cur  *[81]uint16
	geo  *geometry
	pi   int    // the current pass: 0 X-links, 1 Y-links, 2 both
	gen  uint32 // the current pass's generation: off lists built lazily
}

type adjEnt struct {
	lo, hi int32    // offs[lo:hi]: the fertile candidates turned off, if gen is current
	gen    uint32   // the generation of lo, hi
	nOn    uint8    // the number of candidates turned on
	onY    uint8    // 1 if the first of them is a Y-link
	ons    [8]int16 // the candidates turned on
}

// build fills a with the off-to-on links of the candidates of c.cur and
// the fertile candidates of each pass.
func (a *staticAdj) build(c *chainer) {
	a.cur = &c.cur
	a.geo = c.geo
	a.ds = [9]CellSet{}
	for cell := 0; cell < 81; cell++ {
		w, b := cell>>6, uint64(1)<<(uint(cell)&63)
		for m := c.cur[cell]; m != 0; m &= m - 1 {
			a.ds[bits.TrailingZeros16(m)][w] |= b
		}
	}
	a.fds = [3][9]CellSet{}
	for cell := 0; cell < 81; cell++ {
		cm := c.cur[cell]
		a.fcm[0][cell], a.fcm[1][cell], a.fcm[2][cell] = 0, 0, 0
		if cm == 0 {
			continue
		}
		w, b := cell>>6, uint64(1)<<(uint(cell)&63)
		nc := bits.OnesCount16(cm)
		for m := cm; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			e := &a.ent[cell*9+d]
			n := 0
			e.onY = 0
			if nc == 2 {
				e.ons[0] = int16(cell*9 + bits.TrailingZeros16(cm&^(1<<d)))
				e.onY = 1
				n = 1
			}
			start := n
			for _, h := range c.geo.chHouses[cell] {
				set := a.ds[d].And(c.geo.sets[h])
				if set.Count() != 2 {
					continue
				}
				set[cell>>6] &^= 1 << (uint(cell) & 63)
				q := int16(int(set.First())*9 + d)
				dup := false
				for _, o := range e.ons[start:n] {
					dup = dup || o == q
				}
				if !dup {
					e.ons[n] = q
					n++
				}
			}
			e.nOn = uint8(n)
			for pi, f := range [3]bool{n > start, start > 0, n > 0} {
				if f {
					a.fcm[pi][cell] |= 1 << d
					a.fds[pi][d][w] |= b
				}
			}
		}
	}
}

// pass starts a pass with links of kinds y and x.
func (a *staticAdj) pass(y, x bool) {
	switch {
	case !y:
		a.pi = 0
	case !x:
		a.pi = 1
	default:
		a.pi = 2
	}
	a.gen++
	if cap(a.offs) < nCands*28 {
		a.offs = make([]int32, 0, nCands*28)
	}
	a.offs = a.offs[:0]
}

// fertileOffs returns the fertile candidates on candidate p turns off in
// the current pass: the other candidates of its cell (Y-links), the digit
// in the box, in the row outside the box and in the column outside the
// box.
func (a *staticAdj) fertileOffs(p int) []int32 {
	e := &a.ent[p]
	if e.gen != a.gen {
		e.gen = a.gen
		cell, d := p/9, p%9
		e.lo = int32(len(a.offs))
		if a.pi > 0 {
			for o := a.cur[cell] & a.fcm[a.pi][cell] &^ (1 << d); o != 0; o &= o - 1 {
				a.offs = append(a.offs, int32(cell*9+bits.TrailingZeros16(o)))
			}
		}
		pm := a.geo.chPeers[cell]
		fd := &a.fds[a.pi][d]
		for k := range pm {
			for x := fd[0] & pm[k][0]; x != 0; x &= x - 1 {
				a.offs = append(a.offs, int32(bits.TrailingZeros64(x)*9+d))
			}
			for x := fd[1] & pm[k][1]; x != 0; x &= x - 1 {
				a.offs = append(a.offs, int32((64+bits.TrailingZeros64(x))*9+d))
			}
		}
		e.hi = int32(len(a.offs))
	}
	return a.offs[e.lo:e.hi]
}

// turnsOff reports whether on candidate p turns off candidate q (another
// candidate of the grid) in the current pass.
func (a *staticAdj) turnsOff(p, q int) bool {
	if p == q {
		return false
	}
	pc, qc := p/9, q/9
	if pc == qc {
		return a.pi > 0
	}
	if p-pc*9 != q-qc*9 {
		return false
	}
	return a.geo.peers[pc].Has(sudoku.Cell(qc))
}

// onsOf returns the candidates off candidate p turns on, with Y-links if
// y and X-links if x.
func (a *staticAdj) onsOf(p int, y, x bool) []int16 {
	e := &a.ent[p]
	lo, hi := uint8(0), e.nOn
	if !y {
		lo = e.onY
	}
	if !x {
		hi = e.onY
	}
	if lo > hi {
		hi = lo
	}
	return e.ons[lo:hi]
}

var cycleBufPool = sync.Pool{New: func() any { return &cycleBufs{} }}

// cycles looks for bidirectional cycles through candidate src, as
// Sudoku Explainer's doCycles. It returns the first on instance met that
// turns src off, or -1: the end of the forcing chain from src on, which
// visits the on candidates in the same order with the same parents (see
// forcingFromOn).
func (c *chainer) cycles(col *collector, cb *cycleBufs, src int, y, x bool) int32 {
	base := 6.5
	if x && y {
		base = 7.0
	}
	lim := col.limit(base)
	in := append(cb.in[:0], inst{node: int32(src), parent: -1})
	var toOn, toOff candSet
	toOn.add(src)
	// An off candidate met again (not on a first meeting) turns on nothing
	// new, so it matters only if it closes the cycle: if it turns src on,
	// that is (links are symmetric) if src turns it on.
	closers := cb.adj.onsOf(src, y, x)
	curOn := append(cb.curOn[:0], 0)
	nxt := cb.nxt[:0]
	length := 0
	fi := int32(-1)
	// Each level of on instances makes the next level of off instances,
	// which make the next level of on instances. An off instance is
	// expanded as soon as it is made: the on level reads neither toOn nor
	// the on instances made, so they come in the same order.
	for len(curOn) > 0 {
		length++
		if length > lim+1 {
			break
		}
		closing := length+1 >= 4
		nxt = nxt[:0]
		for _, i := range curOn {
			p := int(in[i].node)
			if fi < 0 && cb.adj.turnsOff(p, src) {
				fi = i
			}
			dOff := in[i].depth + 1
			for _, q := range cb.adj.fertileOffs(p) {
				n := q + nCands
				if !toOff.has(int(q)) {
					toOff.add(int(q))
				} else if !slices.Contains(closers, int16(q)) || isAncestor(in, i, n) {
					continue
				}
				in = append(in, inst{node: n, parent: i, depth: dOff})
				j := int32(len(in) - 1)
				for _, q16 := range cb.adj.onsOf(int(q), y, x) {
					if closing && int(q16) == src {
						c.cycleFound(col, in, j, src, x, y, base)
					}
					if !toOn.has(int(q16)) {
						toOn.add(int(q16))
						in = append(in, inst{node: int32(q16), parent: j, depth: dOff + 1})
						nxt = append(nxt, int32(len(in)-1))
					}
				}
			}
		}
		length++
		curOn, nxt = nxt, curOn
	}
	cb.in, cb.curOn, cb.nxt = in, curOn, nxt
	return fi
}

// forcingFromOn makes the hint of the forcing chain from src on to src
// off that ends at on instance fi of the search of cycles(col, cb, src, y,
// true) just made, as forcing(col, cb, src, src, y) would: the search of
// cycles meets the on candidates in the same order as forcing's, each
// first from the same off candidate, which it first meets from the same
// on candidate (an off candidate met again adds no on candidate); and its
// length limit, set with a lower base before any hint it adds, lets it go
// at least as far as forcing goes to find a chain that can win.
func (c *chainer) forcingFromOn(col *collector, cb *cycleBufs, src int, y bool, fi int32) {
	if fi < 0 {
		return
	}
	in := cb.in
	base := 6.6
	sk := 2
	if y {
		base, sk = 7.0, 4
	}
	cx := int(in[fi].depth) + 2
	_, bonus := lengthBonus(cx)
	d := base + bonus
	if !col.wins(d, cx, sk) {
		return
	}
	path := []int{src + nCands}
	for k := fi; k >= 0; k = in[k].parent {
		path = append(path, int(in[k].node))
	}
	reverse(path)
	h := &hint{kind: kindForcing, xChain: true, yChain: y, diff: d, complexity: cx, sortKey: sk,
		elim: []int{src}, place: -1, src: src, house: -1, branches: []branch{{path: path}}}
	if col.keep {
		h.parents = c.pathParents(path)
	}
	col.add(h)
}

// cycleFound makes the hint of a cycle closing at off instance j.
func (c *chainer) cycleFound(col *collector, in []inst, j int32, src int, x, y bool, base float64) {
	cx := int(in[j].depth) + 1
	_, bonus := lengthBonus(cx)
	d := base + bonus
	sk := 2
	if x && y {
		sk = 4
	} else if y {
		sk = 3
	}
	if !col.wins(d, cx, sk) {
		return
	}
	// the cycle: src (on) then back through the parents of j
	nodes := []int32{int32(src)}
	for k := j; k >= 0 && in[k].parent >= 0; k = in[k].parent {
		nodes = append(nodes, in[k].node)
	}
	var inCycle [81]bool
	for _, nd := range nodes {
		inCycle[int(nd)%nCands/9] = true
	}
	var forw, back candSet
	for _, nd := range nodes {
		cand := int(nd) % nCands
		cell, dg := cand/9, cand%9
		bit := uint16(1) << dg
		ps := c.geo.peers[cell]
		for w := range 2 {
			for x := ps[w]; x != 0; x &= x - 1 {
				p := w*64 + bits.TrailingZeros64(x)
				if !inCycle[p] && c.cur[p]&bit != 0 {
					if int(nd) < nCands {
						forw.add(p*9 + dg)
					} else {
						back.add(p*9 + dg)
					}
				}
			}
		}
	}
	var elim []int
	for i := range forw {
		for m := forw[i] & back[i]; m != 0; m &= m - 1 {
			elim = append(elim, i*64+bits.TrailingZeros64(m))
		}
	}
	if len(elim) == 0 {
		return
	}
	// path from the assumption around to the assumption again
	path := []int{src}
	for k := len(nodes) - 1; k >= 1; k-- {
		path = append(path, int(nodes[k]))
	}
	path = append(path, src)
	h := &hint{kind: kindCycle, xChain: x, yChain: y, diff: d, complexity: cx, sortKey: sk,
		elim: elim, place: -1, src: src, house: -1, branches: []branch{{path: path}}}
	if col.keep {
		h.parents = c.pathParents(path)
	}
	col.add(h)
}

// forcing looks for a forcing chain from src off back to src on, as
// Sudoku Explainer's doForcingChains (the chain from src on is found by
// cycles, see forcingFromOn). Each off candidate is expanded as soon as it
// is first met, which keeps the order in which on candidates are met.
func (c *chainer) forcing(col *collector, cb *cycleBufs, src int, y bool) {
	base := 6.6
	if y {
		base = 7.0
	}
	lim := col.limit(base)
	start := src + nCands
	var toOn, toOff candSet
	toOff.add(src)
	cb.fParent[start] = -1
	cb.fDepth[start] = 0
	found := -1
	nxt, hit := cb.expandOff(int32(src), src, y, &toOn, cb.nxt[:0])
	curOn := cb.curOn[:0]
	if hit {
		found = src
	}
	for found < 0 && len(nxt) > 0 {
		curOn, nxt = nxt, curOn[:0]
		if int(cb.fDepth[curOn[0]])+2 > lim+1 {
			break
		}
	on:
		for _, p := range curOn {
			for _, q := range cb.adj.fertileOffs(int(p)) {
				if !toOff.has(int(q)) {
					toOff.add(int(q))
					n := q + nCands
					cb.fParent[n] = p
					cb.fDepth[n] = cb.fDepth[p] + 1
					if nxt, hit = cb.expandOff(q, src, y, &toOn, nxt); hit {
						found = src
						break on
					}
				}
			}
		}
	}
	cb.curOn, cb.nxt = curOn, nxt
	if found < 0 {
		return
	}
	cx := int(cb.fDepth[found]) + 1
	_, bonus := lengthBonus(cx)
	d := base + bonus
	sk := 2
	if y {
		sk = 4
	}
	h := &hint{kind: kindForcing, xChain: true, yChain: y, diff: d, complexity: cx, sortKey: sk,
		place: -1, src: src, house: -1}
	if found < nCands {
		cell := src / 9
		if bits.OnesCount16(c.cur[cell]) < 2 {
			return
		}
		h.place = src
	} else {
		h.elim = []int{src}
	}
	if !col.wins(d, cx, sk) {
		return
	}
	var path []int
	for n := int32(found); n >= 0; n = cb.fParent[n] {
		path = append(path, int(n))
		if int(n) == start {
			break
		}
	}
	reverse(path)
	h.branches = []branch{{path: path}}
	if col.keep {
		h.parents = c.pathParents(path)
	}
	col.add(h)
}

// expandOff appends to nxt the on candidates off candidate p turns on
// that are not in toOn yet, recording their parents; it reports whether p
// turns src on, which then has p as parent.
func (cb *cycleBufs) expandOff(p int32, src int, y bool, toOn *candSet, nxt []int32) ([]int32, bool) {
	pn := p + nCands
	d := cb.fDepth[pn] + 1
	for _, q16 := range cb.adj.onsOf(int(p), y, true) {
		q := int32(q16)
		if int(q) == src {
			cb.fParent[q] = pn
			cb.fDepth[q] = d
			return nxt, true
		}
		if !toOn.has(int(q)) {
			toOn.add(int(q))
			cb.fParent[q] = pn
			cb.fDepth[q] = d
			nxt = append(nxt, q)
		}
	}
	return nxt, false
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// cyclesAndForcing is Sudoku Explainer's first chaining stage: X-cycles,
// Y-cycles and forcing X-chains, then cycles and forcing chains with both
// kinds of links.
func (c *chainer) cyclesAndForcing(col *collector) {
	cb := cycleBufPool.Get().(*cycleBufs)
	defer cycleBufPool.Put(cb)
	cb.adj.build(c)
	for _, pass := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		y, x := pass[0], pass[1]
		cb.adj.pass(y, x)
		for cell := 0; cell < 81; cell++ {
			if c.stopped() {
				return
			}
			m := c.cur[cell]
			if bits.OnesCount16(m) < 2 {
				continue
			}
			if !x && bits.OnesCount16(m) > 2 {
				continue
			}
			for ; m != 0; m &= m - 1 {
				src := cell*9 + bits.TrailingZeros16(m)
				fi := c.cycles(col, cb, src, y, x)
				if x {
					c.forcingFromOn(col, cb, src, y, fi)
					c.forcing(col, cb, src, y)
				}
			}
		}
	}
}

// ---------------------------------------------------------------------
// Multiple, Nishio, dynamic and nested forcing chains

type multiState struct {
	onRuns [nCands]*run
	used   []int
	offRun *run
}

// onRun returns the propagation of candidate cand assumed on, computed
// once per stage.
func (c *chainer) onRun(ms *multiState, cand int) *run {
	if r := ms.onRuns[cand]; r != nil {
		return r
	}
	r := c.newRun()
	c.propagate(r, cand)
	ms.onRuns[cand] = r
	ms.used = append(ms.used, cand)
	return r
}

// branchSpec is one branch of a multiple-chain hint: a run and its target.
type branchSpec struct {
	r    *run
	node int
}

// evaluate rates a hint with the given branches and makes it the best if
// it wins.
func (c *chainer) evaluate(col *collector, base float64, kind, sk int, target int, bs []branchSpec, src, house, digit int) {
	// removable potentials
	var elim []int
	place := -1
	if target < nCands {
		cell := target / 9
		if bits.OnesCount16(c.cur[cell]) < 2 {
			return
		}
		place = target
	} else {
		elim = []int{target - nCands}
	}
	lim := col.limit(base)
	// The first-parent path of a node (depth+1 distinct nodes) is among
	// its ancestors: a lower bound of the complexity.
	lb := 0
	for _, b := range bs {
		lb += int(b.r.depth[b.node]) + 1
	}
	if lb > lim {
		return
	}
	cx := 0
	var nests []int32
	for _, b := range bs {
		cx += c.ancestors(b.r, b.node, lim-cx+1, &nests)
		if cx > lim {
			return
		}
	}
	for _, id := range nests {
		cx += c.nests[id-1].complexity
	}
	_, bonus := lengthBonus(cx)
	d := base + bonus
	if !col.wins(d, cx, sk) {
		return
	}
	h := &hint{kind: kind, xChain: true, yChain: true, diff: d, complexity: cx, sortKey: sk,
		elim: elim, place: place, src: src, house: house, digit: digit, cfg: c.cfg}
	for _, b := range bs {
		h.branches = append(h.branches, snapBranch(b.r, b.node))
	}
	if col.keep {
		h.parents = c.ruleParents(h, bs)
	}
	col.add(h)
}

// snapBranch copies the first-parent path to node n.
func snapBranch(r *run, n int) branch {
	var path []int
	var via []int32
	for k := 0; k < nNodes; k++ {
		path = append(path, n)
		if r.cause[n] == causeAdvanced && r.pLen[n] > 0 && r.via[n] > 0 {
			via = slices.Grow(via, len(path))[:len(path)]
			via[len(path)-1] = r.via[n]
		}
		if r.pLen[n] == 0 {
			break
		}
		n = int(r.par[r.pStart[n]])
	}
	reverse(path)
	if via != nil {
		via = append(via, make([]int32, len(path)-len(via))...)
		slices.Reverse(via)
	}
	return branch{path: path, via: via}
}

// multiple is Sudoku Explainer's getMultipleChainsHintList for the
// Nishio, multiple, dynamic and nested stages.
func (c *chainer) multiple(col *collector) {
	ms := multiPool.Get().(*multiState)
	defer func() {
		for _, k := range ms.used {
			ms.onRuns[k] = nil
		}
		ms.used = ms.used[:0]
		multiPool.Put(ms)
	}()
	if ms.offRun == nil {
		ms.offRun = &run{}
	}
	base := c.cfg.baseDifficulty()
	dyn, nishio := c.cfg.dynamic, c.cfg.nishio
	for cell := 0; cell < 81; cell++ {
		if c.stopped() {
			return
		}
		cm := c.cur[cell]
		card := bits.OnesCount16(cm)
		if !(card > 2 || (card > 1 && dyn)) {
			continue
		}
		doDouble := card >= 3 && !nishio && dyn
		doContra := dyn || nishio
		var cellOn, cellOff candSet
		var first *run
		for m := cm; m != 0; m &= m - 1 {
			v := bits.TrailingZeros16(m)
			cand := cell*9 + v
			on := c.onRun(ms, cand)
			if doContra && on.absOn >= 0 {
				c.evaluate(col, base, kindContradiction, 7, cand+nCands,
					[]branchSpec{{on, on.absOn}, {on, on.absOff}}, cand, -1, 0)
			}
			if doDouble || doContra {
				off := ms.offRun
				c.propagate(off, cand+nCands)
				if doContra && off.absOn >= 0 {
					c.evaluate(col, base, kindContradiction, 7, cand,
						[]branchSpec{{off, off.absOn}, {off, off.absOff}}, cand+nCands, -1, 0)
				}
				if doDouble {
					for _, q := range on.onQ {
						if off.on.has(int(q)) {
							c.evaluate(col, base, kindDouble, 1, int(q),
								[]branchSpec{{on, int(q)}, {off, int(q)}}, cand, -1, 0)
						}
					}
					for _, q := range on.offQ {
						if off.off.has(int(q)) {
							n := int(q) + nCands
							c.evaluate(col, base, kindDouble, 1, n,
								[]branchSpec{{on, n}, {off, n}}, cand, -1, 0)
						}
					}
				}
			}
			if !nishio {
				c.regionChains(col, ms, base, cell, v, on)
			}
			if first == nil {
				first = on
				cellOn, cellOff = on.on, on.off
			} else {
				for i := range cellOn {
					cellOn[i] &= on.on[i]
					cellOff[i] &= on.off[i]
				}
			}
		}
		if nishio || !(card == 2 || (c.cfg.multiple && card > 2)) {
			continue
		}
		c.cellChains(col, ms, base, cell, first, &cellOn, &cellOff)
	}
}

var multiPool = sync.Pool{New: func() any { return &multiState{} }}

func (c *chainer) cellChains(col *collector, ms *multiState, base float64, cell int, first *run, cellOn, cellOff *candSet) {
	var bs [9]branchSpec
	cm := c.cur[cell]
	for pass := 0; pass < 2; pass++ {
		list, set := first.onQ, cellOn
		if pass == 1 {
			list, set = first.offQ, cellOff
		}
		for _, q := range list {
			if !set.has(int(q)) {
				continue
			}
			n := int(q) + pass*nCands
			k := 0
			for m := cm; m != 0; m &= m - 1 {
				bs[k] = branchSpec{ms.onRuns[cell*9+bits.TrailingZeros16(m)], n}
				k++
			}
			c.evaluate(col, base, kindCell, 5, n, bs[:k], cell, -1, 0)
		}
	}
}

// regionChains looks for region forcing chains on digit v+1 in the houses
// of cell whose first place for the digit is cell.
func (c *chainer) regionChains(col *collector, ms *multiState, base float64, cell, v int, on *run) {
	bit := uint16(1) << v
	for _, h := range c.geo.chHouses[cell] {
		var places [9]int
		n := 0
		for _, o := range &c.geo.cells[h] {
			if c.cur[o]&bit != 0 {
				places[n] = int(o)
				n++
			}
		}
		if !(n == 2 || (c.cfg.multiple && n > 2)) || places[0] != cell {
			continue
		}
		var bs [9]branchSpec
		regOn, regOff := on.on, on.off
		for i := 1; i < n; i++ {
			r := c.onRun(ms, places[i]*9+v)
			for k := range regOn {
				regOn[k] &= r.on[k]
				regOff[k] &= r.off[k]
			}
		}
		for pass := 0; pass < 2; pass++ {
			list, set := on.onQ, &regOn
			if pass == 1 {
				list, set = on.offQ, &regOff
			}
			for _, q := range list {
				if !set.has(int(q)) {
					continue
				}
				nd := int(q) + pass*nCands
				for i := 0; i < n; i++ {
					bs[i] = branchSpec{ms.onRuns[places[i]*9+v], nd}
				}
				c.evaluate(col, base, kindRegion, 6, nd, bs[:n], cell, h, v+1)
			}
		}
	}
}

// ---------------------------------------------------------------------
// Stages

// findChains runs one chaining stage on b and returns its step.
func findChains(b *Board, cfg chainCfg, cyc bool) (Step, bool) {
	return findChainsCached(b, cfg, cyc, nil)
}

// findChainsCached is findChains with the nested cycles and forcing
// chains of cache (nil for none).
func findChainsCached(b *Board, cfg chainCfg, cyc bool, cache *nestCache) (Step, bool) {
	c := loadChainer(b, cfg)
	defer chainerPool.Put(c)
	c.cafCache = cache
	var col collector
	if cyc {
		c.cyclesAndForcing(&col)
	} else {
		c.multiple(&col)
	}
	if col.best == nil {
		return Step{}, false
	}
	return c.step(col.best), true
}

// step builds the Step of hint h.
func (c *chainer) step(h *hint) Step {
	s := Step{Technique: c.technique(h), Rating: Rating(int((h.diff+0.05)*10 + 1e-9))}
	if h.place >= 0 {
		s.Placements = []Candidate{candOf(h.place)}
	}
	for _, e := range h.elim {
		s.Eliminations = append(s.Eliminations, candOf(e))
	}
	seenCell := map[int]bool{}
	seenDigit := map[int]bool{}
	for _, br := range h.branches {
		for i, n := range br.path {
			cd := n % nCands
			if !seenCell[cd/9] {
				seenCell[cd/9] = true
				s.Cells = append(s.Cells, sudoku.Cell(cd/9))
			}
			if !seenDigit[cd%9+1] {
				seenDigit[cd%9+1] = true
				s.Digits = append(s.Digits, cd%9+1)
			}
			if i > 0 {
				prev := br.path[i-1]
				l := Link{From: candOf(prev % nCands), To: candOf(cd), Strong: n < nCands}
				if br.via != nil && br.via[i] > 0 {
					l.Via = c.geo.rules.props[br.via[i]-1].String()
				}
				s.Links = append(s.Links, l)
			}
		}
	}
	if h.house >= 0 {
		s.Houses = []sudoku.House{sudoku.House(h.house)}
	}
	return s
}

func candOf(cd int) Candidate { return Candidate{Cell: sudoku.Cell(cd / 9), Digit: cd%9 + 1} }

// technique names the hint as Sudoku Explainer does.
func (c *chainer) technique(h *hint) Technique {
	switch h.kind {
	case kindCycle:
		switch {
		case h.xChain && h.yChain:
			return XYCycle
		case h.yChain:
			return YCycle
		}
		return XCycle
	case kindForcing:
		if h.yChain {
			return ForcingChain
		}
		return ForcingXChain
	}
	cfg := h.cfg
	prefix, suffix := "", " Chains"
	switch {
	case cfg.level > 0 || (cfg.dynamic && !cfg.nishio):
		prefix = "Dynamic "
	case cfg.nishio:
		prefix = "Nishio "
	}
	switch {
	case cfg.level == 1:
		suffix += " (+)"
	case cfg.level == 2:
		suffix += " (+ Forcing Chains)"
	case cfg.level == 3:
		suffix += " (+ Multiple Forcing Chains)"
	case cfg.level >= 4:
		suffix += " (+ Dynamic Forcing Chains)"
	}
	name := ""
	switch h.kind {
	case kindContradiction:
		name = "Contradiction Forcing"
		if cfg.nishio {
			name = "Forcing"
		}
	case kindDouble:
		name = "Double Forcing"
	case kindCell:
		name = "Cell Forcing"
	case kindRegion:
		name = "Region Forcing"
	}
	return multiTechnique(prefix+name+suffix, h.kind)
}

// chainLinks splits a step's links into its chains: a chain starts where
// a link does not continue the previous one.
func chainLinks(s *Step) [][]Link {
	var out [][]Link
	for i, l := range s.Links {
		if i == 0 || l.From != s.Links[i-1].To {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], l)
	}
	return out
}

func potString(c Candidate, on bool) string {
	if on {
		return fmt.Sprintf("%v=%d", c.Cell, c.Digit)
	}
	return fmt.Sprintf("%v<>%d", c.Cell, c.Digit)
}

// chainString writes a chain as "r1c2=5 => r1c7<>5 => r3c7=5". A strong
// link ends on a digit set, a weak one on a digit excluded.
func chainString(ls []Link) string {
	if len(ls) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(potString(ls[0].From, !ls[0].Strong))
	for _, l := range ls {
		if l.Via != "" {
			fmt.Fprintf(&b, " =(%s)=> ", l.Via)
		} else {
			b.WriteString(" => ")
		}
		b.WriteString(potString(l.To, l.Strong))
	}
	return b.String()
}

// conclusion writes what the step does.
func conclusion(s *Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, potString(p, true))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, potString(e, false))
	}
	return strings.Join(parts, ", ")
}

func explainCycle(s *Step) string {
	cs := chainLinks(s)
	if len(cs) == 0 {
		return conclusion(s)
	}
	return fmt.Sprintf("the loop %s holds both ways round, so %s", chainString(cs[0]), conclusion(s))
}

func explainForcing(s *Step) string {
	cs := chainLinks(s)
	if len(cs) == 0 {
		return conclusion(s)
	}
	return fmt.Sprintf("%s contradicts its start, so %s", chainString(cs[0]), conclusion(s))
}

func explainContradiction(s *Step) string {
	cs := chainLinks(s)
	if len(cs) < 2 {
		return conclusion(s)
	}
	return fmt.Sprintf("assuming %s leads to a contradiction: %s and %s, so %s",
		potString(cs[0][0].From, !cs[0][0].Strong), chainString(cs[0]), chainString(cs[1]), conclusion(s))
}

func explainDouble(s *Step) string {
	cs := chainLinks(s)
	if len(cs) < 2 {
		return conclusion(s)
	}
	return fmt.Sprintf("whether %s or not: %s and %s, so %s",
		potString(cs[0][0].From, true), chainString(cs[0]), chainString(cs[1]), conclusion(s))
}

func explainMulti(s *Step) string {
	cs := chainLinks(s)
	var b strings.Builder
	if len(s.Houses) > 0 && len(cs) > 0 {
		fmt.Fprintf(&b, "wherever %d goes in %v", cs[0][0].From.Digit, houseName(s.Houses[0]))
	} else if len(cs) > 0 {
		fmt.Fprintf(&b, "whichever digit %v holds", cs[0][0].From.Cell)
	}
	for _, c := range cs {
		fmt.Fprintf(&b, "; %s", chainString(c))
	}
	fmt.Fprintf(&b, "; so %s", conclusion(s))
	return b.String()
}

func init() {
	register("ChainsAndCycles", func(b *Board) (Step, bool) { return findChains(b, chainCfg{}, true) })
	register("Nishio", func(b *Board) (Step, bool) {
		return findChains(b, chainCfg{dynamic: true, nishio: true}, false)
	})
	register("MultipleForcingChains", func(b *Board) (Step, bool) {
		return findChains(b, chainCfg{multiple: true}, false)
	})
	register("DynamicForcingChains", func(b *Board) (Step, bool) {
		return findChains(b, chainCfg{multiple: true, dynamic: true}, false)
	})
	register("DynamicForcingChainsPlus", func(b *Board) (Step, bool) {
		return findChains(b, chainCfg{multiple: true, dynamic: true, level: 1}, false)
	})
	// Forcing chains do not read cage sums: on killers they cannot
	// solve, nested ones search for minutes (cages.go).
	register("NestedForcingChains", unlessKiller(findNested))
}

// nestedCfgs are Sudoku Explainer's nested stages, tried in order: level 2
// (9.5), level 3 (10.0) and level 4 (10.5) with dynamic chains nested at
// levels 0, 1 and 2.
var nestedCfgs = []chainCfg{
	{multiple: true, dynamic: true, level: 2},
	{multiple: true, dynamic: true, level: 3},
	{multiple: true, dynamic: true, level: 4, nestLim: 0},
	{multiple: true, dynamic: true, level: 4, nestLim: 1},
	{multiple: true, dynamic: true, level: 4, nestLim: 2},
}

func findNested(b *Board) (Step, bool) {
	// Levels 2 and 3 nest cycles and forcing chains, on reduced grids that
	// level 3 meets again after level 2.
	cache := &nestCache{m: map[[2][81]uint16][]advOff{}}
	for _, cfg := range nestedCfgs {
		if s, ok := findChainsCached(b, cfg, false, cache); ok {
			return s, true
		}
	}
	return Step{}, false
}
