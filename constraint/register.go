package constraint

import "sudoku"

// register registers a kind with package sudoku, with its ISS form from
// issForms (iss.go) when it gives none of its own.
func register(k sudoku.ConstraintKind) {
	if k.ISS == nil {
		k.ISS = issForms[k.Name]
	}
	sudoku.RegisterConstraint(k)
}
