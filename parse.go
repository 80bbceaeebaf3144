package sudoku

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds Parse and ParseLine, the detection of the text forms, and
// the helpers the form parsers share (lines, positions, errors). The forms
// themselves are in parse_block.go, parse_matlab.go and parse_json.go; the
// streaming reader is in scanner.go.
//
// Positions in errors are 1-based. Columns count characters (runes), not
// bytes, so a box-drawing character or a CJK comma counts as one column; a
// tab counts as one column too.

// maxLine bounds one line of input: a longer line is reported as a
// *ParseError instead of being held in memory.
const maxLine = 1 << 20

// maxHashLen bounds the leading token that Parse and Scanner accept before
// an 81-cell puzzle on one line (a hash, an id, a puzzle number).
const maxHashLen = 64

// minLineRun is the number of consecutive cell characters from which a
// one-line text is taken for the 81-character line form (and its errors are
// reported as such) rather than for a free layout of cells.
const minLineRun = 20

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

// ParseLine reads the 81-character line form: 81 cells, digits 1-9 and an
// empty cell as 0 . - _ or *. Text after the 81 cells, separated from them
// by whitespace, is returned trimmed as the annotation (ratings, hashes,
// comments). Whitespace around the line is ignored.
//
// ParseLine is strict: anything before the cells, such as a hash, is an
// error (Parse and Scanner accept a short leading token). Errors are as for
// Parse, with Line 1: a *ParseError for malformed text, or a *ParseError
// wrapping a *ConflictError, returned with the grid as read, when two givens
// clash.
func ParseLine(line string) (g Grid, annotation string, err error) {
	line = strings.TrimPrefix(line, "\uFEFF")
	if i := strings.IndexByte(line, '\n'); i >= 0 && strings.TrimSpace(line[i:]) != "" {
		j := skipSpace(line, i)
		k := strings.LastIndexByte(line[:j], '\n')
		nl := 1 + strings.Count(line[:j], "\n")
		return Grid{}, "", &ParseError{Line: nl, Col: utf8.RuneCountInString(line[k+1:j]) + 1,
			Msg: "more text on a second line: ParseLine reads one line (Parse reads multi-line forms)"}
	}
	line = strings.TrimRight(line, "\r\n")
	l := srcLine{num: 1, text: line}
	start := skipSpace(line, 0)
	var p [81]pos
	g, annotation, err = lineForm(l, start, &p)
	if err != nil {
		return Grid{}, "", err
	}
	if err := checkConflicts(&g, &p); err != nil {
		return g, annotation, err
	}
	return g, annotation, nil
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

// maxTitle bounds the length of a title line.
const maxTitle = 80

// isTitle reports whether t, trimmed, is a title line such as "Grid 01":
// it starts with a letter, is at most maxTitle characters long, printable
// text, and fewer than half of its characters are cell characters (so that a row with a
// typo, such as "x3..7....", is not taken for a title).
func isTitle(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	if !unicode.IsLetter(r) || len(t) > 4*maxTitle || utf8.RuneCountInString(t) > maxTitle {
		return false
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

// parseForm detects the form of the significant lines sig and reads the
// grid, recording where each given came from in p. It does not check the
// rules.
func parseForm(sig []srcLine, p *[81]pos) (Grid, string, error) {
	first := sig[0]
	o := skipSpace(first.text, 0)
	rest := first.text[o:]
	switch {
	case rest[0] == '{' || rest[0] == '"':
		g, err := parseJSONText(sig, p)
		return g, "", err
	case rest[0] == '[':
		if r := nextSignificant(sig, 0, o+1); r == '[' || r == '"' || r == '{' || r == 'n' {
			g, err := parseJSONText(sig, p)
			return g, "", err
		}
		g, err := parseMatlab(sig, p)
		return g, "", err
	case strings.HasPrefix(rest, "［") || isAssignment(rest):
		g, err := parseMatlab(sig, p)
		return g, "", err
	}
	if len(sig) == 1 {
		return parseOneLine(sig[0], p)
	}
	// Several lines. If the first is a whole one-line puzzle, the rest is a
	// second puzzle or garbage: Parse reads one.
	if s, ok := lineCandidate(first.text, 81); ok {
		if _, _, err := lineFormAt(first, s, p); err != nil {
			return Grid{}, "", err
		}
		next := sig[1]
		return Grid{}, "", &ParseError{Line: next.num, Col: colOf(next.text, skipSpace(next.text, 0)),
			Msg: fmt.Sprintf("more text after the puzzle on line %d: Parse reads one puzzle (a Scanner reads a list)", first.num)}
	}
	matlabish := false
	allNum, anyWide, anyClue := true, false, false
	for _, l := range sig {
		if hasMatlabPunct(l.text) {
			matlabish = true
			break
		}
		n, clue := numericTokens(l.text)
		if n == 0 {
			allNum = false
			break
		}
		if n > 3 {
			anyWide = true
		}
		if clue {
			anyClue = true
		}
	}
	if matlabish {
		g, err := parseMatlab(sig, p)
		return g, "", err
	}
	if allNum && (anyWide || anyClue) {
		// Numbers only: a matrix or a clue list, unless it reads as a block
		// (rows of digits such as "530070000" mixed with spaced rows).
		g, err := parseMatlab(sig, p)
		if err == nil {
			return g, "", nil
		}
		var q [81]pos
		if gb, errb := parseBlock(sig, &q); errb == nil {
			*p = q
			return gb, "", nil
		}
		return Grid{}, "", err
	}
	g, err := parseBlock(sig, p)
	return g, "", err
}

// parseOneLine reads a puzzle written on one line.
func parseOneLine(l srcLine, p *[81]pos) (Grid, string, error) {
	if s, ok := lineCandidate(l.text, minLineRun); ok {
		return lineFormAt(l, s, p)
	}
	t := l.text
	n, _ := numericTokens(t)
	if first := t[skipSpace(t, 0)]; n > 1 || hasMatlabPunct(t) && (first >= '0' && first <= '9' || first == '-' || first == '+') {
		g, err := parseMatlab([]srcLine{l}, p)
		if err == nil {
			return g, "", nil
		}
		var q [81]pos
		if gb, errb := parseBlock([]srcLine{l}, &q); errb == nil {
			*p = q
			return gb, "", nil
		}
		return Grid{}, "", err
	}
	g, err := parseBlock([]srcLine{l}, p)
	return g, "", err
}

// lineCandidate reports whether the line is meant as the 81-character line
// form: its first token starts with at least minRun cell characters, or a
// first token of at most maxHashLen characters is followed by such a token.
// It returns the byte offset of the first token, which lineFormAt reads.
func lineCandidate(t string, minRun int) (start int, ok bool) {
	s1 := skipSpace(t, 0)
	if cellRun(t, s1) >= minRun {
		return s1, true
	}
	e1 := skipNonSpace(t, s1)
	s2 := skipSpace(t, e1)
	if s2 < len(t) && e1-s1 <= 4*maxHashLen && utf8.RuneCountInString(t[s1:e1]) <= maxHashLen && cellRun(t, s2) >= minRun {
		return s1, true
	}
	return 0, false
}

// lineFormAt reads the line form starting at byte offset s of l, accepting
// a leading token before the puzzle when s is not itself the puzzle; the
// leading token then heads the annotation.
func lineFormAt(l srcLine, s int, p *[81]pos) (Grid, string, error) {
	t := l.text
	if cellRun(t, s) >= minLineRun {
		return lineForm(l, s, p)
	}
	e := skipNonSpace(t, s)
	g, ann, err := lineForm(l, skipSpace(t, e), p)
	if err != nil {
		return Grid{}, "", err
	}
	if ann == "" {
		return g, t[s:e], nil
	}
	return g, t[s:e] + " " + ann, nil
}

// lineForm reads the strict 81-character line form from byte offset start
// of l: 81 cells, then nothing or whitespace and an annotation.
func lineForm(l srcLine, start int, p *[81]pos) (g Grid, ann string, err error) {
	t := l.text
	col0 := colOf(t, start)
	i, n := start, 0
	for ; i < len(t) && n < 81; i++ {
		v := cellValue[t[i]]
		if v == notCell {
			break
		}
		g[n] = v
		p[n] = pos{line: l.num, col: col0 + n}
		n++
	}
	if n == 81 {
		if i == len(t) {
			return g, "", nil
		}
		if !isSpaceAt(t, i) {
			if cellValue[t[i]] != notCell {
				return Grid{}, "", &ParseError{Line: l.num,
					Msg: fmt.Sprintf("got %d cells, want 81", 81+cellRun(t, i))}
			}
			return Grid{}, "", errAt(l, i, "unexpected %s after the 81 cells (separate an annotation with a space)", quoteAt(t, i))
		}
		return g, strings.TrimSpace(t[i:]), nil
	}
	if i < len(t) && !isSpaceAt(t, i) {
		return Grid{}, "", errAt(l, i, "unexpected %s (%s)", quoteAt(t, i), cellHint)
	}
	return Grid{}, "", &ParseError{Line: l.num, Msg: fmt.Sprintf("got %d cells, want 81", n)}
}

// checkConflicts validates g and turns a *ConflictError into a *ParseError
// that wraps it and says where the second given is.
func checkConflicts(g *Grid, p *[81]pos) error {
	if !hasConflict(g) {
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

// boxOf holds the box of each cell.
var boxOf [81]uint8

func init() {
	for c := Cell(0); c < 81; c++ {
		boxOf[c] = uint8(c.Box())
	}
}

// hasConflict reports whether a digit repeats in a house of g, whose cells
// hold 0..9. It is a fast test, several times quicker than Validate, which
// then names the conflict.
func hasConflict(g *Grid) bool {
	var rows, cols, boxes [9]uint16
	for i, v := range g {
		if v == 0 {
			continue
		}
		bit := uint16(1) << v
		r, c, b := i/9, i%9, boxOf[i]
		if (rows[r]|cols[c]|boxes[b])&bit != 0 {
			return true
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return false
}

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

// cellRun counts the line-form cell characters starting at offset i.
func cellRun(t string, i int) int {
	n := 0
	for ; i < len(t) && cellValue[t[i]] != notCell; i++ {
		n++
	}
	return n
}

// nextSignificant returns the first non-space character at or after byte
// offset off of sig[li], looking on to the following lines, or -1.
func nextSignificant(sig []srcLine, li, off int) rune {
	for ; li < len(sig); li, off = li+1, 0 {
		t := sig[li].text
		if i := skipSpace(t, off); i < len(t) {
			r, _ := utf8.DecodeRuneInString(t[i:])
			return r
		}
	}
	return -1
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

// hasMatlabPunct reports whether t holds punctuation that only the MATLAB
// forms use: commas (also the full-width 、 and ，), semicolons (also ；) or
// brackets.
func hasMatlabPunct(t string) bool {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case ',', ';', '[', ']':
			return true
		}
	}
	return strings.ContainsAny(t, "、，；［］")
}

// numericTokens counts the whitespace-separated tokens of t when every one
// is an integer (an optional sign and digits), or returns 0. clue reports
// whether the line looks like a "row col value" clue: three tokens, not all
// three digits long (as "530 070 000", a block row in three groups, is).
func numericTokens(t string) (n int, clue bool) {
	long := 0
	for i := skipSpace(t, 0); i < len(t); i = skipSpace(t, i) {
		j := skipNonSpace(t, i)
		k := i
		if t[k] == '-' || t[k] == '+' {
			k++
		}
		if k == j {
			return 0, false
		}
		for ; k < j; k++ {
			if t[k] < '0' || t[k] > '9' {
				return 0, false
			}
		}
		if j-i == 3 {
			long++
		}
		n++
		i = j
	}
	return n, n == 3 && long < 3
}
