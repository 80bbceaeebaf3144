package ilp

import (
	"fmt"

	"sudoku"
)

// ClueStyle says how a model fixes the puzzle's givens.
type ClueStyle int

const (
	// ClueRows fixes each given with an equality row x = 1, as the
	// Chinese article does (its Aeq0 block).
	ClueRows ClueStyle = iota
	// ClueBounds fixes each given with a lower bound lb = 1, as
	// MathWorks' sudokuEngine does.
	ClueBounds
)

// String returns "rows" or "bounds", the CLI's names.
func (s ClueStyle) String() string {
	if s == ClueBounds {
		return "bounds"
	}
	return "rows"
}

// Objective says which cost vector f a model minimises.
type Objective int

const (
	// ObjIndex is f = 1..n, MathWorks' choice ("having nonconstant f can
	// speed the solver").
	ObjIndex Objective = iota
	// ObjOnes is f = ones, the Chinese article's choice.
	ObjOnes
	// ObjNone is f = 0: a pure feasibility problem.
	ObjNone
)

// String returns "index", "ones" or "none", the CLI's names.
func (o Objective) String() string {
	switch o {
	case ObjOnes:
		return "ones"
	case ObjNone:
		return "none"
	}
	return "index"
}

// Formulation tells the two models apart.
type Formulation int

const (
	// ZeroOne is the articles' working model: 729 binary variables
	// x(r,c,d), 324 rule rows.
	ZeroOne Formulation = iota
	// Sums is the Chinese article's first, insufficient attempt: 81
	// integer variables 1..9 whose rows, columns and boxes sum to 45.
	Sums
)

// String returns "01" or "sums".
func (f Formulation) String() string {
	if f == Sums {
		return "sums"
	}
	return "01"
}

// Options choose how a model is built. The zero value is the MathWorks
// model with its clues as equality rows: ClueRows, ObjIndex.
type Options struct {
	Clues     ClueStyle
	Objective Objective
}

// Var is an integer variable with its bounds.
type Var struct {
	Name         string
	Lower, Upper int
}

// Term is a coefficient times a variable (an index into Model.Vars).
type Term struct {
	Var  int
	Coef int
}

// Row is one constraint: the sum of its terms equals RHS (Eq), is at most
// RHS (LE) or at least RHS (GE). The classic formulations need equalities
// only (intlinprog's Aeq*x = beq); boards of other rules add LE rows, and
// their constraints (thermometers, dots, ...) rows of any sense.
type Row struct {
	Name  string
	Terms []Term
	RHS   int
	Sense Sense
}

// Sense is a row's relation.
type Sense uint8

// The senses of a row.
const (
	Eq Sense = iota // sum = RHS
	LE              // sum <= RHS
	GE              // sum >= RHS
)

// holds reports whether sum keeps the relation to rhs.
func (s Sense) holds(sum, rhs int) bool {
	switch s {
	case LE:
		return sum <= rhs
	case GE:
		return sum >= rhs
	}
	return sum == rhs
}

// Model is an integer program: minimise Objective'x subject to every row
// and to the variables' bounds, every variable integer.
type Model struct {
	Formulation Formulation
	Options     Options
	Puzzle      sudoku.Grid
	// Board is the puzzle of a model built by New (any rules but classic); nil
	// for a classic model, whose puzzle is Puzzle.
	Board *sudoku.Board
	Vars  []Var
	Rows  []Row
	// Objective holds one coefficient per variable; all zero for ObjNone.
	Objective []int
	// written counts, per kind, what a board's constraints wrote, in the
	// order the kinds come (for Describe).
	written []kindRows
}

// kindRows is what the constraints of one kind wrote into a model.
type kindRows struct {
	kind       string
	rows, bins int
}

// NumVars is the number of variables of the 0-1 model, 9*9*9.
const NumVars = 729

// NumRuleRows is the number of rule rows of the 0-1 model: 81 for one
// digit per cell, then 81 each for rows, columns and boxes.
const NumRuleRows = 324

// VarIndex returns the index of x(r,c,d) in the 0-1 model: r and c are
// 0-based, d is 1..9. The order is MATLAB's x(:) for a 9x9x9 array, row
// fastest, then column, then digit, so that index+1 is the variable's
// coefficient in MathWorks' f = 1..729 and its column in the articles' Aeq.
func VarIndex(r, c, d int) int { return r + 9*c + 81*(d-1) }

// VarAt is the inverse of VarIndex.
func VarAt(i int) (r, c, d int) { return i % 9, i / 9 % 9, i/81 + 1 }

// VarName returns the name of variable i of the 0-1 model, x_r1_c2_d3
// (1-based) for x(1,2,3).
func VarName(i int) string { return varNames[i] }

var (
	varNames [NumVars]string
	// ruleRows are the 324 rows shared by every 0-1 model; read-only.
	ruleRows [NumRuleRows]Row
)

func init() {
	for i := range varNames {
		r, c, d := VarAt(i)
		varNames[i] = fmt.Sprintf("x_r%d_c%d_d%d", r+1, c+1, d)
	}
	n := 0
	add := func(name string, at func(j int) int) {
		terms := make([]Term, 9)
		for j := range terms {
			terms[j] = Term{Var: at(j), Coef: 1}
		}
		ruleRows[n] = Row{Name: name, Terms: terms, RHS: 1}
		n++
	}
	for r := 0; r < 9; r++ { // one digit per cell
		for c := 0; c < 9; c++ {
			add(fmt.Sprintf("cell_r%d_c%d", r+1, c+1), func(j int) int { return VarIndex(r, c, j+1) })
		}
	}
	for r := 0; r < 9; r++ { // each digit once per row
		for d := 1; d <= 9; d++ {
			add(fmt.Sprintf("row_r%d_d%d", r+1, d), func(j int) int { return VarIndex(r, j, d) })
		}
	}
	for c := 0; c < 9; c++ { // once per column
		for d := 1; d <= 9; d++ {
			add(fmt.Sprintf("col_c%d_d%d", c+1, d), func(j int) int { return VarIndex(j, c, d) })
		}
	}
	for b := 0; b < 9; b++ { // once per box
		cells := sudoku.House(18 + b).Cells()
		for d := 1; d <= 9; d++ {
			add(fmt.Sprintf("box_b%d_d%d", b+1, d), func(j int) int {
				cl := cells[j]
				return VarIndex(cl.Row(), cl.Col(), d)
			})
		}
	}
}

// newClassic builds the articles' 0-1 model of g: 729 binary variables, the 324
// rule rows, and the givens fixed as opt.Clues says (one more row each, or
// a lower bound of 1). g must pass Validate: a grid with two equal givens
// in a house is rejected with its *sudoku.ConflictError.
func newClassic(g sudoku.Grid, opt Options) (*Model, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	m := &Model{Formulation: ZeroOne, Options: opt, Puzzle: g}
	m.Vars = make([]Var, NumVars)
	for i := range m.Vars {
		m.Vars[i] = Var{Name: varNames[i], Upper: 1}
	}
	m.Objective = objective(NumVars, opt.Objective)
	m.Rows = make([]Row, NumRuleRows, NumRuleRows+g.Clues())
	copy(m.Rows, ruleRows[:])
	for c, v := range g {
		if v == 0 {
			continue
		}
		cl := sudoku.Cell(c)
		i := VarIndex(cl.Row(), cl.Col(), int(v))
		if opt.Clues == ClueBounds {
			m.Vars[i].Lower = 1
			continue
		}
		m.Rows = append(m.Rows, Row{Name: "clue_" + cellName(cl), Terms: []Term{{Var: i, Coef: 1}}, RHS: 1})
	}
	return m, nil
}

// cellName returns "r1_c3", the form used in variable and row names.
func cellName(c sudoku.Cell) string { return fmt.Sprintf("r%d_c%d", c.Row()+1, c.Col()+1) }

func objective(n int, o Objective) []int {
	f := make([]int, n)
	for i := range f {
		switch o {
		case ObjIndex:
			f[i] = i + 1
		case ObjOnes:
			f[i] = 1
		}
	}
	return f
}

// Nonzeros returns the number of nonzero coefficients in the rows.
func (m *Model) Nonzeros() int {
	n := 0
	for _, r := range m.Rows {
		for _, t := range r.Terms {
			if t.Coef != 0 {
				n++
			}
		}
	}
	return n
}

// PseudoBoolean reports whether every variable's bounds lie within 0..1,
// so that the model is a pseudo-boolean problem (OPB can express it).
func (m *Model) PseudoBoolean() bool {
	for _, v := range m.Vars {
		if v.Lower < 0 || v.Upper > 1 {
			return false
		}
	}
	return true
}
