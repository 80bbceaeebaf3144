package sudoku

import (
	"slices"
)

// Words returns the rules of r beyond "each row, column and box (or
// region) holds the digits once", in plain words for players: the extra
// houses, cages, moves and parities, then the constraints' own
// (ConstraintRules). A classic board has none.
func (r *Rules) Words() []string {
	var out []string
	add := func(ok bool, w string) {
		if ok {
			out = append(out, w)
		}
	}
	switch r.Diagonals {
	case BothDiagonals:
		out = append(out, "Each of the two main diagonals holds the digits once.")
	case DiagDown:
		out = append(out, "The diagonal from top left to bottom right holds the digits once.")
	case DiagUp:
		out = append(out, "The diagonal from bottom left to top right holds the digits once.")
	}
	add(r.Windoku, "Each shaded window holds the digits once.")
	add(r.Disjoint, "Cells in the same place of every box hold different digits.")
	add(len(r.Extra) > 0, "Each extra region holds different digits.")
	add(len(r.Cages) > 0, r.cageWords())
	add(r.AntiKnight, "Equal digits may not be a knight's move apart.")
	add(r.AntiKing, "Equal digits may not touch, even diagonally.")
	add(slices.Contains(r.Parity, Odd), "A cell with a circle holds an odd digit.")
	add(slices.Contains(r.Parity, Even), "A cell with a square holds an even digit.")
	return append(out, ConstraintRules(r.Constraints)...)
}

// cageWords is the rule of the cages: digits differ, and add up to the
// sum where one is shown.
func (r *Rules) cageWords() string {
	if slices.ContainsFunc(r.Cages, func(c Cage) bool { return c.Sum > 0 }) {
		return "Digits may not repeat in a cage, and add up to its sum where one is shown."
	}
	return "Digits may not repeat in a cage."
}
