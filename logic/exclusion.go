package logic

import (
	"fmt"

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
func enumAlignedExclusion(b *Board, degree int, yield func(Step) bool) {
	var base []sudoku.Cell
	var excl [81]CellSet
	isBase := CellSet{}
	for c := range sudoku.Cell(81) {
		if bxCount(b, c) < 2 {
			continue
		}
		var ex CellSet
		single := false
		peerSets[c].Each(func(p sudoku.Cell) bool {
			switch n := bxCount(b, p); {
			case n == 1:
				single = true
				return false
			case n >= 2 && n <= degree:
				ex = ex.Add(p)
			}
			return true
		})
		if single || ex.Empty() {
			continue
		}
		base = append(base, c)
		excl[c] = ex
		isBase = isBase.Add(c)
	}
	if len(base) < degree {
		return
	}
	cells := make([]sudoku.Cell, degree)
	for j := 1; j < len(base); j++ {
		for i := range j {
			c0, c1 := base[i], base[j]
			cells[0], cells[1] = c0, c1
			if degree == 2 {
				if s, ok := alignedExclusionStep(b, cells, excl[c0].And(excl[c1])); ok && !yield(s) {
					return
				}
				continue
			}
			twin := excl[c0].Or(excl[c1]).And(isBase).Remove(c0).Remove(c1)
			for _, c2 := range twin.Cells(make([]sudoku.Cell, 0, 20)) {
				cells[2] = c2
				common := excl[c0].And(excl[c1]).And(excl[c2])
				if s, ok := alignedExclusionStep(b, cells, common); ok && !yield(s) {
					return
				}
			}
		}
	}
}

// alignedExclusionStep tries the base cells with their common excluders.
func alignedExclusionStep(b *Board, cells []sudoku.Cell, common CellSet) (Step, bool) {
	if common.Count() < 2 {
		return Step{}, false
	}
	exMasks := make([]sudoku.Candidates, 0, 20)
	common.Each(func(c sudoku.Cell) bool {
		exMasks = append(exMasks, b.Cands[c])
		return true
	})
	var allowed [3]sudoku.Candidates
	var pick [3]int
	var walk func(i int, used sudoku.Candidates)
	walk = func(i int, used sudoku.Candidates) {
		if i == len(cells) {
			for _, m := range exMasks {
				if m&^used == 0 {
					return
				}
			}
			for k := range cells {
				allowed[k] = allowed[k].Add(pick[k])
			}
			return
		}
		for _, d := range b.Cands[cells[i]].Digits() {
			clash := false
			for k := range i {
				if pick[k] == d && bxSees(cells[k], cells[i]) {
					clash = true
					break
				}
			}
			if clash {
				continue
			}
			pick[i] = d
			walk(i+1, used.Add(d))
		}
	}
	walk(0, 0)
	var el []Candidate
	for k, c := range cells {
		for _, d := range (b.Cands[c] &^ allowed[k]).Digits() {
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
	common.Each(func(c sudoku.Cell) bool {
		s.Cells = append(s.Cells, c)
		return true
	})
	return s, true
}

func explainAlignedExclusion(s *Step) string {
	n := 2
	if s.Technique.Code == "1001" {
		n = 3
	}
	return fmt.Sprintf("every way of filling %s either repeats a digit in a house or empties one of %s, except ways without it: %s",
		bxCells(s.Cells[:n]), bxCells(s.Cells[n:]), bxRemovals(s.Eliminations))
}
