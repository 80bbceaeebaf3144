package generate

import (
	"encoding/binary"
	"math/bits"

	"sudoku"
	"sudoku/solver"
)

// cellSet is a set of cells: cell c is bit c%64 of word c/64.
type cellSet [2]uint64

func (s *cellSet) add(c sudoku.Cell)     { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c sudoku.Cell) bool { return s[c>>6]>>(c&63)&1 != 0 }

// meets reports whether s and t have a cell in common.
func (s cellSet) meets(t cellSet) bool { return s[0]&t[0] != 0 || s[1]&t[1] != 0 }

// and returns the cells in both s and t.
func (s cellSet) and(t cellSet) cellSet { return cellSet{s[0] & t[0], s[1] & t[1]} }

// minus returns the cells of s not in t.
func (s cellSet) minus(t cellSet) cellSet { return cellSet{s[0] &^ t[0], s[1] &^ t[1]} }

// allCells holds the 81 cells.
var allCells = cellSet{^uint64(0), 1<<17 - 1}

// first returns the first cell of s, which must not be empty.
func (s cellSet) first() sudoku.Cell {
	if s[0] != 0 {
		return sudoku.Cell(bits.TrailingZeros64(s[0]))
	}
	return sudoku.Cell(64 + bits.TrailingZeros64(s[1]))
}

// count returns the number of cells in s.
func (s cellSet) count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// cluesOf returns the cells of g that hold a digit.
func cluesOf(g *sudoku.Grid) cellSet {
	var empty sudoku.Grid
	return differ(g, &empty)
}

// differ returns the cells where g and h differ. It compares eight cells
// at a time: a byte of their xor has its high bit set after adding 0x7f
// to its low seven bits, or-ed with itself, exactly when it is not zero,
// and one multiplication gathers the eight high bits.
func differ(g, h *sudoku.Grid) cellSet {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	var s cellSet
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(g[i:i+8]) ^ binary.LittleEndian.Uint64(h[i:i+8])
		hi := ((x & lo7) + lo7 | x) &^ lo7
		s[i>>6] |= (hi >> 7 * 0x0102040810204080 >> 56) << (i & 63)
	}
	if g[80] != h[80] {
		s.add(80)
	}
	return s
}

// maxUnavoidables bounds the unavoidable sets kept for one grid.
const maxUnavoidables = 512

// unavoidables holds unavoidable sets of one solution grid: sets of
// cells where another valid grid differs from it. A puzzle with that
// solution must have a clue in each of them, else the other grid solves it
// too. The sets spare most uniqueness checks a solver search:
//
//   - a puzzle that misses one is not unique;
//   - a clue that is the only clue in one cannot go, the puzzle would
//     lose uniqueness.
//
// The sets are the two-digit ones, found directly when the grid is set,
// and the difference of every other solution that a check finds.
type unavoidables struct {
	sol  sudoku.Grid
	sets []cellSet
}

// reset makes sol the grid and finds its two-digit unavoidable sets:
// for digits a and b, the cells holding them link up, through rows,
// columns and boxes, into closed chains, and swapping a and b along any one
// chain gives another valid grid.
func (u *unavoidables) reset(sol *sudoku.Grid) {
	u.sol = *sol
	u.sets = u.sets[:0]
	var at [9][9]sudoku.Cell // at[d][r]: the cell of row r holding digit d+1
	for c, v := range sol {
		at[v-1][c/9] = sudoku.Cell(c)
	}
	for a := 0; a < 9; a++ {
		for b := a + 1; b < 9; b++ {
			u.chains(&at[a], &at[b])
		}
	}
}

// chains adds the unavoidable sets of two digits whose cells, row by
// row, are ra and rb: one set per class of linked rows (see linkRows).
func (u *unavoidables) chains(ra, rb *[9]sudoku.Cell) {
	class := linkRows(ra, rb)
	var sets [9]cellSet
	for r, k := range class {
		sets[k].add(ra[r])
		sets[k].add(rb[r])
	}
	for _, s := range sets {
		if s != (cellSet{}) {
			u.sets = append(u.sets, s)
		}
	}
}

// linkRows returns the closed chains of two digits a and b of a complete
// grid, given the cells holding them row by row (ra and rb): the class of
// each row, a row number standing for the class. A row's two cells go
// together, and so do the rows of the two cells of each column and of
// each box, so that swapping a and b on the cells of one class keeps every
// house valid.
func linkRows(ra, rb *[9]sudoku.Cell) [9]int {
	var rowA, rowB [18]int // by column (0..8) and box (9..17): the rows of a and b
	for r := range 9 {
		a, b := ra[r]%81, rb[r]%81
		rowA[cellCol[a]], rowA[9+cellBox[a]] = r, r
		rowB[cellCol[b]], rowB[9+cellBox[b]] = r, r
	}
	var class [9]int // union-find over the rows
	for r := range class {
		class[r] = r
	}
	find := func(r int) int {
		for class[r] != r {
			class[r] = class[class[r]]
			r = class[r]
		}
		return r
	}
	for i := range rowA {
		class[find(rowA[i])] = find(rowB[i])
	}
	for r := range class {
		class[r] = find(r)
	}
	return class
}

// missed reports whether the clues miss a known unavoidable set (the
// puzzle has another solution).
func (u *unavoidables) missed(clues cellSet) bool { return u.firstMissed(clues) >= 0 }

// firstMissed returns the index of a known unavoidable set that the clues
// miss, or -1. The set found is moved to the front, so the index is 0.
func (u *unavoidables) firstMissed(clues cellSet) int {
	sets, c0, c1 := u.sets, clues[0], clues[1]
	i := 0
	// Four sets a step, or-ing what the clues meet of each: a hot loop.
	for ; i+4 <= len(sets); i += 4 {
		s := sets[i : i+4 : i+4]
		m0 := s[0][0]&c0 | s[0][1]&c1
		m1 := s[1][0]&c0 | s[1][1]&c1
		m2 := s[2][0]&c0 | s[2][1]&c1
		m3 := s[3][0]&c0 | s[3][1]&c1
		if m0 == 0 || m1 == 0 || m2 == 0 || m3 == 0 {
			break // the loop below finds which
		}
	}
	for ; i < len(sets); i++ {
		if sets[i][0]&c0|sets[i][1]&c1 == 0 {
			u.front(i)
			return 0
		}
	}
	return -1
}

// tight looks at how the clues meet the known unavoidable sets. It
// returns the clues alone in a set (they cannot go) and, for each cell,
// the number of sets in which it is one of exactly two clues (a clue in
// many is held by few others).
func (u *unavoidables) tight(clues cellSet) (alone cellSet, pairs pairCounts) {
	c0, c1 := clues[0], clues[1]
	// A hot loop: the clues of a set are counted up to three with bit
	// tricks (r0, r1: each word without its lowest clue), not popcounts,
	// which made it four times slower.
	for _, s := range u.sets {
		m0, m1 := s[0]&c0, s[1]&c1
		r0, r1 := m0&(m0-1), m1&(m1-1)
		switch {
		case r0|r1 == 0 && (m0 == 0 || m1 == 0): // one clue, or none
			alone[0] |= m0
			alone[1] |= m1
			continue
		case r0|r1 == 0: // one clue in each word
		case r0&(r0-1)|r1&(r1-1) != 0, r0 != 0 && m1 != 0, r1 != 0 && m0 != 0:
			continue // three clues or more
		}
		for ; m0 != 0; m0 &= m0 - 1 {
			pairs.add(bits.TrailingZeros64(m0))
		}
		for ; m1 != 0; m1 &= m1 - 1 {
			pairs.add(64 + bits.TrailingZeros64(m1))
		}
	}
	return alone, pairs
}

// pairCounts counts, for each cell, the known unavoidable sets in which
// it is one of exactly two clues.
type pairCounts [81]uint8

// add counts one more set for cell c; the count stops at 255.
func (p *pairCounts) add(c int) {
	if p[c] < 255 {
		p[c]++
	}
}

// front moves set i to the front, so that the sets that decide often are
// tried first.
func (u *unavoidables) front(i int) {
	if i > 0 {
		u.sets[0], u.sets[i] = u.sets[i], u.sets[0]
	}
}

// other adds the cells where grid w differs from the solution.
func (u *unavoidables) other(w *sudoku.Grid) {
	s := differ(w, &u.sol)
	if len(u.sets) < maxUnavoidables {
		u.sets = append(u.sets, s)
	} else {
		u.sets[len(u.sets)-1] = s
	}
	u.front(len(u.sets) - 1)
}

// unique reports whether q, with clues clues, has the solution as its
// only one, knowing that any other solution differs from it in one of the
// cells out (q was unique before they were emptied).
func (u *unavoidables) unique(q *sudoku.Grid, clues cellSet, out []sudoku.Cell, checks *int) bool {
	if u.missed(clues) {
		return false
	}
	*checks++
	w, found := solver.Another(*q, &u.sol, out)
	if found {
		u.other(&w)
	}
	return !found
}

// needed reports whether clue x of the unique puzzle q is needed: without
// it q would have another solution. It runs a solver search.
func (u *unavoidables) needed(q *sudoku.Grid, x sudoku.Cell, checks *int) bool {
	r := *q
	r[x] = 0
	*checks++
	w, found := solver.Another(r, &u.sol, []sudoku.Cell{x})
	if found {
		u.other(&w)
	}
	return found
}
