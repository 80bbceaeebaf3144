package ilp

import (
	"context"
	"slices"
	"strings"
	"testing"

	"sudoku"
	"sudoku/generate"
	"sudoku/solver"
)

// solverCount counts b's solutions up to 2 with the general engine.
func solverCount(b *sudoku.Board) (int, error) {
	res, err := solver.Fast.Search(context.Background(), b, 2)
	return res.Count, err
}

// TestCBCGenerated: puzzles of the variant generator, checked by the 0-1
// model and CBC: CBC finds the generator's solution, and with a row that
// forbids that solution (its digits in the empty cells cannot all hold)
// the model is infeasible, so the solution is the only one.
func TestCBCGenerated(t *testing.T) {
	cbc := needTool(t, "cbc", "coinor-cbc")
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	knight := sudoku.Classic()
	knight.AntiKnight = true
	six, _ := sudoku.Sized(6)
	kinds := []struct {
		name string
		o    generate.Options
	}{
		{"x", generate.Options{Rules: x}},
		{"anti-knight", generate.Options{Rules: knight}},
		{"jigsaw", generate.Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw}},
		// a killer of cages alone takes CBC minutes to prove unique (over 120 s
		// under load); with givens it takes a second and checks the same rows
		{"killer", generate.Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller, Givens: true}},
		{"6x6 jigsaw", generate.Options{Rules: six, Variant: sudoku.VariantJigsaw}},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			for i := range 2 {
				p, err := generate.Generate(context.Background(), k.o, generate.Source(11, i))
				if err != nil {
					t.Fatal(err)
				}
				m, err := New(p.Puzzle, Options{})
				if err != nil {
					t.Fatal(err)
				}
				s, _, err := runCBC(t, cbc, m, "lp")
				if err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				if cells, err := m.Cells(s.Values); err != nil || !slices.Equal(cells, p.Solution.Cells) {
					t.Fatalf("puzzle %d: CBC's cells %v (%v), want the generator's", i, cells, err)
				}
				n := p.Puzzle.Size()
				var terms []Term
				for c, v := range p.Puzzle.Cells {
					if v == 0 {
						terms = append(terms, Term{Var: boardVar(n, c, int(p.Solution.Cells[c])), Coef: 1})
					}
				}
				m.Rows = append(m.Rows, Row{Name: "not_that_solution", Terms: terms, RHS: len(terms) - 1, Sense: LE})
				_, data, err := runCBC(t, cbc, m, "lp")
				if err == nil || !strings.Contains(strings.ToLower(string(data)), "infeasible") {
					t.Errorf("puzzle %d: another solution? CBC: %.200s (%v)", i, data, err)
				}
				if i == 0 && !(k.o.Variant&sudoku.VariantKiller != 0) {
					// The control: with its first given gone too the check
					// must find a second solution when there is one.
					q := p.Puzzle.Clone()
					for c, v := range q.Cells {
						if v != 0 {
							q.Cells[c] = 0
							break
						}
					}
					res, _ := solverCount(q)
					mq, _ := New(q, Options{})
					terms = terms[:0]
					for c, v := range q.Cells {
						if v == 0 {
							terms = append(terms, Term{Var: boardVar(n, c, int(p.Solution.Cells[c])), Coef: 1})
						}
					}
					mq.Rows = append(mq.Rows, Row{Name: "not_that_solution", Terms: terms, RHS: len(terms) - 1, Sense: LE})
					_, _, err := runCBC(t, cbc, mq, "lp")
					if (err == nil) != (res > 1) {
						t.Errorf("control: %d solutions by search, CBC says %v", res, err)
					}
				}
			}
		})
	}
}
