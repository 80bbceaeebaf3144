package sudoku

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"

	"sudoku/internal/tally"
)

// UnitKind tells the kinds of unit apart.
type UnitKind uint8

// The kinds of unit, in the order Layout lists them.
const (
	UnitRow UnitKind = iota
	UnitColumn
	UnitBox
	UnitRegion   // a jigsaw region, in place of the boxes
	UnitDiagonal // Index 0 is DiagDown, 1 DiagUp
	UnitWindow   // a windoku box
	UnitDisjoint // a disjoint group
	UnitExtra    // a user-given extra region
	UnitCage     // a killer cage (its digits differ; a sum may apply)
	UnitGroup    // cells of a constraint whose digits differ (a thermometer's, a renban line's)
)

var unitKindNames = [...]string{"row", "column", "box", "region", "diagonal", "window", "disjoint group", "extra region", "cage", "group"}

// String returns "row", "column", "box", "region", "diagonal", "window",
// "disjoint group", "extra region" or "cage".
func (k UnitKind) String() string {
	if int(k) < len(unitKindNames) {
		return unitKindNames[k]
	}
	return "unit"
}

// Unit is a group of cells whose digits differ: a house (N cells: each
// digit once) or a smaller group (an extra region or a cage).
type Unit struct {
	Kind  UnitKind
	Index int    // 0-based among the units of its kind
	Cells []int  // in row-major order
	Sum   int    // the cage's sum; 0 for other units and cages without one
	Label string // a group's name: its constraint's ("thermometer r1c1-r1c4")
}

// House reports whether the unit holds every digit once (N cells).
func (u *Unit) House(n int) bool { return len(u.Cells) == n }

// String names the unit 1-based: "row 3", "region 5", "cage 2"; the
// diagonals are "the down diagonal" and "the up diagonal".
func (u *Unit) String() string {
	if u.Label != "" {
		return u.Label
	}
	if u.Kind == UnitDiagonal {
		if u.Index == 0 {
			return "the down diagonal"
		}
		return "the up diagonal"
	}
	return fmt.Sprintf("%s %d", u.Kind, u.Index+1)
}

// Layout is Rules compiled for engines: every unit, and for each cell the
// units it belongs to and the cells that must hold another digit. Build it
// with Rules.Layout; it is read-only and may be shared.
type Layout struct {
	Rules *Rules
	N     int // size
	NN    int // cells
	// Units lists the houses first (rows, columns, boxes or regions,
	// diagonals, windows, disjoint groups, extra regions of N cells), then
	// the smaller extra regions, then the cages.
	Units   []Unit
	Houses  int     // Units[:Houses] are the houses
	UnitsOf [][]int // per cell: indexes into Units
	// Peers lists, per cell, every other cell that must hold another
	// digit: through a unit, a cage, a knight's or a king's move. Sorted.
	Peers [][]int
	Cages []int // indexes into Units of the cages, in the order of Rules.Cages
	// CageOf is the index into Rules.Cages of each cell's cage, -1 if none.
	CageOf []int
	// Moves lists, per cell, the cells a knight's or king's move away
	// that the rules forbid to hold the same digit (a subset of Peers).
	Moves [][]int

	back []int // the cells of the units, while they are added
}

// Layout validates r and compiles it. Malformed rules give a *RuleError
// naming the rule and the cells. It takes a few allocations and no sort:
// the units' cells share one array, and each cell's peers and moves are
// read back in order from a bit set of the grid's cells.
func (r *Rules) Layout() (*Layout, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	tally.Layouts.Add(1)
	l := &Layout{Rules: r, N: r.Size, NN: r.Cells()}
	l.reserve()
	l.addLines()
	l.addBoxes()
	l.addDiagonals()
	l.addWindows()
	l.addDisjoint()
	l.addExtra(true)
	l.addGroups(true)
	l.Houses = len(l.Units)
	l.addExtra(false)
	l.addCages()
	l.addGroups(false)
	l.link()
	l.back = nil
	return l, nil
}

// reserve sizes Units and the array their cells share for every unit but
// the constraints' groups (take makes room for those).
func (l *Layout) reserve() {
	r, n := l.Rules, l.N
	units, cells := 4*n, 4*l.NN
	if r.Windoku {
		k := len(Windows(n, r.BoxRows, r.BoxCols))
		units, cells = units+k, cells+k*n
	}
	for _, e := range r.Extra {
		units, cells = units+1, cells+len(e)
	}
	for _, k := range r.Cages {
		units, cells = units+1, cells+len(k.Cells)
	}
	l.Units = make([]Unit, 0, units+2)
	l.back = make([]int, 0, cells+2*n)
}

// take returns room for k cells of a unit from the shared array.
func (l *Layout) take(k int) []int {
	if len(l.back)+k > cap(l.back) {
		return make([]int, k)
	}
	l.back = l.back[:len(l.back)+k]
	return l.back[len(l.back)-k : len(l.back) : len(l.back)]
}

// add appends a unit whose cells are in increasing order.
func (l *Layout) add(kind UnitKind, index int, cells []int, sum int) {
	l.Units = append(l.Units, Unit{Kind: kind, Index: index, Cells: cells, Sum: sum})
}

// addCopy appends a unit of the given cells, copied and put in order.
func (l *Layout) addCopy(kind UnitKind, index int, cells []int, sum int) {
	own := l.take(len(cells))
	copy(own, cells)
	if !slices.IsSorted(own) {
		slices.Sort(own)
	}
	l.add(kind, index, own, sum)
}

// addLines adds the rows, then the columns.
func (l *Layout) addLines() {
	n := l.N
	for i := 0; i < n; i++ {
		row := l.take(n)
		for j := range row {
			row[j] = i*n + j
		}
		l.add(UnitRow, i, row, 0)
	}
	for i := 0; i < n; i++ {
		col := l.take(n)
		for j := range col {
			col[j] = j*n + i
		}
		l.add(UnitColumn, i, col, 0)
	}
}

// addBoxes adds the boxes or regions, each one's cells in order (a
// counting sort of the cells by region; boxes row by row).
func (l *Layout) addBoxes() {
	r, n := l.Rules, l.N
	all := l.take(l.NN)
	if r.Regions == nil {
		for b, i := 0, 0; b < n; b++ {
			top, left := b/(n/r.BoxCols)*r.BoxRows, b%(n/r.BoxCols)*r.BoxCols
			for row := top; row < top+r.BoxRows; row++ {
				for col := left; col < left+r.BoxCols; col++ {
					all[i] = row*n + col
					i++
				}
			}
			l.add(UnitBox, b, all[b*n:(b+1)*n:(b+1)*n], 0)
		}
		return
	}
	var at [MaxSize + 1]int // where each region's cells start in all
	for _, g := range r.Regions {
		at[g+1]++
	}
	for i := 1; i <= n; i++ {
		at[i] += at[i-1]
	}
	start := at
	for c, g := range r.Regions {
		all[at[g]] = c
		at[g]++
	}
	for i := 0; i < n; i++ {
		l.add(UnitRegion, i, all[start[i]:start[i+1]:start[i+1]], 0)
	}
}

// RegionOf returns the box or jigsaw region of cell c.
func (l *Layout) RegionOf(c int) int {
	r := l.Rules
	if r.Regions != nil {
		return int(r.Regions[c])
	}
	row, col := c/l.N, c%l.N
	return row/r.BoxRows*(l.N/r.BoxCols) + col/r.BoxCols
}

func (l *Layout) addDiagonals() {
	n := l.N
	for i, d := range []Diagonals{DiagDown, DiagUp} {
		if l.Rules.Diagonals&d == 0 {
			continue
		}
		cells := l.take(n)
		for j := 0; j < n; j++ {
			if d == DiagDown {
				cells[j] = j*n + j
			} else {
				cells[j] = j*n + n - 1 - j
			}
		}
		l.add(UnitDiagonal, i, cells, 0)
	}
}

// Windows returns the top left cells (row, column) of the windoku boxes of
// an n-cell grid with boxes of br x bc: one cell in from the edges, one cell
// apart (four on a 9x9 grid).
func Windows(n, br, bc int) [][2]int {
	var w [][2]int
	for r := 1; r+br <= n-1; r += br + 1 {
		for c := 1; c+bc <= n-1; c += bc + 1 {
			w = append(w, [2]int{r, c})
		}
	}
	return w
}

func (l *Layout) addWindows() {
	r := l.Rules
	if !r.Windoku {
		return
	}
	for i, w := range Windows(l.N, r.BoxRows, r.BoxCols) {
		cells := l.take(r.BoxRows * r.BoxCols)[:0]
		for dr := 0; dr < r.BoxRows; dr++ {
			for dc := 0; dc < r.BoxCols; dc++ {
				cells = append(cells, (w[0]+dr)*l.N+w[1]+dc)
			}
		}
		l.add(UnitWindow, i, cells, 0)
	}
}

// addDisjoint adds the disjoint groups: group g holds the cells at place
// g of every box, in order.
func (l *Layout) addDisjoint() {
	r := l.Rules
	if !r.Disjoint {
		return
	}
	n := l.N
	for g := 0; g < n; g++ {
		cells := l.take(n)[:0]
		dr, dc := g/r.BoxCols, g%r.BoxCols
		for row := dr; row < n; row += r.BoxRows {
			for col := dc; col < n; col += r.BoxCols {
				cells = append(cells, row*n+col)
			}
		}
		l.add(UnitDisjoint, g, cells, 0)
	}
}

// addExtra adds the extra regions of N cells (houses) or the smaller ones.
func (l *Layout) addExtra(houses bool) {
	for i, e := range l.Rules.Extra {
		if (len(e) == l.N) == houses {
			l.addCopy(UnitExtra, i, e, 0)
		}
	}
}

func (l *Layout) addCages() {
	l.CageOf = make([]int, l.NN)
	for i := range l.CageOf {
		l.CageOf[i] = -1
	}
	if len(l.Rules.Cages) > 0 {
		l.Cages = make([]int, 0, len(l.Rules.Cages))
	}
	for i, k := range l.Rules.Cages {
		l.Cages = append(l.Cages, len(l.Units))
		l.addCopy(UnitCage, i, k.Cells, k.Sum)
		for _, c := range k.Cells {
			l.CageOf[c] = i
		}
	}
}

// addGroups adds the groups of cells of the constraints whose digits
// differ (Distinct): those of N cells (a 9-cell renban line) as houses,
// each digit once, or the smaller ones, after the cages. Groups are
// numbered in the order of the constraints, houses or not.
func (l *Layout) addGroups(houses bool) {
	i := 0
	for _, k := range l.Rules.Constraints {
		d, ok := k.(Distinct)
		if !ok {
			continue
		}
		for _, g := range d.Distinct() {
			if len(g) < 2 {
				continue
			}
			if (len(g) == l.N) == houses {
				l.addCopy(UnitGroup, i, g, 0)
				l.Units[len(l.Units)-1].Label = k.String()
			}
			i++
		}
	}
}

// link fills UnitsOf, Moves and Peers: each cell's peers are a bit set
// of the grid's cells (the union of its units' and its moves'), read
// back in increasing order. The lists of all cells share one array.
func (l *Layout) link() {
	nn, words := l.NN, (l.NN+63)/64
	var small [512]uint64 // the sets of a 9x9 layout fit here
	sets := small[:0]
	if need := (2*nn + len(l.Units)) * words; need <= len(small) {
		sets = small[:need]
	} else {
		sets = make([]uint64, need)
	}
	peerSet, moveSet, unitSet := sets[:nn*words], sets[nn*words:2*nn*words], sets[2*nn*words:]
	total := 0
	for i, u := range l.Units {
		m := unitSet[i*words : (i+1)*words]
		for _, c := range u.Cells {
			m[c>>6] |= 1 << (c & 63)
		}
		total += len(u.Cells)
		orCells(peerSet, u.Cells, m)
	}
	moves := l.Rules.AntiKnight || l.Rules.AntiKing
	if moves {
		l.fillMoves(moveSet, words)
	}
	for c := 0; c < nn; c++ {
		p, mv := peerSet[c*words:(c+1)*words], moveSet[c*words:(c+1)*words]
		mv = mv[:len(p)]
		for w := range p {
			p[w] |= mv[w]
			total += bits.OnesCount64(p[w]) + bits.OnesCount64(mv[w])
		}
		p[c>>6] &^= 1 << (c & 63)
		total-- // c itself, in its units
	}
	lists := make([][]int, 3*nn)
	back := make([]int, total)
	l.UnitsOf, l.Moves, l.Peers = lists[:nn:nn], lists[nn:2*nn:2*nn], lists[2*nn:]
	back = l.fillUnitsOf(back)
	if moves {
		back = readSets(l.Moves, moveSet, words, back)
	} else {
		for c := range l.Moves {
			l.Moves[c] = back[:0:0]
		}
	}
	readSets(l.Peers, peerSet, words, back)
}

// orCells adds the set m to the sets of the cells given (a set is
// len(m) words of sets, cell c's at c*len(m)).
func orCells(sets []uint64, cells []int, m []uint64) {
	if len(m) == 2 { // grids up to 11x11
		m0, m1 := m[0], m[1]
		for _, c := range cells {
			sets[2*c] |= m0
			sets[2*c+1] |= m1
		}
		return
	}
	for _, c := range cells {
		p := sets[c*len(m) : (c+1)*len(m)]
		for w := range p {
			p[w] |= m[w]
		}
	}
}

// fillUnitsOf lists each cell's units in order at the start of back and
// returns the rest of it.
func (l *Layout) fillUnitsOf(back []int) []int {
	var at [MaxSize*MaxSize + 1]int32 // where each cell's list starts, then its next free place
	for _, u := range l.Units {
		for _, c := range u.Cells {
			at[c+1]++
		}
	}
	nn := len(l.UnitsOf)
	for c := 1; c <= nn; c++ {
		at[c] += at[c-1]
	}
	for c := range l.UnitsOf {
		l.UnitsOf[c] = back[at[c]:at[c+1]:at[c+1]]
	}
	for i, u := range l.Units {
		for _, c := range u.Cells {
			back[at[c]] = i
			at[c]++
		}
	}
	return back[at[nn-1]:]
}

// readSets sets lists[c] to the members of cell c's set, in order, from
// the start of back, and returns the rest of back.
func readSets(lists [][]int, sets []uint64, words int, back []int) []int {
	off := 0
	for c := range lists {
		start := off
		for w, m := range sets[c*words : (c+1)*words] {
			for base := w << 6; m != 0; m &= m - 1 {
				back[off] = base + bits.TrailingZeros64(m)
				off++
			}
		}
		lists[c] = back[start:off:off]
	}
	return back[off:]
}

var (
	knightSteps = [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	kingSteps   = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// fillMoves sets, in each cell's set, the cells a forbidden knight's or
// king's move away.
func (l *Layout) fillMoves(sets []uint64, words int) {
	for c := 0; c < l.NN; c++ {
		m := sets[c*words : (c+1)*words]
		for o := range l.Rules.MovesFrom(c) {
			m[o>>6] |= 1 << (o & 63)
		}
	}
}

// MovesFrom yields the cells a forbidden knight's move (AntiKnight) or
// king's move (AntiKing) away from cell c of r's grid.
func (r *Rules) MovesFrom(c int) iter.Seq[int] {
	return func(yield func(int) bool) {
		n := r.Size
		for _, on := range [2]struct {
			rule  bool
			steps *[8][2]int
		}{{r.AntiKnight, &knightSteps}, {r.AntiKing, &kingSteps}} {
			if !on.rule {
				continue
			}
			for _, s := range on.steps {
				row, col := c/n+s[0], c%n+s[1]
				if row >= 0 && row < n && col >= 0 && col < n && !yield(row*n+col) {
					return
				}
			}
		}
	}
}

// Why names the rule that forbids cells a and b to hold the same digit:
// "row 3", "cage 2", "a knight's move"; "" if none does.
func (l *Layout) Why(a, b int) string {
	for _, ui := range l.UnitsOf[a] {
		if slices.Contains(l.Units[ui].Cells, b) {
			return l.Units[ui].String()
		}
	}
	if slices.Contains(l.Moves[a], b) {
		dr, dc := a/l.N-b/l.N, a%l.N-b%l.N
		if dr*dr+dc*dc == 5 {
			return "anti-knight (a knight's move apart)"
		}
		return "anti-king (a king's move apart)"
	}
	return ""
}
