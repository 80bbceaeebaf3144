package sudoku

import (
	"fmt"
	"math/bits"
)

// Cell is the index of a cell, 0..80, in row-major order.
type Cell int

// CellAt returns the cell at row r and column c, both 0-based.
func CellAt(r, c int) Cell { return Cell(r*9 + c) }

// Row returns the cell's row, 0..8.
func (c Cell) Row() int { return int(c) / 9 }

// Col returns the cell's column, 0..8.
func (c Cell) Col() int { return int(c) % 9 }

// Box returns the cell's box, 0..8, numbered left to right, top to bottom.
func (c Cell) Box() int { return c.Row()/3*3 + c.Col()/3 }

// String names the cell as players do, 1-based: "r1c3".
func (c Cell) String() string {
	if c < 0 || c > 80 {
		return fmt.Sprintf("cell(%d)", int(c))
	}
	return CellName(9, int(c))
}

// Houses returns the cell's row, column and box.
func (c Cell) Houses() [3]House {
	return [3]House{House(c.Row()), House(9 + c.Col()), House(18 + c.Box())}
}

// Peers returns the 20 cells that share a house with c.
func (c Cell) Peers() *[20]Cell { return &peers[c] }

// House is one of the 27 houses: rows 0..8, columns 9..17, boxes 18..26.
type House int

// HouseKind tells rows, columns and boxes apart.
type HouseKind int

// The three kinds of house.
const (
	RowHouse HouseKind = iota
	ColHouse
	BoxHouse
)

// String returns "row", "column" or "box".
func (k HouseKind) String() string {
	switch k {
	case RowHouse:
		return "row"
	case ColHouse:
		return "column"
	case BoxHouse:
		return "box"
	}
	return "house"
}

// Kind returns whether h is a row, a column or a box.
func (h House) Kind() HouseKind { return HouseKind(h / 9) }

// Index returns the 0-based number of h among houses of its kind.
func (h House) Index() int { return int(h) % 9 }

// Cells returns the nine cells of h in row-major order.
func (h House) Cells() *[9]Cell { return &houseCells[h] }

// String names the house 1-based: "row 1", "column 3", "box 6".
func (h House) String() string {
	if h < 0 || h > 26 {
		return fmt.Sprintf("house(%d)", int(h))
	}
	return fmt.Sprintf("%s %d", h.Kind(), h.Index()+1)
}

// Names returns the names of cells, houses or other values that name
// themselves ("r1c3", "box 6"), in order, or nil for none: the lists the
// JSON forms of hints and steps hold.
func Names[T fmt.Stringer](xs []T) []string {
	if len(xs) == 0 {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

var (
	houseCells [27][9]Cell
	peers      [81][20]Cell
)

func init() {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			houseCells[i][j] = CellAt(i, j)
			houseCells[9+i][j] = CellAt(j, i)
			houseCells[18+i][j] = CellAt(i/3*3+j/3, i%3*3+j%3)
		}
	}
	for c := Cell(0); c < 81; c++ {
		n := 0
		for p := Cell(0); p < 81; p++ {
			if p != c && (p.Row() == c.Row() || p.Col() == c.Col() || p.Box() == c.Box()) {
				peers[c][n] = p
				n++
			}
		}
	}
}

// Candidates is a set of digits 1..9, bit d-1 standing for digit d.
type Candidates uint16

// AllCandidates holds every digit 1..9.
const AllCandidates Candidates = 0x1ff

// CandidateOf returns the set holding only digit d (1..9).
func CandidateOf(d int) Candidates { return 1 << (d - 1) }

// Has reports whether d is in the set.
func (s Candidates) Has(d int) bool { return s&CandidateOf(d) != 0 }

// Add returns the set with d added.
func (s Candidates) Add(d int) Candidates { return s | CandidateOf(d) }

// Remove returns the set with d removed.
func (s Candidates) Remove(d int) Candidates { return s &^ CandidateOf(d) }

// Count returns the number of digits in the set.
func (s Candidates) Count() int { return bits.OnesCount16(uint16(s & AllCandidates)) }

// Single returns the set's only digit, or 0 if it holds none or several.
func (s Candidates) Single() int {
	if s.Count() != 1 {
		return 0
	}
	return bits.TrailingZeros16(uint16(s)) + 1
}

// Digits returns the digits of the set in increasing order.
func (s Candidates) Digits() []int {
	ds := make([]int, 0, s.Count())
	for d := 1; d <= 9; d++ {
		if s.Has(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// String lists the digits, e.g. "137".
func (s Candidates) String() string {
	b := make([]byte, 0, 9)
	for _, d := range s.Digits() {
		b = append(b, byte('0'+d))
	}
	return string(b)
}

// Grid is a Sudoku grid: 81 cells in row-major order, 0 for empty, 1..9 for
// a digit. It is a value type: assignment copies the puzzle.
type Grid [81]uint8

// Clues returns the number of filled cells.
func (g Grid) Clues() int {
	n := 0
	for _, v := range g {
		if v != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell holds a digit.
func (g Grid) Full() bool { return g.Clues() == 81 }

// Candidates returns the digits that can go in cell c without repeating a
// digit among its peers; an empty set if c is filled.
func (g Grid) Candidates(c Cell) Candidates {
	if g[c] != 0 {
		return 0
	}
	s := AllCandidates
	for _, p := range peers[c] {
		if v := g[p]; v != 0 {
			s = s.Remove(int(v))
		}
	}
	return s
}

// Validate checks that every cell holds 0..9 and that no digit repeats in a
// house. It returns a *ValueError or the first *ConflictError in the
// order rows, columns, boxes.
func (g Grid) Validate() error {
	for c, v := range g {
		if v > 9 {
			return &ValueError{Cell: Cell(c), Value: int(v)}
		}
	}
	for h := House(0); h < 27; h++ {
		var seen [10]Cell
		for _, c := range houseCells[h] {
			v := g[c]
			if v == 0 {
				continue
			}
			if seen[v] != 0 {
				return &ConflictError{A: seen[v] - 1, B: c, Digit: int(v), House: h}
			}
			seen[v] = c + 1
		}
	}
	return nil
}

// IsSolutionOf reports whether g is a complete valid grid that keeps every
// given of puzzle.
func (g Grid) IsSolutionOf(puzzle *Grid) bool {
	if !g.Full() || g.Validate() != nil {
		return false
	}
	for i, v := range puzzle {
		if v != 0 && g[i] != v {
			return false
		}
	}
	return true
}

// String returns the 81-character line, '.' for empty cells.
func (g Grid) String() string { return g.Line('.') }
