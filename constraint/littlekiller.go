package constraint

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sudoku"
)

// Little killers (f-puzzles "littlekillersum"): a number beside the grid
// with a small arrow along a diagonal; the digits of the diagonal's cells
// add up to it. Digits may repeat, where no house forbids it. The entry
// lists the cells (as f-puzzles saves them); without the list they are
// found from the clue's place and direction. A clue without a number is
// drawn only (SudokuVariantSolverJS ignores it).

// littleKiller is one little killer clue and its diagonal.
type littleKiller struct {
	n        int
	row, col int    // the clue's place, 0-based, -1 or N on its side
	dir      string // "DL", "DR", "UL" or "UR"
	value    int    // the sum; -1 for none
	shape    sumShape
}

// lkDirs are the directions as steps of row and column.
var lkDirs = map[string][2]int{"DL": {1, -1}, "DR": {1, 1}, "UL": {-1, -1}, "UR": {-1, 1}}

// newLittleKiller makes the little killer beside (row, col) going dir
// along its diagonal, adding up to value (-1 for none); h says which
// cells share a house.
func newLittleKiller(n, row, col int, dir string, value int, h *houseMap) *littleKiller {
	cells := diagonalFrom(n, row, col, lkDirs[dir])
	return &littleKiller{n: n, row: row, col: col, dir: dir, value: value, shape: sumShape{cells: cells, differ: h.differ(cells)}.withGroups()}
}

func (k *littleKiller) Kind() string    { return "littlekillersum" }
func (k *littleKiller) Cells() []int    { return k.shape.cells }
func (k *littleKiller) Cosmetic() bool  { return k.value < 0 }
func (k *littleKiller) place() string   { return placeName(k.n, k.row, k.col) }
func (k *littleKiller) label() string   { return strconv.Itoa(k.value) }
func (k *littleKiller) dirName() string { return lkDirWords[k.dir] }

var lkDirWords = map[string]string{"DL": "down-left", "DR": "down-right", "UL": "up-left", "UR": "up-right"}

func (k *littleKiller) String() string {
	v := "(no sum)"
	if k.value >= 0 {
		v = k.label()
	}
	return fmt.Sprintf("littlekillersum %s %s going %s: %s", v, k.place(), k.dirName(), pathName(k.n, k.shape.cells))
}

func (k *littleKiller) Check(cells []uint8) error {
	if k.value < 0 || k.shape.check(cells, k.n, k.value, k.value) {
		return nil
	}
	msg := fmt.Sprintf("the digits placed cannot add up to %d", k.value)
	if s, full := sumOf(cells, k.shape.cells); full {
		msg = fmt.Sprintf("the diagonal adds up to %d, not %d", s, k.value)
	}
	return &sudoku.ConstraintError{Size: k.n, Kind: k.Kind(), Index: -1, Cells: k.shape.cells, Msg: msg}
}

// Propagate: the diagonal's cells add up to the value (bounds, then the
// digits of each cell some assignment uses, cells of one house
// different).
func (k *littleKiller) Propagate(d *sudoku.Domains) bool {
	if k.value < 0 {
		return true
	}
	if !k.shape.narrow(d, k.value, k.value) {
		return false
	}
	if d.Explain {
		d.Because(fmt.Sprintf("the little killer %s adds up to %d along its diagonal", k.place(), k.value), k.shape.cells...)
	}
	return true
}

// Rows: the sum of the cells' values is the clue, one value row.
func (k *littleKiller) Rows(m sudoku.Model) {
	if k.value >= 0 {
		SumRows(m, k.Kind(), k.n, k.shape.cells, sudoku.Equal, k.value)
	}
}

// Shapes: the number beside the grid and a small arrow towards the
// diagonal from its corner.
func (k *littleKiller) Shapes() []sudoku.Shape {
	at := sudoku.Point{R: float64(k.row) + 0.5, C: float64(k.col) + 0.5}
	step := lkDirs[k.dir]
	dr, dc := float64(step[0]), float64(step[1])
	s := []sudoku.Shape{{Kind: sudoku.ShapeArrow, Points: []sudoku.Point{{R: at.R + 0.2*dr, C: at.C + 0.2*dc}, {R: at.R + 0.45*dr, C: at.C + 0.45*dc}}, Size: 0.05, Stroke: "#a0a0a0"}}
	if k.value >= 0 {
		s = append(s, sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{{R: at.R - 0.1*dr, C: at.C - 0.1*dc}}, Size: 0.4, Fill: "#000000", Text: k.label()})
	}
	return s
}

// fpLittleKiller is an f-puzzles little killer entry.
type fpLittleKiller struct {
	Cell      string          `json:"cell"`
	Cells     []string        `json:"cells,omitempty"`
	Direction string          `json:"direction"`
	Value     json.RawMessage `json:"value,omitempty"`
}

func readLittleKillers(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	const key = "littlekillersum"
	var entries []fpLittleKiller
	if err := f.Decode(key, &entries); err != nil {
		return nil, err
	}
	h := fpHouseMap(f)
	var out []sudoku.Constraint
	for i, e := range entries {
		k, err := readLittleKiller(f, i, e)
		if err != nil {
			return nil, err
		}
		k.shape.differ = h.differ(k.shape.cells)
		out = append(out, k)
	}
	return out, nil
}

// readLittleKiller reads entry i: its place, direction, cells and value.
func readLittleKiller(f *sudoku.FPuzzle, i int, e fpLittleKiller) (*littleKiller, error) {
	const key = "littlekillersum"
	row, col, err := f.Outside(key, i, e.Cell)
	if err != nil {
		return nil, err
	}
	k := &littleKiller{n: f.Size, row: row, col: col, dir: strings.ToUpper(strings.TrimSpace(e.Direction)), value: -1}
	if _, ok := lkDirs[k.dir]; !ok {
		return nil, f.Errorf(key, i, "direction %q is not DL, DR, UL or UR", e.Direction)
	}
	if len(e.Cells) > 0 {
		k.shape.cells, err = f.Cells(key, i, e.Cells, 1)
	} else if k.shape.cells = diagonalFrom(f.Size, row, col, lkDirs[k.dir]); len(k.shape.cells) == 0 {
		err = f.Errorf(key, i, "its arrow %s points away from the grid", k.dirName())
	}
	if err != nil {
		return nil, err
	}
	if s := strings.Trim(strings.TrimSpace(string(e.Value)), `"`); s != "" && s != "null" {
		if k.value, err = clueValue(f, key, i, e.Value, len(k.shape.cells), f.Size*len(k.shape.cells)); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// diagonalFrom returns the cells of an n-grid from beside (row, col)
// one step at a time, while inside.
func diagonalFrom(n, row, col int, step [2]int) []int {
	var out []int
	for r, c := row+step[0], col+step[1]; r >= 0 && r < n && c >= 0 && c < n; r, c = r+step[0], c+step[1] {
		out = append(out, r*n+c)
	}
	return out
}

func writeLittleKillers(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	var entries []fpLittleKiller
	for _, c := range cs {
		k, ok := c.(*littleKiller)
		if !ok {
			return fmt.Errorf("not a little killer: %v", c)
		}
		e := fpLittleKiller{Cell: f.OutsideName(k.row, k.col), Cells: f.Names(k.shape.cells), Direction: k.dir}
		if k.value >= 0 {
			e.Value = json.RawMessage(strconv.Quote(k.label()))
		}
		entries = append(entries, e)
	}
	return f.Set("littlekillersum", entries)
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "littlekillersum", Title: "Little killer",
		Rule: "A number beside the grid with an arrow is the sum of the digits along that diagonal; digits may repeat unless a house forbids it.",
		Read: readLittleKillers, Write: writeLittleKillers,
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"LittleKiller": issReadLittleKiller}, Write: issWriteLittleKiller},
	})
}

// Its ISS form.

// issWriteLittleKiller writes a little killer on a diagonal ISS offers
// and no other clue took; any other as a Sum of its cells.
func issWriteLittleKiller(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	k := c.(*littleKiller)
	key := fmt.Sprint(sortedCells(k.shape.cells))
	for _, d := range issLittleKillers(w.Size()) {
		if fmt.Sprint(sortedCells(d.cells)) != key {
			continue
		}
		if w.Take("LittleKiller:" + d.id) {
			w.Add("LittleKiller", strconv.Itoa(k.value), d.id)
			return nil
		}
	}
	w.AddCells("Sum", k.shape.cells, strconv.Itoa(k.value))
	return nil
}

// issReadLittleKiller reads a little killer: its sum and the first cell
// of one of ISS's diagonals.
func issReadLittleKiller(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) != 2 {
		return nil, e.Errorf("want a sum and the diagonal's first cell")
	}
	i := slices.IndexFunc(issLittleKillers(r.Size()), func(d issLittleKiller) bool { return strings.EqualFold(d.id, e.Args()[1]) })
	if i < 0 {
		return nil, e.Errorf("%q starts no diagonal of ISS's little killers", e.Args()[1])
	}
	d := issLittleKillers(r.Size())[i]
	if r.Seen(e, d.id) {
		return nil, r.Once(e, d.id, e.Args()[0])
	}
	if err := r.Once(e, d.id, e.Args()[0]); err != nil {
		return nil, err
	}
	return r.ViaFP(e, "littlekillersum", map[string]any{"cell": fmt.Sprintf("R%dC%d", d.row+1, d.col+1), "direction": d.dir, "value": e.Args()[0]})
}

// issLittleKiller is one diagonal ISS offers a little killer on: its id
// (its first cell), its cells, and where our clue stands with its
// direction.
type issLittleKiller struct {
	id       string
	cells    []int
	row, col int
	dir      string
}

// issLittleKillers returns ISS's little killer diagonals of an n-grid, in
// its order: from the left side going down-right, the right side going
// up-left, the top going down-left, the bottom going up-right; diagonals
// of one cell, and those seen before from the other end, left out.
func issLittleKillers(n int) []issLittleKiller {
	var out []issLittleKiller
	seen := map[string]bool{}
	add := func(row, col int, dir string) {
		step := lkDirs[dir]
		cr, cc := row-step[0], col-step[1]
		cells := diagonalFrom(n, cr, cc, step)
		key := fmt.Sprint(sortedCells(cells))
		if len(cells) <= 1 || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, issLittleKiller{id: sudoku.ISSCell(n, cells[0]), cells: cells, row: cr, col: cc, dir: dir})
	}
	for row := 0; row < n-1; row++ {
		add(row, 0, "DR")
	}
	for row := 1; row < n-1; row++ {
		add(row, n-1, "UL")
	}
	for col := 1; col < n; col++ {
		add(0, col, "DL")
	}
	for col := 1; col < n-1; col++ {
		add(n-1, col, "UR")
	}
	return out
}
