package generate

import (
	"sudoku"
	"sudoku/logic"
)

// climbSteps bounds the neighbours tried around one dug puzzle that is
// too easy for the target.
const climbSteps = 40

// digWithinBelow: targets whose highest ER is below it are dug within the
// target (an orbit is removed only if the puzzle stays unique and rated at
// most MaxER); rating during the dig is cheap there. Harder targets are
// dug as usual and rated once.
const digWithinBelow = logic.Rating(62)

// targeted reports whether the options bound the rating.
func (o *Options) targeted() bool { return o.MinER > 0 || o.MaxER > 0 }

// gridDigsWithin reports whether classic digging checks the rating at each removal.
func (o *Options) gridDigsWithin() bool {
	return o.MaxER > 0 && o.MaxER < digWithinBelow && !o.Minimal
}

// fits reports whether rating r is in the target range.
func (o *Options) fits(r logic.Rating) bool {
	return r >= o.MinER && (o.MaxER == 0 || r <= o.MaxER)
}

// rate rates q, giving up early when it is above MaxER.
func (g *classicGen) rate(q sudoku.Grid) (logic.PuzzleRating, bool) {
	r, err := logic.RateWithinContext(g.ctx, q, g.opts.MaxER)
	return r, err == nil
}

// keeps reports whether q, with clues clues and one orbit out less than a
// unique puzzle, may stay
// dug: it is unique and, when digging within the target, rated within it.
func (g *classicGen) keeps(q *sudoku.Grid, clues cellSet, out []sudoku.Cell, checks *int) bool {
	if !g.ua.unique(q, clues, out, checks) {
		return false
	}
	if !g.opts.gridDigsWithin() {
		return true
	}
	_, ok := g.rate(*q)
	return ok
}

// target returns the first puzzle within the rating bounds: each dug
// puzzle is rated, and one that is too easy is the start of a climb
// through its neighbours (an orbit of clues swapped for another, then dug
// again), keeping any neighbour at least as hard, until one fits.
func (g *classicGen) target(p *gridPuzzle, sol, q sudoku.Grid) bool {
	r, ok := g.rate(q)
	if ok && g.opts.fits(r.ER) {
		p.grid, p.rating = q, r
		return true
	}
	if !ok || g.opts.MinER == 0 {
		return false // too hard: digging a new grid is quicker
	}
	for range climbSteps {
		if p.tries >= g.opts.MaxTries || g.ctx.Err() != nil {
			return false
		}
		n, ok := g.neighbour(sol, q, &p.checks)
		if !ok || !g.inBounds(n) {
			continue
		}
		p.tries++
		nr, ok := g.rate(n)
		switch {
		case !ok:
			continue
		case g.opts.fits(nr.ER):
			p.grid, p.rating = n, nr
			return true
		case nr.ER >= r.ER:
			q, r = n, nr
		}
	}
	return false
}

// neighbour swaps a random clue orbit of q for a removed one that keeps the
// solution unique, then tries to remove every other orbit again, so the
// result has no removable orbit either (and is minimal when asked).
func (g *classicGen) neighbour(sol, q sudoku.Grid, checks *int) (sudoku.Grid, bool) {
	g.shuffle()
	out := -1
	for _, i := range g.order {
		if q[g.orbits[i][0]] != 0 {
			out = i
			break
		}
	}
	if out < 0 {
		return q, false
	}
	in := g.swapIn(sol, &q, out, checks)
	if in < 0 {
		return q, false
	}
	clues := cluesOf(&q)
	for _, i := range g.order {
		if i != in && q[g.orbits[i][0]] != 0 {
			g.tryRemove(&q, &clues, i, checks)
		}
	}
	if g.opts.Minimal && g.opts.Symmetry != None {
		return g.symmetricMinimal(sol, q, checks)
	}
	return q, true
}
