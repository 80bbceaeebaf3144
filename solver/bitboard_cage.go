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
type cageSums struct {
	cages [81]bitsCage
	n     int
}

// bitsCage is a cage with a sum.
type bitsCage struct {
	cells cells
	sum   int
}

// compile lists the cages of r with a sum; false when there are none.
func (cs *cageSums) compile(r *sudoku.Rules) bool {
	cs.n = 0
	for _, k := range r.Cages {
		if k.Sum == 0 {
			continue
		}
		var m cells
		for _, c := range k.Cells {
			m = m.or(cellOf(c))
		}
		cs.cages[cs.n] = bitsCage{cells: m, sum: k.Sum}
		cs.n++
	}
	return cs.n > 0
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
