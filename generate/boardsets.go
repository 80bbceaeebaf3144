package generate

import (
	"context"
	"errors"
	"slices"

	"sudoku"
	"sudoku/solver"
)

// unavoidable holds unavoidable sets of one solution grid of a board: sets
// of cells where another solution differs from it, so that a puzzle with
// no given in one of them has two solutions. A removal that empties a
// known set is refused without a search: digging a 6x6 board, nine in
// ten searches find a second solution, most of them through the sets of
// two digits.
type unavoidable struct {
	sets   [][]int
	setsOf [][]int32 // per cell: indexes into sets
}

// newUnavoidable starts the sets of solution sol: those of two digits
// when the rules are houses alone (see pairSets), none otherwise.
func newUnavoidable(l *sudoku.Layout, sol []uint8) *unavoidable {
	u := &unavoidable{setsOf: make([][]int32, len(sol))}
	if housesOnly(l) {
		for _, s := range pairSets(l, sol) {
			u.add(s)
		}
	}
	return u
}

// housesOnly reports whether every rule of l's board is a house: no
// smaller regions, cages, knight's or king's moves, parity or
// constraints, under which swapping two digits may break a rule.
func housesOnly(l *sudoku.Layout) bool {
	r := l.Rules
	if l.Houses != len(l.Units) || r.Parity != nil || r.HasConstraints() {
		return false
	}
	for _, m := range l.Moves {
		if len(m) > 0 {
			return false
		}
	}
	return true
}

// add adds set s.
func (u *unavoidable) add(s []int) {
	i := int32(len(u.sets))
	u.sets = append(u.sets, s)
	for _, c := range s {
		u.setsOf[c] = append(u.setsOf[c], i)
	}
}

// emptied reports whether taking out the cells of orbit o (already out
// of cells) left a known set with no given.
func (u *unavoidable) emptied(cells []uint8, o []int) bool {
	for _, c := range o {
		for _, i := range u.setsOf[c] {
			if empty(cells, u.sets[i]) {
				return true
			}
		}
	}
	return false
}

// empty reports whether the cells of s are all empty.
func empty(cells []uint8, s []int) bool {
	for _, c := range s {
		if cells[c] != 0 {
			return false
		}
	}
	return true
}

// pairSets returns the sets of two digits of solution sol: for digits a
// and b, the cells holding them fall into groups that can swap a and b
// and stay a solution, when every house holds one a and one b of a group
// or none (the groups are the components of the graph joining the a and
// the b of each house). A Latin square of order 6 has about 30 of them.
func pairSets(l *sudoku.Layout, sol []uint8) [][]int {
	n := l.N
	at := make([]int, l.Houses*n) // the cell of each digit in each house
	for h, u := range l.Units[:l.Houses] {
		for _, c := range u.Cells {
			at[h*n+int(sol[c])-1] = c
		}
	}
	of := make([][]int, n) // the cells of each digit
	for c, v := range sol {
		of[v-1] = append(of[v-1], c)
	}
	parent, group := make([]int, len(sol)), make([]int, len(sol))
	var out [][]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			out = swapGroups(at, of[a], of[b], a, b, n, parent, group, out)
		}
	}
	return out
}

// swapGroups appends to out the groups of pairSets for digits a+1 and
// b+1, whose cells are ca and cb; at is pairSets', parent and group
// scratch of the board's size.
func swapGroups(at, ca, cb []int, a, b, n int, parent, group []int, out [][]int) [][]int {
	for _, cs := range [2][]int{ca, cb} {
		for _, c := range cs {
			parent[c] = c
		}
	}
	for h := 0; h < len(at); h += n {
		parent[find(parent, at[h+a])] = find(parent, at[h+b])
	}
	for _, cs := range [2][]int{ca, cb} {
		for _, c := range cs {
			group[c] = -1
		}
	}
	for _, cs := range [2][]int{ca, cb} {
		for _, c := range cs {
			r := find(parent, c)
			if group[r] < 0 {
				group[r] = len(out)
				out = append(out, nil)
			}
			out[group[r]] = append(out[group[r]], c)
		}
	}
	return out
}

// find returns the root of c's component, halving the path.
func find(parent []int, c int) int {
	for parent[c] != c {
		parent[c] = parent[parent[c]]
		c = parent[c]
	}
	return c
}

// check reports whether board b, dug from solution sol, has one solution:
// false at once when it leaves a known set empty (o: the cells just
// taken out), else by a search within budget nodes, whose second
// solution, when it finds one, adds the cells where it differs from sol
// as a set.
func (u *unavoidable) check(ctx context.Context, b *sudoku.Board, sol []uint8, o []int, budget int64, checks *int) (bool, error) {
	if u.emptied(b.Cells, o) {
		return false, nil
	}
	*checks++
	res, err := solver.SearchWithin(ctx, b, 2, budget)
	if errors.Is(err, solver.ErrBudget) {
		return false, nil
	}
	if err != nil || res.Count == 1 {
		return res.Count == 1 && err == nil, err
	}
	other := res.Solution
	if slices.Equal(other, sol) {
		other = res.Second
	}
	var diff []int
	for c, v := range other {
		if v != sol[c] {
			diff = append(diff, c)
		}
	}
	if len(diff) > 0 {
		u.add(diff)
	}
	return false, nil
}

// blocker returns a set board b (dug from solution sol, orbit o just
// taken out) leaves empty: a known one, or the one a search adds; -1 when
// b has one solution or the search ran past its budget.
func (u *unavoidable) blocker(ctx context.Context, b *sudoku.Board, sol []uint8, o []int, checks *int) int {
	for _, c := range o {
		for _, i := range u.setsOf[c] {
			if empty(b.Cells, u.sets[i]) {
				return int(i)
			}
		}
	}
	n := len(u.sets)
	if ok, err := u.check(ctx, b, sol, nil, digBudget, checks); ok || err != nil || len(u.sets) == n {
		return -1
	}
	return n
}
