package constraint

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sudoku"
)

// German whispers (f-puzzles "whispers", a green line): digits next to
// each other on the line differ by at least the entry's "value", by
// default half the size rounded up (5 on a 9x9), as
// SudokuVariantSolverJS reads it. Digits may repeat further apart.

// whispers is a line whose neighbours differ by at least value.
type whispers struct {
	*pairsConstraint
	line  []int
	value int
}

// whispersDefault is the least difference when the entry gives none.
func whispersDefault(n int) int { return (n + 1) / 2 }

func newWhispers(n int, line []int, value int) *whispers {
	var pairs []sudoku.Pair
	for i := 1; i < len(line); i++ {
		pairs = append(pairs, sudoku.Pair{A: line[i-1], B: line[i]})
	}
	label := "whispers " + sudoku.CellRange(n, line)
	if value != whispersDefault(n) {
		label = fmt.Sprintf("whispers (%d apart) %s", value, sudoku.CellRange(n, line))
	}
	w := &whispers{pairsConstraint: newPairs("whispers", label, n, pairs, func(a, b int) bool { return abs(a-b) >= value }), line: line, value: value}
	w.cells = line
	return w
}

// Propagate keeps in each cell the digits far enough from some digit of
// each neighbour (the middle digits, 5 on a 9x9, go at once): the pairs
// along the line, then back, which on a line (a chain of pairs) leaves
// every digit with a filling of the whole line around it.
func (w *whispers) Propagate(d *sudoku.Domains) bool {
	for i := range 2 * len(w.pairs) {
		p := w.pairs[i%len(w.pairs)]
		if i >= len(w.pairs) {
			p = w.pairs[2*len(w.pairs)-1-i]
		}
		if !w.tab.propagate(d, p.A, p.B) {
			return false
		}
		if d.Explain {
			d.Because(fmt.Sprintf("neighbours on the German whispers line %s differ by at least %d", sudoku.CellRange(w.n, w.line), w.value), p.A, p.B)
		}
	}
	return true
}

// Rows: for each pair of neighbours and digit a of the first, x(first,
// a) <= the sum of x(second, b) over the digits b at least value from a.
func (w *whispers) Rows(m sudoku.Model) {
	for _, p := range w.pairs {
		w.tab.rows(m, "whispers", p.A, p.B)
	}
}

// Shapes: a green line.
func (w *whispers) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(w.n, w.line, "#67F067", 0.3)}
}

// Rule words the difference of this line.
func (w *whispers) Rule() string {
	return fmt.Sprintf("Digits next to each other on a green line (German whispers) differ by at least %d.", w.value)
}

func readWhispers(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("whispers", 1, func(cells []int, value []byte) error {
		v, err := lineValue(value, whispersDefault(f.Size))
		if err == nil && (v < 1 || v >= f.Size) {
			err = fmt.Errorf("value %d out of range 1..%d", v, f.Size-1)
		}
		if err != nil {
			return err
		}
		out = append(out, newWhispers(f.Size, cells, v))
		return nil
	})
	return out, err
}

func writeWhispers(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	entries := make([]sudoku.FPLines, 0, len(cs))
	for _, c := range cs {
		w, ok := c.(*whispers)
		if !ok {
			return fmt.Errorf("not a whispers line: %v", c)
		}
		e := sudoku.FPLines{Lines: [][]string{f.Names(w.line)}}
		if w.value != whispersDefault(f.Size) {
			e.Value = json.RawMessage(strconv.Quote(strconv.Itoa(w.value)))
		}
		entries = append(entries, e)
	}
	return f.Set("whispers", entries)
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "whispers", Title: "German whispers", Rule: "Digits next to each other on a green line (German whispers) differ by at least 5 (half the size, rounded up).",
		Read: readWhispers, Write: writeWhispers,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Whisper": issReadWhisper}, Write: issWriteWhispers,
			Pairs: []sudoku.ISSRelation{{Name: "whispers", Rank: 4, Lo: one, Hi: func(n int) int { return n - 1 }, Holds: func(v, a, b int) bool { return abs(a-b) >= v }, Make: issWhispers}}},
	})
}

// Its ISS form.

func issWriteWhispers(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*whispers)
	w.AddCells("Whisper", k.line, strconv.Itoa(k.value))
	return nil
}

func issWhispers(r *sudoku.ISSReader, e sudoku.ISSElem, v int, groups [][]int) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	for _, g := range groups {
		out = append(out, newWhispers(r.Size(), g, v))
	}
	return out, nil
}

// issReadWhisper reads a whisper line: its difference (5 when the first
// argument is a cell, as ISS reads it) and cells.
func issReadWhisper(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	args := e.Args()
	diff := "5"
	if len(args) > 0 {
		if _, err := strconv.Atoi(args[0]); err == nil {
			diff, args = args[0], args[1:]
		}
	}
	pieces, err := r.Path(e, args, 1)
	if err != nil {
		return nil, err
	}
	var lines [][]string
	for _, p := range pieces {
		lines = append(lines, fpNames(r.Size(), p))
	}
	return r.ViaFP(e, "whispers", map[string]any{"lines": lines, "value": diff})
}
