package generate

import "sudoku"

// largestFirst orders the symmetries for SymmetryOf: those with the most
// maps first, so that a pattern symmetric under several is named by the
// largest group; the two mirrors (and the two diagonals) come in String's
// order.
var largestFirst = []Symmetry{Dihedral, Rot90, Horizontal, Vertical, Diagonal, AntiDiagonal, Rot180}

// SymmetryOf returns the largest symmetry of g's clue pattern: the first of
// Dihedral, Rot90, the mirrors, the diagonals and Rot180 that Holds, or
// None.
func SymmetryOf(g sudoku.Grid) Symmetry {
	for _, s := range largestFirst {
		if s.Holds(g) {
			return s
		}
	}
	return None
}
