package constraint

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sudoku"
)

// What the kinds that add digits share (arrows, double arrows, little
// killers, sandwiches, x-sums, quadruples): which cells share a house,
// and a search of the digits of a weighted sum that keeps in each cell
// the digits some assignment of the whole sum uses, cells that share a
// house holding different digits. Also the clues beside the grid
// (sandwiches, x-sums, skyscrapers, little killers): their place and the
// cells they look along.

// sumCap bounds the cells of a sum searched digit by digit; a longer sum
// is narrowed by its bounds only.
const sumCap = 32

// sumBudget bounds the search nodes of one propagation of a sum: past it
// the digits not yet looked at are kept (sound, only weaker).
const sumBudget = 1 << 12

// houseMap tells which cells share a house: a row, a column, a region (a
// box or a jigsaw piece) or a group (a diagonal, an extra region, a
// killer cage), whose digits differ.
type houseMap struct {
	n      int
	region []int // the region of each cell; -1 for none
	groups [][]int
}

// boxHouseMap returns the rows, columns and usual boxes of an n-grid (no
// boxes for a size without them, such as 7).
func boxHouseMap(n int) *houseMap {
	h := &houseMap{n: n, region: make([]int, n*n)}
	r, err := sudoku.Sized(n)
	for c := range h.region {
		h.region[c] = -1
		if err == nil && r.BoxRows > 0 {
			h.region[c] = c/n/r.BoxRows*(n/r.BoxCols) + c%n/r.BoxCols
		}
	}
	return h
}

// same reports whether cells a and b share a house.
func (h *houseMap) same(a, b int) bool {
	n := h.n
	if a/n == b/n || a%n == b%n || h.region[a] >= 0 && h.region[a] == h.region[b] {
		return true
	}
	for _, g := range h.groups {
		if slices.Contains(g, a) && slices.Contains(g, b) {
			return true
		}
	}
	return false
}

// differ returns, for each of cells, the bits of the others it shares a
// house with (only the first sumCap cells are looked at).
func (h *houseMap) differ(cells []int) []uint32 {
	out := make([]uint32, len(cells))
	for i := range min(len(cells), sumCap) {
		for j := range min(len(cells), sumCap) {
			if i != j && h.same(cells[i], cells[j]) {
				out[i] |= 1 << j
			}
		}
	}
	return out
}

// regionCells returns the cells of each region, in reading order.
func (h *houseMap) regionCells() [][]int {
	var out [][]int
	for c, g := range h.region {
		if g < 0 {
			continue
		}
		for len(out) <= g {
			out = append(out, nil)
		}
		out[g] = append(out[g], c)
	}
	return out
}

// fpHouseMap returns the houses of an f-puzzles puzzle: rows, columns,
// the regions of its grid (its boxes where none is given), the diagonals
// it has, its extra regions and killer cages. What it cannot read it
// leaves out (the puzzle's own reader reports it).
func fpHouseMap(f *sudoku.FPuzzle) *houseMap {
	h := &houseMap{n: f.Size, region: f.Regions()}
	for _, key := range []string{"extraregion", "killercage"} {
		var entries []sudoku.FPCells
		json.Unmarshal(f.Raw[key], &entries)
		for _, e := range entries {
			h.addGroup(e.Cells)
		}
	}
	h.addDiagonals(f)
	return h
}

// addGroup adds a group of cells named in f-puzzles' way, when every name
// is a cell.
func (h *houseMap) addGroup(names []string) {
	var g []int
	for _, s := range names {
		c, ok := sudoku.FPCellIndex(h.n, s)
		if !ok {
			return
		}
		g = append(g, c)
	}
	h.groups = append(h.groups, g)
}

// addDiagonals adds the diagonals f has as groups.
func (h *houseMap) addDiagonals(f *sudoku.FPuzzle) {
	n := h.n
	for _, key := range []string{"diagonal-", "diagonal+"} {
		if strings.TrimSpace(string(f.Raw[key])) != "true" {
			continue
		}
		g := make([]int, n)
		for i := range g {
			g[i] = i*n + i
			if key == "diagonal+" {
				g[i] = i*n + n - 1 - i
			}
		}
		h.groups = append(h.groups, g)
	}
}

// sumShape is the fixed part of a weighted sum of cells: the cells, their
// weights, and which of them share a house.
type sumShape struct {
	cells  []int
	coef   []int    // the weight of each cell; nil for 1 each
	differ []uint32 // bit j of differ[i]: cells i and j share a house
	// groups are cliques of two or more of the first sumCap cells, of one
	// weight, every two sharing a house (withGroups): their digits
	// differ, which bounds their sum more tightly than cell by cell.
	groups []uint32
}

// withGroups returns s with its groups: each cell, in order, joins the
// first group of its weight whose cells all share a house with it.
func (s sumShape) withGroups() sumShape {
	var gs []uint32
	for i := range min(len(s.cells), sumCap) {
		placed := false
		for g, m := range gs {
			j := bits.TrailingZeros32(m)
			if s.weight(j) == s.weight(i) && s.differ[i]&m == m {
				gs[g] |= 1 << i
				placed = true
				break
			}
		}
		if !placed {
			gs = append(gs, 1<<i)
		}
	}
	s.groups = nil
	for _, m := range gs {
		if m&(m-1) != 0 {
			s.groups = append(s.groups, m)
		}
	}
	return s
}

// weight returns the weight of cell i.
func (s *sumShape) weight(i int) int {
	if s.coef == nil {
		return 1
	}
	return s.coef[i]
}

// narrow keeps in each cell the digits some assignment of the sum
// within lo..hi uses (by bounds, then digit by digit for up to sumCap
// cells within sumBudget nodes). It returns false when none is left.
func (s *sumShape) narrow(d *sudoku.Domains, lo, hi int) bool {
	if !s.bounds(d, lo, hi) {
		return false
	}
	if len(s.cells) > sumCap {
		return true
	}
	var w sumSearch
	w.nodes = sumBudget
	w.load(s, lo, hi, func(i int) sudoku.Digits { return d.Of(s.cells[i]) })
	if !w.supports() {
		return false
	}
	for i, c := range s.cells {
		if !d.Keep(c, w.keep[i]) {
			return false
		}
	}
	return true
}

// bounds narrows each cell to the digits that leave the others room to
// bring the sum into lo..hi, until nothing changes; then by the bounds
// of the groups' different digits (groupBounds).
func (s *sumShape) bounds(d *sudoku.Domains, lo, hi int) bool {
	if !s.cellBounds(d, lo, hi) {
		return false
	}
	for range 4 {
		ok, changed := s.groupBounds(d, lo, hi)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
		if !s.cellBounds(d, lo, hi) {
			return false
		}
	}
	return true
}

// groupSpan is a group's sums of as many different digits as it has
// cells: the least and the greatest, the greatest digit of the least
// set and the least of the greatest.
type groupSpan struct{ lo, hi, loTop, hiLow int }

// span returns the span of the group of cells m (bits of s's cells);
// false when its cells cannot hold different digits.
func (s *sumShape) groupSpan(d *sudoku.Domains, m uint32) (groupSpan, bool) {
	var union sudoku.Digits
	for b := m; b != 0; b &= b - 1 {
		union |= d.Of(s.cells[bits.TrailingZeros32(b)])
	}
	t := bits.OnesCount32(m)
	var g groupSpan
	if union.Count() < t {
		return g, false
	}
	low, high := union, union
	for range t {
		a, b := low.Min(), high.Max()
		g.lo, g.hi, g.loTop, g.hiLow = g.lo+a, g.hi+b, a, b
		low, high = low&^sudoku.DigitOf(a), high&^sudoku.DigitOf(b)
	}
	return g, true
}

// groupBounds narrows the cells of each group by the bounds of the
// whole sum, each group counted as different digits (as ISS's sums
// count their exclusion groups): a cell of a group holding v leaves the
// others at least the least digits but v's place. changed reports
// whether a digit went.
func (s *sumShape) groupBounds(d *sudoku.Domains, lo, hi int) (ok, changed bool) {
	if len(s.groups) == 0 {
		return true, false
	}
	var spans [sumCap]groupSpan
	var inGroup uint32
	min, max := 0, 0
	for g, m := range s.groups {
		x, ok := s.groupSpan(d, m)
		if !ok {
			return false, false
		}
		spans[g], inGroup = x, inGroup|m
		w := s.weight(bits.TrailingZeros32(m))
		a, b := w*x.lo, w*x.hi
		if w < 0 {
			a, b = b, a
		}
		min, max = min+a, max+b
	}
	for i, c := range s.cells {
		if i < sumCap && inGroup>>i&1 != 0 {
			continue
		}
		a, b := weighted(s.weight(i), d.Of(c))
		min, max = min+a, max+b
	}
	if max < lo || min > hi {
		return false, false
	}
	for g, m := range s.groups {
		x := spans[g]
		w := s.weight(bits.TrailingZeros32(m))
		var top, bottom int
		if w > 0 {
			top, bottom = x.loTop+floorDiv(hi-min, w), x.hiLow-floorDiv(max-lo, w)
		} else {
			top, bottom = x.loTop+floorDiv(max-lo, -w), x.hiLow-floorDiv(hi-min, -w)
		}
		keep := sudoku.Range(bottom, top)
		for b := m; b != 0; b &= b - 1 {
			c := s.cells[bits.TrailingZeros32(b)]
			before := d.Of(c)
			if !d.Keep(c, keep) {
				return false, false
			}
			changed = changed || d.Of(c) != before
		}
	}
	return true, changed
}

// cellBounds narrows each cell to the digits that leave the others room
// to bring the sum into lo..hi, each on its own, until nothing changes.
func (s *sumShape) cellBounds(d *sudoku.Domains, lo, hi int) bool {
	for range len(s.cells) + 1 {
		min, max := s.span(d)
		if max < lo || min > hi {
			return false
		}
		changed := false
		for i, c := range s.cells {
			w := s.weight(i)
			cmin, cmax := weighted(w, d.Of(c))
			keep := digitsWeighted(w, lo-(max-cmax), hi-(min-cmin))
			before := d.Of(c)
			if !d.Keep(c, keep) {
				return false
			}
			if d.Of(c) != before {
				changed = true
				nmin, nmax := weighted(w, d.Of(c))
				min, max = min-cmin+nmin, max-cmax+nmax
			}
		}
		if !changed {
			return true
		}
	}
	return true
}

// span returns the least and greatest weighted sum of the cells, each on
// its own.
func (s *sumShape) span(d *sudoku.Domains) (lo, hi int) {
	for i, c := range s.cells {
		a, b := weighted(s.weight(i), d.Of(c))
		lo, hi = lo+a, hi+b
	}
	return lo, hi
}

// weighted returns the least and greatest of w times a digit of m.
func weighted(w int, m sudoku.Digits) (lo, hi int) {
	if w >= 0 {
		return w * m.Min(), w * m.Max()
	}
	return w * m.Max(), w * m.Min()
}

// digitsWeighted returns the digits v with lo <= w*v <= hi.
func digitsWeighted(w, lo, hi int) sudoku.Digits {
	switch {
	case w > 0:
		return sudoku.Range(ceilDiv(lo, w), floorDiv(hi, w))
	case w < 0:
		return sudoku.Range(ceilDiv(hi, w), floorDiv(lo, w))
	case lo <= 0 && hi >= 0:
		return ^sudoku.Digits(0)
	}
	return 0
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// check reports whether the digits placed in cells (0 for empty) can
// still make the sum lie in lo..hi, each empty cell holding any digit.
func (s *sumShape) check(cells []uint8, n, lo, hi int) bool {
	min, max := 0, 0
	for i, c := range s.cells {
		m := sudoku.AllDigits(n)
		if v := cells[c]; v != 0 {
			m = sudoku.DigitOf(int(v))
		}
		a, b := weighted(s.weight(i), m)
		min, max = min+a, max+b
	}
	return min <= hi && max >= lo
}

// sumSearch is the scratch space of a search of a weighted sum of up to
// sumCap cells over candidate masks: keep gets the digits of each cell
// that some assignment with a sum in lo..hi uses, cells that share a
// house holding different digits.
type sumSearch struct {
	k            int
	lo, hi       int
	cand, keep   [sumCap]sudoku.Digits
	coef, val    [sumCap]int
	differ       [sumCap]uint32
	sufLo, sufHi [sumCap + 1]int
	sufAll       [sumCap + 1]sudoku.Digits // the digits the cells from each one on may hold
	distinct     bool                      // every weight 1 and every two cells different
	used         sudoku.Digits             // the digits of the cells assigned, when distinct
	fixed, fixV  int                       // the cell and digit the current search holds fixed
	nodes        int                       // the nodes left; the caller sets it
}

// load sets the search to the sum s within lo..hi, the candidates of
// cell i being cand(i).
func (w *sumSearch) load(s *sumShape, lo, hi int, cand func(i int) sudoku.Digits) {
	w.k, w.lo, w.hi = len(s.cells), lo, hi
	all := uint32(1)<<uint(w.k) - 1
	w.distinct = true
	for i := range s.cells {
		w.cand[i], w.coef[i], w.differ[i] = cand(i), s.weight(i), 0
		if s.differ != nil {
			w.differ[i] = s.differ[i]
		}
		w.distinct = w.distinct && w.coef[i] == 1 && w.differ[i]|1<<uint(i) == all
	}
}

// loadRow sets the search to cells of one row or column (all different)
// with the candidates cands, adding up to exactly target.
func (w *sumSearch) loadRow(cands []sudoku.Digits, target int) {
	k := len(cands)
	w.k, w.lo, w.hi, w.distinct = k, target, target, true
	all := uint32(1)<<uint(k) - 1
	for i, m := range cands {
		w.cand[i], w.coef[i], w.differ[i] = m, 1, all&^(1<<uint(i))
	}
}

// supports fills keep, and returns false when no assignment is left. Each
// digit not yet seen in an assignment is looked for in one with that
// digit fixed; when the nodes run out the rest are kept.
func (w *sumSearch) supports() bool {
	for i := range w.k {
		w.keep[i] = 0
	}
	for i := range w.k {
		for m := w.cand[i]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros32(uint32(m)) + 1
			if w.keep[i].Has(v) {
				continue
			}
			if w.nodes <= 0 {
				w.keep[i] |= w.cand[i]
				break
			}
			w.fixed, w.fixV, w.used = i, v, 0
			w.suffix()
			switch w.dfs(0, 0) {
			case 1:
				for j := range w.k {
					w.keep[j] |= sudoku.DigitOf(w.val[j])
				}
			case -1:
				w.keep[i] |= sudoku.DigitOf(v)
			}
		}
		if w.keep[i] == 0 {
			return false
		}
	}
	return true
}

// options returns the digits cell j may take in the current search.
func (w *sumSearch) options(j int) sudoku.Digits {
	if j == w.fixed {
		return sudoku.DigitOf(w.fixV)
	}
	return w.cand[j]
}

// suffix sets the bounds of the weighted sums of the cells from each
// one on, and the digits they may hold.
func (w *sumSearch) suffix() {
	w.sufLo[w.k], w.sufHi[w.k], w.sufAll[w.k] = 0, 0, 0
	for j := w.k - 1; j >= 0; j-- {
		m := w.options(j)
		a, b := weighted(w.coef[j], m)
		w.sufLo[j], w.sufHi[j], w.sufAll[j] = w.sufLo[j+1]+a, w.sufHi[j+1]+b, w.sufAll[j+1]|m
	}
}

// dfs looks for an assignment of cells j on, the sum so far being sum:
// 1 when found (in val), 0 when there is none, -1 when the nodes ran out.
func (w *sumSearch) dfs(j, sum int) int8 {
	if j == w.k {
		if sum >= w.lo && sum <= w.hi {
			return 1
		}
		return 0
	}
	m := w.options(j)
	for b := w.differ[j] & (1<<uint(j) - 1); b != 0; b &= b - 1 {
		m &^= sudoku.DigitOf(w.val[bits.TrailingZeros32(b)])
	}
	if w.fixed > j && w.differ[j]>>uint(w.fixed)&1 != 0 {
		m &^= sudoku.DigitOf(w.fixV)
	}
	c := w.coef[j]
	for ; m != 0; m &= m - 1 {
		v := bits.TrailingZeros32(uint32(m)) + 1
		s := sum + c*v
		if s+w.sufLo[j+1] > w.hi || s+w.sufHi[j+1] < w.lo || w.distinct && !w.distinctRoom(j, v, s) {
			continue
		}
		if w.nodes--; w.nodes < 0 {
			return -1
		}
		w.val[j] = v
		w.used |= sudoku.DigitOf(v)
		r := w.dfs(j+1, s)
		w.used &^= sudoku.DigitOf(v)
		if r != 0 {
			return r
		}
	}
	return 0
}

// distinctRoom reports whether, cell j holding v and the sum so far being
// s, the cells after j can bring the sum into lo..hi with digits all
// different: the least and the greatest sums of as many different digits
// as are left, from those they may hold and not yet used.
func (w *sumSearch) distinctRoom(j, v, s int) bool {
	r := w.k - j - 1
	avail := w.sufAll[j+1] &^ w.used &^ sudoku.DigitOf(v)
	if avail.Count() < r {
		return false
	}
	lo, hi := 0, 0
	low, high := avail, avail
	for range r {
		a, b := low.Min(), high.Max()
		lo, hi = lo+a, hi+b
		low, high = low&^sudoku.DigitOf(a), high&^sudoku.DigitOf(b)
	}
	return s+lo <= w.hi && s+hi >= w.lo
}

// outsideClue is a clue beside the grid that looks along a row or column
// (a sandwich, an x-sum, a skyscraper): its place, 0-based with -1 or N
// on its side, and the cells it looks along, nearest first.
type outsideClue struct {
	n        int
	row, col int
	cells    []int
}

// readOutsideClue reads the place of entry i of key and the cells it
// looks along; corners look along nothing.
func readOutsideClue(f *sudoku.FPuzzle, key string, i int, name string) (outsideClue, error) {
	r, c, err := f.Outside(key, i, name)
	if err != nil {
		return outsideClue{}, err
	}
	n := f.Size
	if (r < 0 || r >= n) && (c < 0 || c >= n) {
		return outsideClue{}, f.Errorf(key, i, "clue place %q is a corner, beside no row or column", name)
	}
	return newOutsideClue(n, r, c), nil
}

// newOutsideClue returns the clue at row, col (one of them -1 or n).
func newOutsideClue(n, row, col int) outsideClue {
	o := outsideClue{n: n, row: row, col: col, cells: make([]int, n)}
	for i := range o.cells {
		switch {
		case row < 0:
			o.cells[i] = i*n + col
		case row >= n:
			o.cells[i] = (n-1-i)*n + col
		case col < 0:
			o.cells[i] = row*n + i
		default:
			o.cells[i] = row*n + n - 1 - i
		}
	}
	return o
}

// side names the clue's place for people: "above c4", "left of r3".
func (o outsideClue) side() string { return placeName(o.n, o.row, o.col) }

// placeName names a place beside an n-grid (row and column 0-based, -1
// or n on its side): "above c4", "left of r3", "the top left corner".
func placeName(n, row, col int) string {
	vert, horiz := "", ""
	switch {
	case row < 0:
		vert = "top"
	case row >= n:
		vert = "bottom"
	}
	switch {
	case col < 0:
		horiz = "left"
	case col >= n:
		horiz = "right"
	}
	switch {
	case vert != "" && horiz != "":
		return "the " + vert + " " + horiz + " corner"
	case vert == "top":
		return fmt.Sprintf("above c%d", col+1)
	case vert == "bottom":
		return fmt.Sprintf("below c%d", col+1)
	case horiz != "":
		return fmt.Sprintf("%s of r%d", horiz, row+1)
	}
	return sudoku.CellName(n, row*n+col)
}

// house names the row or column it looks along: "column 4", "row 3".
func (o outsideClue) house() string {
	if o.row < 0 || o.row >= o.n {
		return fmt.Sprintf("column %d", o.col+1)
	}
	return fmt.Sprintf("row %d", o.row+1)
}

// from names the side the clue looks from: "from the left".
func (o outsideClue) from() string {
	switch {
	case o.row < 0:
		return "from the top"
	case o.row >= o.n:
		return "from the bottom"
	case o.col < 0:
		return "from the left"
	}
	return "from the right"
}

// centre is the middle of the clue's place, in grid units.
func (o outsideClue) centre() sudoku.Point {
	return sudoku.Point{R: float64(o.row) + 0.5, C: float64(o.col) + 0.5}
}

// text draws a number at the clue's place.
func (o outsideClue) text(s string) sudoku.Shape {
	return sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{o.centre()}, Size: 0.55, Fill: "#000000", Text: s}
}

// clueValue reads the whole number of entry i of key within lo..hi;
// missing is an error.
func clueValue(f *sudoku.FPuzzle, key string, i int, raw json.RawMessage, lo, hi int) (int, error) {
	if s := strings.Trim(strings.TrimSpace(string(raw)), `"`); s == "" || s == "null" {
		return 0, f.Errorf(key, i, "has no value")
	}
	v, err := f.Number(key, i, raw, 0)
	switch {
	case err != nil:
		return 0, err
	case v < lo || v > hi:
		return 0, f.Errorf(key, i, "value %d is impossible (want %d to %d)", v, lo, hi)
	}
	return v, nil
}

// pathName names cells in order: "r1c1-r1c2-r2c2".
func pathName(n int, cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = sudoku.CellName(n, c)
	}
	return strings.Join(parts, "-")
}

// towards returns the point at distance dist from a towards b.
func towards(a, b sudoku.Point, dist float64) sudoku.Point {
	dr, dc := b.R-a.R, b.C-a.C
	l := dr*dr + dc*dc
	if l == 0 {
		return a
	}
	s := dist / math.Sqrt(l)
	return sudoku.Point{R: a.R + dr*s, C: a.C + dc*s}
}
