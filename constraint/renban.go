package constraint

import (
	"fmt"
	"math/bits"
	"strings"
	"sudoku"
)

// Renban lines (f-puzzles "renban", a purple line): the digits on the line
// are different and form a run of consecutive digits, in any order.

// renban is a line of different, consecutive digits.
type renban struct {
	n     int
	cells []int
}

// renbanExactMax is the longest line propagated exactly (a table of
// 2^len entries per run of digits); longer ones, only on grids above
// 10x10, get a cheaper filter.
const renbanExactMax = 10

func (r *renban) Kind() string          { return "renban" }
func (r *renban) Cells() []int          { return r.cells }
func (r *renban) String() string        { return "renban " + sudoku.CellRange(r.n, r.cells) }
func (r *renban) Distinct() [][]int     { return [][]int{r.cells} }
func (r *renban) Check(g []uint8) error { return checkPlaced(r, r.n, g) }

// Propagate tries every run of len(cells) digits (a window): a window
// fits when its digits can go one to each cell, each to a cell that may
// hold it (found exactly by a table over which of the window's digits
// the first cells took); each cell keeps the digits it takes in some
// fitting window. This is all a renban line alone allows: a cell keeps a
// digit only when the whole line can be filled around it.
func (r *renban) Propagate(d *sudoku.Domains) bool {
	L := len(r.cells)
	var cand, sup [renbanExactMax]sudoku.Digits
	if L > renbanExactMax {
		return r.propagateLong(d)
	}
	for i, c := range r.cells {
		cand[i] = d.Of(c)
	}
	var fits sudoku.Digits // the first digits of the windows that fit
	for s := 1; s+L-1 <= r.n; s++ {
		if renbanWindow(&cand, L, s, &sup) {
			fits |= sudoku.DigitOf(s)
		}
	}
	for i, c := range r.cells {
		if !d.Keep(c, sup[i]) {
			return false
		}
	}
	if d.Explain {
		d.Because(r.reason(fits), r.cells...)
	}
	return fits != 0
}

// renbanWindow reports whether the digits s..s+L-1 can go one to each
// cell, each to a cell whose candidates hold it, and adds to sup the
// digits each cell takes in some way of doing so.
func renbanWindow(cand *[renbanExactMax]sudoku.Digits, L, s int, sup *[renbanExactMax]sudoku.Digits) bool {
	win := sudoku.Range(s, s+L-1)
	var all sudoku.Digits
	for i := range L {
		if cand[i]&win == 0 {
			return false
		}
		all |= cand[i]
	}
	if all&win != win {
		return false
	}
	var done renbanSet
	renbanDone(cand, L, s, &done)
	if !done.has(0) {
		return false
	}
	var reach renbanSet
	reach.add(0)
	full := 1<<L - 1
	for m := 0; m < full; m++ {
		if !reach.has(m) || !done.has(m) {
			continue
		}
		i := bits.OnesCount(uint(m))
		for free := full &^ m; free != 0; free &= free - 1 {
			b := bits.TrailingZeros(uint(free))
			if next := m | 1<<b; cand[i].Has(s+b) && done.has(next) {
				reach.add(next)
				sup[i] |= sudoku.DigitOf(s + b)
			}
		}
	}
	return true
}

// renbanSet is a set of subsets of a window's digits (bit b of a subset
// for digit s+b).
type renbanSet [1 << renbanExactMax / 64]uint64

func (r *renbanSet) has(m int) bool { return r[m>>6]&(1<<(m&63)) != 0 }
func (r *renbanSet) add(m int)      { r[m>>6] |= 1 << (m & 63) }

// renbanDone fills done with the subsets m such that, the first
// popcount(m) cells having taken the digits of m, the others can take
// the rest of the window.
func renbanDone(cand *[renbanExactMax]sudoku.Digits, L, s int, done *renbanSet) {
	full := 1<<L - 1
	done.add(full)
	for m := full - 1; m >= 0; m-- {
		i := bits.OnesCount(uint(m))
		for free := full &^ m; free != 0; free &= free - 1 {
			b := bits.TrailingZeros(uint(free))
			if cand[i].Has(s+b) && done.has(m|1<<b) {
				done.add(m)
				break
			}
		}
	}
}

// propagateLong is the filter of lines longer than renbanExactMax: a
// window fits when every cell may hold one of its digits and each of its
// digits has a cell; each cell keeps its digits in windows that fit.
func (r *renban) propagateLong(d *sudoku.Domains) bool {
	L := len(r.cells)
	var keep, fits sudoku.Digits
	for s := 1; s+L-1 <= r.n; s++ {
		win := sudoku.Range(s, s+L-1)
		var all sudoku.Digits
		ok := true
		for _, c := range r.cells {
			ok = ok && d.Of(c)&win != 0
			all |= d.Of(c)
		}
		if ok && all&win == win {
			keep |= win
			fits |= sudoku.DigitOf(s)
		}
	}
	for _, c := range r.cells {
		if !d.Keep(c, keep) {
			return false
		}
	}
	if d.Explain {
		d.Because(r.reason(fits), r.cells...)
	}
	return true
}

// reason words what the line allows: "the renban line r1c2-r1c4 holds 3
// different consecutive digits, and only 2-4 or 5-7 fit".
func (r *renban) reason(fits sudoku.Digits) string {
	L := len(r.cells)
	var runs []string
	for x := fits; x != 0; x &= x - 1 {
		s := x.Min()
		runs = append(runs, sudoku.DigitString(s)+"-"+sudoku.DigitString(s+L-1))
	}
	if len(runs) == 0 {
		return fmt.Sprintf("the renban line %s holds %d different consecutive digits, and no run of them fits", sudoku.CellRange(r.n, r.cells), L)
	}
	return fmt.Sprintf("the renban line %s holds %d different consecutive digits, and only %s fit", sudoku.CellRange(r.n, r.cells), L, strings.Join(runs, " or "))
}

// Rows (exact with its binaries): a binary y(s) for each window s..s+L-1,
// sum y(s) = 1; each cell's digit lies in the window chosen, x(c, d) <=
// sum of y(s) over the windows holding d; and no digit twice, sum over the
// cells of x(c, d) <= 1. L different digits in a window of L are the
// window.
func (r *renban) Rows(m sudoku.Model) {
	L := len(r.cells)
	var ys []sudoku.Term
	win := map[int]sudoku.Var{}
	for s := 1; s+L-1 <= r.n; s++ {
		v := m.Binary(fmt.Sprintf("%s runs %d-%d", r, s, s+L-1))
		win[s] = v
		ys = append(ys, sudoku.Term{Coef: 1, Var: v})
	}
	m.Row("renban window", ys, sudoku.Equal, 1)
	for d := 1; d <= r.n; d++ {
		var once []sudoku.Term
		for _, c := range r.cells {
			row := []sudoku.Term{{Coef: 1, Var: m.Cell(c, d)}}
			for s := max(1, d-L+1); s <= d && s+L-1 <= r.n; s++ {
				row = append(row, sudoku.Term{Coef: -1, Var: win[s]})
			}
			m.Row("renban digit in window", row, sudoku.AtMost, 0)
			once = append(once, sudoku.Term{Coef: 1, Var: m.Cell(c, d)})
		}
		m.Row("renban different", once, sudoku.AtMost, 1)
	}
}

// Shapes: a thick purple line.
func (r *renban) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(r.n, r.cells, "#F067F0", 0.4)}
}

func readRenbans(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("renban", 1, func(cells []int, _ []byte) error {
		if len(cells) > f.Size {
			return fmt.Errorf("a renban line of %d cells cannot hold different digits of 1 to %d", len(cells), f.Size)
		}
		out = append(out, &renban{n: f.Size, cells: cells})
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "renban", Title: "Renban", Rule: "Digits on a purple line (renban) are different and consecutive, in any order.",
		Read: readRenbans, Write: writeLines("renban", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Renban": sudoku.ISSViaFP("renban", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Renban", sudoku.ISSLine)},
	})
}
