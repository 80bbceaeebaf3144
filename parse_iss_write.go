package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatISS writes b as a constraint string of sigh's Interactive Sudoku
// Solver (ISS), which ISS reads and solves as the same puzzle: its size
// (.Shape~6x6), the givens, candidates and odd/even cells as the values
// each cell may take (.~R1C1_5~R2C3_1_3_5_7_9), jigsaw regions and boxes
// of another shape than ISS's (.NoBoxes.Jigsaw~...), diagonals, windoku,
// disjoint sets, anti-knight, anti-king, extra regions (.AllDifferent),
// killer cages (.Cage, those that overlap others too), sum cages (.Sum)
// and the constraints ISS has (each kind's ConstraintKind.ISS); the
// relations ISS has no type for (slow thermometers, dots of other
// values, nabner lines, clones, the negative rules of dots it cannot
// say) as its Pair and PairX with their binary keys. Drawings are left
// out. What ISS cannot hold is an error naming it: a size above 16,
// box indexers, an arrow's circle of several cells above 9x9.
func FormatISS(b *Board) (string, error) {
	w, err := newISSWriter(b)
	if err != nil {
		return "", err
	}
	for _, step := range []func() error{w.shape, w.boxes, w.houses, w.cages, w.givens, w.constraints} {
		if err := step(); err != nil {
			return "", err
		}
	}
	if w.out.Len() == 0 {
		w.Add("Shape", fmt.Sprintf("%dx%d", w.n, w.n)) // an empty classic grid: still a string ISS reads
	}
	return w.out.String(), nil
}

// ISSWriter builds an ISS constraint string element by element.
type ISSWriter struct {
	b   *Board
	r   *Rules
	n   int
	l   *Layout
	out strings.Builder
	// marked holds the pairs of cells that the dots written as ISS's own
	// (WhiteDot, BlackDot: "kropki"; X, V: "xv") join, which its strict
	// rules leave out.
	marked map[string]map[Pair]bool
	// deferred are the constraints held back to be written last (Defer),
	// by key in the order of their first.
	deferred []issDeferred
	// clues holds the value of each ISS clue written, by type and id: a
	// second clue on the same place replaces the first in ISS.
	clues map[string]int
	// taken holds the places taken (Take).
	taken map[string]bool
}

// issDeferred is the constraints held back under one key, and their
// writer.
type issDeferred struct {
	key   string
	cs    []Constraint
	write func(w *ISSWriter, cs []Constraint) error
}

func newISSWriter(b *Board) (*ISSWriter, error) {
	r := b.Rules
	if r.Size > issMaxSize {
		return nil, fmt.Errorf("ISS holds sizes up to %d, not %d", issMaxSize, r.Size)
	}
	l, err := r.Layout()
	if err != nil {
		return nil, err
	}
	if len(b.Cells) != l.NN || b.Marks != nil && len(b.Marks) != l.NN {
		return nil, fmt.Errorf("the board has %d cells and %d candidate sets, want %d", len(b.Cells), len(b.Marks), l.NN)
	}
	w := &ISSWriter{b: b, r: r, n: r.Size, l: l, clues: map[string]int{}, taken: map[string]bool{},
		marked: map[string]map[Pair]bool{}}
	return w, nil
}

// Add writes one element: ".Type~arg~arg".
func (w *ISSWriter) Add(typ string, args ...string) {
	w.out.WriteByte('.')
	w.out.WriteString(typ)
	for _, a := range args {
		w.out.WriteByte('~')
		w.out.WriteString(a)
	}
}

// AddCells writes an element of arguments and then cells.
func (w *ISSWriter) AddCells(typ string, cells []int, args ...string) {
	w.Add(typ, append(args, issCells(w.n, cells)...)...)
}

// shape writes the size when it is not 9.
func (w *ISSWriter) shape() error {
	if w.n != 9 {
		w.Add("Shape", fmt.Sprintf("%dx%d", w.n, w.n))
	}
	return nil
}

// boxes writes jigsaw regions, and boxes of another shape than ISS's own
// as regions: ISS then has no boxes of its own.
func (w *ISSWriter) boxes() error {
	regions := w.r.Regions
	if regions == nil {
		br, bc := issBoxDims(w.n)
		if br == w.r.BoxRows && bc == w.r.BoxCols {
			return nil
		}
		if w.r.NoBoxes() { // a Latin square
			w.Add("NoBoxes")
			return nil
		}
		regions = issBoxLayout(w.n, w.r.BoxRows, w.r.BoxCols)
	}
	w.Add("NoBoxes")
	w.Add("Jigsaw", issLayoutString(regions))
	return nil
}

// issLayoutString labels each cell with its region, regions numbered in
// the order of their first cells (0-9 then a-f, as ISS writes them).
func issLayoutString(regions []uint8) string {
	label := map[uint8]byte{}
	out := make([]byte, len(regions))
	for c, g := range regions {
		if _, ok := label[g]; !ok {
			label[g] = strconv.FormatInt(int64(len(label)), 36)[0]
		}
		out[c] = label[g]
	}
	return string(out)
}

// houses writes the diagonals, windows, disjoint sets, extra regions and
// the rules of moves: windows and disjoint sets as ISS's own when they are
// its cells, else each as an AllDifferent.
func (w *ISSWriter) houses() error {
	if w.r.Diagonals&DiagUp != 0 {
		w.Add("Diagonal", "1")
	}
	if w.r.Diagonals&DiagDown != 0 {
		w.Add("Diagonal", "-1")
	}
	w.unitsAs(UnitWindow, "Windoku", issWindows(w.n))
	w.unitsAs(UnitDisjoint, "DisjointSets", issDisjointSets(w.n))
	for _, e := range w.r.Extra {
		w.AddCells("AllDifferent", e)
	}
	if w.r.AntiKnight {
		w.Add("AntiKnight")
	}
	if w.r.AntiKing {
		w.Add("AntiKing")
	}
	return nil
}

// unitsAs writes the layout's units of kind as the ISS type typ when ISS's
// own groups for it are the same cells, else one AllDifferent each.
func (w *ISSWriter) unitsAs(kind UnitKind, typ string, own [][]int) {
	var units [][]int
	for _, u := range w.l.Units {
		if u.Kind == kind {
			units = append(units, u.Cells)
		}
	}
	switch {
	case len(units) == 0:
	case sameGroups(units, own):
		w.Add(typ)
	default:
		for _, u := range units {
			w.AddCells("AllDifferent", u)
		}
	}
}

// cages writes the killer cages (a sum of 0: none).
func (w *ISSWriter) cages() error {
	for _, k := range w.r.Cages {
		w.AddCells("Cage", k.Cells, strconv.Itoa(k.Sum))
	}
	return nil
}

// givens writes, in one element, the values of every cell that may not
// take them all: its given digit, its candidates and its parity, together.
func (w *ISSWriter) givens() error {
	var ids []string
	all := AllDigits(w.n)
	for c := range w.b.Cells {
		m := w.cellDigits(c)
		if m == all {
			continue
		}
		id := ISSCell(w.n, c)
		for x := m; x != 0; x &= x - 1 {
			id += "_" + strconv.Itoa(x.Min())
		}
		ids = append(ids, id) // no value at all: a cell ISS cannot fill, as ours
	}
	if len(ids) > 0 {
		w.Add("", ids...)
	}
	return nil
}

// cellDigits returns the digits cell c may hold by its given, its
// candidates and its parity.
func (w *ISSWriter) cellDigits(c int) Digits {
	m := AllDigits(w.n)
	if v := int(w.b.Cells[c]); v != 0 {
		m = DigitOf(v)
	}
	if w.b.Marks != nil {
		m &= w.b.Marks[c]
	}
	if w.r.Parity != nil {
		m &= parityDigits(w.n, w.r.Parity[c])
	}
	return m
}

// parityDigits returns the digits 1..n of parity p.
func parityDigits(n int, p Parity) Digits {
	var m Digits
	for d := 1; d <= n; d++ {
		if p == AnyParity || (d%2 == 1) == (p == Odd) {
			m |= DigitOf(d)
		}
	}
	return m
}

// constraints writes every constraint that is a rule through its kind's
// writer (ISSForm.Write); those held back (Defer) last.
func (w *ISSWriter) constraints() error {
	for _, c := range w.r.Constraints {
		if IsCosmetic(c) {
			continue
		}
		write := issWriterOf(c.Kind())
		if write == nil {
			return fmt.Errorf("ISS cannot hold the %s constraints (%s)", c.Kind(), c)
		}
		if err := write(w, c); err != nil {
			return fmt.Errorf("ISS cannot hold %s: %w", c, err)
		}
	}
	for _, d := range w.deferred {
		if err := d.write(w, d.cs); err != nil {
			return err
		}
	}
	return nil
}

// Defer holds c back until every other constraint is written, then hands
// write every constraint held back under key, in their order, once (the
// negative rules of dots, which read what every dot marks).
func (w *ISSWriter) Defer(key string, c Constraint, write func(w *ISSWriter, cs []Constraint) error) {
	for i := range w.deferred {
		if w.deferred[i].key == key {
			w.deferred[i].cs = append(w.deferred[i].cs, c)
			return
		}
	}
	w.deferred = append(w.deferred, issDeferred{key, []Constraint{c}, write})
}

// Take reports whether place (any key: "Quad:R1C1") is free, and takes
// it: ISS keeps one element of some types at a place.
func (w *ISSWriter) Take(place string) bool {
	if w.taken[place] {
		return false
	}
	if w.taken == nil {
		w.taken = map[string]bool{}
	}
	w.taken[place] = true
	return true
}

// Mark records that an ISS mark of group joins cells a and b (ISS's own
// dots, which its strict rules leave out), either way round.
func (w *ISSWriter) Mark(group string, a, b int) { markPair(w.marked, group, a, b) }

// Marked reports whether a mark of group joins cells a and b.
func (w *ISSWriter) Marked(group string, a, b int) bool {
	return w.marked[group][Pair{min(a, b), max(a, b)}]
}

// Size returns the size of the grid written.
func (w *ISSWriter) Size() int { return w.n }

// Layout returns the layout of the rules written.
func (w *ISSWriter) Layout() *Layout { return w.l }

// Clue writes an ISS clue whose type and id ISS keeps once: a second one
// with the same value is the same rule, with another it is an error (ISS
// would keep only the last).
func (w *ISSWriter) Clue(typ, id string, value int, write func()) error {
	key := typ + ":" + id
	if v, ok := w.clues[key]; ok {
		if v != value {
			return fmt.Errorf("ISS keeps one %s clue at %s, and this puzzle has %d and %d there", typ, id, v, value)
		}
		return nil
	}
	w.clues[key] = value
	write()
	return nil
}

// Pairs writes pairs of cells under the relation rel as one ISS Pair (or
// PairX): its key, then each pair, empty arguments between.
func (w *ISSWriter) Pairs(typ string, rel PairRule, pairs []Pair) {
	if len(pairs) == 0 {
		return
	}
	args := []string{issPairKey(w.n, rel)}
	for i, p := range pairs {
		if i > 0 {
			args = append(args, "")
		}
		args = append(args, ISSCell(w.n, p.A), ISSCell(w.n, p.B))
	}
	w.Add(typ, args...)
}
