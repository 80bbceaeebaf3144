//go:build goexperiment.simd && amd64

// This file is a port of tdoku's solver_dpll_triad_simd.cc, whose licence
// follows.
//
// BSD 2-Clause License
//
// Copyright (c) 2019, Tom Dillon
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

package solver

import (
	"context"
	"math/bits"
	"simd/archsimd"
	"sync"

	"sudoku"
)

// The SIMD engine: Tom Dillon's tdoku (github.com/t-dillon/tdoku,
// src/solver_dpll_triad_simd.cc, BSD-2-Clause) in Go's simd/archsimd.
// It is built with GOEXPERIMENT=simd on amd64 and runs when the CPU has
// AVX-512 (F, CD, BW, DQ, VL) and BITALG; Fast uses it then, the portable
// engine otherwise.
//
// A box is a 4x4 matrix of 16-bit lanes, each the set of digits still
// possible: the 3x3 cells, and in the fourth column (row) the digits
// absent from each minirow (minicolumn), the "negative triads". A band
// (three boxes side by side, or stacked) keeps, for each digit, which of
// the six ways it can sit there are left: lane p of its configurations
// holds the digits that configuration p is open to. Boxes and bands send
// each other eliminations until nothing moves (boxRestrict,
// bandEliminate): singles, hidden singles, locked candidates, and
// minirows that hold exactly three digits all follow from counting lanes.
// The search branches on the band with the fewest configurations left,
// on a digit with the fewest there, first assigning its first
// configuration, then ruling it out.
//
// Every vector is 256 bits: the compiler moves 128-bit values between
// registers with legacy SSE instructions, which after 256-bit ones cost
// tens of cycles each on some CPUs; for the same reason states are copied
// with vector loads and stores, and a search keeps its states in a pooled
// stack rather than in zeroed locals.

// simdOK reports whether the SIMD engine runs on this CPU.
var simdOK = archsimd.X86.AVX512() && archsimd.X86.AVX512BITALG()

type vec = archsimd.Uint16x16

const kAll = 0x1ff

// simdBand is a band's configurations and the eliminations waiting for
// them (lanes 0-5).
type simdBand struct {
	conf, elim [16]uint16
}

// simdState is the search state: bands[0] are the rows of boxes,
// bands[1] the columns.
type simdState struct {
	bands [2][3]simdBand
	boxen [9][16]uint16
}

// copyState copies src to dst with vector loads and stores.
func copyState(dst, src *simdState) {
	for v := range src.bands {
		for i := range src.bands[v] {
			load(&src.bands[v][i].conf).Store(&dst.bands[v][i].conf)
			load(&src.bands[v][i].elim).Store(&dst.bands[v][i].elim)
		}
	}
	for i := range src.boxen {
		load(&src.boxen[i]).Store(&dst.boxen[i])
	}
}

func load(p *[16]uint16) vec { return archsimd.LoadUint16x16(p) }

func all(v uint16) vec { return archsimd.BroadcastUint16x16(v) }

// perm is a lane permutation (VPERMW) and the lanes it keeps (the others
// are zero): tdoku's byte shuffles of 16-bit lanes.
type perm struct{ idx, keep [16]uint16 }

func (p *perm) apply(x vec) vec { return x.Permute(load(&p.idx)).And(load(&p.keep)) }

// shuf is a shuffle of 16-bit lanes within each 128-bit half (VPSHUFB):
// the bytes each byte of the result takes, -1 for 0.
type shuf [32]int8

func (p *shuf) apply(x vec) vec {
	return x.AsUint8x32().PermuteOrZeroGrouped(archsimd.LoadInt8x32((*[32]int8)(p))).AsUint16x16()
}

// mkShuf makes the shuffle of tdoku's control words, each the two bytes a
// lane takes within its half.
func mkShuf(ctrl [16]uint16) shuf {
	var p shuf
	for j, c := range ctrl {
		p[2*j], p[2*j+1] = int8(c&0xff), int8(c>>8)
	}
	return p
}

// tdoku's shuffle control words: the two bytes of lane n; sZZ gives 0.
const (
	s00, s01, s02, s03 = 0x0100, 0x0302, 0x0504, 0x0706
	s04, s05, s06, s07 = 0x0908, 0x0b0a, 0x0d0c, 0x0f0e
	sZZ                = 0xffff
)

// mkPerm makes the permutation whose lane j takes lane src(j, s) of its
// input, s being the lane that tdoku's control word ctrl[j] names within
// its 128-bit half.
func mkPerm(ctrl [16]uint16, src func(j, s int) int) perm {
	var p perm
	for j, c := range ctrl {
		if c != sZZ {
			p.idx[j], p.keep[j] = uint16(src(j, int(c&0xff)/2)), 0xffff
		}
	}
	return p
}

// Sources of mkPerm: a shuffle within each half of a 16-lane vector; a
// shuffle of an 8-lane vector held in lanes 0-7 (or 8-15) and copied to
// both halves; the same of the 8 lanes with their 64-bit halves swapped.
func inHalf(j, s int) int { return s + j/8*8 }
func lanes(off int) func(j, s int) int {
	return func(_, s int) int { return off + s }
}
func swapped(off int) func(j, s int) int {
	return func(_, s int) int { return off + (s+4)%8 }
}

func join8(lo, hi [8]uint16) (r [16]uint16) {
	copy(r[:8], lo[:])
	copy(r[8:], hi[:])
	return r
}

func pad8(lo [8]uint16) [16]uint16 {
	return join8(lo, [8]uint16{sZZ, sZZ, sZZ, sZZ, sZZ, sZZ, sZZ, sZZ})
}

// simdTables are tdoku's tables, its shuffles composed into permutations.
type simdTables struct {
	cellAssign [9][16][16]uint16 // digit, element: eliminations of a clue in its box
	peerConf   [3][4][16]uint16  // peer, element: configurations a clue rules out
	// toBands[k] turn a box's negative (shift 0) and positive (shifts 1,
	// 2) triads into eliminations for its horizontal band (lanes 0-5) and
	// vertical band (lanes 8-13); k is 3 * box column + box row.
	toBands      [3][9]shuf
	hiToLo       perm
	confElims    [6]perm       // a band's asserted triads to configuration eliminations
	confToTriads [2]perm       // configurations to positive triads
	triadsToBox  [2][3][2]perm // vertical, peer: a peer's triads to its box mask
	triadPad     [16]uint16    // lane 3 of each peer's triads, all digits
	rowRot1      shuf
	rowRot2      shuf
	hvTriads     perm // a box's negative triads to lanes 4-6 of each half
	rotate6      perm // rotate the six configurations
	cell3x3      [16]uint16
	confInit     [16]uint16 // every digit open to the six configurations
	lowHalf      [16]uint16
	boxMins      [16]uint16
	threes       [16]uint16
	ones         [16]uint16
	rowsBy1      [4]uint64
	rowsBy2      [4]uint64
	boxPeers     [2][3][3]uint
	indexing     [81]struct{ boxI, boxJ, box, elemI, elemJ, elem uint8 }
}

var simdTbl = newSimdTables()

func newSimdTables() *simdTables {
	t := &simdTables{}
	for _, i := range []int{0, 1, 2, 4, 5, 6, 8, 9, 10} {
		for v := 0; v < 9; v++ {
			m := &t.cellAssign[v][i]
			for j := 0; j < 15; j++ {
				switch {
				case j == i:
					m[j] = kAll ^ 1<<v
				case j/4 < 3 && j%4 < 3, j/4 == i/4 || j%4 == i%4:
					m[j] = 1 << v
				}
			}
		}
	}
	A := uint16(kAll)
	t.peerConf = [3][4][16]uint16{
		{{0, A, A, A, 0, A}, {A, 0, A, A, A, 0}, {A, A, 0, 0, A, A}, {}},
		{{A, A, 0, A, A, 0}, {0, A, A, 0, A, A}, {A, 0, A, A, 0, A}, {}},
		{{A, 0, A, 0, A, A}, {A, A, 0, A, 0, A}, {0, A, A, A, A, 0}, {}},
	}
	sh := [3][3][8]uint16{
		{ // shift 0
			{s04, s05, s06, s06, s04, s05, sZZ, sZZ},
			{s05, s06, s04, s05, s06, s04, sZZ, sZZ},
			{s06, s04, s05, s04, s05, s06, sZZ, sZZ},
		},
		{ // shift 1
			{s05, s06, s04, s04, s05, s06, sZZ, sZZ},
			{s06, s04, s05, s06, s04, s05, sZZ, sZZ},
			{s04, s05, s06, s05, s06, s04, sZZ, sZZ},
		},
		{ // shift 2
			{s06, s04, s05, s05, s06, s04, sZZ, sZZ},
			{s04, s05, s06, s04, s05, s06, sZZ, sZZ},
			{s05, s06, s04, s06, s04, s05, sZZ, sZZ},
		},
	}
	for shift := range sh {
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				t.toBands[shift][i*3+j] = mkShuf(join8(sh[shift][i], sh[shift][j]))
			}
		}
	}
	t.hiToLo = mkPerm(pad8([8]uint16{s00, s01, s02, s03, s04, s05, s06, s07}), lanes(8))
	// tdoku's BandEliminate: lo and hi are the halves of the asserted
	// triads; RotateCols swaps the 64-bit halves of 8 lanes.
	t.confElims = [6]perm{
		mkPerm(pad8(sh[1][0]), swapped(0)), mkPerm(pad8(sh[2][0]), swapped(0)), mkPerm(pad8(sh[1][1]), lanes(0)),
		mkPerm(pad8(sh[2][1]), lanes(0)), mkPerm(pad8(sh[1][2]), swapped(8)), mkPerm(pad8(sh[2][2]), swapped(8)),
	}
	// Configurations (lanes 0-5) copied to both halves, then shuffled.
	t.confToTriads = [2]perm{
		mkPerm(join8([8]uint16{s00, s01, s02, sZZ, s02, s00, s01, sZZ}, [8]uint16{s01, s02, s00, sZZ, sZZ, sZZ, sZZ, sZZ}), lanes(0)),
		mkPerm(join8([8]uint16{s04, s05, s03, sZZ, s05, s03, s04, sZZ}, [8]uint16{s03, s04, s05, sZZ, sZZ, sZZ, sZZ, sZZ}), lanes(0)),
	}
	toBox := [2][2][16]uint16{
		{ // horizontal
			join8([8]uint16{s00, s00, s00, s01, s01, s01, s01, s02}, [8]uint16{s02, s02, s02, s00, s03, s03, s03, s03}),
			join8([8]uint16{s00, s00, s00, s02, s01, s01, s01, s00}, [8]uint16{s02, s02, s02, s01, s03, s03, s03, s03}),
		},
		{ // vertical
			join8([8]uint16{s00, s01, s02, s03, s00, s01, s02, s03}, [8]uint16{s00, s01, s02, s03, s01, s02, s00, s03}),
			join8([8]uint16{s00, s01, s02, s03, s00, s01, s02, s03}, [8]uint16{s00, s01, s02, s03, s02, s00, s01, s03}),
		},
	}
	// A band's three peers read lanes 0-7 of its triads, the same with
	// their halves swapped, and lanes 8-15.
	peerSrc := [3]func(j, s int) int{lanes(0), swapped(0), lanes(8)}
	for v := range toBox {
		for p := range peerSrc {
			for k := range toBox[v] {
				t.triadsToBox[v][p][k] = mkPerm(toBox[v][k], peerSrc[p])
			}
		}
	}
	t.triadPad = [16]uint16{3: kAll, 7: kAll, 11: kAll}
	t.rowRot1 = mkShuf([16]uint16{s01, s02, s00, s03, s05, s06, s04, s07, s01, s02, s00, s03, s04, s05, s06, s07})
	t.rowRot2 = mkShuf([16]uint16{s02, s00, s01, s03, s06, s04, s05, s07, s02, s00, s01, s03, s04, s05, s06, s07})
	// Horizontal negative triads (lanes 3, 7, 11) to lanes 4-6 of the low
	// half; the vertical ones (12-14) are lanes 4-6 of the high half.
	t.hvTriads.idx = [16]uint16{4: 3, 5: 7, 6: 11, 12: 12, 13: 13, 14: 14}
	t.hvTriads.keep = [16]uint16{4: 0xffff, 5: 0xffff, 6: 0xffff, 12: 0xffff, 13: 0xffff, 14: 0xffff}
	t.rotate6 = mkPerm(pad8([8]uint16{s01, s02, s03, s04, s05, s00, sZZ, sZZ}), lanes(0))
	t.cell3x3 = [16]uint16{A, A, A, 0, A, A, A, 0, A, A, A, 0}
	t.confInit = [16]uint16{A, A, A, A, A, A}
	t.lowHalf = [16]uint16{0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff}
	t.boxMins = [16]uint16{1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0}
	for i := range t.threes {
		t.threes[i], t.ones[i] = 3, 0xffff
	}
	t.rowsBy1, t.rowsBy2 = [4]uint64{1, 2, 3, 0}, [4]uint64{2, 3, 0, 1}
	t.boxPeers = [2][3][3]uint{{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}}, {{0, 3, 6}, {1, 4, 7}, {2, 5, 8}}}
	for c := 0; c < 81; c++ {
		x := &t.indexing[c]
		x.boxI, x.boxJ = uint8(c/27), uint8(c%9/3)
		x.box = x.boxI*3 + x.boxJ
		x.elemI, x.elemJ = uint8(c/9%3), uint8(c%3)
		x.elem = x.elemI*4 + x.elemJ
	}
	return t
}

// div3 and mod3 divide small numbers by 3.
var (
	div3 = [9]uint{0, 0, 0, 1, 1, 1, 2, 2, 2}
	mod3 = [9]uint{0, 1, 2, 0, 1, 2, 0, 1, 2}
)

// rotRows rotates the four lanes of each row of a box by one.
func rotRows(x vec) vec { return x.AsUint64x4().RotateAllLeft(16).AsUint16x16() }

// rotRows2 rotates them by two.
func rotRows2(x vec) vec { return x.AsUint64x4().RotateAllLeft(32).AsUint16x16() }

// rotCols rotates the rows of a box by one.
func rotCols(x vec) vec {
	return x.AsUint64x4().Permute(archsimd.LoadUint64x4(&simdTbl.rowsBy1)).AsUint16x16()
}

// rotCols2 rotates them by two.
func rotCols2(x vec) vec {
	return x.AsUint64x4().Permute(archsimd.LoadUint64x4(&simdTbl.rowsBy2)).AsUint16x16()
}

// init sets up s for the givens of g and propagates them: it reports
// false if g has no solution (two equal givens in a house, say).
func (s *simdState) init(g *sudoku.Grid) bool {
	t := simdTbl
	conf, zero := load(&t.confInit), vec{}
	for v := range s.bands {
		for i := range s.bands[v] {
			conf.Store(&s.bands[v][i].conf)
			zero.Store(&s.bands[v][i].elim)
		}
	}
	for i := range s.boxen {
		all(kAll).Store(&s.boxen[i])
	}
	for c, v := range g {
		if v == 0 {
			continue
		}
		x := &t.indexing[c]
		d := all(1 << (v - 1))
		box := &s.boxen[x.box]
		load(box).AndNot(load(&t.cellAssign[v-1][x.elem])).Store(box)
		h, vb := &s.bands[0][x.boxI], &s.bands[1][x.boxJ]
		load(&t.peerConf[x.boxJ][x.elemI]).And(d).Or(load(&h.elim)).Store(&h.elim)
		load(&t.peerConf[x.boxI][x.elemJ]).And(d).Or(load(&vb.elim)).Store(&vb.elim)
	}
	return bandEliminate(s, 0, 0, 1) && bandEliminate(s, 1, 0, 1) &&
		bandEliminate(s, 0, 1, 2) && bandEliminate(s, 1, 1, 2) &&
		bandEliminate(s, 0, 2, 0) && bandEliminate(s, 1, 2, 0)
}

// boxRestrict restricts box i of s to candidates and propagates: it
// reports false on a contradiction. vertical tells the kind of band the
// restriction came from.
func boxRestrict(s *simdState, i uint, candidates vec, vertical uint) bool {
	p := &s.boxen[i]
	box := load(p)
	elim := box.AndNot(candidates)
	if elim.IsZero() {
		return true
	}
	bi, bj := div3[i], mod3[i]
	h, v := &s.bands[0][bi], &s.bands[1][bj]
	he, ve := load(&h.elim), load(&v.elim)
	t := simdTbl
	k := bj*3 + bi
	for {
		box = box.AndNot(elim)
		counts := box.OnesCount()
		mins := load(&t.boxMins)
		if counts.AsInt16x16().Less(mins.AsInt16x16()).ToBits() != 0 {
			return false
		}
		a := gatherTriads(box, box.Masked(counts.Equal(mins)))
		// The assertions a become eliminations for the box itself
		// (elim) and its two bands (he, ve): tdoku's
		// AssertionsToEliminations, inline.
		cells := a.And(load(&t.cell3x3))
		rows := cells.Or(rotRows(cells))
		rows = rows.Or(rotRows2(rows))
		cols := cells.Or(rotCols(cells))
		cols = cols.Or(rotCols2(cols))
		nb := cols.Or(t.rowRot1.apply(cols)).Or(t.rowRot2.apply(cols))
		nonZero := load(&t.ones).Masked(cells.NotEqual(vec{}))
		nb = nb.Or(rows).Or(nonZero)
		elim = nb.Xor(cells).Or(elim)
		neg := t.hvTriads.apply(a)
		pos := t.hvTriads.apply(nb)
		e := t.toBands[0][k].apply(neg).Or(t.toBands[1][k].apply(pos)).Or(t.toBands[2][k].apply(pos))
		he, ve = he.Or(e.And(load(&t.lowHalf))), ve.Or(t.hiToLo.apply(e))
		if box.And(elim).IsZero() {
			break
		}
	}
	box.Store(p)
	he.Store(&h.elim)
	ve.Store(&v.elim)
	if vertical == 1 {
		return bandEliminate(s, 0, bi, bj) && bandEliminate(s, 1, bj, bi)
	}
	return bandEliminate(s, 1, bj, bi) && bandEliminate(s, 0, bi, bj)
}

// gatherTriads adds to assertions the digits that occur once in a row
// or a column of the box matrix: each row and column is an exactly-one
// clause of a triad's definition.
func gatherTriads(cells, assertions vec) vec {
	one := cells
	rot := rotRows(cells)
	two := one.And(rot)
	one = one.Or(rot)
	rot = rotRows(rot)
	two = one.And(rot).Or(two)
	one = one.Or(rot)
	rot = rotRows(rot)
	two = one.And(rot).Or(two)
	assertions = cells.AndNot(two).Or(assertions)
	one = cells
	rot = rotCols(cells)
	two = one.And(rot)
	one = one.Or(rot)
	rot = rotCols(rot)
	two = one.And(rot).Or(two)
	one = one.Or(rot)
	rot = rotCols(rot)
	two = one.And(rot).Or(two)
	return cells.AndNot(two).Or(assertions)
}

// bandEliminate applies the eliminations waiting for band i (vertical 1
// for a column of boxes), then sends its boxes what it implies, ending
// with box from. It reports false on a contradiction.
func bandEliminate(s *simdState, vertical, i, from uint) bool {
	t := simdTbl
	b := &s.bands[vertical][i]
	conf, elim := load(&b.conf), load(&b.elim)
	if conf.And(elim).IsZero() {
		return true
	}
	conf = conf.AndNot(elim)
	triads := confToTriads(conf)
	as := triads.Masked(triads.OnesCount().Equal(load(&t.threes)))
	conf = conf.AndNot(t.confElims[0].apply(as).Or(t.confElims[1].apply(as)).Or(t.confElims[2].apply(as)))
	conf = conf.AndNot(t.confElims[3].apply(as).Or(t.confElims[4].apply(as)).Or(t.confElims[5].apply(as)))
	conf.Store(&b.conf)
	triads = confToTriads(conf).Or(load(&t.triadPad))
	peers := &t.boxPeers[vertical][i]
	p0, p1 := mod3[from+1], mod3[from+2]
	return boxRestrict(s, peers[p0], triadsToBox(triads, vertical, p0), vertical) &&
		boxRestrict(s, peers[p1], triadsToBox(triads, vertical, p1), vertical) &&
		boxRestrict(s, peers[from], triadsToBox(triads, vertical, from), vertical)
}

// confToTriads turns a band's configurations into its positive triads: a
// 3x3 matrix whose row k holds the digits that box peer k's minirows
// (minicolumns) may hold.
func confToTriads(conf vec) vec {
	return simdTbl.confToTriads[0].apply(conf).Or(simdTbl.confToTriads[1].apply(conf))
}

// triadsToBox turns the positive triads of a band into the mask that
// restricts its box peer p.
func triadsToBox(triads vec, vertical, p uint) vec {
	q := &simdTbl.triadsToBox[vertical][p]
	return q[0].apply(triads).Or(q[1].apply(triads))
}

// simdSearch is one search of the SIMD engine; the pool keeps them with
// their stack of states.
type simdSearch struct {
	// stack[k] is the state of a branch at depth k: an assignment fixes
	// a digit in a band for good, so a path makes at most 54 of them. It
	// comes first: the struct, a large object, starts a page, so that no
	// vector of a state crosses a cache line (a load that does is slow,
	// and takes no store's value on the way).
	stack [56]simdState
	tmp   [4]uint64
	limit int
	res   gridResult
	ctx   context.Context
	done  bool
}

var simdPool = sync.Pool{New: func() any { return new(simdSearch) }}

// simdSearchGrid searches g with the SIMD engine for up to limit
// solutions; ctx, when not nil, is looked at between solutions. done
// reports a search stopped for ctx.
func simdSearchGrid(ctx context.Context, g *sudoku.Grid, limit int) (gridResult, bool) {
	sr := simdPool.Get().(*simdSearch)
	sr.limit, sr.res, sr.ctx, sr.done = max(limit, 1), gridResult{}, ctx, false
	sr.res.Nodes++
	if sr.stack[0].init(g) {
		sr.count(0)
	}
	// Back to code that uses SSE registers, which after 256-bit
	// instructions stall until the upper halves are cleared.
	archsimd.ClearAVXUpperBits()
	r, done := sr.res, sr.done
	sr.ctx = nil
	simdPool.Put(sr)
	return r, done
}

// count counts the solutions consistent with stack[k], which it may
// change.
func (sr *simdSearch) count(k uint) {
	s := &sr.stack[k]
	vertical, i, value, ok := sr.choose(s)
	if !ok {
		sr.res.Count++
		if sr.res.Count == 1 {
			extract(s, &sr.res.Solution)
		}
		if sr.ctx != nil && sr.res.Count%ctxEverySolutions == 0 && sr.ctx.Err() != nil {
			sr.done = true
		}
		return
	}
	sr.branch(k, vertical, i, value)
}

// stopped reports whether the search has what it was asked for.
func (sr *simdSearch) stopped() bool { return sr.res.Count >= sr.limit || sr.done }

// branch assigns to digits value in band i of stack[k] their first
// configuration left, in stack[k+1], then rules it out in stack[k].
func (sr *simdSearch) branch(k, vertical, i uint, value vec) {
	s := &sr.stack[k]
	b := &s.bands[vertical][i]
	vc := load(&b.conf).And(value)
	sr.res.Guesses++
	assign := sr.clearLowBit(vc)
	if k+1 < uint(len(sr.stack)) {
		child := &sr.stack[k+1]
		copyState(child, s)
		cb := &child.bands[vertical][i]
		load(&cb.elim).Or(assign).Store(&cb.elim)
		sr.res.Nodes++
		if bandEliminate(child, vertical, i, 0) {
			sr.count(k + 1)
			if sr.stopped() {
				return
			}
		}
	}
	load(&b.elim).Or(vc.Xor(assign)).Store(&b.elim)
	sr.res.Nodes++
	if bandEliminate(s, vertical, i, 0) {
		sr.count(k)
	}
}

// clearLowBit returns x, as a 128-bit number in lanes 0-7, without its
// lowest set bit.
func (sr *simdSearch) clearLowBit(x vec) vec {
	u := &sr.tmp
	x.AsUint64x4().Store(u)
	if u[0] != 0 {
		u[0] &= u[0] - 1
	} else {
		u[1] &= u[1] - 1
	}
	return archsimd.LoadUint64x4(u).AsUint16x16()
}

// choose returns the band with the fewest configurations left among
// those not fixed yet, and as lanes of value a digit with the fewest
// configurations there (two if any has two). ok is false when every band
// is fixed: s is a solution.
func (sr *simdSearch) choose(s *simdState) (vertical, i uint, value vec, ok bool) {
	best, at := 1<<30, uint(6)
	u := &sr.tmp
	for k := uint(0); k < 6; k++ {
		load(&s.bands[k/3][mod3[k]].conf).AsUint64x4().Store(u)
		n := bits.OnesCount64(u[0]) + bits.OnesCount64(u[1])
		if n >= 10 && n < best {
			best, at = n, k
		}
	}
	if at == 6 {
		return 0, 0, vec{}, false
	}
	one := load(&s.bands[at/3][mod3[at]].conf)
	rot := &simdTbl.rotate6
	r := rot.apply(one) // 1
	two := one.And(r)
	one = one.Or(r)
	r = rot.apply(r) // 2
	three := two.And(r)
	two = two.Or(one.And(r))
	one = one.Or(r)
	r = rot.apply(r) // 3
	four := three.And(r)
	three = three.Or(two.And(r))
	two = two.Or(one.And(r))
	one = one.Or(r)
	r = rot.apply(r) // 4
	four = four.Or(three.And(r))
	three = three.Or(two.And(r))
	two = two.Or(one.And(r))
	one = one.Or(r)
	r = rot.apply(r) // 5
	four = four.Or(three.And(r))
	three = three.Or(two.And(r))
	two = two.Or(one.And(r))
	switch {
	case !two.AndNot(three).IsZero():
		value = lowBit(two.AndNot(three))
	case !three.AndNot(four).IsZero():
		value = lowBit(three.AndNot(four))
	default:
		value = lowBit(four)
	}
	return at / 3, mod3[at], value, true
}

// lowBit returns the lowest set bit of each lane of x.
func lowBit(x vec) vec { return x.And(vec{}.Sub(x)) }

// extract writes the solution in state s to g.
func extract(s *simdState, g *sudoku.Grid) {
	for b := range s.boxen {
		base := b/3*27 + b%3*3
		for e, v := range s.boxen[b] {
			if e%4 < 3 && e < 12 {
				g[base+e/4*9+e%4] = uint8(bits.TrailingZeros16(v) + 1)
			}
		}
	}
}
