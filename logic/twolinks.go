package logic

import (
	"fmt"
	"math/bits"
	"sort"

	"sudoku"
)

// Two-strong-link fish, rated as Sukaku Explainer's StrongLinks(2) rates
// them: a strong link on digit d in one house (d has two places, or two
// groups of places) and another in a second house, joined by a weak link
// (one end of each in a common third house). One of the two far ends holds
// d, so d goes from every cell seeing both far ends. Skyscraper (two rows
// or two columns) 4.0; two-string kite (a row and a column), turbot fish
// (a line and a box, or two boxes) 4.1; any grouped link, such as the
// empty rectangle of a box whose d lie on a cross, 4.3.

var (
	techSkyscraper = Technique{Name: "Skyscraper", Code: "0400", explain: explainTwoLinks}
	techKite       = Technique{Name: "2-String kite", Code: "0401", explain: explainTwoLinks}
	techER         = Technique{Name: "Empty rectangle", Code: "0402", explain: explainTwoLinks}
	techTurbot     = Technique{Name: "Turbot fish", Code: "0403", explain: explainTwoLinks}
	techGrouped2SL = Technique{Name: "Grouped 2 strong links", Code: "", explain: explainTwoLinks}
)

func init() {
	register("TwoStrongLinks", findTwoLinks)
	for _, code := range []string{"0400", "0401", "0402", "0403"} {
		registerCode(code, enumTwoLinks)
	}
}

// slLink is a strong link: d is in group a or in group b of house h.
type slLink struct {
	h       sudoku.House
	a, b    CellSet
	all     CellSet // every place of d in h
	grouped bool
	er      bool // a box whose places lie on a cross
	// visA, visB: the cells outside h holding d that see every cell of a
	// (of b), the cells an end can take d from
	visA, visB CellSet
	inA, inB   uint64 // the houses holding every cell of a (of b), bit h
}

// ends returns group a (u 0) or group b (u 1), the cells seeing all of it
// and the houses holding it.
func (l *slLink) end(u int) (CellSet, CellSet, uint64) {
	if u == 0 {
		return l.a, l.visA, l.inA
	}
	return l.b, l.visB, l.inB
}

// finish fills the derived fields of a link of a digit with places dc.
func (l *slLink) finish(g *geometry, dc CellSet) *slLink {
	l.visA, l.inA = slSeeAndHouses(g, l.a)
	l.visB, l.inB = slSeeAndHouses(g, l.b)
	out := dc.AndNot(g.sets[l.h])
	l.visA, l.visB = l.visA.And(out), l.visB.And(out)
	return l
}

// slSeeAndHouses returns the cells that see every cell of s (not empty)
// and the houses holding s: for one cell its peers; for more, which lie
// in one line or one box, the rest of the houses holding them all (a cell
// outside them sees at most one of them). On boards of variants the cells
// seeing all of s are found from the peers (a diagonal's cells, a
// knight's move).
func slSeeAndHouses(g *geometry, s CellSet) (CellSet, uint64) {
	c := s.First()
	if s.Remove(c).Empty() {
		return g.peers[c], g.houseMask[c]
	}
	in := slHousesOf(g, s)
	if g.variant {
		return g.seesAll(s).AndNot(s), in
	}
	var see CellSet
	for m := in; m != 0; m &= m - 1 {
		see = see.Or(g.sets[bits.TrailingZeros64(m)])
	}
	return see.AndNot(s), in
}

// maxLinks bounds the links of a digit the searches take (their ends are
// bits of a uint64): 27 houses or fewer never have more; on boards with
// more houses, links beyond the first 32 are left out.
const maxLinks = 32

// slLinks lists the strong links of digit d into buf by region type in
// Sukaku Explainer's order (boxes, rows, columns, disjoint groups,
// windows, diagonals), each type's houses in order.
func slLinks(b *Board, d int, buf *[maxLinks]slLink) []slLink {
	n := 0
	g := b.geo
	dc := b.DigitCells[d]
	for _, t := range g.types {
		for _, h := range g.ofType[t] {
			if n < maxLinks && slLinkOf(b, t, h, d, dc, &buf[n]) {
				n++
			}
		}
	}
	return buf[:n]
}

// slLinkOf makes in l the link of digit d (places dc) in house h of type
// t, if there is one: two places; or, in a box (a disjoint group, a
// window: their cells lie three by three in rows and columns), places on
// a cross; or, in a line (a diagonal), places in two of its three
// segments of three cells.
func slLinkOf(b *Board, t int, h sudoku.House, d int, dc CellSet, l *slLink) bool {
	g := b.geo
	p := b.pos[h][d-1]
	k := bits.OnesCount16(p)
	switch {
	case k == 2:
		cs := &g.cells[h]
		f := cs[bits.TrailingZeros16(p)]
		e := cs[bits.TrailingZeros16(p&(p-1))]
		out := dc.AndNot(g.sets[h])
		*l = slLink{h: h, a: CellSet{}.Add(f), b: CellSet{}.Add(e),
			visA: g.peers[f].And(out), visB: g.peers[e].And(out), inA: g.houseMask[f], inB: g.houseMask[e]}
		l.all = l.a.Or(l.b)
		return true
	case k < 3 || k > 6 || t == typeExtra || g.irregular[h]:
		return false // a cross or segments need a 3x3 box or a line
	case t == typeBox || t == typeDisjoint || t == typeWindow:
		hearts := 9
		if t != typeBox {
			hearts = 3 // Sukaku Explainer tries three hearts only there
		}
		heart, ok := slBoxCross(p, hearts)
		if !ok {
			return false
		}
		row := uint16(7) << (heart / 3 * 3)
		col := uint16(0b001001001) << (heart % 3)
		*l = slLink{h: h, a: g.maskSet(h, p&row), b: g.maskSet(h, p&col), grouped: true, er: true}
		if g.variant {
			l.a, l.b = erEnds(g, h, p, heart)
		}
		l.all = g.maskSet(h, p)
		l.finish(g, dc)
		return true
	}
	s0, s1, s2 := p&7, p&0x38, p&0x1c0
	var x, y uint16
	switch {
	case s0 == 0:
		x, y = s1, s2
	case s1 == 0:
		x, y = s0, s2
	case s2 == 0:
		x, y = s0, s1
	}
	if x == 0 || y == 0 {
		return false // in one segment or in three
	}
	*l = slLink{h: h, a: g.maskSet(h, x), b: g.maskSet(h, y), grouped: true}
	l.all = l.a.Or(l.b)
	l.finish(g, dc)
	return true
}

// erEnds returns the ends of the empty rectangle of house h with places p
// and heart heart as Sukaku Explainer makes them (StrongLinks.buildLinks):
// when one arm of the cross (the places of the heart's row or column
// other than the heart) has one cell, the ends are that cell and the
// other arm with the heart, whether the heart holds the digit or not;
// when both arms have two cells, each arm with the heart if it holds the
// digit. With one cell on each arm (the heart then holds the digit) each
// end keeps the heart: without it the link would not be strong. The ends
// matter on boards of variants, where a window, a group or a knight's
// move may reach the arm and not the heart.
func erEnds(g *geometry, h sudoku.House, p uint16, heart int) (CellSet, CellSet) {
	hb := uint16(1) << heart
	arm1 := p & (uint16(7) << (heart / 3 * 3)) &^ hb
	arm2 := p & (uint16(0b001001001) << (heart % 3)) &^ hb
	n1, n2 := bits.OnesCount16(arm1), bits.OnesCount16(arm2)
	switch {
	case n1 == 1 && n2 == 2:
		return g.maskSet(h, arm1), g.maskSet(h, arm2|hb)
	case n1 == 2 && n2 == 1:
		return g.maskSet(h, arm1|hb), g.maskSet(h, arm2)
	}
	return g.maskSet(h, arm1|p&hb), g.maskSet(h, arm2|p&hb)
}

// maskSet returns the cells of house h picked by a 9-bit mask.
func (g *geometry) maskSet(h sudoku.House, m uint16) CellSet {
	var s CellSet
	cs := &g.cellSets[h]
	for ; m != 0; m &= m - 1 {
		s = s.Or(cs[bits.TrailingZeros16(m)])
	}
	return s
}

// slBoxCross finds the first heart cell (its place in the box, below
// hearts) such that every place p of d in the box (a 9-bit mask) lies in
// the heart's row or column, with places on both arms; a row or column of
// a line's places is a grouped link made by slLinks, which sorts places
// into the box segments of the line (a link when they lie in exactly
// two).
func slBoxCross(p uint16, hearts int) (int, bool) {
	for k := range hearts {
		heart := uint16(1) << k
		row := uint16(7) << (k / 3 * 3)
		col := uint16(0b001001001) << (k % 3)
		if p&^(row|col) != 0 || p&row&^heart == 0 || p&col&^heart == 0 {
			continue
		}
		return k, true
	}
	return 0, false
}

// slHousesOf returns the houses holding every cell of s (not empty), bit h
// for house h.
func slHousesOf(g *geometry, s CellSet) uint64 {
	m := ^uint64(0)
	for w := range 2 {
		for x := s[w]; x != 0; x &= x - 1 {
			m &= g.houseMask[w*64+bits.TrailingZeros64(x)]
		}
	}
	return m
}

// House masks by region type, in the order Sukaku Explainer checks them
// for a shared region (StrongLinks.shareRegionOf): column, row, box,
// disjoint group, window, down and up diagonal.
var slShareOrder = [...]uint64{
	0x1ff << 9, 0x1ff, 0x1ff << 18, 0x1ff << houseDisjoint, 0x1ff << houseWindow, 1 << houseDiagDown, 1 << houseDiagUp,
	0x1ff << houseExtra,
}

// slPickHouse returns the house of a houses mask that Sukaku Explainer
// checks first (slShareOrder); -1 if none. A set of cells lies in at
// most one house of each kind.
func slPickHouse(m uint64) sudoku.House {
	for _, k := range &slShareOrder {
		if x := m & k; x != 0 {
			return sudoku.House(bits.TrailingZeros64(x))
		}
	}
	return -1
}

// slRating is the technique and rating of a fish of links l1 and l2. A
// link in a house beyond rows, columns and boxes rates as a grouped one
// (Sukaku Explainer's StrongLinksHint.getDifficulty).
func slRating(l1, l2 *slLink) (Technique, Rating) {
	k1, k2 := l1.h.Kind(), l2.h.Kind()
	t, r := techTurbot, Rating(41)
	switch {
	case l1.grouped || l2.grouped || l1.h >= 27 || l2.h >= 27:
		t, r = techGrouped2SL, 43
		if l1.er || l2.er {
			t = techER
		}
	case k1 == k2 && k1 != sudoku.BoxHouse:
		t, r = techSkyscraper, 40
	case k1 != sudoku.BoxHouse && k2 != sudoku.BoxHouse:
		t = techKite
	}
	return t, r
}

// slFound is a two-strong-link fish found: the links, the ends each is
// joined by (u1, u2: 0 for a, 1 for b), its rating and eliminations; key
// is its place in Sukaku Explainer's order: digits, pairs of links in
// list order, the four ways of joining them.
type slFound struct {
	d      int
	l1, l2 slLink
	u1, u2 int
	share  sudoku.House
	rating Rating
	victim CellSet // the cells losing d
	key    int
}

// slSearch calls f with every two-strong-link fish, not in Sukaku
// Explainer's order (see slFound.key). With maxRating > 0, pairs of links
// rated above it are skipped, and f may lower it by returning a new limit.
func slSearch(b *Board, maxRating Rating, f func(x *slFound) Rating) {
	var buf [maxLinks]slLink
	for d := 1; d <= 9; d++ {
		links := slLinks(b, d, &buf)
		if len(links) < 2 {
			continue
		}
		// inHouse[h] has bit 2k+u if end u of link k lies in house h.
		var inHouse [maxHouses]uint64
		for k := range links {
			for u := range 2 {
				_, _, in := links[k].end(u)
				for ; in != 0; in &= in - 1 {
					inHouse[bits.TrailingZeros64(in)] |= 1 << (2*k + u)
				}
			}
		}
		for i := range links {
			l1 := &links[i]
			later := ^uint64(0) << (2*i + 2)
			for u1 := range 2 {
				_, visBr1, inBr1 := l1.end(u1)
				_, visSt, inSt := l1.end(1 - u1)
				var cand uint64
				for in := inBr1; in != 0; in &= in - 1 {
					cand |= inHouse[bits.TrailingZeros64(in)]
				}
				for cand &= later; cand != 0; cand &= cand - 1 {
					ju := bits.TrailingZeros64(cand)
					j, u2 := ju>>1, ju&1
					l2 := &links[j]
					if !l1.all.And(l2.all).Empty() {
						continue
					}
					_, r := slRating(l1, l2)
					if maxRating > 0 && r > maxRating {
						continue
					}
					_, visBr2, inBr2 := l2.end(u2)
					_, visEn, inEn := l2.end(1 - u2)
					// The cells seeing both outer ends, outside the two
					// houses (and so off the links); for a ring, also
					// those seeing both inner ends.
					share := slPickHouse(inBr1 & inBr2)
					victims := visSt.And(visEn)
					if inSt&inEn != 0 { // a ring
						victims = victims.Or(visBr1.And(visBr2))
					} else {
						victims = victims.AndNot(b.geo.sets[share])
					}
					if victims.Empty() {
						continue
					}
					x := slFound{d: d, l1: *l1, l2: *l2, u1: u1, u2: u2, share: share, rating: r, victim: victims,
						key: (d*32+i)*128 + j*4 + u1*2 + u2}
					maxRating = f(&x)
				}
			}
		}
	}
}

// better reports whether x comes before y in Sukaku Explainer's sorted
// list: easier, then more eliminations, then found first.
func (x *slFound) better(y *slFound) bool {
	if x.rating != y.rating {
		return x.rating < y.rating
	}
	if nx, ny := x.victim.Count(), y.victim.Count(); nx != ny {
		return nx > ny
	}
	return x.key < y.key
}

// step builds the step of a fish found.
func (x *slFound) step(b *Board) Step {
	l1, l2 := &x.l1, &x.l2
	br1, _, _ := l1.end(x.u1)
	st, _, _ := l1.end(1 - x.u1)
	br2, _, _ := l2.end(x.u2)
	en, _, _ := l2.end(1 - x.u2)
	return slStep(x.d, l1, l2, x.share, st, br1, br2, en, bxElims(b, x.victim, x.d, nil))
}

// twoLinkSteps returns every two-strong-link step, sorted as Sukaku
// Explainer sorts them: by rating, then by number of eliminations (most
// first), then in the order found.
func twoLinkSteps(b *Board) []Step {
	var found []slFound
	slSearch(b, 0, func(x *slFound) Rating {
		found = append(found, *x)
		return 0
	})
	sort.Slice(found, func(i, j int) bool { return found[i].better(&found[j]) })
	var out []Step
	for i := range found {
		out = append(out, found[i].step(b))
	}
	return out
}

// slStep builds the step and rates it.
func slStep(d int, l1, l2 *slLink, share sudoku.House, st, br1, br2, en CellSet, el []Candidate) Step {
	t, r := slRating(l1, l2)
	var cells []sudoku.Cell
	for _, s := range []CellSet{st, br1, br2, en} {
		cells = s.Cells(cells)
	}
	s := Step{Technique: t, Rating: r, Eliminations: el, Cells: cells,
		Houses: []sudoku.House{l1.h, l2.h, share}, Digits: []int{d}}
	s.Links = []Link{
		{From: Candidate{Cell: st.First(), Digit: d}, To: Candidate{Cell: br1.First(), Digit: d}, Strong: true},
		{From: Candidate{Cell: br1.First(), Digit: d}, To: Candidate{Cell: br2.First(), Digit: d}},
		{From: Candidate{Cell: br2.First(), Digit: d}, To: Candidate{Cell: en.First(), Digit: d}, Strong: true},
	}
	return s
}

// findTwoLinks returns the first step of twoLinkSteps.
func findTwoLinks(b *Board) (Step, bool) {
	var best slFound
	found := false
	slSearch(b, 0, func(x *slFound) Rating {
		if !found || x.better(&best) {
			best, found = *x, true
		}
		return best.rating
	})
	if !found {
		return Step{}, false
	}
	return best.step(b), true
}

func enumTwoLinks(b *Board, yield func(Step) bool) {
	for _, s := range twoLinkSteps(b) {
		if !yield(s) {
			return
		}
	}
}

func explainTwoLinks(s *Step) string {
	d := s.Digits[0]
	return fmt.Sprintf("%d is in one of two places in %v and in %v, and the inner ends share %v; so one of the outer ends (%v or %v) is %d, and %s",
		d, houseName(s.Houses[0]), houseName(s.Houses[1]), houseName(s.Houses[2]), s.Links[0].From.Cell, s.Links[2].To.Cell, d, bxRemovals(s.Eliminations))
}
