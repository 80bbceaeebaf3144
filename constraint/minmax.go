package constraint

import (
	"fmt"
	"slices"
	"sudoku"
)

// Minimum and maximum cells (f-puzzles "minimum", "maximum"; a fortress
// of maxima): the digit of a minimum cell is lower than each of its
// side-by-side neighbours, that of a maximum higher, neighbours of the
// same kind left out (two maxima side by side are not compared), as
// SudokuVariantSolverJS reads them.

// extremum is one minimum or maximum cell and the neighbours it is
// compared with.
type extremum struct {
	n     int
	max   bool
	cell  int
	nbrs  []int // the neighbours it is compared with
	sides []int // every neighbour in the grid, for the drawing
}

func (e *extremum) Kind() string {
	if e.max {
		return "maximum"
	}
	return "minimum"
}

// Cells: the marked cell, then its neighbours compared.
func (e *extremum) Cells() []int   { return append([]int{e.cell}, e.nbrs...) }
func (e *extremum) String() string { return e.Kind() + " " + sudoku.CellName(e.n, e.cell) }

// than words the relation: "lower" or "higher".
func (e *extremum) than() string {
	if e.max {
		return "higher"
	}
	return "lower"
}

// holds reports whether the cell's digit a and a neighbour's b keep it
// (0 is empty).
func (e *extremum) holds(a, b int) bool {
	return a == 0 || b == 0 || e.max && a > b || !e.max && a < b
}

func (e *extremum) Check(cells []uint8) error {
	a := int(cells[e.cell])
	for _, o := range e.nbrs {
		if b := int(cells[o]); !e.holds(a, b) {
			return &sudoku.ConstraintError{Size: e.n, Kind: e.Kind(), Index: -1, Cells: []int{e.cell, o},
				Msg: fmt.Sprintf("%s holds %d, not %s than %s's %d", sudoku.CellName(e.n, e.cell), a, e.than(), sudoku.CellName(e.n, o), b)}
		}
	}
	return nil
}

// Propagate: bounds, which for comparisons are all there is. A minimum
// is below the lowest top of its neighbours, each neighbour above its
// bottom; a maximum the other way.
func (e *extremum) Propagate(d *sudoku.Domains) bool {
	lim := sudoku.Range(1, e.n)
	for _, o := range e.nbrs {
		if e.max {
			lim &= sudoku.Range(d.Min(o)+1, e.n)
		} else {
			lim &= sudoku.Range(1, d.Max(o)-1)
		}
	}
	if !d.Keep(e.cell, lim) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("%s is a %s, %s than each of its neighbours", sudoku.CellName(e.n, e.cell), e.Kind(), e.than()), e.Cells()...)
	}
	for _, o := range e.nbrs {
		nb := sudoku.Range(1, d.Max(e.cell)-1)
		if !e.max {
			nb = sudoku.Range(d.Min(e.cell)+1, e.n)
		}
		if !d.Keep(o, nb) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("%s's neighbours are %s than it, a %s", sudoku.CellName(e.n, e.cell), e.opposite(), e.Kind()), e.Cells()...)
	}
	return true
}

func (e *extremum) opposite() string {
	if e.max {
		return "lower"
	}
	return "higher"
}

// Rows: value(neighbour) - value(cell) >= 1 for a minimum, <= -1 for a
// maximum; one value row per neighbour.
func (e *extremum) Rows(m sudoku.Model) {
	for _, o := range e.nbrs {
		terms := append(sudoku.ValueTerms(m, e.n, o, 1), sudoku.ValueTerms(m, e.n, e.cell, -1)...)
		if e.max {
			m.Row(e.Kind(), terms, sudoku.AtMost, -1)
		} else {
			m.Row(e.Kind(), terms, sudoku.AtLeast, 1)
		}
	}
}

// Shapes: the cell shaded, with a small arrow at each side pointing out
// to the neighbour (maximum: the neighbours are lower) or in (minimum).
func (e *extremum) Shapes() []sudoku.Shape {
	s := []sudoku.Shape{{Kind: sudoku.ShapeShade, Cells: []int{e.cell}, Fill: "#cfcfcf"}}
	at := sudoku.CellCentre(e.n, e.cell)
	for _, o := range e.sides {
		to := sudoku.CellCentre(e.n, o)
		dr, dc := (to.R-at.R)/2, (to.C-at.C)/2
		in, out := sudoku.Point{R: at.R + 0.6*dr, C: at.C + 0.6*dc}, sudoku.Point{R: at.R + dr, C: at.C + dc}
		if !e.max {
			in, out = out, in
		}
		s = append(s, sudoku.Shape{Kind: sudoku.ShapeArrow, Points: []sudoku.Point{in, out}, Size: 0.03, Stroke: "#000000"})
	}
	return s
}

// readExtrema reads the cells of key, a maximum or not, each compared
// with its neighbours not listed.
func readExtrema(key string, max bool) func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	return func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
		cells, err := readMarked(f, key)
		if err != nil {
			return nil, err
		}
		out := make([]sudoku.Constraint, len(cells))
		for i, c := range cells {
			e := &extremum{n: f.Size, max: max, cell: c}
			for _, o := range sideNeighbours(f.Size, c) {
				e.sides = append(e.sides, o)
				if !slices.Contains(cells, o) {
					e.nbrs = append(e.nbrs, o)
				}
			}
			out[i] = e
		}
		return out, nil
	}
}

// readMarked reads the cells of key's entries ({"cell": "R1C1"}), none
// twice.
func readMarked(f *sudoku.FPuzzle, key string) ([]int, error) {
	var entries []sudoku.FPClue
	if err := f.Decode(key, &entries); err != nil {
		return nil, err
	}
	var cells []int
	for i, e := range entries {
		c, err := f.Cell(key, i, e.Cell)
		if err != nil {
			return nil, err
		}
		if slices.Contains(cells, c) {
			return nil, f.Errorf(key, i, "lists %s twice", sudoku.CellName(f.Size, c))
		}
		cells = append(cells, c)
	}
	return cells, nil
}

// sideNeighbours returns the cells side by side with c: above, below,
// left, right.
func sideNeighbours(n, c int) []int {
	var out []int
	r, col := c/n, c%n
	for _, s := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if rr, cc := r+s[0], col+s[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
			out = append(out, rr*n+cc)
		}
	}
	return out
}

// writeExtrema writes the marked cells.
func writeExtrema(key string) func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	return func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
		entries := make([]sudoku.FPClue, len(cs))
		for i, c := range cs {
			e, ok := c.(*extremum)
			if !ok {
				return fmt.Errorf("not a %s: %v", key, c)
			}
			entries[i] = sudoku.FPClue{Cell: f.Name(e.cell)}
		}
		return f.Set(key, entries)
	}
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "minimum", Title: "Minimum cell",
		Rule: "The digit of a minimum cell is lower than each of its side-by-side neighbours (other minimum cells left out).",
		Read: readExtrema("minimum", false), Write: writeExtrema("minimum"),
		ISS: &sudoku.ISSForm{Write: issWriteExtremum},
	})
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "maximum", Title: "Maximum cell",
		Rule: "The digit of a maximum cell is higher than each of its side-by-side neighbours (other maximum cells left out).",
		Read: readExtrema("maximum", true), Write: writeExtrema("maximum"),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"GreaterThan": issReadGreaterThan}, Write: issWriteExtremum},
	})
}

// Its ISS form.

// issWriteExtremum writes a maximum cell as ISS's GreaterThan from it to
// each neighbour it is compared with, a minimum from each neighbour to it
// (the neighbours of a cell never touch each other, so no other pair is
// read).
func issWriteExtremum(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	e := c.(*extremum)
	for _, o := range e.nbrs {
		if !adjacent(w.Size(), e.cell, o) {
			return fmt.Errorf("%s is not beside %s", sudoku.CellName(w.Size(), o), sudoku.CellName(w.Size(), e.cell))
		}
	}
	switch {
	case len(e.nbrs) == 0: // compared with nothing: no rule
	case e.max:
		w.AddCells("GreaterThan", append([]int{e.cell}, e.nbrs...))
	default:
		w.AddCells("GreaterThan", append(slices.Clone(e.nbrs), e.cell))
	}
	return nil
}

// issReadGreaterThan reads ISS's GreaterThan: each cell above the later
// ones beside it. A last cell below all the others is a minimum cell;
// otherwise each cell above others is a maximum cell compared with them.
func issReadGreaterThan(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	cells, pairs, err := issAdjacentCells(r, e)
	if err != nil {
		return nil, err
	}
	last := cells[len(cells)-1]
	if len(cells) > 2 && len(pairs) == len(cells)-1 && !slices.ContainsFunc(pairs, func(p sudoku.Pair) bool { return p.B != last }) {
		return []sudoku.Constraint{issExtremum(r, false, last, cells[:len(cells)-1])}, nil
	}
	var out []sudoku.Constraint
	for _, c := range cells {
		var below []int
		for _, p := range pairs {
			if p.A == c {
				below = append(below, p.B)
			}
		}
		if len(below) > 0 {
			out = append(out, issExtremum(r, true, c, below))
		}
	}
	return out, nil
}

// extremum makes a maximum (minimum) cell compared with nbrs.
func issExtremum(r *sudoku.ISSReader, max bool, c int, nbrs []int) sudoku.Constraint {
	return &extremum{n: r.Size(), max: max, cell: c, nbrs: slices.Clone(nbrs), sides: sideNeighbours(r.Size(), c)}
}
