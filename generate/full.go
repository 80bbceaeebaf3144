package generate

import (
	"math/bits"
	"math/rand/v2"

	"sudoku"
)

// MixMoves is the number of Markov-chain moves Full applies to each filled
// grid (see Full).
const MixMoves = 64

// Full returns a complete valid grid drawn with r.
//
// The grid is first filled by a randomized backtracking search: at each
// step the empty cell with the fewest candidates, ties broken by a random
// order of the cells drawn for this grid, takes a random one of its
// candidates. Every choice is uniform and the rule treats all cells and
// digits alike, so the fill commutes with the 2*6^8*9! symmetries of
// Sudoku (band, stack, row and column permutations, transposition,
// relabelling): grids equivalent to each other come out equally often, and
// each cell holds each digit with probability exactly 1/9.
//
// A sequential fill is not uniform across the essentially different grids
// (grids that leave fewer choices on the way are favoured), so the grid
// then takes MixMoves steps of a Markov chain whose stationary distribution
// is uniform over all grids: each step swaps two digits along one closed
// chain of the cells holding them, or swaps two rows of a band (two
// columns of a stack) along one cycle of columns (rows) that hold the same
// digits. Each move is its own inverse and is proposed with the same
// probability from either side, so the chain is symmetric and leaves the
// uniform distribution unchanged; it too treats all cells and digits alike.
func Full(r *rand.Rand) sudoku.Grid {
	var f filler
	f.start(r)
	f.fill(r, 81)
	g := f.g
	for range MixMoves {
		mix(&g, r)
	}
	return g
}

// filler is the state of the randomized fill.
type filler struct {
	g                 sudoku.Grid
	rows, cols, boxes [9]uint16 // digits used, bit d-1 for digit d
	// order is the tie-breaking order of the cells; the empty cells are
	// linked in that order through next and prev (index 81 heads the
	// list), so that the search for the next cell skips the filled ones.
	order      [81]uint8
	next, prev [82]uint8
}

// house tables of the 81 cells, for the fill's hot loop.
var cellRow, cellCol, cellBox = func() (r, c, b [81]uint8) {
	for i := range 81 {
		r[i], c[i], b[i] = uint8(i/9), uint8(i%9), uint8(i/27*3+i%9/3)
	}
	return
}()

// start draws the order of the cells (as r.Perm(81) would) and links
// them all as empty.
func (f *filler) start(r *rand.Rand) {
	for i := range f.order {
		f.order[i] = uint8(i)
	}
	r.Shuffle(81, func(i, j int) { f.order[i], f.order[j] = f.order[j], f.order[i] })
	for i := range 82 {
		f.next[i], f.prev[i] = uint8((i+1)%82), uint8((i+81)%82)
	}
}

func (f *filler) free(c int) uint16 {
	return ^(f.rows[cellRow[c]] | f.cols[cellCol[c]] | f.boxes[cellBox[c]]) & 0x1ff
}

func (f *filler) set(c int, bit uint16) {
	f.rows[cellRow[c]] ^= bit
	f.cols[cellCol[c]] ^= bit
	f.boxes[cellBox[c]] ^= bit
}

// fill completes the grid, which has empty cells left; false on a dead end.
func (f *filler) fill(r *rand.Rand, empty int) bool {
	if empty == 0 {
		return true
	}
	best, at, bestN := -1, uint8(0), 10
	for i := f.next[81]; i != 81; i = f.next[i] {
		c := int(f.order[i])
		if n := bits.OnesCount16(f.free(c)); n < bestN {
			best, at, bestN = c, i, n
			if n <= 1 {
				break
			}
		}
	}
	// Unlink the cell while it is filled; it goes back in the same place.
	f.next[f.prev[at]], f.prev[f.next[at]] = f.next[at], f.prev[at]
	m := f.free(best)
	for m != 0 {
		k := r.IntN(bits.OnesCount16(m))
		bit := m
		for range k {
			bit &= bit - 1
		}
		bit &= -bit
		m &^= bit
		f.g[best] = uint8(bits.TrailingZeros16(bit) + 1)
		f.set(best, bit)
		if f.fill(r, empty-1) {
			return true
		}
		f.set(best, bit)
		f.g[best] = 0
	}
	f.next[f.prev[at]], f.prev[f.next[at]] = at, at
	return false
}

// mix applies one random move of the chain described at Full to the
// complete grid g.
func mix(g *sudoku.Grid, r *rand.Rand) {
	switch r.IntN(3) {
	case 0:
		swapDigits(g, r)
	case 1:
		swapRows(g, r)
	default:
		transposeGrid(g)
		swapRows(g, r)
		transposeGrid(g)
	}
}

// swapDigits picks two digits a and b and a cell holding one of them, and
// swaps a and b on the cells linked to it: two cells holding a and b are
// linked when they share a house. Every house meeting the chain holds both
// its a and its b in the chain, so the swap keeps the grid valid.
func swapDigits(g *sudoku.Grid, r *rand.Rand) {
	a := uint8(r.IntN(9) + 1)
	b := uint8(r.IntN(8) + 1)
	if b >= a {
		b++
	}
	var ra, rb [9]sudoku.Cell
	for c, v := range g {
		switch v {
		case a:
			ra[c/9] = sudoku.Cell(c)
		case b:
			rb[c/9] = sudoku.Cell(c)
		}
	}
	// The 18 cells in row-major order hold two per row.
	class := linkRows(&ra, &rb)
	k := class[r.IntN(18)/2]
	for row, cl := range class {
		if cl == k {
			g[ra[row]], g[rb[row]] = b, a
		}
	}
}

// swapRows picks two rows of a band and a column, and swaps the two rows'
// cells in the cycle of columns through it: the column where the first
// row holds the second row's digit, and so on back to the start. The rows
// keep their digits, and the columns and boxes their contents.
func swapRows(g *sudoku.Grid, r *rand.Rand) {
	band := r.IntN(3)
	i := r.IntN(3)
	j := (i + 1 + r.IntN(2)) % 3
	r1, r2 := 9*(3*band+i), 9*(3*band+j)
	var where [10]int // column of each digit in row r1
	for c := 0; c < 9; c++ {
		where[g[r1+c]] = c
	}
	start := r.IntN(9)
	c := start
	for {
		next := where[g[r2+c]]
		g[r1+c], g[r2+c] = g[r2+c], g[r1+c]
		if next == start {
			return
		}
		c = next
	}
}

func transposeGrid(g *sudoku.Grid) {
	for r := 0; r < 9; r++ {
		for c := r + 1; c < 9; c++ {
			g[9*r+c], g[9*c+r] = g[9*c+r], g[9*r+c]
		}
	}
}
