package logic

import (
	"fmt"
	"sort"

	"sudoku"
)

// Two-strong-link fish, rated as Sukaku Explainer's StrongLinks(2) rates
// them: a strong link on digit d in one house (d has two places, or two
// groups of places) and another in a second house, joined by a weak link
// (one end of each in a common third house). One of the two far ends holds
// d, so d goes from every cell seeing both far ends. Skyscraper (two rows
// or two columns) 4.0; two-string kite (a row and a column), turbot fish
// (a line and a box, or two boxes) 4.1; any grouped link, such as the
// empty rectangle of a box whose d lie on a cross, 4.3.

var (
	techSkyscraper = Technique{Name: "Skyscraper", Code: "0400", explain: explainTwoLinks}
	techKite       = Technique{Name: "2-String kite", Code: "0401", explain: explainTwoLinks}
	techER         = Technique{Name: "Empty rectangle", Code: "0402", explain: explainTwoLinks}
	techTurbot     = Technique{Name: "Turbot fish", Code: "0403", explain: explainTwoLinks}
	techGrouped2SL = Technique{Name: "Grouped 2 strong links", Code: "", explain: explainTwoLinks}
)

func init() {
	register("TwoStrongLinks", findTwoLinks)
	for _, code := range []string{"0400", "0401", "0402", "0403"} {
		registerCode(code, enumTwoLinks)
	}
}

// slLink is a strong link: d is in group a or in group b of house h.
type slLink struct {
	h       sudoku.House
	a, b    CellSet
	all     CellSet // every place of d in h
	grouped bool
	er      bool // a box whose places lie on a cross
}

// slLinks lists the strong links of digit d: boxes, then rows, then
// columns.
func slLinks(b *Board, d int) []slLink {
	var out []slLink
	for t := range 3 {
		for i := range 9 {
			h := bxHouse(t, i)
			in := b.In(h, d)
			n := in.Count()
			switch {
			case n == 2:
				cs := in.Cells(make([]sudoku.Cell, 0, 2))
				out = append(out, slLink{h: h, a: CellSetOf(cs[0]), b: CellSetOf(cs[1]), all: in})
			case n >= 3 && n <= 6 && t == 0:
				if l, ok := slBoxCross(h, in); ok {
					out = append(out, l)
				}
			case n >= 3 && n <= 6:
				if l, ok := slLineSegments(h, in); ok {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// slBoxCross finds the first heart cell of box h such that every place of
// d lies in the heart's row or column, with places on both arms.
func slBoxCross(h sudoku.House, in CellSet) (slLink, bool) {
	for _, heart := range h.Cells() {
		row := houseSets[heart.Row()].And(houseSets[h])
		col := houseSets[9+heart.Col()].And(houseSets[h])
		if !in.AndNot(row.Or(col)).Empty() {
			continue
		}
		a, c := in.And(row), in.And(col)
		if a.Remove(heart).Empty() || c.Remove(heart).Empty() {
			continue
		}
		return slLink{h: h, a: a, b: c, all: in, grouped: true, er: true}, true
	}
	return slLink{}, false
}

// slLineSegments makes a grouped link of a row or column whose places lie
// in exactly two of its three box segments.
func slLineSegments(h sudoku.House, in CellSet) (slLink, bool) {
	var segs []CellSet
	for bx := range 9 {
		s := in.And(houseSets[18+bx])
		if !s.Empty() {
			segs = append(segs, s)
		}
	}
	if len(segs) != 2 {
		return slLink{}, false
	}
	return slLink{h: h, a: segs[0], b: segs[1], all: in, grouped: true}, true
}

// slCommonHouse returns a house holding every cell of s: column, row, then
// box, as Sukaku Explainer checks them; -1 if none.
func slCommonHouse(s CellSet) sudoku.House {
	c := s.First()
	for _, h := range []sudoku.House{sudoku.House(9 + c.Col()), sudoku.House(c.Row()), sudoku.House(18 + c.Box())} {
		if s.AndNot(houseSets[h]).Empty() {
			return h
		}
	}
	return -1
}

// slSeeAll is the cells that see every cell of s.
func slSeeAll(s CellSet) CellSet {
	v := allCells
	s.Each(func(c sudoku.Cell) bool {
		v = v.And(peerSets[c])
		return true
	})
	return v
}

// twoLinkSteps returns every two-strong-link step, sorted as Sukaku
// Explainer sorts them: by rating, then by number of eliminations (most
// first).
func twoLinkSteps(b *Board) []Step {
	var out []Step
	for d := 1; d <= 9; d++ {
		links := slLinks(b, d)
		for i := range links {
			for j := i + 1; j < len(links); j++ {
				l1, l2 := &links[i], &links[j]
				if !l1.all.And(l2.all).Empty() {
					continue
				}
				out = slPair(b, d, l1, l2, out)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Rating != out[j].Rating {
			return out[i].Rating < out[j].Rating
		}
		return len(out[i].Eliminations) > len(out[j].Eliminations)
	})
	return out
}

// slPair tries the four ways of joining two links.
func slPair(b *Board, d int, l1, l2 *slLink, out []Step) []Step {
	ends1 := [2]CellSet{l1.a, l1.b}
	ends2 := [2]CellSet{l2.a, l2.b}
	bases := houseSets[l1.h].Or(houseSets[l2.h])
	for u1 := range 2 {
		for u2 := range 2 {
			br1, st := ends1[u1], ends1[1-u1]
			br2, en := ends2[u2], ends2[1-u2]
			share := slCommonHouse(br1.Or(br2))
			if share < 0 {
				continue
			}
			ends := st.Or(en)
			victims := slSeeAll(ends).AndNot(ends).AndNot(bases)
			ring := slCommonHouse(ends) >= 0
			if ring {
				bridge := br1.Or(br2)
				victims = victims.Or(slSeeAll(bridge).AndNot(bridge).AndNot(bases))
			} else {
				victims = victims.AndNot(houseSets[share])
			}
			el := bxElims(b, victims, d, nil)
			if len(el) == 0 {
				continue
			}
			out = append(out, slStep(d, l1, l2, share, st, br1, br2, en, bxSortElims(el)))
		}
	}
	return out
}

// slStep builds the step and rates it.
func slStep(d int, l1, l2 *slLink, share sudoku.House, st, br1, br2, en CellSet, el []Candidate) Step {
	k1, k2 := l1.h.Kind(), l2.h.Kind()
	t, r := techTurbot, Rating(41)
	switch {
	case l1.grouped || l2.grouped:
		t, r = techGrouped2SL, 43
		if l1.er || l2.er {
			t = techER
		}
	case k1 == k2 && k1 != sudoku.BoxHouse:
		t, r = techSkyscraper, 40
	case k1 != sudoku.BoxHouse && k2 != sudoku.BoxHouse:
		t = techKite
	}
	var cells []sudoku.Cell
	for _, s := range []CellSet{st, br1, br2, en} {
		cells = s.Cells(cells)
	}
	s := Step{Technique: t, Rating: r, Eliminations: el, Cells: cells,
		Houses: []sudoku.House{l1.h, l2.h, share}, Digits: []int{d}}
	s.Links = []Link{
		{From: Candidate{Cell: st.First(), Digit: d}, To: Candidate{Cell: br1.First(), Digit: d}, Strong: true},
		{From: Candidate{Cell: br1.First(), Digit: d}, To: Candidate{Cell: br2.First(), Digit: d}},
		{From: Candidate{Cell: br2.First(), Digit: d}, To: Candidate{Cell: en.First(), Digit: d}, Strong: true},
	}
	return s
}

func findTwoLinks(b *Board) (Step, bool) {
	ss := twoLinkSteps(b)
	if len(ss) == 0 {
		return Step{}, false
	}
	return ss[0], true
}

func enumTwoLinks(b *Board, yield func(Step) bool) {
	for _, s := range twoLinkSteps(b) {
		if !yield(s) {
			return
		}
	}
}

func explainTwoLinks(s *Step) string {
	d := s.Digits[0]
	return fmt.Sprintf("%d is in one of two places in %v and in %v, and the inner ends share %v; so one of the outer ends (%v or %v) is %d, and %s",
		d, s.Houses[0], s.Houses[1], s.Houses[2], s.Links[0].From.Cell, s.Links[2].To.Cell, d, bxRemovals(s.Eliminations))
}
