package logic

import (
	"sudoku"
)

// Jigsaw regions and extra regions in the classic engine's geometry.
//
// A jigsaw board's regions take the boxes' house numbers (18-26, region i
// as house 18+i, its cells row-major) and region type (typeBox): every
// technique that reads boxes through the geometry reads the regions. The
// few that lean on a box's 3x3 shape (the empty rectangle's cross, the
// box segments of a line) check irregular first. Extra regions of nine
// cells are houses 47-55 of type typeExtra.

// geoRulesOf returns the geometry key of rules r, or false when the
// classic engine does not take them: sizes other than 9, boxes other than
// 3x3, disjoint groups with jigsaw regions, extra regions that are not
// houses (fewer than nine cells) or that overlap, more than maxExtra of
// them. Cages and constraints are added to the geometry by geometryOf. Parity is not part of the geometry: it
// only removes candidates when the board is set up (parityBoard).
func geoRulesOf(r *sudoku.Rules) (geoRules, bool) {
	if r.Size != 9 || r.BoxRows != 3 || r.BoxCols != 3 {
		return geoRules{}, false
	}
	key := geoRules{diagonals: r.Diagonals, windoku: r.Windoku, disjoint: r.Disjoint, knight: r.AntiKnight, antiKing: r.AntiKing}
	if r.Regions != nil {
		if r.Disjoint || !validRegions(r.Regions) {
			return geoRules{}, false
		}
		key.regions = string(r.Regions)
	}
	extra, ok := extraKey(r.Extra)
	if !ok {
		return geoRules{}, false
	}
	key.extra = extra
	return key, true
}

// validRegions reports whether regions gives each of 81 cells one of nine
// regions of nine cells.
func validRegions(regions []uint8) bool {
	if len(regions) != 81 {
		return false
	}
	var n [9]int
	for _, x := range regions {
		if x >= 9 {
			return false
		}
		n[x]++
	}
	for _, k := range n {
		if k != 9 {
			return false
		}
	}
	return true
}

// extraKey encodes extra regions of nine distinct cells each, no cell in
// two of them, as 9 bytes each; false if they are not such.
func extraKey(extra [][]int) (string, bool) {
	if len(extra) > maxExtra {
		return "", false
	}
	var used CellSet
	key := make([]byte, 0, 9*len(extra))
	for _, e := range extra {
		if len(e) != 9 {
			return "", false
		}
		for _, c := range e {
			if c < 0 || c >= 81 || used.Has(sudoku.Cell(c)) {
				return "", false
			}
			used = used.Add(sudoku.Cell(c))
			key = append(key, byte(c))
		}
	}
	return string(key), true
}

// boxCells returns the cells of box i, or of jigsaw region i, row-major.
func boxCells(r geoRules, i int) []sudoku.Cell {
	if r.regions == "" {
		return sudoku.House(18 + i).Cells()[:]
	}
	out := make([]sudoku.Cell, 0, 9)
	for c := range sudoku.Cell(81) {
		if int(r.regions[c]) == i {
			out = append(out, c)
		}
	}
	return out
}

// extraCells returns the cells of extra region i, row-major.
func extraCells(r geoRules, i int) []sudoku.Cell {
	var s CellSet
	for _, c := range []byte(r.extra[9*i : 9*i+9]) {
		s = s.Add(sudoku.Cell(c))
	}
	return s.Cells(nil)
}

// setBase records that cell c is the i-th cell of house h of type t, a
// row, column or box.
func (g *geometry) setBase(c sudoku.Cell, t int, h sudoku.House, i int) {
	k := 2
	switch t {
	case typeRow:
		k = 0
	case typeCol:
		k = 1
	}
	g.base[c][k] = h
	g.baseIx[c][k] = uint8(i)
}

// basePeers returns the cells sharing a row, column or box with c.
func (g *geometry) basePeers(c sudoku.Cell) CellSet {
	var s CellSet
	for _, h := range &g.base[c] {
		s = s.Or(g.sets[h])
	}
	return s.Remove(c)
}

// markIrregular marks the boxes that are not the classic box of their
// number (a jigsaw region): the arithmetic of the box techniques on
// places (a 3x3 block, box i at row i/3*3 and column i%3*3) does not hold
// there.
func (g *geometry) markIrregular() {
	for _, h := range g.ofType[typeBox] {
		// not HouseSet: classicGeo is built before the init functions run
		g.irregular[h] = g.sets[h] != CellSetOf(h.Cells()[:]...)
	}
}

// parityBoard removes from each empty cell of b the digits its parity
// rules out (p: per cell, nil for none): the odd/even cells' rule, applied
// when the board is set up, as the starting candidates.
func parityBoard(b *Board, p []sudoku.Parity) {
	for c := range sudoku.Cell(min(len(p), 81)) {
		if b.Grid[c] != 0 || p[c] == sudoku.AnyParity {
			continue
		}
		for _, d := range b.Cands[c].Digits() {
			if (d%2 == 1) != (p[c] == sudoku.Odd) {
				b.Eliminate(c, d)
			}
		}
	}
}

// jigsaw reports whether some box is a jigsaw region other than the
// classic box of its number.
func (g *geometry) jigsaw() bool {
	for _, h := range g.ofType[typeBox] {
		if g.irregular[h] {
			return true
		}
	}
	return false
}

// boxOf returns the number (0-8) of the box or jigsaw region of c.
func boxOf(g *geometry, c sudoku.Cell) int { return int(g.base[c][2]) - 18 }

// lockedInGeo is lockedIn on a board of jigsaw regions: the house of kind
// k2 (0 rows, 9 columns, 18 boxes) holding every place p of house h1.
func lockedInGeo(g *geometry, h1, k2 sudoku.House, p CellSet) (sudoku.House, bool) {
	h2 := g.base[p.First()][k2/9]
	return h2, h2 != h1 && p.AndNot(g.sets[h2]).Empty()
}
