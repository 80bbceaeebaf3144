package logic

import (
	"fmt"
	"slices"
	"strings"

	"sudoku"
	"sudoku/constraint"
)

// Forcing chains on boards of any rules (other sizes, boards without
// boxes): a cell of two to four candidates is tried with each, and each
// assumption is followed through singles (naked, and hidden in every
// house), every constraint's propagation and every cage's sum until
// nothing more follows. An assumption that ends in a contradiction (a
// cell or a house left without a digit, a constraint or cage that cannot
// hold) is false: the candidate goes (Dynamic Contradiction Forcing
// Chains). When every assumption holds, what all of them place or remove
// follows whichever is true (Dynamic Cell Forcing Chains). These are the
// cell forcing chains SudokuVariantSolverJS tries, and Sukaku Explainer's
// dynamic forcing chains through any rule; they are rated as the
// technique table's DynamicForcingChains stage (8.5), the names those of
// the classic engine's steps.

// forcingMaxCands bounds the candidates of a cell tried by forcing.
const forcingMaxCands = 9

// forcingProps returns the constraints and the cages with sums the
// forcing chains propagate, made once per board.
func (s *boardLogic) forcingProps() []sudoku.Constraint {
	if s.props != nil {
		return s.props
	}
	s.props = []sudoku.Constraint{}
	for _, c := range s.l.Rules.Constraints {
		if !sudoku.IsCosmetic(c) {
			s.props = append(s.props, c)
		}
	}
	for _, k := range s.l.Rules.Cages {
		if k.Sum == 0 {
			continue
		}
		if c, err := constraint.NewCage(s.l.Rules, k.Cells, k.Sum, false); err == nil {
			s.props = append(s.props, c)
		}
	}
	return s.props
}

// forcing finds the first forcing step: for k from 2 up, the cells of k
// candidates, then the digits with k places in a house (any unit of N
// cells: a cage of nine cells on a 9x9 too).
func (s *boardLogic) forcing() (BoardStep, bool) {
	for k := 2; k <= forcingMaxCands; k++ {
		for c := range s.cands {
			if s.cells[c] != 0 || s.cands[c].Count() != k {
				continue
			}
			if s.stopped() {
				return BoardStep{}, false
			}
			if st, ok := s.forcingFrom(c); ok {
				return st, true
			}
		}
		for u := range s.l.Units {
			if len(s.l.Units[u].Cells) != s.n {
				continue
			}
			for d := 1; d <= s.n; d++ {
				if s.stopped() {
					return BoardStep{}, false
				}
				if st, ok := s.houseForcing(u, d, k); ok {
					return st, true
				}
			}
		}
	}
	return BoardStep{}, false
}

// houseForcing tries each place of digit d in house u when it has k.
func (s *boardLogic) houseForcing(u, d, k int) (BoardStep, bool) {
	var places []int
	for _, c := range s.l.Units[u].Cells {
		if s.cells[c] == uint8(d) {
			return BoardStep{}, false // placed
		}
		if s.cells[c] == 0 && s.cands[c].Has(d) {
			places = append(places, c)
		}
	}
	if len(places) != k {
		return BoardStep{}, false
	}
	var branches []*sudoku.Domains
	for _, c := range places {
		pos := s.domainsPlain()
		if why := s.follow(pos, c, d); why != "" {
			return s.contradictionStep(c, d, why), true
		}
		branches = append(branches, pos)
	}
	st, what, ok := s.commonStep(-1, branches)
	if !ok {
		return BoardStep{}, false
	}
	st.Technique = multiTechnique("Dynamic Region Forcing Chains", kindRegion).Name
	st.Units = []int{u}
	st.Cells = append(slices.Clone(places), st.Cells...)
	st.Text = fmt.Sprintf("%d goes in %s in %s: following each through singles, the constraints and the cage sums, all of them agree: %s",
		d, strings.Join(s.cellList(places), " or "), s.unitName(u), what)
	return st, true
}

// cellList names the cells cs.
func (s *boardLogic) cellList(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = s.cellName(c)
	}
	return out
}

// forcingFrom tries each candidate of cell c.
func (s *boardLogic) forcingFrom(c int) (BoardStep, bool) {
	var branches []*sudoku.Domains
	for m := s.cands[c]; m != 0; m &= m - 1 {
		d := (m & -m).Single()
		pos := s.domainsPlain()
		if why := s.follow(pos, c, d); why != "" {
			return s.contradictionStep(c, d, why), true
		}
		branches = append(branches, pos)
	}
	st, what, ok := s.commonStep(c, branches)
	if !ok {
		return BoardStep{}, false
	}
	var ds []string
	for m := s.cands[c]; m != 0; m &= m - 1 {
		ds = append(ds, sudoku.DigitString((m & -m).Single()))
	}
	st.Technique = multiTechnique("Dynamic Cell Forcing Chains", kindCell).Name
	st.Cells = append([]int{c}, st.Cells...)
	st.Text = fmt.Sprintf("%s is %s: following each through singles, the constraints and the cage sums, all of them agree: %s",
		s.cellName(c), strings.Join(ds, " or "), what)
	return st, true
}

// domainsPlain returns the position as constraints see it, without words.
func (s *boardLogic) domainsPlain() *sudoku.Domains {
	d := s.domains()
	d.Explain = false
	return d
}

// follow places d in c on pos and follows it to a fixed point; it returns
// why pos then has no solution, "" if it holds.
func (s *boardLogic) follow(pos *sudoku.Domains, c, d int) string {
	if why := s.placeIn(pos, c, d); why != "" {
		return why
	}
	for changed := true; changed; {
		changed = false
		for _, con := range s.forcingProps() {
			pos.Changed = pos.Changed[:0]
			if !con.Propagate(pos) {
				return fmt.Sprintf("%s could not hold", con)
			}
			changed = changed || len(pos.Changed) > 0
		}
		placed, why := s.singlesIn(pos)
		if why != "" {
			return why
		}
		changed = changed || placed
	}
	return ""
}

// placeIn puts d in c on pos and takes d from c's peers.
func (s *boardLogic) placeIn(pos *sudoku.Domains, c, d int) string {
	bit := sudoku.DigitOf(d)
	if pos.Placed[c] != 0 {
		if pos.Placed[c] != bit {
			return fmt.Sprintf("%s would hold two digits", s.cellName(c))
		}
		return ""
	}
	if pos.Open[c]&bit == 0 {
		return fmt.Sprintf("%s could not be %d", s.cellName(c), d)
	}
	pos.Open[c], pos.Placed[c] = 0, bit
	for _, p := range s.l.Peers[c] {
		if pos.Placed[p] == bit {
			return fmt.Sprintf("%s and %s would both be %d", s.cellName(c), s.cellName(p), d)
		}
		pos.Open[p] &^= bit
	}
	return ""
}

// singlesIn places pos's naked singles and its hidden singles in houses;
// it reports whether it placed one, and why pos has no solution when a
// cell or a house is left without a digit.
func (s *boardLogic) singlesIn(pos *sudoku.Domains) (bool, string) {
	placed := false
	for c := range pos.Open {
		if pos.Placed[c] != 0 {
			continue
		}
		switch m := pos.Open[c]; m.Count() {
		case 0:
			return placed, fmt.Sprintf("%s would have no candidate left", s.cellName(c))
		case 1:
			if why := s.placeIn(pos, c, m.Single()); why != "" {
				return placed, why
			}
			placed = true
		}
	}
	all := sudoku.AllDigits(s.n)
	for u := range s.l.Units {
		cells := s.l.Units[u].Cells
		if len(cells) != s.n {
			continue // not a house (a cage of fewer cells)
		}
		var once, twice, done sudoku.Digits
		for _, c := range cells {
			done |= pos.Placed[c]
			twice |= once & pos.Open[c]
			once |= pos.Open[c]
		}
		if missing := all &^ (once | done); missing != 0 {
			return placed, fmt.Sprintf("%d would have no place left in %s", missing.Min(), s.unitName(u))
		}
		for single := once &^ twice &^ done; single != 0; single &= single - 1 {
			d := (single & -single).Single()
			for _, c := range cells {
				if pos.Open[c].Has(d) {
					if why := s.placeIn(pos, c, d); why != "" {
						return placed, why
					}
					placed = true
					break
				}
			}
		}
	}
	return placed, ""
}

// forcingRating is the rating of the forcing steps: the technique table's
// DynamicForcingChains stage.
func forcingRating() Rating {
	_, min := stageOrder()
	return min["DynamicForcingChains"]
}

// contradictionStep removes d from c: assuming it leads to why.
func (s *boardLogic) contradictionStep(c, d int, why string) BoardStep {
	t := multiTechnique("Dynamic Contradiction Forcing Chains", kindContradiction)
	return BoardStep{Technique: t.Name, Rating: forcingRating(), Eliminations: []BoardCandidate{{c, d}}, Cells: []int{c},
		Text: fmt.Sprintf("if %s were %d, then following singles, the constraints and the cage sums, %s; so %s is not %d", s.cellName(c), d, why, s.cellName(c), d)}
}

// commonStep makes a step of what every branch agrees on (cell c, if not
// -1, aside), with those deductions in words; false when they agree on
// nothing new. The caller names the step and says what was tried.
func (s *boardLogic) commonStep(c int, branches []*sudoku.Domains) (BoardStep, string, bool) {
	var st BoardStep
	for x := range s.cands {
		if s.cells[x] != 0 || x == c {
			continue
		}
		var union sudoku.Digits
		for _, b := range branches {
			union |= b.Of(x)
		}
		if union.Count() == 1 {
			st.Placements = append(st.Placements, BoardCandidate{x, union.Single()})
			continue
		}
		st.Eliminations = appendDigits(st.Eliminations, x, s.cands[x]&^union)
	}
	if len(st.Placements) == 0 && len(st.Eliminations) == 0 {
		return BoardStep{}, "", false
	}
	st.Rating = forcingRating()
	var what []string
	for _, p := range st.Placements {
		st.Cells = append(st.Cells, p.Cell)
		what = append(what, fmt.Sprintf("%s is %d", s.cellName(p.Cell), p.Digit))
	}
	st.Cells = append(st.Cells, cellsOf(st.Eliminations)...)
	slices.Sort(st.Cells)
	st.Cells = slices.Compact(st.Cells)
	if len(st.Eliminations) > 0 {
		what = append(what, s.eliminationText(st.Eliminations))
	}
	return st, strings.Join(what, "; "), true
}
