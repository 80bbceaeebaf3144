package sudoku

import (
	"fmt"
	"math/bits"
	"strings"
)

// Digits is a set of digits 1..25, bit d-1 standing for digit d: the
// candidate set of a cell on any grid size (Candidates is the 9-bit set of
// the classic grid).
type Digits uint32

// AllDigits returns the set of the digits 1..n.
func AllDigits(n int) Digits { return Digits(1)<<n - 1 }

// DigitOf returns the set holding only digit d.
func DigitOf(d int) Digits { return 1 << (d - 1) }

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return d >= 1 && d <= 32 && s&DigitOf(d) != 0 }

// Count returns the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount32(uint32(s)) }

// Min returns the set's least digit, 0 for the empty set.
func (s Digits) Min() int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(s)) + 1
}

// Max returns the set's greatest digit, 0 for the empty set.
func (s Digits) Max() int { return bits.Len32(uint32(s)) }

// Range returns the digits lo..hi (none when lo > hi); lo may be below 1.
func Range(lo, hi int) Digits {
	lo = max(lo, 1)
	if hi < lo {
		return 0
	}
	return AllDigits(min(hi, 32)) &^ AllDigits(lo-1)
}

// Single returns the set's only digit, or 0 if it holds none or several.
func (s Digits) Single() int {
	if s == 0 || s&(s-1) != 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(s)) + 1
}

// Digits lists the set's digits in increasing order (an empty, non-nil
// list for none), as Candidates.Digits does.
func (s Digits) Digits() []int {
	ds := make([]int, 0, s.Count())
	for m := uint32(s); m != 0; m &= m - 1 {
		ds = append(ds, bits.TrailingZeros32(m)+1)
	}
	return ds
}

// String lists the digits in the text form, e.g. "137" or "19AG".
func (s Digits) String() string { return s.Join("") }

// Join lists the digits in the text form with sep between them, e.g.
// "1,3,7" for Join(","); "" for none.
func (s Digits) Join(sep string) string {
	var b strings.Builder
	for d := 1; d <= 32; d++ {
		if s.Has(d) {
			if b.Len() > 0 {
				b.WriteString(sep)
			}
			b.WriteString(DigitString(d))
		}
	}
	return b.String()
}

// DigitString writes digit d as text forms do: 1..9, then A for 10 up to P
// for 25.
func DigitString(d int) string {
	switch {
	case d >= 1 && d <= 9:
		return string(rune('0' + d))
	case d >= 10 && d <= 35:
		return string(rune('A' + d - 10))
	}
	return fmt.Sprintf("digit(%d)", d)
}

// DigitByte returns digit d (1..25) as one text character, and empty as
// the character for 0.
func DigitByte(d int, empty byte) byte {
	switch {
	case d == 0:
		return empty
	case d <= 9:
		return byte('0' + d)
	}
	return byte('A' + d - 10)
}

// ParseDigit reads one character of a text form: 1-9, A-P or a-p for
// 10..25. It returns 0, false for anything else.
func ParseDigit(b byte) (int, bool) {
	switch {
	case b >= '1' && b <= '9':
		return int(b - '0'), true
	case b >= 'A' && b <= 'P':
		return int(b-'A') + 10, true
	case b >= 'a' && b <= 'p':
		return int(b-'a') + 10, true
	}
	return 0, false
}

// Board is a puzzle under any rules: N*N cells in row-major order, 0 for
// empty or a digit 1..N, and optionally the candidates of each cell (the
// pencil-mark or "sukaku" form, where the puzzle is its candidates).
type Board struct {
	Rules *Rules
	Cells []uint8
	// Marks, when not nil, holds the candidates of every cell (for a
	// filled cell, its digit): the puzzle starts from these instead of
	// from the givens alone.
	Marks []Digits
	// Meta, when not nil, is what the setter says of the puzzle (title,
	// author, rules text, solution); engines never read it.
	Meta *Meta
}

// NewBoard returns an empty board under r.
func NewBoard(r *Rules) *Board { return &Board{Rules: r, Cells: make([]uint8, r.Cells())} }

// BoardOf returns the classic grid g as a Board.
func BoardOf(g Grid) *Board {
	return &Board{Rules: Classic(), Cells: append([]uint8(nil), g[:]...)}
}

// Grid returns the board as a classic Grid; ok is false unless its rules
// are the classic ones, it carries no marks and nothing of it went unread
// (a Grid would lose what makes the engines refuse it: Unreadable).
func (b *Board) Grid() (g Grid, ok bool) {
	if !b.Rules.IsClassic() || b.Marks != nil || len(b.Cells) != 81 || b.Unreadable() != nil {
		return g, false
	}
	copy(g[:], b.Cells)
	return g, true
}

// Clone returns a copy of b sharing its Rules and Meta.
func (b *Board) Clone() *Board {
	c := &Board{Rules: b.Rules, Cells: append([]uint8(nil), b.Cells...), Meta: b.Meta}
	if b.Marks != nil {
		c.Marks = append([]Digits(nil), b.Marks...)
	}
	return c
}

// Size returns N.
func (b *Board) Size() int { return b.Rules.Size }

// Clues returns the number of filled cells.
func (b *Board) Clues() int {
	n := 0
	for _, v := range b.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell holds a digit.
func (b *Board) Full() bool { return b.Clues() == len(b.Cells) }

// Line returns the N*N-character form: digits 1-9 and A-P, empty cells as
// empty.
func (b *Board) Line(empty byte) string {
	s := make([]byte, len(b.Cells))
	for i, v := range b.Cells {
		s[i] = DigitByte(int(v), empty)
	}
	return string(s)
}

// String returns the line form with '.' for empty cells.
func (b *Board) String() string { return b.Line('.') }

// Validate checks the rules and the givens: every cell 0..N, no two equal
// digits where a rule forbids it, no digit against its cell's parity, no
// cage over its sum (or a full cage off it), marks (if any) that hold the
// cell's digit. It returns the *RuleError of the rules, a *ValueError, or
// the first *ClashError.
func (b *Board) Validate() error {
	if err := b.Rules.validate(); err != nil {
		return err
	}
	if b.noClash() { // as nearly every board: no Layout needed
		return b.checkRest(&Layout{Rules: b.Rules, N: b.Rules.Size, NN: b.Rules.Cells()})
	}
	l, err := b.Rules.Layout()
	if err != nil {
		return err
	}
	return b.ValidateIn(l)
}

// ValidateIn is Validate with the rules already compiled (l must be
// b.Rules' layout).
func (b *Board) ValidateIn(l *Layout) error {
	if len(b.Cells) != l.NN {
		return &RuleError{Rule: "board", Size: l.N, Msg: fmt.Sprintf("%d cells, want %d", len(b.Cells), l.NN)}
	}
	for c, v := range b.Cells {
		if int(v) > l.N {
			return &ValueError{Cell: Cell(c), Value: int(v), Size: l.N}
		}
	}
	if err := b.clashes(l); err != nil {
		return err
	}
	return b.checkRest(l)
}

// checkRest runs the checks after the clashes: parities, sums,
// constraints, marks. They read only l's sizes.
func (b *Board) checkRest(l *Layout) error {
	for _, check := range []func(*Layout) error{b.parities, b.sums, b.constraints, b.marks} {
		if err := check(l); err != nil {
			return err
		}
	}
	return nil
}

func (b *Board) clashes(l *Layout) error {
	for c, v := range b.Cells {
		if v == 0 {
			continue
		}
		for _, p := range l.Peers[c] {
			if p > c && b.Cells[p] == v {
				return &ClashError{Size: l.N, A: c, B: p, Digit: int(v), Rule: l.Why(c, p)}
			}
		}
	}
	return nil
}

// constraints checks the givens against each constraint.
func (b *Board) constraints(l *Layout) error {
	for _, k := range b.Rules.Constraints {
		if err := k.Check(b.Cells); err != nil {
			return err
		}
	}
	return nil
}

func (b *Board) parities(l *Layout) error {
	for c, p := range b.Rules.Parity {
		v := int(b.Cells[c])
		if v != 0 && p != AnyParity && (v%2 == 1) != (p == Odd) {
			return &ClashError{Size: l.N, A: c, B: -1, Digit: v, Rule: p.String() + " cell", Msg: fmt.Sprintf("holds %s in an %s cell", DigitString(v), p)}
		}
	}
	return nil
}

func (b *Board) sums(l *Layout) error {
	for i, k := range b.Rules.Cages {
		if k.Sum == 0 {
			continue
		}
		sum, empty := 0, 0
		for _, c := range k.Cells {
			sum += int(b.Cells[c])
			if b.Cells[c] == 0 {
				empty++
			}
		}
		lo, _ := SumRange(l.N, empty)
		if sum+lo > k.Sum || (empty == 0 && sum != k.Sum) {
			return &ClashError{Size: l.N, A: k.Cells[0], B: -1, Rule: fmt.Sprintf("cage %d", i+1),
				Msg: fmt.Sprintf("the givens of the cage add up to %d with %d cells empty, its sum is %d", sum, empty, k.Sum)}
		}
	}
	return nil
}

func (b *Board) marks(l *Layout) error {
	if b.Marks == nil {
		return nil
	}
	if len(b.Marks) != l.NN {
		return &RuleError{Rule: "marks", Size: l.N, Msg: fmt.Sprintf("%d candidate sets, want %d", len(b.Marks), l.NN)}
	}
	all := AllDigits(l.N)
	for c, m := range b.Marks {
		v := int(b.Cells[c])
		switch {
		case m&^all != 0:
			return &ClashError{Size: l.N, A: c, B: -1, Rule: "candidates", Msg: fmt.Sprintf("has candidates above %d", l.N)}
		case m == 0:
			return &ClashError{Size: l.N, A: c, B: -1, Rule: "candidates", Msg: "has no candidate"}
		case v != 0 && !m.Has(v):
			return &ClashError{Size: l.N, A: c, B: -1, Digit: v, Rule: "candidates", Msg: fmt.Sprintf("holds %s but not among its candidates %s", DigitString(v), m)}
		}
	}
	return nil
}
