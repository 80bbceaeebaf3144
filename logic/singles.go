package logic

import (
	"fmt"
	"math/bits"

	"sudoku"
)

// The singles and Sudoku Explainer's direct techniques: each places one
// digit. Search orders follow Sudoku Explainer: houses in the order boxes,
// columns, rows (seScan), digits 1..9 within a house.

var (
	techFullHouse = Technique{Name: "Full house", Code: "0000", explain: func(s *Step) string {
		p := s.Placements[0]
		return fmt.Sprintf("%v = %d: it is the last empty cell of %v", p.Cell, p.Digit, houseName(s.Houses[0]))
	}}
	techHiddenSingle = Technique{Name: "Hidden single", Code: "0002", explain: func(s *Step) string {
		p := s.Placements[0]
		return fmt.Sprintf("%v = %d: it is the only place for %d in %v", p.Cell, p.Digit, p.Digit, houseName(s.Houses[0]))
	}}
	techNakedSingle = Technique{Name: "Naked single", Code: "0003", explain: func(s *Step) string {
		p := s.Placements[0]
		return fmt.Sprintf("%v = %d: it is the only candidate left in the cell", p.Cell, p.Digit)
	}}
	techDirectPointing     = Technique{Name: "Direct pointing", explain: explainDirectLocking}
	techDirectClaiming     = Technique{Name: "Direct claiming", explain: explainDirectLocking}
	techDirectHiddenPair   = Technique{Name: "Direct hidden pair", explain: explainDirectHidden}
	techDirectHiddenTriple = Technique{Name: "Direct hidden triple", explain: explainDirectHidden}
)

func explainDirectLocking(s *Step) string {
	p := s.Placements[0]
	return fmt.Sprintf("%v = %d: in %v, %d is confined to %v, so %v has only one place left for it",
		p.Cell, p.Digit, houseName(s.Houses[0]), p.Digit, houseName(s.Houses[1]), houseName(s.Houses[2]))
}

func explainDirectHidden(s *Step) string {
	p := s.Placements[0]
	return fmt.Sprintf("%v = %d: in %v, digits %s can only go in %s, which leaves one place for %d",
		p.Cell, p.Digit, houseName(s.Houses[0]), joinDigits(s.Digits), joinCells(s.Cells), p.Digit)
}

func joinDigits(ds []int) string {
	b := make([]byte, 0, 2*len(ds))
	for i, d := range ds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, byte('0'+d))
	}
	return string(b)
}

func joinCells(cs []sudoku.Cell) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += ","
		}
		s += c.String()
	}
	return s
}

func init() {
	register("FullHouse", firstOf(func(b *Board, y func(Step) bool) { fullHouses(b, y) }))
	register("HiddenSingle", firstOf(func(b *Board, y func(Step) bool) { hiddenSingles(b, false, y) }))
	register("NakedSingle", firstOf(nakedSingles))
	register("DirectPointing", firstOf(func(b *Board, y func(Step) bool) { directLocking(b, true, y) }))
	register("DirectClaiming", firstOf(func(b *Board, y func(Step) bool) { directLocking(b, false, y) }))
	register("DirectHiddenPair", firstOf(func(b *Board, y func(Step) bool) { hiddenSets(b, 2, true, true, y) }))
	register("DirectHiddenTriple", firstOf(func(b *Board, y func(Step) bool) { hiddenSets(b, 3, true, true, y) }))
	registerQuick("FullHouse", quickFullHouse)
	registerQuick("HiddenSingle", quickHiddenSingle)
	registerQuick("NakedSingle", quickNakedSingle)
	registerCode("0000", fullHouses)
	registerCode("0002", func(b *Board, y func(Step) bool) { hiddenSingles(b, true, y) })
	registerCode("0003", nakedSingles)
}

// firstOf turns an enumerator into a finder of its first step.
func firstOf(enum func(b *Board, yield func(Step) bool)) finder {
	return func(b *Board) (Step, bool) {
		var s Step
		found := false
		enum(b, func(st Step) bool {
			s, found = st, true
			return false
		})
		return s, found
	}
}

// placeStep builds the step placing d in c.
func placeStep(t Technique, r Rating, c sudoku.Cell, d int, hs ...sudoku.House) Step {
	return Step{
		Technique:  t,
		Rating:     r,
		Placements: []Candidate{{Cell: c, Digit: d}},
		Cells:      []sudoku.Cell{c},
		Houses:     hs,
		Digits:     []int{d},
	}
}

// fullHouses yields every house with one empty cell, in Sudoku
// Explainer's order (the hidden single of a house whose only empty cell it
// is, rated 1.0).
func fullHouses(b *Board, yield func(Step) bool) {
	for _, h := range b.geo.scan {
		if b.emptyCount(h) != 1 {
			continue
		}
		for d := 1; d <= 9; d++ {
			if p := b.In(h, d); p.Count() == 1 {
				if !yield(placeStep(techFullHouse, 10, p.First(), d, h)) {
					return
				}
			}
		}
	}
}

// hiddenSingles yields every digit with one place left in a house, rated
// 1.2 in a box and 1.5 in a row or column. Houses with one empty cell
// (full houses) are skipped unless all is set.
func hiddenSingles(b *Board, all bool, yield func(Step) bool) {
	for _, h := range b.geo.scan {
		if !all && b.emptyCount(h) <= 1 {
			continue
		}
		r := hiddenSingleRating(h)
		for d := 1; d <= 9; d++ {
			if p := b.pos[h][d-1]; p != 0 && p&(p-1) == 0 {
				if !yield(placeStep(techHiddenSingle, r, b.geo.cells[h][bits.TrailingZeros16(p)], d, h)) {
					return
				}
			}
		}
	}
}

// hiddenSingleRating is Sudoku Explainer's rating of a hidden single in
// house h: 1.2 in a box, 1.5 in any other house.
func hiddenSingleRating(h sudoku.House) Rating {
	if h >= 18 && h < 27 {
		return 12
	}
	return 15
}

// nakedSingles yields every cell with one candidate left, in cell order,
// rated 2.3.
func nakedSingles(b *Board, yield func(Step) bool) {
	for c := range sudoku.Cell(81) {
		m := b.Cands[c]
		if b.Grid[c] == 0 && m != 0 && m&(m-1) == 0 {
			d := bits.TrailingZeros16(uint16(m)) + 1
			if !yield(placeStep(techNakedSingle, 23, c, d)) {
				return
			}
		}
	}
}

// quickFullHouse finds fullHouses' first step: the first house in
// Sudoku Explainer's order with one empty cell, placing that cell's lowest
// candidate.
func quickFullHouse(b *Board) (sudoku.Cell, int, Rating, bool) {
	for _, h := range b.geo.scan {
		if b.emptyIn[h] != 1 {
			continue
		}
		c := b.Empty.And(b.geo.sets[h]).First()
		if m := b.Cands[c]; m != 0 {
			return c, bits.TrailingZeros16(uint16(m)) + 1, 10, true
		}
	}
	return 0, 0, 0, false
}

// quickHiddenSingle finds hiddenSingles' first step (full houses
// skipped): in each house, the digits found in exactly one cell are
// counted over the cells' candidate masks at once.
func quickHiddenSingle(b *Board) (sudoku.Cell, int, Rating, bool) {
	for _, h := range b.geo.scan {
		if b.emptyIn[h] <= 1 {
			continue
		}
		cells := &b.geo.cells[h]
		var once, more uint16
		for _, c := range cells {
			m := uint16(b.Cands[c])
			more |= once & m
			once |= m
		}
		single := once &^ more
		if single == 0 {
			continue
		}
		bit := single & -single
		for _, c := range cells {
			if uint16(b.Cands[c])&bit != 0 {
				return c, bits.TrailingZeros16(bit) + 1, hiddenSingleRating(h), true
			}
		}
	}
	return 0, 0, 0, false
}

// quickNakedSingle finds nakedSingles' first step: the first cell with
// one candidate.
func quickNakedSingle(b *Board) (sudoku.Cell, int, Rating, bool) {
	for c := range sudoku.Cell(81) {
		m := b.Cands[c]
		if m != 0 && m&(m-1) == 0 {
			return c, bits.TrailingZeros16(uint16(m)) + 1, 23, true
		}
	}
	return 0, 0, 0, false
}
