package logic

import (
	"fmt"
	"sort"
	"strings"

	"sudoku"
)

// Colouring, as HoDoKu finds it (HoDoKu codes 0500-0503). For one digit,
// the cells where it is one of exactly two places in some house (a
// conjugate pair) are joined into clusters; each cluster is coloured in
// two colours so that the two cells of every conjugate pair differ. In a
// cluster one colour holds the digit everywhere and the other nowhere.
//
//   - Simple colouring, trap: a cell seeing both colours of a cluster
//     loses the digit.
//   - Simple colouring, wrap: two cells of one colour see each other, so
//     that colour is false everywhere.
//   - Multi-colouring, type 1: a cell of one cluster sees a cell of
//     another, so one of the two partner colours is true; a cell seeing
//     both partner colours loses the digit.
//   - Multi-colouring, type 2: one colour sees both colours of another
//     cluster, so it is false everywhere.
//
// These are not in Sudoku Explainer's solving order (order.go): they give
// hints and are checked against HoDoKu's regression library only. Their
// ratings are our own, placed on Sudoku Explainer's scale among the
// single-digit patterns they generalise: simple colouring 4.5 (just above
// the turbot fish, 4.1-4.3, which is a three-link colouring chain),
// multi-colouring 4.7.

var (
	techColourTrap   = Technique{Name: "Simple colouring (trap)", Code: "0500", explain: explainColouring}
	techColourWrap   = Technique{Name: "Simple colouring (wrap)", Code: "0501", explain: explainColouring}
	techMultiColour1 = Technique{Name: "Multi-colouring (type 1)", Code: "0502", explain: explainColouring}
	techMultiColour2 = Technique{Name: "Multi-colouring (type 2)", Code: "0503", explain: explainColouring}
)

func init() {
	registerCode("0500", func(b *Board, y func(Step) bool) { enumColouring(b, 0, y) })
	registerCode("0501", func(b *Board, y func(Step) bool) { enumColouring(b, 1, y) })
	registerCode("0502", func(b *Board, y func(Step) bool) { enumColouring(b, 2, y) })
	registerCode("0503", func(b *Board, y func(Step) bool) { enumColouring(b, 3, y) })
}

// clrCluster is one coloured cluster of a digit: the cells of each colour
// and the conjugate pairs joining them.
type clrCluster struct {
	col   [2]CellSet
	pairs [][2]sudoku.Cell
}

// clrClusters colours the conjugate pairs of digit d, cluster by cluster
// in cell order; clusters are kept when both colours hold a cell.
func clrClusters(b *Board, d int) []clrCluster {
	// partners[c] is the set of cells forming a conjugate pair with c.
	var partners [81]CellSet
	var start CellSet
	for _, h := range b.geo.houses {
		in := b.In(h, d)
		if in.Count() != 2 {
			continue
		}
		cs := in.Cells(make([]sudoku.Cell, 0, 2))
		partners[cs[0]] = partners[cs[0]].Add(cs[1])
		partners[cs[1]] = partners[cs[1]].Add(cs[0])
		start = start.Or(in)
	}
	var out []clrCluster
	for !start.Empty() {
		first := start.First()
		var cl clrCluster
		colour := map[sudoku.Cell]int{first: 0}
		queue := []sudoku.Cell{first}
		start = start.Remove(first)
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			cl.col[colour[c]] = cl.col[colour[c]].Add(c)
			partners[c].Each(func(p sudoku.Cell) bool {
				if c < p {
					cl.pairs = append(cl.pairs, [2]sudoku.Cell{c, p})
				}
				if _, seen := colour[p]; !seen {
					colour[p] = 1 - colour[c]
					start = start.Remove(p)
					queue = append(queue, p)
				}
				return true
			})
		}
		if !cl.col[0].Empty() && !cl.col[1].Empty() {
			out = append(out, cl)
		}
	}
	return out
}

// clrSeesAny is the set of cells that see some cell of s.
func clrSeesAny(g *geometry, s CellSet) CellSet {
	var v CellSet
	s.Each(func(c sudoku.Cell) bool {
		v = v.Or(g.peers[c])
		return true
	})
	return v
}

// clrSeesItself reports whether two cells of s see each other.
func clrSeesItself(g *geometry, s CellSet) bool {
	bad := false
	s.Each(func(c sudoku.Cell) bool {
		bad = !g.peers[c].And(s).Empty()
		return !bad
	})
	return bad
}

// clrTrap is the cells holding d that see a cell of s1 and a cell of s2.
func clrTrap(b *Board, d int, s1, s2 CellSet) CellSet {
	return clrSeesAny(b.geo, s1).And(clrSeesAny(b.geo, s2)).And(b.DigitCells[d])
}

// clrElims lists digit d in the cells of set.
func clrElims(set CellSet, d int) []Candidate {
	var out []Candidate
	set.Each(func(c sudoku.Cell) bool {
		out = append(out, Candidate{Cell: c, Digit: d})
		return true
	})
	return out
}

// enumColouring yields the colouring steps of one kind: 0 trap, 1 wrap,
// 2 multi-colouring type 1, 3 multi-colouring type 2; digits in order,
// then clusters (pairs of clusters) in order.
func enumColouring(b *Board, kind int, yield func(Step) bool) {
	for d := 1; d <= 9; d++ {
		cls := clrClusters(b, d)
		for i := range cls {
			a := cls[i].col
			if kind < 2 {
				var victims CellSet
				t := techColourTrap
				if kind == 0 {
					victims = clrTrap(b, d, a[0], a[1])
				} else {
					t = techColourWrap
					for k := range 2 {
						if clrSeesItself(b.geo, a[k]) {
							victims = victims.Or(a[k])
						}
					}
				}
				if victims.Empty() {
					continue
				}
				if !yield(clrStep(t, 45, d, victims, &cls[i])) {
					return
				}
				continue
			}
			for j := range cls {
				if i == j {
					continue
				}
				o := cls[j].col
				var victims CellSet
				t := techMultiColour2
				if kind == 3 {
					for k := range 2 {
						sees := clrSeesAny(b.geo, a[k])
						if !sees.And(o[0]).Empty() && !sees.And(o[1]).Empty() {
							victims = victims.Or(a[k])
						}
					}
				} else {
					t = techMultiColour1
					for k := range 2 {
						sees := clrSeesAny(b.geo, a[k])
						for m := range 2 {
							if !sees.And(o[m]).Empty() {
								victims = victims.Or(clrTrap(b, d, a[1-k], o[1-m]))
							}
						}
					}
				}
				if victims.Empty() {
					continue
				}
				if !yield(clrStep(t, 47, d, victims, &cls[i], &cls[j])) {
					return
				}
			}
		}
	}
}

// clrStep builds a colouring step; Cells lists the first colour of each
// cluster, then the second; Links are the clusters' conjugate pairs.
func clrStep(t Technique, r Rating, d int, victims CellSet, cls ...*clrCluster) Step {
	s := Step{Technique: t, Rating: r, Eliminations: clrElims(victims, d), Digits: []int{d}}
	for k := range 2 {
		for _, cl := range cls {
			s.Cells = cl.col[k].Cells(s.Cells)
		}
	}
	for _, cl := range cls {
		for _, p := range cl.pairs {
			s.Links = append(s.Links, Link{From: Candidate{p[0], d}, To: Candidate{p[1], d}, Strong: true})
		}
	}
	return s
}

// clrColourNames writes the cells of each colour: "r1c1, r2c5 / r3c3".
func clrColourNames(s *Step) string {
	var b strings.Builder
	for i, c := range s.Cells {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(c.String())
	}
	return b.String()
}

func explainColouring(s *Step) string {
	d := s.Digits[0]
	var why string
	switch s.Technique.Code {
	case "0500":
		why = fmt.Sprintf("colouring the conjugate pairs of %d, one colour holds %d and the other does not; cells seeing both colours cannot hold it", d, d)
	case "0501":
		why = fmt.Sprintf("colouring the conjugate pairs of %d, two cells of one colour see each other, so that colour is false", d)
	case "0502":
		why = fmt.Sprintf("two colour clusters of %d touch, so one of their other colours holds %d; cells seeing both cannot", d, d)
	default:
		why = fmt.Sprintf("one colour of %d sees both colours of another cluster, so it is false", d)
	}
	return fmt.Sprintf("%s: %s (pattern %s)", clrRemovals(s.Eliminations), why, clrColourNames(s))
}

// clrRemovals writes eliminations as "r1c1<>5, r2c2<>5".
func clrRemovals(es []Candidate) string {
	es = append([]Candidate(nil), es...)
	sort.Slice(es, func(i, j int) bool {
		if es[i].Cell != es[j].Cell {
			return es[i].Cell < es[j].Cell
		}
		return es[i].Digit < es[j].Digit
	})
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = fmt.Sprintf("%v<>%d", e.Cell, e.Digit)
	}
	return strings.Join(parts, ", ")
}
