package constraint

import (
	"fmt"
	"slices"
	"sudoku"
)

// Clones (f-puzzles "clone": {"cells": [...], "cloneCells": [...]}): each
// cell holds the same digit as the cell at the same place of the other
// list, as SudokuVariantSolverJS reads it (a cell listed as its own clone
// is left alone). Palindromes (palindrome.go) are the same
// relation between the two halves of a line.

// clone is two lists of cells, each cell equal to its twin.
type clone struct {
	*pairsConstraint
	a, b []int
}

func newClone(n int, a, b []int) *clone {
	var pairs []sudoku.Pair
	for i := range a {
		if a[i] != b[i] {
			pairs = append(pairs, sudoku.Pair{A: a[i], B: b[i]})
		}
	}
	label := "clone " + sudoku.CellRange(n, a) + " = " + sudoku.CellRange(n, b)
	c := &clone{pairsConstraint: newPairs("clone", label, n, pairs, func(x, y int) bool { return x == y }), a: a, b: b}
	c.cells = nil
	for _, x := range append(slices.Clone(a), b...) {
		if !slices.Contains(c.cells, x) {
			c.cells = append(c.cells, x)
		}
	}
	return c
}

// Propagate keeps in each cell the digits its twin may hold.
func (c *clone) Propagate(d *sudoku.Domains) bool {
	for _, p := range c.pairs {
		if !c.tab.propagate(d, p.A, p.B) {
			return false
		}
		if d.Explain {
			d.Because(fmt.Sprintf("%s and %s are clones, so they hold the same digit", sudoku.CellName(c.n, p.A), sudoku.CellName(c.n, p.B)), p.A, p.B)
		}
	}
	return true
}

// Rows: x(a, d) = x(b, d) for each pair of twins and digit.
func (c *clone) Rows(m sudoku.Model) { equalRows(m, "clone", c.n, c.pairs) }

// Shapes: both lists shaded grey, as f-puzzles draws clones.
func (c *clone) Shapes() []sudoku.Shape {
	return []sudoku.Shape{{Kind: sudoku.ShapeShade, Cells: slices.Clone(c.a), Fill: "#D0D0D0"}, {Kind: sudoku.ShapeShade, Cells: slices.Clone(c.b), Fill: "#D0D0D0"}}
}

// fpClone is an entry of "clone".
type fpClone struct {
	Cells      []string `json:"cells"`
	CloneCells []string `json:"cloneCells"`
}

func readClones(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var entries []fpClone
	if err := f.Decode("clone", &entries); err != nil {
		return nil, err
	}
	var out []sudoku.Constraint
	for i, e := range entries {
		a, err := f.Cells("clone", i, e.Cells, 1)
		if err != nil {
			return nil, err
		}
		b, err := f.Cells("clone", i, e.CloneCells, 1)
		if err != nil {
			return nil, err
		}
		if len(a) != len(b) {
			return nil, f.Errorf("clone", i, "has %s and %s as clones, want as many", cellCount(len(a)), cellCount(len(b)))
		}
		out = append(out, newClone(f.Size, a, b))
	}
	return out, nil
}

func writeClones(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	entries := make([]fpClone, 0, len(cs))
	for _, c := range cs {
		k, ok := c.(*clone)
		if !ok {
			return fmt.Errorf("not a clone: %v", c)
		}
		entries = append(entries, fpClone{f.Names(k.a), f.Names(k.b)})
	}
	return f.Set("clone", entries)
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "clone", Title: "Clone", Rule: "Shaded areas of the same shape are clones: cells in the same place of each hold the same digit.",
		Read: readClones, Write: writeClones,
		ISS: &sudoku.ISSForm{Write: issWriteClone,
			Pairs: []sudoku.ISSRelation{{Name: "clones", Rank: 3, Lo: zero, Hi: zero, Holds: func(_, a, b int) bool { return a == b }, Make: issClones}}},
	})
}

// Its ISS form.

func issWriteClone(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*clone)
	w.Pairs("Pair", k.tab.holds, k.pairs)
	return nil
}

// issClones reads equal pairs as clones: each cell and the next, in as
// few clones as keep each list's cells different.
func issClones(r *sudoku.ISSReader, e sudoku.ISSElem, _ int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	var a, b []int
	for _, p := range chainPairs(groups) {
		if slices.Contains(a, p.A) || slices.Contains(b, p.B) {
			out = append(out, newClone(r.Size(), a, b))
			a, b = nil, nil
		}
		a, b = append(a, p.A), append(b, p.B)
	}
	return append(out, newClone(r.Size(), a, b)), nil
}
