package constraint

import (
	"fmt"
	"slices"
	"sudoku"
)

// Constructors of constraints for callers in Go (generators, tests): the
// readers of f-puzzles make the same values.

// NewThermometer returns a thermometer on an n-grid along cells, bulb
// first (slow: digits may stay equal).
func NewThermometer(n int, cells []int, slow bool) (sudoku.Constraint, error) {
	kind := "thermometer"
	if slow {
		kind = "slowthermometer"
	}
	if err := checkCells(n, kind, cells, 2); err != nil {
		return nil, err
	}
	if !slow && len(cells) > n {
		return nil, &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Cells: cells, Msg: fmt.Sprintf("%d cells cannot rise through %d digits", len(cells), n)}
	}
	return &thermo{n: n, cells: cells, slow: slow}, nil
}

// NewDot returns a dot between side-by-side cells a and b of an n-grid:
// kind "difference" (a white dot: the digits differ by value), "ratio" (a
// black dot: one is value times the other) or "xv" (the digits add up to
// value, 10 for an X, 5 for a V).
func NewDot(kind string, n, a, b, value int) (sudoku.Constraint, error) {
	k, err := dotKindOf(kind)
	if err != nil {
		return nil, err
	}
	if err := checkCells(n, kind, []int{a, b}, 2); err != nil {
		return nil, err
	}
	if !adjacent(n, a, b) {
		return nil, &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Cells: []int{a, b}, Msg: "a dot joins two side-by-side cells"}
	}
	return newDot(k, n, a, b, value), nil
}

// NewNegativeDots returns the rule that every dot of kind with value is
// given: no pair of pairs (side-by-side cells without such a dot) keeps
// the dot's relation.
func NewNegativeDots(kind string, n, value int, pairs []sudoku.Pair) (sudoku.Constraint, error) {
	k, err := dotKindOf(kind)
	if err != nil {
		return nil, err
	}
	for _, p := range pairs {
		if err := checkCells(n, kind, []int{p.A, p.B}, 2); err != nil {
			return nil, err
		}
	}
	return newNegativeDots(k, n, value, pairs), nil
}

// SideBySide returns every pair of side-by-side cells of an n-grid, the
// lower index first.
func SideBySide(n int) []sudoku.Pair { return orthogonalPairs(n) }

func dotKindOf(kind string) (*dotKind, error) {
	for _, k := range []*dotKind{differenceDots, ratioDots, xvDots} {
		if k.name == kind {
			return k, nil
		}
	}
	return nil, fmt.Errorf("no kind of dot %q (want difference, ratio or xv)", kind)
}

// checkCells checks that cells are distinct cells of an n-grid, at least
// min of them.
func checkCells(n int, kind string, cells []int, min int) error {
	if len(cells) < min {
		return &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Cells: cells, Msg: fmt.Sprintf("has %s, want at least %d", cellCount(len(cells)), min)}
	}
	seen := map[int]bool{}
	for _, c := range cells {
		if c < 0 || c >= n*n || seen[c] {
			return &sudoku.ConstraintError{Size: n, Kind: kind, Index: -1, Msg: fmt.Sprintf("cell %d is outside the grid or listed twice", c)}
		}
		seen[c] = true
	}
	return nil
}

// NewArrow returns an arrow on the grid of r: the digits along path (its
// first cell in the circle, the rest the line) add up to the number in
// the circle (one cell, or several read as a number). Cells that share a
// house of r are known to differ, which sharpens its propagation.
func NewArrow(r *sudoku.Rules, circle, path []int) (sudoku.Constraint, error) {
	n := r.Size
	if err := checkCells(n, "arrow", circle, 1); err != nil {
		return nil, err
	}
	if err := checkCells(n, "arrow", path, 2); err != nil {
		return nil, err
	}
	if !slices.Contains(circle, path[0]) {
		return nil, &sudoku.ConstraintError{Size: n, Kind: "arrow", Index: -1, Cells: path[:1], Msg: "the line starts outside the circle"}
	}
	h, err := rulesHouseMap(r)
	if err != nil {
		return nil, err
	}
	return newArrow(n, circle, path, h), nil
}

// rulesHouseMap returns the houses of r: its rows, columns, boxes or
// regions, and as groups its other houses, extra regions and cages.
func rulesHouseMap(r *sudoku.Rules) (*houseMap, error) {
	l, err := r.Layout()
	if err != nil {
		return nil, err
	}
	h := &houseMap{n: l.N, region: make([]int, l.NN)}
	for c := range h.region {
		h.region[c] = l.RegionOf(c)
	}
	for _, u := range l.Units {
		switch u.Kind {
		case sudoku.UnitRow, sudoku.UnitColumn, sudoku.UnitBox, sudoku.UnitRegion:
		default:
			h.groups = append(h.groups, u.Cells)
		}
	}
	return h, nil
}

// NewParityLine returns a parity line on an n-grid along cells (at
// least two): digits next to each other on it are one odd and one even.
func NewParityLine(n int, cells []int) (sudoku.Constraint, error) {
	if err := checkCells(n, "parityline", cells, 2); err != nil {
		return nil, err
	}
	return newParityLine(n, cells), nil
}
