package logic

import (
	"fmt"
	"math/bits"
	"sort"
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
	techWWing     = Technique{Name: "W-Wing", Code: "0803", explain: explainWWing}
)

func init() {
	register("XYWing", func(b *Board) (Step, bool) {
		return bxFirst(b, func(b *Board, y func(Step) bool) { enumXYWing(b, false, y) })
	})
	register("XYZWing", func(b *Board) (Step, bool) {
		return bxFirst(b, func(b *Board, y func(Step) bool) { enumXYWing(b, true, y) })
	})
	register("WXYZWing", func(b *Board) (Step, bool) { return bxEasiest(b, enumWXYZWing) })
	register("VWXYZWing", func(b *Board) (Step, bool) { return bxEasiest(b, enumVWXYZWing) })
	registerCode("0800", func(b *Board, y func(Step) bool) { enumXYWing(b, false, y) })
	registerCode("0801", func(b *Board, y func(Step) bool) { enumXYWing(b, true, y) })
	registerCode("0803", enumWWing)
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

// bxSees reports whether cells a and b share a house (a != b).
func bxSees(a, b sudoku.Cell) bool { return peerSets[a].Has(b) }

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

// bxRemovals writes eliminations as "7 can go from r3c5 and r4c5, 2 from r1c1".
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
	parts := make([]string, len(ds))
	for i, d := range ds {
		from := " from "
		if i == 0 {
			from = " can go from "
		}
		parts[i] = fmt.Sprintf("%d%s%s", d, from, bxAnd(byDigit[d]))
	}
	return strings.Join(parts, ", ")
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
	for pivot := range sudoku.Cell(81) {
		pv := b.Cands[pivot]
		if bxCount(b, pivot) != size {
			continue
		}
		peers := peerSets[pivot]
		for _, xz := range peers.Cells(make([]sudoku.Cell, 0, 20)) {
			xzv := b.Cands[xz]
			if bxCount(b, xz) != 2 || (pv&^xzv).Count() != 1 {
				continue
			}
			for _, yz := range peers.Cells(make([]sudoku.Cell, 0, 20)) {
				yzv := b.Cands[yz]
				if bxCount(b, yz) != 2 {
					continue
				}
				union, inter := pv|xzv|yzv, pv&xzv&yzv
				if union.Count() != 3 || (xyz && inter.Count() != 1) || (!xyz && inter != 0) {
					continue
				}
				z := (xzv & yzv).Digits()[0]
				victims := peerSets[xz].And(peerSets[yz])
				if xyz {
					victims = victims.And(peers)
				}
				victims = victims.Remove(pivot).Remove(xz).Remove(yz)
				el := bxElims(b, victims, z, nil)
				if len(el) == 0 {
					continue
				}
				s := Step{Technique: techXYWing, Rating: 42, Eliminations: el,
					Cells: []sudoku.Cell{pivot, xz, yz}, Digits: []int{z}}
				if xyz {
					s.Technique, s.Rating = techXYZWing, 44
				}
				if !yield(s) {
					return
				}
			}
		}
	}
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
// cell order) holding n+1 digits.
func enumALSWing(b *Board, n int, yield func(Step) bool) {
	cs := make([]sudoku.Cell, 0, n)
	var grow func(from CellSet, union sudoku.Candidates) bool
	grow = func(from CellSet, union sudoku.Candidates) bool {
		if len(cs) == n {
			if union.Count() != n+1 {
				return true
			}
			return wxyzWithSet(b, cs, union, yield)
		}
		ok := true
		from.Each(func(c sudoku.Cell) bool {
			k := bxCount(b, c)
			if k < 2 || k > n+1 || (len(cs) > 0 && c < cs[len(cs)-1]) {
				return true
			}
			u := union | b.Cands[c]
			if u.Count() > n+1 {
				return true
			}
			cs = append(cs, c)
			next := peerSets[c]
			if len(cs) > 1 {
				next = from.And(peerSets[c])
			}
			ok = grow(next, u)
			cs = cs[:len(cs)-1]
			return ok
		})
		return ok
	}
	grow(allCells, 0)
}

// wxyzWithSet tries every bivalue cell for the almost locked set cs.
func wxyzWithSet(b *Board, cs []sudoku.Cell, union sudoku.Candidates, yield func(Step) bool) bool {
	big := 0
	all := CellSet{}
	rng := CellSet{}
	for _, c := range cs {
		big = max(big, bxCount(b, c))
		all = all.Add(c)
		rng = rng.Or(peerSets[c])
	}
	rng = rng.AndNot(all)
	// Sukaku: 5.5 + ((4-3) - |3-big|)/10 for three cells, 6.2 + ((5-3) - |3-big|)/10 for four.
	t, rating := techWXYZWing, Rating(55+(1-abs(3-big)))
	if len(cs) == 4 {
		t, rating = techVWXYZWing, Rating(62+(2-abs(3-big)))
	}
	ok := true
	rng.Each(func(yz sudoku.Cell) bool {
		yv := b.Cands[yz]
		if bxCount(b, yz) != 2 || (yv&union).Count() != 2 {
			return true
		}
		ds := yv.Digits()
		restricted := func(d int) bool {
			for _, c := range cs {
				if b.Cands[c].Has(d) && !bxSees(yz, c) {
					return false
				}
			}
			return true
		}
		rx, rz := restricted(ds[0]), restricted(ds[1])
		if !rx && !rz {
			return true
		}
		x, z := ds[0], ds[1]
		if !rx {
			x, z = z, x
		}
		double := rx && rz
		// seeAll is the cells seeing every set cell holding d (and yz if withYZ).
		seeAll := func(d int, withYZ bool) CellSet {
			v := allCells
			if withYZ {
				v = peerSets[yz]
			}
			for _, c := range cs {
				if b.Cands[c].Has(d) {
					v = v.And(peerSets[c])
				}
			}
			return v.AndNot(all).Remove(yz)
		}
		var el []Candidate
		if double {
			for _, w := range (union &^ yv).Digits() {
				el = bxElims(b, seeAll(w, false), w, el)
			}
			el = bxElims(b, seeAll(x, true), x, el)
		}
		el = bxElims(b, seeAll(z, true), z, el)
		if len(el) == 0 {
			return true
		}
		cells := append(append([]sudoku.Cell(nil), cs...), yz)
		s := Step{Technique: t, Rating: rating, Eliminations: bxSortElims(el), Cells: cells, Digits: []int{x, z}}
		if !yield(s) {
			ok = false
			return false
		}
		return true
	})
	return ok
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
			if b.Cands[c2] != b.Cands[c1] || bxSees(c1, c2) {
				continue
			}
			ds := b.Cands[c1].Digits()
			for k := range 2 {
				x, z := ds[k], ds[1-k]
				victims := peerSets[c1].And(peerSets[c2])
				el := bxElims(b, victims, z, nil)
				if len(el) == 0 {
					continue
				}
				for h := range sudoku.House(27) {
					in := b.In(h, x)
					if in.Count() != 2 {
						continue
					}
					e := in.Cells(make([]sudoku.Cell, 0, 2))
					if e[0] == c1 || e[0] == c2 || e[1] == c1 || e[1] == c2 {
						continue
					}
					if (bxSees(e[0], c1) && bxSees(e[1], c2)) || (bxSees(e[1], c1) && bxSees(e[0], c2)) {
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
		s.Cells[0], s.Cells[1], x, z, x, s.Cells[2], s.Cells[3], s.Houses[0], z, bxRemovals(s.Eliminations))
}
