package logic

import (
	"context"
	"fmt"
	"math/bits"

	"sudoku"
)

// Candidate is one digit in one cell.
type Candidate struct {
	Cell  sudoku.Cell
	Digit int
}

// String writes the candidate as r4c7#6.
func (c Candidate) String() string { return fmt.Sprintf("%v#%d", c.Cell, c.Digit) }

// Board is a position during solving: placed digits and the candidates of
// each empty cell. It is a value type; copying it copies the position.
//
// Cands and DigitCells are two views of the same candidates, kept in step
// by NewBoard, Place and Eliminate: change candidates only through those
// (never by writing Cands directly), or the views disagree.
type Board struct {
	Grid  sudoku.Grid           // digits placed, givens included; 0 empty
	Cands [81]sudoku.Candidates // candidates of empty cells; 0 for filled cells
	Given [81]bool              // whether the digit was given in the puzzle
	// DigitCells[d] is the set of cells where digit d (1..9) is still a
	// candidate; DigitCells[0] is unused.
	DigitCells [10]CellSet
	// Empty is the set of cells without a digit.
	Empty CellSet
	// pos[h][d-1] is a third view: the places of digit d in house h, bit i
	// for the i-th cell of the house (geometry.cells).
	pos [maxHouses][9]uint16
	// emptyIn[h] is the number of empty cells of house h.
	emptyIn [maxHouses]uint8
	// geo is the board's houses and peers: classicGeo unless the rules
	// add houses or peers.
	geo *geometry
	// dead is set when an empty cell has lost its last candidate.
	dead bool
	// ctx, when set, stops the long searches (chains) early; the walk
	// then reports its error.
	ctx context.Context
}

// unplace clears cell c from the places of digit d in its houses.
func (b *Board) unplace(c sudoku.Cell, d int) {
	hs, ix := &b.geo.base[c], &b.geo.baseIx[c]
	b.pos[hs[0]][d-1] &^= 1 << ix[0]
	b.pos[hs[1]][d-1] &^= 1 << ix[1]
	b.pos[hs[2]][d-1] &^= 1 << ix[2]
	for _, x := range b.geo.extra[c] {
		b.pos[x.h][d-1] &^= 1 << x.i
	}
}

// Pos returns the places of digit d in house h, bit i standing for the
// i-th cell of h.Cells().
func (b *Board) Pos(h sudoku.House, d int) uint16 { return b.pos[h][d-1] }

// NewBoard returns the board of puzzle g with every candidate that no peer
// excludes. It does not check that g has a solution.
func NewBoard(g sudoku.Grid) Board { return newBoardIn(classicGeo, g) }

// newBoardIn is NewBoard under the houses and peers of geometry geo.
func newBoardIn(geo *geometry, g sudoku.Grid) Board {
	b := Board{Grid: g, geo: geo}
	var used [maxHouses]sudoku.Candidates // digits placed in each house
	for c := range sudoku.Cell(81) {
		if v := g[c]; v != 0 {
			bit := sudoku.CandidateOf(int(v))
			for _, h := range &geo.base[c] {
				used[h] |= bit
			}
			for _, x := range geo.extra[c] {
				used[x.h] |= bit
			}
		}
	}
	for c := range sudoku.Cell(81) {
		b.Given[c] = g[c] != 0
		if g[c] == 0 {
			b.initCell(c, &used)
		}
	}
	return b
}

// initCell gives empty cell c of a new board the digits no peer holds.
func (b *Board) initCell(c sudoku.Cell, used *[maxHouses]sudoku.Candidates) {
	hs := &b.geo.base[c]
	m := sudoku.AllCandidates &^ (used[hs[0]] | used[hs[1]] | used[hs[2]])
	for _, x := range b.geo.extra[c] {
		m &^= used[x.h]
	}
	for _, p := range b.geo.moves[c] {
		if v := b.Grid[p]; v != 0 {
			m &^= sudoku.CandidateOf(int(v))
		}
	}
	b.Cands[c] = m
	b.dead = b.dead || m == 0
	b.Empty = b.Empty.Add(c)
	for _, h := range hs {
		b.emptyIn[h]++
	}
	for _, x := range b.geo.extra[c] {
		b.emptyIn[x.h]++
	}
	for ; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(uint16(m)) + 1
		b.DigitCells[d] = b.DigitCells[d].Add(c)
		for k, h := range hs {
			b.pos[h][d-1] |= 1 << b.geo.baseIx[c][k]
		}
		for _, x := range b.geo.extra[c] {
			b.pos[x.h][d-1] |= 1 << x.i
		}
	}
}

// Has reports whether cell c still has digit d as a candidate.
func (b *Board) Has(c sudoku.Cell, d int) bool { return b.Cands[c].Has(d) }

// Place puts digit d in cell c and removes d from the candidates of its peers.
func (b *Board) Place(c sudoku.Cell, d int) {
	for m := b.Cands[c]; m != 0; m &= m - 1 {
		e := bits.TrailingZeros16(uint16(m)) + 1
		b.DigitCells[e] = b.DigitCells[e].Remove(c)
		b.unplace(c, e)
	}
	if b.Grid[c] == 0 {
		for _, h := range &b.geo.base[c] {
			b.emptyIn[h]--
		}
		for _, x := range b.geo.extra[c] {
			b.emptyIn[x.h]--
		}
	}
	b.Grid[c] = uint8(d)
	b.Cands[c] = 0
	b.Empty = b.Empty.Remove(c)
	hit := b.DigitCells[d].And(b.geo.peers[c])
	b.DigitCells[d] = b.DigitCells[d].AndNot(hit)
	bit := sudoku.Candidates(1) << (d - 1)
	for w := range 2 {
		for m := hit[w]; m != 0; m &= m - 1 {
			p := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			b.Cands[p] &^= bit
			b.unplace(p, d)
			b.dead = b.dead || b.Cands[p] == 0
		}
	}
}

// Eliminate removes digit d from the candidates of cell c.
func (b *Board) Eliminate(c sudoku.Cell, d int) {
	b.Cands[c] = b.Cands[c].Remove(d)
	b.DigitCells[d] = b.DigitCells[d].Remove(c)
	b.unplace(c, d)
	b.dead = b.dead || (b.Cands[c] == 0 && b.Grid[c] == 0)
}

// In returns the cells of house h where d is still a candidate.
func (b *Board) In(h sudoku.House, d int) CellSet { return b.DigitCells[d].And(b.geo.sets[h]) }

// Solved reports whether every cell holds a digit.
func (b *Board) Solved() bool { return b.Grid.Full() }

// Places returns the cells of house h where d is still a candidate, as a
// 9-bit mask over the house's cells in order.
func (b *Board) Places(h sudoku.House, d int) uint16 {
	var m uint16
	for i, c := range &b.geo.cells[h] {
		if b.Cands[c].Has(d) {
			m |= 1 << i
		}
	}
	return m
}

// Contradiction returns a reason the board cannot be completed that is
// visible without search: an empty cell with no candidate, or a digit with
// no place left in a house where it is not placed. It returns "" if none.
func (b *Board) Contradiction() string {
	for c := range sudoku.Cell(81) {
		if b.Grid[c] == 0 && b.Cands[c] == 0 {
			return fmt.Sprintf("%v has no candidate left", c)
		}
	}
	for _, h := range b.geo.houses {
		var placed sudoku.Candidates
		var open sudoku.Candidates
		for _, c := range &b.geo.cells[h] {
			if v := b.Grid[c]; v != 0 {
				placed = placed.Add(int(v))
			}
			open |= b.Cands[c]
		}
		if missing := sudoku.AllCandidates &^ (placed | open); missing != 0 {
			return fmt.Sprintf("%d has no place left in %s", missing.Digits()[0], houseName(h))
		}
	}
	return b.constraintContradiction()
}

// Apply performs a step's placements and eliminations.
func (b *Board) Apply(s *Step) {
	for _, p := range s.Placements {
		b.Place(p.Cell, p.Digit)
	}
	for _, e := range s.Eliminations {
		b.Eliminate(e.Cell, e.Digit)
	}
}
