package sudoku

import "unicode/utf8"

// This file holds the cursor that the readers of the forms with nested
// values (MATLAB, JSON) walk the lines of a record with.

// cursor walks the characters of a list of lines. The end of each line but
// the last reads as '\n'; the end of the last as eof.
type cursor struct {
	lines   []srcLine
	li, off int
}

// eof is what peek returns past the end of the last line.
const eof rune = -1

// peek returns the current character without moving past it.
func (c *cursor) peek() rune {
	if c.li >= len(c.lines) {
		return eof
	}
	t := c.lines[c.li].text
	if c.off >= len(t) {
		if c.li == len(c.lines)-1 {
			return eof
		}
		return '\n'
	}
	if b := t[c.off]; b < utf8.RuneSelf {
		return rune(b)
	}
	r, _ := utf8.DecodeRuneInString(t[c.off:])
	return r
}

// next moves past the character peek returns.
func (c *cursor) next() {
	if c.li >= len(c.lines) {
		return
	}
	t := c.lines[c.li].text
	if c.off >= len(t) {
		c.li++
		c.off = 0
		return
	}
	_, size := utf8.DecodeRuneInString(t[c.off:])
	c.off += size
}

// rest returns the rest of the current line.
func (c *cursor) rest() string {
	if c.li >= len(c.lines) {
		return ""
	}
	return c.lines[c.li].text[c.off:]
}

// here returns the current line and byte offset.
func (c *cursor) here() (srcLine, int) {
	if c.li >= len(c.lines) {
		l := c.lines[len(c.lines)-1]
		return l, len(l.text)
	}
	return c.lines[c.li], c.off
}

// skipLine moves to the end of the current line.
func (c *cursor) skipLine() {
	if c.li < len(c.lines) {
		c.off = len(c.lines[c.li].text)
	}
}

// skipSpace moves past spaces and line ends.
func (c *cursor) skipSpace() {
	for r := c.peek(); r != eof && isSpace(r); r = c.peek() {
		c.next()
	}
}

// quote describes the current character for a message.
func (c *cursor) quote() string {
	switch r := c.peek(); r {
	case eof:
		return "end of text"
	case '\n':
		return "end of line"
	}
	l, off := c.here()
	return quoteAt(l.text, off)
}

// errorf returns a *ParseError at the current place.
func (c *cursor) errorf(format string, args ...any) *ParseError {
	l, off := c.here()
	return errAt(l, off, format, args...)
}
