package logic

import (
	"fmt"
	"math/bits"

	"sudoku"
)

// Aligned pair exclusion (6.2) and aligned triple exclusion (7.5) as Sudoku
// Explainer defines them: a few base cells, and "excluder" cells that see
// all of them and hold at most as many candidates as there are base cells.
// A combination of digits for the base cells is impossible when two base
// cells that see each other get the same digit, or when it takes every
// candidate of an excluder. A digit of a base cell that appears in no
// possible combination goes.

var (
	techAPE = Technique{Name: "Aligned pair exclusion", Code: "1000", explain: explainAlignedExclusion}
	techATE = Technique{Name: "Aligned triple exclusion", Code: "1001", explain: explainAlignedExclusion}
)

func init() {
	register("AlignedPairExclusion", func(b *Board) (Step, bool) {
		return bxFirst(b, func(b *Board, y func(Step) bool) { enumAlignedExclusion(b, 2, y) })
	})
	register("AlignedTripleExclusion", func(b *Board) (Step, bool) {
		return bxFirst(b, func(b *Board, y func(Step) bool) { enumAlignedExclusion(b, 3, y) })
	})
	registerCode("1000", func(b *Board, y func(Step) bool) { enumAlignedExclusion(b, 2, y) })
	registerCode("1001", func(b *Board, y func(Step) bool) { enumAlignedExclusion(b, 3, y) })
}

// enumAlignedExclusion yields aligned exclusions of degree 2 or 3 in Sudoku
// Explainer's order: base cells in row-major order, pairs in colex order
// ((0,1), (0,2), (1,2), (0,3), ...), and for triples a third cell among the
// candidate cells that are excluders of one of the first two.
//
// A base cell has two candidates or more, no peer with a single candidate
// and at least one excluder: a peer with 2 to degree candidates.
func enumAlignedExclusion(b *Board, degree int, yield func(Step) bool) {
	// ones: cells with one candidate; exc: cells with 2..degree.
	var ones, exc, multi CellSet
	for w := range 2 {
		for m := b.Empty[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			switch n := bits.OnesCount16(uint16(b.Cands[c])); {
			case n == 1:
				ones = ones.Add(c)
			case n >= 2:
				multi = multi.Add(c)
				if n <= degree {
					exc = exc.Add(c)
				}
			}
		}
	}
	var base [81]sudoku.Cell
	nb := 0
	var excl [81]CellSet
	isBase := CellSet{}
	for w := range 2 {
		for m := multi[w]; m != 0; m &= m - 1 {
			c := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			ps := b.geo.peers[c]
			if !ps.And(ones).Empty() {
				continue
			}
			ex := ps.And(exc)
			if ex.Empty() {
				continue
			}
			base[nb] = c
			nb++
			excl[c] = ex
			isBase = isBase.Add(c)
		}
	}
	if nb < degree {
		return
	}
	var cells [3]sudoku.Cell
	for j := 1; j < nb; j++ {
		c1 := base[j]
		// The first cell needs two excluders in common with c1: two cells
		// of excl[c1] among its peers; and it comes before c1.
		pre := aeTwice(b.geo, excl[c1]).And(isBase).And(cellsBelow(c1))
		for w := range 2 {
			for m := pre[w]; m != 0; m &= m - 1 {
				c0 := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
				if !aeInner(b, degree, c0, c1, &excl, isBase, &cells, yield) {
					return
				}
			}
		}
	}
}

// aeTwice returns the cells that see two cells of s or more.
func aeTwice(g *geometry, s CellSet) CellSet {
	var once, twice CellSet
	for w := range 2 {
		for m := s[w]; m != 0; m &= m - 1 {
			ps := g.peers[w*64+bits.TrailingZeros64(m)]
			twice = twice.Or(once.And(ps))
			once = once.Or(ps)
		}
	}
	return twice
}

// cellsBelow returns the cells before c.
func cellsBelow(c sudoku.Cell) CellSet {
	if c < 64 {
		return CellSet{1<<c - 1, 0}
	}
	return CellSet{^uint64(0), 1<<(c-64) - 1}
}

// aeInner tries the base pair c0, c1 (and, for triples, every third
// cell); it returns false when yield asks to stop.
func aeInner(b *Board, degree int, c0, c1 sudoku.Cell, excl *[81]CellSet, isBase CellSet, cells *[3]sudoku.Cell, yield func(Step) bool) bool {
	e01 := excl[c0].And(excl[c1])
	if e01.Count() < 2 {
		return true // every common set of excluders is within e01
	}
	cells[0], cells[1] = c0, c1
	if degree == 2 {
		if s, ok := alignedExclusionStep(b, cells[:2], e01); ok && !yield(s) {
			return false
		}
		return true
	}
	// A third cell needs two common excluders: two cells of e01
	// among its peers.
	twin := excl[c0].Or(excl[c1]).And(isBase).Remove(c0).Remove(c1).And(aeTwice(b.geo, e01))
	for w := range 2 {
		for m := twin[w]; m != 0; m &= m - 1 {
			c2 := sudoku.Cell(w*64 + bits.TrailingZeros64(m))
			common := e01.And(excl[c2])
			if common.Count() < 2 {
				continue
			}
			cells[2] = c2
			if s, ok := alignedExclusionStep(b, cells[:3], common); ok && !yield(s) {
				return false
			}
		}
	}
	return true
}

// alignedExclusionStep tries the base cells with their common excluders
// (at least two). A combination of digits is possible when no two base
// cells that see each other share a digit and no excluder has all its
// candidates among the digits used.
func alignedExclusionStep(b *Board, cells []sudoku.Cell, common CellSet) (Step, bool) {
	allowed, ok := aeAllowed(b, cells, common)
	if !ok {
		return Step{}, false
	}
	return aeStep(b, cells, common, &allowed)
}

// aeAllowed returns the digits of each base cell that appear in a
// possible combination, and whether some digit does not.
func aeAllowed(b *Board, cells []sudoku.Cell, common CellSet) ([3]uint16, bool) {
	if common.Count() < 2 {
		return [3]uint16{}, false
	}
	var m [3]uint16
	var union uint16
	for k, c := range cells {
		m[k] = uint16(b.Cands[c])
		union |= m[k]
	}
	// Only excluders whose candidates all belong to base cells can be
	// emptied by a combination.
	var rel [20]uint16
	nr := 0
	for w := range 2 {
		for x := common[w]; x != 0; x &= x - 1 {
			if e := uint16(b.Cands[w*64+bits.TrailingZeros64(x)]); e&^union == 0 {
				rel[nr] = e
				nr++
			}
		}
	}
	if nr == 0 {
		// Without an excluder to empty, only clashes exclude: a digit of
		// a base cell then goes only when the two others hold the same
		// two digits and the three see each other (two cells never lose
		// one: the other always has a second digit).
		if len(cells) == 2 || !(m[0] == m[1] || m[0] == m[2] || m[1] == m[2]) {
			return [3]uint16{}, false
		}
		if !b.sees(cells[0], cells[1]) || !b.sees(cells[0], cells[2]) || !b.sees(cells[1], cells[2]) {
			return [3]uint16{}, false
		}
	}
	if len(cells) == 2 && nr < min(bits.OnesCount16(m[0]), bits.OnesCount16(m[1]))-1 {
		// A digit d of one cell goes only if every digit of the other
		// (but d) makes an excluder with d: that takes as many excluders.
		return [3]uint16{}, false
	}
	var allowed [3]uint16
	if len(cells) == 2 {
		see := b.sees(cells[0], cells[1])
		for x := m[0]; x != 0; x &= x - 1 {
			b0 := x & -x
			z := m[1] &^ aeKill(&rel, nr, b0)
			if see {
				z &^= b0
			}
			if z != 0 {
				allowed[0] |= b0
				allowed[1] |= z
			}
		}
		if allowed[0] == m[0] && allowed[1] == m[1] {
			return [3]uint16{}, false
		}
	} else {
		s01, s02, s12 := b.sees(cells[0], cells[1]), b.sees(cells[0], cells[2]), b.sees(cells[1], cells[2])
		for x := m[0]; x != 0; x &= x - 1 {
			b0 := x & -x
			for y := m[1]; y != 0; y &= y - 1 {
				b1 := y & -y
				if b0 == b1 && s01 {
					continue
				}
				if allowed[0]&b0 != 0 && allowed[1]&b1 != 0 && allowed[2] == m[2] {
					continue // nothing to learn
				}
				z := m[2] &^ aeKill(&rel, nr, b0|b1)
				if s02 {
					z &^= b0
				}
				if s12 {
					z &^= b1
				}
				if z != 0 {
					allowed[0] |= b0
					allowed[1] |= b1
					allowed[2] |= z
				}
			}
		}
		if allowed[0] == m[0] && allowed[1] == m[1] && allowed[2] == m[2] {
			return [3]uint16{}, false
		}
	}
	return allowed, true
}

// aeStep builds the step of base cells that lose the digits not allowed.
func aeStep(b *Board, cells []sudoku.Cell, common CellSet, allowed *[3]uint16) (Step, bool) {
	var el []Candidate
	for k, c := range cells {
		for _, d := range (b.Cands[c] &^ sudoku.Candidates(allowed[k])).Digits() {
			el = append(el, Candidate{Cell: c, Digit: d})
		}
	}
	if len(el) == 0 {
		return Step{}, false
	}
	s := Step{Technique: techAPE, Rating: 62, Eliminations: bxSortElims(el), Cells: append([]sudoku.Cell(nil), cells...)}
	if len(cells) == 3 {
		s.Technique, s.Rating = techATE, 75
	}
	s.Cells = common.Cells(s.Cells)
	return s, true
}

// aeKill returns the digits that, added to the digits u, take every
// candidate of one of the excluders rel[:n] (all digits if u does
// already).
func aeKill(rel *[20]uint16, n int, u uint16) uint16 {
	var k uint16
	for _, e := range rel[:n] {
		r := e &^ u
		if r == 0 {
			return 0x1ff
		}
		if r&(r-1) == 0 {
			k |= r
		}
	}
	return k
}

func explainAlignedExclusion(s *Step) string {
	n := 2
	if s.Technique.Code == "1001" {
		n = 3
	}
	return fmt.Sprintf("every way of filling %s either repeats a digit in a house or empties one of %s, except ways without it: %s",
		bxCells(s.Cells[:n]), bxCells(s.Cells[n:]), bxRemovals(s.Eliminations))
}
