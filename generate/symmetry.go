package generate

import (
	"fmt"
	"strings"

	"sudoku"
)

// Symmetry is a symmetry of the clue pattern: the set of cell maps under
// which the cells holding clues stay the cells holding clues (the digits
// themselves are free).
type Symmetry int

// The symmetries of the square the generator offers. The mirrors are named
// by their axis: Horizontal maps row r to row 8-r (top and bottom mirror
// each other across the middle row), Vertical maps column c to column 8-c.
const (
	None         Symmetry = iota // no constraint
	Rot180                       // 180-degree rotation about the centre
	Rot90                        // 90-degree rotation (and so 180 and 270)
	Horizontal                   // mirror across the horizontal axis (row 5)
	Vertical                     // mirror across the vertical axis (column 5)
	Diagonal                     // mirror across the main diagonal (r1c1 to r9c9)
	AntiDiagonal                 // mirror across the anti-diagonal (r1c9 to r9c1)
	Dihedral                     // all eight symmetries of the square
	numSymmetries
)

var symmetryNames = [numSymmetries]string{"none", "rot180", "rot90", "horizontal", "vertical", "diagonal", "antidiagonal", "dihedral"}

// String returns the symmetry's name on the command line: "rot180", ...
func (s Symmetry) String() string {
	if s < 0 || s >= numSymmetries {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// Symmetries returns every symmetry, None first.
func Symmetries() []Symmetry {
	s := make([]Symmetry, numSymmetries)
	for i := range s {
		s[i] = Symmetry(i)
	}
	return s
}

// ParseSymmetry returns the symmetry with the given name (see String).
func ParseSymmetry(name string) (Symmetry, error) {
	for i, n := range symmetryNames {
		if n == name {
			return Symmetry(i), nil
		}
	}
	return None, fmt.Errorf("unknown symmetry %q (want %s)", name, strings.Join(symmetryNames[:], ", "))
}

// cellMap maps row and column to the image cell's row and column.
type cellMap func(r, c int) (int, int)

// The eight symmetries of the square.
var (
	identity  cellMap = func(r, c int) (int, int) { return r, c }
	rot90     cellMap = func(r, c int) (int, int) { return c, 8 - r }
	rot180    cellMap = func(r, c int) (int, int) { return 8 - r, 8 - c }
	rot270    cellMap = func(r, c int) (int, int) { return 8 - c, r }
	mirrorH   cellMap = func(r, c int) (int, int) { return 8 - r, c }
	mirrorV   cellMap = func(r, c int) (int, int) { return r, 8 - c }
	transpose cellMap = func(r, c int) (int, int) { return c, r }
	antiTrans cellMap = func(r, c int) (int, int) { return 8 - c, 8 - r }
)

// maps returns the group of cell maps of s, identity first.
func (s Symmetry) maps() []cellMap {
	switch s {
	case Rot180:
		return []cellMap{identity, rot180}
	case Rot90:
		return []cellMap{identity, rot90, rot180, rot270}
	case Horizontal:
		return []cellMap{identity, mirrorH}
	case Vertical:
		return []cellMap{identity, mirrorV}
	case Diagonal:
		return []cellMap{identity, transpose}
	case AntiDiagonal:
		return []cellMap{identity, antiTrans}
	case Dihedral:
		return []cellMap{identity, rot90, rot180, rot270, mirrorH, mirrorV, transpose, antiTrans}
	}
	return []cellMap{identity}
}

// orbitTable holds each symmetry's orbits, computed once.
var orbitTable [numSymmetries][][]sudoku.Cell

func init() {
	for s := range orbitTable {
		orbitTable[s] = computeOrbits(Symmetry(s))
	}
}

func computeOrbits(s Symmetry) [][]sudoku.Cell {
	var seen [81]bool
	var orbits [][]sudoku.Cell
	for c := sudoku.Cell(0); c < 81; c++ {
		if seen[c] {
			continue
		}
		var o []sudoku.Cell
		for _, m := range s.maps() {
			r, col := m(c.Row(), c.Col())
			img := sudoku.CellAt(r, col)
			if !seen[img] {
				seen[img] = true
				o = append(o, img)
			}
		}
		orbits = append(orbits, o)
	}
	return orbits
}

// Orbits returns the orbits of the cells under s: sets of cells that hold
// clues together or not at all, in the order of their first cell. The
// slices are shared and must not be changed.
func (s Symmetry) Orbits() [][]sudoku.Cell {
	if s < 0 || s >= numSymmetries {
		return nil
	}
	return orbitTable[s]
}

// Holds reports whether the clue pattern of g is symmetric under s.
func (s Symmetry) Holds(g sudoku.Grid) bool {
	for _, o := range s.Orbits() {
		filled := g[o[0]] != 0
		for _, c := range o[1:] {
			if (g[c] != 0) != filled {
				return false
			}
		}
	}
	return true
}

// allows reports whether some number of clues in lo..hi (0: no bound) is a
// sum of orbit sizes of the symmetry, so that a puzzle with that many
// clues can have it.
func (s Symmetry) allows(lo, hi int) bool {
	if hi == 0 {
		hi = 81
	}
	var can [82]bool
	can[0] = true
	for _, o := range s.Orbits() {
		for n := 81 - len(o); n >= 0; n-- {
			if can[n] {
				can[n+len(o)] = true
			}
		}
	}
	for n := max(lo, 17); n <= hi; n++ {
		if can[n] {
			return true
		}
	}
	return false
}

// orbitSizes describes the orbits of the symmetry: "20 of 4 cells, 1 of 1".
func (s Symmetry) orbitSizes() string {
	count := map[int]int{}
	for _, o := range s.Orbits() {
		count[len(o)]++
	}
	out := ""
	for n := 8; n >= 1; n-- {
		if count[n] > 0 {
			if out != "" {
				out += ", "
			}
			out += fmt.Sprintf("%d of %d", count[n], n)
			if out == fmt.Sprintf("%d of %d", count[n], n) {
				out += " cells"
			}
		}
	}
	return out
}
