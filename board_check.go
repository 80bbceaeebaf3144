package sudoku

// This file lets Board.Validate skip compiling a Layout when the givens
// clash nowhere, as nearly every puzzle read: a Layout lists every cell's
// peers, which only naming a clash needs.

// noClash reports that no two givens of b share a digit where a rule of
// its (valid) rules forbids it, without a Layout. It reports false when
// they do, and also when it cannot tell this way (a board of the wrong
// size, a cell above N, constraints that make cells differ): Validate
// then compiles a Layout, which finds and names the clash.
func (b *Board) noClash() bool {
	r, n := b.Rules, b.Rules.Size
	if len(b.Cells) != n*n {
		return false
	}
	for _, k := range r.Constraints {
		if _, ok := k.(Distinct); ok {
			return false
		}
	}
	var rows, cols, boxes, disjoint [MaxSize]uint32
	var diag [2]uint32
	for c, v := range b.Cells {
		if v == 0 {
			continue
		}
		if int(v) > n || b.movesClash(c) {
			return false
		}
		bit, row, col := uint32(1)<<v, c/n, c%n
		box := b.boxOf(row, col)
		seen := rows[row] | cols[col] | boxes[box]
		if r.Disjoint {
			g := row%r.BoxRows*r.BoxCols + col%r.BoxCols
			seen |= disjoint[g]
			disjoint[g] |= bit
		}
		for i, on := range [2]bool{r.Diagonals&DiagDown != 0 && row == col, r.Diagonals&DiagUp != 0 && row+col == n-1} {
			if on {
				seen |= diag[i]
				diag[i] |= bit
			}
		}
		if seen&bit != 0 {
			return false
		}
		rows[row], cols[col], boxes[box] = rows[row]|bit, cols[col]|bit, boxes[box]|bit
	}
	return b.groupsDistinct()
}

// boxOf returns the box (or region) of the cell at row, col.
func (b *Board) boxOf(row, col int) int {
	r := b.Rules
	if r.Regions != nil {
		return int(r.Regions[row*r.Size+col])
	}
	return row/r.BoxRows*(r.Size/r.BoxCols) + col/r.BoxCols
}

// movesClash reports whether the given in cell c has its digit a
// forbidden knight's or king's move away.
func (b *Board) movesClash(c int) bool {
	for o := range b.Rules.MovesFrom(c) {
		if b.Cells[o] == b.Cells[c] {
			return true
		}
	}
	return false
}

// groupsDistinct reports whether the givens differ within each window,
// extra region and cage.
func (b *Board) groupsDistinct() bool {
	r := b.Rules
	if r.Windoku {
		for _, w := range Windows(r.Size, r.BoxRows, r.BoxCols) {
			seen := uint32(0)
			for dr := 0; dr < r.BoxRows; dr++ {
				for dc := 0; dc < r.BoxCols; dc++ {
					if !b.addDistinct(&seen, (w[0]+dr)*r.Size+w[1]+dc) {
						return false
					}
				}
			}
		}
	}
	for _, e := range r.Extra {
		if !b.distinct(e) {
			return false
		}
	}
	for _, k := range r.Cages {
		if !b.distinct(k.Cells) {
			return false
		}
	}
	return true
}

// distinct reports whether the givens of the cells differ.
func (b *Board) distinct(cells []int) bool {
	seen := uint32(0)
	for _, c := range cells {
		if !b.addDistinct(&seen, c) {
			return false
		}
	}
	return true
}

// addDistinct adds the given of cell c (if any) to seen, false when seen
// has it already.
func (b *Board) addDistinct(seen *uint32, c int) bool {
	v := b.Cells[c]
	if v == 0 {
		return true
	}
	if *seen&(1<<v) != 0 {
		return false
	}
	*seen |= 1 << v
	return true
}
