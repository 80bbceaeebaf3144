package ilp

// This file and board.go, the engine's two searches, are the only ones
// that import gophersat: the model and the writers stay free of
// dependencies.

import (
	"context"
	"fmt"

	gs "github.com/crillab/gophersat/solver"

	"sudoku"
	"sudoku/solver"
)

// The 0-1 engine is registered with package solver as "ilp": a program
// that imports ilp has it in solver.Lookup.
func init() { solver.Register(Engine) }

// searchClassic builds the articles' model of classic grid g (clues as
// bounds, no objective: see the package comment) and solves it, stopping
// with ctx's error when ctx is done.
func searchClassic(ctx context.Context, g sudoku.Grid, limit int) (solver.Result, error) {
	m, err := newClassic(g, Options{Clues: ClueBounds, Objective: ObjNone})
	if err != nil {
		return solver.Result{}, err
	}
	r, err := m.solve(ctx, limit)
	if err != nil && err == ctx.Err() {
		return r, err
	}
	if err != nil {
		// newClassic's models are ones Solve accepts: only a solution that
		// breaks the model, a bug in gophersat, gets here. Say so loudly
		// rather than give a wrong answer.
		panic(err)
	}
	return r, nil
}

// Solve looks for up to limit solutions of the 0-1 model m (limit >= 1)
// with gophersat, as a feasibility problem: the objective is ignored, since
// every solution has the same cost (see the package comment). After each
// solution it adds the blocking constraint "not all of this solution's
// ones", so that a second solution, if any, must differ in some cell.
//
// Result.Count is the number of solutions found; Solution the first.
// Guesses is gophersat's count of decisions and Nodes its count of
// conflicts, both summed over the searches. A model with no solution
// (intlinprog's exitflag <= 0) gives Count 0.
//
// Solve accepts models whose variables are binary and whose rows are
// "exactly one" rows (every coefficient 1, right-hand side 1), which is
// every model New builds; anything else is an error.
func (m *Model) Solve(limit int) (solver.Result, error) {
	return m.solve(context.Background(), limit)
}

// solve is Solve, stopping with ctx's error, and the solutions found so
// far, when ctx is done: gophersat's search is interrupted at its next
// conflict (third_party/gophersat's patch).
func (m *Model) solve(ctx context.Context, limit int) (solver.Result, error) {
	if err := m.check(); err != nil {
		return solver.Result{}, err
	}
	if m.Formulation != ZeroOne || len(m.Vars) != NumVars {
		return solver.Result{}, fmt.Errorf("ilp: Solve takes the 0-1 model, not the %s model", m.Formulation)
	}
	p, err := presolve(m)
	if err != nil || p.infeasible {
		return solver.Result{}, err
	}
	return p.search(ctx, m, limit)
}

// presolved is the 0-1 model after presolve, in gophersat's terms: the
// variables still free renumbered 1..n, the rows still open as clauses.
type presolved struct {
	val        []int8 // per model variable: 1 fixed to one, 0 fixed to zero, -1 free
	free       []int  // model variable of solver variable i+1
	clauses    []*gs.Clause
	units      []gs.Lit // rows with a single free variable left
	infeasible bool
}

// presolve does what any MILP presolve does first and no more: a variable
// fixed to 1 (a clue's bound or its one-variable row) fixes every other
// variable of its rows to 0 and closes those rows. Each row still open
// becomes, over its free variables, one clause (at least one is 1) and
// the pairwise clauses "not both" (at most one is 1): the same equality.
// A row left with no free variable makes the model infeasible; one left
// with a single free variable forces it to 1, and is handed to gophersat
// as a unit, for its own propagation to use.
func presolve(m *Model) (*presolved, error) {
	p := &presolved{val: make([]int8, len(m.Vars))}
	for i, v := range m.Vars {
		switch {
		case v.Lower < 0 || v.Upper > 1:
			return nil, fmt.Errorf("ilp: variable %s is not binary (bounds %d..%d)", v.Name, v.Lower, v.Upper)
		case v.Lower > v.Upper:
			p.infeasible = true
			return p, nil
		case v.Lower == 1:
			p.val[i] = 1
		case v.Upper == 0:
			p.val[i] = 0
		default:
			p.val[i] = -1
		}
	}
	for _, r := range m.Rows {
		if err := exactlyOne(r); err != nil {
			return nil, err
		}
		if len(r.Terms) == 1 {
			if p.val[r.Terms[0].Var] == 0 {
				p.infeasible = true
				return p, nil
			}
			p.val[r.Terms[0].Var] = 1
		}
	}
	// A one fixes its row-mates to zero; two ones in a row are infeasible.
	for _, r := range m.Rows {
		one := -1
		for _, t := range r.Terms {
			if p.val[t.Var] == 1 && t.Var != one {
				if one >= 0 {
					p.infeasible = true
					return p, nil
				}
				one = t.Var
			}
		}
		for _, t := range r.Terms {
			if one >= 0 && t.Var != one {
				p.val[t.Var] = 0
			}
		}
	}
	p.encode(m)
	return p, nil
}

// exactlyOne checks that r reads "sum of x = 1" with coefficients 1.
func exactlyOne(r Row) error {
	if r.RHS != 1 || len(r.Terms) == 0 {
		return fmt.Errorf("ilp: row %s is not an exactly-one row", r.Name)
	}
	for _, t := range r.Terms {
		if t.Coef != 1 {
			return fmt.Errorf("ilp: row %s is not an exactly-one row", r.Name)
		}
	}
	return nil
}

// encode numbers the free variables and turns the open rows into clauses.
func (p *presolved) encode(m *Model) {
	id := make([]int32, len(m.Vars)) // solver variable, 1-based; 0 if fixed
	for i, v := range p.val {
		if v == -1 {
			p.free = append(p.free, i)
			id[i] = int32(len(p.free))
		}
	}
	lits := make([]gs.Lit, 0, 9*len(m.Rows)) // backing store of every row's literals
	var open [][]gs.Lit
	for _, r := range m.Rows {
		start := len(lits)
		closed := false
		for _, t := range r.Terms {
			switch p.val[t.Var] {
			case 1:
				closed = true
			case -1:
				lits = append(lits, gs.IntToLit(id[t.Var]))
			}
		}
		if closed {
			lits = lits[:start]
			continue
		}
		switch n := len(lits) - start; n {
		case 0:
			p.infeasible = true
			return
		case 1:
			p.units = append(p.units, lits[start])
		}
		open = append(open, lits[start:len(lits):len(lits)])
	}
	n := 0
	for _, ls := range open {
		if len(ls) > 1 {
			n += 1 + len(ls)*(len(ls)-1)/2
		}
	}
	slab := make([]gs.Clause, 0, n)
	p.clauses = make([]*gs.Clause, 0, n)
	add := func(ls []gs.Lit) {
		slab = append(slab, *gs.NewClause(ls))
		p.clauses = append(p.clauses, &slab[len(slab)-1])
	}
	pairs := make([]gs.Lit, 0, 2*(n))
	for _, ls := range open {
		if len(ls) < 2 {
			continue
		}
		add(ls)
		for a := 0; a < len(ls); a++ {
			for b := a + 1; b < len(ls); b++ {
				pairs = append(pairs, ls[a].Negation(), ls[b].Negation())
				add(pairs[len(pairs)-2 : len(pairs) : len(pairs)])
			}
		}
	}
}

// search runs gophersat on the presolved model. Each solution is checked
// against m's rows before it counts.
func (p *presolved) search(ctx context.Context, m *Model, limit int) (solver.Result, error) {
	var res solver.Result
	if len(p.free) == 0 { // presolve fixed everything
		g, err := p.grid(m, nil)
		res.Count, res.Solution = 1, g[:]
		return res, err
	}
	// An empty problem over n variables (ParseSliceNb allocates its
	// unexported model slice), given the clauses; its status, Sat for want
	// of clauses, goes back to undetermined. The clauses are already
	// simplified: gophersat's parsers would redo presolve's work.
	pb := gs.ParseSliceNb(nil, len(p.free))
	pb.Status = gs.Indet
	pb.Clauses = p.clauses
	s := gs.New(pb)
	defer context.AfterFunc(ctx, s.Interrupt)()
	if len(p.units) > 0 && s.Assume(p.units) == gs.Unsat {
		return res, ctx.Err()
	}
	for ctx.Err() == nil && s.Solve() == gs.Sat {
		model := s.Model()
		g, err := p.grid(m, model)
		if err != nil {
			return res, err
		}
		if res.Count == 0 {
			res.Solution = g[:]
		}
		if res.Count++; res.Count >= limit {
			break
		}
		s.AppendClause(gs.NewClause(p.blocking(model)))
	}
	res.Guesses = int64(s.Stats.NbDecisions)
	res.Nodes = int64(s.Stats.NbConflicts)
	return res, ctx.Err()
}

// blocking returns the clause that excludes the solution model: one of the
// free variables it sets to 1 must be 0.
func (p *presolved) blocking(model []bool) []gs.Lit {
	var c []gs.Lit
	for i, b := range model {
		if b {
			c = append(c, gs.IntToLit(int32(-(i + 1))))
		}
	}
	return c
}

// grid reads the solution off the fixed variables and the solver's model,
// after checking that it satisfies every row of m.
func (p *presolved) grid(m *Model, model []bool) (sudoku.Grid, error) {
	values := make([]int, len(m.Vars))
	for i, v := range p.val {
		if v == 1 {
			values[i] = 1
		}
	}
	for i, b := range model {
		if b {
			values[p.free[i]] = 1
		}
	}
	for _, r := range m.Rows {
		sum := 0
		for _, t := range r.Terms {
			sum += t.Coef * values[t.Var]
		}
		if sum != r.RHS {
			return sudoku.Grid{}, fmt.Errorf("ilp: gophersat returned a point that breaks row %s (%d, want %d)", r.Name, sum, r.RHS)
		}
	}
	return m.Grid(values)
}
