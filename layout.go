package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
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
}

// Layout validates r and compiles it. Malformed rules give a *RuleError
// naming the rule and the cells.
func (r *Rules) Layout() (*Layout, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	l := &Layout{Rules: r, N: r.Size, NN: r.Cells()}
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
	return l, nil
}

func (l *Layout) add(kind UnitKind, index int, cells []int, sum int) {
	slices.Sort(cells)
	l.Units = append(l.Units, Unit{Kind: kind, Index: index, Cells: cells, Sum: sum})
}

func (l *Layout) addLines() {
	n := l.N
	for i := 0; i < n; i++ {
		row, col := make([]int, n), make([]int, n)
		for j := 0; j < n; j++ {
			row[j], col[j] = i*n+j, j*n+i
		}
		l.add(UnitRow, i, row, 0)
		l.add(UnitColumn, i, col, 0)
	}
	// Rows and columns alternate above; list rows first, then columns.
	slices.SortStableFunc(l.Units, func(a, b Unit) int { return int(a.Kind) - int(b.Kind) })
}

func (l *Layout) addBoxes() {
	r, n := l.Rules, l.N
	regions := make([][]int, n)
	for c := 0; c < l.NN; c++ {
		regions[l.regionOf(c)] = append(regions[l.regionOf(c)], c)
	}
	kind := UnitBox
	if r.Regions != nil {
		kind = UnitRegion
	}
	for i, cells := range regions {
		l.add(kind, i, cells, 0)
	}
}

// regionOf returns the box or region of cell c.
func (l *Layout) regionOf(c int) int {
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
		cells := make([]int, n)
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
		var cells []int
		for dr := 0; dr < r.BoxRows; dr++ {
			for dc := 0; dc < r.BoxCols; dc++ {
				cells = append(cells, (w[0]+dr)*l.N+w[1]+dc)
			}
		}
		l.add(UnitWindow, i, cells, 0)
	}
}

func (l *Layout) addDisjoint() {
	r := l.Rules
	if !r.Disjoint {
		return
	}
	groups := make([][]int, l.N)
	for c := 0; c < l.NN; c++ {
		g := c/l.N%r.BoxRows*r.BoxCols + c%l.N%r.BoxCols
		groups[g] = append(groups[g], c)
	}
	for i, cells := range groups {
		l.add(UnitDisjoint, i, cells, 0)
	}
}

// addExtra adds the extra regions of N cells (houses) or the smaller ones.
func (l *Layout) addExtra(houses bool) {
	for i, e := range l.Rules.Extra {
		if (len(e) == l.N) == houses {
			l.add(UnitExtra, i, slices.Clone(e), 0)
		}
	}
}

func (l *Layout) addCages() {
	l.CageOf = make([]int, l.NN)
	for i := range l.CageOf {
		l.CageOf[i] = -1
	}
	for i, k := range l.Rules.Cages {
		l.Cages = append(l.Cages, len(l.Units))
		l.add(UnitCage, i, slices.Clone(k.Cells), k.Sum)
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
				l.add(UnitGroup, i, slices.Clone(g), 0)
				l.Units[len(l.Units)-1].Label = k.String()
			}
			i++
		}
	}
}

// link fills UnitsOf, Moves and Peers.
func (l *Layout) link() {
	// One backing array for all UnitsOf lists and one for all Peers: a
	// killer generator compiles a new layout per cage layout it tries.
	counts := make([]int, l.NN)
	total := 0
	for _, u := range l.Units {
		for _, c := range u.Cells {
			counts[c]++
			total++
		}
	}
	back := make([]int, total)
	l.UnitsOf = make([][]int, l.NN)
	off := 0
	for c := range l.NN {
		l.UnitsOf[c] = back[off : off : off+counts[c]]
		off += counts[c]
	}
	for i, u := range l.Units {
		for _, c := range u.Cells {
			l.UnitsOf[c] = append(l.UnitsOf[c], i)
		}
	}
	l.Moves = make([][]int, l.NN)
	l.Peers = make([][]int, l.NN)
	// Peers in increasing order without sorting: a mask of the grid's
	// cells per cell (at most 625 bits), read back in order.
	words := (l.NN + 63) / 64
	unitMasks := make([]uint64, len(l.Units)*words)
	for i, u := range l.Units {
		m := unitMasks[i*words : (i+1)*words]
		for _, c := range u.Cells {
			m[c>>6] |= 1 << (c & 63)
		}
	}
	mask := make([]uint64, words)
	peers := make([]int, 0, l.NN*(3*l.N))
	for c := 0; c < l.NN; c++ {
		l.Moves[c] = l.moves(c)
		clear(mask)
		for _, ui := range l.UnitsOf[c] {
			for w, m := range unitMasks[ui*words : (ui+1)*words] {
				mask[w] |= m
			}
		}
		for _, o := range l.Moves[c] {
			mask[o>>6] |= 1 << (o & 63)
		}
		mask[c>>6] &^= 1 << (c & 63)
		start := len(peers)
		for w, m := range mask {
			for m != 0 {
				peers = append(peers, w<<6+bits.TrailingZeros64(m))
				m &= m - 1
			}
		}
		l.Peers[c] = peers[start:len(peers):len(peers)]
	}
}

var (
	knightSteps = [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	kingSteps   = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// moves returns the cells a forbidden knight's or king's move from c.
func (l *Layout) moves(c int) []int {
	var m []int
	r := l.Rules
	add := func(steps *[8][2]int) {
		for _, s := range steps {
			row, col := c/l.N+s[0], c%l.N+s[1]
			if row >= 0 && row < l.N && col >= 0 && col < l.N && !slices.Contains(m, row*l.N+col) {
				m = append(m, row*l.N+col)
			}
		}
	}
	if r.AntiKnight {
		add(&knightSteps)
	}
	if r.AntiKing {
		add(&kingSteps)
	}
	slices.Sort(m)
	return m
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
