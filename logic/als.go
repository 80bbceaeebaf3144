package logic

import (
	"fmt"
	"strings"

	"sudoku"
)

// Almost locked sets, as HoDoKu uses them (codes 0901, 0902). An almost
// locked set (ALS) is N cells of one house holding N+1 digits together:
// take one digit away and the rest is locked. A digit x common to two
// ALSes is a restricted common (RC) when every x of one sees every x of
// the other: x is then in at most one of them.
//
//   - ALS-XZ (0901): two ALSes A and B with an RC x. The one without x is
//     locked, so for another common digit z, one of them holds z: z goes
//     from every cell seeing all the z of both. With two RCs (doubly
//     linked) both ALSes are locked but for the RCs: each RC digit goes
//     from cells seeing all its places in both, and every other digit of
//     an ALS from cells seeing all its places in that ALS.
//   - ALS-XY-Wing (0902): ALSes A and B, each with an RC to a third ALS C,
//     the two RCs differing. C, locked once one RC is out of it, cannot
//     hold both, so A or B is locked; a digit z common to A and B (not an
//     RC) goes from every cell seeing all the z of A and B. HoDoKu also
//     allows overlapping sets here (no RC in an overlap), and so do we.
//
// These are not in Sudoku Explainer's solving order (order.go): they give
// hints and are checked against HoDoKu's regression library only. Ratings
// are our own on Sudoku Explainer's scale: ALS-XZ 5.5 (an XY-Wing or
// WXYZ-Wing is an ALS-XZ with small sets), ALS-XY-Wing 6.0. ALS-XZ sets
// do not overlap, as in HoDoKu's default settings.

var (
	techALSXZ     = Technique{Name: "ALS-XZ", Code: "0901", explain: explainALS}
	techALSXYWing = Technique{Name: "ALS-XY-Wing", Code: "0902", explain: explainALS}
)

func init() {
	registerCode("0901", enumALSXZ)
	registerCode("0902", enumALSXYWing)
}

// alsSet is an almost locked set.
type alsSet struct {
	cells  CellSet
	house  sudoku.House
	digits sudoku.Candidates
	in     [10]CellSet // in[d]: the cells of the set holding d
	see    [10]CellSet // see[d]: cells outside the set holding d and seeing all of in[d]
}

// alsSets lists every ALS of the board: for each house (rows, columns,
// boxes), every set of its empty cells holding one digit more than cells,
// each set of cells once.
func alsSets(b *Board) []alsSet {
	var out []alsSet
	seen := map[CellSet]bool{}
	for _, h := range b.geo.houses {
		var empty []sudoku.Cell
		for _, c := range &b.geo.cells[h] {
			if b.Grid[c] == 0 {
				empty = append(empty, c)
			}
		}
		n := len(empty)
		for m := 1; m < 1<<n; m++ {
			var cells CellSet
			var ds sudoku.Candidates
			k := 0
			for i := range n {
				if m&(1<<i) != 0 {
					cells = cells.Add(empty[i])
					ds |= b.Cands[empty[i]]
					k++
				}
			}
			if ds.Count() != k+1 || seen[cells] {
				continue
			}
			seen[cells] = true
			a := alsSet{cells: cells, house: h, digits: ds}
			for _, d := range ds.Digits() {
				a.in[d] = cells.And(b.DigitCells[d])
				a.see[d] = aicSeeAll(b.geo, a.in[d]).And(b.DigitCells[d]).AndNot(cells)
			}
			out = append(out, a)
		}
	}
	return out
}

// alsRCs returns the restricted commons of two sets. Sets may overlap
// only if overlap is set, and then no restricted common may lie in the
// overlap; neither set may contain the other.
func alsRCs(g *geometry, a, c *alsSet, overlap bool) sudoku.Candidates {
	var rc sudoku.Candidates
	both := a.cells.And(c.cells)
	if !both.Empty() && (!overlap || both == a.cells || both == c.cells) {
		return 0
	}
	for _, d := range (a.digits & c.digits).Digits() {
		if a.in[d].Or(c.in[d]).And(both).Empty() && c.in[d].AndNot(aicSeeAll(g, a.in[d])).Empty() {
			rc = rc.Add(d)
		}
	}
	return rc
}

// alsCommonElims adds, for each digit common to a and c but not in rc, the
// candidates seeing all its places in both.
func alsCommonElims(a, c *alsSet, rc sudoku.Candidates, el []Candidate) []Candidate {
	for _, d := range (a.digits & c.digits &^ rc).Digits() {
		el = append(el, clrElims(a.see[d].And(c.see[d]), d)...)
	}
	return el
}

// enumALSXZ yields ALS-XZ steps, one per pair of sets with a restricted
// common and eliminations.
func enumALSXZ(b *Board, yield func(Step) bool) {
	sets := alsSets(b)
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			a, c := &sets[i], &sets[j]
			rc := alsRCs(b.geo, a, c, false)
			if rc == 0 || rc.Count() > 2 {
				continue
			}
			var el []Candidate
			if rc.Count() == 1 {
				el = alsCommonElims(a, c, rc, nil)
			} else {
				for _, x := range rc.Digits() {
					el = alsCommonElims(a, c, rc.Remove(x), el)
				}
				for _, p := range [2][2]*alsSet{{a, c}, {c, a}} {
					for _, d := range (p[0].digits &^ rc).Digits() {
						el = append(el, clrElims(p[0].see[d].AndNot(p[1].cells), d)...)
					}
				}
			}
			if len(el) == 0 {
				continue
			}
			if !yield(alsStep(techALSXZ, 55, aicSorted(el), rc, a, c)) {
				return
			}
		}
	}
}

// enumALSXYWing yields ALS-XY-Wings: sets a and c joined to a middle set
// by restricted commons that are not the same single digit; first with
// sets that do not overlap, then with overlapping ones (HoDoKu's option;
// a restricted common never lies in an overlap).
func enumALSXYWing(b *Board, yield func(Step) bool) {
	sets := alsSets(b)
	for _, overlap := range []bool{false, true} {
		if !alsXYWings(b.geo, sets, overlap, yield) {
			return
		}
	}
}

// alsXYWings yields the wings of one overlap setting; with overlap it
// skips wings whose sets are disjoint. It reports whether to go on.
func alsXYWings(g *geometry, sets []alsSet, overlap bool, yield func(Step) bool) bool {
	n := len(sets)
	rcs := make([][]sudoku.Candidates, n)
	for i := range sets {
		rcs[i] = make([]sudoku.Candidates, n)
	}
	for i := range sets {
		for j := i + 1; j < n; j++ {
			r := alsRCs(g, &sets[i], &sets[j], overlap)
			rcs[i][j], rcs[j][i] = r, r
		}
	}
	for m := range sets {
		for i := range sets {
			r1 := rcs[m][i]
			if r1 == 0 {
				continue
			}
			for j := i + 1; j < n; j++ {
				r2 := rcs[m][j]
				if r2 == 0 || (r1.Count() == 1 && r1 == r2) {
					continue
				}
				a, c, mid := &sets[i], &sets[j], &sets[m]
				ac := a.cells.And(c.cells)
				if !overlap && !ac.Empty() {
					continue
				}
				if ac == a.cells || ac == c.cells {
					continue
				}
				if overlap && ac.Empty() && a.cells.And(mid.cells).Empty() && c.cells.And(mid.cells).Empty() {
					continue // found without overlap
				}
				el := alsCommonElims(a, c, r1|r2, nil)
				if len(el) == 0 {
					continue
				}
				if !yield(alsStep(techALSXYWing, 60, aicSorted(el), r1|r2, a, c, mid)) {
					return false
				}
			}
		}
	}
	return true
}

// alsStep builds an ALS step; Cells are the sets' cells, Houses their
// houses and Digits the restricted commons.
func alsStep(t Technique, r Rating, el []Candidate, rc sudoku.Candidates, sets ...*alsSet) Step {
	s := Step{Technique: t, Rating: r, Eliminations: el, Digits: rc.Digits()}
	for _, a := range sets {
		s.Cells = a.cells.Cells(s.Cells)
		s.Houses = append(s.Houses, a.house)
	}
	return s
}

func explainALS(s *Step) string {
	rc := make([]string, len(s.Digits))
	for i, d := range s.Digits {
		rc[i] = fmt.Sprint(d)
	}
	cells := alsCellsText(s.Cells)
	if s.Technique.Code == "0901" {
		return fmt.Sprintf("%s: the almost locked sets in %v and %v (%s) share %s, which only one of them can hold, so the other is locked",
			clrRemovals(s.Eliminations), houseName(s.Houses[0]), houseName(s.Houses[1]), cells, strings.Join(rc, " and "))
	}
	return fmt.Sprintf("%s: the almost locked sets in %v and %v are tied by %s to the one in %v (%s), so one of the first two is locked",
		clrRemovals(s.Eliminations), houseName(s.Houses[0]), houseName(s.Houses[1]), strings.Join(rc, " and "), houseName(s.Houses[2]), cells)
}

// alsCellsText writes cells separated by commas.
func alsCellsText(cs []sudoku.Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ",")
}
