package sudoku

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds Parse, which reads a record in the first classic form of
// the registry (form.go) that claims it, and the helpers the form readers
// share (lines, positions, titles, conflicts, errors). The forms
// themselves are in parse_*.go, each registered from its own file; the
// streaming reader is in scanner.go.
//
// Positions in errors are 1-based. Columns count characters (runes), not
// bytes, so a box-drawing character or a CJK comma counts as one column; a
// tab counts as one column too.

// maxLine bounds one line of input: a longer line is reported as a
// *ParseError instead of being held in memory.
const maxLine = 1 << 20

// cellHint explains which characters are cells.
const cellHint = "a cell is 1-9, or one of 0 . - _ * when empty"

// cellValue maps a byte to its cell value in the 81-character line form, or
// to notCell.
var cellValue [256]uint8

const notCell = 0xff

func init() {
	for i := range cellValue {
		cellValue[i] = notCell
	}
	for d := byte('1'); d <= '9'; d++ {
		cellValue[d] = d - '0'
	}
	for _, b := range []byte("0.-_*") {
		cellValue[b] = 0
	}
}

// Parse reads one puzzle in any accepted text form, detected from the text:
//
//   - The 81-character line: digits 1-9 row by row, an empty cell written as
//     0 . - _ or *. Text after the 81 cells, separated by whitespace, is an
//     annotation and is ignored (ParseLine returns it). A leading token of
//     at most 64 characters before the puzzle, as in "000694f16758
//     570060003...000 2.5" (a hash, an id), is accepted too.
//   - A block of 9 rows as printed by people and programs: with or without
//     box separators (| - + = : and box-drawing characters such as │ ─ ┼ ║ ═,
//     borders like +---+---+---+), cells separated by spaces or not, empty
//     cells as 0 . - _ * or, in fixed-width layouts such as "53  7    " or
//     the layout Grid.Pretty writes, as blanks. Blank lines and separator
//     lines inside the block are skipped. A row with no givens must hold 0 or
//     . marks: a line of only blanks or separators is not a row. 81 cells in
//     another arrangement (one line of 81 cells separated by spaces, three
//     lines of 27) are accepted too.
//   - A MATLAB matrix, 9x9, such as "[1 0 5 0 2 0 0 0 0; 0 0 0 7 4 3 0 0 5;
//     ...]": rows separated by ; or line breaks, entries by spaces or commas,
//     brackets optional, an assignment "A =" before it and a ";" and "%
//     comment" after it allowed; or 81 numbers in one row, read row by row.
//     0 is an empty cell.
//   - A MATLAB clue list, N-by-3, one clue "row,column,value" per row
//     (1-based), as MATLAB's sudokuEngine takes it: "B = [1,2,2;1,5,3;...]".
//     Rows of 3 numbers make a clue list, rows of 9 a matrix. Separators are
//     lenient: spaces, commas and the full-width 、 and ， between numbers, ;
//     and ； between rows. The same clue twice is fine; the same cell with
//     two values is an error.
//   - JSON: an array of 9 arrays of 9 integers (0 or null empty), an array of
//     81 integers, a string holding the 81-character line, or an object
//     whose "puzzle" member is one of these (other members are ignored).
//
// Lines starting with # or % are comments and blank lines are skipped; a
// UTF-8 byte order mark at the start and CRLF line ends are accepted.
//
// Malformed text gives a *ParseError naming the line and column (1-based,
// columns counting characters). Two equal givens in a row, column or box
// give a *ParseError at the second of them that wraps the *ConflictError
// from Grid.Validate (errors.As finds it); the grid as read is returned with
// it. On any other error the Grid is zero. Parse reads one puzzle; text
// holding several is an error: read lists with a Scanner.
func Parse(text string) (Grid, error) {
	g, _, err := parseRecord(splitLines(text, 1))
	return g, err
}

// srcLine is one line of input without its line end, and its 1-based number.
type srcLine struct {
	num  int
	text string
}

// pos is where a given came from: 1-based line and column, and for clue
// lists the 1-based number of the clue.
type pos struct {
	line, col, clue int
}

// splitLines splits text into lines numbered from first, dropping a leading
// byte order mark and the \r of CRLF line ends.
func splitLines(text string, first int) []srcLine {
	text = strings.TrimPrefix(text, "\uFEFF")
	lines := make([]srcLine, 0, strings.Count(text, "\n")+1)
	for n := first; ; n++ {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			lines = append(lines, srcLine{n, strings.TrimSuffix(text, "\r")})
			return lines
		}
		lines = append(lines, srcLine{n, strings.TrimSuffix(text[:i], "\r")})
		text = text[i+1:]
	}
}

// parseRecord reads one puzzle from lines: the whole text for Parse, one
// record for a Scanner. It returns the annotation of a one-line puzzle.
func parseRecord(lines []srcLine) (Grid, string, error) {
	sig := significant(lines)
	if len(sig) == 0 {
		return Grid{}, "", &ParseError{Msg: "no puzzle found: the text is empty, blank or only comments"}
	}
	title := ""
	if t := strings.TrimSpace(sig[0].text); len(sig) > 1 && isTitle(t) && !isAssignment(t) {
		title, sig = t, sig[1:]
	}
	var p [81]pos
	g, ann, err := parseForm(sig, &p)
	if err != nil {
		return Grid{}, "", err
	}
	ann = joinAnnotation(title, ann)
	if err := checkConflicts(&g, &p); err != nil {
		return g, ann, err
	}
	return g, ann, nil
}

// maxTitle bounds the length of a title line, maxWord the length of a
// title without a space.
const (
	maxTitle = 80
	maxWord  = 30
)

// isTitle reports whether t, trimmed, is a title line such as "Grid 01":
// it starts with a letter, is at most maxTitle characters long, printable
// text, and fewer than half of its characters are cell characters (so that a row with a
// typo, such as "x3..7....", is not taken for a title).
func isTitle(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	if !unicode.IsLetter(r) || len(t) > 4*maxTitle || utf8.RuneCountInString(t) > maxTitle {
		return false
	}
	if utf8.RuneCountInString(t) > maxWord && !strings.ContainsAny(t, " \t") {
		return false // one long word: a puzzle cut short (a killer string of 80 characters), not a title
	}
	cells, chars := 0, 0
	for _, r := range t {
		if r == utf8.RuneError || !unicode.IsPrint(r) && !isSpace(r) {
			return false // binary bytes: a file that is not text, not a title
		}
		switch {
		case r < utf8.RuneSelf && cellValue[r] != notCell:
			cells++
		case isSpace(r):
			continue
		}
		chars++
	}
	return 2*cells < chars
}

// joinAnnotation joins two parts of an annotation with a space.
func joinAnnotation(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

// significant drops blank lines and comment lines.
func significant(lines []srcLine) []srcLine {
	var out []srcLine
	for _, l := range lines {
		if i := skipSpace(l.text, 0); i < len(l.text) && l.text[i] != '#' && l.text[i] != '%' {
			out = append(out, l)
		}
	}
	return out
}

// parseForm reads the grid of the significant lines sig in the first
// classic form that claims them (Form, by priority), recording where each
// given came from in p. It does not check the rules.
func parseForm(sig []srcLine, p *[81]pos) (Grid, string, error) {
	var guessErr error
	for _, f := range forms() {
		if f.grid == nil {
			continue
		}
		ok, sure := f.grid.detect(sig)
		switch {
		case !ok:
			continue
		case sure:
			g, ann, err := f.grid.parse(sig, p)
			if err != nil && guessErr != nil {
				return Grid{}, "", guessErr
			}
			return g, ann, err
		}
		var q [81]pos
		g, ann, err := f.grid.parse(sig, &q)
		if err == nil {
			*p = q
			return g, ann, nil
		}
		if guessErr == nil {
			guessErr = err
		}
	}
	if guessErr == nil {
		guessErr = &ParseError{Line: sig[0].num, Msg: "not a puzzle in any form read here"}
	}
	return Grid{}, "", guessErr
}

// opensValue reports whether rest, a line from its first non-space
// character, opens a JSON or MATLAB value: { " [ ［ or an assignment
// "name =". Such a line is read by those forms, though a puzzle in the
// line form may follow.
func opensValue(rest string) bool {
	switch rest[0] {
	case '{', '"', '[':
		return true
	}
	return strings.HasPrefix(rest, "［") || isAssignment(rest)
}

// checkConflicts validates g and turns a *ConflictError into a *ParseError
// that wraps it and says where the second given is.
func checkConflicts(g *Grid, p *[81]pos) error {
	if !g.HasConflict() {
		return nil
	}
	err := g.Validate()
	if err == nil {
		return nil
	}
	ce, ok := err.(*ConflictError)
	if !ok {
		return err // values are checked while reading; cannot happen
	}
	a, b := p[ce.A], p[ce.B]
	msg := ce.Error()
	switch {
	case a.clue > 0 && b.clue > 0:
		msg += fmt.Sprintf(" (clues %d and %d)", a.clue, b.clue)
	case a.line == b.line && a.col > 0:
		msg += fmt.Sprintf(" (%v is at column %d)", ce.A, a.col)
	case a.line > 0 && a.col > 0:
		msg += fmt.Sprintf(" (%v is at line %d, column %d)", ce.A, a.line, a.col)
	}
	return &ParseError{Line: b.line, Col: b.col, Msg: msg, Err: ce}
}

// HasConflict reports whether a digit repeats in a row, column or box of
// g, whose cells hold 0..9. It is a fast test, several times quicker than
// Validate, which then names the conflict.
func (g *Grid) HasConflict() bool {
	var rows, cols, boxes [9]uint16
	for r := range 9 {
		row, rowBoxes := (*[9]uint8)(g[9*r:9*r+9]), &boxOfCol[r/3]
		for c, v := range row {
			if v == 0 {
				continue
			}
			bit, b := uint16(1)<<(v&15), rowBoxes[c]
			if (rows[r]|cols[c]|boxes[b])&bit != 0 {
				return true
			}
			rows[r] |= bit
			cols[c] |= bit
			boxes[b] |= bit
		}
	}
	return false
}

// boxOfCol[k][c] is the box of column c in band k.
var boxOfCol = [3][9]uint8{{0, 0, 0, 1, 1, 1, 2, 2, 2}, {3, 3, 3, 4, 4, 4, 5, 5, 5}, {6, 6, 6, 7, 7, 7, 8, 8, 8}}

// errAt returns a *ParseError at byte offset off of l.
func errAt(l srcLine, off int, format string, args ...any) *ParseError {
	return &ParseError{Line: l.num, Col: colOf(l.text, off), Msg: fmt.Sprintf(format, args...)}
}

// colOf returns the 1-based column, in characters, of byte offset off of t.
func colOf(t string, off int) int {
	if off > len(t) {
		off = len(t)
	}
	for i := 0; i < off; i++ {
		if t[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(t[:off]) + 1
		}
	}
	return off + 1
}

// quoteAt quotes the character at byte offset i of t for a message: 'x',
// or "byte 0xff" for a byte that is not UTF-8.
func quoteAt(t string, i int) string {
	r, size := utf8.DecodeRuneInString(t[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", t[i])
	}
	return fmt.Sprintf("%q", r)
}

// isSpace reports whether r separates tokens: ASCII whitespace and Unicode
// spaces such as the no-break space and the ideographic space.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', '\v', '\f':
		return true
	}
	return r >= utf8.RuneSelf && unicode.IsSpace(r)
}

// isSpaceAt reports whether a space starts at byte offset i of t.
func isSpaceAt(t string, i int) bool {
	if b := t[i]; b < utf8.RuneSelf {
		return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\v' || b == '\f'
	}
	r, _ := utf8.DecodeRuneInString(t[i:])
	return isSpace(r)
}

// skipSpace returns the offset of the first non-space at or after i.
func skipSpace(t string, i int) int {
	for i < len(t) {
		if b := t[i]; b < utf8.RuneSelf {
			if b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != '\v' && b != '\f' {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(t[i:])
		if !isSpace(r) {
			return i
		}
		i += size
	}
	return i
}

// skipNonSpace returns the offset of the first space at or after i.
func skipNonSpace(t string, i int) int {
	for i < len(t) && !isSpaceAt(t, i) {
		_, size := utf8.DecodeRuneInString(t[i:])
		i += size
	}
	return i
}

// isAssignment reports whether t starts with a MATLAB assignment "name =".
func isAssignment(t string) bool {
	i := 0
	for i < len(t) && (t[i] == '_' || t[i] >= 'a' && t[i] <= 'z' || t[i] >= 'A' && t[i] <= 'Z' || i > 0 && t[i] >= '0' && t[i] <= '9') {
		i++
	}
	if i == 0 {
		return false
	}
	i = skipSpace(t, i)
	return i < len(t) && t[i] == '=' && (i+1 == len(t) || t[i+1] != '=')
}
