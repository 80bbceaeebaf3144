package logic

import (
	"math/bits"

	"sudoku"
)

// CellSet is a set of cells, bit c standing for cell c: cells 0..63 in the
// first word, 64..80 in the second. It is a value; operations return new
// sets and never allocate.
type CellSet [2]uint64

// CellSetOf returns the set holding the given cells.
func CellSetOf(cells ...sudoku.Cell) CellSet {
	var s CellSet
	for _, c := range cells {
		s = s.Add(c)
	}
	return s
}

// Has reports whether c is in the set.
func (s CellSet) Has(c sudoku.Cell) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Add returns the set with c added.
func (s CellSet) Add(c sudoku.Cell) CellSet { s[c>>6] |= 1 << (c & 63); return s }

// Remove returns the set with c removed.
func (s CellSet) Remove(c sudoku.Cell) CellSet { s[c>>6] &^= 1 << (c & 63); return s }

// And returns the cells in both sets.
func (s CellSet) And(t CellSet) CellSet { return CellSet{s[0] & t[0], s[1] & t[1]} }

// Or returns the cells in either set.
func (s CellSet) Or(t CellSet) CellSet { return CellSet{s[0] | t[0], s[1] | t[1]} }

// AndNot returns the cells of s not in t.
func (s CellSet) AndNot(t CellSet) CellSet { return CellSet{s[0] &^ t[0], s[1] &^ t[1]} }

// Empty reports whether the set holds no cell.
func (s CellSet) Empty() bool { return s[0]|s[1] == 0 }

// Count returns the number of cells in the set.
func (s CellSet) Count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// First returns the lowest cell of the set, or -1 if it is empty.
func (s CellSet) First() sudoku.Cell {
	if s[0] != 0 {
		return sudoku.Cell(bits.TrailingZeros64(s[0]))
	}
	if s[1] != 0 {
		return sudoku.Cell(64 + bits.TrailingZeros64(s[1]))
	}
	return -1
}

// Cells appends the cells of the set to dst in increasing order and
// returns it.
func (s CellSet) Cells(dst []sudoku.Cell) []sudoku.Cell {
	for w := range 2 {
		for m := s[w]; m != 0; m &= m - 1 {
			dst = append(dst, sudoku.Cell(w*64+bits.TrailingZeros64(m)))
		}
	}
	return dst
}

// Each calls f for each cell of the set in increasing order, stopping
// early if f returns false.
func (s CellSet) Each(f func(c sudoku.Cell) bool) {
	for w := range 2 {
		for m := s[w]; m != 0; m &= m - 1 {
			if !f(sudoku.Cell(w*64 + bits.TrailingZeros64(m))) {
				return
			}
		}
	}
}

var (
	houseSets [27]CellSet // the cells of each house
	peerSets  [81]CellSet // the 20 peers of each cell
	allCells  CellSet     // all 81 cells
)

func init() {
	for h := range sudoku.House(27) {
		for _, c := range h.Cells() {
			houseSets[h] = houseSets[h].Add(c)
		}
	}
	for c := range sudoku.Cell(81) {
		for _, p := range c.Peers() {
			peerSets[c] = peerSets[c].Add(p)
		}
		allCells = allCells.Add(c)
	}
}

// HouseSet returns the cells of house h.
func HouseSet(h sudoku.House) CellSet { return houseSets[h] }

// PeerSet returns the 20 peers of cell c.
func PeerSet(c sudoku.Cell) CellSet { return peerSets[c] }

// positions returns the cells of house h where d is a candidate, as a
// 9-bit mask over the house's cells in order.
func (b *Board) positions(h sudoku.House, d int) uint16 { return b.pos[h][d-1] }

// emptyCount returns the number of empty cells of house h.
func (b *Board) emptyCount(h sudoku.House) int { return int(b.emptyIn[h]) }

// combos[k] lists the 9-bit masks with k bits set in increasing order,
// the order of Sudoku Explainer's Permutations.
var combos = func() (cs [10][]uint16) {
	for m := range uint16(512) {
		k := bits.OnesCount16(m)
		cs[k] = append(cs[k], m)
	}
	return cs
}()

// maskDigits returns the digits of a 9-bit mask, bit i standing for i+1.
func maskDigits(m uint16) []int { return sudoku.Candidates(m).Digits() }
