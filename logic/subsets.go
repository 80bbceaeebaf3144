package logic

import (
	"fmt"
	"math/bits"

	"sudoku"
)

// Naked and hidden subsets (pairs, triples, quads), Sudoku Explainer's
// direct hidden pair and triple, and HoDoKu's locked pair and triple.
// Houses are scanned as Sudoku Explainer does: boxes, columns, rows; cell
// and digit tuples in the increasing order of their bit masks.

var (
	techNakedSubset = [5]Technique{
		2: {Name: "Naked pair", Code: "0200", explain: explainNaked},
		3: {Name: "Naked triple", Code: "0201", explain: explainNaked},
		4: {Name: "Naked quad", Code: "0202", explain: explainNaked},
	}
	techHiddenSubset = [5]Technique{
		2: {Name: "Hidden pair", Code: "0210", explain: explainHidden},
		3: {Name: "Hidden triple", Code: "0211", explain: explainHidden},
		4: {Name: "Hidden quad", Code: "0212", explain: explainHidden},
	}
	techLockedSubset = [4]Technique{
		2: {Name: "Locked pair", Code: "0110", explain: explainNaked},
		3: {Name: "Locked triple", Code: "0111", explain: explainNaked},
	}
	nakedRating  = [5]Rating{2: 30, 3: 36, 4: 50}
	hiddenRating = [5]Rating{2: 34, 3: 40, 4: 54}
)

func explainNaked(s *Step) string {
	return fmt.Sprintf("%s hold only %s between them in %v, so those digits go nowhere else there: %s",
		joinCells(s.Cells), joinDigits(s.Digits), houseName(s.Houses[0]), elimList(s.Eliminations))
}

func explainHidden(s *Step) string {
	return fmt.Sprintf("in %v, %s can only go in %s, so those cells hold nothing else: %s",
		houseName(s.Houses[0]), joinDigits(s.Digits), joinCells(s.Cells), elimList(s.Eliminations))
}

func init() {
	for n, name := range [5]string{2: "Pair", 3: "Triple", 4: "Quad"} {
		if name == "" {
			continue
		}
		register("Naked"+name, firstOf(func(b *Board, y func(Step) bool) { nakedSets(b, n, true, y) }))
		register("Hidden"+name, firstOf(func(b *Board, y func(Step) bool) { hiddenSets(b, n, false, true, y) }))
		registerCode(techNakedSubset[n].Code, func(b *Board, y func(Step) bool) { nakedSets(b, n, false, y) })
		registerCode(techHiddenSubset[n].Code, func(b *Board, y func(Step) bool) { hiddenSets(b, n, false, false, y) })
	}
	registerCode("0110", func(b *Board, y func(Step) bool) { lockedSets(b, 2, y) })
	registerCode("0111", func(b *Board, y func(Step) bool) { lockedSets(b, 3, y) })
}

// nakedSets yields every naked set of n cells in a house. With seRules it
// follows Sudoku Explainer, which looks only in houses with at least 2n
// empty cells (in the others the hidden set of the remaining cells is
// the same pattern).
func nakedSets(b *Board, n int, seRules bool, yield func(Step) bool) {
	for _, h := range b.geo.scan {
		if seRules && b.emptyCount(h) < 2*n {
			continue
		}
		if !nakedSetsIn(b, h, n, true, yield) {
			return
		}
	}
}

// nakedSetsIn yields the naked sets of n cells in house h; false if yield
// asked to stop.
// Sets that eliminate nothing are skipped when worthOnly is set.
func nakedSetsIn(b *Board, h sudoku.House, n int, worthOnly bool, yield func(Step) bool) bool {
	hc := &b.geo.cells[h]
	var cands [9]sudoku.Candidates
	var usable uint16
	for i, c := range hc {
		cands[i] = b.Cands[c]
		if k := cands[i].Count(); k >= 2 && k <= n {
			usable |= 1 << i
		}
	}
	for _, m := range combos[n] {
		if m&^usable != 0 {
			continue
		}
		var union sudoku.Candidates
		for r := m; r != 0; r &= r - 1 {
			union |= cands[bits.TrailingZeros16(r)]
		}
		if union.Count() != n {
			continue
		}
		var elims []Candidate
		if b.geo.variant {
			elims = nakedGenElims(b, hc, m, union)
		} else {
			for i, c := range hc {
				if m&(1<<i) == 0 {
					for x := cands[i] & union; x != 0; x &= x - 1 {
						elims = append(elims, Candidate{Cell: c, Digit: bits.TrailingZeros16(uint16(x)) + 1})
					}
				}
			}
		}
		if worthOnly && len(elims) == 0 {
			continue
		}
		s := Step{Technique: techNakedSubset[n], Rating: nakedRating[n], Eliminations: elims,
			Cells: b.geo.maskCells(h, m), Houses: []sudoku.House{h}, Digits: union.Digits()}
		if !yield(s) {
			return false
		}
	}
	return true
}

// nakedGenElims returns the eliminations of the naked set of the cells m
// of hc holding digits union, as Sukaku Explainer's generalized naked
// sets make them on boards of variants: each digit goes from every cell
// that sees all the set's cells holding it, in or out of the house.
func nakedGenElims(b *Board, hc *[9]sudoku.Cell, m uint16, union sudoku.Candidates) []Candidate {
	var out []Candidate
	for x := union; x != 0; x &= x - 1 {
		d := bits.TrailingZeros16(uint16(x)) + 1
		var holders CellSet
		for r := m; r != 0; r &= r - 1 {
			if c := hc[bits.TrailingZeros16(r)]; b.Cands[c].Has(d) {
				holders = holders.Add(c)
			}
		}
		out = bxElims(b, b.geo.seesAll(holders), d, out)
	}
	return bxSortElims(out)
}

// hiddenSets yields every hidden set of n digits in a house. With seRules
// it follows Sudoku Explainer: only houses with more than 2n empty cells
// (more than n in direct mode). In direct mode (Sudoku Explainer's direct
// hidden pair 2.0 and triple 2.5) it yields instead the hidden single the
// set makes among the other digits, as a placement only.
func hiddenSets(b *Board, n int, direct, seRules bool, yield func(Step) bool) {
	for _, h := range b.geo.scan {
		if seRules {
			e := b.emptyCount(h)
			if !(e > 2*n || (direct && e > n)) {
				continue
			}
		}
		if !hiddenSetsIn(b, h, n, direct, yield) {
			return
		}
	}
}

func hiddenSetsIn(b *Board, h sudoku.House, n int, direct bool, yield func(Step) bool) bool {
	var pos [10]uint16
	var usable uint16 // digits with 2..n places, bit d-1
	for d := 1; d <= 9; d++ {
		pos[d] = b.positions(h, d)
		if k := bits.OnesCount16(pos[d]); k >= 2 && k <= n {
			usable |= 1 << (d - 1)
		}
	}
	for _, dm := range combos[n] {
		if dm&^usable != 0 {
			continue
		}
		var union uint16
		for r := dm; r != 0; r &= r - 1 {
			union |= pos[bits.TrailingZeros16(r)+1]
		}
		if bits.OnesCount16(union) != n {
			continue
		}
		if direct {
			s, ok := directHidden(b.geo, h, n, dm, union, &pos)
			if ok && !yield(s) {
				return false
			}
			continue
		}
		cells := b.geo.maskCells(h, union)
		digits := maskDigits(dm)
		var elims []Candidate
		for _, c := range cells {
			for x := b.Cands[c] &^ sudoku.Candidates(dm); x != 0; x &= x - 1 {
				elims = append(elims, Candidate{Cell: c, Digit: bits.TrailingZeros16(uint16(x)) + 1})
			}
		}
		if len(elims) == 0 {
			continue
		}
		s := Step{Technique: techHiddenSubset[n], Rating: hiddenRating[n], Eliminations: elims,
			Cells: cells, Houses: []sudoku.House{h}, Digits: digits}
		if !yield(s) {
			return false
		}
	}
	return true
}

// directHidden returns the hidden single that the hidden set dm on the
// places union of house h makes: the first other digit with several
// places, all but one inside the set's cells.
func directHidden(g *geometry, h sudoku.House, n int, dm, union uint16, pos *[10]uint16) (Step, bool) {
	for v := 1; v <= 9; v++ {
		if dm&(1<<(v-1)) != 0 || bits.OnesCount16(pos[v]) <= 1 {
			continue
		}
		rest := pos[v] &^ union
		if bits.OnesCount16(rest) != 1 {
			continue
		}
		t, r := techDirectHiddenPair, Rating(20)
		if n == 3 {
			t, r = techDirectHiddenTriple, 25
		}
		c := g.cells[h][bits.TrailingZeros16(rest)]
		s := placeStep(t, r, c, v, h)
		s.Cells, s.Digits = g.maskCells(h, union), maskDigits(dm)
		return s, true
	}
	return Step{}, false
}

// lockedSets yields HoDoKu's locked pairs and triples: a naked set in a
// box whose cells also share a row or column, eliminating in both houses.
func lockedSets(b *Board, n int, yield func(Step) bool) {
	for bx := sudoku.House(18); bx < 27; bx++ {
		ok := nakedSetsIn(b, bx, n, false, func(s Step) bool {
			line := commonLine(s.Cells)
			if line < 0 {
				return true
			}
			var more []Candidate
			nakedSetsIn(b, line, n, false, func(t Step) bool {
				if sameCellSet(t.Cells, s.Cells) {
					more = t.Eliminations
					return false
				}
				return true
			})
			s.Technique = techLockedSubset[n]
			for _, e := range more {
				if !b.geo.sets[bx].Has(e.Cell) {
					s.Eliminations = append(s.Eliminations, e)
				}
			}
			if len(s.Eliminations) == 0 {
				return true
			}
			s.Houses = append(s.Houses, line)
			return yield(s)
		})
		if !ok {
			return
		}
	}
}

// commonLine returns the row or column holding all cells, or -1.
func commonLine(cs []sudoku.Cell) sudoku.House {
	r, c := true, true
	for _, x := range cs[1:] {
		r = r && x.Row() == cs[0].Row()
		c = c && x.Col() == cs[0].Col()
	}
	switch {
	case r:
		return sudoku.House(cs[0].Row())
	case c:
		return sudoku.House(9 + cs[0].Col())
	}
	return -1
}

func sameCellSet(a, b []sudoku.Cell) bool { return CellSetOf(a...) == CellSetOf(b...) }
