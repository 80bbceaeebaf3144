package constraint

import (
	"fmt"
	"math/bits"
	"sudoku"
)

// Nabner lines (f-puzzles "nabner", a yellow line): no two digits on the
// line are equal or consecutive, wherever they stand on it. A line
// longer than half the size (rounded up) cannot be filled and is refused
// when read.

// nabner is a line of digits pairwise at least 2 apart.
type nabner struct {
	n     int
	cells []int
	tab   *pairTable // |a-b| >= 2, for lines too long for the exact table
}

// nabnerExactMax is the longest line propagated exactly (a table of
// 2^len entries per digit); a 16x16 line holds at most 8 cells.
const nabnerExactMax = 8

func newNabner(n int, cells []int) *nabner {
	return &nabner{n: n, cells: cells, tab: newPairTable(n, func(a, b int) bool { return abs(a-b) >= 2 })}
}

func (k *nabner) Kind() string          { return "nabner" }
func (k *nabner) Cells() []int          { return k.cells }
func (k *nabner) String() string        { return "nabner " + sudoku.CellRange(k.n, k.cells) }
func (k *nabner) Distinct() [][]int     { return [][]int{k.cells} }
func (k *nabner) Check(g []uint8) error { return checkPlaced(k, k.n, g) }

// Propagate keeps in each cell the digits it takes in some filling of the
// whole line (exact): the digits 1..n are walked in order, each left out
// or given to a cell that may hold it, never two in a row. back[v][m]
// says, for each way the digit v was dealt (bit 0: left out, bit 1:
// given), whether the cells not in m can still take digits above v; a
// walk forward from the start then collects what each cell may take.
func (k *nabner) Propagate(d *sudoku.Domains) bool {
	L := len(k.cells)
	if L > nabnerExactMax {
		return k.propagatePairs(d)
	}
	var cand, sup [nabnerExactMax]sudoku.Digits
	for i, c := range k.cells {
		cand[i] = d.Of(c)
	}
	var back nabnerTable
	full := 1<<L - 1
	back[k.n][full] = 3
	for v := k.n; v >= 1; v-- {
		for m := 0; m <= full; m++ {
			back[v-1][m] = nabnerBack(&cand, &back[v], m, full, v)
		}
	}
	if back[0][0]&1 == 0 {
		return false
	}
	nabnerForward(&cand, &back, full, k.n, &sup)
	return k.keep(d, &sup)
}

// nabnerTable holds, for each digit v and set m of cells dealt a digit
// up to v, the ways v may have been dealt.
type nabnerTable [sudoku.MaxSize + 1][1 << nabnerExactMax]uint8

// nabnerForward walks the digits up from the start, through the ways of
// dealing them that back allows, and adds to sup each digit a cell takes
// on the way.
func nabnerForward(cand *[nabnerExactMax]sudoku.Digits, back *nabnerTable, full, n int, sup *[nabnerExactMax]sudoku.Digits) {
	var cur, next [1 << nabnerExactMax]uint8
	cur[0] = 1
	for v := 1; v <= n; v++ {
		clear(next[:full+1])
		for m := 0; m <= full; m++ {
			if cur[m] == 0 {
				continue
			}
			if back[v][m]&1 != 0 {
				next[m] |= 1
			}
			for free := full &^ m; free != 0 && cur[m]&1 != 0; free &= free - 1 {
				i := bits.TrailingZeros(uint(free))
				if cand[i].Has(v) && back[v][m|1<<i]&2 != 0 {
					next[m|1<<i] |= 2
					sup[i] |= sudoku.DigitOf(v)
				}
			}
		}
		cur = next
	}
}

// nabnerBack returns, for the cells of m placed with digits up to v-1,
// the ways v-1 may have been dealt (bit 0: left out, bit 1: given) from
// which the rest can be placed, knowing at (the table for v) the same
// for v.
func nabnerBack(cand *[nabnerExactMax]sudoku.Digits, at *[1 << nabnerExactMax]uint8, m, full, v int) uint8 {
	if at[m]&1 != 0 {
		return 3 // v left out, whatever came before
	}
	for free := full &^ m; free != 0; free &= free - 1 {
		i := bits.TrailingZeros(uint(free))
		if cand[i].Has(v) && at[m|1<<i]&2 != 0 {
			return 1 // v given, only after v-1 was left out
		}
	}
	return 0
}

// keep narrows the cells to what they may take, with words.
func (k *nabner) keep(d *sudoku.Domains, sup *[nabnerExactMax]sudoku.Digits) bool {
	for i, c := range k.cells {
		if !d.Keep(c, sup[i]) {
			return false
		}
	}
	if d.Explain {
		d.Because(k.reason(), k.cells...)
	}
	return true
}

func (k *nabner) reason() string {
	return fmt.Sprintf("no two digits on the nabner line %s are equal or consecutive", sudoku.CellRange(k.n, k.cells))
}

// propagatePairs is arc consistency over every pair of the line's cells.
func (k *nabner) propagatePairs(d *sudoku.Domains) bool {
	for i, a := range k.cells {
		for _, b := range k.cells[i+1:] {
			if !k.tab.propagate(d, a, b) {
				return false
			}
			if d.Explain {
				d.Because(k.reason(), a, b)
			}
		}
	}
	return true
}

// Rows (exact): for each digit d below n, at most one cell of the line
// holds d or d+1, sum over the cells of x(c, d) + x(c, d+1) <= 1: no
// digit twice, no two consecutive.
func (k *nabner) Rows(m sudoku.Model) {
	for d := 1; d < k.n; d++ {
		var terms []sudoku.Term
		for _, c := range k.cells {
			terms = append(terms, sudoku.Term{Coef: 1, Var: m.Cell(c, d)}, sudoku.Term{Coef: 1, Var: m.Cell(c, d+1)})
		}
		m.Row("nabner", terms, sudoku.AtMost, 1)
	}
}

// Shapes: a yellow line.
func (k *nabner) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(k.n, k.cells, "#C9C883", 0.25)}
}

func readNabners(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("nabner", 1, func(cells []int, _ []byte) error {
		if most := (f.Size + 1) / 2; len(cells) > most {
			return fmt.Errorf("a nabner line of %d cells cannot hold digits two apart of 1 to %d (at most %d)", len(cells), f.Size, most)
		}
		out = append(out, newNabner(f.Size, cells))
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "nabner", Title: "Nabner line", Rule: "No two digits on a yellow line (nabner) are equal or consecutive.",
		Read: readNabners, Write: writeLines("nabner", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Write: issWriteNabner,
			Pairs: []sudoku.ISSRelation{{Name: "a nabner line", Rank: 12, PairX: true, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return abs(a-b) >= 2 }, Make: issNabners}}},
	})
}

// Its ISS form.

func issWriteNabner(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.PairLine("PairX", func(a, b int) bool { return abs(a-b) >= 2 }, c.(*nabner).cells)
	return nil
}

func issNabners(r *sudoku.ISSReader, e sudoku.ISSElem, _ int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	for _, g := range groups {
		if most := (r.Size() + 1) / 2; len(g) > most {
			return nil, e.Errorf("a nabner line of %d cells cannot hold digits two apart of 1 to %d (at most %d)", len(g), r.Size(), most)
		}
		out = append(out, newNabner(r.Size(), g))
	}
	return out, nil
}
