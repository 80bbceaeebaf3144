package logic

import (
	"fmt"

	"sudoku"
)

// A geometry is the shape of a 9x9 board's rules as the techniques read
// them: its houses (rows, columns and boxes, and the extra houses of the X,
// windoku and disjoint-groups variants) and each cell's peers (the cells
// sharing a house with it, and those a knight's or king's move away under
// anti-knight and anti-king). Every Board points to one; the classic one
// is built once and shared.
//
// Houses keep one number each across geometries, so that a step names its
// houses without its board: rows 0-8, columns 9-17 and boxes 18-26 as in
// package sudoku, then the down and up diagonals (27, 28), the windoku
// windows (29-37: the four windows, then the five groups of nine cells the
// windows imply, which Sukaku Explainer treats as houses too) and the
// disjoint groups (38-46, group i holding the i-th cell of every box).
type geometry struct {
	// houses lists every house of the board in increasing order; scan
	// lists them in Sukaku Explainer's order of region types (boxes,
	// columns, rows, disjoint groups, windows, down and up diagonals).
	houses, scan []sudoku.House
	// ofType lists the houses of each region type (typeBox, ...), in
	// order; types lists the region types the board has.
	ofType [nTypes][]sudoku.House
	types  []int
	cells  [maxHouses][9]sudoku.Cell // each house's cells, in Sukaku Explainer's order (row-major but for two windows)
	sets   [maxHouses]CellSet
	// cellSets[h][i] holds the i-th cell of house h alone.
	cellSets [maxHouses][9]CellSet
	peers    [81]CellSet
	// houseOf[c][t] is the house of type t holding cell c, -1 if none;
	// indexIn[c][t] is c's place in it.
	houseOf [81][nTypes]int8
	indexIn [81][nTypes]uint8
	// extra[c] lists the houses of c beyond its row, column and box.
	extra [81][]houseSlot
	// moves[c] lists, in Sukaku Explainer's order, the cells an
	// anti-king (diagonal step) then an anti-knight move away from c,
	// then the cells of c's killer cage sharing no house with it.
	moves [81][]sudoku.Cell
	// movePeers[c] is moves[c] as a set; houseMask[c] has bit h for
	// every house h of c.
	movePeers [81]CellSet
	houseMask [81]uint64
	// chHouses[c] lists the houses of c by region type; chPeers[c] its
	// peers in the order Sukaku Explainer's chains visit them: each
	// house's cells not met before, then each cell a move away.
	chHouses [81][]int
	chPeers  [81][]CellSet
	// visOrder[c] lists the peers of c in the order of Sukaku
	// Explainer's visible cells (Grid.changeVisibleCells): the peers by
	// row, column and box in increasing order, then those a window, a
	// disjoint group, a diagonal, a king's step, a knight's move adds.
	visOrder [81][]sudoku.Cell
	// variant is set when the board has more than rows, columns and
	// boxes: Sukaku Explainer then swaps a few techniques for their
	// general forms (geometry.variant's users say which).
	variant bool
	// knight and king say which move rules apply.
	knight, king bool
	// killer holds a killer board's cages (cages.go), nil for others.
	killer *killerGeo
	// rules holds a board's constraints (constraints.go), nil for none.
	rules *ruleGeo
	// base[c] holds the row, column and box (jigsaw region) of c, and
	// baseIx[c] c's place in each; irregular[h] is set for a box that
	// is not a 3x3 block (geometry_regions.go).
	base      [81][3]sudoku.House
	baseIx    [81][3]uint8
	irregular [maxHouses]bool
}

// houseSlot is a house of a cell and the cell's place in it.
type houseSlot struct {
	h sudoku.House
	i uint8
}

// House numbers beyond the classic 27, and the largest count.
const (
	houseDiagDown  sudoku.House = 27
	houseDiagUp    sudoku.House = 28
	houseWindow    sudoku.House = 29 // 29-32 the windows, 33-37 the implied ones
	houseDisjoint  sudoku.House = 38
	houseExtra     sudoku.House = 47 // 47-55 the extra regions of nine cells
	maxExtra                    = 9
	maxHouses                   = 56
	windowsShown                = 4 // windows drawn on the board; the others are implied
	implicitWindow              = houseWindow + windowsShown
)

// Region types in Sukaku Explainer's order (Grid.getRegions).
const (
	typeBox = iota
	typeRow
	typeCol
	typeDisjoint
	typeWindow
	typeDiagDown
	typeDiagUp
	typeExtra // extra regions (not Sukaku Explainer's)
	nTypes
)

// geoRules are the rules a geometry is built from.
type geoRules struct {
	diagonals                           sudoku.Diagonals
	windoku, disjoint, knight, antiKing bool
	// regions holds the jigsaw region of each cell (81 bytes), "" for
	// 3x3 boxes; extra the cells of each extra region, 9 bytes each.
	regions, extra string
}

// classicGeo is the geometry of classic Sudoku.
var classicGeo = newGeometry(geoRules{})

// newGeometry builds the geometry of 9x9 rules r, with killer cages if
// any.
func newGeometry(r geoRules, cages ...sudoku.Cage) *geometry {
	g := &geometry{knight: r.knight, king: r.antiKing}
	g.variant = r != geoRules{} || len(cages) > 0
	for c := range 81 {
		for t := range nTypes {
			g.houseOf[c][t] = -1
		}
	}
	for i := range 9 {
		g.addHouse(typeBox, sudoku.House(18+i), boxCells(r, i))
	}
	for i := range 9 {
		g.addHouse(typeCol, sudoku.House(9+i), sudoku.House(9 + i).Cells()[:])
	}
	for i := range 9 {
		g.addHouse(typeRow, sudoku.House(i), sudoku.House(i).Cells()[:])
	}
	g.addExtraHouses(r)
	g.markIrregular()
	g.addCages(cages)
	g.finish()
	return g
}

// addExtraHouses adds the disjoint groups, windows and diagonals of r.
func (g *geometry) addExtraHouses(r geoRules) {
	if r.disjoint {
		for i := range 9 {
			g.addHouse(typeDisjoint, houseDisjoint+sudoku.House(i), disjointCells(i))
		}
	}
	if r.windoku {
		for i := range 9 {
			g.addHouse(typeWindow, houseWindow+sudoku.House(i), windowCells(i))
		}
	}
	if r.diagonals&sudoku.DiagDown != 0 {
		g.addHouse(typeDiagDown, houseDiagDown, diagonalCells(false))
	}
	if r.diagonals&sudoku.DiagUp != 0 {
		g.addHouse(typeDiagUp, houseDiagUp, diagonalCells(true))
	}
	for i := range len(r.extra) / 9 {
		g.addHouse(typeExtra, houseExtra+sudoku.House(i), extraCells(r, i))
	}
}

// addHouse adds house h of type t with the given cells, in order.
func (g *geometry) addHouse(t int, h sudoku.House, cells []sudoku.Cell) {
	if len(g.ofType[t]) == 0 {
		g.types = append(g.types, t)
	}
	g.ofType[t] = append(g.ofType[t], h)
	g.scan = append(g.scan, h)
	for i, c := range cells {
		g.cells[h][i] = c
		g.sets[h] = g.sets[h].Add(c)
		g.cellSets[h][i] = CellSet{}.Add(c)
		g.houseOf[c][t] = int8(h)
		g.indexIn[c][t] = uint8(i)
		g.houseMask[c] |= 1 << h
		if h >= 27 {
			g.extra[c] = append(g.extra[c], houseSlot{h: h, i: uint8(i)})
		} else {
			g.setBase(c, t, h, i)
		}
	}
}

// finish sorts the houses and fills the peers.
func (g *geometry) finish() {
	g.types = g.types[:0]
	for t := range nTypes {
		if len(g.ofType[t]) > 0 {
			g.types = append(g.types, t)
		}
	}
	for h := range sudoku.House(maxHouses) {
		if !g.sets[h].Empty() {
			g.houses = append(g.houses, h)
		}
	}
	for c := range sudoku.Cell(81) {
		for _, h := range g.houses {
			if g.sets[h].Has(c) {
				g.peers[c] = g.peers[c].Or(g.sets[h])
			}
		}
		g.moves[c] = g.cageMates(c, g.moveCells(c))
		for _, p := range g.moves[c] {
			g.movePeers[c] = g.movePeers[c].Add(p)
		}
		g.peers[c] = g.peers[c].Or(g.movePeers[c]).Remove(c)
		g.chainOrder(c)
		g.visibleOrder(c)
	}
}

// chainOrder fills chHouses[c] and chPeers[c].
func (g *geometry) chainOrder(c sudoku.Cell) {
	met := CellSet{}.Add(c)
	for _, t := range g.types {
		if h := g.houseOf[c][t]; h >= 0 {
			g.chHouses[c] = append(g.chHouses[c], int(h))
			g.chPeers[c] = append(g.chPeers[c], g.sets[h].AndNot(met))
			met = met.Or(g.sets[h])
		}
	}
	for _, p := range g.moves[c] {
		g.chPeers[c] = append(g.chPeers[c], CellSet{}.Add(p))
	}
}

// visibleOrder fills visOrder[c].
func (g *geometry) visibleOrder(c sudoku.Cell) {
	seen := CellSet{}.Add(c)
	add := func(s CellSet) {
		s.AndNot(seen).Each(func(p sudoku.Cell) bool {
			g.visOrder[c] = append(g.visOrder[c], p)
			return true
		})
		seen = seen.Or(s)
	}
	add(g.basePeers(c))
	for _, t := range [...]int{typeWindow, typeDisjoint} {
		if h := g.houseOf[c][t]; h >= 0 {
			add(g.sets[h])
		}
	}
	var diag CellSet
	for _, t := range [...]int{typeDiagDown, typeDiagUp} {
		if h := g.houseOf[c][t]; h >= 0 {
			diag = diag.Or(g.sets[h])
		}
	}
	add(diag)
	for _, p := range g.offsetCells(c, true) {
		add(CellSet{}.Add(p))
	}
	add(g.cageSet(c))
	add(g.movePeers[c]) // a constraint's Distinct groups (constraints.go)
}

// Sukaku Explainer's offsets of a king's diagonal step and of a knight's
// move (Grid.ferzCellIndex, Grid.knightCellIndex), in its order.
var (
	kingOffsets   = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	knightOffsets = [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}
)

// offsetCells lists the cells a king's step then a knight's move from c,
// for the moves the rules forbid, in Sukaku Explainer's order: its
// visible cells apply an offset's first number to the row (rowFirst), its
// chains to the column.
func (g *geometry) offsetCells(c sudoku.Cell, rowFirst bool) []sudoku.Cell {
	var offsets [][2]int
	if g.king {
		offsets = append(offsets, kingOffsets...)
	}
	if g.knight {
		offsets = append(offsets, knightOffsets...)
	}
	var out []sudoku.Cell
	for _, o := range offsets {
		row, col := c.Row()+o[1], c.Col()+o[0]
		if rowFirst {
			row, col = c.Row()+o[0], c.Col()+o[1]
		}
		if row >= 0 && row < 9 && col >= 0 && col < 9 {
			out = append(out, sudoku.CellAt(row, col))
		}
	}
	return out
}

// moveCells lists the cells an anti-king then an anti-knight move from c
// that share no house with it, in the order of Sukaku Explainer's chains.
func (g *geometry) moveCells(c sudoku.Cell) []sudoku.Cell {
	var out []sudoku.Cell
	for _, p := range g.offsetCells(c, false) {
		if g.houseMask[c]&g.houseMask[p] == 0 {
			out = append(out, p)
		}
	}
	return out
}

// disjointCells returns the cells of disjoint group i: the i-th cell of
// each box.
func disjointCells(i int) []sudoku.Cell {
	out := make([]sudoku.Cell, 0, 9)
	for c := range sudoku.Cell(81) {
		if c.Row()%3*3+c.Col()%3 == i {
			out = append(out, c)
		}
	}
	return out
}

// windowCells returns the cells of Sukaku Explainer's window group i, in
// its order (Grid.Window): the windows 0-3 (rows 2-4 or 6-8 by columns
// 2-4 or 6-8, 1-based), then the groups their rows and columns imply: rows
// 1, 5 and 9 by the windows' columns (4, 5), the windows' rows by columns
// 1, 5 and 9 (6, 7: column by column), and rows 1, 5 and 9 by columns 1, 5
// and 9 (8).
func windowCells(i int) []sudoku.Cell {
	inner := [2][]int{{1, 2, 3}, {5, 6, 7}}
	outer := []int{0, 4, 8}
	var rows, cols []int
	switch {
	case i < 4:
		rows, cols = inner[i/2], inner[i%2]
	case i < 6:
		rows, cols = outer, inner[i-4]
	case i < 8:
		rows, cols = inner[i-6], outer
	default:
		rows, cols = outer, outer
	}
	out := make([]sudoku.Cell, 0, 9)
	for _, r := range rows {
		for _, c := range cols {
			out = append(out, sudoku.CellAt(r, c))
		}
	}
	if i == 6 || i == 7 {
		for k := range out {
			out[k] = sudoku.CellAt(rows[k%3], cols[k/3])
		}
	}
	return out
}

// diagonalCells returns the down diagonal (r1c1 to r9c9) or the up one
// (r1c9 to r9c1), row-major.
func diagonalCells(up bool) []sudoku.Cell {
	out := make([]sudoku.Cell, 9)
	for i := range 9 {
		if up {
			out[i] = sudoku.CellAt(i, 8-i)
		} else {
			out[i] = sudoku.CellAt(i, i)
		}
	}
	return out
}

// houseName names house h for players: "row 3", "the down diagonal",
// "window 2", "disjoint group 5".
func houseName(h sudoku.House) string {
	switch {
	case h < 27:
		return h.String()
	case h == houseDiagDown:
		return "the down diagonal"
	case h == houseDiagUp:
		return "the up diagonal"
	case h < implicitWindow:
		return fmt.Sprintf("window %d", h-houseWindow+1)
	case h < houseDisjoint:
		return fmt.Sprintf("implied window %d", h-implicitWindow+1)
	case h < houseExtra:
		return fmt.Sprintf("disjoint group %d", h-houseDisjoint+1)
	case h < maxHouses:
		return fmt.Sprintf("extra region %d", h-houseExtra+1)
	}
	return fmt.Sprintf("house(%d)", int(h))
}

// houseTypeOf returns the region type of house h.
func houseTypeOf(h sudoku.House) int { return int(houseTypes[h]) }

// houseTypes[h] is the region type of house h.
var houseTypes = func() (t [maxHouses]uint8) {
	for h := range sudoku.House(maxHouses) {
		t[h] = uint8(computeHouseType(h))
	}
	return t
}()

func computeHouseType(h sudoku.House) int {
	switch {
	case h < 9:
		return typeRow
	case h < 18:
		return typeCol
	case h < 27:
		return typeBox
	case h == houseDiagDown:
		return typeDiagDown
	case h == houseDiagUp:
		return typeDiagUp
	case h < houseDisjoint:
		return typeWindow
	case h < houseExtra:
		return typeDisjoint
	}
	return typeExtra
}

// maskCells returns the cells of house h picked by a 9-bit mask.
func (g *geometry) maskCells(h sudoku.House, m uint16) []sudoku.Cell {
	out := make([]sudoku.Cell, 0, 9)
	for i, c := range &g.cells[h] {
		if m&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// seesAll returns the cells that see every cell of s.
func (g *geometry) seesAll(s CellSet) CellSet {
	v := allCells
	s.Each(func(c sudoku.Cell) bool {
		v = v.And(g.peers[c])
		return true
	})
	return v
}
