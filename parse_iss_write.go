package sudoku

import (
	"fmt"
	"slices"
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
// and the constraints ISS has (the table in parse_iss_kinds.go); the
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
		w.add("Shape", fmt.Sprintf("%dx%d", w.n, w.n)) // an empty classic grid: still a string ISS reads
	}
	return w.out.String(), nil
}

// issWriter builds an ISS constraint string element by element.
type issWriter struct {
	b   *Board
	r   *Rules
	n   int
	l   *Layout
	out strings.Builder
	// marked holds the pairs of cells that the dots written as ISS's own
	// (WhiteDot, BlackDot: "kropki"; X, V: "xv") join, which its strict
	// rules leave out.
	marked map[string]map[Pair]bool
	// negatives are the negative rules of dots, written last, once every
	// dot is known.
	negatives []*negativeDots
	// clues holds the value of each ISS clue written, by type and id: a
	// second clue on the same place replaces the first in ISS.
	clues map[string]int
	// quads holds the top left cells of the quadruples written as ISS's
	// Quad: it keeps one per place, so the others go as ContainAtLeast.
	quads map[int]bool
}

func newISSWriter(b *Board) (*issWriter, error) {
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
	w := &issWriter{b: b, r: r, n: r.Size, l: l, clues: map[string]int{}, quads: map[int]bool{},
		marked: map[string]map[Pair]bool{"kropki": {}, "xv": {}}}
	return w, nil
}

// add writes one element: ".Type~arg~arg".
func (w *issWriter) add(typ string, args ...string) {
	w.out.WriteByte('.')
	w.out.WriteString(typ)
	for _, a := range args {
		w.out.WriteByte('~')
		w.out.WriteString(a)
	}
}

// addCells writes an element of arguments and then cells.
func (w *issWriter) addCells(typ string, cells []int, args ...string) {
	w.add(typ, append(args, issCells(w.n, cells)...)...)
}

// shape writes the size when it is not 9.
func (w *issWriter) shape() error {
	if w.n != 9 {
		w.add("Shape", fmt.Sprintf("%dx%d", w.n, w.n))
	}
	return nil
}

// boxes writes jigsaw regions, and boxes of another shape than ISS's own
// as regions: ISS then has no boxes of its own.
func (w *issWriter) boxes() error {
	regions := w.r.Regions
	if regions == nil {
		br, bc := issBoxDims(w.n)
		if br == w.r.BoxRows && bc == w.r.BoxCols {
			return nil
		}
		if w.r.NoBoxes() { // a Latin square
			w.add("NoBoxes")
			return nil
		}
		regions = issBoxLayout(w.n, w.r.BoxRows, w.r.BoxCols)
	}
	w.add("NoBoxes")
	w.add("Jigsaw", issLayoutString(regions))
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
func (w *issWriter) houses() error {
	if w.r.Diagonals&DiagUp != 0 {
		w.add("Diagonal", "1")
	}
	if w.r.Diagonals&DiagDown != 0 {
		w.add("Diagonal", "-1")
	}
	w.unitsAs(UnitWindow, "Windoku", issWindows(w.n))
	w.unitsAs(UnitDisjoint, "DisjointSets", issDisjointSets(w.n))
	for _, e := range w.r.Extra {
		w.addCells("AllDifferent", e)
	}
	if w.r.AntiKnight {
		w.add("AntiKnight")
	}
	if w.r.AntiKing {
		w.add("AntiKing")
	}
	return nil
}

// unitsAs writes the layout's units of kind as the ISS type typ when ISS's
// own groups for it are the same cells, else one AllDifferent each.
func (w *issWriter) unitsAs(kind UnitKind, typ string, own [][]int) {
	var units [][]int
	for _, u := range w.l.Units {
		if u.Kind == kind {
			units = append(units, u.Cells)
		}
	}
	switch {
	case len(units) == 0:
	case sameGroups(units, own):
		w.add(typ)
	default:
		for _, u := range units {
			w.addCells("AllDifferent", u)
		}
	}
}

// cages writes the killer cages (a sum of 0: none).
func (w *issWriter) cages() error {
	for _, k := range w.r.Cages {
		w.addCells("Cage", k.Cells, strconv.Itoa(k.Sum))
	}
	return nil
}

// givens writes, in one element, the values of every cell that may not
// take them all: its given digit, its candidates and its parity, together.
func (w *issWriter) givens() error {
	var ids []string
	all := AllDigits(w.n)
	for c := range w.b.Cells {
		m := w.cellDigits(c)
		if m == all {
			continue
		}
		id := issCell(w.n, c)
		for x := m; x != 0; x &= x - 1 {
			id += "_" + strconv.Itoa(x.Min())
		}
		ids = append(ids, id) // no value at all: a cell ISS cannot fill, as ours
	}
	if len(ids) > 0 {
		w.add("", ids...)
	}
	return nil
}

// cellDigits returns the digits cell c may hold by its given, its
// candidates and its parity.
func (w *issWriter) cellDigits(c int) Digits {
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
// entry of issTable; the negative rules of dots last.
func (w *issWriter) constraints() error {
	for _, c := range w.r.Constraints {
		if IsCosmetic(c) {
			continue
		}
		e := issWriterOf(c.Kind())
		if e == nil {
			return fmt.Errorf("ISS cannot hold the %s constraints (%s)", c.Kind(), c)
		}
		if err := e.write(w, c); err != nil {
			return fmt.Errorf("ISS cannot hold %s: %w", c, err)
		}
	}
	return w.writeNegatives()
}

// clue writes an ISS clue whose type and id ISS keeps once: a second one
// with the same value is the same rule, with another it is an error (ISS
// would keep only the last).
func (w *issWriter) clue(typ, id string, value int, write func()) error {
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

// writeNegatives writes the negative rules of dots: ISS's StrictKropki
// for the rules of white (1) and black (2) dots over the pairs without a
// white or black dot of its own, StrictXV for those of X and V over the
// pairs without one, AntiConsecutive for the rule of white dots over every
// pair; any other as a Pair of the relation over its pairs.
func (w *issWriter) writeNegatives() error {
	rest := slices.Clone(w.negatives)
	w.strict(&rest, "kropki", "StrictKropki", differenceDots, 1, ratioDots, 2)
	w.strict(&rest, "xv", "StrictXV", xvDots, 10, xvDots, 5)
	if i := slices.IndexFunc(rest, func(k *negativeDots) bool {
		return k != nil && k.k == differenceDots && k.value == 1 && samePairs(k.pairs, orthogonalPairs(w.n))
	}); i >= 0 {
		w.add("AntiConsecutive")
		rest[i] = nil
	}
	for _, k := range rest {
		if k != nil {
			w.pairs("Pair", k.tab, k.pairs)
		}
	}
	return nil
}

// strict writes ISS's strict rule typ when rest holds the rules of kinds
// ka (value va) and kb (vb) over the pairs no dot of group marks, and
// takes them out of rest.
func (w *issWriter) strict(rest *[]*negativeDots, group, typ string, ka *dotKind, va int, kb *dotKind, vb int) {
	free := w.unmarked(group)
	find := func(k *dotKind, v int) int {
		return slices.IndexFunc(*rest, func(x *negativeDots) bool {
			return x != nil && x.k == k && x.value == v && samePairs(x.pairs, free)
		})
	}
	i, j := find(ka, va), find(kb, vb)
	if i < 0 || j < 0 || i == j {
		return
	}
	w.add(typ)
	(*rest)[i], (*rest)[j] = nil, nil
}

// unmarked returns the side-by-side pairs no dot of group joins.
func (w *issWriter) unmarked(group string) []Pair {
	var out []Pair
	for _, p := range orthogonalPairs(w.n) {
		if !w.marked[group][p] {
			out = append(out, p)
		}
	}
	return out
}

// samePairs reports whether a and b hold the same pairs of cells, each
// either way round.
func samePairs(a, b []Pair) bool {
	set := map[Pair]bool{}
	for _, p := range a {
		set[Pair{min(p.A, p.B), max(p.A, p.B)}] = true
	}
	other := map[Pair]bool{}
	for _, p := range b {
		q := Pair{min(p.A, p.B), max(p.A, p.B)}
		if !set[q] {
			return false
		}
		other[q] = true
	}
	return len(other) == len(set)
}

// pairs writes pairs of cells under the relation of tab as one ISS Pair
// (or PairX): its key, then each pair, empty arguments between.
func (w *issWriter) pairs(typ string, tab *pairTable, pairs []Pair) {
	if len(pairs) == 0 {
		return
	}
	args := []string{issPairKey(w.n, tab.holds)}
	for i, p := range pairs {
		if i > 0 {
			args = append(args, "")
		}
		args = append(args, issCell(w.n, p.A), issCell(w.n, p.B))
	}
	w.add(typ, args...)
}
