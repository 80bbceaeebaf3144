package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"sudoku"
)

// Chains of three and four strong links on one digit, as Sukaku
// Explainer's StrongLinks(3) and StrongLinks(4) find and rate them (the
// two-link case is twolinks.go). The links (slLinks: boxes, rows and
// columns, grouped links and empty rectangles included) lie in houses whose
// places of the digit are pairwise disjoint; consecutive links are joined
// by a weak link, an end of each in one common house. One of the two far
// ends holds the digit, so it goes from every cell seeing both, outside the
// links' houses and the weak links' houses. When the far ends share a house
// too the chain is a loop (an X-loop): then every weak link is conjugate,
// and the digit also goes from the cells seeing both ends of any weak link.
// Ratings: 5.4 (three links) or 5.8 (four) when every link lies in a line
// of one kind, +0.1 for a mix of rows and columns or any box, +0.2 for
// boxes with rows and columns, +0.3 with any grouped link. Among the chains
// found, the easiest is taken, then the one with most eliminations.

var (
	tech3Sky     = Technique{Name: "3 Skyscrapers", explain: explainStrongLinks}
	tech3Kite    = Technique{Name: "3-String kite", explain: explainStrongLinks}
	tech3SL      = Technique{Name: "3 strong links", explain: explainStrongLinks}
	tech3Grouped = Technique{Name: "Grouped 3 strong links", explain: explainStrongLinks}
	tech3Loop    = Technique{Name: "3 strong links X-loop", explain: explainStrongLinks}
	tech4Sky     = Technique{Name: "4 Skyscrapers", explain: explainStrongLinks}
	tech4SL      = Technique{Name: "4 strong links", explain: explainStrongLinks}
	tech4Grouped = Technique{Name: "Grouped 4 strong links", explain: explainStrongLinks}
	tech4Loop    = Technique{Name: "4 strong links X-loop", explain: explainStrongLinks}
)

func init() {
	register("ThreeStrongLinks", func(b *Board) (Step, bool) { return findStrongLinks(b, 3) })
	register("FourStrongLinks", func(b *Board) (Step, bool) { return findStrongLinks(b, 4) })
}

// snBase is Sukaku Explainer's base rating of a chain of n strong links.
var snBase = [5]Rating{0, 0, 40, 54, 58}

// snFound is a chain of n strong links found: the links in chain order,
// the end each is entered by (the other end leads on), the houses of the
// weak links, its rating and eliminations; elims counts them as Sukaku
// Explainer does (a cell removed twice by a loop counts twice); suffix is
// its configuration string (StrongLinksHint.getSuffix), key its place in
// the order found.
type snFound struct {
	d, n   int
	links  [4]slLink
	in     [4]int
	share  [4]sudoku.House
	ring   bool
	rating Rating
	victim CellSet
	elims  int
	suffix string
	key    int
}

// better reports whether x comes before y in Sukaku Explainer's sorted
// list: easier, then more eliminations, then by suffix, then found first.
func (x *snFound) better(y *snFound) bool {
	if x.rating != y.rating {
		return x.rating < y.rating
	}
	if x.elims != y.elims {
		return x.elims > y.elims
	}
	if x.suffix != y.suffix {
		return x.suffix < y.suffix
	}
	return x.key < y.key
}

// snSearch holds the state of the search of one digit's chains and the
// best chain found so far.
type snSearch struct {
	b     *Board
	d, n  int
	links []slLink
	// adj[2k+x] has bit 2j+v when end v of link j shares a house with end
	// x of link k and the two links' places are disjoint; clash[k] has
	// both bits of every link whose places meet link k's.
	adj   [2 * maxLinks]uint64
	clash [maxLinks]uint64
	chain [4]int
	in    [4]int
	key   int
	best  snFound
	found bool
}

// findStrongLinks returns the best chain of n strong links, as Sukaku
// Explainer would choose it.
func findStrongLinks(b *Board, n int) (Step, bool) {
	s := snSearch{b: b, n: n}
	var buf [maxLinks]slLink
	for d := 1; d <= 9; d++ {
		s.digit(d, &buf)
	}
	if !s.found {
		return Step{}, false
	}
	return s.best.step(b), true
}

// digit searches the chains of digit d.
func (s *snSearch) digit(d int, buf *[maxLinks]slLink) {
	all := slLinks(s.b, d, buf)
	links := all[:0]
	for _, l := range all {
		// Sukaku Explainer takes no box (disjoint group, window) link
		// whose two places share a line.
		if t := houseTypeOf(l.h); (t == typeBox || t == typeDisjoint || t == typeWindow) &&
			!l.grouped && slHousesOf(s.b.geo, l.all)&0x3ffff != 0 {
			continue
		}
		links = append(links, l)
	}
	if len(links) < s.n {
		return
	}
	s.d, s.links = d, links
	for k := range links {
		s.clash[k] = 0
		for j := range links {
			if !links[k].all.And(links[j].all).Empty() {
				s.clash[k] |= 3 << (2 * j)
			}
		}
	}
	for k := range links {
		for x := range 2 {
			_, _, out := links[k].end(x)
			var m uint64
			for j := range links {
				for v := range 2 {
					if _, _, in := links[j].end(v); in&out != 0 {
						m |= 1 << (2*j + v)
					}
				}
			}
			s.adj[2*k+x] = m &^ s.clash[k]
		}
	}
	for i := range links {
		for u := range 2 {
			s.chain[0], s.in[0] = i, u
			s.extend(1, s.clash[i])
		}
	}
}

// extend adds link k of the chain: one whose places meet no used link's
// (used has their bits) and whose entry end shares a house with the exit
// end of link k-1.
func (s *snSearch) extend(k int, used uint64) {
	if k == s.n {
		s.emit()
		return
	}
	cand := s.adj[2*s.chain[k-1]+1-s.in[k-1]] &^ used
	if k == s.n-1 {
		cand &= ^uint64(0) << (2*s.chain[0] + 2) // a chain is taken in one direction only
	}
	for ; cand != 0; cand &= cand - 1 {
		jv := bits.TrailingZeros64(cand)
		s.chain[k], s.in[k] = jv>>1, jv&1
		s.extend(k+1, used|s.clash[jv>>1])
	}
}

// emit keeps the chain of s if it eliminates and comes before the best.
func (s *snSearch) emit() {
	n := s.n
	var houses CellSet
	grouped := 0
	var kinds [4]int
	for k := range n {
		l := &s.links[s.chain[k]]
		houses = houses.Or(s.b.geo.sets[l.h])
		if l.grouped {
			grouped++
		}
		kinds[k] = houseTypeOf(l.h) // Sukaku's: box 0, row 1, column 2, disjoint group 3, ...
	}
	suffix, rating := snSuffixRating(n, grouped, kinds[:n])
	if s.found && rating > s.best.rating {
		return
	}
	first, last := &s.links[s.chain[0]], &s.links[s.chain[n-1]]
	_, visSt, inSt := first.end(s.in[0])
	_, visEn, inEn := last.end(1 - s.in[n-1])
	ring := inSt&inEn != 0
	if ring && (s.in[0] != 0 || !s.firstIsLeast()) {
		return // each loop once
	}
	var victim CellSet
	var share [4]sudoku.House
	v := visSt.And(visEn).AndNot(houses)
	elims := 0
	if ring {
		elims = v.Count()
	}
	for k := 0; k+1 < n; k++ {
		_, visBr1, inBr1 := s.links[s.chain[k]].end(1 - s.in[k])
		_, visBr2, inBr2 := s.links[s.chain[k+1]].end(s.in[k+1])
		share[k] = slPickHouse(inBr1 & inBr2)
		if ring {
			w := visBr1.And(visBr2).AndNot(houses)
			elims += w.Count()
			victim = victim.Or(w)
		} else {
			v = v.AndNot(s.b.geo.sets[share[k]])
		}
	}
	victim = victim.Or(v)
	if !ring {
		elims = v.Count()
	}
	if victim.Empty() {
		return
	}
	x := snFound{d: s.d, n: n, in: s.in, share: share, ring: ring, rating: rating,
		victim: victim, elims: elims, suffix: suffix, key: s.key}
	s.key++
	if s.found && !x.better(&s.best) {
		return
	}
	for k := range n {
		x.links[k] = s.links[s.chain[k]]
	}
	s.best, s.found = x, true
}

// firstIsLeast reports whether the chain's first link has the lowest
// index, as loops are reported starting there.
func (s *snSearch) firstIsLeast() bool {
	for k := 1; k < s.n; k++ {
		if s.chain[k] < s.chain[0] {
			return false
		}
	}
	return true
}

// snSuffixes[n-3][g][code] and snRatings are the suffix and rating of
// chains of n links, g of them grouped, whose kinds (in chain order) are
// the base-3 digits of code.
var snSuffixes, snRatings = func() (sf [2][5][81]string, rt [2][5][81]Rating) {
	for n := 3; n <= 4; n++ {
		for g := 0; g <= n; g++ {
			for code := 0; code < 81; code++ {
				kinds := make([]int, n)
				for i, c := n-1, code; i >= 0; i, c = i-1, c/3 {
					kinds[i] = c % 3
				}
				sf[n-3][g][code] = snSuffix(g, kinds)
				rt[n-3][g][code] = snRating(n, sf[n-3][g][code])
			}
		}
	}
	return sf, rt
}()

// snSuffixRating returns the suffix and rating of a chain of n links, g
// of them grouped, of the given region types in chain order: from the
// tables for boxes, rows and columns, worked out for other houses.
func snSuffixRating(n, g int, kinds []int) (string, Rating) {
	code := 0
	for _, k := range kinds {
		if k > typeCol {
			sf := snSuffix(g, kinds)
			return sf, snRating(n, sf)
		}
		code = code*3 + k
	}
	return snSuffixes[n-3][g][code], snRatings[n-3][g][code]
}

// snRating rates a chain of n links from its suffix
// (StrongLinksHint.getDifficulty): 0.3 more for a grouped link or a link
// in a house beyond rows, columns and boxes.
func snRating(n int, suffix string) Rating {
	r, rest := snBase[n], suffix[1:]
	has0, has2 := strings.Contains(rest, "0"), strings.Contains(rest, "2")
	switch {
	case suffix[0] != '0' || strings.ContainsAny(rest, "3456789"):
		return r + 3
	case !has0 && !has2:
		return r
	case has0 && has2:
		return r + 2
	}
	return r + 1
}

// snSuffix is StrongLinksHint.getSuffix: the number of grouped links and
// the kinds of the links in chain order (0 box, 1 row, 2 column), in the
// smaller of the two directions, rows and columns named so that the
// string is least.
func snSuffix(grouped int, kinds []int) string {
	fwd, rev := snDigits(kinds, false), snDigits(kinds, true)
	set := kinds
	if fwd > rev {
		set = snReverse(kinds)
	}
	return fmt.Sprint(grouped) + snLineName(set)
}

// snLineName is StrongLinksHint.rLineName.
func snLineName(set []int) string {
	var orig, lines, rev, cur string
	one := false
	for _, k := range set {
		ks := fmt.Sprint(k)
		if k == 1 {
			one = true
			rev, cur = "2"+rev, cur+"2"
		}
		orig += ks
		if k == 2 {
			lines += "1"
			rev, cur = "1"+rev, cur+"1"
		} else {
			lines += ks
			if k < 1 || k > 2 {
				rev, cur = ks+rev, cur+ks
			}
		}
	}
	if rev > cur {
		rev = cur
	}
	if !one {
		return lines
	}
	if orig > rev {
		return rev
	}
	return orig
}

// snDigits writes kinds as a string of digits, reversed or not.
func snDigits(kinds []int, reverse bool) string {
	var sb strings.Builder
	for i := range kinds {
		k := kinds[i]
		if reverse {
			k = kinds[len(kinds)-1-i]
		}
		sb.WriteByte(byte('0' + k))
	}
	return sb.String()
}

// snReverse returns kinds reversed.
func snReverse(kinds []int) []int {
	out := make([]int, len(kinds))
	for i, k := range kinds {
		out[len(kinds)-1-i] = k
	}
	return out
}

// snTechnique names a chain of n links from its suffix (StrongLinksHint.getName).
func snTechnique(n int, ring bool, suffix string) Technique {
	rest := suffix[1:]
	switch {
	case ring && n == 3:
		return tech3Loop
	case ring:
		return tech4Loop
	case (suffix[0] != '0' || strings.ContainsAny(rest, "3456789")) && n == 3:
		return tech3Grouped
	case suffix[0] != '0' || strings.ContainsAny(rest, "3456789"):
		return tech4Grouped
	case !strings.Contains(rest, "0") && !strings.Contains(rest, "2") && n == 3:
		return tech3Sky
	case !strings.Contains(rest, "0") && !strings.Contains(rest, "2"):
		return tech4Sky
	case !strings.Contains(rest, "0") && n == 3:
		return tech3Kite
	case n == 3:
		return tech3SL
	}
	return tech4SL
}

// step builds the step of a chain found.
func (x *snFound) step(b *Board) Step {
	st := Step{Technique: snTechnique(x.n, x.ring, x.suffix), Rating: x.rating,
		Eliminations: bxElims(b, x.victim, x.d, nil), Digits: []int{x.d}}
	var prev Candidate
	for k := range x.n {
		l := &x.links[k]
		a, _, _ := l.end(x.in[k])
		z, _, _ := l.end(1 - x.in[k])
		st.Cells = a.Cells(st.Cells)
		st.Cells = z.Cells(st.Cells)
		from := Candidate{Cell: a.First(), Digit: x.d}
		to := Candidate{Cell: z.First(), Digit: x.d}
		if k > 0 {
			st.Links = append(st.Links, Link{From: prev, To: from})
		}
		st.Links = append(st.Links, Link{From: from, To: to, Strong: true})
		st.Houses = append(st.Houses, l.h)
		prev = to
	}
	st.Houses = append(st.Houses, x.share[:x.n-1]...)
	return st
}

func explainStrongLinks(s *Step) string {
	d := s.Digits[0]
	n := (len(s.Links) + 1) / 2
	var hs []string
	for _, h := range s.Houses[:n] {
		hs = append(hs, houseName(h))
	}
	return fmt.Sprintf("%d is in one of two places (or groups) in each of %s, and the links join end to end; so one of the far ends (%v or %v) is %d, and %s",
		d, strings.Join(hs, ", "), s.Links[0].From.Cell, s.Links[len(s.Links)-1].To.Cell, d, bxRemovals(s.Eliminations))
}
