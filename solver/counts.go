package solver

import (
	"context"
	"math/bits"

	"sudoku"
)

// DefaultCountsLimit is the number of solutions CountCandidates counts
// when asked for 0.
const DefaultCountsLimit = 10000

// CandidateCounts is what CountCandidates found: how many of the
// solutions counted put each digit in each cell (what ISS shows as "all
// possibilities" with counts, SudokuVariantSolverJS as true candidates
// with counts).
type CandidateCounts struct {
	N int
	// Counts[c][d-1] is the number of solutions counted with digit d in
	// cell c; a given's digit counts every solution.
	Counts    [][]int
	Solutions int   // solutions counted
	Complete  bool  // every solution was counted: the counts are exact; else they are those of the first Solutions found
	Nodes     int64 // search nodes
}

// TrueCands returns the candidates the counts show: each digit some
// solution counted puts in a cell.
func (cc CandidateCounts) TrueCands() TrueCands {
	tc := TrueCands{Cells: make([]sudoku.Digits, len(cc.Counts)), Solutions: cc.Solutions, Complete: cc.Complete, Nodes: cc.Nodes}
	for c, ks := range cc.Counts {
		for d, k := range ks {
			if k > 0 {
				tc.Cells[c] |= sudoku.DigitOf(d + 1)
			}
		}
	}
	return tc
}

// CountCandidates counts the solutions of b, up to limit
// (DefaultCountsLimit when limit <= 0), and how many put each digit in
// each cell. Unlike TrueCandidates, which needs at most one solution per
// new digit, it walks every solution, so its cost grows with their
// number: the limit bounds it, and Complete says whether it was reached.
// When ctx ends first the counts are those found (the error is ctx's).
// b must have passed Validate; sudoku.ErrNoSolution when b has none.
func CountCandidates(ctx context.Context, b *sudoku.Board, limit int) (CandidateCounts, error) {
	if err := b.Unreadable(); err != nil {
		return CandidateCounts{}, err
	}
	if limit <= 0 {
		limit = DefaultCountsLimit
	}
	n := b.Rules.Size
	tally := make([]int, len(b.Cells)*n)
	s, release, err := walkAll(ctx, b, limit, func(fixed []mask) {
		for c, f := range fixed[:len(b.Cells)] {
			tally[c*n+bits.TrailingZeros32(uint32(f))]++
		}
	})
	if err != nil {
		return CandidateCounts{}, err
	}
	defer release()
	out := CandidateCounts{N: n, Counts: make([][]int, len(b.Cells)), Solutions: s.count, Nodes: s.nodes}
	for c := range out.Counts {
		out.Counts[c] = tally[c*n : (c+1)*n : (c+1)*n]
	}
	out.Complete, err = s.walkEnd(ctx)
	return out, err
}

// walkAll walks the general engine's search tree of b once (no
// restarts: each solution is met once), up to limit solutions, calling
// leaf with each; release hands the search back.
func walkAll(ctx context.Context, b *sudoku.Board, limit int, leaf func(fixed []mask)) (s *gsearch, release func(), err error) {
	p, err := compile(b.Rules)
	if err != nil {
		return nil, nil, err
	}
	s = p.scratch.Get().(*gsearch)
	s.reset(ctx, limit)
	s.onLeaf = leaf
	if s.load(b) {
		s.budget = 0
		s.solve(0)
	}
	s.onLeaf = nil
	return s, func() { p.scratch.Put(s) }, nil
}

// DefaultSolutionsLimit is the number of solutions Solutions lists when
// asked for 0.
const DefaultSolutionsLimit = 1000

// Solutions lists the solutions of b, up to limit (DefaultSolutionsLimit
// when limit <= 0), in the order one walk of the general engine's tree
// meets them, each as N*N digits; complete says every solution was
// listed. When ctx ends first the list holds those found (the error is
// ctx's). b must have passed Validate; sudoku.ErrNoSolution when b has
// none.
func Solutions(ctx context.Context, b *sudoku.Board, limit int) (sols [][]uint8, complete bool, err error) {
	if err := b.Unreadable(); err != nil {
		return nil, false, err
	}
	if limit <= 0 {
		limit = DefaultSolutionsLimit
	}
	s, release, err := walkAll(ctx, b, limit, func(fixed []mask) {
		sol := make([]uint8, len(fixed))
		for c, f := range fixed {
			sol[c] = uint8(bits.TrailingZeros32(uint32(f)) + 1)
		}
		sols = append(sols, sol)
	})
	if err != nil {
		return nil, false, err
	}
	defer release()
	complete, err = s.walkEnd(ctx)
	return sols, complete, err
}
