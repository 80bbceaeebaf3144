package solver

import "sudoku"

// Another looks for a solution of puzzle p other than sol, a solution of
// p, that differs from sol in at least one of cells (cells empty in p).
// Any other solution of p differs from sol somewhere among p's empty
// cells, so passing them all asks whether p's solution is unique; a
// generator that has just emptied a few cells of a unique puzzle passes
// only those, since any new solution must differ there.
//
// p's candidates are propagated once. Then for the i-th cell a search
// starts from a copy in which cells[:i] hold sol's digits and cells[i] has
// lost sol's digit, so that the searches cover disjoint sets of grids;
// each stops at its first solution, and a search for a solution that does
// not exist is cut short by the missing digit. This is much cheaper than
// counting solutions to two. At each branch the search tries sol's digit
// first: the other solutions of a puzzle dug from sol mostly differ from
// it in a few cells, so they are found sooner, and what they differ in is
// smaller. Another allocates nothing.
//
// With one cell, the search starts from p's givens with sol's digit
// ruled out in the cell: one propagation instead of two, which makes such
// calls about 20% faster.
func Another(p sudoku.Grid, sol *sudoku.Grid, cells []sudoku.Cell) (sudoku.Grid, bool) {
	if len(cells) == 1 {
		return anotherAt(&p, sol, cells[0])
	}
	var base fastState
	if !base.init(&p) || !base.propagate() || base.unsolved == [3]uint32{} {
		return sudoku.Grid{}, false // only sol is left (or p has no solution)
	}
	var s fastState
	for _, c := range cells {
		if p[c] != 0 {
			continue
		}
		d, b, bit := uint(sol[c]-1), uint(c)/27, uint32(1)<<(uint(c)%27)
		s = base
		s.cand[d][b] &^= bit
		sr := fastSearch{limit: 1, near: sol}
		if sr.solve(&s) {
			return sr.res.Solution, true
		}
		base.place(b, uint(c)%27, d)
	}
	return sudoku.Grid{}, false
}

// anotherAt is Another for the one cell c.
func anotherAt(p, sol *sudoku.Grid, c sudoku.Cell) (sudoku.Grid, bool) {
	var s fastState
	if p[c] != 0 || !s.init(p) {
		return sudoku.Grid{}, false
	}
	s.cand[sol[c]-1][c/27] &^= 1 << (c % 27)
	sr := fastSearch{limit: 1, near: sol}
	if sr.solve(&s) {
		return sr.res.Solution, true
	}
	return sudoku.Grid{}, false
}

// place puts digit d+1 in cell p of band b: the digit leaves the cell's
// peers and the other digits leave the cell.
func (s *fastState) place(b, p, d uint) {
	bit := uint32(1) << p
	for e := range s.cand {
		s.cand[e][b] &^= bit
	}
	s.cand[d][b] = s.cand[d][b]&peerTbl[p] | bit
	col := ^(uint32(colBits) << (p % 9))
	s.cand[d][(b+1)%3] &= col
	s.cand[d][(b+2)%3] &= col
}
