package constraint

import (
	"fmt"
	"math/bits"
	"strconv"
	"sudoku"
)

// Skyscrapers (f-puzzles "skyscraper"): each digit is the height of a
// building; a number beside a row or column counts the buildings seen
// from that side, a taller one hiding those behind it (the digits higher
// than every digit before them).

// skyscraper is one skyscraper clue beside a row or column.
type skyscraper struct {
	outsideClue
	value int
}

func (s *skyscraper) Kind() string   { return "skyscraper" }
func (s *skyscraper) Cells() []int   { return s.cells }
func (s *skyscraper) String() string { return fmt.Sprintf("skyscraper %d %s", s.value, s.side()) }

// seen counts the buildings seen along the digits placed from the clue,
// up to the first empty cell, and whether every cell is placed.
func (s *skyscraper) seen(cells []uint8) (count int, full bool) {
	tallest := 0
	for _, c := range s.cells {
		v := int(cells[c])
		if v == 0 {
			return count, false
		}
		if v > tallest {
			tallest, count = v, count+1
		}
	}
	return count, true
}

func (s *skyscraper) Check(cells []uint8) error {
	count, full := s.seen(cells)
	if count == s.value || !full && count < s.value {
		return nil
	}
	return &sudoku.ConstraintError{Size: s.n, Kind: s.Kind(), Index: -1, Cells: s.cells, Msg: fmt.Sprintf("%d %s seen %s, not %d", count, buildings(count), s.from(), s.value)}
}

// Propagate follows the states of a walk from the clue, (the tallest so
// far, the count seen), forwards from the start and backwards from the
// end (the tallest N, the count the value): a digit stays in a cell when
// a state reached before it leads through it to one that finishes. The
// counts of one tallest are a bit set. Exact for the line alone, but for
// its digits' being different (which only rules out equal heights).
func (s *skyscraper) Propagate(d *sudoku.Domains) bool {
	if s.n <= skyPermMax {
		return s.propagatePerm(d)
	}
	n := s.n
	var fwd, back [sudoku.MaxSize + 1][sudoku.MaxSize + 1]uint32 // [cell][tallest]: counts as bits
	fwd[0][0] = 1
	for i, c := range s.cells {
		skyForward(&fwd[i], &fwd[i+1], d.Of(c), n)
	}
	back[n][n] = 1 << uint(s.value)
	for i := n - 1; i >= 0; i-- {
		c := s.cells[i]
		keep := skyBackward(&fwd[i], &back[i+1], &back[i], d.Of(c), n)
		if !d.Keep(c, keep) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("%s %s seen along %s %s", strconv.Itoa(s.value), buildings(s.value), s.house(), s.from()), s.cells...)
	}
	return true
}

// skyPermMax is the largest size whose lines propagatePerm walks: its
// states are the sets of digits placed, 2^N of them.
const skyPermMax = 9

// propagatePerm is Propagate for sizes up to skyPermMax, exact for the
// line with its digits all different (they fill a row or column): the
// state after the first i cells is the set of digits they hold (the
// tallest is its greatest) with the counts seen as a bit set; a digit
// stays in cell i when a state reached before it leads through it to the
// full set with the clue's count. Exact where the plain walk is not
// (Trollscraper's 2s and 3s: 404,390 guesses with the walk alone).
func (s *skyscraper) propagatePerm(d *sudoku.Domains) bool {
	n := s.n
	full := 1<<n - 1
	var fwd, back [1 << skyPermMax]uint16 // [set of digits placed]: counts as bits
	var cand [skyPermMax]int
	for i, c := range s.cells {
		cand[i] = int(d.Of(c))
	}
	fwd[0] = 1
	for set := 0; set < full; set++ {
		f := fwd[set]
		if f == 0 {
			continue
		}
		i, top := bits.OnesCount(uint(set)), bits.Len(uint(set))
		for m := cand[i] &^ set; m != 0; m &= m - 1 {
			b := m & -m
			if bits.Len(uint(b)) > top {
				fwd[set|b] |= f << 1
			} else {
				fwd[set|b] |= f
			}
		}
	}
	if fwd[full]&(1<<uint(s.value)) == 0 {
		return false
	}
	back[full] = 1 << uint(s.value)
	var keep [skyPermMax]int
	for set := full - 1; set >= 0; set-- {
		f := fwd[set]
		if f == 0 {
			continue
		}
		i, top := bits.OnesCount(uint(set)), bits.Len(uint(set))
		for m := cand[i] &^ set; m != 0; m &= m - 1 {
			b := m & -m
			after := back[set|b]
			if bits.Len(uint(b)) > top {
				after >>= 1
			}
			if after != 0 {
				back[set] |= after
				if f&after != 0 {
					keep[i] |= b
				}
			}
		}
	}
	for i, c := range s.cells {
		if !d.Keep(c, sudoku.Digits(keep[i])) {
			return false
		}
	}
	if d.Explain {
		d.Because(fmt.Sprintf("%s %s seen along %s %s", strconv.Itoa(s.value), buildings(s.value), s.house(), s.from()), s.cells...)
	}
	return true
}

// buildings says "building is" or "buildings are".
func buildings(k int) string {
	if k == 1 {
		return "building is"
	}
	return "buildings are"
}

// skyForward sets next to the states after a cell of candidates m,
// from the states cur.
func skyForward(cur, next *[sudoku.MaxSize + 1]uint32, m sudoku.Digits, n int) {
	for t := 0; t <= n; t++ {
		k := cur[t]
		if k == 0 {
			continue
		}
		if m&sudoku.Range(1, t-1) != 0 {
			next[t] |= k
		}
		for v := t + 1; v <= n; v++ {
			if m.Has(v) {
				next[v] |= k << 1
			}
		}
	}
}

// skyBackward sets prev to the states before a cell of candidates m that
// lead to a state of after, and returns the digits of the cell that take
// a state of fwd to one of after.
func skyBackward(fwd, after, prev *[sudoku.MaxSize + 1]uint32, m sudoku.Digits, n int) sudoku.Digits {
	var keep sudoku.Digits
	for t := 0; t <= n; t++ {
		if low := m & sudoku.Range(1, t-1); low != 0 && after[t] != 0 {
			prev[t] |= after[t]
			if fwd[t]&after[t] != 0 {
				keep |= low
			}
		}
		for v := t + 1; v <= n; v++ {
			if !m.Has(v) {
				continue
			}
			prev[t] |= after[v] >> 1
			if fwd[t]&(after[v]>>1) != 0 {
				keep |= sudoku.DigitOf(v)
			}
		}
	}
	return keep
}

// Rows (cells c0..c(N-1) from the clue): binaries z(i, d), cell i holds d
// and is seen, for i >= 1 and d < N (c0 is always seen, and so is N).
// With h(i, d), the count of the cells before i holding more than d (a
// sum of x): z <= x(ci, d), i z + h(i, d) <= i, z >= x(ci, d) - h(i, d).
// The clue is 1 + the sum of the z + the x(ci, N) for i >= 1.
func (s *skyscraper) Rows(m sudoku.Model) {
	n := s.n
	var count []sudoku.Term
	for i := 1; i < n; i++ {
		count = append(count, sudoku.Term{Coef: 1, Var: m.Cell(s.cells[i], n)})
		for d := 1; d < n; d++ {
			var h []sudoku.Term
			for _, c := range s.cells[:i] {
				for e := d + 1; e <= n; e++ {
					h = append(h, sudoku.Term{Coef: 1, Var: m.Cell(c, e)})
				}
			}
			z, x := m.Binary(fmt.Sprintf("skyscraper_%s_z%d_%d", s.sideKey(), i, d)), m.Cell(s.cells[i], d)
			m.Row("skyscraper seen", []sudoku.Term{{Coef: 1, Var: z}, {Coef: -1, Var: x}}, sudoku.AtMost, 0)
			m.Row("skyscraper seen", append([]sudoku.Term{{Coef: i, Var: z}}, h...), sudoku.AtMost, i)
			m.Row("skyscraper seen", append([]sudoku.Term{{Coef: 1, Var: z}, {Coef: -1, Var: x}}, h...), sudoku.AtLeast, 0)
			count = append(count, sudoku.Term{Coef: 1, Var: z})
		}
	}
	m.Row("skyscraper", count, sudoku.Equal, s.value-1)
}

// Shapes: the number beside the grid.
func (s *skyscraper) Shapes() []sudoku.Shape { return []sudoku.Shape{s.text(strconv.Itoa(s.value))} }

// clue returns its place and value, for the ISS writer.
func (k *skyscraper) clue() (outsideClue, int) { return k.outsideClue, k.value }

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "skyscraper", Title: "Skyscraper clue",
		Rule: "Digits are heights of buildings; a number beside a row or column counts the buildings seen from that side, taller ones hiding those behind them.",
		Read: readOutsideClues("skyscraper", func(int) int { return 1 }, func(n int) int { return n },
			func(o outsideClue, v int) sudoku.Constraint { return &skyscraper{outsideClue: o, value: v} }),
		Write: writeOutsideClues("skyscraper", func(c sudoku.Constraint) (outsideClue, int, bool) {
			s, ok := c.(*skyscraper)
			if !ok {
				return outsideClue{}, 0, false
			}
			return s.outsideClue, s.value, true
		}),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Skyscraper": sudoku.ISSViaFP("skyscraper", sudoku.ISSOutsideClue)}, Write: issWriteOutside("Skyscraper")},
	})
}
