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
	p, err := compile(b.Rules)
	if err != nil {
		return CandidateCounts{}, err
	}
	s := p.scratch.Get().(*gsearch)
	defer p.scratch.Put(s)
	n := b.Rules.Size
	tally := make([]int, p.nn*n)
	s.reset(ctx, limit)
	s.tally, s.tallyN = tally, n
	defer func() { s.tally = nil }()
	if s.load(b) {
		s.budget = 0
		s.solve(0) // one walk of the tree: no restarts, each solution once
	}
	out := CandidateCounts{N: n, Counts: make([][]int, p.nn), Solutions: s.count, Nodes: s.nodes}
	for c := range out.Counts {
		out.Counts[c] = tally[c*n : (c+1)*n : (c+1)*n]
	}
	out.Complete = !s.stopped && s.count < s.limit
	switch {
	case s.stopped:
		return out, ctx.Err()
	case out.Complete && s.count == 0:
		return out, sudoku.ErrNoSolution
	}
	return out, nil
}

// tallyLeaf adds the solution placed at depth i to the counts of a
// CountCandidates search.
func (s *gsearch) tallyLeaf(fixed []mask) {
	for c, f := range fixed {
		s.tally[c*s.tallyN+bits.TrailingZeros32(uint32(f))]++
	}
}
