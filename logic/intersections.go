package logic

import (
	"fmt"
	"math/bits"

	"sudoku"
)

// Intersections: pointing (a digit's places in a box all lie in one row or
// column) and claiming (a digit's places in a row or column all lie in one
// box), and Sudoku Explainer's direct variants, which count only when the
// elimination leaves a hidden single in another box (pointing) or line
// (claiming).

var (
	techPointing = Technique{Name: "Pointing", Code: "0100", explain: explainLocking}
	techClaiming = Technique{Name: "Claiming", Code: "0101", explain: explainLocking}
)

func explainLocking(s *Step) string {
	d := s.Digits[0]
	return fmt.Sprintf("in %v, %d can only go where %v crosses it, so %d is removed from the rest of %v: %s",
		houseName(s.Houses[0]), d, houseName(s.Houses[1]), d, houseName(s.Houses[1]), elimList(s.Eliminations))
}

// elimList writes eliminations as "r1c2<>3, r4c5<>6".
func elimList(es []Candidate) string {
	out := ""
	for i, e := range es {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%v<>%d", e.Cell, e.Digit)
	}
	return out
}

func init() {
	// On boards of variants Sukaku Explainer replaces pointing and
	// claiming by generalized intersections.
	pointing := firstOf(func(b *Board, y func(Step) bool) { locking(b, true, false, y) })
	claiming := firstOf(func(b *Board, y func(Step) bool) { locking(b, false, false, y) })
	general := firstOf(generalizedIntersections)
	register("Pointing", func(b *Board) (Step, bool) { return unlessVariant(b, pointing) })
	register("Claiming", func(b *Board) (Step, bool) { return unlessVariant(b, claiming) })
	register("GeneralizedIntersection", func(b *Board) (Step, bool) {
		if !b.geo.variant {
			return Step{}, false
		}
		return general(b)
	})
	registerCode("0100", func(b *Board, y func(Step) bool) { locking(b, true, false, y) })
	registerCode("0101", func(b *Board, y func(Step) bool) { locking(b, false, false, y) })
}

// unlessVariant runs f unless b is a board of variants.
func unlessVariant(b *Board, f finder) (Step, bool) {
	if b.geo.variant {
		return Step{}, false
	}
	return f(b)
}

// lockingPasses are Sudoku Explainer's passes over pairs of house kinds:
// box then column, box then row (pointing); column then box, row then box
// (claiming). The first kind holds the digit's places; the second receives
// the eliminations.
var lockingPasses = [4][2]sudoku.House{{18, 9}, {18, 0}, {9, 18}, {0, 18}}

// locking yields the pointing (or claiming) instances in Sudoku
// Explainer's order: pass, digit, first house, crossing house. In direct
// mode it yields instead, for each instance, every hidden single it makes
// in another house of the first kind (Sudoku Explainer's direct pointing
// 1.7 and direct claiming 1.9); those steps only place the single, as
// Sudoku Explainer applies them.
func locking(b *Board, pointing, direct bool, yield func(Step) bool) {
	passes := lockingPasses[2:]
	if pointing {
		passes = lockingPasses[:2]
	}
	jigsaw := b.geo.jigsaw()
	for _, pass := range passes {
		for d := 1; d <= 9; d++ {
			for i1 := range 9 {
				h1 := pass[0] + sudoku.House(i1)
				m := b.pos[h1][d-1]
				if bits.OnesCount16(m) < 2 {
					continue
				}
				h2, ok := lockedIn(h1, pass[1], m)
				if jigsaw {
					h2, ok = lockedInGeo(b.geo, h1, pass[1], b.In(h1, d))
				}
				if ok && !lockingFound(b, d, h1, h2, b.In(h1, d), pointing, direct, yield) {
					return
				}
			}
		}
	}
}

// lockedIn returns the house of kind k2 (its first house number) that
// holds all the places m of house h1, if there is one: the only house of
// that kind crossing h1 that can (the order of Sudoku Explainer's scan
// over the second house does not matter).
func lockedIn(h1, k2 sudoku.House, m uint16) (sudoku.House, bool) {
	i1 := int(h1 % 9)
	for k := range 3 {
		switch {
		case h1 >= 18 && k2 == 9: // box, then its columns
			if m&^(0b001001001<<k) == 0 {
				return 9 + sudoku.House(i1%3*3+k), true
			}
		case h1 >= 18: // box, then its rows
			if m&^(0b111<<(3*k)) == 0 {
				return sudoku.House(i1/3*3 + k), true
			}
		case h1 >= 9: // column, then its boxes
			if m&^(0b111<<(3*k)) == 0 {
				return 18 + sudoku.House(k*3+i1/3), true
			}
		default: // row, then its boxes
			if m&^(0b111<<(3*k)) == 0 {
				return 18 + sudoku.House(i1/3*3+k), true
			}
		}
	}
	return 0, false
}

// lockingFound yields the steps of one locked digit d of h1 inside h2. It
// returns false if yield asked to stop.
func lockingFound(b *Board, d int, h1, h2 sudoku.House, p1 CellSet, pointing, direct bool, yield func(Step) bool) bool {
	if !direct {
		elim := b.DigitCells[d].And(b.geo.sets[h2]).AndNot(b.geo.sets[h1])
		if elim.Empty() {
			return true
		}
		t, r := techClaiming, Rating(28)
		if pointing {
			t, r = techPointing, 26
		}
		return yield(Step{Technique: t, Rating: r, Eliminations: candidatesOf(elim, d),
			Cells: p1.Cells(nil), Houses: []sudoku.House{h1, h2}, Digits: []int{d}})
	}
	kind := h1 - h1%9
	for i3 := range 9 {
		h3 := kind + sudoku.House(i3)
		if h3 == h1 || b.geo.sets[h3].And(b.geo.sets[h2]).Empty() {
			continue
		}
		p3 := b.In(h3, d)
		rest := p3.AndNot(b.geo.sets[h2])
		if p3.Count() < 2 || rest.Count() != 1 {
			continue
		}
		t, r := techDirectClaiming, Rating(19)
		if pointing {
			t, r = techDirectPointing, 17
		}
		s := placeStep(t, r, rest.First(), d, h1, h2, h3)
		s.Cells = p1.Cells(nil)
		if !yield(s) {
			return false
		}
	}
	return true
}

// candidatesOf returns digit d in each cell of s.
func candidatesOf(s CellSet, d int) []Candidate {
	out := make([]Candidate, 0, s.Count())
	s.Each(func(c sudoku.Cell) bool {
		out = append(out, Candidate{Cell: c, Digit: d})
		return true
	})
	return out
}

// directLocking yields Sudoku Explainer's direct pointing (pointing set)
// or direct claiming. On boards with disjoint groups or windows, Sukaku
// Explainer's passes mix the two (a disjoint group or window against a
// line or box, and back): the pointing stage then takes every pass in its
// order, each step rated by its first house (1.7 for a box, 1.9 for any
// other), and the claiming stage finds nothing more.
func directLocking(b *Board, pointing bool, yield func(Step) bool) {
	if len(b.geo.ofType[typeDisjoint])+len(b.geo.ofType[typeWindow])+len(b.geo.ofType[typeExtra]) == 0 && !b.geo.jigsaw() {
		locking(b, pointing, true, yield)
		return
	}
	if !pointing {
		return
	}
	for _, pass := range variantLockingPasses(b.geo) {
		if !lockingPass(b, pass[0], pass[1], yield) {
			return
		}
	}
}

// variantLockingPasses lists Sukaku Explainer's passes of direct locking
// (Locking.getHints) as pairs of region types: the first holds the
// digit's places, the second receives the eliminations.
func variantLockingPasses(g *geometry) [][2]int {
	passes := [][2]int{{typeBox, typeCol}, {typeBox, typeRow}, {typeCol, typeBox}, {typeRow, typeBox}}
	dg, win := len(g.ofType[typeDisjoint]) > 0, len(g.ofType[typeWindow]) > 0
	for _, t := range []int{typeDisjoint, typeWindow, typeExtra} {
		if t == typeDisjoint && dg || t == typeWindow && win || t == typeExtra && len(g.ofType[t]) > 0 {
			passes = append(passes, [][2]int{{t, typeCol}, {t, typeRow}, {typeCol, t}, {typeRow, t}, {typeBox, t}, {t, typeBox}}...)
		}
	}
	if dg && win {
		passes = append(passes, [2]int{typeWindow, typeDisjoint}, [2]int{typeDisjoint, typeWindow})
	}
	return passes
}

// lockingPass yields the direct locking steps of one pass: digit d's
// places in a house of type t1 all lie in the house h2 of type t2, and
// removing d from the rest of h2 leaves one place in another house of type
// t1. It returns false if yield asked to stop.
func lockingPass(b *Board, t1, t2 int, yield func(Step) bool) bool {
	g := b.geo
	t, r := techDirectClaiming, Rating(19)
	if t1 == typeBox {
		t, r = techDirectPointing, 17
	}
	for d := 1; d <= 9; d++ {
		for _, h1 := range g.ofType[t1] {
			p1 := b.In(h1, d)
			if p1.Count() < 2 {
				continue
			}
			h2 := sudoku.House(g.houseOf[p1.First()][t2])
			if h2 < 0 || !p1.AndNot(g.sets[h2]).Empty() {
				continue
			}
			for _, h3 := range g.ofType[t1] {
				if h3 == h1 || g.sets[h3].And(g.sets[h2]).Empty() {
					continue
				}
				p3 := b.In(h3, d)
				rest := p3.AndNot(g.sets[h2])
				if p3.Count() < 2 || rest.Count() != 1 {
					continue
				}
				s := placeStep(t, r, rest.First(), d, h1, h2, h3)
				s.Cells = p1.Cells(nil)
				if !yield(s) {
					return false
				}
			}
		}
	}
	return true
}

var techGeneralizedIntersection = Technique{Name: "Generalized intersection", explain: func(s *Step) string {
	d := s.Digits[0]
	return fmt.Sprintf("in %s, %d can only go in %s, so it goes from every cell that sees all of them: %s",
		houseName(s.Houses[0]), d, joinCells(s.Cells), elimList(s.Eliminations))
}}

// generalizedIntersections yields Sukaku Explainer's generalized
// intersections (VLocking, 2.9), which replace pointing and claiming on
// boards of variants: a digit with 2 to 6 places in a house goes from
// every cell that sees all of them. Region types are taken box, row,
// column, disjoint group, window, down and up diagonal; digits, then
// houses.
func generalizedIntersections(b *Board, yield func(Step) bool) {
	g := b.geo
	for _, t := range [...]int{typeBox, typeRow, typeCol, typeDisjoint, typeWindow, typeDiagDown, typeDiagUp, typeExtra} {
		for d := 1; d <= 9; d++ {
			for _, h := range g.ofType[t] {
				p := b.In(h, d)
				if n := p.Count(); n < 2 || n > 6 {
					continue
				}
				elim := g.seesAll(p).And(b.DigitCells[d])
				if elim.Empty() {
					continue
				}
				s := Step{Technique: techGeneralizedIntersection, Rating: 29, Eliminations: candidatesOf(elim, d),
					Cells: p.Cells(nil), Houses: []sudoku.House{h}, Digits: []int{d}}
				if !yield(s) {
					return
				}
			}
		}
	}
}
