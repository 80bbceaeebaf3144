package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"sudoku"
)

// Basic fish (X-Wing, Swordfish, Jellyfish) as Sudoku Explainer finds
// them, and finned and sashimi fish for hints and HoDoKu's library.
//
// Finned and sashimi fish are not among the techniques of Sukaku
// Explainer's solver (its Fisherman finds basic fish only), so they are
// not in the solving order and never change a rating; their enumerators
// serve HoDoKu's regression library and callers that want every fish.

var (
	techFish = [5]Technique{
		2: {Name: "X-Wing", Code: "0300", explain: explainFish},
		3: {Name: "Swordfish", Code: "0301", explain: explainFish},
		4: {Name: "Jellyfish", Code: "0302", explain: explainFish},
	}
	techFinnedFish = [5]Technique{
		2: {Name: "Finned X-Wing", Code: "0310", explain: explainFish},
		3: {Name: "Finned Swordfish", Code: "0311", explain: explainFish},
		4: {Name: "Finned Jellyfish", Code: "0312", explain: explainFish},
	}
	techSashimiFish = [5]Technique{
		2: {Name: "Sashimi X-Wing", Code: "0320", explain: explainFish},
		3: {Name: "Sashimi Swordfish", Code: "0321", explain: explainFish},
		4: {Name: "Sashimi Jellyfish", Code: "0322", explain: explainFish},
	}
	fishRating = [5]Rating{2: 32, 3: 38, 4: 52}
)

// explainFish: Houses holds the n base lines then the n cover lines;
// Cells the fins, if any.
func explainFish(s *Step) string {
	n := len(s.Houses) / 2
	d := s.Digits[0]
	fins := ""
	if len(s.Cells) > 0 { // the fins
		fins = " apart from the fins"
	}
	return fmt.Sprintf("in %s, %d can only go in %s%s, so %d is removed from the rest of those lines: %s",
		houseList(s.Houses[:n]), d, houseList(s.Houses[n:]), fins, d, elimList(s.Eliminations))
}

func init() {
	for n, name := range [5]string{2: "XWing", 3: "Swordfish", 4: "Jellyfish"} {
		if name == "" {
			continue
		}
		register(name, firstOf(func(b *Board, y func(Step) bool) { fish(b, n, true, y) }))
		registerCode(techFish[n].Code, func(b *Board, y func(Step) bool) { fish(b, n, false, y) })
		registerCode(techFinnedFish[n].Code, func(b *Board, y func(Step) bool) { finnedFish(b, n, false, y) })
		registerCode(techSashimiFish[n].Code, func(b *Board, y func(Step) bool) { finnedFish(b, n, true, y) })
	}
}

// lineMasks returns, for each orientation (0: base columns, 1: base rows),
// digit and line, the 9-bit mask of the digit's places along the line
// (bit i: the i-th cell of the line).
func lineMasks(b *Board) (m [2][10][9]uint16) {
	// b.pos of a row has bit i for column i; of a column, for row i.
	for d := 1; d <= 9; d++ {
		for i := range 9 {
			m[0][d][i] = b.pos[9+i][d-1]
			m[1][d][i] = b.pos[i][d-1]
		}
	}
	return m
}

// lineHouse returns the house of line i in orientation o (0: columns,
// 1: rows), and lineCell the cell at position j along it.
func lineHouse(o, i int) sudoku.House {
	if o == 0 {
		return sudoku.House(9 + i)
	}
	return sudoku.House(i)
}

func lineCell(o, i, j int) sudoku.Cell {
	if o == 0 {
		return sudoku.CellAt(j, i)
	}
	return sudoku.CellAt(i, j)
}

// fish yields the basic fish of size n in Sudoku Explainer's order: base
// columns first, then base rows; line tuples in increasing mask order;
// digits 1..9. With seRules it keeps Sudoku Explainer's filter: a digit
// needs at least 2n cells not yet holding it.
func fish(b *Board, n int, seRules bool, yield func(Step) bool) {
	var placed [10]int
	for _, v := range b.Grid {
		placed[v]++
	}
	// fit[o][d]: the lines with 2 to n places of d, the only ones a base
	// line can be (n places in all). The places along line i of
	// orientation o (lineMasks) are b.pos of column i (o 0) or row i.
	var fit [2][10]uint16
	for i := range 9 {
		for d := 1; d <= 9; d++ {
			if k := bits.OnesCount16(b.pos[9+i][d-1]); k >= 2 && k <= n {
				fit[0][d] |= 1 << i
			}
			if k := bits.OnesCount16(b.pos[i][d-1]); k >= 2 && k <= n {
				fit[1][d] |= 1 << i
			}
		}
	}
	var masks *[2][10][9]uint16
	// Per orientation, the fish found in order of tuple (as combos lists
	// them: increasing masks), then digit.
	type found struct {
		tuple, union uint16
		d            int
	}
	var buf [64]found
	for o := range 2 {
		list := buf[:0]
		for d := 1; d <= 9; d++ {
			if seRules && placed[d]+2*n > 9 {
				continue
			}
			f := fit[o][d]
			if bits.OnesCount16(f) < n {
				continue
			}
			if masks == nil {
				m := lineMasks(b)
				masks = &m
			}
			// the n-subsets of f: the n-subsets of its k lines, spread
			// onto them
			var lines [9]uint16
			k := 0
			for x := f; x != 0; x &= x - 1 {
				lines[k] = x & -x
				k++
			}
			for _, sub := range combos[n] {
				if sub >= 1<<k {
					break // combos[n] is increasing
				}
				var tuple uint16
				for x := sub; x != 0; x &= x - 1 {
					tuple |= lines[bits.TrailingZeros16(x)]
				}
				var union uint16
				for t := tuple; t != 0; t &= t - 1 {
					union |= masks[o][d][bits.TrailingZeros16(t)]
				}
				if bits.OnesCount16(union) != n {
					continue
				}
				// any place of d on the cover lines outside the base lines
				hit := false
				for u := union; u != 0 && !hit; u &= u - 1 {
					hit = masks[1-o][d][bits.TrailingZeros16(u)]&^tuple != 0
				}
				if hit {
					list = append(list, found{tuple: tuple, union: union, d: d})
				}
			}
		}
		slices.SortFunc(list, func(x, y found) int {
			if x.tuple != y.tuple {
				return int(x.tuple) - int(y.tuple)
			}
			return x.d - y.d
		})
		for _, x := range list {
			elims := fishElims(masks, o, x.d, x.tuple, x.union, -1, nil)
			if !yield(fishStep(techFish[n], fishRating[n], o, x.d, x.tuple, x.union, elims, nil)) {
				return
			}
		}
	}
}

// fishElims returns digit d in the cover lines (union, across orientation
// o) outside the base lines (tuple); only in box box of geometry g (a
// jigsaw region) if box >= 0.
func fishElims(masks *[2][10][9]uint16, o, d int, tuple, union uint16, box int, g *geometry) []Candidate {
	var out []Candidate
	for u := union; u != 0; u &= u - 1 {
		cover := bits.TrailingZeros16(u)
		for p := masks[1-o][d][cover] &^ tuple; p != 0; p &= p - 1 {
			c := lineCell(1-o, cover, bits.TrailingZeros16(p))
			if box < 0 || boxOf(g, c) == box {
				out = append(out, Candidate{Cell: c, Digit: d})
			}
		}
	}
	return out
}

func fishStep(t Technique, r Rating, o, d int, tuple, union uint16, elims []Candidate, fins []sudoku.Cell) Step {
	var hs []sudoku.House
	for x := tuple; x != 0; x &= x - 1 {
		hs = append(hs, lineHouse(o, bits.TrailingZeros16(x)))
	}
	for x := union; x != 0; x &= x - 1 {
		hs = append(hs, lineHouse(1-o, bits.TrailingZeros16(x)))
	}
	return Step{Technique: t, Rating: r, Eliminations: elims, Cells: fins, Houses: hs, Digits: []int{d}}
}

// finnedFish yields the finned fish of size n (or, with sashimi, the
// sashimi fish): n base lines whose places of a digit lie in n cover
// lines except for fins, all in one box; the digit goes from the cells of
// the cover lines outside the base lines that are in the fins' box. A
// fish is sashimi when some base line has at most one place inside the
// covers. Their rating is the basic fish's: Sudoku Explainer does not
// rate them.
func finnedFish(b *Board, n int, sashimi bool, yield func(Step) bool) {
	masks := lineMasks(b)
	for o := range 2 {
		for _, tuple := range combos[n] {
			for d := 1; d <= 9; d++ {
				if !finnedFishFor(b.geo, &masks, o, d, n, tuple, sashimi, yield) {
					return
				}
			}
		}
	}
}

func finnedFishFor(g *geometry, masks *[2][10][9]uint16, o, d, n int, tuple uint16, sashimi bool, yield func(Step) bool) bool {
	var union uint16
	for t := tuple; t != 0; t &= t - 1 {
		p := masks[o][d][bits.TrailingZeros16(t)]
		if p == 0 {
			return true
		}
		union |= p
	}
	if bits.OnesCount16(union) <= n {
		return true
	}
	for _, covers := range combos[n] {
		if covers&^union != 0 {
			continue
		}
		var fins []sudoku.Cell
		box, isSashimi, ok := -1, false, true
		for t := tuple; t != 0 && ok; t &= t - 1 {
			line := bits.TrailingZeros16(t)
			p := masks[o][d][line]
			body := p & covers
			if body == 0 {
				ok = false
			}
			isSashimi = isSashimi || bits.OnesCount16(body) <= 1
			for f := p &^ covers; f != 0; f &= f - 1 {
				c := lineCell(o, line, bits.TrailingZeros16(f))
				if box >= 0 && boxOf(g, c) != box {
					ok = false
				}
				box = boxOf(g, c)
				fins = append(fins, c)
			}
		}
		if !ok || box < 0 || isSashimi != sashimi {
			continue
		}
		elims := fishElims(masks, o, d, tuple, covers, box, g)
		if len(elims) == 0 {
			continue
		}
		t := techFinnedFish[n]
		if sashimi {
			t = techSashimiFish[n]
		}
		if !yield(fishStep(t, fishRating[n], o, d, tuple, covers, elims, fins)) {
			return false
		}
	}
	return true
}
