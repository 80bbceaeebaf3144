package constraint

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sudoku"
)

// What the line kinds share (palindrome, clone, whispers, renban, nabner,
// entropic and modular lines, zipper, between, lockout and region sum
// lines): drawing a line, checking a grid by propagating its placed
// digits, sets of sums and equal sums over groups of cells.

// lineShape draws cells as a line of a colour and a width.
func lineShape(n int, cells []int, colour string, width float64) sudoku.Shape {
	return sudoku.Shape{Kind: sudoku.ShapeLine, Points: sudoku.CellPath(n, cells), Size: width, Stroke: colour}
}

// placedDomains returns the domains of a grid: its placed digits, and
// every digit in its empty cells.
func placedDomains(n int, cells []uint8) *sudoku.Domains {
	d := sudoku.NewDomains(n)
	for c, v := range cells {
		if v != 0 && c < len(d.Open) && int(v) <= n {
			d.Open[c], d.Placed[c] = 0, sudoku.DigitOf(int(v))
		}
	}
	return d
}

// checkPlaced checks the digits placed on k's cells by propagating them:
// k's propagation must be exact (it finds a dead end whenever the placed
// digits cannot be completed to keep k alone), as that of every line kind
// checked so is. The error names the placed cells.
func checkPlaced(k sudoku.Constraint, n int, cells []uint8) error {
	if k.Propagate(placedDomains(n, cells)) {
		return nil
	}
	var on []int
	var parts []string
	for _, c := range k.Cells() {
		if cells[c] != 0 {
			on = append(on, c)
			parts = append(parts, fmt.Sprintf("%s in %s", sudoku.DigitString(int(cells[c])), sudoku.CellName(n, c)))
		}
	}
	if len(parts) == 0 {
		return &sudoku.ConstraintError{Size: n, Kind: k.Kind(), Index: -1, Cells: k.Cells(), Msg: fmt.Sprintf("no digits can fill %s", k)}
	}
	return &sudoku.ConstraintError{Size: n, Kind: k.Kind(), Index: -1, Cells: on, Msg: fmt.Sprintf("%s break %s", strings.Join(parts, ", "), k)}
}

// equalRows writes that each pair of cells holds the same digit: x(a, d)
// - x(b, d) = 0 for every digit d.
func equalRows(m sudoku.Model, name string, n int, pairs []sudoku.Pair) {
	for _, p := range pairs {
		for d := 1; d <= n; d++ {
			m.Row(name, []sudoku.Term{{Coef: 1, Var: m.Cell(p.A, d)}, {Coef: -1, Var: m.Cell(p.B, d)}}, sudoku.Equal, 0)
		}
	}
}

// sumSet is a set of sums 0..255: bit s for the sum s.
type sumSet [4]uint64

// sumSetMax is the greatest sum a sumSet holds.
const sumSetMax = 255

// shl returns the set with k added to every sum (0 <= k < 64); sums past
// sumSetMax are dropped.
func (s sumSet) shl(k int) sumSet {
	var o sumSet
	o[0] = s[0] << k
	for i := 1; i < len(s); i++ {
		o[i] = s[i]<<k | s[i-1]>>(64-k)
	}
	return o
}

// plus returns every sum of s plus a digit of m.
func (s sumSet) plus(m sudoku.Digits) sumSet {
	var o sumSet
	for x := uint32(m); x != 0; x &= x - 1 {
		o = o.or(s.shl(bits.TrailingZeros32(x) + 1))
	}
	return o
}

func (s sumSet) or(t sumSet) sumSet {
	return sumSet{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}
func (s sumSet) and(t sumSet) sumSet {
	return sumSet{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}
func (s sumSet) empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

// sums lists the sums of the set.
func (s sumSet) sums() []int {
	var out []int
	for i, w := range s {
		for ; w != 0; w &= w - 1 {
			out = append(out, 64*i+bits.TrailingZeros64(w))
		}
	}
	return out
}

// sumsText words sums for players: "12", "10 or 12", "8 to 14".
func sumsText(sums []int) string {
	switch {
	case len(sums) == 0:
		return "none"
	case len(sums) == 1:
		return fmt.Sprint(sums[0])
	case len(sums) <= 4:
		parts := make([]string, len(sums))
		for i, s := range sums {
			parts[i] = fmt.Sprint(s)
		}
		return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
	}
	return fmt.Sprintf("%d to %d", sums[0], sums[len(sums)-1])
}

// equalSums is groups of cells that add up to one common sum (the pairs
// and middle of a zipper line, the parts of a region sum line). Digits
// may repeat within a group as far as it knows.
type equalSums struct {
	n      int
	groups [][]int
}

// exact reports whether every group's sums fit a sumSet.
func (e *equalSums) exact() bool {
	for _, g := range e.groups {
		if len(g)*e.n > sumSetMax {
			return false
		}
	}
	return true
}

// propagate narrows every cell to the digits that let its group reach a
// sum every other group can reach too: arc consistency, exact (each
// group's sums are found digit by digit, and a cell keeps a digit when
// the rest of its group makes up one of the common sums). Groups too big
// for a sumSet get bounds only. It returns the common sums (nil when
// only bounds were used) and false at a dead end.
func (e *equalSums) propagate(d *sudoku.Domains) (common sumSet, ok bool) {
	if len(e.groups) < 2 {
		return common, true
	}
	if !e.exact() {
		return common, e.bounds(d)
	}
	common = e.groupSums(d, 0, -1)
	for g := 1; g < len(e.groups); g++ {
		common = common.and(e.groupSums(d, g, -1))
	}
	if common.empty() {
		return common, false
	}
	for g, cells := range e.groups {
		for i, c := range cells {
			rest := e.groupSums(d, g, i)
			var keep sudoku.Digits
			for x := uint32(d.Of(c)); x != 0; x &= x - 1 {
				v := bits.TrailingZeros32(x) + 1
				if !rest.shl(v).and(common).empty() {
					keep |= sudoku.DigitOf(v)
				}
			}
			if !d.Keep(c, keep) {
				return common, false
			}
		}
	}
	return common, true
}

// groupSums returns the sums group g can make, leaving out its cell
// number skip (-1 for none).
func (e *equalSums) groupSums(d *sudoku.Domains, g, skip int) sumSet {
	s := sumSet{1}
	for i, c := range e.groups[g] {
		if i != skip {
			s = s.plus(d.Of(c))
		}
	}
	return s
}

// bounds narrows every group to the range of sums all groups share.
func (e *equalSums) bounds(d *sudoku.Domains) bool {
	lo, hi := SumBounds(d, e.groups[0])
	for _, g := range e.groups[1:] {
		l, h := SumBounds(d, g)
		lo, hi = max(lo, l), min(hi, h)
	}
	if lo > hi {
		return false
	}
	for _, g := range e.groups {
		if !KeepSum(d, g, lo, hi) {
			return false
		}
	}
	return true
}

// rows writes that every group adds up to what the first does: sum(g) -
// sum(first) = 0, one row per other group.
func (e *equalSums) rows(m sudoku.Model, name string) {
	for _, g := range e.groups[min(1, len(e.groups)):] {
		EqualSumRows(m, name, e.n, g, e.groups[0])
	}
}

// lineValue reads the value of a line entry, a JSON number or string
// ("4"); def when it is absent or empty. Its errors name no entry
// (FPuzzle.ReadLines adds it).
func lineValue(v []byte, def int) (int, error) {
	s := strings.Trim(strings.TrimSpace(string(v)), `"`)
	if s == "" || s == "null" {
		return def, nil
	}
	x, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("value %q is not a whole number", s)
	}
	return x, nil
}
