package logic

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"

	"sudoku"
)

// Wings: XY-Wing and XYZ-Wing as Sudoku Explainer finds and rates them
// (4.2, 4.4), WXYZ-Wing as Sukaku Explainer does (5.5-5.6), and W-Wing
// (HoDoKu's code 0803; Sudoku and Sukaku Explainer do not use it by
// default, so it gives hints but is not in the rating order).

var (
	techXYWing    = Technique{Name: "XY-Wing", Code: "0800", explain: explainXYWing}
	techXYZWing   = Technique{Name: "XYZ-Wing", Code: "0801", explain: explainXYWing}
	techWXYZWing  = Technique{Name: "WXYZ-Wing", Code: "0802", explain: explainWXYZWing}
	techVWXYZWing = Technique{Name: "VWXYZ-Wing", Code: "", explain: explainWXYZWing}
	// Sukaku Explainer's UVWXYZ-Wing (6.6) and TUVWXYZ-Wing (7.5): the
	// same with five and six cells.
	techUVWXYZWing  = Technique{Name: "UVWXYZ-Wing", Code: "", explain: explainWXYZWing}
	techTUVWXYZWing = Technique{Name: "TUVWXYZ-Wing", Code: "", explain: explainWXYZWing}
	techWWing       = Technique{Name: "W-Wing", Code: "0803", explain: explainWWing}
)

func init() {
	register("XYWing", func(b *Board) (Step, bool) {
		return bxFirst(b, func(b *Board, y func(Step) bool) { enumXYWing(b, false, y) })
	})
	register("XYZWing", func(b *Board) (Step, bool) {
		return bxFirst(b, func(b *Board, y func(Step) bool) { enumXYWing(b, true, y) })
	})
	register("WXYZWing", func(b *Board) (Step, bool) { return findALSWing(b, 3) })
	register("VWXYZWing", func(b *Board) (Step, bool) { return findALSWing(b, 4) })
	// Sukaku Explainer's serate tries UVWXYZ- and TUVWXYZ-Wings by
	// default, but the ratings of se-rated-dev, which the classic path
	// follows, were made without them (its puzzles rated 6.7 and up that
	// a UVWXYZ-Wing cracks at 6.6 show it): they run on boards of
	// variants only.
	register("UVWXYZWing", func(b *Board) (Step, bool) { return onlyVariant(b, 5) })
	register("TUVWXYZWing", func(b *Board) (Step, bool) { return onlyVariant(b, 6) })
	registerCode("0800", func(b *Board, y func(Step) bool) { enumXYWing(b, false, y) })
	registerCode("0801", func(b *Board, y func(Step) bool) { enumXYWing(b, true, y) })
	registerCode("0803", enumWWing)
}

// onlyVariant is findALSWing(b, n) on boards of variants.
func onlyVariant(b *Board, n int) (Step, bool) {
	if !b.geo.variant {
		return Step{}, false
	}
	return findALSWing(b, n)
}

// bxFirst returns the first step an enumerator yields.
func bxFirst(b *Board, enum func(*Board, func(Step) bool)) (Step, bool) {
	var first Step
	found := false
	enum(b, func(s Step) bool {
		first, found = s, true
		return false
	})
	return first, found
}

// sees reports whether cells a and c see each other (a != c): they share
// a house, or a knight's or king's move the rules forbid.
func (b *Board) sees(a, c sudoku.Cell) bool { return b.geo.peers[a].Has(c) }

// bxCount is the number of candidates of cell c.
func bxCount(b *Board, c sudoku.Cell) int { return bits.OnesCount16(uint16(b.Cands[c])) }

// bxElims lists digit d in the cells of set, in cell order.
func bxElims(b *Board, set CellSet, d int, dst []Candidate) []Candidate {
	set.And(b.DigitCells[d]).Each(func(c sudoku.Cell) bool {
		dst = append(dst, Candidate{Cell: c, Digit: d})
		return true
	})
	return dst
}

// bxSortElims sorts candidates by cell, then digit, and drops duplicates.
func bxSortElims(cs []Candidate) []Candidate {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Cell != cs[j].Cell {
			return cs[i].Cell < cs[j].Cell
		}
		return cs[i].Digit < cs[j].Digit
	})
	out := cs[:0]
	for i, c := range cs {
		if i == 0 || c != cs[i-1] {
			out = append(out, c)
		}
	}
	return out
}

// bxRemovals writes eliminations as "remove 7 from r3c5 and r4c5, and 2
// from r1c1"; digits leaving the same cells go together ("remove 1 and 9
// from r8c1").
func bxRemovals(es []Candidate) string {
	byDigit := map[int][]string{}
	var ds []int
	for _, e := range es {
		if byDigit[e.Digit] == nil {
			ds = append(ds, e.Digit)
		}
		byDigit[e.Digit] = append(byDigit[e.Digit], e.Cell.String())
	}
	sort.Ints(ds)
	var where []string    // cell lists, in the order of their first digit
	var digits [][]string // digits[i]: the digits leaving where[i]
	for _, d := range ds {
		cells := bxAnd(byDigit[d])
		i := slices.Index(where, cells)
		if i < 0 {
			i, where, digits = len(where), append(where, cells), append(digits, nil)
		}
		digits[i] = append(digits[i], strconv.Itoa(d))
	}
	parts := make([]string, len(where))
	for i := range where {
		parts[i] = bxAnd(digits[i]) + " from " + where[i]
	}
	if n := len(parts); n > 1 {
		parts[n-1] = "and " + parts[n-1]
	}
	return "remove " + strings.Join(parts, ", ")
}

// bxAnd joins "a", "a and b", "a, b and c".
func bxAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// bxCells writes cells joined with "and".
func bxCells(cs []sudoku.Cell) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return bxAnd(s)
}

// bxDigitsOf lists the digits of a candidate set.
func bxDigitsOf(m sudoku.Candidates) []int { return m.Digits() }

// enumXYWing yields XY-Wings (xyz false) or XYZ-Wings in Sudoku Explainer's
// order: pivot cells in row-major order, then the two wings among its peers.
func enumXYWing(b *Board, xyz bool, yield func(Step) bool) {
	size := 2
	if xyz {
		size = 3
	}
	// pivots: the cells with size candidates; bi: the bivalue cells.
	var pivots, bi CellSet
	for w := range 2 {
		for m := b.Empty[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			k := bits.OnesCount16(uint16(b.Cands[c]))
			if k == size {
				pivots = pivots.Add(c)
			}
			if k == 2 {
				bi = bi.Add(c)
			}
		}
	}
	for w := range 2 {
		for m := pivots[w]; m != 0; m &= m - 1 {
			pivot := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			if !xyWingsAt(b, xyz, pivot, bi, yield) {
				return
			}
		}
	}
}

// xyWingsAt yields the wings of one pivot: the two wings among its
// bivalue peers in cell order; false when yield asks to stop.
func xyWingsAt(b *Board, xyz bool, pivot sudoku.Cell, bi CellSet, yield func(Step) bool) bool {
	pv := b.Cands[pivot]
	peers := b.geo.peers[pivot]
	wings := peers.And(bi)
	if b.geo.variant {
		return xyWingsOrdered(b, xyz, pivot, bi, yield)
	}
	for w1 := range 2 {
		for m1 := wings[w1]; m1 != 0; m1 &= m1 - 1 {
			xz := sudoku.Cell(w1*64 + bits.TrailingZeros64(m1))
			xzv := b.Cands[xz]
			if bits.OnesCount16(uint16(pv&^xzv)) != 1 {
				continue
			}
			for w2 := range 2 {
				for m2 := wings[w2]; m2 != 0; m2 &= m2 - 1 {
					yz := sudoku.Cell(w2*64 + bits.TrailingZeros64(m2))
					yzv := b.Cands[yz]
					union, inter := pv|xzv|yzv, pv&xzv&yzv
					if bits.OnesCount16(uint16(union)) != 3 {
						continue
					}
					if xyz && bits.OnesCount16(uint16(inter)) != 1 || !xyz && inter != 0 {
						continue
					}
					z := bits.TrailingZeros16(uint16(xzv&yzv)) + 1
					victims := b.geo.peers[xz].And(b.geo.peers[yz])
					if xyz {
						victims = victims.And(peers)
					}
					victims = victims.Remove(pivot).Remove(xz).Remove(yz).And(b.DigitCells[z])
					if victims.Empty() {
						continue
					}
					s := Step{Technique: techXYWing, Rating: 42, Eliminations: bxElims(b, victims, z, nil),
						Cells: []sudoku.Cell{pivot, xz, yz}, Digits: []int{z}}
					if xyz {
						s.Technique, s.Rating = techXYZWing, 44
					}
					if !yield(s) {
						return false
					}
				}
			}
		}
	}
	return true
}

// xyWingsOrdered is xyWingsAt on boards of variants, where Sukaku
// Explainer visits the peers of the pivot in the order of its visible
// cells (geometry.visOrder), not in cell order.
func xyWingsOrdered(b *Board, xyz bool, pivot sudoku.Cell, bi CellSet, yield func(Step) bool) bool {
	pv := b.Cands[pivot]
	order := b.geo.visOrder[pivot]
	for _, xz := range order {
		xzv := b.Cands[xz]
		if !bi.Has(xz) || bits.OnesCount16(uint16(pv&^xzv)) != 1 {
			continue
		}
		for _, yz := range order {
			if !bi.Has(yz) {
				continue
			}
			if s, ok := xyWingStep(b, xyz, pivot, xz, yz); ok && !yield(s) {
				return false
			}
		}
	}
	return true
}

// xyWingStep returns the XY-Wing (or XYZ-Wing) of pivot with wings xz and
// yz, if they make one that eliminates.
func xyWingStep(b *Board, xyz bool, pivot, xz, yz sudoku.Cell) (Step, bool) {
	pv, xzv, yzv := b.Cands[pivot], b.Cands[xz], b.Cands[yz]
	union, inter := pv|xzv|yzv, pv&xzv&yzv
	if bits.OnesCount16(uint16(union)) != 3 {
		return Step{}, false
	}
	if xyz && bits.OnesCount16(uint16(inter)) != 1 || !xyz && inter != 0 {
		return Step{}, false
	}
	z := bits.TrailingZeros16(uint16(xzv&yzv)) + 1
	victims := b.geo.peers[xz].And(b.geo.peers[yz])
	if xyz {
		victims = victims.And(b.geo.peers[pivot])
	}
	victims = victims.Remove(pivot).Remove(xz).Remove(yz).And(b.DigitCells[z])
	if victims.Empty() {
		return Step{}, false
	}
	s := Step{Technique: techXYWing, Rating: 42, Eliminations: bxElims(b, victims, z, nil),
		Cells: []sudoku.Cell{pivot, xz, yz}, Digits: []int{z}}
	if xyz {
		s.Technique, s.Rating = techXYZWing, 44
	}
	return s, true
}

func explainXYWing(s *Step) string {
	p, w1, w2, z := s.Cells[0], s.Cells[1], s.Cells[2], s.Digits[0]
	return fmt.Sprintf("whatever %v holds, %v or %v is %d, so %s (cells that see %s)",
		p, w1, w2, z, bxRemovals(s.Eliminations), map[bool]string{true: "all three", false: "both wings"}[s.Technique.Code == "0801"])
}

// wxyzCand is a WXYZ-Wing found, before sorting.
type wxyzCand struct {
	step  Step
	elims int
	order int
}

// enumWXYZWing yields WXYZ-Wings as Sukaku Explainer finds them: an almost
// locked set of three mutually visible cells holding four digits, and a
// bivalue cell whose digits both lie in the set; a digit that every set
// cell holding it and the bivalue cell see is restricted; the other digit
// z of the bivalue cell goes from every cell seeing all its instances.
// When both digits are restricted (doubly linked), the set's other digits
// also go from cells seeing all of their instances in the set.
func enumWXYZWing(b *Board, yield func(Step) bool) { enumALSWing(b, 3, yield) }

// enumVWXYZWing is the same with four cells holding five digits.
func enumVWXYZWing(b *Board, yield func(Step) bool) { enumALSWing(b, 4, yield) }

// enumALSWing yields the wings of n mutually visible cells (in increasing
// cell order) holding n+1 digits: sets in increasing order of their cells,
// then bivalue cells in cell order.
func enumALSWing(b *Board, n int, yield func(Step) bool) {
	var found []alsWing
	alsWings(b, n, 0, func(w *alsWing) Rating {
		found = append(found, *w)
		return 0
	})
	slices.SortFunc(found, func(x, y alsWing) int { return cmp.Compare(x.key, y.key) })
	for i := range found {
		if !yield(found[i].step(b)) {
			return
		}
	}
}

// findALSWing returns Sukaku Explainer's choice among the wings of
// enumALSWing, as bxEasiest does: the easiest, among equals the one with
// the most eliminations, among those the first.
func findALSWing(b *Board, n int) (Step, bool) {
	var best alsWing
	found := false
	alsWings(b, n, 0, func(w *alsWing) Rating {
		if !found || w.rating < best.rating || (w.rating == best.rating &&
			(w.count > best.count || w.count == best.count && w.key < best.key)) {
			best, found = *w, true
		}
		return best.rating
	})
	if !found {
		return Step{}, false
	}
	return best.step(b), true
}

// alsWing is a wing found: the set cells, the bivalue cell yz, its
// restricted digit x and other digit z, whether both are restricted, the
// rating and the number of eliminations.
type alsWing struct {
	cs     [6]sudoku.Cell
	n      int
	union  sudoku.Candidates
	yz     sudoku.Cell
	x, z   int
	double bool
	t      Technique
	rating Rating
	count  int
	key    uint64 // the set's cells, then yz: enumALSWing's order
}

// alsWings calls f with every wing of n cells (3 or 4), in no particular
// order (see alsWing.key). With maxRating > 0, sets rated above it are
// skipped; f returns the new limit (0 for none).
//
// Three cells or more that see each other lie in one house: the sets are
// looked for house by house; a set of three in a box and a line is taken
// from the line only.
func alsWings(b *Board, n int, maxRating Rating, f func(w *alsWing) Rating) {
	// pool: the cells with 2..n+1 candidates; bi: the bivalue cells.
	var pool, bi CellSet
	for w := range 2 {
		for m := b.Empty[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			k := bits.OnesCount16(uint16(b.Cands[c]))
			if k >= 2 && k <= n+1 {
				pool = pool.Add(c)
			}
			if k == 2 {
				bi = bi.Add(c)
			}
		}
	}
	var w alsWing
	w.n = n
	if b.geo.variant || n > 4 {
		alsWingsVisible(b, &w, pool, bi, maxRating, f)
		return
	}
	var cells [9]sudoku.Cell
	var cands [9]sudoku.Candidates
	for h := range sudoku.House(27) {
		in := pool.And(b.geo.sets[h])
		k := 0
		for x := range 2 {
			for m := in[x]; m != 0; m &= m - 1 {
				c := sudoku.Cell(x*64 + bits.TrailingZeros64(m))
				cells[k], cands[k] = c, b.Cands[c]
				k++
			}
		}
		if k < n {
			continue
		}
		box := h >= 18
		for i0 := 0; i0 < k; i0++ {
			u0 := cands[i0]
			for i1 := i0 + 1; i1 < k; i1++ {
				u1 := u0 | cands[i1]
				if bits.OnesCount16(uint16(u1)) > n+1 {
					continue
				}
				for i2 := i1 + 1; i2 < k; i2++ {
					u2 := u1 | cands[i2]
					if bits.OnesCount16(uint16(u2)) > n+1 {
						continue
					}
					if n == 3 {
						if bits.OnesCount16(uint16(u2)) != 4 {
							continue
						}
						if box && alsInLine(cells[i0], cells[i1], cells[i2]) {
							continue
						}
						w.cs = [6]sudoku.Cell{cells[i0], cells[i1], cells[i2]}
						w.union = u2
						maxRating = alsWingsWithSet(b, &w, bi, maxRating, f)
						continue
					}
					for i3 := i2 + 1; i3 < k; i3++ {
						u3 := u2 | cands[i3]
						if bits.OnesCount16(uint16(u3)) != 5 {
							continue
						}
						w.cs = [6]sudoku.Cell{cells[i0], cells[i1], cells[i2], cells[i3]}
						w.union = u3
						maxRating = alsWingsWithSet(b, &w, bi, maxRating, f)
					}
				}
			}
		}
	}
}

// alsWingsVisible is alsWings on boards of variants, where cells that see
// each other need not share a house (two cells on a diagonal and the
// corner of their row and column; a king's move): it takes the sets of n
// mutually visible cells in increasing cell order, each once.
func alsWingsVisible(b *Board, w *alsWing, pool, bi CellSet, maxRating Rating, f func(w *alsWing) Rating) {
	var walk func(k int, from CellSet, union sudoku.Candidates)
	walk = func(k int, from CellSet, union sudoku.Candidates) {
		if k == w.n {
			if union.Count() == w.n+1 {
				w.union = union
				maxRating = alsWingsWithSet(b, w, bi, maxRating, f)
			}
			return
		}
		from.Each(func(c sudoku.Cell) bool {
			u := union | b.Cands[c]
			if u.Count() <= w.n+1 {
				w.cs[k] = c
				walk(k+1, from.And(b.geo.peers[c]).And(cellsAbove(c)), u)
			}
			return true
		})
	}
	walk(0, pool, 0)
}

// cellsAbove returns the cells after c.
func cellsAbove(c sudoku.Cell) CellSet { return allCells.AndNot(cellsBelow(c)).Remove(c) }

// alsInLine reports whether three cells lie in one row or one column.
func alsInLine(a, b, c sudoku.Cell) bool {
	return a.Row() == b.Row() && b.Row() == c.Row() || a.Col() == b.Col() && b.Col() == c.Col()
}

// alsWingsWithSet tries every bivalue cell for the almost locked set w.cs,
// in cell order; it returns f's last answer (maxRating if f was not
// called).
func alsWingsWithSet(b *Board, w *alsWing, bi CellSet, maxRating Rating, f func(w *alsWing) Rating) Rating {
	cs := w.cs[:w.n]
	big := 0
	all := CellSet{}
	rng := CellSet{}
	for _, c := range cs {
		big = max(big, bxCount(b, c))
		all = all.Add(c)
		rng = rng.Or(b.geo.peers[c])
	}
	// Sukaku: 5.5 + ((4-3) - |3-big|)/10 for three cells, 6.2 + ((5-3) - |3-big|)/10 for four,
	// 6.6 for five, 7.5 for six.
	switch len(cs) {
	case 3:
		w.t, w.rating = techWXYZWing, Rating(55+(1-abs(3-big)))
	case 4:
		w.t, w.rating = techVWXYZWing, Rating(62+(2-abs(3-big)))
	case 5:
		w.t, w.rating = techUVWXYZWing, 66
	default:
		w.t, w.rating = techTUVWXYZWing, 75
	}
	if maxRating > 0 && w.rating > maxRating {
		return maxRating
	}
	// holds reports whether every set cell holding d is in v; sees is
	// the cells seeing every set cell holding d.
	holds := func(d int, v CellSet) bool {
		for _, c := range cs {
			if b.Cands[c].Has(d) && !v.Has(c) {
				return false
			}
		}
		return true
	}
	sees := func(d int, v CellSet) CellSet {
		for _, c := range cs {
			if b.Cands[c].Has(d) {
				v = v.And(b.geo.peers[c])
			}
		}
		return v
	}
	for x := range 2 {
		for m := rng[x] & bi[x] &^ all[x]; m != 0; m &= m - 1 {
			yz := sudoku.Cell(x*64 + bits.TrailingZeros64(m))
			yv := b.Cands[yz]
			if yv&^w.union != 0 {
				continue
			}
			d0 := bits.TrailingZeros16(uint16(yv)) + 1
			d1 := bits.TrailingZeros16(uint16(yv)&(uint16(yv)-1)) + 1
			py := b.geo.peers[yz]
			rx := holds(d0, py)
			rz := holds(d1, py)
			if !rx && !rz {
				continue
			}
			xd, zd := d0, d1
			if !rx {
				xd, zd = zd, xd
			}
			double := rx && rz
			count := 0
			if double {
				for m := uint16(w.union &^ yv); m != 0; m &= m - 1 {
					d := bits.TrailingZeros16(m) + 1
					count += sees(d, b.DigitCells[d]).AndNot(all).Remove(yz).Count()
				}
				count += sees(xd, py.And(b.DigitCells[xd])).AndNot(all).Count()
			}
			count += sees(zd, py.And(b.DigitCells[zd])).AndNot(all).Count()
			if count == 0 {
				continue
			}
			w.yz, w.x, w.z, w.double, w.count = yz, xd, zd, double, count
			w.key = 0
			for _, c := range w.cs {
				w.key = w.key<<8 | uint64(c)
			}
			w.key = w.key<<8 | uint64(yz)
			maxRating = f(w)
		}
	}
	return maxRating
}

// step builds the step of a wing found, as Sukaku Explainer states it.
func (w *alsWing) step(b *Board) Step {
	cs := w.cs[:w.n]
	all := CellSetOf(cs...)
	yz := w.yz
	// seeAll is the cells seeing every set cell holding d (and yz if withYZ).
	seeAll := func(d int, withYZ bool) CellSet {
		v := allCells
		if withYZ {
			v = b.geo.peers[yz]
		}
		for _, c := range cs {
			if b.Cands[c].Has(d) {
				v = v.And(b.geo.peers[c])
			}
		}
		return v.AndNot(all).Remove(yz)
	}
	var el []Candidate
	if w.double {
		for _, d := range (w.union &^ b.Cands[yz]).Digits() {
			el = bxElims(b, seeAll(d, false), d, el)
		}
		el = bxElims(b, seeAll(w.x, true), w.x, el)
	}
	el = bxElims(b, seeAll(w.z, true), w.z, el)
	cells := append(append([]sudoku.Cell(nil), cs...), yz)
	return Step{Technique: w.t, Rating: w.rating, Eliminations: bxSortElims(el), Cells: cells, Digits: []int{w.x, w.z}}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bxEasiest returns Sukaku Explainer's choice among the steps an
// enumerator yields: the easiest, among equals the one with the most
// eliminations.
func bxEasiest(b *Board, enum func(*Board, func(Step) bool)) (Step, bool) {
	var best Step
	found := false
	enum(b, func(s Step) bool {
		if !found || s.Rating < best.Rating || (s.Rating == best.Rating && len(s.Eliminations) > len(best.Eliminations)) {
			best, found = s, true
		}
		return true
	})
	return best, found
}

func explainWXYZWing(s *Step) string {
	x, z := s.Digits[0], s.Digits[1]
	n := len(s.Cells) - 1
	return fmt.Sprintf("%s hold %d digits in %d cells and %v holds %d and %d: whichever is true, %d lands in the set or in %v, so %s",
		bxCells(s.Cells[:n]), n+1, n, s.Cells[n], x, z, z, s.Cells[n], bxRemovals(s.Eliminations))
}

// enumWWing yields W-Wings: two bivalue cells holding the same two digits
// x and z that do not see each other, and a strong link on x (a house where
// x has only two places) whose ends see one cell each; then one of the two
// cells is z, and z goes from the cells seeing both.
func enumWWing(b *Board, yield func(Step) bool) {
	for c1 := range sudoku.Cell(81) {
		if bxCount(b, c1) != 2 {
			continue
		}
		for c2 := c1 + 1; c2 < 81; c2++ {
			if b.Cands[c2] != b.Cands[c1] || b.sees(c1, c2) {
				continue
			}
			ds := b.Cands[c1].Digits()
			for k := range 2 {
				x, z := ds[k], ds[1-k]
				victims := b.geo.peers[c1].And(b.geo.peers[c2])
				el := bxElims(b, victims, z, nil)
				if len(el) == 0 {
					continue
				}
				for _, h := range b.geo.houses {
					in := b.In(h, x)
					if in.Count() != 2 {
						continue
					}
					e := in.Cells(make([]sudoku.Cell, 0, 2))
					if e[0] == c1 || e[0] == c2 || e[1] == c1 || e[1] == c2 {
						continue
					}
					if (b.sees(e[0], c1) && b.sees(e[1], c2)) || (b.sees(e[1], c1) && b.sees(e[0], c2)) {
						s := Step{Technique: techWWing, Rating: 44, Eliminations: el,
							Cells: []sudoku.Cell{c1, c2, e[0], e[1]}, Houses: []sudoku.House{h}, Digits: []int{x, z}}
						if !yield(s) {
							return
						}
						break
					}
				}
			}
		}
	}
}

func explainWWing(s *Step) string {
	x, z := s.Digits[0], s.Digits[1]
	return fmt.Sprintf("%v and %v both hold only %d and %d, and %d is in %v or %v (%v), which see one each: so one of the two is %d, and %s",
		s.Cells[0], s.Cells[1], x, z, x, s.Cells[2], s.Cells[3], houseName(s.Houses[0]), z, bxRemovals(s.Eliminations))
}
