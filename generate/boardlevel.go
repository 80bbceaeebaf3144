package generate

import (
	"context"
	"errors"
	"math"
	"slices"

	"sudoku"
	"sudoku/logic"
)

// A puzzle dug to its target of givens is at the level asked about one
// time in four on 9x9 boards (X: 27%, jigsaw: 35%), and one in 200 on
// 6x6 at Hard: too easy as often as too hard on 9x9, nearly always too
// easy on 6x6. So levels from Medium up are dug within the level
// (within: 1.1 grids a puzzle for X at Hard, 21 for 6x6, which has few
// puzzles at Hard); for Easy, or a puzzle that must be minimal or keep a
// number of givens, atLevel rates the puzzle dug and, when it may, moves
// along the dig of the same grid: dug further when too easy, with its
// last orbits put back when too hard, since a puzzle with more givens is
// rarely harder.

// levelProbes bounds the puzzles of one grid rated after the first:
// past them a new grid is cheaper.
const levelProbes = 5

// verdict places a rating against the range asked.
type verdict int

const (
	easier verdict = iota - 1
	fits
	harder // or stuck: the techniques up to MaxER do not finish it
)

// judge rates b, giving up at a step above MaxER.
func (o Options) judge(ctx context.Context, b *sudoku.Board) (logic.PuzzleRating, verdict, error) {
	rt, err := logic.RateBoardWithin(ctx, b, o.MaxER)
	switch {
	case ctx.Err() != nil:
		return rt, harder, ctx.Err()
	case err != nil && !errors.Is(err, logic.ErrTooHard) && !errors.Is(err, logic.ErrStuck):
		return rt, harder, err
	case err != nil || (o.MaxER > 0 && rt.ER > o.MaxER):
		return rt, harder, nil
	case rt.ER < o.MinER:
		return rt, easier, nil
	}
	return rt, fits, nil
}

// adjusts reports whether atLevel may move along a dig: not when the
// givens are bounded (MinClues) or the puzzle must be minimal.
func (o Options) adjusts() bool { return o.MinClues == 0 && !o.Minimal }

// atLevel returns p if it is at the level asked, or else another puzzle
// of d, the dig that made p (nil: none): dug a few givens further at a
// time while too easy, or with the last orbits out put back while too
// hard (one, two, four, ...), then halving the span between an easier
// puzzle and a harder one. It reports false when levelProbes puzzles
// more did not find one.
func (o Options) atLevel(ctx context.Context, p *sudoku.Board, d *boardDig, checks *int) (*sudoku.Board, logic.PuzzleRating, bool, error) {
	if d != nil && o.digsWithin() {
		d.checks, d.naked = checks, o.MinER > singlesMax
		return o.within(ctx, d)
	}
	rt, v, err := o.judge(ctx, p)
	if err != nil || v == fits || d == nil || !o.adjusts() {
		return p, rt, v == fits && err == nil, err
	}
	d.checks = checks
	s := span{lo: -1, hi: len(d.removed), step: 1}
	if v == easier {
		s = span{lo: len(d.removed), hi: math.MaxInt}
	}
	for range levelProbes {
		m, ok, err := s.next(d)
		if err != nil || !ok {
			return nil, rt, false, err
		}
		q := d.prefix(m)
		rt, v, err := o.judge(ctx, q)
		if err != nil || v == fits {
			return q, rt, v == fits && err == nil, err
		}
		s.record(m, v)
	}
	return nil, rt, false, nil
}

// span is what atLevel knows of a dig: the prefix of lo orbits out is
// easier than asked (-1: none known), that of hi harder (MaxInt: none
// known).
type span struct{ lo, hi, step int }

// next returns the next prefix of d to rate: with nothing harder known, d
// dug further by a few givens (deeper), reporting false when none can go;
// with nothing easier known, one orbit back from hi, the steps doubling;
// else halfway, reporting false when there is no prefix left between.
func (s *span) next(d *boardDig) (int, bool, error) {
	switch {
	case s.hi == math.MaxInt:
		before := len(d.removed)
		err := d.to(d.givens - deeper(len(d.p.Cells)))
		return len(d.removed), len(d.removed) > before, err
	case s.lo < 0:
		m := max(s.hi-s.step, 0)
		s.step *= 2
		return m, s.hi > 0, nil
	}
	return (s.lo + s.hi) / 2, s.hi-s.lo > 1, nil
}

// deeper is the givens a puzzle too easy is dug further by at a time:
// one per 40 cells (2 of 81), at least one.
func deeper(cells int) int { return max(1, cells/40) }

// record notes that prefix m is easier or harder than asked.
func (s *span) record(m int, v verdict) {
	if v == easier {
		s.lo = m
	} else {
		s.hi = m
	}
}

// singlesMax is the highest rating of a puzzle singles fill (a naked
// single's), hiddenMax of one hidden singles fill (one in a line).
const (
	singlesMax = logic.Rating(23)
	hiddenMax  = logic.Rating(15)
)

// digsWithin reports whether a puzzle after the level asked is dug within
// it (within): levels above hiddenMax, with the givens not bounded, on
// boards with givens.
func (o Options) digsWithin() bool {
	return o.adjusts() && o.MinER > hiddenMax && !o.cagesOnly()
}

// within digs the full board d.p within the level asked, as Solo digs
// within its levels, with singles to spare most searches and ratings:
// each orbit in turn is taken out if singles still fill the board (one
// solution, too easy yet); otherwise, if it keeps one solution, the
// puzzle is rated: kept when still too easy, put back when too hard. When
// that finds no puzzle at the level, swaps (an orbit out, another in) of
// the puzzle dug are rated. It stops at the first puzzle at the level, or
// after levelProbes ratings.
func (o Options) within(ctx context.Context, d *boardDig) (*sudoku.Board, logic.PuzzleRating, bool, error) {
	w := &levelWalk{o: o, ctx: ctx, d: d}
	for _, orbit := range d.pending {
		if w.over() {
			break
		}
		if d.takeFilled(orbit) {
			continue
		}
		if v := w.rate(orbit); v == harder {
			d.putBack(orbit)
		} else if v == easier {
			d.stuck = true
		}
	}
	if !w.over() && !d.stuck {
		w.swaps()
	}
	if w.found {
		return d.p, w.rt, true, nil
	}
	return nil, w.rt, false, w.err
}

// levelWalk is the state of within.
type levelWalk struct {
	o      Options
	ctx    context.Context
	d      *boardDig
	probes int // ratings made
	rt     logic.PuzzleRating
	found  bool
	err    error
}

// over reports whether the walk is to stop: a puzzle found, an error, or
// levelProbes ratings made.
func (w *levelWalk) over() bool { return w.found || w.err != nil || w.probes >= levelProbes }

// rate rates the puzzle with orbit o just taken out, singles not filling
// it (harder when it has several solutions), and records a puzzle at the
// level.
func (w *levelWalk) rate(o []int) verdict {
	d := w.d
	ok := !d.naked && d.singles.fills(d.p.Cells, true)
	var err error
	if !ok {
		ok, err = d.sets.check(w.ctx, d.p, d.sol, o, d.budget, d.checks)
	}
	if err != nil || !ok {
		w.err = err
		return harder
	}
	w.probes++
	var v verdict
	w.rt, v, w.err = w.o.judge(w.ctx, d.p)
	w.found = v == fits && w.err == nil
	return v
}

// swaps rates the puzzles of the dug puzzle d.p, where no orbit can go,
// with one orbit g of givens out and one of the cells of a set that g's
// removal empties (another solution differs there) in: each has one
// solution as often as not, and when singles do not fill it, it is at
// the level more often than the puzzles of a new grid (6x6 at Hard: one
// grid in 8 has such a swap at the level, one in 130 a puzzle dug at it).
func (w *levelWalk) swaps() {
	d := w.d
	for _, g := range d.pending {
		if w.over() {
			return
		}
		if d.p.Cells[g[0]] == 0 {
			continue // out already
		}
		for _, c := range g {
			d.p.Cells[c] = 0
		}
		if set := d.sets.blocker(w.ctx, d.p, d.sol, g, d.checks); set >= 0 {
			if w.swapIn(g, set); w.found {
				return
			}
		}
		d.putBack(g)
	}
}

// swapIn rates, for each cell of unavoidable set set not in orbit g (out),
// the puzzle with that cell's orbit back in.
func (w *levelWalk) swapIn(g []int, set int) {
	d := w.d
	for _, c := range d.sets.sets[set] {
		in := d.orbits[d.orbitOf[c]]
		if w.over() || d.p.Cells[c] != 0 || slices.Contains(g, c) {
			continue
		}
		d.putBack(in)
		if !d.singles.fills(d.p.Cells, d.naked) && w.rate(g) == fits {
			return
		}
		for _, x := range in {
			d.p.Cells[x] = 0
		}
	}
}
