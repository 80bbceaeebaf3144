package logic

import (
	"fmt"
	"math/bits"
	"sort"

	"sudoku"
)

// Uniqueness techniques as Sudoku Explainer finds and rates them: unique
// rectangles and loops of types 1 to 4 (4.5, plus 0.1 for a loop of 6
// cells, 0.2 for 8, 0.5 for 10 or more, plus the size of a type 3 set),
// and the bivalue universal grave (BUG type 1 5.6, types 2 and 4 5.7,
// type 3 5.7 plus the size of its set). They assume the puzzle has exactly
// one solution: a pattern that would allow two solutions must be broken.

var (
	techUR  = Technique{Name: "Unique rectangle", Code: "0600", explain: explainUniqueLoop}
	techUL  = Technique{Name: "Unique loop", Code: "0600", explain: explainUniqueLoop}
	techBUG = Technique{Name: "Bivalue universal grave", Code: "0610", explain: explainBUG}
)

func init() {
	register("UniqueRectangle", unlessKiller(findUniqueLoop))
	register("BUG", unlessKiller(func(b *Board) (Step, bool) { return bxFirst(b, enumBUG) }))
	// HoDoKu's codes 0600-0603 are checked by TestUniqueLoopHodoku on the
	// cases without missing candidates only: HoDoKu also accepts
	// rectangles whose cells lack a candidate, which Sudoku Explainer does
	// not, and it states a type 3 over two houses as one step.
	registerCode("0610", func(b *Board, yield func(Step) bool) {
		enumBUG(b, func(s Step) bool {
			if !yield(s) {
				return false
			}
			if s.Technique.Code != "0610" {
				return true
			}
			// HoDoKu states BUG+1 as the placement of the extra digit.
			p := s
			p.Eliminations = nil
			p.Placements = []Candidate{{Cell: s.Cells[0], Digit: s.Digits[0]}}
			return yield(p)
		})
	})
}

// houseOfType returns the house of region type t (typeBox, typeRow, ...:
// the order in which Sudoku Explainer visits region types) holding c, or
// -1 if none.
func (g *geometry) houseOfType(c sudoku.Cell, t int) sudoku.House {
	return sudoku.House(g.houseOf[c][t])
}

// ulSearch finds candidate loops on digits v1, v2 by depth-first search,
// as Sudoku Explainer's UniqueLoops does.
type ulSearch struct {
	b      *Board
	v1, v2 int
	pair   sudoku.Candidates
	both   [maxHouses]uint16 // per house, the places holding v1 and v2 (bit i: i-th cell)
	in     [maxHouses]uint16 // per house, the places of the loop's cells
	loop   []sudoku.Cell
	found  func(loop []sudoku.Cell) // called with each loop found, in order; it must not keep loop
	budget int                      // node budget: protects against pathological positions
}

// newULSearch prepares the search of loops on digits v1 and v2.
func newULSearch(b *Board, v1, v2 int, loop []sudoku.Cell, found func([]sudoku.Cell)) ulSearch {
	u := ulSearch{b: b, v1: v1, v2: v2, budget: 20000, loop: loop, found: found,
		pair: sudoku.CandidateOf(v1) | sudoku.CandidateOf(v2)}
	for _, h := range b.geo.houses {
		u.both[h] = b.pos[h][v1-1] & b.pos[h][v2-1]
	}
	return u
}

// mark adds (on) or removes c from the loop's places.
func (u *ulSearch) mark(c sudoku.Cell) {
	hs, ix := &u.b.geo.base[c], &u.b.geo.baseIx[c]
	u.in[hs[0]] ^= 1 << ix[0]
	u.in[hs[1]] ^= 1 << ix[1]
	u.in[hs[2]] ^= 1 << ix[2]
	for _, x := range u.b.geo.extra[c] {
		u.in[x.h] ^= 1 << x.i
	}
}

func (u *ulSearch) dfs(cell sudoku.Cell, allowedEx int, ex sudoku.Candidates, last int) {
	if u.budget <= 0 {
		return
	}
	u.budget--
	u.loop = append(u.loop, cell)
	u.mark(cell)
	first := u.loop[0]
	closing := len(u.loop) >= 4
	g := u.b.geo
	for _, t := range g.types {
		h := g.houseOfType(cell, t)
		if t == last || h < 0 {
			continue
		}
		// The cells with both digits not in the loop yet, and the first
		// cell once the loop is long enough to close: in house order (the
		// other cells are skipped).
		open := u.both[h] &^ u.in[h]
		if closing && g.houseOfType(first, t) == h {
			open |= 1 << g.indexIn[first][t]
		}
		cells := &g.cells[h]
		for m := open; m != 0; m &= m - 1 {
			next := cells[bits.TrailingZeros16(m)]
			if next == first {
				u.found(u.loop)
				continue
			}
			// Each branch gathers its own extra digits (Sukaku
			// Explainer's default, lkSudoku's fix: Sudoku Explainer
			// 1.2 let a cell's siblings' extras count against it).
			p := u.b.Cands[next]
			nex := ex | p&^u.pair
			n := p.Count()
			if n == 2 || nex.Count() == 1 || allowedEx > 0 {
				na := allowedEx
				if n > 2 {
					na--
				}
				u.dfs(next, na, nex, t)
			}
		}
	}
	u.loop = u.loop[:len(u.loop)-1]
	u.mark(cell)
}

// ulValid checks that every house visited by the loop is visited by exactly
// one cell of even index and one of odd index. Under anti-knight or
// anti-king it also asks, as Sukaku Explainer does, that no cell a move
// away from the loop holds v1 or v2 (such a cell could break the swap).
func ulValid(b *Board, loop []sudoku.Cell, pair sudoku.Candidates) bool {
	var seen [2]uint64
	for i, c := range loop {
		m := b.geo.houseMask[c]
		if seen[i%2]&m != 0 {
			return false
		}
		seen[i%2] |= m
	}
	if seen[0] != seen[1] {
		return false
	}
	if b.geo.knight || b.geo.king {
		for _, c := range loop {
			for _, p := range b.geo.moves[c] {
				if b.Cands[p]&pair != 0 {
					return false
				}
			}
		}
	}
	return true
}

// ulRating is the base rating of a loop of n cells.
func ulRating(n int) Rating {
	r := Rating(45)
	if n >= 10 {
		r += 3
	}
	if n >= 8 {
		r += 2
	} else if n >= 6 {
		r++
	}
	return r
}

// ulHint is a unique loop step and the data Sudoku Explainer sorts on.
type ulHint struct {
	step Step
	typ  int
	key  string // "" when not needed (see ulFromLoop)
	skip bool   // no eliminations, or not wanted
}

// uniqueLoopHints returns every unique rectangle or loop step, sorted as
// Sudoku Explainer sorts them: by rating, then by type.
func uniqueLoopHints(b *Board) []ulHint {
	var out []ulHint
	seen := map[string]bool{}
	add := func(h ulHint) {
		if h.skip || seen[h.key] {
			return
		}
		seen[h.key] = true
		out = append(out, h)
	}
	ulLoops(b, add, nil)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].step.Rating != out[j].step.Rating {
			return out[i].step.Rating < out[j].step.Rating
		}
		return out[i].typ < out[j].typ
	})
	return out
}

// ulLoops finds the valid loops from every bivalue cell and makes their
// steps. With want nil, every step gets its key; otherwise only the
// steps want accepts (by rating and type) are made, without key.
func ulLoops(b *Board, add func(ulHint), want func(r Rating, typ int) bool) {
	var bi CellSet
	for w := range 2 {
		for m := b.Empty[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			if bits.OnesCount16(uint16(b.Cands[c])) == 2 {
				bi = bi.Add(c)
			}
		}
	}
	var loopBuf [32]sudoku.Cell
	// In find mode (want set), a loop whose steps cannot differ from those
	// of a loop already seen (same cells, same first two cells with extra
	// candidates) is skipped: its steps come later and are no better.
	type seenLoop struct {
		set    CellSet
		e0, e1 sudoku.Cell
	}
	var seen []seenLoop
	var seenBuf [64]seenLoop
	seen = seenBuf[:0]
	var v1, v2 int
	found := func(loop []sudoku.Cell) {
		if !ulValid(b, loop, sudoku.CandidateOf(v1)|sudoku.CandidateOf(v2)) {
			return
		}
		if want != nil {
			if !want(ulRating(len(loop)), 0) {
				return // every step of the loop is rated at least this
			}
			k := seenLoop{set: CellSetOf(loop...), e0: -1, e1: -1}
			for _, c := range loop {
				if bits.OnesCount16(uint16(b.Cands[c])) > 2 {
					if k.e0 < 0 {
						k.e0 = c
					} else {
						k.e1 = c
						break
					}
				}
			}
			for _, s := range seen {
				if s == k {
					return
				}
			}
			seen = append(seen, k)
		}
		ulFromLoop(b, loop, v1, v2, add, want)
	}
	for w := range 2 {
		for m := bi[w]; m != 0; m &= m - 1 {
			start := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			pair := uint16(b.Cands[start])
			v1 = bits.TrailingZeros16(pair) + 1
			v2 = bits.TrailingZeros16(pair&(pair-1)) + 1
			u := newULSearch(b, v1, v2, loopBuf[:0], found)
			u.dfs(start, 2, 0, -1)
		}
	}
}

// ulFromLoop makes the steps of types 1 to 4 of a valid loop.
func ulFromLoop(b *Board, loop []sudoku.Cell, v1, v2 int, add func(ulHint), want func(r Rating, typ int) bool) {
	pair := sudoku.CandidateOf(v1) | sudoku.CandidateOf(v2)
	var extra []sudoku.Cell
	for _, c := range loop {
		if bxCount(b, c) > 2 {
			extra = append(extra, c)
		}
	}
	base := ulRating(len(loop))
	mk := func(typ int, el []Candidate, rating Rating, more ...sudoku.Cell) ulHint {
		if len(el) == 0 || want != nil && !want(rating, typ) {
			return ulHint{skip: true}
		}
		t := techUR
		if len(loop) > 4 {
			t = techUL
		}
		t.Code = fmt.Sprintf("060%d", typ-1)
		cells := append(append([]sudoku.Cell(nil), loop...), more...)
		s := Step{Technique: t, Rating: rating, Eliminations: bxSortElims(el), Cells: cells, Digits: []int{v1, v2}}
		for i, c := range loop {
			next := loop[(i+1)%len(loop)]
			s.Links = append(s.Links, Link{From: Candidate{Cell: c, Digit: v1}, To: Candidate{Cell: next, Digit: v1}})
		}
		if want != nil {
			return ulHint{step: s, typ: typ}
		}
		set := CellSetOf(loop...)
		return ulHint{step: s, typ: typ, key: fmt.Sprintf("%d %v %v %v", typ, set, more, el)}
	}
	switch {
	case len(extra) == 1:
		r := extra[0]
		var el []Candidate
		for _, d := range []int{v1, v2} {
			el = append(el, Candidate{Cell: r, Digit: d})
		}
		add(mk(1, el, base))
	case len(extra) > 2:
		add(ulType2(b, loop, extra, pair, mk, base))
	case len(extra) == 2:
		c1, c2 := extra[0], extra[1]
		rest := (b.Cands[c1] | b.Cands[c2]) &^ pair
		if rest.Count() == 1 {
			add(ulType2(b, loop, extra, pair, mk, base))
		} else if rest.Count() >= 2 {
			ulType3(b, c1, c2, v1, v2, rest, mk, base, add)
		}
		if h, ok := ulType4(b, c1, c2, v1, v2, mk, base); ok {
			add(h)
		}
	}
}

type ulMaker func(typ int, el []Candidate, rating Rating, more ...sudoku.Cell) ulHint

func ulType2(b *Board, loop, extra []sudoku.Cell, pair sudoku.Candidates, mk ulMaker, base Rating) ulHint {
	d := (b.Cands[extra[0]] &^ pair).Digits()[0]
	common := allCells
	for _, c := range extra {
		common = common.And(b.geo.peers[c])
	}
	for _, c := range extra {
		common = common.Remove(c)
	}
	h := mk(2, bxElims(b, common, d, nil), base, extra...)
	h.step.Digits = append(h.step.Digits, d)
	return h
}

func ulType4(b *Board, c1, c2 sudoku.Cell, v1, v2 int, mk ulMaker, base Rating) (ulHint, bool) {
	var r1, r2 sudoku.House = -1, -1
	for _, t := range b.geo.types {
		h := b.geo.houseOfType(c1, t)
		if h < 0 || h != b.geo.houseOfType(c2, t) {
			continue
		}
		others := b.In(h, v1).Remove(c1).Remove(c2)
		if others.Empty() {
			r1 = h
		}
		if b.In(h, v2).Remove(c1).Remove(c2).Empty() {
			r2 = h
		}
	}
	lock, rem, region := v1, v2, r1
	if r1 < 0 {
		lock, rem, region = v2, v1, r2
	}
	if region < 0 {
		return ulHint{}, false
	}
	el := []Candidate{{Cell: c1, Digit: rem}, {Cell: c2, Digit: rem}}
	h := mk(4, el, base, c1, c2)
	h.step.Houses = []sudoku.House{region}
	h.step.Digits = []int{lock, rem}
	return h, true
}

// ulType3 looks for naked and hidden sets that c1 and c2 complete. As
// Sukaku Explainer by default (lkSudoku's fix), hidden sets are tried
// from degree 2, naked ones from the number of extra digits.
func ulType3(b *Board, c1, c2 sudoku.Cell, v1, v2 int, extra sudoku.Candidates, mk ulMaker, base Rating, add func(ulHint)) {
	for degree := 2; degree <= 7; degree++ {
		for _, t := range b.geo.types {
			h := b.geo.houseOfType(c1, t)
			if h < 0 || h != b.geo.houseOfType(c2, t) {
				continue
			}
			cells := &b.geo.cells[h]
			empty := 0
			for _, c := range cells {
				if b.Grid[c] == 0 {
					empty++
				}
			}
			if degree*2 <= empty && degree >= extra.Count() {
				ulType3Naked(b, h, c1, c2, extra, degree, mk, base, add)
			}
			if degree*2 < empty {
				ulType3Hidden(b, h, c1, c2, v1, v2, extra, degree, mk, base, add)
			}
		}
	}
}

func ulType3Naked(b *Board, h sudoku.House, c1, c2 sudoku.Cell, extra sudoku.Candidates, degree int, mk ulMaker, base Rating, add func(ulHint)) {
	var others []sudoku.Cell
	for _, c := range &b.geo.cells[h] {
		if c != c1 && c != c2 && b.Grid[c] == 0 {
			others = append(others, c)
		}
	}
	core := extra & b.Cands[c1] & b.Cands[c2]
	bxCombos(len(others), degree-1, func(idx []int) {
		naked, union := core, extra
		set := CellSet{}
		for _, i := range idx {
			naked |= b.Cands[others[i]]
			union |= b.Cands[others[i]]
			set = set.Add(others[i])
		}
		if naked.Count() != degree || union.Count() != degree {
			return
		}
		var el []Candidate
		for _, c := range &b.geo.cells[h] {
			if c == c1 || c == c2 || set.Has(c) {
				continue
			}
			for _, d := range (b.Cands[c] & union).Digits() {
				el = append(el, Candidate{Cell: c, Digit: d})
			}
		}
		hint := mk(3, el, base+Rating(degree-1), set.Cells(nil)...)
		hint.step.Houses = []sudoku.House{h}
		if hint.key != "" {
			hint.key += fmt.Sprintf(" naked %v %v", h, union)
		}
		add(hint)
	})
}

func ulType3Hidden(b *Board, h sudoku.House, c1, c2 sudoku.Cell, v1, v2 int, extra sudoku.Candidates, degree int, mk ulMaker, base Rating, add func(ulHint)) {
	var rem []int
	for d := 1; d <= 9; d++ {
		if d != v1 && d != v2 && !extra.Has(d) {
			rem = append(rem, d)
		}
	}
	if degree-2 > len(rem) {
		return
	}
	bxCombos(len(rem), degree-2, func(idx []int) {
		values := sudoku.CandidateOf(v1) | sudoku.CandidateOf(v2)
		var pos CellSet
		for _, d := range append([]int{v1, v2}, bxPick(rem, idx)...) {
			p := b.In(h, d).Remove(c2)
			if p.Empty() {
				return
			}
			pos = pos.Or(p)
			values = values.Add(d)
		}
		if pos.Count() != degree {
			return
		}
		pos = pos.Remove(c1)
		var el []Candidate
		pos.Each(func(c sudoku.Cell) bool {
			for _, d := range (b.Cands[c] &^ values).Digits() {
				el = append(el, Candidate{Cell: c, Digit: d})
			}
			return true
		})
		hint := mk(3, el, base+Rating(pos.Count()-1), pos.Cells(nil)...)
		hint.step.Houses = []sudoku.House{h}
		if hint.key != "" {
			hint.key += fmt.Sprintf(" hidden %v %v", h, values)
		}
		add(hint)
	})
}

// bxPick returns xs at the given indexes.
func bxPick(xs []int, idx []int) []int {
	out := make([]int, len(idx))
	for i, k := range idx {
		out[i] = xs[k]
	}
	return out
}

// bxCombos calls f with every k-subset of 0..n-1 in colex order.
func bxCombos(n, k int, f func(idx []int)) {
	if k < 0 || k > n {
		return
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for {
		f(idx)
		i := 0
		for i < k && (i+1 < k && idx[i]+1 == idx[i+1] || i+1 == k && idx[i]+1 == n) {
			i++
		}
		if i == k {
			return
		}
		idx[i]++
		for j := range i {
			idx[j] = j
		}
	}
}

// findUniqueLoop returns the first step of uniqueLoopHints: the first
// step made with the lowest rating, then type (a later step with the same
// key as an earlier one has the same rating and type).
func findUniqueLoop(b *Board) (Step, bool) {
	var best ulHint
	found := false
	want := func(r Rating, typ int) bool {
		return !found || r < best.step.Rating || r == best.step.Rating && typ < best.typ
	}
	ulLoops(b, func(h ulHint) {
		if !h.skip {
			best, found = h, true
		}
	}, want)
	return best.step, found
}

func enumUniqueLoops(b *Board, yield func(Step) bool) {
	for _, h := range uniqueLoopHints(b) {
		if !yield(h.step) {
			return
		}
	}
}

func explainUniqueLoop(s *Step) string {
	v1, v2 := s.Digits[0], s.Digits[1]
	kind := "rectangle"
	if s.Technique.Name == "Unique loop" {
		kind = "loop"
	}
	return fmt.Sprintf("if %d and %d were the only candidates of the %s %s, they could be swapped and the puzzle would have two solutions; to keep it unique, %s",
		v1, v2, kind, bxCells(s.Cells[:len(s.Links)]), bxRemovals(s.Eliminations))
}

// enumBUG yields the bivalue universal grave step, if any, as Sudoku
// Explainer finds it: removing one extra candidate from a few cells would
// leave every empty cell with two candidates and every digit with two
// places in each house, a pattern with two solutions; one of the extra
// candidates must therefore be true.
func enumBUG(b *Board, yield func(Step) bool) {
	// multi: the cells with three candidates or more.
	var multi CellSet
	for w := range 2 {
		for m := b.Empty[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			if bits.OnesCount16(uint16(b.Cands[c])) >= 3 {
				multi = multi.Add(c)
			}
		}
	}
	var bugCells []sudoku.Cell
	var cellBuf [81]sudoku.Cell
	bugCells = cellBuf[:0]
	var bugValues [81]sudoku.Candidates
	var removed [10]CellSet // the cells losing each digit
	var all sudoku.Candidates
	common := allCells
	first := true
	for _, t := range b.geo.types {
		for _, h := range b.geo.ofType[t] {
			for d := 1; d <= 9; d++ {
				n := bits.OnesCount16(b.pos[h][d-1])
				if n == 0 || n == 2 {
					continue
				}
				nb := b.DigitCells[d].And(b.geo.sets[h]).And(multi)
				if nb.Empty() {
					return
				}
				c := nb.First()
				if nb.Remove(c) != (CellSet{}) {
					continue
				}
				if bugValues[c] == 0 {
					bugCells = append(bugCells, c)
				}
				bugValues[c] = bugValues[c].Add(d)
				all = all.Add(d)
				removed[d] = removed[d].Add(c)
				if first {
					common = b.geo.peers[c]
					first = false
				} else {
					common = common.And(b.geo.peers[c])
				}
				for _, bc := range bugCells {
					common = common.Remove(bc)
				}
				if len(bugCells) > 1 && all.Count() > 1 && common.Empty() {
					return
				}
			}
		}
	}
	if len(bugCells) == 0 {
		return // no cell with a third candidate (a solved board, or a deadly pattern): no BUG step
	}
	// Without the extra candidates, every empty cell has two candidates
	// and every digit 0 or 2 places in each house.
	for w := range 2 {
		for m := b.Empty[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			if bits.OnesCount16(uint16(b.Cands[c]&^bugValues[c])) != 2 {
				return
			}
		}
	}
	for d := 1; d <= 9; d++ {
		left := b.DigitCells[d].AndNot(removed[d])
		for _, h := range b.geo.houses {
			if n := left.And(b.geo.sets[h]).Count(); n != 0 && n != 2 {
				return
			}
		}
	}
	if bugRestricted(b, &bugValues) {
		return
	}
	bugCells = append([]sudoku.Cell(nil), bugCells...)
	mk := func(typ int, el []Candidate, rating Rating) Step {
		t := techBUG
		t.Name = fmt.Sprintf("BUG type %d", typ)
		t.Code = map[int]string{1: "0610", 2: "0611", 3: "0612", 4: "0613"}[typ]
		return Step{Technique: t, Rating: rating, Eliminations: bxSortElims(el), Cells: bugCells, Digits: all.Digits()}
	}
	switch {
	case len(bugCells) == 1:
		c := bugCells[0]
		var el []Candidate
		for _, d := range (b.Cands[c] &^ all).Digits() {
			el = append(el, Candidate{Cell: c, Digit: d})
		}
		s := mk(1, el, 56)
		if len(el) > 0 {
			yield(s)
		}
	case all.Count() == 1:
		if !common.Empty() {
			if el := bxElims(b, common, all.Digits()[0], nil); len(el) > 0 && !yield(mk(2, el, 57)) {
				return
			}
		}
		if len(bugCells) == 2 {
			if s, ok := bugType4(b, bugCells, &bugValues, all, mk); ok && !yield(s) {
				return
			}
		}
	case !common.Empty():
		if len(bugCells) == 2 {
			if s, ok := bugType4(b, bugCells, &bugValues, all, mk); ok && !yield(s) {
				return
			}
		}
		bugType3(b, bugCells, all, common, mk, yield)
	}
}

// bugRestricted reports, under anti-knight or anti-king, whether a cell
// of the grave (its two digits left once the extra ones go) has a cell a
// move away holding one of them: Sukaku Explainer then does not trust the
// grave's two solutions.
func bugRestricted(b *Board, extra *[81]sudoku.Candidates) bool {
	if !b.geo.knight && !b.geo.king {
		return false
	}
	restricted := false
	b.Empty.Each(func(c sudoku.Cell) bool {
		pair := b.Cands[c] &^ extra[c]
		for _, p := range b.geo.moves[c] {
			if b.Cands[p]&pair != 0 {
				restricted = true
			}
		}
		return !restricted
	})
	return restricted
}

// bxHouse returns the i-th box (t=0), row (1) or column (2).
func bxHouse(t, i int) sudoku.House {
	switch t {
	case 0:
		return sudoku.House(18 + i)
	case 1:
		return sudoku.House(i)
	}
	return sudoku.House(9 + i)
}

func bugType4(b *Board, cells []sudoku.Cell, vals *[81]sudoku.Candidates, all sudoku.Candidates, mk func(int, []Candidate, Rating) Step) (Step, bool) {
	c1, c2 := cells[0], cells[1]
	common := b.Cands[c1] & b.Cands[c2] &^ all
	if common.Count() != 1 {
		return Step{}, false
	}
	v := common.Digits()[0]
	var s Step
	found := false
	for _, t := range b.geo.types {
		h := b.geo.houseOfType(c1, t)
		if h < 0 || h != b.geo.houseOfType(c2, t) {
			continue
		}
		var el []Candidate
		for _, c := range cells {
			for _, d := range (b.Cands[c] &^ vals[c]).Remove(v).Digits() {
				el = append(el, Candidate{Cell: c, Digit: d})
			}
		}
		s = mk(4, el, 57)
		s.Houses = []sudoku.House{h}
		found = len(el) > 0
	}
	return s, found
}

func bugType3(b *Board, cells []sudoku.Cell, all sudoku.Candidates, common CellSet, mk func(int, []Candidate, Rating) Step, yield func(Step) bool) {
	for _, t := range b.geo.types {
		h := b.geo.houseOfType(cells[0], t)
		shared := h >= 0
		for _, c := range cells[1:] {
			if b.geo.houseOfType(c, t) != h {
				shared = false
			}
		}
		if !shared {
			continue
		}
		// Only empty cells can be part of the naked set: a filled cell
		// has no candidates and would make any set look naked.
		var region []sudoku.Cell
		common.And(b.geo.sets[h]).Each(func(c sudoku.Cell) bool {
			if b.Grid[c] == 0 {
				region = append(region, c)
			}
			return true
		})
		for degree := 2; degree <= 6; degree++ {
			if len(region) < degree {
				continue
			}
			stop := false
			bxCombos(len(region), degree-1, func(idx []int) {
				if stop {
					return
				}
				var other sudoku.Candidates
				set := CellSet{}
				for _, i := range idx {
					other |= b.Cands[region[i]]
					set = set.Add(region[i])
				}
				if other.Count() != degree || (other|all).Count() != degree {
					return
				}
				var el []Candidate
				for _, c := range region {
					if set.Has(c) {
						continue
					}
					for _, d := range (b.Cands[c] & other).Digits() {
						el = append(el, Candidate{Cell: c, Digit: d})
					}
				}
				if len(el) == 0 {
					return
				}
				s := mk(3, el, Rating(57+other.Count()-1))
				s.Houses = []sudoku.House{h}
				if !yield(s) {
					stop = true
				}
			})
			if stop {
				return
			}
		}
	}
}

func explainBUG(s *Step) string {
	return fmt.Sprintf("without %s the board would be a bivalue universal grave (every cell with two candidates, every digit twice in each house), which has two solutions; so %s",
		bxCells(s.Cells), bxRemovals(s.Eliminations))
}
