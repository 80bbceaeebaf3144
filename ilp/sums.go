package ilp

import (
	"fmt"
	"slices"
	"strings"

	"sudoku"
)

// NewSums builds the Chinese article's first attempt, kept as a lesson: 81
// integer variables x_r1_c1 .. x_r9_c9 in 1..9, one per cell in row-major
// order, each row, column and box summing to 45 (27 rows), the givens
// fixed as opt.Clues says, and f = ones (the article's "not important,
// set anything") unless opt.Objective says otherwise. Its optimum need
// not be a Sudoku: sums do not forbid repeats. CheckSums says where an
// answer breaks the rule.
func NewSums(g sudoku.Grid, opt Options) (*Model, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	m := &Model{Formulation: Sums, Options: opt, Puzzle: g}
	m.Vars = make([]Var, 81)
	for c := range m.Vars {
		m.Vars[c] = Var{Name: "x_" + cellName(sudoku.Cell(c)), Lower: 1, Upper: 9}
	}
	obj := opt.Objective
	if obj == ObjIndex {
		obj = ObjOnes // f = 1..81 has no precedent: the article uses ones
	}
	m.Objective = objective(81, obj)
	for h := sudoku.House(0); h < 27; h++ {
		terms := make([]Term, 9)
		for j, c := range h.Cells() {
			terms[j] = Term{Var: int(c), Coef: 1}
		}
		m.Rows = append(m.Rows, Row{Name: "sum_" + strings.ReplaceAll(h.String(), " ", ""), Terms: terms, RHS: 45})
	}
	for c, v := range g {
		if v == 0 {
			continue
		}
		if opt.Clues == ClueBounds {
			m.Vars[c].Lower, m.Vars[c].Upper = int(v), int(v)
			continue
		}
		m.Rows = append(m.Rows, Row{Name: "clue_" + cellName(sudoku.Cell(c)), Terms: []Term{{Var: c, Coef: 1}}, RHS: int(v)})
	}
	return m, nil
}

// SumsCheck is what CheckSums finds in a filled grid.
type SumsCheck struct {
	Sums    [27]int                 // each house's sum, houses in sudoku.House order
	Repeats []*sudoku.ConflictError // each digit repeated in a house: its first two cells
}

// SumsHold reports whether every row, column and box sums to 45.
func (s SumsCheck) SumsHold() bool {
	for _, v := range s.Sums {
		if v != 45 {
			return false
		}
	}
	return true
}

// String tells the lesson in one paragraph, e.g. "every row, column and
// box sums to 45, yet the grid is no Sudoku: 12 repeats, first r1c7 and
// r1c9 are both 9 in row 1".
func (s SumsCheck) String() string {
	var b strings.Builder
	if s.SumsHold() {
		b.WriteString("every row, column and box sums to 45")
	} else {
		var bad []string
		for h, v := range s.Sums {
			if v != 45 {
				bad = append(bad, fmt.Sprintf("%v sums to %d", sudoku.House(h), v))
			}
		}
		b.WriteString(strings.Join(bad, ", "))
	}
	if len(s.Repeats) == 0 {
		b.WriteString(", and no digit repeats in a house")
		return b.String()
	}
	fmt.Fprintf(&b, ", yet the grid is no Sudoku: %d repeats, first %v", len(s.Repeats), s.Repeats[0])
	return b.String()
}

// CheckSums adds up every house of g and lists every digit that appears
// twice or more in a house (by its first two cells), in the order rows,
// columns, boxes, then digit. It is the check the article does by eye on
// the sums model's answer.
func CheckSums(g sudoku.Grid) SumsCheck {
	var s SumsCheck
	for h := sudoku.House(0); h < 27; h++ {
		var first [10]sudoku.Cell
		var seen [10]int
		for _, c := range h.Cells() {
			v := g[c]
			s.Sums[h] += int(v)
			if v == 0 || v > 9 {
				continue
			}
			if seen[v]++; seen[v] == 1 {
				first[v] = c
			} else if seen[v] == 2 {
				s.Repeats = append(s.Repeats, &sudoku.ConflictError{A: first[v], B: c, Digit: int(v), House: h})
			}
		}
	}
	slices.SortStableFunc(s.Repeats, byHouseDigit)
	return s
}

func byHouseDigit(a, b *sudoku.ConflictError) int {
	if a.House != b.House {
		return int(a.House - b.House)
	}
	return a.Digit - b.Digit
}
