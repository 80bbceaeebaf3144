package solver

import (
	"context"
	"sync"

	"sudoku"
)

// dlxEngine is Knuth's Algorithm X with dancing links on Sudoku's exact-cover
// matrix. Its 324 columns are the constraints: each cell holds one digit
// (81), each row, column and box holds each digit once (3 × 81). Its 729
// rows are the placements "digit d in cell c", each with four nodes, one in
// each of the four constraints it satisfies. The givens' rows are selected
// before the search; the search then always branches on the column with
// the fewest rows left (Knuth's S heuristic), so a column with one row is a
// forced placement and a column with none a dead end.
//
// The links are int32 indices into arrays, not pointers: the matrix is
// built once as a template and copied into a pooled search state at each
// Search, so dlxEngine is safe for concurrent use. Guesses counts the columns
// chosen while they had two or more rows; Nodes counts the search nodes.
var dlxEngine gridEngine = dlx{}

type dlx struct{}

func (dlx) Name() string { return "dlx" }

// Layout of the matrix. Index 0 is the root header, 1..dlxCols the column
// headers, and the nodes start at dlxFirst, aligned to 4 so that the four
// nodes of matrix row r sit at dlxFirst+4r .. dlxFirst+4r+3 and their
// horizontal links (which never change) are computed, not stored.
const (
	dlxCols  = 4 * 81
	dlxRows  = 9 * 81
	dlxFirst = (dlxCols + 1 + 3) &^ 3
	dlxNodes = dlxFirst + 4*dlxRows

	// First column of each block of 81: cell, row-digit, column-digit,
	// box-digit.
	dlxCellCol     = 1
	dlxRowDigitCol = dlxCellCol + 81
	dlxColDigitCol = dlxRowDigitCol + 81
	dlxBoxDigitCol = dlxColDigitCol + 81
)

// dlxLinks is the part of the matrix that the search changes.
type dlxLinks struct {
	left, right [dlxCols + 1]int32 // horizontal links of the headers
	size        [dlxCols + 1]int32 // rows left in each column
	up, down    [dlxNodes]int32    // vertical links of headers and nodes
}

var (
	dlxTemplate dlxLinks
	dlxColOf    [dlxNodes]int32 // column header of each node
)

// dlxRowOf returns the placement (cell*9 + digit-1) of the matrix row
// holding node n; dlxRow returns the first node of the row of digit d in
// cell c.
func dlxRowOf(n int32) int32            { return (n - dlxFirst) >> 2 }
func dlxRow(c sudoku.Cell, d int) int32 { return dlxFirst + 4*(int32(c)*9+int32(d-1)) }

// Horizontal neighbours of a node inside its row of four.
func dlxNext(n int32) int32 { return n&^3 | (n+1)&3 }
func dlxPrev(n int32) int32 { return n&^3 | (n-1)&3 }

func init() {
	t := &dlxTemplate
	for c := int32(0); c <= dlxCols; c++ {
		t.left[c] = (c + dlxCols) % (dlxCols + 1)
		t.right[c] = (c + 1) % (dlxCols + 1)
		t.up[c], t.down[c] = c, c
	}
	for cell := sudoku.Cell(0); cell < 81; cell++ {
		for d := 1; d <= 9; d++ {
			n := dlxRow(cell, d)
			cols := [4]int32{
				dlxCellCol + int32(cell),
				dlxRowDigitCol + int32(cell.Row()*9+d-1),
				dlxColDigitCol + int32(cell.Col()*9+d-1),
				dlxBoxDigitCol + int32(cell.Box()*9+d-1),
			}
			for k, col := range cols {
				// Append node n+k at the bottom of its column.
				x := n + int32(k)
				dlxColOf[x] = col
				t.up[x], t.down[x] = t.up[col], col
				t.down[t.up[col]] = x
				t.up[col] = x
				t.size[col]++
			}
		}
	}
}

// dlxState is one search: the matrix, the placements chosen so far and
// the result. States are pooled; Search resets the matrix from the
// template.
type dlxState struct {
	m      dlxLinks
	grid   sudoku.Grid // the puzzle; the chosen rows complete it
	chosen [81]int32   // first node of each chosen row, depth entries
	depth  int
	limit  int
	res    gridResult
	// ctx, when not nil, is looked at every ctxEverySolutions solutions,
	// as fast does: between two solutions a 9x9 search is short; stopped
	// reports a search it ended.
	ctx     context.Context
	stopped bool
}

var dlxPool = sync.Pool{New: func() any { return new(dlxState) }}

func (d dlx) Search(g sudoku.Grid, limit int) gridResult {
	r, _ := d.SearchContext(context.Background(), g, limit)
	return r
}

// SearchContext is Search, stopping with ctx's error when ctx is done,
// looked at between solutions (a count of many is bounded so).
func (dlx) SearchContext(ctx context.Context, g sudoku.Grid, limit int) (gridResult, error) {
	if err := ctx.Err(); err != nil {
		return gridResult{}, err
	}
	s := dlxPool.Get().(*dlxState)
	defer dlxPool.Put(s)
	s.m = dlxTemplate
	s.grid = g
	s.depth = 0
	s.limit = max(limit, 1)
	s.res = gridResult{}
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	if s.selectGivens() {
		s.search()
	}
	if s.stopped {
		return s.res, ctx.Err()
	}
	return s.res, nil
}

// selectGivens covers the four columns of each given's row. It reports
// false when two givens claim one constraint (a grid that did not pass
// Validate) or a value is out of range; such a grid has no solution.
func (s *dlxState) selectGivens() bool {
	var covered [dlxCols + 1]bool
	for c, v := range s.grid {
		if v == 0 {
			continue
		}
		if v > 9 {
			return false
		}
		r := dlxRow(sudoku.Cell(c), int(v))
		for n := r; n < r+4; n++ {
			col := dlxColOf[n]
			if covered[col] {
				return false
			}
			covered[col] = true
			s.cover(col)
		}
	}
	return true
}

// search runs Algorithm X on the columns left; it returns true once limit
// solutions are found. It then returns at once without uncovering: the
// matrix is thrown away after the search.
func (s *dlxState) search() bool {
	m := &s.m
	s.res.Nodes++
	if m.right[0] == 0 {
		s.record()
		if s.res.Count%ctxEverySolutions == 0 && s.ctx.Err() != nil {
			s.stopped = true
			return true
		}
		return s.res.Count >= s.limit
	}
	// Knuth's S heuristic: the column with the fewest rows; stop looking
	// at a dead end or a forced placement.
	col, best := int32(0), int32(dlxRows+1)
	for c := m.right[0]; c != 0; c = m.right[c] {
		if sz := m.size[c]; sz < best {
			col, best = c, sz
			if sz <= 1 {
				break
			}
		}
	}
	if best == 0 {
		return false
	}
	if best > 1 {
		s.res.Guesses++
	}
	s.cover(col)
	for r := m.down[col]; r != col; r = m.down[r] {
		s.chosen[s.depth] = r
		s.depth++
		for j := dlxNext(r); j != r; j = dlxNext(j) {
			s.cover(dlxColOf[j])
		}
		if s.search() {
			return true
		}
		for j := dlxPrev(r); j != r; j = dlxPrev(j) {
			s.uncover(dlxColOf[j])
		}
		s.depth--
	}
	s.uncover(col)
	return false
}

// record counts a solution and keeps the first one.
func (s *dlxState) record() {
	if s.res.Count == 0 {
		s.res.Solution = s.grid
		for _, n := range s.chosen[:s.depth] {
			p := dlxRowOf(n)
			s.res.Solution[p/9] = uint8(p%9) + 1
		}
	}
	s.res.Count++
}

// cover removes column c from the header list and every row that meets c
// from the other columns it meets.
func (s *dlxState) cover(c int32) {
	m := &s.m
	m.right[m.left[c]] = m.right[c]
	m.left[m.right[c]] = m.left[c]
	for i := m.down[c]; i != c; i = m.down[i] {
		for j := dlxNext(i); j != i; j = dlxNext(j) {
			u, d := m.up[j], m.down[j]
			m.down[u] = d
			m.up[d] = u
			m.size[dlxColOf[j]]--
		}
	}
}

// uncover undoes cover(c), in the reverse order.
func (s *dlxState) uncover(c int32) {
	m := &s.m
	for i := m.up[c]; i != c; i = m.up[i] {
		for j := dlxPrev(i); j != i; j = dlxPrev(j) {
			m.size[dlxColOf[j]]++
			m.down[m.up[j]] = j
			m.up[m.down[j]] = j
		}
	}
	m.right[m.left[c]] = c
	m.left[m.right[c]] = c
}
