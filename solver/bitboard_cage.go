package solver

import (
	"math/bits"

	"sudoku"
)

// bitsPropagator is a rule the bitboard engine propagates beyond its
// houses and peers: narrow removes from st the candidates the rule
// forbids, reporting ok false on a dead end and changed when it removed
// one. It runs when singles are exhausted, and once more on a full grid
// (so it must also refuse a full grid that breaks the rule). Killer cage
// sums are one (cageSums); the constraints of modern variants
// (sudoku.Constraint: thermometers, arrows, dots, ...) can plug in the
// same way, reading and narrowing each digit's set of cells.
type bitsPropagator interface {
	narrow(s *bitsSearch, st *bitsState) (ok, changed bool)
}

// cageSums propagates the sums of killer cages: the digits a cage may
// still hold are those of the sets of distinct digits of its size that
// make its sum with the digits placed in it; a digit every such set holds
// goes to its one place in the cage, or from every cell that sees all its
// places there.
//
// Like a killer solver, it also reads the sums the rule of 45 implies
// (ISS's optimizer adds them too): in each house, the cells outside the
// cages wholly inside it (its innies, when there are 1 to 5) hold
// distinct digits summing to what those cages leave of 45, a cage of its
// own here.
type cageSums struct {
	cages []bitsCage
	sums  []bitsSum // the innies and outies of groups of houses (bitboard_sums.go)
	n     int
	all   []bitsCage // compile's scratch: every cage, a sum of 0 for none

	piecesBuf []bitsCage // impliedSums' scratch
	used      []bool
}

// bitsCage is a cage with a sum; exact is the same sum as a bitsSum of
// one group, which narrows its cells by their bounds and, once three or
// fewer are open, exactly (a cage's naked pairs: of 13 in two cells
// {4,5} and {4,5,8,9}, the second keeps 8 and 9).
type bitsCage struct {
	cells cells
	sum   int
	exact bitsSum
}

// compile lists the cages of r with a sum, then the innies of houses as
// cages; false when there are none. houses starts with the rows,
// columns and regions.
func (cs *cageSums) compile(r *sudoku.Rules, houses []cells) bool {
	cs.cages, cs.all, cs.sums = cs.cages[:0], cs.all[:0], cs.sums[:0]
	for _, k := range r.Cages {
		var m cells
		for _, c := range k.Cells {
			m = m.or(cellOf(c))
		}
		cs.all = append(cs.all, bitsCage{cells: m, sum: k.Sum})
		if k.Sum != 0 {
			cs.cages = append(cs.cages, bitsCage{cells: m, sum: k.Sum})
		}
	}
	if len(cs.cages) > 0 {
		for _, h := range houses {
			if in, ok := innies(h, cs.all); ok {
				cs.cages = append(cs.cages, in)
			}
		}
	}
	cs.n = len(cs.cages)
	return cs.n > 0
}

// innies returns the innies of house h as a cage: the cells outside the
// cages wholly inside it, summing to what those leave of 45; false when
// a cage inside has no sum, or the innies are none, the whole house or
// more than 5 cells (a weak sum, slow to propagate).
func innies(h cells, cages []bitsCage) (bitsCage, bool) {
	sum, covered := 45, cells{}
	for _, k := range cages {
		if !k.cells.andNot(h).empty() {
			continue
		}
		if k.sum == 0 {
			return bitsCage{}, false
		}
		sum -= k.sum
		covered = covered.or(k.cells)
	}
	in := h.andNot(covered)
	if n := in.count(); n == 0 || n == 9 || n > 5 {
		return bitsCage{}, false
	}
	return bitsCage{cells: in, sum: sum}, true
}

// deepen adds what a search that did not end soon needs: the sums of
// groups of houses (impliedSums) and each cage's exact narrowing
// (cageSum). An easy killer never pays for them: Solo's are solved
// with 0.19 guesses a puzzle.
func (cs *cageSums) deepen(houses []cells, peers *[81]cells) {
	cs.impliedSums(houses, peers)
	cs.n = len(cs.cages)
	for i := range cs.cages {
		cs.cages[i].exact = cageSum(cs.cages[i])
	}
}

func (cs *cageSums) narrow(s *bitsSearch, st *bitsState) (ok, changed bool) {
	touched := s.touched
	s.touched = cells{}
	for i := range cs.cages[:cs.n] {
		k := &cs.cages[i]
		if k.cells.and(touched).empty() {
			continue
		}
		open := k.cells.andNot(st.solved)
		need, placed, union := k.sum, uint16(0), uint16(0)
		for d := range st.cand {
			x := st.cand[d].and(k.cells)
			switch {
			case x.empty():
			case x.and(open).empty():
				placed |= 1 << d
				need -= d + 1
			default:
				union |= 1 << d
			}
		}
		if open.empty() {
			if need != 0 {
				return false, false
			}
			continue
		}
		if need <= 0 || need > 45 {
			return false, false
		}
		allowed, required := uint16(0), uint16(1<<9-1)
		for _, m := range sumCombos[open.count()][need] {
			if m&placed == 0 && m&^union == 0 {
				allowed |= m
				required &= m
			}
		}
		if allowed == 0 {
			return false, false
		}
		for m := union &^ allowed; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			st.cand[d] = st.cand[d].andNot(open)
			s.dirty(d)
			s.touched = s.touched.or(open)
			changed = true
		}
		if !s.required(st, open, required, &changed) {
			return false, false
		}
		if k.exact.n > 0 {
			ok, ch := k.exact.narrow(s, st)
			if !ok {
				return false, false
			}
			changed = changed || ch
		}
	}
	for i := range cs.sums {
		k := &cs.sums[i]
		if k.set.and(touched).empty() {
			continue
		}
		ok, ch := k.narrow(s, st)
		if !ok {
			return false, false
		}
		changed = changed || ch
	}
	return true, changed
}

// required handles the digits every combination of a cage holds: one
// with a single place among the cage's open cells goes there (the cell
// loses its other candidates), else it goes from every cell that sees all
// its places.
func (s *bitsSearch) required(st *bitsState, open cells, required uint16, changed *bool) bool {
	for m := required; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		places := st.cand[d].and(open)
		if places.empty() {
			return false
		}
		if places.single() {
			for e := range st.cand {
				if e != d && !st.cand[e].and(places).empty() {
					st.cand[e] = st.cand[e].andNot(places)
					s.dirty(e)
					s.touched = s.touched.or(places)
					*changed = true
				}
			}
			continue
		}
		seen := s.peers[places.first()]
		for p := places.withoutFirst(); !p.empty(); p = p.withoutFirst() {
			seen = seen.and(s.peers[p.first()])
		}
		if gone := st.cand[d].and(seen); !gone.empty() {
			st.cand[d] = st.cand[d].andNot(gone)
			s.dirty(d)
			s.touched = s.touched.or(gone)
			*changed = true
		}
	}
	return true
}

// sumCombos lists, for k cells and a sum, the sets of k distinct digits
// 1..9 (bit d-1 for digit d) that add up to it.
var sumCombos [10][46][]uint16

func initCombos() {
	var all [512]uint16
	var count [10][46]int
	for m := range 512 {
		k, sum := bits.OnesCount16(uint16(m)), comboSum(uint16(m))
		count[k][sum]++
	}
	off := 0
	for k := range count {
		for sum, n := range count[k] {
			sumCombos[k][sum] = all[off : off : off+n]
			off += n
		}
	}
	for m := range 512 {
		k, sum := bits.OnesCount16(uint16(m)), comboSum(uint16(m))
		sumCombos[k][sum] = append(sumCombos[k][sum], uint16(m))
	}
}

// comboSum returns the sum of the digits of a set.
func comboSum(m uint16) int {
	sum := 0
	for ; m != 0; m &= m - 1 {
		sum += bits.TrailingZeros16(m) + 1
	}
	return sum
}
