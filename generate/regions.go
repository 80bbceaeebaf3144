package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"sudoku"
	"sudoku/solver"
)

func init() {
	register(sudoku.VariantJigsaw, drawer{regions: func(o Options, rules *sudoku.Rules, r *rand.Rand) []uint8 {
		if o.SymmetricRegions {
			return SymmetricRegions(rules, r)
		}
		return Regions(rules, r)
	}})
}

// Regions draws a random jigsaw layout for rules' size: N connected
// regions of N cells. It starts from the boxes (or, for a size without a
// box shape, from bands of N cells in snake order) and swaps the regions
// of random neighbouring cells many times, keeping a swap only when both
// regions stay connected.
func Regions(rules *sudoku.Rules, r *rand.Rand) []uint8 {
	return regionSwaps(rules.Size, startRegions(rules), r)
}

// SymmetricRegions draws a jigsaw layout that a half turn maps onto
// itself (region g onto region sym[g]), as printed jigsaws often are: the
// swaps of Regions made in mirrored pairs. Sizes without boxes fall back
// to Regions' layout, which need not be symmetric.
func SymmetricRegions(rules *sudoku.Rules, r *rand.Rand) []uint8 {
	reg := startRegions(rules)
	if sym := symmetricStart(rules, reg); sym != nil {
		return symmetricRegions(rules.Size, reg, sym, r)
	}
	return regionSwaps(rules.Size, reg, r)
}

// symmetricStart returns the map of regions under a half turn when the
// starting layout is symmetric (the boxes are), or nil.
func symmetricStart(rules *sudoku.Rules, reg []uint8) []uint8 {
	n := rules.Size
	if rules.BoxRows == 0 || rules.BoxRows*rules.BoxCols != n {
		return nil
	}
	sym := make([]uint8, n)
	for c, g := range reg {
		sym[g] = reg[n*n-1-c]
	}
	for c, g := range reg {
		if reg[n*n-1-c] != sym[g] {
			return nil
		}
	}
	return sym
}

// regionSwaps swaps the regions of neighbouring cells in reg at random.
func regionSwaps(n int, reg []uint8, r *rand.Rand) []uint8 {
	members := membersOf(n, reg)
	var buf []int
	seen := make([]bool, n*n)
	for swaps, tries := 0, 0; swaps < 3*n*n/2 && tries < 100*n*n; tries++ {
		a := r.IntN(n * n)
		b, ok := neighbourIn(n, a, r)
		if !ok || reg[a] == reg[b] {
			continue
		}
		// a and b trade regions, with a second pair to keep sizes: a moves
		// to b's region and a cell c of b's region next to a's region moves
		// to a's.
		ga, gb := reg[a], reg[b]
		c := borderCell(n, reg, members[gb], ga, b, r)
		if c < 0 {
			continue
		}
		reg[a], reg[c] = gb, ga
		members[ga] = replace(members[ga], a, c)
		members[gb] = replace(members[gb], c, a)
		if !connected(n, reg, members[ga], &buf, &seen) || !connected(n, reg, members[gb], &buf, &seen) {
			reg[a], reg[c] = ga, gb
			members[ga] = replace(members[ga], c, a)
			members[gb] = replace(members[gb], a, c)
			continue
		}
		swaps++
	}
	return reg
}

// symmetricRegions is regionSwaps in mirrored pairs: with cell a moving
// to region gb and c to ga, the cells opposite them (nn-1-a, nn-1-c)
// move to sym[gb] and sym[ga], so the layout stays symmetric.
func symmetricRegions(n int, reg []uint8, sym []uint8, r *rand.Rand) []uint8 {
	nn := n * n
	members := membersOf(n, reg)
	var buf []int
	seen := make([]bool, nn)
	move := func(cells []int, to []uint8) {
		for k, c := range cells {
			from := reg[c]
			reg[c] = to[k]
			members[from] = slices.DeleteFunc(members[from], func(x int) bool { return x == c })
			members[to[k]] = append(members[to[k]], c)
		}
	}
	for swaps, tries := 0, 0; swaps < 2*nn && tries < 100*nn; tries++ {
		a := r.IntN(nn)
		b, ok := neighbourIn(n, a, r)
		if !ok || reg[a] == reg[b] {
			continue
		}
		ga, gb := reg[a], reg[b]
		c := borderCell(n, reg, members[gb], ga, b, r)
		if c < 0 {
			continue
		}
		a2, c2 := nn-1-a, nn-1-c
		if a2 == a || a2 == c || c2 == a || c2 == c {
			continue
		}
		cells := []int{a, c, a2, c2}
		before := []uint8{ga, gb, reg[a2], reg[c2]}
		if before[2] != sym[ga] || before[3] != sym[gb] {
			continue // the mirrored cells are not in the mirrored regions: not symmetric now
		}
		move(cells, []uint8{gb, ga, sym[gb], sym[ga]})
		ok = true
		for _, g := range []uint8{ga, gb, sym[ga], sym[gb]} {
			ok = ok && len(members[g]) == n && connected(n, reg, members[g], &buf, &seen)
		}
		if !ok {
			move(cells, before)
			continue
		}
		swaps++
	}
	return reg
}

// membersOf lists the cells of each of the n regions of reg.
func membersOf(n int, reg []uint8) [][]int {
	members := make([][]int, n)
	for c, g := range reg {
		members[g] = append(members[g], c)
	}
	return members
}

// startRegions are the boxes, or snake-order bands for sizes without boxes.
func startRegions(rules *sudoku.Rules) []uint8 {
	n := rules.Size
	reg := make([]uint8, n*n)
	if rules.BoxRows > 0 && rules.BoxCols > 0 && rules.BoxRows*rules.BoxCols == n {
		for c := range reg {
			row, col := c/n, c%n
			reg[c] = uint8(row/rules.BoxRows*(n/rules.BoxCols) + col/rules.BoxCols)
		}
		return reg
	}
	for k := range n * n {
		row, col := k/n, k%n
		if row%2 == 1 {
			col = n - 1 - col
		}
		reg[row*n+col] = uint8(k / n)
	}
	return reg
}

// neighbourIn returns a random orthogonal neighbour of cell a.
func neighbourIn(n, a int, r *rand.Rand) (int, bool) {
	row, col := a/n, a%n
	switch r.IntN(4) {
	case 0:
		row--
	case 1:
		row++
	case 2:
		col--
	default:
		col++
	}
	if row < 0 || col < 0 || row >= n || col >= n {
		return 0, false
	}
	return row*n + col, true
}

// borderCell returns a random cell of region members (other than not)
// with an orthogonal neighbour in region g, or -1.
func borderCell(n int, reg []uint8, members []int, g uint8, not int, r *rand.Rand) int {
	start := r.IntN(len(members))
	for k := range members {
		c := members[(start+k)%len(members)]
		if c == not {
			continue
		}
		row, col := c/n, c%n
		if (row > 0 && reg[c-n] == g) || (row < n-1 && reg[c+n] == g) || (col > 0 && reg[c-1] == g) || (col < n-1 && reg[c+1] == g) {
			return c
		}
	}
	return -1
}

// connected reports whether the cells of a region (members, all of one
// label in reg) are orthogonally connected; buf and seen are scratch.
func connected(n int, reg []uint8, members []int, buf *[]int, seen *[]bool) bool {
	if len(*seen) < n*n {
		*seen = make([]bool, n*n)
	}
	sn := *seen
	for _, c := range members {
		sn[c] = false
	}
	g := reg[members[0]]
	q := append((*buf)[:0], members[0])
	sn[members[0]] = true
	for k := 0; k < len(q); k++ {
		c := q[k]
		row, col := c/n, c%n
		if row > 0 && reg[c-n] == g && !sn[c-n] {
			sn[c-n] = true
			q = append(q, c-n)
		}
		if row < n-1 && reg[c+n] == g && !sn[c+n] {
			sn[c+n] = true
			q = append(q, c+n)
		}
		if col > 0 && reg[c-1] == g && !sn[c-1] {
			sn[c-1] = true
			q = append(q, c-1)
		}
		if col < n-1 && reg[c+1] == g && !sn[c+1] {
			sn[c+1] = true
			q = append(q, c+1)
		}
	}
	*buf = q
	return len(q) == len(members)
}

func replace(xs []int, old, new int) []int {
	if i := slices.Index(xs, old); i >= 0 {
		xs[i] = new
	}
	return xs
}

// killerRules draws cages over the solution sol (each cage of distinct
// digits, 1 to max cells, grown from random cells) until the cages alone
// (noGivens) or the cages with the solution's digits as givens pin one
// solution. When the cages alone leave several solutions, the cages
// around a cell where two solutions differ are drawn again; after a few
// rounds that cell's cage is split off, so the loop ends. The other
// solutions found are kept: while one still keeps the cages drawn again
// (their sums and distinct digits), which happens in nearly half the
// rounds, the next round needs no search.
func killerRules(ctx context.Context, rules *sudoku.Rules, sol []uint8, size cageSizes, noGivens bool, r *rand.Rand, checks *int) (*sudoku.Rules, error) {
	l, err := rules.Layout()
	if err != nil {
		return nil, err
	}
	k := &cageDraw{l: l, sol: sol, owner: make([]int, len(sol)), size: size, r: r} // owner: cage index +1 of each cell, 0 when free
	if !grow(l, sol, k.owner, &k.cages, size, r) {
		return nil, errCages
	}
	out := rules.Clone()
	out.Cages = withSums(k.cages, sol)
	if !noGivens {
		return out, nil
	}
	empty := sudoku.NewBoard(out)
	for round := 0; round < maxCageRounds; round++ {
		other := k.known()
		if other == nil {
			out.Cages = withSums(k.cages, sol)
			empty.Rules = out
			*checks++
			res, err := solver.SearchWithin(ctx, empty, 2, killerBudget)
			switch {
			case errors.Is(err, solver.ErrBudget):
				if !regrow(l, sol, k.owner, &k.cages, largest(k.cages), size, r) {
					return nil, errCages
				}
				out = rules.Clone()
				continue
			case err != nil:
				return nil, err
			case res.Count == 1:
				return out, nil
			}
			if other = res.Solution; slices.Equal(other, sol) {
				other = res.Second
			}
			k.others = append(k.others, other)
		}
		if err := k.redraw(other, round); err != nil {
			return nil, err
		}
		out = rules.Clone()
	}
	return nil, errCages
}

// cageDraw is the state of killerRules: the cages drawn over sol, and the
// other solutions of the houses found on the way.
type cageDraw struct {
	l      *sudoku.Layout
	sol    []uint8
	owner  []int
	cages  [][]int
	others [][]uint8
	size   cageSizes
	r      *rand.Rand
}

// known returns an other solution found before that the cages keep, nil
// if none does.
func (k *cageDraw) known() []uint8 {
	for _, o := range slices.Backward(k.others) {
		if fitsCages(o, k.sol, k.cages) {
			return o
		}
	}
	return nil
}

// redraw draws the cages again around the first cell where other differs
// from the solution, or every fourth round splits that cell off its cage.
func (k *cageDraw) redraw(other []uint8, round int) error {
	diff, seen := -1, 0
	for c, v := range other {
		if v != k.sol[c] {
			if seen++; k.r.IntN(seen) == 0 {
				diff = c // a cell where they differ, at random
			}
		}
	}
	if diff < 0 {
		return errors.New("generate: two solutions reported, none other than the grid's")
	}
	if round%4 == 3 && splitOff(k.l.N, k.sol, k.owner, &k.cages, diff, k.size) {
		return nil
	}
	if !regrow(k.l, k.sol, k.owner, &k.cages, diff, k.size, k.r) {
		return errCages
	}
	return nil
}

// largest returns the first cell of the largest cage.
func largest(cages [][]int) int {
	best := 0
	for i, cg := range cages {
		if len(cg) > len(cages[best]) {
			best = i
		}
	}
	return cages[best][0]
}

// cageSizes bounds the cells of a killer cage.
type cageSizes struct{ min, max int }

// maxCageRounds bounds the redrawing of cages over one solution; a
// solution whose cages still leave several solutions is given up
// (errCages) for a new one (killerBoard).
const maxCageRounds = 64

// killerBudget bounds the search nodes of one uniqueness check of the
// cages: half take fewer than 500, one in ten more than 20,000 (seconds);
// past the budget the largest cage and those around it are drawn again.
// 600 made 200 killers fastest among 200 to 4,000 (this machine).
const killerBudget = 600

// errCages means the cages drawn over a solution did not pin it within
// maxCageRounds, or could not all reach the smallest size.
var errCages = errors.New("generate: no cages of the sizes asked pin this solution")

// grow covers every free cell (owner 0) with new cages: from a random
// free cell, a cage grows to a random size of size.min to size.max (2 to
// 4 most often) through free orthogonal neighbours whose digit it lacks.
// A cage left smaller than size.min (no free neighbour could join) joins
// a cage next to it; grow reports false when one cannot.
func grow(l *sudoku.Layout, sol []uint8, owner []int, cages *[][]int, size cageSizes, r *rand.Rand) bool {
	was, kept := slices.Clone(owner), cloneCages(*cages)
	for range growTries {
		if growOnce(l, sol, owner, cages, size, r) {
			return true
		}
		copy(owner, was)
		*cages = cloneCages(kept)
	}
	return false
}

func cloneCages(cages [][]int) [][]int {
	out := make([][]int, len(cages))
	for i, cg := range cages {
		out[i] = slices.Clone(cg)
	}
	return out
}

// growTries bounds the drawings of grow: with cages of 3 cells and up,
// some leave a cell no cage next to it can take.
const growTries = 20

// growOnce is one drawing of grow.
func growOnce(l *sudoku.Layout, sol []uint8, owner []int, cages *[][]int, size cageSizes, r *rand.Rand) bool {
	n := l.N
	free := make([]int, 0, len(sol))
	for c, o := range owner {
		if o == 0 {
			free = append(free, c)
		}
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	var edge []int
	for _, start := range free {
		if owner[start] != 0 {
			continue
		}
		want := cageSize(size, r)
		cage := []int{start}
		digits := sudoku.DigitOf(int(sol[start]))
		owner[start] = -1
		for len(cage) < want {
			edge = edge[:0]
			for _, c := range cage {
				row, col := c/n, c%n
				for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					rr, cc := row+d[0], col+d[1]
					if rr < 0 || cc < 0 || rr >= n || cc >= n {
						continue
					}
					if x := rr*n + cc; owner[x] == 0 && !digits.Has(int(sol[x])) {
						edge = append(edge, x)
					}
				}
			}
			if len(edge) == 0 {
				break
			}
			x := edge[r.IntN(len(edge))]
			owner[x] = -1
			cage = append(cage, x)
			digits |= sudoku.DigitOf(int(sol[x]))
		}
		*cages = append(*cages, cage)
		for _, c := range cage {
			owner[c] = len(*cages)
		}
	}
	return joinSmall(n, sol, owner, cages, size)
}

// cageSize draws a cage size: 2 to 4 cells most often, 1 and 5+ rarely.
func cageSize(size cageSizes, r *rand.Rand) int {
	sizes := [...]int{1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6}
	for {
		if s := sizes[r.IntN(len(sizes))]; s >= size.min && s <= size.max {
			return s
		}
	}
}

// joinSmall joins every cage of fewer than size.min cells to the
// smallest cage next to it that lacks its digits and leaves the two within
// size.max, and reports whether every cage reached size.min.
func joinSmall(n int, sol []uint8, owner []int, cages *[][]int, size cageSizes) bool {
	for k := 0; k < len(*cages); k++ {
		cage := (*cages)[k]
		if len(cage) >= size.min {
			continue
		}
		to := joinable(n, sol, owner, *cages, k, size.max)
		if to < 0 {
			return false
		}
		(*cages)[to] = append((*cages)[to], cage...)
		*cages = slices.Delete(*cages, k, k+1)
		for i, cg := range *cages {
			for _, x := range cg {
				owner[x] = i + 1
			}
		}
		k = -1 // the joined cage may itself be small: look again
	}
	return true
}

// joinable returns the index of the smallest cage next to cage k whose
// digits and k's differ and whose cells and k's are at most max, -1 if
// none.
func joinable(n int, sol []uint8, owner []int, cages [][]int, k, max int) int {
	digits, best := cageDigits(sol, cages[k]), -1
	for _, c := range cages[k] {
		row, col := c/n, c%n
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := row+d[0], col+d[1]
			if rr < 0 || cc < 0 || rr >= n || cc >= n {
				continue
			}
			o := owner[rr*n+cc] - 1
			if o == k || o < 0 || len(cages[o])+len(cages[k]) > max || (best >= 0 && len(cages[o]) >= len(cages[best])) {
				continue
			}
			if cageDigits(sol, cages[o])&digits == 0 {
				best = o
			}
		}
	}
	return best
}

// cageDigits returns the digits of sol in cells.
func cageDigits(sol []uint8, cells []int) sudoku.Digits {
	var m sudoku.Digits
	for _, c := range cells {
		m |= sudoku.DigitOf(int(sol[c]))
	}
	return m
}

// regrow frees the cage of cell c and the cages next to it, and grows new
// ones there.
func regrow(l *sudoku.Layout, sol []uint8, owner []int, cages *[][]int, c int, size cageSizes, r *rand.Rand) bool {
	n := l.N
	drop := map[int]bool{owner[c]: true}
	for _, x := range (*cages)[owner[c]-1] {
		row, col := x/n, x%n
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := row+d[0], col+d[1]
			if rr >= 0 && cc >= 0 && rr < n && cc < n {
				drop[owner[rr*n+cc]] = true
			}
		}
	}
	keep := (*cages)[:0]
	for i, cage := range *cages {
		if drop[i+1] {
			for _, x := range cage {
				owner[x] = 0
			}
			continue
		}
		keep = append(keep, cage)
	}
	*cages = keep
	for i, cage := range *cages {
		for _, x := range cage {
			owner[x] = i + 1
		}
	}
	return grow(l, sol, owner, cages, size, r)
}

// splitOff makes cell c a cage of its own (its digit is then known), or
// with min 2 or more cuts c and a neighbour in its cage (min 2) off its
// cage: the solutions that differ there become fewer. The rest of the
// cage falls apart into pieces, each a cage; pieces smaller than min join
// cages next to them. It reports false when the cage is too small to cut
// or a piece cannot join.
func splitOff(n int, sol []uint8, owner []int, cages *[][]int, c int, size cageSizes) bool {
	min := size.min
	k := owner[c] - 1
	cage := (*cages)[k]
	cut := []int{c}
	if min > 1 {
		cut = append(cut, cageNeighbour(n, cage, c))
	}
	if len(cage) < len(cut)+min || cut[len(cut)-1] < 0 {
		return false
	}
	var rest []int
	for _, x := range cage {
		if !slices.Contains(cut, x) {
			rest = append(rest, x)
		}
	}
	(*cages)[k] = cut
	*cages = append(*cages, pieces(rest, len(owner))...)
	for i, cg := range *cages {
		for _, x := range cg {
			owner[x] = i + 1
		}
	}
	return joinSmall(n, sol, owner, cages, size)
}

// cageNeighbour returns a cell of cage orthogonally next to c, -1 if none.
func cageNeighbour(n int, cage []int, c int) int {
	for _, x := range cage {
		dr, dc := x/n-c/n, x%n-c%n
		if dr*dr+dc*dc == 1 {
			return x
		}
	}
	return -1
}

// pieces splits cells (of an nn-cell square grid) into orthogonally
// connected pieces.
func pieces(cells []int, nn int) [][]int {
	n := 1
	for n*n < nn {
		n++
	}
	in := map[int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	var out [][]int
	for _, s := range cells {
		if !in[s] {
			continue
		}
		piece := []int{s}
		delete(in, s)
		for k := 0; k < len(piece); k++ {
			c := piece[k]
			row, col := c/n, c%n
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := row+d[0], col+d[1]
				if x := rr*n + cc; rr >= 0 && cc >= 0 && rr < n && cc < n && in[x] {
					delete(in, x)
					piece = append(piece, x)
				}
			}
		}
		out = append(out, piece)
	}
	return out
}

// withSums returns the cages with the sums of their digits in sol.
func withSums(cages [][]int, sol []uint8) []sudoku.Cage {
	out := make([]sudoku.Cage, len(cages))
	for i, cells := range cages {
		sum := 0
		for _, c := range cells {
			sum += int(sol[c])
		}
		out[i] = sudoku.Cage{Cells: slices.Clone(cells), Sum: sum}
	}
	return out
}

// fitsCages reports whether other, a solution grid of the houses, keeps
// the cages drawn over sol: each cage's digits distinct, its sum the same.
func fitsCages(other, sol []uint8, cages [][]int) bool {
	for _, cg := range cages {
		sum, seen := 0, sudoku.Digits(0)
		for _, c := range cg {
			sum += int(other[c]) - int(sol[c])
			m := sudoku.DigitOf(int(other[c]))
			if seen&m != 0 {
				return false
			}
			seen |= m
		}
		if sum != 0 {
			return false
		}
	}
	return true
}
