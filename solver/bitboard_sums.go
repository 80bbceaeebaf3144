package solver

import (
	"math/bits"
)

// The innies and outies of groups of houses, as a killer solver reads
// them and as ISS's optimizer adds them (its `_makeInnieOutieSumHandlers`,
// whose idea this follows; the code is ours). Sweep the rows from the
// top: after i rows, the cages that lie mostly in them, with the cells
// of those rows outside these cages (the innies, A) and the cells of the
// cages outside the rows (the outies, B), satisfy
//
//	sum(B) - sum(A) = (sum of the cages) - 45*i
//
// as the i rows hold 45*i. The same from the bottom, from either side
// and over the boxes (or jigsaw regions) in order. When A and B are
// small this is a strong sum: one cell sticking out of a group of
// houses is an arrow of the cells left inside. The cells of such a sum
// need not differ (an innie and an outie may hold the same digit), so
// it is propagated by bounds, counting that cells which see each other
// hold different digits, and exactly once three cells or fewer are
// open.

// maxSumCells bounds the cells of an implied sum.
const maxSumCells = 9

// maxSumSizeCovered bounds an implied sum whose cells all lie in cages
// already (a weaker gain), as ISS does.
const maxSumSizeCovered = 6

// bitsSum is a linear sum: the digits of the first npos cells, less those
// of the others, make total. group[i] numbers the cliques of cells
// that see each other (same sign), whose digits differ.
type bitsSum struct {
	set     cells
	list    [maxSumCells]int8
	group   [maxSumCells]int8
	differ  [maxSumCells]uint16 // bit j of differ[i]: cells i and j see each other
	n, npos int
	ngroups int
	total   int
}

// impliedSums appends to cs the sums of the innies and outies of groups
// of rows, of columns and of regions (houses: rows, columns, regions, 9
// each, as compileHouses adds them). A sum whose cells all see each
// other and share a sign becomes a cage instead.
func (cs *cageSums) impliedSums(houses []cells, peers *[81]cells) {
	pieces := cs.pieces()
	if cap(cs.used) < len(pieces) {
		cs.used = make([]bool, len(pieces))
	}
	var inSum cells
	for _, p := range pieces {
		inSum = inSum.or(p.cells)
	}
	var sweeps [5][9]cells
	for i := range 9 {
		sweeps[0][i], sweeps[1][i] = houses[i], houses[8-i]
		sweeps[2][i], sweeps[3][i] = houses[9+i], houses[17-i]
		sweeps[4][i] = houses[18+i]
	}
	for _, h := range houses[:27] {
		cs.houseSums(h, pieces, inSum, peers)
	}
	for _, sw := range sweeps {
		var super, covered cells
		used := cs.used[:len(pieces)]
		clear(used)
		total := 0
		for i, h := range sw[:8] {
			super = super.or(h)
			for j, p := range pieces {
				if !used[j] && 2*p.cells.and(super).count() > p.cells.count() {
					used[j], covered, total = true, covered.or(p.cells), total+p.sum
				}
			}
			if i > 0 {
				cs.addImplied(covered.andNot(super), super.andNot(covered), total-45*(i+1), inSum, peers)
			}
		}
	}
}

// houseSums adds what one house h and the cages across it imply: when
// the cages that meet h cover it, their cells outside h make what they
// add beyond 45 (its outies); and for a cage with one cell outside h,
// the cells of h in no cage inside h and not in that cage, less the cell
// outside, make what 45 less those cages leave beyond the cage's sum.
func (cs *cageSums) houseSums(h cells, pieces []bitsCage, inSum cells, peers *[81]cells) {
	var meet, inside cells
	meetSum, insideSum := 0, 0
	for _, p := range pieces {
		if p.cells.and(h).empty() {
			continue
		}
		meet, meetSum = meet.or(p.cells), meetSum+p.sum
		if p.cells.andNot(h).empty() {
			inside, insideSum = inside.or(p.cells), insideSum+p.sum
		}
	}
	if h.andNot(meet).empty() {
		cs.addImplied(meet.andNot(h), cells{}, meetSum-45, inSum, peers)
	}
	rest := h.andNot(inside)
	for _, p := range pieces {
		out := p.cells.andNot(h)
		if !out.single() || p.cells.and(h).empty() {
			continue
		}
		left := rest.andNot(p.cells)
		if left.count()+1 <= maxSumSizeCovered {
			cs.addImplied(left, out, 45-insideSum-p.sum, inSum, peers)
		}
	}
}

// pieces returns the cages with a sum, leaving out any that overlaps one
// before it.
func (cs *cageSums) pieces() []bitsCage {
	out := cs.piecesBuf[:0]
	var seen cells
	for _, k := range cs.all {
		if k.sum == 0 || !k.cells.and(seen).empty() {
			continue
		}
		seen = seen.or(k.cells)
		out = append(out, k)
	}
	cs.piecesBuf = out
	return out
}

// addImplied adds sum(pos) - sum(neg) = total, when it is worth it: not
// empty, at most maxSumCells cells, one side at most two cells, and
// at most maxSumSizeCovered cells when every one lies in a cage already.
func (cs *cageSums) addImplied(pos, neg cells, total int, inSum cells, peers *[81]cells) {
	a, b := neg.count(), pos.count()
	switch {
	case a+b == 0, a+b > maxSumCells, a > 2 && b > 2:
		return
	case pos.or(neg).andNot(inSum).empty() && a+b > maxSumSizeCovered:
		return
	}
	if a == 0 || b == 0 {
		set, t := pos, total
		if b == 0 {
			set, t = neg, -total
		}
		if clique(set, peers) {
			cs.addCage(bitsCage{cells: set, sum: t})
			return
		}
	}
	k := newBitsSum(pos, neg, total, peers)
	for _, o := range cs.sums {
		if o.set == k.set && o.npos == k.npos && o.total == k.total {
			return
		}
	}
	cs.sums = append(cs.sums, k)
}

// addCage adds an implied cage unless one of the same cells is there.
func (cs *cageSums) addCage(k bitsCage) {
	for _, o := range cs.cages {
		if o.cells == k.cells {
			return
		}
	}
	cs.cages = append(cs.cages, k)
}

// cageSum returns cage k as a sum of one group of cells that differ;
// none (n 0) for a cage of more than maxSumCells cells.
func cageSum(k bitsCage) bitsSum {
	n := k.cells.count()
	if n > maxSumCells {
		return bitsSum{}
	}
	out := bitsSum{set: k.cells, total: k.sum, ngroups: 1}
	for m := k.cells; !m.empty(); m = m.withoutFirst() {
		out.list[out.n] = int8(m.first())
		out.n++
	}
	out.npos = out.n
	for i := range n {
		out.differ[i] = (uint16(1)<<n - 1) &^ (1 << i)
	}
	return out
}

// clique reports whether every two cells of set see each other.
func clique(set cells, peers *[81]cells) bool {
	for m := set; !m.empty(); m = m.withoutFirst() {
		c := m.first()
		if !set.andNot(cellOf(c)).andNot(peers[c]).empty() {
			return false
		}
	}
	return true
}

// newBitsSum returns the sum of the digits of pos less those of neg,
// total, its cells grouped and their relations read from peers.
func newBitsSum(pos, neg cells, total int, peers *[81]cells) bitsSum {
	k := bitsSum{set: pos.or(neg), total: total}
	k.add(pos, peers)
	k.npos = k.n
	k.add(neg, peers)
	for i := range k.n {
		for j := range k.n {
			if i != j && peers[k.list[i]].has(int(k.list[j])) {
				k.differ[i] |= 1 << j
			}
		}
	}
	return k
}

// add appends the cells of set to k, each in the first group of its sign
// whose cells it all sees, or a new group.
func (k *bitsSum) add(set cells, peers *[81]cells) {
	first := k.ngroups
	for m := set; !m.empty(); m = m.withoutFirst() {
		c := m.first()
		g := k.ngroups
		for h := first; h < k.ngroups && g == k.ngroups; h++ {
			if k.sees(h, c, peers) {
				g = h
			}
		}
		if g == k.ngroups {
			k.ngroups++
		}
		k.list[k.n], k.group[k.n] = int8(c), int8(g)
		k.n++
	}
}

// sees reports whether cell c sees every cell of group g.
func (k *bitsSum) sees(g, c int, peers *[81]cells) bool {
	for i := range k.n {
		if int(k.group[i]) == g && !peers[c].has(int(k.list[i])) {
			return false
		}
	}
	return true
}

// sumState is the candidates of a sum's cells during one narrowing
// (bit d-1 for digit d).
type sumState [maxSumCells]uint16

// narrow propagates sum k at st: bounds until they hold, then the exact
// digits once three cells or fewer are open (exact). It writes what goes back to
// st; ok false on a dead end.
func (k *bitsSum) narrow(s *bitsSearch, st *bitsState) (ok, changed bool) {
	var m, before sumState
	for i := range k.n {
		m[i] = cellDigits(st, int(k.list[i]))
	}
	before = m
	for range 4 {
		ok, more := k.bounds(&m)
		if !ok {
			return false, false
		}
		if !more {
			break
		}
	}
	if !k.exact(&m) {
		return false, false
	}
	return true, k.write(s, st, &m, &before)
}

// cellDigits returns the digits cell c may hold at st (bit d-1 for d).
func cellDigits(st *bitsState, c int) uint16 {
	var m uint16
	if c < 64 {
		for d := range st.cand {
			m |= uint16(st.cand[d].lo>>c&1) << d
		}
		return m
	}
	for d := range st.cand {
		m |= uint16(st.cand[d].hi>>(c-64)&1) << d
	}
	return m
}

// write takes from st the digits narrow removed, reporting whether any
// went.
func (k *bitsSum) write(s *bitsSearch, st *bitsState, m, before *sumState) bool {
	changed := false
	for i := range k.n {
		gone := before[i] &^ m[i]
		if gone == 0 {
			continue
		}
		c := int(k.list[i])
		for ; gone != 0; gone &= gone - 1 {
			d := bits.TrailingZeros16(gone)
			st.cand[d] = st.cand[d].andNot(cellOf(c))
			s.dirty(d)
		}
		s.touched = s.touched.or(cellOf(c))
		changed = true
	}
	return changed
}

// groupSpan is what bounds reads of one group: the least and greatest
// sums of its cells each on its own, and of as many different digits as
// it has cells, with the greatest digit of the least such set and the
// least of the greatest.
type groupSpan struct {
	cellLo, cellHi int
	lo, hi         int
	loTop, hiLow   int
}

// span returns group g's span at m; false when its cells cannot hold
// different digits.
func (k *bitsSum) span(m *sumState, g int) (groupSpan, bool) {
	var sp groupSpan
	var union uint16
	t := 0
	for i := range k.n {
		if int(k.group[i]) != g {
			continue
		}
		t++
		union |= m[i]
		sp.cellLo += bits.TrailingZeros16(m[i]) + 1
		sp.cellHi += 16 - bits.LeadingZeros16(m[i])
	}
	if bits.OnesCount16(union) < t {
		return sp, false
	}
	low, high := union, union
	for range t {
		a := bits.TrailingZeros16(low) + 1
		b := 16 - bits.LeadingZeros16(high)
		sp.lo, sp.hi, sp.loTop, sp.hiLow = sp.lo+a, sp.hi+b, a, b
		low &^= 1 << (a - 1)
		high &^= 1 << (b - 1)
	}
	return sp, true
}

// bounds narrows each cell to the digits that leave the others room to
// make the total, by the cells' own bounds and by their groups' bounds
// of different digits; more reports whether a digit went.
func (k *bitsSum) bounds(m *sumState) (ok, more bool) {
	lCell, uCell := 0, 0
	for i := range k.n {
		lo, hi := bits.TrailingZeros16(m[i])+1, 16-bits.LeadingZeros16(m[i])
		if i < k.npos {
			lCell, uCell = lCell+lo, uCell+hi
		} else {
			lCell, uCell = lCell-hi, uCell-lo
		}
	}
	if k.total-lCell >= 8 && uCell-k.total >= 8 {
		return true, false // room for every digit of every cell: nothing goes (as ISS stops)
	}
	var sp [maxSumCells]groupSpan
	lCell, uCell = 0, 0
	lGrp, uGrp := 0, 0
	for g := range k.ngroups {
		x, ok := k.span(m, g)
		if !ok {
			return false, false
		}
		sp[g] = x
		if k.positive(g) {
			lCell, uCell, lGrp, uGrp = lCell+x.cellLo, uCell+x.cellHi, lGrp+x.lo, uGrp+x.hi
		} else {
			lCell, uCell, lGrp, uGrp = lCell-x.cellHi, uCell-x.cellLo, lGrp-x.hi, uGrp-x.lo
		}
	}
	t := k.total
	if t < max(lCell, lGrp) || t > min(uCell, uGrp) {
		return false, false
	}
	for i := range k.n {
		x := &sp[k.group[i]]
		lo, hi := bits.TrailingZeros16(m[i])+1, 16-bits.LeadingZeros16(m[i])
		var top, bottom int
		if i < k.npos {
			top = min(lo+t-lCell, x.loTop+t-lGrp)
			bottom = max(hi-(uCell-t), x.hiLow-(uGrp-t))
		} else {
			top = min(lo+uCell-t, x.loTop+uGrp-t)
			bottom = max(hi-(t-lCell), x.hiLow-(t-lGrp))
		}
		nm := m[i] & digitRange(bottom, top)
		if nm == 0 {
			return false, false
		}
		if nm != m[i] {
			m[i], more = nm, true
		}
	}
	return true, more
}

// positive reports whether group g holds cells of positive sign.
func (k *bitsSum) positive(g int) bool {
	for i := range k.n {
		if int(k.group[i]) == g {
			return i < k.npos
		}
	}
	return true
}

// digitRange returns the digits lo..hi of 1..9 as bits.
func digitRange(lo, hi int) uint16 {
	lo, hi = max(lo, 1), min(hi, 9)
	if lo > hi {
		return 0
	}
	return uint16(1)<<hi - uint16(1)<<(lo-1)
}

// exact keeps in each cell of k the digits some assignment of the whole
// sum uses (cells that see each other differing), once three cells or
// fewer are open, a digit alone in a cell first going from the cells of
// the sum that see it; false when none is left.
func (k *bitsSum) exact(m *sumState) bool {
	if !k.singles(m) {
		return false
	}
	need := k.total
	var open [3]int
	no := 0
	for i := range k.n {
		if m[i]&(m[i]-1) == 0 {
			need -= k.sign(i) * (bits.TrailingZeros16(m[i]) + 1)
			continue
		}
		if no == len(open) {
			return true
		}
		open[no] = i
		no++
	}
	if no == 0 {
		return need == 0
	}
	var keep [3]uint16
	k.walk(m, open[:no], 0, need, &[3]int{}, &keep)
	for j, i := range open[:no] {
		if keep[j] == 0 {
			return false
		}
		m[i] = keep[j]
	}
	return true
}

// singles takes the digit of each cell left with one from the cells of
// the sum that see it, until none goes; false when a cell is left with
// none.
func (k *bitsSum) singles(m *sumState) bool {
	for changed := true; changed; {
		changed = false
		for i := range k.n {
			if m[i]&(m[i]-1) != 0 {
				continue
			}
			for b := k.differ[i]; b != 0; b &= b - 1 {
				j := bits.TrailingZeros16(b)
				if m[j]&m[i] == 0 {
					continue
				}
				if m[j] &^= m[i]; m[j] == 0 {
					return false
				}
				changed = true
			}
		}
	}
	return true
}

// walk tries the digits of open cell j on, need being left to make,
// marking in keep the digits of every assignment found; the last cell's
// digit is computed, not searched.
func (k *bitsSum) walk(m *sumState, open []int, j, need int, val *[3]int, keep *[3]uint16) {
	i := open[j]
	s := k.sign(i)
	if j == len(open)-1 {
		v := s * need
		if v < 1 || v > 9 || m[i]&(1<<(v-1)) == 0 || k.clash(open, j, v, val) {
			return
		}
		val[j] = v
		for x := range open {
			keep[x] |= 1 << (val[x] - 1)
		}
		return
	}
	for b := m[i]; b != 0; b &= b - 1 {
		v := bits.TrailingZeros16(b) + 1
		if k.clash(open, j, v, val) {
			continue
		}
		val[j] = v
		k.walk(m, open, j+1, need-s*v, val, keep)
	}
}

// clash reports whether open cell j holding v meets an earlier open cell
// it sees holding v.
func (k *bitsSum) clash(open []int, j, v int, val *[3]int) bool {
	for x := range j {
		if val[x] == v && k.differ[open[j]]>>open[x]&1 != 0 {
			return true
		}
	}
	return false
}

// sign returns +1 for the cells added, -1 for those taken away.
func (k *bitsSum) sign(i int) int {
	if i < k.npos {
		return 1
	}
	return -1
}
