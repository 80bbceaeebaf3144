package sudoku

import "strings"

// This file reads and writes the pencil-mark ("sukaku") form of a classic
// puzzle: 729 characters, nine per cell row by row, the character at place
// d-1 of a cell's nine being d when d is a candidate and 0 or . when not.
// The puzzle is its candidates: a Board with Marks and no givens.

func init() {
	RegisterForm(Form{Name: "sukaku", Priority: 500, Detect: func(t string) bool { return isSukaku(firstField(t)) },
		Parse: func(t string) (*Board, string, error) {
			f := firstField(t)
			b, err := ParseSukaku(f)
			return b, strings.TrimSpace(t[len(f):]), err
		}})
}

// firstField returns the first field of t, up to a space.
func firstField(t string) string {
	i := skipSpace(t, 0)
	return t[i:skipNonSpace(t, i)]
}

// isSukaku reports whether f is a field of 729 sukaku characters.
func isSukaku(f string) bool {
	if len(f) != 729 {
		return false
	}
	for i := range len(f) {
		if c := f[i]; c != '.' && c != '0' && (c < '1' || c > '9') {
			return false
		}
	}
	return true
}

// ParseSukaku reads the 729-character pencil-mark form (whitespace around
// it allowed). A digit at the wrong place of its cell, or a cell with no
// candidate, is a *ParseError naming the column and the cell.
func ParseSukaku(text string) (*Board, error) {
	t := strings.TrimSpace(text)
	off := strings.Index(text, t)
	if len(t) != 729 {
		return nil, &ParseError{Line: 1, Msg: "want 729 characters, nine candidates per cell"}
	}
	b := NewBoard(Classic())
	b.Marks = make([]Digits, 81)
	for i := range 729 {
		c, d := t[i], i%9+1
		switch {
		case c == '.' || c == '0':
		case c == byte('0'+d):
			b.Marks[i/9] |= DigitOf(d)
		default:
			return nil, plainErr(off+i, "unexpected %q in cell %s: place %d of a cell holds %d or 0 or .", c, CellName(9, i/9), d, d)
		}
	}
	for c, m := range b.Marks {
		if m == 0 {
			return nil, plainErr(off+9*c, "cell %s has no candidate", CellName(9, c))
		}
	}
	return b, nil
}

// FormatSukaku writes a classic board's candidates (a filled cell as its
// digit alone, an empty cell without marks as every digit) in the
// 729-character form, absent candidates as '.'.
func FormatSukaku(b *Board) string {
	var sb strings.Builder
	for c, v := range b.Cells {
		m := AllDigits(9)
		if b.Marks != nil {
			m = b.Marks[c]
		}
		if v != 0 {
			m = DigitOf(int(v))
		}
		for d := 1; d <= 9; d++ {
			if m.Has(d) {
				sb.WriteByte(byte('0' + d))
			} else {
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}
