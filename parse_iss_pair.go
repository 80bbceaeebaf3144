package sudoku

import (
	"strings"
)

// ISS's Pair and PairX: a relation of digits given as a binary key
// (parse_iss_grid.go), Pair's between each cell of a group and the next,
// PairX's between every two cells of a group. They are read when the
// relation is one a kind reads (ISSForm.Pairs: the ones FormatISS writes
// this way, and the thermometers, dots and whispers ISS has types for);
// any other key is refused.

// issReadPair reads a Pair (pairX false) or PairX of a relation we have.
func issReadPair(pairX bool) ISSRead {
	return func(r *ISSReader, e ISSElem) ([]Constraint, error) {
		if len(e.args) == 0 {
			return nil, e.Errorf("want a key and cells")
		}
		tab, ok := issKeyTable(r.n, e.args[0])
		if !ok {
			return nil, e.Errorf("key %q is not a relation of the digits 1 to %d", e.args[0], r.n)
		}
		groups, err := r.pairGroups(e, e.args[1:])
		if err != nil {
			return nil, err
		}
		for _, rel := range issRelations(pairX) {
			for v := rel.Lo(r.n); v <= rel.Hi(r.n); v++ {
				if issSameTable(r.n, &tab, func(a, b int) bool { return rel.Holds(v, a, b) }) {
					return rel.Make(r, e, v, groups)
				}
			}
		}
		return nil, e.Errorf("its relation (key %s) is none of ours (%s)", e.args[0], issRelationNames(pairX))
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
	for _, rel := range issRelations(pairX) {
		names = append(names, rel.Name)
	}
	return strings.Join(names, ", ")
}

// pairGroups reads the groups of cells after a key: an empty argument,
// or a name ("_name"), starts a new group; groups of one cell relate
// nothing and are left out.
func (r *ISSReader) pairGroups(e ISSElem, items []string) ([][]int, error) {
	var out [][]int
	var cur []string
	flush := func() error {
		cells, err := r.Cells(e, cur, 0)
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
		return nil, e.Errorf("no group of two cells or more")
	}
	return out, nil
}
