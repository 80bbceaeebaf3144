package solver

import "math/bits"

// The all-different filter of the runs after the first (restart.go). In a
// house, the open cells must take the missing digits one each: a
// matching of cells to digits. A digit can go in a cell only when some
// perfect matching gives it that digit (Régin's filter): with one
// matching found, that is when the cell holds it already, or when the
// cell that holds it can be reached back from this cell through
// "cell -> the owner of one of my digits" edges (both lie on a cycle of
// alternate edges): they are in one strongly connected part. This finds every naked and hidden subset of the house
// at once, and a house whose cells cannot take its digits is a dead end.
// A house whose candidates are as they were when it last passed the
// filter, at this depth or above, is skipped (sig).

// sigs returns depth i's house signatures, growing the stack.
func (s *gsearch) sigs(i int) []uint64 {
	for len(s.sig) <= i {
		s.sig = append(s.sig, make([]uint64, len(s.p.houses)/s.p.n))
	}
	return s.sig[i]
}

// descend starts depth i from the signatures of depth i-1.
func (s *gsearch) descend(i int) {
	copy(s.sigs(i), s.sig[i-1])
	s.depth = i
}

// houseSig is a hash of the candidates of a house's cells.
func houseSig(cells []int32, cand []mask) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range cells {
		h = (h ^ uint64(cand[c])) * 1099511628211
	}
	return h
}

// filterHouses filters every house changed since it last passed. It
// returns false on a dead end, and whether it removed a candidate.
func (s *gsearch) filterHouses(cand []mask) (ok, found bool) {
	n := s.p.n
	sig := s.sig[s.depth]
	for h := range sig {
		cells := s.p.houses[h*n : (h+1)*n]
		if houseSig(cells, cand) == sig[h] {
			continue
		}
		ok, f := s.filterHouse(cells, cand)
		if !ok {
			s.blameHouse(h)
			return false, false
		}
		sig[h] = houseSig(cells, cand)
		found = found || f
	}
	return true, found
}

// houseMatch is a house's open cells and a matching of them to digits.
type houseMatch struct {
	k     int
	cells [32]int32
	masks [32]uint32
	owner [32]int8 // per digit: the open cell (index) matched to it, or -1
}

// filterHouse filters one house's cells.
func (s *gsearch) filterHouse(cells []int32, cand []mask) (ok, found bool) {
	var hm houseMatch
	for _, c := range cells {
		if cand[c] != 0 {
			hm.cells[hm.k], hm.masks[hm.k] = c, uint32(cand[c])
			hm.k++
		}
	}
	if hm.k <= 1 || !hm.match() {
		return hm.k <= 1, false
	}
	comp, one := hm.components()
	if one {
		return true, false // one strongly connected part: every digit has a matching
	}
	for i := range hm.k {
		if keep := hm.allowed(i, &comp); keep != hm.masks[i] {
			s.restrict(hm.cells[i], cand, mask(keep))
			found = true
		}
	}
	return true, found
}

// restrict sets cell c's candidates to keep, a non-empty subset.
func (s *gsearch) restrict(c int32, cand []mask, keep mask) {
	cand[c] = keep
	if keep&(keep-1) == 0 {
		s.queue = append(s.queue, c)
	}
	s.touch(c)
}

// match finds a matching of every open cell to a digit (Kuhn's
// augmenting paths); false when there is none.
func (hm *houseMatch) match() bool {
	for d := range hm.owner {
		hm.owner[d] = -1
	}
	for i := range hm.k {
		var visited uint32
		if !hm.augment(i, &visited) {
			return false
		}
	}
	return true
}

// augment finds an augmenting path from cell i.
func (hm *houseMatch) augment(i int, visited *uint32) bool {
	for m := hm.masks[i] &^ *visited; m != 0; m &= m - 1 {
		d := bits.TrailingZeros32(m)
		if *visited&(1<<d) != 0 {
			continue
		}
		*visited |= 1 << d
		if o := hm.owner[d]; o < 0 || hm.augment(int(o), visited) {
			hm.owner[d] = int8(i)
			return true
		}
	}
	return false
}

// components returns, per open cell, the cells of its strongly connected
// part of the graph of "cell -> the owner of one of its digits" edges,
// one bit per cell, found by a forward and a backward walk from each
// cell not yet placed in a part; one is true when all the cells are one
// part (the common case, found after the first two walks).
func (hm *houseMatch) components() (comp [32]uint32, one bool) {
	var adj, radj [32]uint32
	for i := range hm.k {
		for m := hm.masks[i]; m != 0; m &= m - 1 {
			o := hm.owner[bits.TrailingZeros32(m)]
			adj[i] |= 1 << o
			radj[o] |= 1 << i
		}
	}
	all := uint32(1)<<hm.k - 1
	for left := all; left != 0; {
		v := bits.TrailingZeros32(left)
		part := closure(&adj, v) & closure(&radj, v) & left
		if part == all {
			return comp, true
		}
		for m := part; m != 0; m &= m - 1 {
			comp[bits.TrailingZeros32(m)] = part
		}
		left &^= part
	}
	return comp, false
}

// closure returns the nodes reachable from v (v included) by the edges
// adj, one bit per node.
func closure(adj *[32]uint32, v int) uint32 {
	seen := uint32(1) << v
	for front := seen; front != 0; {
		next := uint32(0)
		for m := front; m != 0; m &= m - 1 {
			next |= adj[bits.TrailingZeros32(m)]
		}
		front = next &^ seen
		seen |= next
	}
	return seen
}

// allowed returns the digits of cell i that some matching gives it: its
// own, and those owned by a cell of its strongly connected part.
func (hm *houseMatch) allowed(i int, comp *[32]uint32) uint32 {
	keep := uint32(0)
	for m := hm.masks[i]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros32(m)
		if o := hm.owner[d]; int(o) == i || comp[i]&(1<<o) != 0 {
			keep |= 1 << d
		}
	}
	return keep
}
