package constraint

import (
	"fmt"
	"strings"
	"sudoku"
)

// Entropic lines (f-puzzles "entropicline", an orange line): any three
// cells in a row on the line hold one low, one middle and one high digit
// (1-3, 4-6, 7-9 on a 9x9; on other sizes the middle rank takes the odd
// digits out, as f-puzzles splits them). A line of two cells holds two
// ranks. So cells three apart share a rank, and the three cells that
// start the line have three different ranks: that is the whole rule.
// Modular lines (modularline.go) are the same with the
// residues mod 3 as ranks.

// rankLine is a line whose cells three apart share a rank and whose
// first three cells have different ranks.
type rankLine struct {
	kind   string
	n      int
	cells  []int
	ranks  [3]sudoku.Digits
	names  [3]string // the ranks in words: "low (1-3)"
	colour string
}

// entropicRanks returns the low, middle and high digits of an n-grid:
// low and high have n/3 digits each when that leaves the rest to the
// middle rank with n/3 rounded up, else n/3 rounded up each.
func entropicRanks(n int) [3]sudoku.Digits {
	lo, up := n/3, (n+2)/3
	side, mid := up, lo
	if 2*lo+up == n {
		side, mid = lo, up
	}
	return [3]sudoku.Digits{sudoku.Range(1, side), sudoku.Range(side+1, side+mid), sudoku.Range(side+mid+1, n)}
}

func newEntropicLine(n int, cells []int) *rankLine {
	r := entropicRanks(n)
	names := [3]string{}
	for i, w := range []string{"low", "middle", "high"} {
		names[i] = fmt.Sprintf("%s (%s-%s)", w, sudoku.DigitString(r[i].Min()), sudoku.DigitString(r[i].Max()))
	}
	return &rankLine{kind: "entropicline", n: n, cells: cells, ranks: r, names: names, colour: "#FFCCAA"}
}

func (k *rankLine) Kind() string          { return k.kind }
func (k *rankLine) Cells() []int          { return k.cells }
func (k *rankLine) String() string        { return k.what() + " " + sudoku.CellRange(k.n, k.cells) }
func (k *rankLine) Check(g []uint8) error { return checkPlaced(k, k.n, g) }

// what names the kind in words.
func (k *rankLine) what() string {
	if k.kind == "modularline" {
		return "modular line"
	}
	return "entropic line"
}

// rankPerms are the ways to give three places three different ranks.
var rankPerms = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// Propagate finds the ranks each place (a cell's index mod 3) may take:
// a rank every cell of the place may hold, the places' ranks all
// different (tried over the six ways); each cell keeps the digits of its
// place's ranks. Exact: that is all the line allows.
func (k *rankLine) Propagate(d *sudoku.Domains) bool {
	places := min(len(k.cells), 3)
	var may, sup [3]uint8 // bit r: the place may take rank r
	for p := range places {
		may[p] = 7
		for i := p; i < len(k.cells); i += 3 {
			for r, digits := range k.ranks {
				if d.Of(k.cells[i])&digits == 0 {
					may[p] &^= 1 << r
				}
			}
		}
	}
	for _, perm := range rankPerms {
		ok := true
		for p := range places {
			ok = ok && may[p]&(1<<perm[p]) != 0
		}
		for p := 0; ok && p < places; p++ {
			sup[p] |= 1 << perm[p]
		}
	}
	for p := range places {
		if !k.keepPlace(d, p, sup[p]) {
			return false
		}
	}
	return true
}

// keepPlace narrows the cells of place p to the digits of ranks.
func (k *rankLine) keepPlace(d *sudoku.Domains, p int, ranks uint8) bool {
	var keep sudoku.Digits
	for r, digits := range k.ranks {
		if ranks&(1<<r) != 0 {
			keep |= digits
		}
	}
	for i := p; i < len(k.cells); i += 3 {
		if !d.Keep(k.cells[i], keep) {
			return false
		}
	}
	if d.Explain {
		d.Because(k.reason(p, ranks), k.placeCells(p)...)
	}
	return true
}

// placeCells returns the cells of place p: p, p+3, ...
func (k *rankLine) placeCells(p int) []int {
	var out []int
	for i := p; i < len(k.cells); i += 3 {
		out = append(out, k.cells[i])
	}
	return out
}

// reason words what place p may take: "on the entropic line r1c1-r1c9,
// any three cells in a row hold a low (1-3), a middle (4-6) and a high
// (7-9) digit: r1c1, r1c4 and r1c7 share a rank, which can only be high".
func (k *rankLine) reason(p int, ranks uint8) string {
	var can []string
	for r := range k.ranks {
		if ranks&(1<<r) != 0 {
			can = append(can, k.names[r])
		}
	}
	cells := k.placeCells(p)
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = sudoku.CellName(k.n, c)
	}
	who := names[0] + " is"
	if len(names) > 1 {
		who = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " share a rank, which is"
	}
	return fmt.Sprintf("on the %s %s, %s: %s only %s", k.what(), sudoku.CellRange(k.n, k.cells), k.ruleText(), who, strings.Join(can, " or "))
}

// ruleText words the rule of the line.
func (k *rankLine) ruleText() string {
	if len(k.cells) < 3 {
		return "its two cells hold digits of different ranks: " + strings.Join(k.names[:], ", ")
	}
	return fmt.Sprintf("any three cells in a row hold one digit of each rank, %s", strings.Join(k.names[:], ", "))
}

// Rule words the rule with this size's ranks.
func (k *rankLine) Rule() string {
	if k.kind == "modularline" {
		return fmt.Sprintf("Any three cells in a row on a teal line (modular) hold one digit of each of %s; two cells of a line of two are different mod 3.", strings.Join(k.names[:], ", "))
	}
	return fmt.Sprintf("Any three cells in a row on an orange line (entropic) hold one low, one middle and one high digit (%s); two cells of a line of two are of different ranks.", strings.Join(k.names[:], ", "))
}

// Rows (exact with its binaries): z(p, r) is 1 when place p (cells p,
// p+3, ...) takes rank r; each place takes one rank, sum over r of z(p, r)
// = 1; each rank goes to one place at most, sum over p of z(p, r) <= 1;
// and each cell holds a digit of its place's rank, sum of x(c, d) over the
// digits d of rank r = z(p, r).
func (k *rankLine) Rows(m sudoku.Model) {
	places := min(len(k.cells), 3)
	var z [3][3]sudoku.Var
	for p := range places {
		var one []sudoku.Term
		for r := range k.ranks {
			z[p][r] = m.Binary(fmt.Sprintf("%s place %d is %s", k, p+1, k.names[r]))
			one = append(one, sudoku.Term{Coef: 1, Var: z[p][r]})
		}
		m.Row(k.kind+" place rank", one, sudoku.Equal, 1)
	}
	for r := range k.ranks {
		var used []sudoku.Term
		for p := range places {
			used = append(used, sudoku.Term{Coef: 1, Var: z[p][r]})
		}
		m.Row(k.kind+" rank once", used, sudoku.AtMost, 1)
	}
	for i, c := range k.cells {
		for r, digits := range k.ranks {
			row := []sudoku.Term{{Coef: -1, Var: z[i%3][r]}}
			for x := digits; x != 0; x &= x - 1 {
				row = append(row, sudoku.Term{Coef: 1, Var: m.Cell(c, x.Min())})
			}
			m.Row(k.kind+" cell rank", row, sudoku.Equal, 0)
		}
	}
}

// Shapes: a thin line of the kind's colour.
func (k *rankLine) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(k.n, k.cells, k.colour, 0.15625)}
}

// readRankLines reads the lines of key, made by mk.
func readRankLines(key string, mk func(n int, cells []int) *rankLine) func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	return func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
		var out []sudoku.Constraint
		err := f.ReadLines(key, 1, func(cells []int, _ []byte) error {
			out = append(out, mk(f.Size, cells))
			return nil
		})
		return out, err
	}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "entropicline", Title: "Entropic line", Rule: "Any three cells in a row on an orange line (entropic) hold one low (1-3), one middle (4-6) and one high (7-9) digit.",
		Read: readRankLines("entropicline", newEntropicLine), Write: writeLines("entropicline", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Entropic": issReadEntropic}, Write: issWriteEntropic},
	})
}

// Its ISS form.

// issWriteEntropic writes an entropic line on a 9x9: ISS's ranks are
// those of 1-9 only.
func issWriteEntropic(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	if w.Size() != 9 {
		return fmt.Errorf("ISS's entropic lines are for the digits 1-9, not 1-%d", w.Size())
	}
	w.AddCells("Entropic", c.Cells())
	return nil
}

// issReadEntropic reads an entropic line, on a 9x9 only (as ISS).
func issReadEntropic(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if r.Size() != 9 {
		return nil, e.Errorf("ISS's entropic lines need the digits 1-9, not 1-%d", r.Size())
	}
	return sudoku.ISSViaFP("entropicline", sudoku.ISSLine)(r, e)
}
