package generate

import (
	"context"
	"math/rand/v2"
	"slices"

	"sudoku"
)

// boardDig digs givens out of a full board, an orbit of the symmetry at a
// time in random order, keeping each removal that leaves one solution.
// It keeps the orbits taken out in order: any first k of them leave a
// puzzle with one solution too (it has more givens than one that has
// one), so a generator after a level can step back to a puzzle with more
// givens (prefix) or dig further (to) without drawing a new grid.
type boardDig struct {
	ctx     context.Context
	p       *sudoku.Board // the puzzle dug so far
	sol     []uint8
	l       *sudoku.Layout
	orbits  [][]int // every orbit, in the order drawn
	orbitOf []int   // per cell: index into orbits
	pending [][]int // orbits not tried yet, in the order to try them
	removed [][]int // orbits taken out, in order
	givens  int
	budget  int64 // search nodes a check may take (0: no bound)
	checks  *int
	singles *singles
	stuck   bool // singles do not fill the puzzle
	naked   bool // takeFilled may use naked singles
	sets    *unavoidable
}

// digBudget is the search nodes a uniqueness check of digging may take
// unless the puzzle must be minimal: a given whose removal is not proven
// within it stays. Checks of boards up to 16x16 near their targets take
// a few dozen nodes; a 25x25 near its target of 45% givens is at the
// density where proofs run long (a few thousand nodes and up, seconds
// each), and digging with this budget reaches the target in seconds.
const digBudget = 256

// newBoardDig starts digging the full board p (changed in place; l its
// rules compiled) with the
// orbits of sym in an order drawn from r; exact checks every removal
// with no bound on its search (a minimal puzzle).
func newBoardDig(ctx context.Context, p *sudoku.Board, l *sudoku.Layout, sym Symmetry, r *rand.Rand, exact bool, checks *int) (*boardDig, error) {
	orbits := boardOrbits(p.Rules.Size, sym)
	r.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	d := &boardDig{ctx: ctx, p: p, sol: slices.Clone(p.Cells), l: l, orbits: orbits, orbitOf: make([]int, len(p.Cells)),
		pending: slices.Clone(orbits), givens: len(p.Cells),
		budget: digBudget, checks: checks, singles: newSingles(l), sets: newUnavoidable(l, p.Cells)}
	for i, o := range orbits {
		for _, c := range o {
			d.orbitOf[c] = i
		}
	}
	if exact {
		d.budget = 0
	}
	return d, nil
}

// batch takes out the first orbits, those that take out 45% of the
// cells, in one check; if that leaves several solutions, nothing.
func (d *boardDig) batch() error {
	n, givens := 0, d.givens
	for givens > len(d.p.Cells)*55/100 && n < len(d.pending) {
		for _, c := range d.pending[n] {
			d.p.Cells[c] = 0
		}
		givens -= len(d.pending[n])
		n++
	}
	ok, err := unique(d.ctx, d.p, d.l, d.budget, d.checks)
	if err != nil || !ok {
		copy(d.p.Cells, d.sol)
		return err
	}
	d.removed = append(d.removed, d.pending[:n]...)
	d.pending, d.givens = d.pending[n:], givens
	return nil
}

// to tries the pending orbits in turn until target givens are left (0:
// until none can go). An orbit that would take the givens below target
// stays pending; one tried stays out or in for good. A pass to the end
// leaves a minimal puzzle: a given that could not go then cannot go
// later, with fewer givens around it.
func (d *boardDig) to(target int) error {
	left := d.pending[:0]
	for i, o := range d.pending {
		if d.givens-len(o) < target {
			left = append(left, o)
			continue
		}
		ok, err := d.take(o)
		if err != nil {
			d.pending = append(left, d.pending[i:]...)
			return err
		}
		if ok {
			d.removed = append(d.removed, o)
			d.givens -= len(o)
		}
	}
	d.pending = left
	return nil
}

// take takes orbit o out of the puzzle if it keeps one solution, and
// reports whether it did. A digit its cell's peers or a house of it still
// force, or a board singles fill, keeps the solution unique without a
// search.
func (d *boardDig) take(o []int) (bool, error) {
	sure := true
	for _, c := range o {
		v := d.p.Cells[c]
		d.p.Cells[c] = 0
		sure = sure && forced(d.p, d.l, c, v, true)
	}
	if sure || d.singles.fills(d.p.Cells, true) {
		return true, nil
	}
	ok, err := d.sets.check(d.ctx, d.p, d.sol, o, d.budget, d.checks)
	if err != nil || !ok {
		d.putBack(o)
	}
	return ok, err
}

// putBack puts the givens of orbit o back.
func (d *boardDig) putBack(o []int) {
	for _, c := range o {
		d.p.Cells[c] = d.sol[c]
	}
}

// takeFilled takes orbit o out and reports true if singles (hidden ones
// alone unless d.naked) fill the board left; otherwise it leaves o out
// and reports false. They fill it at once when each digit taken out is
// forced by the others; never when they did not fill the board before
// (d.stuck).
func (d *boardDig) takeFilled(o []int) bool {
	sure := true
	for _, c := range o {
		v := d.p.Cells[c]
		d.p.Cells[c] = 0
		sure = sure && forced(d.p, d.l, c, v, d.naked)
	}
	return !d.stuck && (sure || d.singles.fills(d.p.Cells, d.naked))
}

// prefix returns the puzzle left by the first k orbits taken out.
func (d *boardDig) prefix(k int) *sudoku.Board {
	q := &sudoku.Board{Rules: d.p.Rules, Cells: slices.Clone(d.sol)}
	for _, o := range d.removed[:k] {
		for _, c := range o {
			q.Cells[c] = 0
		}
	}
	return q
}

// dig takes givens out of the full board p until target givens are left
// (0: until none can go), a first batch in one check.
func dig(ctx context.Context, p *sudoku.Board, l *sudoku.Layout, target int, sym Symmetry, r *rand.Rand, checks *int) (*boardDig, error) {
	d, err := newBoardDig(ctx, p, l, sym, r, target == 0, checks)
	if err != nil {
		return nil, err
	}
	if err := d.batch(); err != nil {
		return nil, err
	}
	return d, d.to(target)
}

// forced reports whether digit d is the only one empty cell c of p can
// hold given the digits placed: every other digit is in a peer (a naked
// single, if naked), or every other empty cell of one of c's houses sees
// a d (a hidden single). Either way a puzzle with one solution keeps it
// when d is taken out of c.
func forced(p *sudoku.Board, l *sudoku.Layout, c int, d uint8, naked bool) bool {
	n := l.N
	var seen sudoku.Digits
	for _, q := range l.Peers[c] {
		if v := p.Cells[q]; v != 0 {
			seen |= sudoku.DigitOf(int(v))
		}
	}
	if naked && seen == sudoku.AllDigits(n)&^sudoku.DigitOf(int(d)) {
		return true
	}
	for _, u := range l.UnitsOf[c] {
		if u >= l.Houses {
			continue
		}
		if hidden(p, l, l.Units[u].Cells, c, d) {
			return true
		}
	}
	return false
}

// hidden reports whether every empty cell of house other than c sees a d.
func hidden(p *sudoku.Board, l *sudoku.Layout, house []int, c int, d uint8) bool {
	for _, x := range house {
		if x == c || p.Cells[x] != 0 {
			continue
		}
		blocked := false
		for _, q := range l.Peers[x] {
			if p.Cells[q] == d {
				blocked = true
				break
			}
		}
		if !blocked {
			return false
		}
	}
	return true
}
