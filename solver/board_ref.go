package solver

import (
	"context"
	"slices"

	"sudoku"
)

// DLX is Knuth's Algorithm X with dancing links for puzzles of any
// rules that are an exact cover: each cell holds one digit, each house
// holds each digit once (primary columns), and each smaller region, cage
// without a sum and pair of cells a knight's or king's move apart holds
// each digit at most once (secondary columns); odd and even cells and
// pencil marks remove rows. Cage sums are not an exact cover: DLX
// refuses them (ErrUnsupported). It builds the matrix at each search;
// a classic board goes to a template of the 324-column matrix copied per
// search (dlx.go).
var DLX Engine = dlxBoard{}

type dlxBoard struct{}

func (dlxBoard) Name() string { return "dlx" }

func (dlxBoard) Search(ctx context.Context, b *sudoku.Board, limit int) (Result, error) {
	if err := b.Unreadable(); err != nil {
		return Result{}, err
	}
	if g, ok := b.Grid(); ok {
		return searchClassic(ctx, dlxEngine, g, limit)
	}
	l, err := b.Rules.Layout()
	if err != nil {
		return Result{}, err
	}
	for _, k := range b.Rules.Cages {
		if k.Sum != 0 {
			return Result{}, unsupported("dlx", "killer cage sums")
		}
	}
	if b.Rules.HasConstraints() {
		return Result{}, unsupported("dlx", "constraints such as thermometers and dots (not an exact cover)")
	}
	m := buildCover(l, b)
	x := &algX{m: m, limit: limit, ctx: ctx, sol: make([]int32, 0, l.NN)}
	for _, r := range m.givens {
		if !x.selectRow(r) {
			return Result{Nodes: 1}, nil
		}
	}
	x.search()
	res := Result{Count: x.count, Guesses: x.guesses, Nodes: x.nodes}
	if x.count > 0 {
		res.Solution = make([]uint8, l.NN)
		for _, r := range x.first {
			res.Solution[m.rowCell[r]] = m.rowDigit[r]
		}
	}
	if x.stopped {
		return res, ctx.Err()
	}
	return res, nil
}

// cover is a sparse 0-1 matrix with dancing links: node 0 is the root,
// nodes 1..cols the column headers (primary ones linked to the root,
// secondary ones to themselves), then the row nodes.
type cover struct {
	left, right, up, down, col []int32
	size                       []int32
	rowOf                      []int32 // the row of each node
	rowFirst                   []int32 // the first node of each row
	rowCell                    []int32
	rowDigit                   []uint8
	givens                     []int32 // the rows of the givens
}

func buildCover(l *sudoku.Layout, b *sudoku.Board) *cover {
	n, nn := l.N, l.NN
	primary := nn + l.Houses*n
	// Secondary columns: a digit in a smaller unit, a digit in a pair of
	// cells a move apart.
	var pairs [][2]int
	for c := range nn {
		for _, o := range l.Moves[c] {
			if o > c && !shareUnit(l, c, o) {
				pairs = append(pairs, [2]int{c, o})
			}
		}
	}
	small := len(l.Units) - l.Houses
	cols := primary + (small+len(pairs))*n
	m := &cover{}
	m.alloc(cols)
	for i := 1; i <= cols; i++ {
		if i <= primary {
			m.link(i)
		}
	}
	cellUnits := make([][]int, nn)
	for ui, u := range l.Units {
		for _, c := range u.Cells {
			cellUnits[c] = append(cellUnits[c], ui)
		}
	}
	cellPairs := make([][]int, nn)
	for pi, pr := range pairs {
		cellPairs[pr[0]] = append(cellPairs[pr[0]], pi)
		cellPairs[pr[1]] = append(cellPairs[pr[1]], pi)
	}
	for c := range nn {
		for d := 1; d <= n; d++ {
			if !allowed(b, c, d) {
				continue
			}
			cs := []int32{int32(1 + c)}
			for _, ui := range cellUnits[c] {
				if ui < l.Houses {
					cs = append(cs, int32(1+nn+ui*n+d-1))
				} else {
					cs = append(cs, int32(1+primary+(ui-l.Houses)*n+d-1))
				}
			}
			for _, pi := range cellPairs[c] {
				cs = append(cs, int32(1+primary+(small+pi)*n+d-1))
			}
			r := m.addRow(cs, c, d)
			if int(b.Cells[c]) == d {
				m.givens = append(m.givens, r)
			}
		}
	}
	return m
}

func shareUnit(l *sudoku.Layout, a, b int) bool {
	for _, ui := range l.UnitsOf[a] {
		if slices.Contains(l.Units[ui].Cells, b) {
			return true
		}
	}
	return false
}

// allowed reports whether digit d may go in cell c of b: its parity and
// its marks allow it, and a given is its own digit.
func allowed(b *sudoku.Board, c, d int) bool {
	if v := int(b.Cells[c]); v != 0 && v != d {
		return false
	}
	if b.Rules.Parity != nil {
		if p := b.Rules.Parity[c]; p != sudoku.AnyParity && (d%2 == 1) != (p == sudoku.Odd) {
			return false
		}
	}
	return b.Marks == nil || b.Marks[c].Has(d)
}

func (m *cover) alloc(cols int) {
	nodes := cols + 1
	m.left, m.right, m.up, m.down, m.col = make([]int32, nodes), make([]int32, nodes), make([]int32, nodes), make([]int32, nodes), make([]int32, nodes)
	m.size = make([]int32, nodes)
	m.rowOf = make([]int32, nodes)
	for i := range nodes {
		m.left[i], m.right[i], m.up[i], m.down[i], m.col[i] = int32(i), int32(i), int32(i), int32(i), int32(i)
	}
}

// link puts column header i at the end of the root's list.
func (m *cover) link(i int) {
	last := m.left[0]
	m.right[last], m.left[i], m.right[i], m.left[0] = int32(i), last, 0, int32(i)
}

// addRow adds a row with nodes in the columns cs and returns its number.
func (m *cover) addRow(cs []int32, cell, digit int) int32 {
	row := int32(len(m.rowFirst))
	first := int32(len(m.left))
	for i, c := range cs {
		node := first + int32(i)
		left, right := node-1, node+1
		if i == 0 {
			left = first + int32(len(cs)) - 1
		}
		if i == len(cs)-1 {
			right = first
		}
		up := m.up[c]
		m.left, m.right = append(m.left, left), append(m.right, right)
		m.up, m.down, m.col = append(m.up, up), append(m.down, c), append(m.col, c)
		m.rowOf = append(m.rowOf, row)
		m.down[up], m.up[c] = node, node
		m.size[c]++
	}
	m.rowFirst = append(m.rowFirst, first)
	m.rowCell = append(m.rowCell, int32(cell))
	m.rowDigit = append(m.rowDigit, uint8(digit))
	return row
}

// algX is one run of Algorithm X.
type algX struct {
	m       *cover
	sol     []int32
	first   []int32
	count   int
	limit   int
	nodes   int64
	guesses int64
	ctx     context.Context
	stopped bool
	cons    [][]sudoku.Constraint // per cell: the constraints that read it
}

func (x *algX) coverCol(c int32) {
	m := x.m
	m.right[m.left[c]], m.left[m.right[c]] = m.right[c], m.left[c]
	for i := m.down[c]; i != c; i = m.down[i] {
		for j := m.right[i]; j != i; j = m.right[j] {
			m.down[m.up[j]], m.up[m.down[j]] = m.down[j], m.up[j]
			m.size[m.col[j]]--
		}
	}
}

func (x *algX) uncoverCol(c int32) {
	m := x.m
	for i := m.up[c]; i != c; i = m.up[i] {
		for j := m.left[i]; j != i; j = m.left[j] {
			m.size[m.col[j]]++
			m.down[m.up[j]], m.up[m.down[j]] = j, j
		}
	}
	m.right[m.left[c]], m.left[m.right[c]] = c, c
}

// selectRow takes row r into the solution before the search (a given);
// false if one of its columns is gone.
func (x *algX) selectRow(r int32) bool {
	m := x.m
	f := m.rowFirst[r]
	for j := f; ; {
		c := m.col[j]
		if m.size[c] == 0 && c != 0 {
			return false
		}
		// The column must still be in the matrix: its node is reachable.
		found := false
		for i := m.down[c]; i != c; i = m.down[i] {
			if i == j {
				found = true
				break
			}
		}
		if !found {
			return false
		}
		j = m.right[j]
		if j == f {
			break
		}
	}
	for j := f; ; {
		x.coverCol(m.col[j])
		j = m.right[j]
		if j == f {
			break
		}
	}
	x.sol = append(x.sol, r)
	return true
}

func (x *algX) search() bool {
	m := x.m
	x.nodes++
	if x.nodes%ctxEveryNodes == 0 && x.ctx.Err() != nil {
		x.stopped = true
		return true
	}
	if m.right[0] == 0 {
		if x.count == 0 {
			x.first = append([]int32(nil), x.sol...)
		}
		x.count++
		return x.count >= x.limit
	}
	best, bestSize := int32(-1), int32(1<<30)
	for c := m.right[0]; c != 0; c = m.right[c] {
		if m.size[c] < bestSize {
			best, bestSize = c, m.size[c]
			if bestSize <= 1 {
				break
			}
		}
	}
	if bestSize == 0 {
		return false
	}
	if bestSize > 1 {
		x.guesses++
	}
	x.coverCol(best)
	defer x.uncoverCol(best)
	for r := m.down[best]; r != best; r = m.down[r] {
		x.sol = append(x.sol, m.rowOf[r])
		for j := m.right[r]; j != r; j = m.right[j] {
			x.coverCol(m.col[j])
		}
		done := x.search()
		for j := m.left[r]; j != r; j = m.left[j] {
			x.uncoverCol(m.col[j])
		}
		x.sol = x.sol[:len(x.sol)-1]
		if done {
			return true
		}
	}
	return false
}

// Backtrack is plain backtracking for puzzles of any rules, the
// readable reference: the first empty cell, digits 1..N in order, each
// checked against the cell's peers, its parity, its cage's sum and its
// constraints (Check, with the digits placed so far). It is exponential
// on large or hard puzzles; it stops when its context is done. A classic
// board goes to the seed thesis's grid backtracking (backtrack.go).
var Backtrack Engine = btBoard{}

type btBoard struct{}

func (btBoard) Name() string { return "backtrack" }

func (btBoard) Search(ctx context.Context, b *sudoku.Board, limit int) (Result, error) {
	if err := b.Unreadable(); err != nil {
		return Result{}, err
	}
	if g, ok := b.Grid(); ok {
		return searchClassic(ctx, backtrackEngine, g, limit)
	}
	l, err := b.Rules.Layout()
	if err != nil {
		return Result{}, err
	}
	if b.ValidateIn(l) != nil {
		// Givens that already break a rule: no solution. (Callers
		// validate first; the reference does not rely on it, since it
		// checks a constraint only when it places one of its cells.)
		return Result{Nodes: 1}, nil
	}
	s := &btbState{l: l, b: b, cells: append([]uint8(nil), b.Cells...), limit: limit, ctx: ctx, cons: make([][]sudoku.Constraint, l.NN)}
	for _, k := range sudoku.Propagators(b.Rules.Constraints) {
		for _, c := range k.Cells() {
			s.cons[c] = append(s.cons[c], k)
		}
	}
	s.solve(0)
	if s.stopped {
		return s.res, ctx.Err()
	}
	return s.res, nil
}

type btbState struct {
	l       *sudoku.Layout
	b       *sudoku.Board
	cells   []uint8
	limit   int
	res     Result
	ctx     context.Context
	stopped bool
	cons    [][]sudoku.Constraint // per cell: the constraints that read it
}

func (s *btbState) solve(from int) bool {
	s.res.Nodes++
	if s.res.Nodes%ctxEvery == 0 && s.ctx.Err() != nil {
		s.stopped = true
		return true
	}
	c := from
	for c < len(s.cells) && s.cells[c] != 0 {
		c++
	}
	if c == len(s.cells) {
		if s.res.Count == 0 {
			s.res.Solution = append([]uint8(nil), s.cells...)
		}
		s.res.Count++
		return s.res.Count >= s.limit
	}
	tried := 0
	for d := 1; d <= s.l.N; d++ {
		if !allowed(s.b, c, d) || !s.fits(c, uint8(d)) {
			continue
		}
		if tried++; tried == 2 {
			s.res.Guesses++
		}
		s.cells[c] = uint8(d)
		if s.sumOK(c) && s.keeps(c) && s.solve(c+1) {
			return true
		}
	}
	s.cells[c] = 0
	return false
}

func (s *btbState) fits(c int, d uint8) bool {
	for _, p := range s.l.Peers[c] {
		if s.cells[p] == d {
			return false
		}
	}
	return true
}

// keeps checks the constraints of cell c against the digits placed.
func (s *btbState) keeps(c int) bool {
	for _, k := range s.cons[c] {
		if k.Check(s.cells) != nil {
			return false
		}
	}
	return true
}

// sumOK checks the cage of cell c: its digits do not pass its sum, and a
// full cage meets it.
func (s *btbState) sumOK(c int) bool {
	k := s.l.CageOf[c]
	if k < 0 || s.l.Rules.Cages[k].Sum == 0 {
		return true
	}
	cage := s.l.Rules.Cages[k]
	sum, empty := 0, 0
	for _, x := range cage.Cells {
		sum += int(s.cells[x])
		if s.cells[x] == 0 {
			empty++
		}
	}
	lo, _ := sudoku.SumRange(s.l.N, empty)
	return sum+lo <= cage.Sum && (empty > 0 || sum == cage.Sum)
}
