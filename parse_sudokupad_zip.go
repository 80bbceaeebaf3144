package sudoku

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file reads SudokuPad's zipped JSON, the text its scl links carry
// once decompressed: JSON with its keys unquoted and shortened (ce for
// cells, wp for wayPoints, ...), strings in single quotes (a quote
// inside one escaped as \'), empty objects left out of arrays ([,,] is
// three of them; [] is read as one, as SudokuPad reads it), true and
// false as t and f, and colours unquoted: #0 for black, #F for white,
// six hex digits for the rest (a quoted string of six hex digits also
// becomes a colour). spDecodeJSON reads plain JSON first.

// spZipKeys maps the zipped keys to SudokuPad's own.
var spZipKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
	"w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
	"re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
	"t": "title", "te": "text", "d": "duration", "d2": "d",
}

// spMaxDepth bounds the nesting of a zipped puzzle.
const spMaxDepth = 64

// spDecodeJSON reads a SudokuPad puzzle's text, JSON or zipped, as a
// JSON object.
func spDecodeJSON(text string) (map[string]any, error) {
	var v any
	if err := json.Unmarshal([]byte(text), &v); err == nil {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("the puzzle is JSON but not an object")
		}
		return m, nil
	}
	z := &spZipped{s: text}
	v, err := z.value(0)
	if err == nil {
		z.space()
		if z.i < len(z.s) {
			err = z.errorf("text after the puzzle")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("neither JSON nor SudokuPad's zipped JSON: %w", err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the puzzle is not an object")
	}
	out, err := spLongKeys(m, 0)
	if err != nil {
		return nil, err
	}
	return out.(map[string]any), nil
}

// spLongKeys renames the zipped keys of v at every depth, and makes the
// strings of six hex digits colours.
func spLongKeys(v any, depth int) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if long, ok := spZipKeys[k]; ok {
				if _, dup := v[long]; dup && spZipKeys[long] == "" {
					return nil, fmt.Errorf("zipped keys %q and %q both stand for %q", k, long, long)
				}
				k = long
			}
			y, err := spLongKeys(x, depth+1)
			if err != nil {
				return nil, err
			}
			out[k] = y
		}
		return out, nil
	case []any:
		for i, x := range v {
			y, err := spLongKeys(x, depth+1)
			if err != nil {
				return nil, err
			}
			v[i] = y
		}
	case string:
		if spHex6(v) {
			return "#" + v, nil
		}
	}
	return v, nil
}

// spHex6 reports whether s is six hex digits.
func spHex6(s string) bool {
	if len(s) != 6 {
		return false
	}
	_, err := strconv.ParseUint(s, 16, 32)
	return err == nil
}

// spZipped reads zipped JSON from s.
type spZipped struct {
	s string
	i int
}

func (z *spZipped) errorf(format string, args ...any) error {
	return fmt.Errorf("byte %d: %s", z.i, fmt.Sprintf(format, args...))
}

func (z *spZipped) space() {
	for z.i < len(z.s) && strings.IndexByte(" \t\r\n", z.s[z.i]) >= 0 {
		z.i++
	}
}

// value reads one value.
func (z *spZipped) value(depth int) (any, error) {
	if depth > spMaxDepth {
		return nil, z.errorf("nested more than %d deep", spMaxDepth)
	}
	z.space()
	if z.i >= len(z.s) {
		return nil, z.errorf("the text ends where a value should be")
	}
	switch c := z.s[z.i]; c {
	case '{':
		return z.object(depth)
	case '[':
		return z.array(depth)
	case '\'', '"':
		return z.str(c)
	}
	return z.bare()
}

// object reads {key:value,...}; keys are bare words or strings.
func (z *spZipped) object(depth int) (any, error) {
	z.i++
	out := map[string]any{}
	z.space()
	if z.i < len(z.s) && z.s[z.i] == '}' {
		z.i++
		return out, nil
	}
	for {
		key, err := z.key()
		if err != nil {
			return nil, err
		}
		v, err := z.value(depth + 1)
		if err != nil {
			return nil, err
		}
		out[key] = v
		z.space()
		if z.i >= len(z.s) {
			return nil, z.errorf("the text ends inside an object")
		}
		switch z.s[z.i] {
		case ',':
			z.i++
		case '}':
			z.i++
			return out, nil
		default:
			return nil, z.errorf("%q where , or } should be", z.s[z.i])
		}
	}
}

// key reads a key and its colon.
func (z *spZipped) key() (string, error) {
	z.space()
	var key string
	if z.i < len(z.s) && (z.s[z.i] == '\'' || z.s[z.i] == '"') {
		v, err := z.str(z.s[z.i])
		if err != nil {
			return "", err
		}
		key = v.(string)
	} else {
		start := z.i
		for z.i < len(z.s) && spWordByte(z.s[z.i]) {
			z.i++
		}
		if z.i == start {
			return "", z.errorf("no key")
		}
		key = z.s[start:z.i]
	}
	z.space()
	if z.i >= len(z.s) || z.s[z.i] != ':' {
		return "", z.errorf("no colon after the key %q", key)
	}
	z.i++
	return key, nil
}

func spWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// array reads [value,...], an empty place standing for an empty object.
func (z *spZipped) array(depth int) (any, error) {
	z.i++
	out := []any{}
	for {
		z.space()
		if z.i >= len(z.s) {
			return nil, z.errorf("the text ends inside an array")
		}
		if c := z.s[z.i]; c == ',' || c == ']' {
			out = append(out, map[string]any{}) // an empty place
		} else {
			v, err := z.value(depth + 1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			z.space()
			if z.i >= len(z.s) {
				return nil, z.errorf("the text ends inside an array")
			}
		}
		switch z.s[z.i] {
		case ',':
			z.i++
		case ']':
			z.i++
			return out, nil
		default:
			return nil, z.errorf("%q where , or ] should be", z.s[z.i])
		}
	}
}

// str reads a string quoted with q: JSON's escapes, and \' for a quote.
func (z *spZipped) str(q byte) (any, error) {
	z.i++
	var b strings.Builder
	for z.i < len(z.s) {
		c := z.s[z.i]
		switch {
		case c == q:
			z.i++
			return b.String(), nil
		case c == '\\':
			if err := z.escape(&b); err != nil {
				return nil, err
			}
		default:
			r, size := utf8.DecodeRuneInString(z.s[z.i:])
			b.WriteRune(r)
			z.i += size
		}
	}
	return nil, z.errorf("the text ends inside a string")
}

// escape reads one escape of a string into b.
func (z *spZipped) escape(b *strings.Builder) error {
	if z.i+1 >= len(z.s) {
		return z.errorf("the text ends inside an escape")
	}
	c := z.s[z.i+1]
	z.i += 2
	if r, ok := map[byte]rune{'\'': '\'', '"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[c]; ok {
		b.WriteRune(r)
		return nil
	}
	if c != 'u' || z.i+4 > len(z.s) {
		return z.errorf("unknown escape \\%c", c)
	}
	u, err := strconv.ParseUint(z.s[z.i:z.i+4], 16, 16)
	if err != nil {
		return z.errorf("bad escape \\u%s", z.s[z.i:z.i+4])
	}
	z.i += 4
	r := rune(u)
	if utf16.IsSurrogate(r) && strings.HasPrefix(z.s[z.i:], `\u`) && z.i+6 <= len(z.s) {
		if lo, err := strconv.ParseUint(z.s[z.i+2:z.i+6], 16, 16); err == nil {
			r = utf16.DecodeRune(r, rune(lo))
			z.i += 6
		}
	}
	b.WriteRune(r)
	return nil
}

// bare reads an unquoted value: a number, t, f, true, false, null, #0,
// #F or a colour of six hex digits (with or without #).
func (z *spZipped) bare() (any, error) {
	start := z.i
	for z.i < len(z.s) && strings.IndexByte(",]} \t\r\n", z.s[z.i]) < 0 {
		z.i++
	}
	tok := z.s[start:z.i]
	switch tok {
	case "t", "true":
		return true, nil
	case "f", "false":
		return false, nil
	case "null":
		return nil, nil
	case "#0":
		return "#000000", nil
	case "#F":
		return "#FFFFFF", nil
	}
	if h := strings.TrimPrefix(tok, "#"); spHex6(h) {
		return "#" + h, nil
	}
	if f, err := strconv.ParseFloat(tok, 64); err == nil && strings.IndexAny(tok[:1], "0123456789-.") == 0 && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return f, nil
	}
	z.i = start
	return nil, z.errorf("%q is not a value", spClip(tok, 20))
}

// spClip cuts s to at most k bytes, on a rune boundary, marking a cut.
func spClip(s string, k int) string {
	if len(s) <= k {
		return s
	}
	for k > 0 && !utf8.RuneStart(s[k]) {
		k--
	}
	return s[:k] + "..."
}
