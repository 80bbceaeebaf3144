package constraint

import (
	"fmt"
	"slices"
	"strings"
	"sudoku"
)

// Indexing cells (f-puzzles "rowindexer", "columnindexer",
// "boxindexer"): the digit in an indexing cell says where its own index
// goes. In a column-indexing cell of row r and column c, the digit x says
// that column x of row r holds c; in a row-indexing cell, that row x of
// column c holds r; in a box-indexing cell at place p of its box (places
// in reading order), that place x of the box holds p. The house being
// all different, the converse holds too: the indexing cell holds x
// exactly when the cell it points to with x holds its index.

// indexKind is one kind of indexer: how an indexing cell points.
type indexKind struct {
	name, rule, house, fill string
}

var (
	rowIndex    = &indexKind{"rowindexer", "In a row-indexing cell of row r and column c, the digit x says that row x of column c holds r.", "column", "#f4b6b6"}
	columnIndex = &indexKind{"columnindexer", "In a column-indexing cell of row r and column c, the digit x says that column x of row r holds c.", "row", "#b6c8f4"}
	boxIndex    = &indexKind{"boxindexer", "In a box-indexing cell at place p of its box (in reading order), the digit x says that place x of the box holds p.", "box", "#b6f0c0"}
)

// indexer is one entry of indexing cells.
type indexer struct {
	k       *indexKind
	n       int
	cells   []int   // the indexing cells
	targets [][]int // targets[i][x-1]: the cell indexing cell i points to with x
	index   []int   // the digit indexing cell i's targets hold: its index
	all     []int   // the indexing cells, then every target
}

// newIndexer makes the indexing cells of kind k; boxes gives the cells of
// each box in reading order (for box indexers).
func newIndexer(k *indexKind, n int, cells []int, boxes [][]int) *indexer {
	x := &indexer{k: k, n: n, cells: cells, all: slices.Clone(cells)}
	for _, c := range cells {
		r, col := c/n, c%n
		t := make([]int, n)
		index := 0
		for v := 1; v <= n; v++ {
			switch k {
			case rowIndex:
				t[v-1], index = (v-1)*n+col, r+1
			case columnIndex:
				t[v-1], index = r*n+v-1, col+1
			default:
				box := boxes[slices.IndexFunc(boxes, func(b []int) bool { return slices.Contains(b, c) })]
				t[v-1], index = box[v-1], slices.Index(box, c)+1
			}
		}
		x.targets, x.index = append(x.targets, t), append(x.index, index)
		for _, o := range t {
			if !slices.Contains(x.all, o) {
				x.all = append(x.all, o)
			}
		}
	}
	return x
}

func (x *indexer) Kind() string   { return x.k.name }
func (x *indexer) Cells() []int   { return x.all }
func (x *indexer) String() string { return x.k.name + " " + pathName(x.n, x.cells) }

func (x *indexer) Check(cells []uint8) error {
	for i, c := range x.cells {
		for v, t := range x.targets[i] {
			a, b := int(cells[c]), int(cells[t])
			if t == c || a == 0 || b == 0 || (a == v+1) == (b == x.index[i]) {
				continue
			}
			return &sudoku.ConstraintError{Size: x.n, Kind: x.k.name, Index: -1, Cells: []int{c, t},
				Msg: fmt.Sprintf("%s holds %d and %s holds %d: %s", sudoku.CellName(x.n, c), a, sudoku.CellName(x.n, t), b, x.says(i, v+1))}
		}
	}
	return nil
}

// says words what digit v in indexing cell i means: "r1c1 holds 5 only
// where r5c1 holds 1".
func (x *indexer) says(i, v int) string {
	return fmt.Sprintf("%s holds %d exactly when %s holds %d", sudoku.CellName(x.n, x.cells[i]), v, sudoku.CellName(x.n, x.targets[i][v-1]), x.index[i])
}

// Propagate: for each indexing cell and digit v, the cell may hold v only
// while its target with v may hold the index, and the target may hold
// the index only while the cell may hold v (x(cell, v) = x(target, index)).
func (x *indexer) Propagate(d *sudoku.Domains) bool {
	for i, c := range x.cells {
		w := x.index[i]
		for v, t := range x.targets[i] {
			if t == c {
				continue
			}
			if !x.link(d, c, v+1, t, w) {
				return false
			}
			if d.Explain {
				d.Because(fmt.Sprintf("%s indexes its %s: %s", sudoku.CellName(x.n, c), x.k.house, x.says(i, v+1)), c, t)
			}
		}
	}
	return true
}

// link narrows cell c and its target t so that c holds v exactly when t
// holds w; false on a dead end.
func (x *indexer) link(d *sudoku.Domains, c, v, t, w int) bool {
	cv, tw := d.Of(c).Has(v), d.Of(t).Has(w)
	switch {
	case !tw:
		return d.Remove(c, sudoku.DigitOf(v))
	case !cv:
		return d.Remove(t, sudoku.DigitOf(w))
	case d.Of(c) == sudoku.DigitOf(v):
		return d.Keep(t, sudoku.DigitOf(w))
	case d.Of(t) == sudoku.DigitOf(w):
		return d.Keep(c, sudoku.DigitOf(v))
	}
	return true
}

// Rows: x(cell, v) - x(target, index) = 0 for every indexing cell and
// digit v (its own index points to itself).
func (x *indexer) Rows(m sudoku.Model) {
	for i, c := range x.cells {
		for v, t := range x.targets[i] {
			if t != c {
				m.Row(x.k.name, []sudoku.Term{{Coef: 1, Var: m.Cell(c, v+1)}, {Coef: -1, Var: m.Cell(t, x.index[i])}}, sudoku.Equal, 0)
			}
		}
	}
}

// Shapes: the indexing cells shaded.
func (x *indexer) Shapes() []sudoku.Shape {
	return []sudoku.Shape{{Kind: sudoku.ShapeShade, Cells: x.cells, Fill: x.k.fill}}
}

// readIndexers reads the entries of kind k: lists of indexing cells.
func readIndexers(k *indexKind) func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	return func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
		var entries []sudoku.FPCells
		if err := f.Decode(k.name, &entries); err != nil {
			return nil, err
		}
		var boxes [][]int
		if k == boxIndex {
			boxes = fpHouseMap(f).regionCells()
		}
		var out []sudoku.Constraint
		for i, e := range entries {
			cells, err := f.Cells(k.name, i, e.Cells, 1)
			if err != nil {
				return nil, err
			}
			if k == boxIndex {
				if err := boxesCover(f, i, boxes, cells); err != nil {
					return nil, err
				}
			}
			out = append(out, newIndexer(k, f.Size, cells, boxes))
		}
		return out, nil
	}
}

// boxesCover checks that each of cells is in a box of n cells.
func boxesCover(f *sudoku.FPuzzle, i int, boxes [][]int, cells []int) error {
	for _, c := range cells {
		j := slices.IndexFunc(boxes, func(b []int) bool { return slices.Contains(b, c) })
		if j < 0 || len(boxes[j]) != f.Size {
			return f.Errorf(boxIndex.name, i, "%s is in no box of %d cells", sudoku.CellName(f.Size, c), f.Size)
		}
	}
	return nil
}

// writeIndexers writes each entry's indexing cells.
func writeIndexers(k *indexKind) func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	return func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
		entries := make([]sudoku.FPCells, len(cs))
		for i, c := range cs {
			x, ok := c.(*indexer)
			if !ok {
				return fmt.Errorf("not a %s: %v", k.name, c)
			}
			entries[i] = sudoku.FPCells{Cells: f.Names(x.cells)}
		}
		return f.Set(k.name, entries)
	}
}

// indexerISS are the ISS forms of the indexers: ISS has row and column
// indexing cells, not box ones.
var indexerISS = map[string]*sudoku.ISSForm{
	"rowindexer":    &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Indexing": issReadIndexing}, Write: issWriteIndexer("R")},
	"columnindexer": &sudoku.ISSForm{Write: issWriteIndexer("C")},
}

func init() {
	for _, k := range []*indexKind{rowIndex, columnIndex, boxIndex} {
		title := map[string]string{"rowindexer": "Row indexer", "columnindexer": "Column indexer", "boxindexer": "Box indexer"}[k.name]
		sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: k.name, Title: title, Rule: k.rule, Read: readIndexers(k), Write: writeIndexers(k), ISS: indexerISS[k.name]})
	}
}

// Its ISS form.

// issWriteIndexer writes row (R) or column (C) indexing cells.
func issWriteIndexer(typ string) func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	return func(w *sudoku.ISSWriter, c sudoku.Constraint) error {
		w.AddCells("Indexing", c.(*indexer).cells, typ)
		return nil
	}
}

// issReadIndexing reads ISS's row (R) or column (C) indexing cells.
func issReadIndexing(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	key := map[string]string{"R": "rowindexer", "C": "columnindexer"}[strings.Join(e.Args()[:min(1, len(e.Args()))], "")]
	if key == "" {
		return nil, e.Errorf("want R (row) or C (column) indexing first")
	}
	return sudoku.ISSViaFP(key, sudoku.ISSCellList)(r, e.WithArgs(e.Args()[1:]))
}
