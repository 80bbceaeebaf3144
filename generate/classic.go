package generate

import (
	"context"
	"math/rand/v2"
	"slices"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

// classicGen is the classic generator: it digs classic grids drawn from
// one random source (Full), with the unavoidable sets of each grid, the
// orbits of the symmetry and the rating searches of target.go. Generate
// makes one for each puzzle; it is not safe for concurrent use.
type classicGen struct {
	opts      Options
	rng       *rand.Rand
	orbits    [][]sudoku.Cell
	orbitOf   [81]int   // the orbit of each cell
	orbitSets []cellSet // the cells of each orbit
	// needs[i] is the known unavoidable set that orbit i alone met when
	// tryRemove last failed to remove it on this grid: while the other
	// clues still miss it, the orbit stays without a search.
	needs []cellSet
	// rects are the rectangles pinned looks at (see pinRects).
	rects  [][4]sudoku.Cell
	order  []int
	ua     unavoidables // of the grid being dug
	recent [tabuLen]int // the orbits symmetricMinimal removed last
	ctx    context.Context
}

// gridPuzzle is a classic puzzle as classicGen makes it, on grids.
type gridPuzzle struct {
	grid, solution sudoku.Grid
	rating         logic.PuzzleRating
	tries, checks  int
}

// newClassic returns a classic generator drawing its randomness from r
// only, so that the same r (same seed) and options give the same puzzles.
// o are valid options of classic rules.
func newClassic(o Options, r *rand.Rand) *classicGen {
	if o.MaxTries == 0 {
		o.MaxTries = DefaultMaxTries
	}
	orbits := o.Symmetry.Orbits()
	g := &classicGen{opts: o, rng: r, orbits: orbits, order: make([]int, len(orbits)), ctx: context.Background()}
	g.orbitSets = make([]cellSet, len(orbits))
	g.needs = make([]cellSet, len(orbits))
	for i, orb := range orbits {
		for _, c := range orb {
			g.orbitOf[c] = i
			g.orbitSets[i].add(c)
		}
	}
	g.rects = g.pinRects()
	return g
}

// generate digs new complete grids until one gives a puzzle that meets
// the options, and returns it; ErrTooManyTries after MaxTries grids. It
// looks at ctx before each grid, each step of a climb towards a target
// rating, and between the steps of every rating, so a server's deadline
// stops the work, not only the reply.
func (g *classicGen) generate(ctx context.Context) (gridPuzzle, error) {
	g.ctx = ctx
	defer func() { g.ctx = context.Background() }()
	p := gridPuzzle{}
	for p.tries < g.opts.MaxTries {
		if err := g.ctx.Err(); err != nil {
			return gridPuzzle{tries: p.tries, checks: p.checks}, err
		}
		p.tries++
		p.solution = Full(g.rng)
		walk := g.opts.Minimal && g.opts.Symmetry != None
		if walk {
			g.unpin(&p.solution)
		} else {
			g.ua.reset(&p.solution)
		}
		clear(g.needs)
		p.grid = g.dig(p.solution, &p.checks)
		if walk {
			var ok bool
			if p.grid, ok = g.symmetricMinimal(p.solution, p.grid, &p.checks); !ok {
				continue
			}
		}
		if !g.inBounds(p.grid) {
			continue
		}
		if len(g.opts.Needs.Names) > 0 {
			ok, err := g.opts.Needs.MetBy(g.ctx, p.grid)
			if err := g.ctx.Err(); err != nil {
				return gridPuzzle{tries: p.tries, checks: p.checks}, err
			}
			if !ok || err != nil {
				continue
			}
			if p.rating, err = logic.RateContext(g.ctx, p.grid); err != nil {
				continue // stuck later on: not a puzzle logic solves
			}
			if !g.opts.targeted() || p.rating.ER >= g.opts.MinER && (g.opts.MaxER == 0 || p.rating.ER <= g.opts.MaxER) {
				return p, nil
			}
			continue
		}
		if g.opts.targeted() {
			if g.target(&p, p.solution, p.grid) {
				return p, nil
			}
			continue
		}
		if !g.opts.NoRating {
			p.rating, _ = logic.RateContext(g.ctx, p.grid)
			if err := g.ctx.Err(); err != nil {
				return gridPuzzle{tries: p.tries, checks: p.checks}, err
			}
		}
		return p, nil
	}
	return gridPuzzle{tries: p.tries, checks: p.checks}, ErrTooManyTries
}

// shuffle puts the orbit numbers in g.order in a random order.
func (g *classicGen) shuffle() {
	for i := range g.order {
		g.order[i] = i
	}
	g.rng.Shuffle(len(g.order), func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
}

// dig removes the orbits of the complete grid sol in a random order, each
// one whose removal keeps the solution unique and the clues at least
// MinClues (unless Minimal). The result has no removable orbit unless
// MinClues stopped it.
func (g *classicGen) dig(sol sudoku.Grid, checks *int) sudoku.Grid {
	g.shuffle()
	floor := g.opts.MinClues
	if g.opts.Minimal {
		floor = 0 // a minimal puzzle is dug to the end, then checked
	}
	p, clues, set := sol, 81, allCells
	order := g.order
	if floor == 0 && !g.opts.gridDigsWithin() {
		var n int
		n, p, clues, set = g.digBatches(p, checks)
		order = order[n:]
	}
	for _, i := range order {
		o := g.orbits[i]
		if clues-len(o) < floor {
			continue
		}
		q := p
		for _, c := range o {
			q[c] = 0
		}
		qs := set.minus(g.orbitSets[i])
		// The first removals can never lose uniqueness: a grid missing
		// fewer than four cells has one solution.
		if 81-clues+len(o) < 4 && !g.opts.gridDigsWithin() || g.keeps(&q, qs, o, checks) {
			p, clues, set = q, clues-len(o), qs
		}
	}
	return p
}

// inBounds checks the clue bounds. Digging respects MinClues except when
// Minimal, where it goes to the end.
func (g *classicGen) inBounds(p sudoku.Grid) bool {
	n := p.Clues()
	return (g.opts.MaxClues == 0 || n <= g.opts.MaxClues) && n >= g.opts.MinClues
}

// localSteps bounds the orbit replacements symmetricMinimal tries on one
// dug puzzle before it digs a new grid. A walk that has not reached a
// minimal puzzle still may: 60 steps need about 10% fewer solver searches
// per puzzle than 30 (fewer grids dug), and 100 or more no fewer.
const localSteps = 60

// symmetricMinimal turns p, dug from sol with no removable orbit, into a
// puzzle with the same symmetry where no single clue can go either, if it
// finds one. While some clue x could go alone (its orbit cannot), it
// replaces x's orbit by removed orbits that make the solution unique
// again (see replace), then digs the other orbits again. Digging one clue
// at a time (no symmetry) needs none of this: a clue that could not go
// then cannot go later, with fewer clues around it.
func (g *classicGen) symmetricMinimal(sol, p sudoku.Grid, checks *int) (sudoku.Grid, bool) {
	for i := range g.recent {
		g.recent[i] = -1
	}
	for step := range localSteps {
		x := g.ua.redundant(&p, sudoku.Cell(g.rng.IntN(81)), checks)
		if x < 0 {
			return p, true
		}
		g.recent[step%tabuLen] = g.orbitOf[x]
		if !g.replace(sol, &p, g.orbitOf[x], checks) {
			return p, false
		}
		g.shuffle()
		clues := cluesOf(&p)
		for _, i := range g.order {
			if p[g.orbits[i][0]] != 0 {
				g.tryRemove(&p, &clues, i, checks)
			}
		}
	}
	return p, false
}

// maxAdds bounds the orbits replace puts back for one orbit removed.
const maxAdds = 6

// replace removes orbit out from the unique puzzle p and puts back removed
// orbits until the solution is unique again: while a known unavoidable
// set has no clue left, a random removed orbit that meets it, and once
// every known set has a clue, a solver check, which may find another set.
// It reports false, p unchanged, when no removed orbit meets a set or
// after maxAdds orbits.
func (g *classicGen) replace(sol sudoku.Grid, p *sudoku.Grid, out int, checks *int) bool {
	q := *p
	for _, c := range g.orbits[out] {
		q[c] = 0
	}
	clues := cluesOf(&q)
	for adds := 0; adds <= maxAdds; {
		i := g.ua.firstMissed(clues)
		if i < 0 {
			if g.ua.unique(&q, clues, g.orbits[out], checks) {
				*p = q
				return true
			}
			continue // the set found is missed now
		}
		in := g.meeting(g.ua.sets[i], &q, out)
		if in < 0 {
			return false
		}
		for _, c := range g.orbits[in] {
			q[c] = sol[c]
			clues.add(c)
		}
		adds++
	}
	return false
}

// meeting returns a random orbit, other than out and with no clue in q,
// that meets set u; -1 if there is none.
func (g *classicGen) meeting(u cellSet, q *sudoku.Grid, out int) int {
	pick, n := -1, 0
	for i, o := range g.orbitSets {
		if i != out && q[g.orbits[i][0]] == 0 && o.meets(u) && !g.tabu(i) {
			n++
			if g.rng.IntN(n) == 0 {
				pick = i
			}
		}
	}
	return pick
}

// swapIn removes orbit out from p and puts back the first removed orbit,
// in a random order, that keeps the solution unique; it returns that
// orbit, or -1 (p unchanged) if none does.
func (g *classicGen) swapIn(sol sudoku.Grid, p *sudoku.Grid, out int, checks *int) int {
	g.shuffle()
	for _, i := range g.order {
		if i == out || p[g.orbits[i][0]] != 0 {
			continue
		}
		q := *p
		for _, c := range g.orbits[out] {
			q[c] = 0
		}
		for _, c := range g.orbits[i] {
			q[c] = sol[c]
		}
		if g.ua.unique(&q, cluesOf(&q), g.orbits[out], checks) {
			*p = q
			return i
		}
	}
	return -1
}

// tryRemove removes orbit i from p, whose clues are clues, if the
// solution stays unique.
func (g *classicGen) tryRemove(p *sudoku.Grid, clues *cellSet, i int, checks *int) {
	qs := clues.minus(g.orbitSets[i])
	if u := g.needs[i]; u != (cellSet{}) && !u.meets(qs) {
		return // the set that kept the orbit last time still does
	}
	q := *p
	for _, c := range g.orbits[i] {
		q[c] = 0
	}
	if g.keeps(&q, qs, g.orbits[i], checks) {
		*p, *clues = q, qs
	} else if !g.opts.gridDigsWithin() {
		g.needs[i] = g.ua.sets[0] // the set unique found missed
	}
}

// redundant returns a clue of the unique puzzle p whose removal keeps it
// unique, or -1 if p is minimal. Clues alone in a known unavoidable set
// are needed; each other clue takes a solver search, the clues in the
// fewest sets shared with just one other clue first (they are the likeliest
// to be redundant, and the walk of symmetricMinimal, which replaces the
// clue found, reaches a minimal puzzle in fewer steps from them than from
// a clue taken at random), then from cell from on.
func (u *unavoidables) redundant(p *sudoku.Grid, from sudoku.Cell, checks *int) sudoku.Cell {
	clues := cluesOf(p)
	alone, pairs := u.tight(clues)
	open := clues.minus(alone)
	var buf [81]sudoku.Cell
	order := buf[:0]
	for k := range sudoku.Cell(81) {
		if c := (from + k) % 81; open.has(c) {
			order = append(order, c)
		}
	}
	slices.SortStableFunc(order, func(a, b sudoku.Cell) int { return int(pairs[a]) - int(pairs[b]) })
	for _, c := range order {
		if !u.needed(p, c, checks) {
			return c
		}
	}
	return -1
}

// IsMinimal reports whether p has a unique solution and no clue of p can
// be removed without losing it.
func IsMinimal(p sudoku.Grid) bool {
	if p.Validate() != nil {
		return false
	}
	sol, err := solver.SolveGrid(p)
	if err != nil {
		return false
	}
	var u unavoidables
	u.reset(&sol)
	var checks int
	return u.redundant(&p, 0, &checks) < 0
}

// tabuLen is the number of orbits symmetricMinimal removed last that
// replace may not put back: it keeps the walk from undoing its steps.
const tabuLen = 2

// tabu reports whether orbit i was removed in the last tabuLen steps.
func (g *classicGen) tabu(i int) bool {
	for _, r := range g.recent {
		if r == i {
			return true
		}
	}
	return false
}

// firstBatch is the number of orbits in digBatches' first batch. Over 500
// grids it cuts the dig's solver checks by a quarter (36 to 26 per grid
// with the horizontal mirror, 33 to 22 with rot180); 2-8 cut fewer.
const firstBatch = 16

// digBatches removes the orbits of g.order from the complete grid p in
// batches, the first of firstBatch orbits and each next one twice as big,
// while the solution stays unique; it stops at the first batch that loses
// it. Uniqueness is never regained by removing clues, so every orbit of a
// batch kept would have been kept one at a time too: dig's result is the
// same, for one solver check per batch. It returns the number of orbits
// removed and the puzzle, its clue count and its clues.
func (g *classicGen) digBatches(p sudoku.Grid, checks *int) (int, sudoku.Grid, int, cellSet) {
	clues, set := 81, allCells
	var buf [81]sudoku.Cell
	done := 0
	for k := firstBatch; done < len(g.order); k *= 2 {
		end := min(done+k, len(g.order))
		q, qs, out := p, set, buf[:0]
		for _, i := range g.order[done:end] {
			for _, c := range g.orbits[i] {
				q[c] = 0
				out = append(out, c)
			}
			qs = qs.minus(g.orbitSets[i])
		}
		if !g.ua.unique(&q, qs, out, checks) {
			break
		}
		p, clues, set, done = q, clues-len(out), qs, end
	}
	return done, p, clues, set
}

// unpinMoves and maxUnpin bound unpin's work: moves of the chain per round,
// and rounds.
const unpinMoves, maxUnpin = 16, 100

// unpin makes the complete grid sol, drawn by Full, the grid of g.ua, first
// mixing it further (unpinMoves moves of Full's Markov chain at a time)
// while one of its two-digit unavoidable sets lies within two orbits. A
// symmetric puzzle must hold all of one of those two orbits, and that set
// then makes neither of its clues needed on its own, so the walk of
// symmetricMinimal mostly fails on such a grid: over 1,000 grids with the
// horizontal mirror it reached a minimal puzzle on 94% of the grids with no
// such set, 63% with one, 39% with two and 23% with more. 71% of grids have
// one with a mirror (a rectangle across the mirror), 16% with rot180, none
// with a diagonal. The puzzles made are then on grids without such a set.
func (g *classicGen) unpin(sol *sudoku.Grid) {
	for range maxUnpin {
		if !g.pinned(sol) {
			break
		}
		for range unpinMoves {
			mix(sol, g.rng)
		}
	}
	if g.rects != nil || g.ua.sol != *sol {
		g.ua.reset(sol) // pinned looked at rectangles, or sol was mixed last
	}
}

// pinned reports whether a two-digit unavoidable set of the complete grid
// sol lies within two orbits. With orbits of one or two cells such a set
// has four cells, a rectangle on two boxes, and only the rectangles in
// g.rects need looking at; with bigger orbits the sets are found.
func (g *classicGen) pinned(sol *sudoku.Grid) bool {
	if g.rects != nil {
		for _, r := range g.rects {
			if sol[r[0]] == sol[r[3]] && sol[r[1]] == sol[r[2]] {
				return true
			}
		}
		return false
	}
	g.ua.reset(sol)
	return g.setPinned()
}

// setPinned reports whether a known unavoidable set lies within two orbits.
func (g *classicGen) setPinned() bool {
	for _, u := range g.ua.sets {
		if g.withinTwoOrbits(u) {
			return true
		}
	}
	return false
}

// withinTwoOrbits reports whether the cells of u, not empty, lie within
// two orbits.
func (g *classicGen) withinTwoOrbits(u cellSet) bool {
	rest := u.minus(g.orbitSets[g.orbitOf[u.first()]])
	return rest == (cellSet{}) || rest.minus(g.orbitSets[g.orbitOf[rest.first()]]) == (cellSet{})
}

// pinRects returns the rectangles of four cells on two boxes (a, b in one
// row, c, d below them) that are two orbits, or nil if an orbit has more
// than two cells. The two-digit unavoidable sets of four cells are the
// rectangles whose opposite corners hold the same digit.
func (g *classicGen) pinRects() [][4]sudoku.Cell {
	for _, o := range g.orbits {
		if len(o) > 2 {
			return nil
		}
	}
	rects := [][4]sudoku.Cell{}
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := range 9 {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if (r1/3 == r2/3) == (c1/3 == c2/3) {
						continue // one box or four
					}
					r := [4]sudoku.Cell{sudoku.Cell(9*r1 + c1), sudoku.Cell(9*r1 + c2), sudoku.Cell(9*r2 + c1), sudoku.Cell(9*r2 + c2)}
					var set cellSet
					for _, c := range r {
						set.add(c)
					}
					if g.withinTwoOrbits(set) {
						rects = append(rects, r)
					}
				}
			}
		}
	}
	return rects
}
