package logic

import (
	"fmt"

	"sudoku"
)

// Constraint steps: each constraint of the rules (a thermometer, a dot, an
// arrow, ...) narrows the candidates of its cells by its own propagation,
// asked for its words (sudoku.Domains with Explain set). The first
// deduction it words is a step, named after the constraint
// (sudoku.ConstraintTitle: "Thermometer", "Kropki white dot"), its text the
// constraint's, its cells the ones the deduction is about. The engine
// knows no kind: it reads every constraint through sudoku.Constraint.
//
// Steps come after the singles and the killer techniques, before pointing,
// as SudokuVariantSolverJS tries its constraint logic right after the
// singles. A deduction about two cells (a dot, a step along a line) is
// rated 2.0, as cage combinations are: a relation read off directly; each
// further cell it is about adds 0.1, up to 2.5 (Sudoku Explainer's direct
// hidden triple), below pointing (2.6). Of the constraints that have a
// deduction, the one rated lowest is taken (the first on a tie).

// ConstraintStepRating is the lowest rating of a constraint step (a
// thermometer's, a dot's, ...): a puzzle that needs one rates at least
// this, above Easy.
const ConstraintStepRating = constraintBase

// Ratings of constraint steps.
const (
	constraintBase Rating = 20
	constraintMax  Rating = 25
)

// constraintKey keys the fruitless looks of constraint i (constraintKey+i):
// a constraint reads its cells only, so with the same candidates there it
// finds nothing again.
const constraintKey = 1 << 26

// constraintSteps finds the lowest rated deduction of the constraints.
func (s *boardLogic) constraintSteps() (BoardStep, bool) {
	cs := s.l.Rules.Constraints
	if len(cs) == 0 {
		return BoardStep{}, false
	}
	d := s.domains()
	return lowestStep(len(cs), func(i int) (BoardStep, bool) {
		c := cs[i]
		if sudoku.IsCosmetic(c) {
			return BoardStep{}, false
		}
		fp, same := s.unchanged(constraintKey+i, c.Cells())
		if same {
			return BoardStep{}, false
		}
		st, ok := s.constraintStep(d, c)
		if !ok {
			s.fruitless[constraintKey+i] = fp
		}
		return st, ok
	}, func(st BoardStep) Rating { return st.Rating })
}

// lowestStep tries each of n constraints with try and returns the step
// rated lowest (the first on a tie), stopping at one rated constraintBase,
// which none can beat.
func lowestStep[S any](n int, try func(i int) (S, bool), rating func(S) Rating) (S, bool) {
	var best S
	found := false
	for i := range n {
		st, ok := try(i)
		if !ok {
			continue
		}
		if !found || rating(st) < rating(best) {
			best, found = st, true
		}
		if rating(best) == constraintBase {
			break
		}
	}
	return best, found
}

// deductionsOf runs c's propagation on d with words asked and returns
// its deductions (the removals it did not word as one without text), and
// whether c can hold; d is left as it was, open giving back the
// candidates of the cells c narrowed.
func deductionsOf(d *sudoku.Domains, c sudoku.Constraint, open func(x int32) sudoku.Digits) ([]sudoku.Deduction, bool) {
	ok := c.Propagate(d)
	d.Note("")
	deds := d.Deductions
	for _, x := range d.Changed {
		d.Open[x] = open(x)
	}
	d.Changed, d.Deductions = d.Changed[:0], nil
	return deds, ok
}

// domains returns the position as constraints see it, with words asked.
func (s *boardLogic) domains() *sudoku.Domains {
	d := &sudoku.Domains{N: s.n, Open: make([]sudoku.Digits, s.l.NN), Placed: make([]sudoku.Digits, s.l.NN), Explain: true}
	for c, v := range s.cells {
		if v != 0 {
			d.Placed[c] = sudoku.DigitOf(int(v))
		} else {
			d.Open[c] = s.cands[c]
		}
	}
	return d
}

// constraintStep runs c's propagation on d and makes a step of its first
// deduction; d is left as it was. A constraint left without digits for
// its cells marks the position dead (s.contradiction).
func (s *boardLogic) constraintStep(d *sudoku.Domains, c sudoku.Constraint) (BoardStep, bool) {
	deds, ok := deductionsOf(d, c, func(x int32) sudoku.Digits { return s.cands[x] })
	if !ok && len(deds) == 0 {
		s.contradiction = fmt.Sprintf("%s cannot hold: no digits left in its cells keep it", c)
		return BoardStep{}, false
	}
	if len(deds) == 0 {
		return BoardStep{}, false
	}
	return s.deductionStep(c, deds[0]), true
}

// deductionStep turns a deduction of c into a step.
func (s *boardLogic) deductionStep(c sudoku.Constraint, ded sudoku.Deduction) BoardStep {
	var es []BoardCandidate
	for _, r := range ded.Removed {
		es = appendDigits(es, r.Cell, r.Digits&s.cands[r.Cell])
	}
	cells := ded.Cells
	if len(cells) == 0 {
		cells = cellsOf(es)
	}
	text := ded.Text
	if text == "" {
		text = fmt.Sprintf("%s rules them out: %s", c, s.eliminationText(es))
	}
	return BoardStep{Technique: sudoku.ConstraintTitle(c), Rating: constraintRating(len(cells)), Eliminations: es, Cells: cells, Text: text}
}

// constraintRating rates a deduction about k cells: 2.0 for two, 0.1 more
// for each further cell, at most 2.5.
func constraintRating(k int) Rating {
	return min(constraintBase+Rating(max(k-2, 0)), constraintMax)
}

// BoardSummary says what a technique of a board of rules r is: for the
// steps named after a constraint, its rule in words; else Summary's
// words.
func BoardSummary(r *sudoku.Rules, technique string) string {
	for _, c := range r.Constraints {
		if sudoku.IsCosmetic(c) || sudoku.ConstraintTitle(c) != technique {
			continue
		}
		if rules := sudoku.ConstraintRules([]sudoku.Constraint{c}); len(rules) > 0 {
			return rules[0]
		}
	}
	return Summary(technique)
}
