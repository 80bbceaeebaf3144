package sudoku

import (
	"slices"
	"strings"
)

// ISS's Pair and PairX: a relation of digits given as a binary key
// (parse_iss_grid.go), Pair's between each cell of a group and the next,
// PairX's between every two cells of a group. They are read when the
// relation is one of our kinds' (the ones FormatISS writes this way, and
// the thermometers, dots and whispers ISS has types for); any other key
// is refused.

// issRelation is a relation of digits one of our kinds holds, with its
// parameter v (0 when it takes none).
type issRelation struct {
	name  string
	pairX bool // read from PairX (every two cells), else from Pair
	lo    func(n int) int
	hi    func(n int) int
	rel   func(v, a, b int) bool
	make  func(r *issReader, e issElem, v int, groups [][]int) ([]Constraint, error)
}

func zero(int) int { return 0 }

// issRelations are the relations read, tried in order.
var issRelations = []issRelation{
	{"a thermometer", false, zero, zero, func(_, a, b int) bool { return a < b }, issThermos(false)},
	{"a slow thermometer", false, zero, zero, func(_, a, b int) bool { return a <= b }, issThermos(true)},
	{"clones", false, zero, zero, func(_, a, b int) bool { return a == b }, issClones},
	{"whispers", false, func(int) int { return 1 }, func(n int) int { return n - 1 }, func(v, a, b int) bool { return abs(a-b) >= v }, issWhispers},
	{"white dots", false, func(int) int { return 1 }, func(n int) int { return n - 1 }, differenceDots.holds, issDots(differenceDots, false)},
	{"black dots", false, func(int) int { return 2 }, func(n int) int { return n - 1 }, ratioDots.holds, issDots(ratioDots, false)},
	{"XV sums", false, func(int) int { return 2 }, func(n int) int { return 2*n + 1 }, xvDots.holds, issDots(xvDots, false)},
	{"no white dot", false, func(int) int { return 1 }, func(n int) int { return n - 1 }, negate(differenceDots.holds), issDots(differenceDots, true)},
	{"no black dot", false, func(int) int { return 2 }, func(n int) int { return n - 1 }, negate(ratioDots.holds), issDots(ratioDots, true)},
	{"no XV sum", false, func(int) int { return 2 }, func(n int) int { return 2*n + 1 }, negate(xvDots.holds), issDots(xvDots, true)},
	{"a parity line", false, zero, zero, func(_, a, b int) bool { return (a+b)%2 == 1 }, issParityLines},
	{"a nabner line", true, zero, zero, func(_, a, b int) bool { return abs(a-b) >= 2 }, issNabners},
}

func negate(f func(v, a, b int) bool) func(v, a, b int) bool {
	return func(v, a, b int) bool { return !f(v, a, b) }
}

// issReadPair reads a Pair (pairX false) or PairX of a relation we have.
func issReadPair(pairX bool) issRead {
	return func(r *issReader, e issElem) ([]Constraint, error) {
		if len(e.args) == 0 {
			return nil, e.errorf("want a key and cells")
		}
		tab, ok := issKeyTable(r.n, e.args[0])
		if !ok {
			return nil, e.errorf("key %q is not a relation of the digits 1 to %d", e.args[0], r.n)
		}
		groups, err := r.pairGroups(e, e.args[1:])
		if err != nil {
			return nil, err
		}
		for _, rel := range issRelations {
			if rel.pairX != pairX {
				continue
			}
			for v := rel.lo(r.n); v <= rel.hi(r.n); v++ {
				if issSameTable(r.n, &tab, func(a, b int) bool { return rel.rel(v, a, b) }) {
					return rel.make(r, e, v, groups)
				}
			}
		}
		return nil, e.errorf("its relation (key %s) is none of ours (%s)", e.args[0], issRelationNames(pairX))
	}
}

// issSameTable reports whether tab is the relation rel on an n-grid.
func issSameTable(n int, tab *[MaxSize + 1]Digits, rel func(a, b int) bool) bool {
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			if tab[a].Has(b) != rel(a, b) {
				return false
			}
		}
	}
	return true
}

// issRelationNames lists the relations read from Pair (PairX).
func issRelationNames(pairX bool) string {
	var names []string
	for _, rel := range issRelations {
		if rel.pairX == pairX {
			names = append(names, rel.name)
		}
	}
	return strings.Join(names, ", ")
}

// pairGroups reads the groups of cells after a key: an empty argument,
// or a name ("_name"), starts a new group; groups of one cell relate
// nothing and are left out.
func (r *issReader) pairGroups(e issElem, items []string) ([][]int, error) {
	var out [][]int
	var cur []string
	flush := func() error {
		cells, err := r.cells(e, cur, 0)
		if len(cells) > 1 {
			out = append(out, cells)
		}
		cur = nil
		return err
	}
	for _, it := range items {
		if it == "" || strings.HasPrefix(it, "_") {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cur = append(cur, it)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, e.errorf("no group of two cells or more")
	}
	return out, nil
}

// chainPairs returns each cell of each group with the next.
func chainPairs(groups [][]int) []Pair {
	var out []Pair
	for _, g := range groups {
		for i := 1; i < len(g); i++ {
			out = append(out, Pair{g[i-1], g[i]})
		}
	}
	return out
}

func issThermos(slow bool) func(r *issReader, e issElem, v int, groups [][]int) ([]Constraint, error) {
	return func(r *issReader, e issElem, _ int, groups [][]int) ([]Constraint, error) {
		var out []Constraint
		for _, g := range groups {
			k, err := NewThermometer(r.n, g, slow)
			if err != nil {
				return nil, e.errorf("%v", err)
			}
			out = append(out, k)
		}
		return out, nil
	}
}

// issClones reads equal pairs as clones: each cell and the next, in as
// few clones as keep each list's cells different.
func issClones(r *issReader, e issElem, _ int, groups [][]int) ([]Constraint, error) {
	var out []Constraint
	var a, b []int
	for _, p := range chainPairs(groups) {
		if slices.Contains(a, p.A) || slices.Contains(b, p.B) {
			out = append(out, newClone(r.n, a, b))
			a, b = nil, nil
		}
		a, b = append(a, p.A), append(b, p.B)
	}
	return append(out, newClone(r.n, a, b)), nil
}

func issWhispers(r *issReader, e issElem, v int, groups [][]int) ([]Constraint, error) {
	var out []Constraint
	for _, g := range groups {
		out = append(out, newWhispers(r.n, g, v))
	}
	return out, nil
}

// issParityLines reads each list of cells as a parity line.
func issParityLines(r *issReader, e issElem, _ int, groups [][]int) ([]Constraint, error) {
	var out []Constraint
	for _, g := range groups {
		k, err := NewParityLine(r.n, g)
		if err != nil {
			return nil, e.errorf("%v", err)
		}
		out = append(out, k)
	}
	return out, nil
}

func issNabners(r *issReader, e issElem, _ int, groups [][]int) ([]Constraint, error) {
	var out []Constraint
	for _, g := range groups {
		if most := (r.n + 1) / 2; len(g) > most {
			return nil, e.errorf("a nabner line of %d cells cannot hold digits two apart of 1 to %d (at most %d)", len(g), r.n, most)
		}
		out = append(out, newNabner(r.n, g))
	}
	return out, nil
}

// issDots reads pairs of cells as dots of kind k with value v (each pair
// side by side), or as its negative rule over the pairs.
func issDots(k *dotKind, negative bool) func(r *issReader, e issElem, v int, groups [][]int) ([]Constraint, error) {
	return func(r *issReader, e issElem, v int, groups [][]int) ([]Constraint, error) {
		pairs := chainPairs(groups)
		if negative {
			return []Constraint{newNegativeDots(k, r.n, v, pairs)}, nil
		}
		var out []Constraint
		for _, p := range pairs {
			if !adjacent(r.n, p.A, p.B) {
				return nil, e.errorf("%s and %s are not side by side, as a dot's cells are", issCell(r.n, p.A), issCell(r.n, p.B))
			}
			out = append(out, newDot(k, r.n, p.A, p.B, v))
		}
		return out, nil
	}
}
