package solver

import (
	"context"
	"encoding/binary"
	"math/bits"

	"sudoku"
)

// fastEngine is the production engine. It keeps the grid as band bitboards in
// the manner of Zhou Yundong's JCZSolve: for each digit and each band of
// three rows, one 27-bit word of the cells where the digit may still go
// (bit 9*r + c for row r of the band and column c). 27 words make the
// whole candidate grid; with a few more words of bookkeeping the state is
// about 250 bytes and is copied by value at each guess (no undo log).
//
// Propagation works a band word at a time (see fastState.update): the
// minirows (three cells of a row inside one box) that still hold the digit
// are looked up in a table of the six ways a digit can sit in a band, which
// removes in one step every minirow that no such way uses (locked
// candidates of both kinds and the band's hidden singles); a box whose
// candidates lie in one column clears that column in the two other bands;
// a row left with one cell is solved and the cell is cleared for the other
// digits. Between rounds of this, a pass over the nine digits of each band
// counts candidates per cell, placing naked singles, finding dead cells and
// remembering the bi-value cells. Hidden singles of columns, which the band
// words do not see, are found by comparing the columns open in each band.
//
// The search branches on a cell with the fewest candidates (nearly always
// two), preferring the cell with the most unsolved peers: on the hardest
// sets this halves the guesses of JCZSolve's first-bi-value-cell rule.
// Result.Guesses counts the cells branched on, Result.Nodes the states
// propagated (the root and every branch tried). Search allocates nothing
// on the heap and shares no mutable state.
//
// Built with GOEXPERIMENT=simd on amd64, fastEngine runs instead, on CPUs with
// AVX-512 (BW, VL) and BITALG, the SIMD engine of fast_simd.go: tdoku's
// solver in simd/archsimd, which propagates more (triads: a minirow
// holds exactly three digits) and branches on band configurations. It
// makes tdoku's guesses (110 a puzzle on the hardest set where the
// portable engine makes 136); there Guesses counts configurations
// branched on, and its states come from a pool (no allocation once warm).
var fastEngine gridEngine = fast{}

type fast struct{}

func (fast) Name() string { return "fast" }

// Masks of band words.
const (
	all27 = 1<<27 - 1
	low9  = 1<<9 - 1
	// colBits has column 0 set in the three rows of a band.
	colBits = 1 | 1<<9 | 1<<18
)

// fastState is the search state, copied at each guess.
type fastState struct {
	// cand[d][b] holds the cells of band b where digit d+1 may go.
	cand [9][3]uint32
	// prev[d][b] is cand[d][b] as update last processed it; a word that
	// differs needs processing again.
	prev [9][3]uint32
	// unsolved[b] holds the cells of band b not yet solved.
	unsolved [3]uint32
	// pairs[b] holds the cells of band b with exactly two candidates, as
	// found by the last nakedSingles pass.
	pairs [3]uint32
}

// Tables, filled by init and read-only afterwards.
var (
	// shrinkTbl maps the nine cells of a row to its three minirows: bit k
	// is set when box k of the row holds a candidate.
	shrinkTbl [512]uint32
	// bandTbl maps the minirows of a band word (bit 3*r + k for row r and
	// box k) to the cells of the minirows that some valid placement of the
	// digit in the band uses: the union over the six permutations (row r
	// in box p(r)) whose three minirows are all present. 0 means no
	// placement is left.
	bandTbl [512]uint32
	// otherBandTbl maps the columns that hold the digit in a band (nine
	// bits) to the mask to apply to the two other bands' words: each box
	// whose candidates lie in one column claims that column.
	otherBandTbl [512]uint32
	// oneTbl is low9 for a row with exactly one cell, else 0.
	oneTbl [512]uint32
	// peerTbl[p] clears the row and box of band cell p, p itself kept
	// (32 entries, so that an index masked with 31 needs no bounds check).
	peerTbl [32]uint32
	// colMaskTbl[p] holds the column of band cell p.
	colMaskTbl [32]uint32
	// colTbl[p] clears the column of band cell p (in another band).
	colTbl [27]uint32
	// boxColsTbl maps columns to the same set widened to the whole box for
	// every box holding at least one of them (for column hidden singles).
	boxColsTbl [512]uint32
)

func init() {
	for x := 0; x < 512; x++ {
		var s uint32
		for k := 0; k < 3; k++ {
			if x>>(3*k)&7 != 0 {
				s |= 1 << k
			}
		}
		shrinkTbl[x] = s
		if bits.OnesCount(uint(x)) == 1 {
			oneTbl[x] = low9
		}
		o := uint32(all27)
		var wide uint32
		for k := 0; k < 3; k++ {
			c := x >> (3 * k) & 7
			if bits.OnesCount(uint(c)) == 1 {
				o &^= colBits << (3*k + bits.TrailingZeros(uint(c)))
			}
			if c != 0 {
				wide |= 7 << (3 * k)
			}
		}
		otherBandTbl[x] = o
		boxColsTbl[x] = wide
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for t := 0; t < 512; t++ {
		var m uint32
		for _, p := range perms {
			ok := true
			var cells uint32
			for r := 0; r < 3; r++ {
				if t>>(3*r+p[r])&1 == 0 {
					ok = false
					break
				}
				cells |= 7 << (9*r + 3*p[r])
			}
			if ok {
				m |= cells
			}
		}
		bandTbl[t] = m
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		k := c / 3
		var peers uint32 = low9 << (9 * r)
		for rr := 0; rr < 3; rr++ {
			peers |= 7 << (9*rr + 3*k)
		}
		peerTbl[p] = all27&^peers | 1<<p
		colTbl[p] = ^(uint32(colBits) << c)
		colMaskTbl[p] = colBits << c
	}
}

// fastSearch is one call of Search: the limit and the result so far.
type fastSearch struct {
	limit int
	res   gridResult
	// near, when set, is a grid whose digit is tried first at each
	// branch (see Another).
	near *sudoku.Grid
	// ctx, when set, is looked at every ctxEverySolutions solutions:
	// one search of a 9x9 takes milliseconds at most, but counting
	// the solutions of a nearly empty grid can run for hours.
	ctx  context.Context
	done bool
}

// ctxEverySolutions is how many solutions Fast counts between two looks
// at the context.
const ctxEverySolutions = 1 << 12

func (fast) Search(g sudoku.Grid, limit int) gridResult {
	r, _ := fastGrid(nil, &g, limit)
	return r
}

// SearchContext is Search, stopping with ctx's error when ctx is done.
// Fast looks at ctx only between solutions: a search for one or two of
// them ends in milliseconds anyway.
func (fast) SearchContext(ctx context.Context, g sudoku.Grid, limit int) (gridResult, error) {
	if err := ctx.Err(); err != nil {
		return gridResult{}, err
	}
	r, done := fastGrid(ctx, &g, limit)
	if done {
		return r, ctx.Err()
	}
	return r, nil
}

// fastGrid searches g for up to limit solutions with the SIMD engine
// when it runs here, else with the portable one; ctx, when not nil, is
// looked at between solutions. done reports a search stopped for ctx.
func fastGrid(ctx context.Context, g *sudoku.Grid, limit int) (r gridResult, done bool) {
	if simdOK {
		return simdSearchGrid(ctx, g, limit)
	}
	return portableGrid(ctx, g, limit)
}

// portableGrid is fastGrid with the portable engine.
func portableGrid(ctx context.Context, g *sudoku.Grid, limit int) (gridResult, bool) {
	sr := fastSearch{limit: max(limit, 1), ctx: ctx}
	sr.run(g)
	return sr.res, sr.done
}

// run searches g from its givens.
func (sr *fastSearch) run(g *sudoku.Grid) {
	var s fastState
	if s.init(g) {
		sr.solve(&s)
	}
}

// init sets up the state for grid g; it reports false if g is found
// unsolvable on the way (a given whose digit is already ruled out).
func (s *fastState) init(g *sudoku.Grid) bool {
	for d := range s.cand {
		s.cand[d] = [3]uint32{all27, all27, all27}
		// prev can never equal a band word: every word is processed.
		s.prev[d] = [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
	}
	s.unsolved = [3]uint32{all27, all27, all27}
	// The givens' cells are cleared for the other digits at the end, in
	// one pass over the words: g0, g1 and g2 hold the givens of each band,
	// own[d][b] those of digit d+1.
	var own [9][3]uint32
	g0, ok0 := s.initBand(g, &own, 0, 1, 2)
	g1, ok1 := s.initBand(g, &own, 1, 2, 0)
	g2, ok2 := s.initBand(g, &own, 2, 0, 1)
	if !ok0 || !ok1 || !ok2 {
		return false
	}
	for d := range s.cand {
		c, o := &s.cand[d], &own[d]
		c[0] &^= g0 &^ o[0]
		c[1] &^= g1 &^ o[1]
		c[2] &^= g2 &^ o[2]
	}
	return true
}

// initBand places the givens of band b of g: each given's digit leaves its
// row, box and column. b1 and b2, the two other bands, are passed in
// rather than computed modulo 3 for each given; with colTbl that made init
// 20% faster. It returns the givens' cells, and false if a given is not a
// digit or its digit was already ruled out in its cell.
func (s *fastState) initBand(g *sudoku.Grid, own *[9][3]uint32, b, b1, b2 uint) (uint32, bool) {
	m := bandGivens(g, b)
	band := (*[27]uint8)(g[27*b : 27*b+27])
	for w := m; w != 0; w &= w - 1 {
		p := uint(bits.TrailingZeros32(w)) % 27
		d := uint(band[p] - 1)
		if d > 8 {
			return 0, false
		}
		bit := uint32(1) << p
		c := &s.cand[d]
		if c[b]&bit == 0 {
			return 0, false
		}
		c[b] &= peerTbl[p]
		c[b1] &= colTbl[p]
		c[b2] &= colTbl[p]
		own[d][b] |= bit
	}
	return m, true
}

// bandGivens returns the cells of band b of g that hold a digit, as a
// band word. It looks at eight cells at a time: a byte's high bit is set
// after adding 0x7f to its low seven bits, or-ed with itself, exactly when
// it is not zero, and one multiplication gathers the eight high bits.
func bandGivens(g *sudoku.Grid, b uint) uint32 {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	var m uint32
	for r := uint(0); r < 3; r++ {
		i := 27*b + 9*r
		w := binary.LittleEndian.Uint64(g[i : i+8])
		hi := ((w & lo7) + lo7 | w) &^ lo7
		m |= uint32(hi>>7*0x0102040810204080>>56) << (9 * r)
		if g[i+8] != 0 {
			m |= 1 << (9*r + 8)
		}
	}
	return m
}

// update runs the band-word propagation to a fixed point. It reports
// false on a contradiction. A round goes over the 27 words in order
// (digit by digit, bands 0 to 2); another round follows only when a word
// changed after its turn in this one.
func (s *fastState) update() bool {
	for again := true; again; {
		again = false
		for d := range s.cand {
			c, pv := &s.cand[d], &s.prev[d]
			if w := c[0]; w != pv[0] {
				if w = bandLocked(w); w == 0 {
					return false
				}
				pv[0] = w
				o := otherBands(w)
				c[1] &= o
				c[2] &= o
				if sv := solvedCells(w); sv&s.unsolved[0] != 0 {
					s.unsolved[0] &^= sv
					s.clearCells(0, sv)
					again = again || d > 0
				}
				c[0] = w
			}
			if w := c[1]; w != pv[1] {
				if w = bandLocked(w); w == 0 {
					return false
				}
				pv[1] = w
				o := otherBands(w)
				again = again || c[0]&^o != 0
				c[0] &= o
				c[2] &= o
				if sv := solvedCells(w); sv&s.unsolved[1] != 0 {
					s.unsolved[1] &^= sv
					s.clearCells(1, sv)
					again = again || d > 0
				}
				c[1] = w
			}
			if w := c[2]; w != pv[2] {
				if w = bandLocked(w); w == 0 {
					return false
				}
				pv[2] = w
				o := otherBands(w)
				again = again || (c[0]|c[1])&^o != 0
				c[0] &= o
				c[1] &= o
				if sv := solvedCells(w); sv&s.unsolved[2] != 0 {
					s.unsolved[2] &^= sv
					s.clearCells(2, sv)
					again = again || d > 0
				}
				c[2] = w
			}
		}
	}
	return true
}

// bandLocked returns band word w without the minirows that no placement
// of the digit in the band uses; 0 if no placement is left.
func bandLocked(w uint32) uint32 {
	t := shrinkTbl[w&low9] | shrinkTbl[w>>9&low9]<<3 | shrinkTbl[w>>18&low9]<<6
	return w & bandTbl[t&511]
}

// otherBands returns the mask that band word w imposes on the digit's
// words of the two other bands.
func otherBands(w uint32) uint32 {
	return otherBandTbl[(w|w>>9|w>>18)&low9]
}

// solvedCells returns the cells of band word w alone in their row.
func solvedCells(w uint32) uint32 {
	return w & (oneTbl[w&low9] | oneTbl[w>>9&low9]<<9 | oneTbl[w>>18&low9]<<18)
}

// clearCells removes the cells m of band b from every digit.
func (s *fastState) clearCells(b uint, m uint32) {
	c := &s.cand
	b %= 3
	c[0][b] &^= m
	c[1][b] &^= m
	c[2][b] &^= m
	c[3][b] &^= m
	c[4][b] &^= m
	c[5][b] &^= m
	c[6][b] &^= m
	c[7][b] &^= m
	c[8][b] &^= m
}

// nakedSingles counts the candidates of each cell: it places the naked
// singles, records the bi-value cells in pairs, and reports whether it
// placed any and false for ok when a cell has no candidate left.
func (s *fastState) nakedSingles() (placed, ok bool) {
	for b := uint(0); b < 3; b++ {
		var c1, c2, c3 uint32
		for d := range s.cand {
			m := s.cand[d][b]
			c3 |= c2 & m
			c2 |= c1 & m
			c1 |= m
		}
		if c1 != all27 {
			return false, false
		}
		s.pairs[b] = c2 &^ c3
		singles := (c1 &^ c2) & s.unsolved[b]
	next:
		for singles != 0 {
			p := uint(bits.TrailingZeros32(singles))
			bit := uint32(1) << p
			singles &^= bit
			placed = true
			for d := range s.cand {
				if s.cand[d][b]&bit != 0 {
					s.cand[d][b] &= peerTbl[p&31]
					continue next
				}
			}
			return false, false // an earlier single took its digit
		}
	}
	return placed, true
}

// hiddenColumns finds, for each digit, the columns open in one band only:
// the digit must go there, so the other columns of that column's box are
// cleared in that band. It reports whether it changed anything and false
// for ok when a column has no place left for a digit.
func (s *fastState) hiddenColumns() (changed, ok bool) {
	for d := range s.cand {
		w0, w1, w2 := s.cand[d][0], s.cand[d][1], s.cand[d][2]
		c0 := (w0 | w0>>9 | w0>>18) & low9
		c1 := (w1 | w1>>9 | w1>>18) & low9
		c2 := (w2 | w2>>9 | w2>>18) & low9
		if c0|c1|c2 != low9 {
			return false, false
		}
		once := (c0 ^ c1 ^ c2) &^ (c0 & c1 & c2)
		if once == 0 {
			continue
		}
		if f := once & c0; f != 0 {
			n := w0 & ^((boxColsTbl[f] &^ f) * colBits)
			if n != w0 {
				s.cand[d][0] = n
				changed = true
			}
		}
		if f := once & c1; f != 0 {
			n := w1 & ^((boxColsTbl[f] &^ f) * colBits)
			if n != w1 {
				s.cand[d][1] = n
				changed = true
			}
		}
		if f := once & c2; f != 0 {
			n := w2 & ^((boxColsTbl[f] &^ f) * colBits)
			if n != w2 {
				s.cand[d][2] = n
				changed = true
			}
		}
	}
	return changed, true
}

// propagate runs all deductions to a fixed point. It reports false on a
// contradiction.
func (s *fastState) propagate() bool {
	for {
		if !s.update() {
			return false
		}
		if s.unsolved == [3]uint32{} {
			return true
		}
		placed, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if placed {
			continue
		}
		changed, ok := s.hiddenColumns()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// solve searches from state s, which it may change; it returns true once
// the limit of solutions is reached.
func (sr *fastSearch) solve(s *fastState) bool {
	// child is declared outside the loop so that it stays on the stack.
	var child fastState
	for {
		sr.res.Nodes++
		if !s.propagate() {
			return false
		}
		if s.unsolved == [3]uint32{} {
			sr.record(s)
			return sr.res.Count >= sr.limit || sr.stop()
		}
		sr.res.Guesses++
		b, p := s.choose()
		bit := uint32(1) << p
		if sr.near != nil {
			// near's digit first, in a copy, while it is a candidate.
			d := uint(sr.near[27*b+p] - 1)
			if s.cand[d][b]&bit != 0 {
				child = *s
				child.cand[d][b] &= peerTbl[p]
				if sr.solve(&child) {
					return true
				}
				s.cand[d][b] &^= bit
			}
		}
		// Try every digit of the cell but the last in a copy; the last
		// goes on in s itself.
		last := -1
		for d := range s.cand {
			if s.cand[d][b]&bit == 0 {
				continue
			}
			if last >= 0 {
				child = *s
				child.cand[last][b] &= peerTbl[p]
				if sr.solve(&child) {
					return true
				}
			}
			last = d
		}
		if last < 0 {
			return false
		}
		s.cand[last][b] &= peerTbl[p]
	}
}

// choose returns the band and band cell to branch on: a cell with the
// fewest candidates (nearly always a bi-value cell) and among those the
// one with the most unsolved peers, whose guess settles the most.
func (s *fastState) choose() (uint, uint) {
	bestB, bestP, best := uint(0), uint(0), -1
	for b := uint(0); b < 3; b++ {
		u, o1, o2 := s.unsolved[b], s.unsolved[next1[b]], s.unsolved[next2[b]]
		for m := s.pairs[b]; m != 0; m &= m - 1 {
			p := uint(bits.TrailingZeros32(m)) & 31
			if n := degree(u, o1, o2, p); n > best {
				bestB, bestP, best = b, p, n
			}
		}
	}
	if best >= 0 {
		return bestB, bestP
	}
	return s.chooseAny()
}

// chooseAny is choose when no cell has two candidates: it counts the
// candidates of every unsolved cell.
func (s *fastState) chooseAny() (uint, uint) {
	bestB, bestP, best := uint(0), uint(0), -1
	for b := uint(0); b < 3; b++ {
		u, o1, o2 := s.unsolved[b], s.unsolved[next1[b]], s.unsolved[next2[b]]
		for m := u; m != 0; m &= m - 1 {
			p := uint(bits.TrailingZeros32(m)) & 31
			n := 0
			for d := range s.cand {
				n += int(s.cand[d][b] >> p & 1)
			}
			if sc := (10-n)<<5 + degree(u, o1, o2, p); sc > best {
				bestB, bestP, best = b, p, sc
			}
		}
	}
	return bestB, bestP
}

// next1 and next2 name the two bands other than b.
var next1, next2 = [3]uint8{1, 2, 0}, [3]uint8{2, 0, 1}

// degree returns the number of unsolved peers of cell p of a band whose
// unsolved cells are u, the two other bands' o1 and o2.
func degree(u, o1, o2 uint32, p uint) int {
	col := colMaskTbl[p&31]
	// The column peers of the two other bands, the second shifted by one
	// column: they stay apart and one count does both.
	other := o1&col | (o2&col)<<1
	return bits.OnesCount32(u&^peerTbl[p&31]) + bits.OnesCount32(other)
}

// stop reports whether the search must stop for its context, looking at
// it every ctxEverySolutions solutions.
func (sr *fastSearch) stop() bool {
	if sr.ctx != nil && sr.res.Count%ctxEverySolutions == 0 && sr.ctx.Err() != nil {
		sr.done = true
	}
	return sr.done
}

// record counts the solution in s and keeps the first one.
func (sr *fastSearch) record(s *fastState) {
	if sr.res.Count == 0 {
		for d := range s.cand {
			for b := range s.cand[d] {
				for m := s.cand[d][b]; m != 0; m &= m - 1 {
					sr.res.Solution[27*b+bits.TrailingZeros32(m)] = uint8(d + 1)
				}
			}
		}
	}
	sr.res.Count++
}
