package ilp

import (
	"context"
	"fmt"
	"strings"

	gs "github.com/crillab/gophersat/solver"

	"sudoku"
	"sudoku/solver"
)

// This file builds the 0-1 model of a puzzle of any rules (sudoku.Board)
// and solves it with gophersat. Variables x_rR_cC_dD (1-based, up to 25)
// are 1 when row R, column C holds digit D; variable (r, c, d) is number
// (r*N + c)*N + d-1. The rows:
//
//	cell_rR_cC        each cell holds one digit              = 1
//	<house>_dD        each house holds each digit once       = 1
//	                  (row_r, col_c, box_b or region_g, diag_, window_,
//	                  disjoint_, extra_: every house of N cells)
//	region_/cage_..._dD  smaller extra regions and cages:
//	                  each digit at most once                 <= 1
//	sum_kK            a killer cage's sum: sum of d*x = S     = S
//	knight_/king_..._dD  two cells a knight's or king's move
//	                  apart do not both hold d                <= 1
//
// Odd/even cells and pencil marks fix the digits they exclude to 0 (upper
// bound 0); givens are clue rows or lower bounds as Options.Clues says.

// New builds the 0-1 model of b, which must pass Validate (its error is
// returned otherwise). A classic board gets the articles' model (see
// newClassic): 729 binary variables named x_rRcCdD, the 324 rule rows and
// the givens as opt.Clues says; boards of other rules the model above.
func New(b *sudoku.Board, opt Options) (*Model, error) {
	if g, ok := b.Grid(); ok {
		return newClassic(g, opt)
	}
	if err := b.Unreadable(); err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	l, err := b.Rules.Layout()
	if err != nil {
		return nil, err
	}
	n := l.N
	m := &Model{Formulation: ZeroOne, Options: opt, Board: b}
	m.Vars = make([]Var, l.NN*n)
	for c := range l.NN {
		for d := 1; d <= n; d++ {
			m.Vars[boardVar(n, c, d)] = Var{Name: fmt.Sprintf("x_r%d_c%d_d%d", c/n+1, c%n+1, d), Upper: 1}
		}
	}
	m.Objective = objective(len(m.Vars), opt.Objective)
	m.boardCells(l)
	m.boardUnits(l)
	m.boardMoves(l)
	m.boardConstraints(b.Rules.Constraints)
	m.boardBounds(l, b)
	return m, m.check()
}

// boardVar is the index of x(cell c, digit d) on an n-grid.
func boardVar(n, c, d int) int { return c*n + d - 1 }

func (m *Model) boardCells(l *sudoku.Layout) {
	n := l.N
	for c := range l.NN {
		terms := make([]Term, n)
		for d := 1; d <= n; d++ {
			terms[d-1] = Term{Var: boardVar(n, c, d), Coef: 1}
		}
		m.Rows = append(m.Rows, Row{Name: fmt.Sprintf("cell_r%d_c%d", c/n+1, c%n+1), Terms: terms, RHS: 1})
	}
}

// unitPrefixes are the short row names of the units of a layout's usual
// kinds.
var unitPrefixes = map[sudoku.UnitKind]string{sudoku.UnitRow: "row_r", sudoku.UnitColumn: "col_c", sudoku.UnitBox: "box_b",
	sudoku.UnitRegion: "region_g", sudoku.UnitCage: "cage_k"}

// unitPrefix names a unit's rows: row_r3, col_c2, box_b1, region_g4,
// diag_1, window_2, disjoint_5, extra_1, cage_k7.
func unitPrefix(u sudoku.Unit) string {
	if p, ok := unitPrefixes[u.Kind]; ok {
		return fmt.Sprintf("%s%d", p, u.Index+1)
	}
	return fmt.Sprintf("%s_%d", strings.ReplaceAll(strings.ToLower(u.Kind.String()), " ", ""), u.Index+1)
}

func (m *Model) boardUnits(l *sudoku.Layout) {
	n := l.N
	for i, u := range l.Units {
		rel, rhs := Eq, 1
		if i >= l.Houses {
			rel = LE
		}
		for d := 1; d <= n; d++ {
			terms := make([]Term, len(u.Cells))
			for j, c := range u.Cells {
				terms[j] = Term{Var: boardVar(n, c, d), Coef: 1}
			}
			m.Rows = append(m.Rows, Row{Name: fmt.Sprintf("%s_d%d", unitPrefix(u), d), Terms: terms, RHS: rhs, Sense: rel})
		}
		if u.Sum > 0 {
			var terms []Term
			for _, c := range u.Cells {
				for d := 1; d <= n; d++ {
					terms = append(terms, Term{Var: boardVar(n, c, d), Coef: d})
				}
			}
			m.Rows = append(m.Rows, Row{Name: fmt.Sprintf("sum_k%d", u.Index+1), Terms: terms, RHS: u.Sum})
		}
	}
}

// boardMoves adds a row per digit for each pair of cells a knight's or
// king's move apart that the rules forbid to match.
func (m *Model) boardMoves(l *sudoku.Layout) {
	n := l.N
	for a, os := range l.Moves {
		for _, o := range os {
			if o < a || shareUnit(l, a, o) {
				continue // each pair once; pairs in a house are covered
			}
			for d := 1; d <= n; d++ {
				m.Rows = append(m.Rows, Row{Name: fmt.Sprintf("move_r%dc%d_r%dc%d_d%d", a/n+1, a%n+1, o/n+1, o%n+1, d),
					Terms: []Term{{Var: boardVar(n, a, d), Coef: 1}, {Var: boardVar(n, o, d), Coef: 1}}, RHS: 1, Sense: LE})
			}
		}
	}
}

// shareUnit reports whether cells a and o lie in one unit (whose rows
// already keep their digits apart).
func shareUnit(l *sudoku.Layout, a, o int) bool {
	for _, u := range l.UnitsOf[a] {
		for _, w := range l.UnitsOf[o] {
			if u == w {
				return true
			}
		}
	}
	return false
}

// parityAllows reports whether cell c may hold d under r's odd/even cells.
func parityAllows(r *sudoku.Rules, c, d int) bool {
	if r.Parity == nil {
		return true
	}
	switch r.Parity[c] {
	case sudoku.Odd:
		return d%2 == 1
	case sudoku.Even:
		return d%2 == 0
	}
	return true
}

// boardBounds fixes what parities and marks exclude, and the givens.
func (m *Model) boardBounds(l *sudoku.Layout, b *sudoku.Board) {
	n := l.N
	for c := range l.NN {
		for d := 1; d <= n; d++ {
			if !parityAllows(l.Rules, c, d) || b.Marks != nil && !b.Marks[c].Has(d) {
				m.Vars[boardVar(n, c, d)].Upper = 0
			}
		}
		v := int(b.Cells[c])
		if v == 0 {
			continue
		}
		i := boardVar(n, c, v)
		if m.Options.Clues == ClueBounds {
			m.Vars[i].Lower = 1
			continue
		}
		m.Rows = append(m.Rows, Row{Name: fmt.Sprintf("clue_r%d_c%d", c/n+1, c%n+1), Terms: []Term{{Var: i, Coef: 1}}, RHS: 1})
	}
}

// describeBoard is Describe for a board's model.
func (m *Model) describeBoard() []string {
	b := m.Board
	n := b.Size()
	line, err := sudoku.FormatPlain(b)
	if err != nil {
		line = b.Line('.')
	}
	d := []string{
		fmt.Sprintf("Sudoku (%s) as a 0-1 integer program", b.Rules.Name()),
		fmt.Sprintf("x_rR_cC_dD = 1 when row R, column C holds digit D (1..%d); rows: cell_ one digit per cell,", n),
		"each house's digits once (row_, col_, box_/region_, diag_, window_, disjoint_, extra_), smaller",
		"regions, cages and constraints' distinct cells at most once (<= 1: cage_, group_), sum_ killer",
		"sums, move_ knight/king pairs (<= 1)",
	}
	d = append(d, m.describeWritten()...)
	dims := fmt.Sprintf("%d variables, %d rows, %d nonzeros", len(m.Vars), len(m.Rows), m.Nonzeros())
	if aux := len(m.Vars) - n*n*n; aux > 0 {
		dims = fmt.Sprintf("%d variables (%d auxiliary binaries), %d rows, %d nonzeros", len(m.Vars), aux, len(m.Rows), m.Nonzeros())
	}
	return append(d, "puzzle: "+line, dims)
}

// Cells reads a board's solution off the values of the variables (0 or
// 1, one per variable): N*N digits.
func (m *Model) Cells(values []int) ([]uint8, error) {
	if m.Board == nil { // the articles' model of a classic board
		g, err := m.Grid(values)
		if err != nil {
			return nil, err
		}
		return g[:], nil
	}
	n := m.Board.Size()
	cells := make([]uint8, n*n)
	for i, v := range values[:min(len(values), n*n*n)] { // then the auxiliary binaries
		if v == 1 {
			c, d := i/n, i%n+1
			if cells[c] != 0 {
				return nil, fmt.Errorf("ilp: two digits in %s", sudoku.CellName(n, c))
			}
			cells[c] = uint8(d)
		}
	}
	for c, v := range cells {
		if v == 0 {
			return nil, fmt.Errorf("ilp: no digit in %s", sudoku.CellName(n, c))
		}
	}
	return cells, nil
}

// Engine solves puzzles of any rules with the 0-1 model and gophersat, a
// pure-Go pseudo-boolean solver (pseudo-boolean constraints for the
// killer sums), uniqueness proven by a blocking clause. Its name on the
// command line is "ilp". A classic board is presolved first (the
// articles' model, fixed variables removed; Model.Solve). The context's
// end interrupts the search at its next conflict (third_party/gophersat's
// patch): the result is then ctx.Err(), with the solutions found so far.
var Engine solver.Engine = engine{}

type engine struct{}

func (engine) Name() string { return "ilp" }

func (engine) Search(ctx context.Context, b *sudoku.Board, limit int) (solver.Result, error) {
	if g, ok := b.Grid(); ok {
		return searchClassic(ctx, g, limit)
	}
	var res solver.Result
	m, err := New(b, Options{Clues: ClueBounds})
	if err != nil {
		return res, err
	}
	m.tightenCages()
	pb := gs.ParsePBConstrs(m.pbConstrs())
	if pb.Status == gs.Unsat {
		return res, nil
	}
	s := gs.New(pb)
	defer context.AfterFunc(ctx, s.Interrupt)()
	for ctx.Err() == nil && s.Solve() == gs.Sat {
		model := s.Model()
		values := make([]int, len(m.Vars))
		for i, on := range model {
			if on {
				values[i] = 1
			}
		}
		cells, err := m.checkedCells(values)
		if err != nil {
			return res, err
		}
		if res.Count == 0 {
			res.Solution = cells
		}
		if res.Count++; res.Count >= limit {
			break
		}
		cellVars := model[:min(len(model), len(cells)*b.Size())] // no auxiliary binaries
		s.AppendClause(gs.NewClause(blockingLits(cellVars)))
	}
	res.Guesses, res.Nodes = int64(s.Stats.NbDecisions), int64(s.Stats.NbConflicts)
	return res, ctx.Err()
}

// tightenCages fixes to 0 the digits no combination of a cage's sum can
// use in its cells (a bound every solution keeps): a killer's 3-cell cage
// of sum 6 holds only 1, 2 and 3.
func (m *Model) tightenCages() {
	r := m.Board.Rules
	n := r.Size
	for _, k := range r.Cages {
		if k.Sum == 0 || choose(n, len(k.Cells)) > 1<<16 {
			continue // no sum, or too many sets to list
		}
		ok := sumDigits(n, len(k.Cells), k.Sum)
		for _, c := range k.Cells {
			for d := 1; d <= n; d++ {
				if ok&(1<<d) == 0 {
					m.Vars[boardVar(n, c, d)].Upper = 0
				}
			}
		}
	}
}

// choose returns n choose k, stopping past 1<<20.
func choose(n, k int) int {
	r := 1
	for i := 1; i <= k && r <= 1<<20; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// sumDigits returns the digits (bit d) of the sets of k different digits
// 1..n that add up to sum.
func sumDigits(n, k, sum int) uint64 {
	var all uint64
	var walk func(from, k, sum int, set uint64)
	walk = func(from, k, sum int, set uint64) {
		if k == 0 {
			if sum == 0 {
				all |= set
			}
			return
		}
		for d := from; d <= n && d <= sum; d++ {
			walk(d+1, k-1, sum-d, set|1<<d)
		}
	}
	walk(1, k, sum, 0)
	return all
}

// pbConstrs turns the rows and bounds into gophersat's constraints
// (variable i is literal i+1).
func (m *Model) pbConstrs() []gs.PBConstr {
	var cs []gs.PBConstr
	for _, r := range m.Rows {
		lits, ws := make([]int, len(r.Terms)), make([]int, len(r.Terms))
		for j, t := range r.Terms {
			lits[j], ws[j] = t.Var+1, t.Coef
		}
		switch r.Sense { // gophersat turns negative weights into negated literals
		case LE:
			cs = append(cs, gs.LtEq(lits, ws, r.RHS))
		case GE:
			cs = append(cs, gs.GtEq(lits, ws, r.RHS))
		default:
			cs = append(cs, gs.Eq(lits, ws, r.RHS)...)
		}
	}
	for i, v := range m.Vars { // both when a bound contradicts the other (a given no cage sum takes)
		if v.Upper == 0 {
			cs = append(cs, gs.PropClause(-(i + 1)))
		}
		if v.Lower == 1 {
			cs = append(cs, gs.PropClause(i+1))
		}
	}
	return cs
}

// checkedCells checks values against every row and bound, then reads the
// cells.
func (m *Model) checkedCells(values []int) ([]uint8, error) {
	for _, r := range m.Rows {
		sum := 0
		for _, t := range r.Terms {
			sum += t.Coef * values[t.Var]
		}
		if !r.Sense.holds(sum, r.RHS) {
			return nil, fmt.Errorf("ilp: gophersat returned a point that breaks row %s (%d, want %s %d)", r.Name, sum, r.Sense.op(), r.RHS)
		}
	}
	for i, v := range m.Vars {
		if values[i] < v.Lower || values[i] > v.Upper {
			return nil, fmt.Errorf("ilp: gophersat returned a point that breaks the bounds of %s (%d, want %d..%d)", v.Name, values[i], v.Lower, v.Upper)
		}
	}
	return m.Cells(values)
}

// blockingLits returns the clause that forbids the grid of model (the
// cell variables it sets): auxiliary variables are left out, so that a
// grid counts once whatever values they take.
func blockingLits(model []bool) []gs.Lit {
	var c []gs.Lit
	for i, on := range model {
		if on {
			c = append(c, gs.IntToLit(int32(-(i + 1))))
		}
	}
	return c
}
