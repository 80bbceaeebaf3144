package sudoku

import "strings"

// This file reads the MATLAB forms: a 9x9 matrix (or 81 numbers) and an
// N-by-3 clue list of row, column, value, walking the text with a cursor
// (cursor.go).

func init() {
	RegisterForm(Form{Name: "matlab", Priority: 900, grid: &gridForm{
		detect: matlabDetect, parse: noAnnotation(parseMatlab), start: matlabStart}})
}

// matlabDetect claims a record that starts with [ (JSON took its arrays),
// ［ or an assignment. It guesses, as numbers without brackets can be a
// printed grid too (rows such as "530070000"), on one line of two numbers
// or more, or of MATLAB punctuation after a number; and on lines that all
// hold numbers, some more than three or a clue "row col value".
// Punctuation on lines of several makes it sure.
func matlabDetect(sig []srcLine) (ok, sure bool) {
	t := sig[0].text
	rest := t[skipSpace(t, 0):]
	switch {
	case rest[0] == '[' || strings.HasPrefix(rest, "［") || isAssignment(rest):
		return true, true
	case len(sig) > 1:
		return matlabLines(sig)
	}
	n, _ := numericTokens(t)
	first := rest[0]
	return n > 1 || hasMatlabPunct(t) && (first >= '0' && first <= '9' || first == '-' || first == '+'), false
}

// matlabLines is matlabDetect for a record of several lines.
func matlabLines(sig []srcLine) (ok, sure bool) {
	anyWide, anyClue := false, false
	for _, l := range sig {
		if hasMatlabPunct(l.text) {
			return true, true
		}
		n, clue := numericTokens(l.text)
		if n == 0 {
			return false, false
		}
		anyWide = anyWide || n > 3
		anyClue = anyClue || clue
	}
	return anyWide || anyClue, false
}

// matlabStart starts a record on a line that opens a value (［, an
// assignment: it ends when its brackets close), holds rows separated by
// semicolons (the line alone), or holds numbers (a row of a matrix, or a
// clue of a list that ends at a blank line).
func matlabStart(t string) recordStart {
	rest := t[skipSpace(t, 0):]
	switch {
	case strings.HasPrefix(rest, "［") || isAssignment(rest):
		return bracketStart(t)
	case semicolonRows(t) >= 2:
		return recordStart{end: endLine}
	}
	if n, clue := numberList(t); n > 0 {
		return rowsStart(n, clue)
	}
	return recordStart{}
}

// maxNumbers bounds the numbers read from a matrix or clue list (a clue
// list may repeat clues, but not without end).
const maxNumbers = 10_000

// mEntry is one number of a MATLAB matrix.
type mEntry struct {
	l    srcLine
	off  int
	text string
	v    int
}

func (e mEntry) pos() pos { return pos{line: e.l.num, col: colOf(e.l.text, e.off)} }

func (e mEntry) errorf(format string, args ...any) *ParseError {
	return errAt(e.l, e.off, format, args...)
}

// shown returns the number as written, shortened if long.
func (e mEntry) shown() string {
	if len(e.text) > 12 {
		return e.text[:12] + "…"
	}
	return e.text
}

// parseMatlab reads a MATLAB matrix or clue list:
//
//	[name =] [ '[' ] rows [ ']' [;] ] [% comment]
//
// Rows are separated by ; ； or line ends, numbers by spaces, commas, 、 or
// ，. A line ending in "..." continues on the next line.
func parseMatlab(sig []srcLine, p *[81]pos) (Grid, error) {
	c := &cursor{lines: sig}
	c.skipSpace()
	if isAssignment(c.rest()) {
		for c.peek() != '=' {
			c.next()
		}
		c.next()
		c.skipSpace()
	}
	startL, startOff := c.here()
	open := false
	if r := c.peek(); r == '[' || r == '［' {
		open = true
		c.next()
	}
	var rows [][]mEntry
	var row []mEntry
	endRow := func() {
		if len(row) > 0 {
			rows = append(rows, row)
			row = nil
		}
	}
	closed := false
	count := 0
loop:
	for {
		r := c.peek()
		switch {
		case r == eof:
			if open {
				return Grid{}, c.errorf("missing ']' to close the '[' at line %d, column %d", startL.num, colOf(startL.text, startOff))
			}
			endRow()
			break loop
		case r == '\n' || r == ';' || r == '；':
			endRow()
			c.next()
		case isSpace(r) || r == ',' || r == '、' || r == '，':
			c.next()
		case r == '%':
			c.skipLine()
		case strings.HasPrefix(c.rest(), "..."):
			c.skipLine()
			c.next() // the line end: the row goes on
		case r == ']' || r == '］':
			if !open {
				return Grid{}, c.errorf("unexpected %s with no '[' before it", c.quote())
			}
			endRow()
			c.next()
			closed = true
			break loop
		case r >= '0' && r <= '9' || (r == '-' || r == '+') && len(c.rest()) > 1 && c.rest()[1] >= '0' && c.rest()[1] <= '9':
			if count++; count > maxNumbers {
				return Grid{}, c.errorf("more than %d numbers: too many for a puzzle", maxNumbers)
			}
			row = append(row, c.number())
		case r == '.':
			return Grid{}, c.errorf("unexpected '.' in a MATLAB matrix (write 0 for an empty cell)")
		default:
			return Grid{}, c.errorf("unexpected %s in a MATLAB matrix", c.quote())
		}
	}
	if closed {
		for r := c.peek(); r != eof; r = c.peek() {
			switch {
			case isSpace(r) || r == '\n' || r == ';' || r == '；' || r == ',':
				c.next()
			case r == '%':
				c.skipLine()
			default:
				return Grid{}, c.errorf("unexpected %s after the closing ']'", c.quote())
			}
		}
	}
	if len(rows) == 0 {
		return Grid{}, errAt(startL, startOff, "no numbers in the matrix")
	}
	return matlabGrid(rows, p)
}

// number reads an integer with an optional sign.
func (c *cursor) number() mEntry {
	l, start := c.here()
	t := l.text
	i := start
	if t[i] == '-' || t[i] == '+' {
		i++
	}
	d := i
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	v := 0
	for _, b := range []byte(t[d:i]) {
		if v < 1000 {
			v = v*10 + int(b-'0')
		}
	}
	if t[start] == '-' {
		v = -v
	}
	c.off = i
	return mEntry{l: l, off: start, text: t[start:i], v: v}
}

// matlabGrid makes the grid from the rows of a matrix: rows of 3 numbers
// are a clue list; 9 rows of 9, or rows of one width that hold 81 numbers
// in all, a matrix read row by row.
func matlabGrid(rows [][]mEntry, p *[81]pos) (Grid, error) {
	w := len(rows[0])
	same := true
	n3, n9, total := 0, 0, 0
	for _, r := range rows {
		same = same && len(r) == w
		total += len(r)
		switch len(r) {
		case 3:
			n3++
		case 9:
			n9++
		}
	}
	switch {
	case same && w == 3:
		return clueGrid(rows, p)
	case same && w*len(rows) == 81:
		var g Grid
		i := 0
		for _, r := range rows {
			for _, e := range r {
				if e.v < 0 || e.v > 9 {
					return Grid{}, e.errorf("%s is not a digit 1-9, or 0 for an empty cell", e.shown())
				}
				g[i] = uint8(e.v)
				if e.v != 0 {
					p[i] = e.pos()
				}
				i++
			}
		}
		return g, nil
	case same && len(rows) == 1:
		return Grid{}, rows[0][0].errorf("got %d numbers, want 81 (a 9x9 matrix) or 3 (row, column, value)", total)
	case same && w == 9:
		return Grid{}, rows[0][0].errorf("got %d rows of 9 numbers, want 9 rows", len(rows))
	case same:
		return Grid{}, rows[0][0].errorf("every row has %d numbers, want 9 (a 9x9 matrix) or 3 (row, column, value)", w)
	}
	want := 9
	if n3 > n9 {
		want = 3
	}
	for i, r := range rows {
		if len(r) == want {
			continue
		}
		at := r[0]
		if len(r) > want {
			at = r[want]
		}
		if want == 3 {
			return Grid{}, at.errorf("clue %d has %d numbers, want 3 (row, column, value)", i+1, len(r))
		}
		return Grid{}, at.errorf("row %d has %d numbers, want 9", i+1, len(r))
	}
	panic("unreachable")
}

// clueGrid makes the grid from a clue list.
func clueGrid(rows [][]mEntry, p *[81]pos) (Grid, error) {
	var g Grid
	var from [81]int // the clue that set each cell
	for i, r := range rows {
		n := i + 1
		for k, what := range [3]string{"row", "column", "value"} {
			if e := r[k]; e.v < 1 || e.v > 9 {
				return Grid{}, e.errorf("clue %d has %s %s, want 1-9", n, what, e.shown())
			}
		}
		cell := CellAt(r[0].v-1, r[1].v-1)
		v := uint8(r[2].v)
		switch g[cell] {
		case 0:
			g[cell] = v
			from[cell] = n
			p[cell] = r[0].pos()
			p[cell].clue = n
		case v:
		default:
			return Grid{}, r[0].errorf("clue %d sets %v to %d but clue %d set it to %d", n, cell, v, from[cell], g[cell])
		}
	}
	return g, nil
}

// semicolonRows counts the non-empty rows of a line split at ; and ；,
// ignoring a % comment.
func semicolonRows(t string) int {
	if i := strings.IndexByte(t, '%'); i >= 0 {
		t = t[:i]
	}
	n := 0
	for _, part := range strings.FieldsFunc(t, func(r rune) bool { return r == ';' || r == '；' }) {
		if strings.TrimFunc(part, isSpace) != "" {
			n++
		}
	}
	return n
}

// numberList counts the numbers of a line made only of integers and the
// MATLAB separators (spaces, commas, 、 ， ; ；), or returns 0; clue
// reports whether it reads as one "row col value" clue (see numericTokens).
func numberList(t string) (n int, clue bool) {
	sep := func(r rune) bool {
		return isSpace(r) || r == ',' || r == ';' || r == '、' || r == '，' || r == '；'
	}
	if !strings.ContainsAny(t, ",;、，；") {
		return numericTokens(t)
	}
	return numericTokens(strings.Join(strings.FieldsFunc(t, sep), " "))
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
