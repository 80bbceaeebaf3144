package constraint

import (
	"slices"
	"strconv"

	"sudoku"
)

// What the kinds share in the ISS form of sigh's Interactive Sudoku
// Solver. Each kind's registry entry (ConstraintKind.ISS, in its file)
// says which ISS types it reads and writes and which relations of ISS's
// Pair and PairX it is, each checked to mean the same as ISS (its
// js/solver/sudoku_builder.js says how it reads each type); its readers
// and writer follow the entry, under "Its ISS form". Most go through the
// f-puzzles bridge (sudoku.ISSViaFP, sudoku.ISSFPWrite), which reads and
// writes the kind's own f-puzzles entries in ISS's argument layouts.

func zero(int) int { return 0 }
func one(int) int  { return 1 }
func two(int) int  { return 2 }

// issWriteOutside writes a clue beside the grid: ISS's Sandwich takes a
// row or column (its sum reads the same from either end), XSum and
// Skyscraper a row or column and a side.
func issWriteOutside(typ string) func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	return func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
		o, v := c.(besideClue).clue()
		id, first, err := w.LineID(o.row, o.col)
		if err != nil {
			return err
		}
		if typ == "Sandwich" {
			return w.Clue(typ, id, v, func() { w.Add(typ, strconv.Itoa(v), id) })
		}
		args := []string{id, strconv.Itoa(v)}
		side := "1"
		if !first {
			args, side = []string{id, "", strconv.Itoa(v)}, "-1"
		}
		return w.Clue(typ, id+","+side, v, func() { w.Add(typ, args...) })
	}
}

// besideClue is a clue beside the grid (sandwiches, x-sums, skyscrapers,
// numbered rooms): its place and value.
type besideClue interface {
	clue() (outsideClue, int)
}

func negate(f func(v, a, b int) bool) func(v, a, b int) bool {
	return func(v, a, b int) bool { return !f(v, a, b) }
}

// chainPairs returns each cell of each group with the next.
func chainPairs(groups [][]int) []sudoku.Pair {
	var out []sudoku.Pair
	for _, g := range groups {
		for i := 1; i < len(g); i++ {
			out = append(out, sudoku.Pair{A: g[i-1], B: g[i]})
		}
	}
	return out
}

// issAdjacentPairs returns the side-by-side pairs of cells as ISS pairs a
// dot's cells: each cell with the later ones beside it.
func issAdjacentPairs(n int, cells []int) []sudoku.Pair {
	var out []sudoku.Pair
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if adjacent(n, a, b) {
				out = append(out, sudoku.Pair{A: a, B: b})
			}
		}
	}
	return out
}

// adjacentCells reads the cells of e (two at least) and the pairs of
// them side by side, an error when there are none.
func issAdjacentCells(r *sudoku.ISSReader, e sudoku.ISSElem) ([]int, []sudoku.Pair, error) {
	cells, err := r.Cells(e, e.Args(), 2)
	if err != nil {
		return nil, nil, err
	}
	pairs := issAdjacentPairs(r.Size(), cells)
	if len(pairs) == 0 {
		return nil, nil, e.Errorf("no two of its cells are side by side")
	}
	return cells, pairs, nil
}

// issUnmarked returns the side-by-side pairs no ISS dot of group joins.
func issUnmarked(n int, marked func(group string, a, b int) bool, group string) []sudoku.Pair {
	var out []sudoku.Pair
	for _, p := range orthogonalPairs(n) {
		if !marked(group, p.A, p.B) {
			out = append(out, p)
		}
	}
	return out
}

func sortedCells(cells []int) []int {
	s := slices.Clone(cells)
	slices.Sort(s)
	return s
}

// issCells names cells as ISS does.
func issCells(n int, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = sudoku.ISSCell(n, c)
	}
	return out
}

// fpNames names cells as f-puzzles does.
func fpNames(n int, cells []int) []string {
	return (&sudoku.FPuzzle{Size: n}).Names(cells)
}

// The ISS types of the kinds f-puzzles has no key for (sum lines,
// lunchboxes, rellik cages, counting circles, numbered rooms): read into
// their constructors and written from their fields, as ISS's
// js/sudoku_constraint.js lays out their arguments:
//
//	.SumLine~10~R1C1~R1C2~...[~LOOP]   the sum, the cells, LOOP for a closed line
//	.Lunchbox~15~R1C1~...~R1C9         the sum, the cells in order
//	.RellikCage~10~R1C1~R1C2           the value no digits of the cage add up to
//	.CountingCircles~R1C1~R3C4~...     one set of circles
//	.NumberedRoom~R3~5~7               the row or column, the clue from its start, from its end

// issReadValueCells reads a value then cells into the constructor make.
func issReadValueCells(build func(r *sudoku.Rules, cells []int, v int) (sudoku.Constraint, error)) sudoku.ISSRead {
	return func(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
		if len(e.Args()) < 2 {
			return nil, e.Errorf("want a value and cells")
		}
		v, err := r.Number(e, "value", e.Args()[0])
		if err != nil {
			return nil, err
		}
		cells, err := r.Cells(e, e.Args()[1:], 1)
		if err != nil {
			return nil, err
		}
		return issMade(e)(build(r.Rules(), cells, v))
	}
}

// issMade returns a constructor's constraint as the element's, its error
// located at the element.
func issMade(e sudoku.ISSElem) func(sudoku.Constraint, error) ([]sudoku.Constraint, error) {
	return func(k sudoku.Constraint, err error) ([]sudoku.Constraint, error) {
		if err != nil {
			return nil, e.Errorf("%v", err)
		}
		return []sudoku.Constraint{k}, nil
	}
}
