package sudoku

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// This file reads the JSON forms, for Parse and for Grid.UnmarshalJSON. It
// walks the text itself rather than using encoding/json so that errors name
// the line and column.

func init() {
	RegisterForm(Form{Name: FormJSON, Priority: 800, Format: formatJSON, grid: &gridForm{
		detect: jsonDetect, parse: noAnnotation(parseJSONText), start: jsonStart}})
}

// jsonDetect claims a record that starts with { or ", or with [ followed
// by [ " { or null: an array of rows, of strings or of a puzzle object.
func jsonDetect(sig []srcLine) (ok, sure bool) {
	t := sig[0].text
	o := skipSpace(t, 0)
	switch t[o] {
	case '{', '"':
		return true, true
	case '[':
		r := nextSignificant(sig, 0, o+1)
		return r == '[' || r == '"' || r == '{' || r == 'n', true
	}
	return false, false
}

// jsonStart makes a line starting with " (a string holding the line form)
// a record alone, and one starting with { or [ a value that ends when its
// brackets close.
func jsonStart(t string) recordStart {
	switch t[skipSpace(t, 0)] {
	case '"':
		return recordStart{end: endLine}
	case '{', '[':
		return bracketStart(t)
	}
	return recordStart{}
}

// formatJSON writes a board as its BoardJSON object.
func formatJSON(b *Board) (string, error) {
	out, err := json.Marshal(b.JSON())
	return string(out), err
}

// maxJSONDepth bounds the nesting of JSON values skipped inside an object.
const maxJSONDepth = 64

// UnmarshalJSON reads a grid written as JSON: an array of 9 arrays of 9
// integers (0 or null for an empty cell), as MarshalJSON writes it; an
// array of 81 integers; a string holding the 81-character line form; or an
// object whose "puzzle" member is one of these. JSON null leaves g as it
// is. Errors are *ParseError values with positions in b.
//
// UnmarshalJSON checks the shape and the values, not the rules: any Grid,
// even one with two equal digits in a house, round-trips through
// MarshalJSON and UnmarshalJSON. Call Validate, or use Parse, to check the
// rules.
func (g *Grid) UnmarshalJSON(b []byte) error {
	lines := splitLines(string(b), 1)
	c := &cursor{lines: lines}
	c.skipSpace()
	if literal(c.rest(), "null") {
		c.off += 4
		c.skipSpace()
		if c.peek() != eof {
			return c.errorf("unexpected %s after null", c.quote())
		}
		return nil
	}
	var p [81]pos
	v, err := jsonDocument(c, &p)
	if err != nil {
		return err
	}
	*g = v
	return nil
}

// parseJSONText reads a JSON puzzle for Parse.
func parseJSONText(sig []srcLine, p *[81]pos) (Grid, error) {
	c := &cursor{lines: sig}
	c.skipSpace()
	return jsonDocument(c, p)
}

// jsonDocument reads a puzzle value and checks that nothing follows it.
func jsonDocument(c *cursor, p *[81]pos) (Grid, error) {
	g, err := jsonPuzzle(c, p, true)
	if err != nil {
		return Grid{}, err
	}
	c.skipSpace()
	if c.peek() != eof {
		return Grid{}, c.errorf("unexpected %s after the JSON value", c.quote())
	}
	return g, nil
}

// jsonPuzzle reads an array, a string or (when obj) an object holding a
// puzzle.
func jsonPuzzle(c *cursor, p *[81]pos, obj bool) (Grid, error) {
	switch c.peek() {
	case '[':
		return jsonArray(c, p)
	case '"':
		return jsonLine(c, p)
	case '{':
		if obj {
			return jsonObject(c, p)
		}
	}
	return Grid{}, c.errorf("unexpected %s: want a JSON array of 9 arrays of 9 numbers, or a string of 81 cells", c.quote())
}

// jsonArray reads [[...9 numbers], ...9 rows] or [...81 numbers].
func jsonArray(c *cursor, p *[81]pos) (Grid, error) {
	var g Grid
	c.next()
	c.skipSpace()
	if c.peek() == '"' && !isCellString(c.rest()) {
		return jsonRowStrings(c, p)
	}
	if c.peek() != '[' {
		n, err := jsonCells(c, p, &g, 0, 81, "the array")
		if err != nil {
			return Grid{}, err
		}
		if n != 81 {
			return Grid{}, c.errorf("got %d numbers, want 81 (or 9 arrays of 9)", n)
		}
		c.next()
		return g, nil
	}
	err := jsonEachRow(c, '[', "unexpected %s: want '[' to start row %d", func(row int) error {
		c.next()
		n, err := jsonCells(c, p, &g, row*9, 9, "row "+string(rune('1'+row)))
		if err != nil {
			return err
		}
		if n != 9 {
			return c.errorf("row %d has %d numbers, want 9", row+1, n)
		}
		c.next()
		return nil
	})
	if err != nil {
		return Grid{}, err
	}
	return g, nil
}

// jsonEachRow reads the rows of an array whose '[' has been read, up to and
// past its ']': 9 of them, separated by commas, each starting with open
// and read by row (numbered from 0). notOpen words the error when a row
// does not start with open, from the character found and the row's number.
func jsonEachRow(c *cursor, open rune, notOpen string, row func(int) error) error {
	rows := 0
	for {
		c.skipSpace()
		if c.peek() != open {
			return c.errorf(notOpen, c.quote(), rows+1)
		}
		if rows == 9 {
			return c.errorf("a 10th row: want 9 rows")
		}
		if err := row(rows); err != nil {
			return err
		}
		rows++
		c.skipSpace()
		switch c.peek() {
		case ',':
			c.next()
			continue
		case ']':
		default:
			return c.errorf("unexpected %s after row %d: want ',' or ']'", c.quote(), rows)
		}
		break
	}
	if rows != 9 {
		return c.errorf("got %d rows, want 9", rows)
	}
	c.next()
	return nil
}

// isCellString reports whether t starts with a JSON string of at most one
// cell, as in ["5", "", ...], rather than a row such as "53..7....".
func isCellString(t string) bool {
	end := strings.IndexByte(t[1:], '"') + 1
	return end > 0 && len(strings.TrimSpace(t[1:end])) <= 1
}

// jsonRowStrings reads an array of 9 strings of 9 cells, as in
// ["53..7....", "6..195...", ...], whose '[' has been read.
func jsonRowStrings(c *cursor, p *[81]pos) (Grid, error) {
	var g Grid
	err := jsonEachRow(c, '"', "unexpected %s: want a string for row %d", func(row int) error {
		l, off := c.here()
		s, err := jsonString(c)
		if err != nil {
			return err
		}
		s = strings.TrimSpace(s)
		n := 0
		for i := 0; i < len(s); i++ {
			v := cellValue[s[i]]
			if v == notCell {
				return errAt(l, off, "row %d: unexpected %s (%s)", row+1, quoteAt(s, i), cellHint)
			}
			if n < 9 {
				g[row*9+n] = v
				p[row*9+n] = pos{line: l.num, col: colOf(l.text, off) + 1 + n}
			}
			n++
		}
		if n != 9 {
			return errAt(l, off, "row %d has %d cells, want 9", row+1, n)
		}
		return nil
	})
	if err != nil {
		return Grid{}, err
	}
	return g, nil
}

// jsonCells reads the cells of an array whose '[' has been read, up to but
// not past its ']', into g from index at on; it reads at most max cells
// and returns how many there were.
func jsonCells(c *cursor, p *[81]pos, g *Grid, at, max int, what string) (int, error) {
	c.skipSpace()
	if c.peek() == ']' {
		return 0, nil
	}
	n := 0
	for {
		c.skipSpace()
		l, off := c.here()
		v, err := jsonCell(c)
		if err != nil {
			return 0, err
		}
		if n == max {
			return 0, errAt(l, off, "%s has more than %d numbers", what, max)
		}
		g[at+n] = v
		if v != 0 {
			p[at+n] = pos{line: l.num, col: colOf(l.text, off)}
		}
		n++
		c.skipSpace()
		switch c.peek() {
		case ',':
			c.next()
		case ']':
			return n, nil
		default:
			return 0, c.errorf("unexpected %s in %s: want ',' or ']'", c.quote(), what)
		}
	}
}

// jsonCell reads one cell: a number 0..9, null, or a string holding one
// cell character or nothing.
func jsonCell(c *cursor) (uint8, error) {
	l, off := c.here()
	t := c.rest()
	switch r := c.peek(); {
	case literal(t, "null"):
		c.off += 4
		return 0, nil
	case r == '-' || r >= '0' && r <= '9':
		i := 0
		for i < len(t) && strings.IndexByte("+-.eE0123456789", t[i]) >= 0 {
			i++
		}
		c.off += i
		if i == 1 && t[0] >= '0' && t[0] <= '9' {
			return t[0] - '0', nil
		}
		num := t[:i]
		if len(num) > 12 {
			num = num[:12] + "…"
		}
		return 0, errAt(l, off, "%s is not a digit 1-9, or 0 for an empty cell", num)
	case r == '"':
		s, err := jsonString(c)
		if err != nil {
			return 0, err
		}
		if s = strings.TrimSpace(s); s == "" {
			return 0, nil
		}
		if len(s) == 1 && cellValue[s[0]] != notCell {
			return cellValue[s[0]], nil
		}
		return 0, errAt(l, off, "%q is not a cell (%s)", s, cellHint)
	}
	return 0, c.errorf("unexpected %s: want a number", c.quote())
}

// jsonLine reads a string holding the 81-character line form.
func jsonLine(c *cursor, p *[81]pos) (Grid, error) {
	l, off := c.here()
	t := c.rest()
	end := strings.IndexByte(t[1:], '"') + 1
	if end > 0 && !strings.Contains(t[1:end], `\`) {
		// No escapes: read the cells in place, for exact columns.
		inner := srcLine{num: l.num, text: l.text[:off+end]}
		g, ann, err := lineForm(inner, skipSpace(inner.text, off+1), p)
		if err != nil {
			return Grid{}, err
		}
		if ann != "" {
			return Grid{}, errAt(l, strings.LastIndex(inner.text, ann), "unexpected text after the 81 cells in the string")
		}
		c.off += end + 1
		return g, nil
	}
	s, err := jsonString(c)
	if err != nil {
		return Grid{}, err
	}
	g, ann, err := lineForm(srcLine{num: l.num, text: strings.TrimSpace(s)}, 0, p)
	if err == nil && ann != "" {
		err = &ParseError{Msg: "unexpected text after the 81 cells in the string"}
	}
	if err != nil {
		// Columns in the decoded string do not match the text: point at
		// the string.
		pe := err.(*ParseError)
		return Grid{}, errAt(l, off, "in the string: %s", pe.Msg)
	}
	for i := range p {
		p[i] = pos{line: l.num, col: colOf(l.text, off)}
	}
	return g, nil
}

// jsonString reads a JSON string and returns its value.
func jsonString(c *cursor) (string, error) {
	l, off := c.here()
	t := c.rest()
	i := 1
	esc := false
	for ; i < len(t) && t[i] != '"'; i++ {
		if t[i] == '\\' {
			esc = true
			i++
		}
	}
	if i >= len(t) {
		return "", errAt(l, off, "unterminated string")
	}
	c.off += i + 1
	if !esc {
		return t[1:i], nil
	}
	var s string
	if err := json.Unmarshal([]byte(t[:i+1]), &s); err != nil {
		return "", errAt(l, off, "bad string: %v", err)
	}
	return s, nil
}

// jsonObject reads an object and the puzzle in its "puzzle" member.
func jsonObject(c *cursor, p *[81]pos) (Grid, error) {
	l, off := c.here()
	c.next()
	c.skipSpace()
	var g Grid
	found := false
	if c.peek() == '}' {
		c.next()
		return Grid{}, errAt(l, off, `the JSON object has no "puzzle" member`)
	}
	for {
		c.skipSpace()
		if c.peek() != '"' {
			return Grid{}, c.errorf("unexpected %s: want a member name in double quotes", c.quote())
		}
		kl, koff := c.here()
		key, err := jsonString(c)
		if err != nil {
			return Grid{}, err
		}
		c.skipSpace()
		if c.peek() != ':' {
			return Grid{}, c.errorf("unexpected %s: want ':' after the member name", c.quote())
		}
		c.next()
		c.skipSpace()
		if key == "puzzle" {
			if found {
				return Grid{}, errAt(kl, koff, `a second "puzzle" member`)
			}
			found = true
			if g, err = jsonPuzzle(c, p, false); err != nil {
				return Grid{}, err
			}
		} else if err := skipJSON(c, 0); err != nil {
			return Grid{}, err
		}
		c.skipSpace()
		switch c.peek() {
		case ',':
			c.next()
			continue
		case '}':
			c.next()
		default:
			return Grid{}, c.errorf("unexpected %s: want ',' or '}'", c.quote())
		}
		break
	}
	if !found {
		return Grid{}, errAt(l, off, `the JSON object has no "puzzle" member`)
	}
	return g, nil
}

// skipJSON moves past any JSON value.
func skipJSON(c *cursor, depth int) error {
	if depth > maxJSONDepth {
		return c.errorf("JSON nested more than %d deep", maxJSONDepth)
	}
	t := c.rest()
	switch r := c.peek(); {
	case r == '"':
		_, err := jsonString(c)
		return err
	case r == '-' || r >= '0' && r <= '9':
		i := 0
		for i < len(t) && strings.IndexByte("+-.eE0123456789", t[i]) >= 0 {
			i++
		}
		c.off += i
		return nil
	case literal(t, "true"), literal(t, "null"):
		c.off += 4
		return nil
	case literal(t, "false"):
		c.off += 5
		return nil
	case r == '[' || r == '{':
		end := ']'
		if r == '{' {
			end = '}'
		}
		c.next()
		c.skipSpace()
		if c.peek() == end {
			c.next()
			return nil
		}
		for {
			c.skipSpace()
			if r == '{' {
				if c.peek() != '"' {
					return c.errorf("unexpected %s: want a member name in double quotes", c.quote())
				}
				if _, err := jsonString(c); err != nil {
					return err
				}
				c.skipSpace()
				if c.peek() != ':' {
					return c.errorf("unexpected %s: want ':' after the member name", c.quote())
				}
				c.next()
				c.skipSpace()
			}
			if err := skipJSON(c, depth+1); err != nil {
				return err
			}
			c.skipSpace()
			switch c.peek() {
			case ',':
				c.next()
			case end:
				c.next()
				return nil
			default:
				return c.errorf("unexpected %s: want ',' or '%c'", c.quote(), end)
			}
		}
	}
	return c.errorf("unexpected %s: want a JSON value", c.quote())
}

// literal reports whether t starts with the word w, not followed by a
// letter or digit.
func literal(t, w string) bool {
	if !strings.HasPrefix(t, w) {
		return false
	}
	if len(t) == len(w) {
		return true
	}
	b := t[len(w)]
	return !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_')
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
