package logic

import (
	"fmt"

	"sudoku"
)

// Fish of three and four strong links, as Sukaku Explainer's
// StrongLinks(3) and StrongLinks(4) find and rate them: strong links on
// one digit (two places or two groups of places in a house, as
// twolinks.go lists them), each joined to the next by a weak link (the
// end of one and the start of the next in a common house). One of the two
// outer ends holds the digit, so it goes from every cell seeing both. The
// rating is 5.4 for three links and 5.8 for four; +0.1 when the links mix
// a box with lines of one kind, or rows with columns; +0.2 when they mix
// a box with rows and columns; +0.3 with a grouped link (StrongLinksHint's
// getDifficulty). Chains whose outer ends share a house (rings) are not
// looked for.

var (
	tech3SL = Technique{Name: "3 strong-linked fish", explain: explainStrongLinks}
	tech4SL = Technique{Name: "4 strong-linked fish", explain: explainStrongLinks}
)

func init() {
	register("ThreeStrongLinks", func(b *Board) (Step, bool) { return findStrongLinks(b, 3) })
	register("FourStrongLinks", func(b *Board) (Step, bool) { return findStrongLinks(b, 4) })
}

// nslChain is a chain being built: the links and the end each is entered
// by (the other end leads on).
type nslChain struct {
	d     int
	links [4]*slLink
	in    [4]int // end of each link joined to the link before (link 0: its start)
	n     int
	share [3]sudoku.House
}

// nslRating rates a chain of n links as StrongLinksHint does.
func nslRating(c *nslChain) Rating {
	base := Rating(54) // 3 links
	if c.n == 4 {
		base = 58
	}
	var box, row, col, grouped bool
	for _, l := range c.links[:c.n] {
		grouped = grouped || l.grouped
		switch l.h.Kind() {
		case sudoku.BoxHouse:
			box = true
		case sudoku.RowHouse:
			row = true
		default:
			col = true
		}
	}
	switch {
	case grouped:
		return base + 3
	case box && row && col:
		return base + 2
	case box || row && col:
		return base + 1
	}
	return base
}

// nslFound is a chain found with its eliminations; key orders chains of
// equal rating and eliminations as they were found.
type nslFound struct {
	chain  nslChain
	ls     [4]slLink // copies of the links (the chain's point into a buffer reused per digit)
	rating Rating
	victim CellSet
	key    int
}

func (x *nslFound) better(y *nslFound) bool {
	if x.rating != y.rating {
		return x.rating < y.rating
	}
	if nx, ny := x.victim.Count(), y.victim.Count(); nx != ny {
		return nx > ny
	}
	return x.key < y.key
}

// findStrongLinks returns the easiest fish of n strong links.
func findStrongLinks(b *Board, n int) (Step, bool) {
	var best nslFound
	found := false
	key := 0
	var buf [27]slLink
	for d := 1; d <= 9; d++ {
		links := slLinks(b, d, &buf)
		if len(links) < n {
			continue
		}
		c := nslChain{d: d, n: n}
		var used [27]bool
		// next[2i+u] lists the ends 2j+v a chain leaving link i by end u
		// can enter: link j shares no place with i, and the two ends lie
		// in a common house.
		var next [54][]int8
		for i := range links {
			for u := range 2 {
				_, _, inOut := links[i].end(u)
				for j := range links {
					if j == i || !links[i].all.And(links[j].all).Empty() {
						continue
					}
					for v := range 2 {
						if _, _, inIn := links[j].end(v); inOut&inIn != 0 {
							next[2*i+u] = append(next[2*i+u], int8(2*j+v))
						}
					}
				}
			}
		}
		cur := make([]int, n)
		var grow func(depth int)
		grow = func(depth int) {
			if depth == n {
				x := nslFound{chain: c, rating: nslRating(&c), key: key}
				key++
				if x.victim = nslVictims(&c); !x.victim.Empty() && (!found || x.better(&best)) {
					for k := range n {
						x.ls[k] = *c.links[k]
					}
					best, found = x, true
				}
				return
			}
			prev := cur[depth-1]
			_, _, inOut := c.links[depth-1].end(1 - c.in[depth-1])
			for _, jv := range next[2*prev+1-c.in[depth-1]] {
				j, u := int(jv)/2, int(jv)%2
				l := &links[j]
				if used[j] || !nslDisjoint(&c, depth, l) {
					continue
				}
				_, _, inIn := l.end(u)
				used[j], cur[depth] = true, j
				c.links[depth], c.in[depth], c.share[depth-1] = l, u, slPickHouse(inOut&inIn)
				grow(depth + 1)
				used[j] = false
			}
		}
		for i := range links {
			for u := range 2 {
				if _, visSt, _ := links[i].end(u); visSt.Empty() {
					continue // nothing could go
				}
				used[i], cur[0] = true, i
				c.links[0], c.in[0] = &links[i], u
				grow(1)
				used[i] = false
			}
		}
	}
	if !found {
		return Step{}, false
	}
	return nslStep(b, &best), true
}

// nslDisjoint reports whether l shares no place with the chain's first
// depth links.
func nslDisjoint(c *nslChain, depth int, l *slLink) bool {
	for _, o := range c.links[:depth] {
		if !o.all.And(l.all).Empty() {
			return false
		}
	}
	return true
}

// nslVictims returns the cells seeing both outer ends, off the chain's
// houses of weak links; none for a ring (outer ends in one house).
func nslVictims(c *nslChain) CellSet {
	first, last := c.links[0], c.links[c.n-1]
	_, visSt, inSt := first.end(c.in[0])
	_, visEn, inEn := last.end(1 - c.in[c.n-1])
	if inSt&inEn != 0 {
		return CellSet{}
	}
	v := visSt.And(visEn)
	for _, h := range c.share[:c.n-1] {
		v = v.AndNot(houseSets[h])
	}
	for _, l := range c.links[:c.n] {
		v = v.AndNot(l.all)
	}
	return v
}

func nslStep(b *Board, x *nslFound) Step {
	c := &x.chain
	for k := range c.n {
		c.links[k] = &x.ls[k]
	}
	t := tech3SL
	if c.n == 4 {
		t = tech4SL
	}
	s := Step{Technique: t, Rating: x.rating, Eliminations: bxElims(b, x.victim, c.d, nil), Digits: []int{c.d}}
	for k, l := range c.links[:c.n] {
		from, _, _ := l.end(c.in[k])
		to, _, _ := l.end(1 - c.in[k])
		s.Cells = from.Cells(s.Cells)
		s.Cells = to.Cells(s.Cells)
		s.Houses = append(s.Houses, l.h)
		s.Links = append(s.Links, Link{From: Candidate{Cell: from.First(), Digit: c.d}, To: Candidate{Cell: to.First(), Digit: c.d}, Strong: true})
		if k+1 < c.n {
			next, _, _ := c.links[k+1].end(c.in[k+1])
			s.Links = append(s.Links, Link{From: Candidate{Cell: to.First(), Digit: c.d}, To: Candidate{Cell: next.First(), Digit: c.d}})
		}
	}
	return s
}

func explainStrongLinks(s *Step) string {
	d := s.Digits[0]
	n := (len(s.Links) + 1) / 2
	return fmt.Sprintf("%d strong links on %d (%v), each joined to the next in a shared house: one of the outer ends (%v or %v) is %d, and %s",
		n, d, s.Houses, s.Links[0].From.Cell, s.Links[len(s.Links)-1].To.Cell, d, bxRemovals(s.Eliminations))
}
