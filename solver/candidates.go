package solver

import (
	"context"
	"math/bits"

	"sudoku"
)

// DefaultCandidatesLimit is the number of solutions TrueCandidates looks
// at when asked for 0. Each solution it counts puts a new digit in some
// cell, so a 9x9 needs at most 9*9*8+1 = 649 of them and the default
// never cuts one short; it bounds 16x16 and larger grids (up to 3,841
// for 16x16).
const DefaultCandidatesLimit = 1000

// TrueCands is what TrueCandidates found: per cell the digits that some
// solution puts there (setters' "true candidates").
type TrueCands struct {
	Cells     []sudoku.Digits // per cell; a given holds its digit; all empty when there is no solution
	Solutions int             // solutions found, each with a digit the ones before lacked
	Complete  bool            // the search ended: Cells is exact; else a subset
	Nodes     int64           // search nodes
}

// TrueCandidates returns, for each cell of b, every digit some solution
// of b puts there, from at most limit solutions (DefaultCandidatesLimit
// when limit <= 0). It walks Fast's general search tree once, as
// SudokuVariantSolverJS does, rather than listing every solution: it
// branches on a cell that may still take a digit no solution found so
// far put there, that digit first, and leaves a subtree as soon as every
// cell's candidates in it are digits already seen there; a solution
// that adds nothing is not counted. A unique puzzle costs about as much
// as proving it unique. When the limit is reached or ctx ends first,
// Complete is false and the digits are a subset (the error is then
// ctx's). b must have passed Validate; sudoku.ErrNoSolution when b has
// no solution.
func TrueCandidates(ctx context.Context, b *sudoku.Board, limit int) (TrueCands, error) {
	if err := b.Unreadable(); err != nil {
		return TrueCands{}, err
	}
	if limit <= 0 {
		limit = DefaultCandidatesLimit
	}
	p, err := compile(b.Rules)
	if err != nil {
		return TrueCands{}, err
	}
	s := p.scratch.Get().(*gsearch)
	defer p.scratch.Put(s)
	tc := make([]mask, p.nn)
	s.reset(ctx, limit)
	s.trueCands = tc
	defer func() { s.trueCands = nil }()
	if s.load(b) {
		s.budget = 0
		s.solve(0)
	}
	return trueCandsResult(s, tc, ctx)
}

// trueCandsResult words the end of a TrueCandidates search.
func trueCandsResult(s *gsearch, tc []mask, ctx context.Context) (TrueCands, error) {
	out := TrueCands{Cells: make([]sudoku.Digits, len(tc)), Solutions: s.count, Nodes: s.nodes}
	for c, m := range tc {
		out.Cells[c] = sudoku.Digits(m)
	}
	var err error
	out.Complete, err = s.walkEnd(ctx)
	return out, err
}

// walkEnd says how a search that walks the tree once ended: complete
// when it saw every solution within its limit; ctx's error when ctx
// ended it; sudoku.ErrNoSolution when it saw every solution and there is
// none.
func (s *gsearch) walkEnd(ctx context.Context) (complete bool, err error) {
	complete = !s.stopped && s.count < s.limit
	switch {
	case s.stopped:
		return false, ctx.Err()
	case complete && s.count == 0:
		return true, sudoku.ErrNoSolution
	}
	return complete, nil
}

// boring reports, in a true-candidates search, whether depth i can give
// no digit not yet seen: every cell's candidates and placed digit were
// seen there in a solution already.
func (s *gsearch) boring(i int) bool {
	cand, fixed := s.level(i)
	for c, seen := range s.trueCands {
		if (cand[c]|fixed[c])&^seen != 0 {
			return false
		}
	}
	return true
}

// solveNew is solve in a true-candidates search: it leaves a boring
// depth, counts a solution and branches with newChoices.
func (s *gsearch) solveNew(i int, opts *[32]choice) bool {
	if s.boring(i) {
		return false
	}
	n := s.newChoices(i, opts)
	if n < 0 {
		return s.newLeaf(i)
	}
	return s.branch(i, opts[:n])
}

// newChoices lists, in a true-candidates search, the branches at depth
// i: the digits of the cell with the fewest candidates among those with
// a digit not yet seen, the unseen digits first. It returns -1 when every
// cell is placed.
func (s *gsearch) newChoices(i int, opts *[32]choice) int {
	cand, _ := s.level(i)
	best, bestN := -1, 99
	for c, m := range cand {
		k := bits.OnesCount32(uint32(m))
		if m&^s.trueCands[c] != 0 && k < bestN {
			best, bestN = c, k
		}
	}
	if best < 0 { // what is new is placed: any branch will do
		if best, _ = fewest(cand); best < 0 {
			return -1
		}
	}
	n := 0
	for _, m := range [2]mask{cand[best] &^ s.trueCands[best], cand[best] & s.trueCands[best]} {
		for ; m != 0; m &= m - 1 {
			opts[n] = choice{int32(best), m & -m}
			n++
		}
	}
	return n
}

// newLeaf records the solution at depth i, in a true-candidates search:
// its digits join those seen, and it counts (it is not boring: boring
// depths are left before). It reports whether the limit is reached.
func (s *gsearch) newLeaf(i int) bool {
	_, fixed := s.level(i)
	for c, f := range fixed {
		s.trueCands[c] |= f
	}
	s.count++
	return s.count >= s.limit
}
