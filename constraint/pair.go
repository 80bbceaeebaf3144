package constraint

import (
	"fmt"
	"math/bits"
	"slices"
	"sudoku"
)

// This file holds what the kinds of constraint share: relations between
// the digits of two cells (kropki dots, XV, whispers, palindromes, clones,
// the negative rules of dots), propagated to arc consistency over the
// candidate masks, and their rows in the 0-1 model; and the small helpers
// of cells and words.

// pairTable is a PairRule tabled for digits 1..n: fwd[a] holds the digits
// b of the second cell allowed with a in the first, back[b] the digits a
// allowed with b.
type pairTable struct {
	n         int
	fwd, back [sudoku.MaxSize + 1]sudoku.Digits
	// fwdSet and backSet hold the support of every set of digits, for
	// sizes up to tabledSize: one lookup where a loop over the digits
	// would be.
	fwdSet, backSet []sudoku.Digits
}

// tabledSize is the largest size whose pair tables list the support of
// every set of digits (2^9 entries each at 9).
const tabledSize = 9

func newPairTable(n int, ok sudoku.PairRule) *pairTable {
	t := &pairTable{n: n}
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if ok(a, b) {
				t.fwd[a] |= sudoku.DigitOf(b)
				t.back[b] |= sudoku.DigitOf(a)
			}
		}
	}
	if n <= tabledSize {
		t.fwdSet, t.backSet = supportSets(&t.fwd, n), supportSets(&t.back, n)
	}
	return t
}

// supportSets lists support(tab, m) for every set m of digits 1..n.
func supportSets(tab *[sudoku.MaxSize + 1]sudoku.Digits, n int) []sudoku.Digits {
	out := make([]sudoku.Digits, 1<<n)
	for m := 1; m < len(out); m++ {
		low := bits.TrailingZeros(uint(m))
		out[m] = out[m&(m-1)] | tab[low+1]
	}
	return out
}

// support returns the digits of one cell that some digit of m in the
// other allows, through table tab (fwd or back).
func support(tab *[sudoku.MaxSize + 1]sudoku.Digits, m sudoku.Digits) sudoku.Digits {
	var s sudoku.Digits
	for ; m != 0; m &= m - 1 {
		s |= tab[bits.TrailingZeros32(uint32(m))+1]
	}
	return s
}

// propagate narrows the cells x and y to the digits that have a partner
// in the other (arc consistency).
func (t *pairTable) propagate(d *sudoku.Domains, x, y int) bool {
	if t.fwdSet != nil {
		return d.Keep(y, t.fwdSet[d.Of(x)]) && d.Keep(x, t.backSet[d.Of(y)])
	}
	return d.Keep(y, support(&t.fwd, d.Of(x))) && d.Keep(x, support(&t.back, d.Of(y)))
}

// holds reports whether digits a (first cell) and b (second) keep the
// relation; 0 is an empty cell, which keeps every relation.
func (t *pairTable) holds(a, b int) bool {
	return a == 0 || b == 0 || t.fwd[a].Has(b)
}

// rows writes that a pair keeps the relation: for every digit a of one
// cell, x(c1, a) <= the sum of x(c2, b) over the b the relation allows
// with a (one row per digit, where pairwise exclusions would take one row
// per forbidden pair), and the same from c2 to c1.
func (t *pairTable) rows(m sudoku.Model, name string, c1, c2 int) {
	t.supportRows(m, name, c1, c2, &t.fwd)
	t.supportRows(m, name, c2, c1, &t.back)
}

// supportRows writes, for each digit a of cell x, that x holds a only if
// y holds a digit of sup[a] (x_a <= sum of y_b), leaving out the digits
// every b supports. Either direction alone is exact; both make the LP
// relaxation tighter (CBC on Anti-Ratio Coverage: 47 s with one, 28 s
// with both).
func (t *pairTable) supportRows(m sudoku.Model, name string, x, y int, sup *[sudoku.MaxSize + 1]sudoku.Digits) {
	for a := 1; a <= t.n; a++ {
		if sup[a].Count() == t.n {
			continue
		}
		terms := []sudoku.Term{{Coef: 1, Var: m.Cell(x, a)}}
		for b := 1; b <= t.n; b++ {
			if sup[a].Has(b) {
				terms = append(terms, sudoku.Term{Coef: -1, Var: m.Cell(y, b)})
			}
		}
		m.Row(name, terms, sudoku.AtMost, 0)
	}
}

// pairsConstraint holds the relation of many pairs of cells: a negative
// rule (no two neighbours without a dot are consecutive) or the pairs of
// a line. Its behaviour is the relation's; its kind, words and drawing
// are its owner's.
type pairsConstraint struct {
	kind  string
	label string
	n     int
	pairs []sudoku.Pair
	tab   *pairTable
	cells []int
}

func newPairs(kind, label string, n int, pairs []sudoku.Pair, ok sudoku.PairRule) *pairsConstraint {
	p := &pairsConstraint{kind: kind, label: label, n: n, pairs: pairs, tab: newPairTable(n, ok)}
	for _, pr := range pairs {
		for _, c := range []int{pr.A, pr.B} {
			if !slices.Contains(p.cells, c) {
				p.cells = append(p.cells, c)
			}
		}
	}
	return p
}

func (p *pairsConstraint) Kind() string           { return p.kind }
func (p *pairsConstraint) Cells() []int           { return p.cells }
func (p *pairsConstraint) String() string         { return p.label }
func (p *pairsConstraint) Shapes() []sudoku.Shape { return nil }

func (p *pairsConstraint) Check(cells []uint8) error {
	for _, pr := range p.pairs {
		if a, b := int(cells[pr.A]), int(cells[pr.B]); !p.tab.holds(a, b) {
			return &sudoku.ConstraintError{Size: p.n, Kind: p.kind, Index: -1, Cells: []int{pr.A, pr.B}, Msg: fmt.Sprintf("%s and %s break it (%s)", sudoku.DigitString(a), sudoku.DigitString(b), p.label)}
		}
	}
	return nil
}

func (p *pairsConstraint) Propagate(d *sudoku.Domains) bool {
	for _, pr := range p.pairs {
		if !p.tab.propagate(d, pr.A, pr.B) {
			return false
		}
	}
	return true
}

func (p *pairsConstraint) Rows(m sudoku.Model) {
	for _, pr := range p.pairs {
		p.tab.rows(m, p.kind, pr.A, pr.B)
	}
}

// Parts are the pairs, one relation each, sharing the table.
func (p *pairsConstraint) Parts() []sudoku.Constraint {
	out := make([]sudoku.Constraint, len(p.pairs))
	for i, pr := range p.pairs {
		out[i] = &pairPart{owner: p, a: pr.A, b: pr.B}
	}
	return out
}

// pairPart is one pair of a pairsConstraint, propagated on its own.
type pairPart struct {
	owner *pairsConstraint
	a, b  int
}

func (p *pairPart) Kind() string           { return p.owner.kind }
func (p *pairPart) Cells() []int           { return []int{p.a, p.b} }
func (p *pairPart) String() string         { return p.owner.label }
func (p *pairPart) Shapes() []sudoku.Shape { return nil }
func (p *pairPart) Rows(sudoku.Model)      {} // the owner writes them

func (p *pairPart) Check(cells []uint8) error {
	if a, b := int(cells[p.a]), int(cells[p.b]); !p.owner.tab.holds(a, b) {
		return &sudoku.ConstraintError{Size: p.owner.n, Kind: p.owner.kind, Index: -1, Cells: []int{p.a, p.b}, Msg: fmt.Sprintf("%s and %s break it (%s)", sudoku.DigitString(a), sudoku.DigitString(b), p.owner.label)}
	}
	return nil
}

func (p *pairPart) Propagate(d *sudoku.Domains) bool { return p.owner.tab.propagate(d, p.a, p.b) }

// orthogonalPairs returns every pair of side-by-side cells of an n-grid,
// the lower index first.
func orthogonalPairs(n int) []sudoku.Pair {
	var out []sudoku.Pair
	for c := 0; c < n*n; c++ {
		if c%n+1 < n {
			out = append(out, sudoku.Pair{A: c, B: c + 1})
		}
		if c+n < n*n {
			out = append(out, sudoku.Pair{A: c, B: c + n})
		}
	}
	return out
}

// adjacent reports whether cells a and b of an n-grid are side by side.
func adjacent(n, a, b int) bool {
	dr, dc := a/n-b/n, a%n-b%n
	return dr*dr+dc*dc == 1
}

// between returns the point halfway between the centres of cells a and
// b.
func between(n, a, b int) sudoku.Point {
	pa, pb := sudoku.CellCentre(n, a), sudoku.CellCentre(n, b)
	return sudoku.Point{R: (pa.R + pb.R) / 2, C: (pa.C + pb.C) / 2}
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
