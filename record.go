package sudoku

import "strings"

// This file holds what a form tells a Scanner about where a record that
// starts on a line ends (gridForm.start), and the rules the classic forms
// share for it.

// recordEnd says where a record ends in a stream.
type recordEnd int

const (
	endNone     recordEnd = iota // no record starts (or none is being gathered)
	endLine                      // the line alone is the record
	endBrackets                  // when its brackets close (a JSON or MATLAB value)
	endRows                      // after 9 rows or 81 cells; a separator line right after belongs to it
	endBlank                     // at a blank line (a MATLAB clue list without brackets)
)

// recordStart is how a record starts on a line: where it ends, and what
// the line holds for the Scanner to count.
type recordStart struct {
	end     recordEnd
	depth   int  // endBrackets: the bracket depth after the line
	bracket bool // endBrackets: the line holds a bracket
	cells   int  // endRows, endBlank: the cells on the line
	sep     bool // endRows: a separator line (rules, no cells)
}

// bracketStart is the start of a record on a line that opens a value in
// brackets (or a MATLAB assignment): the line alone when its brackets
// close on it, or when it has none but two rows separated by semicolons.
func bracketStart(t string) recordStart {
	d, any := bracketDepth(t)
	if any && d <= 0 || !any && semicolonRows(t) >= 2 {
		return recordStart{end: endLine}
	}
	return recordStart{end: endBrackets, depth: d, bracket: any}
}

// rowsStart is the start of a record on a line of n cells or numbers: a
// row of a printed grid or matrix, a clue of a clue list, or, with more
// than 9 cells (and not 27, a third of a free layout), a one-line puzzle,
// good or malformed, which must not swallow the lines after it.
func rowsStart(n int, clue bool) recordStart {
	switch {
	case n > 9 && n != 27:
		return recordStart{end: endLine}
	case clue:
		return recordStart{end: endBlank, cells: n}
	}
	return recordStart{end: endRows, cells: n}
}

// bracketDepth returns the change of bracket depth over a line and whether
// it holds a bracket, skipping JSON strings and stopping at a % comment.
func bracketDepth(t string) (delta int, any bool) {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '[', '{':
			delta++
			any = true
		case ']', '}':
			delta--
			any = true
		case '"':
			for i++; i < len(t) && t[i] != '"'; i++ {
				if t[i] == '\\' {
					i++
				}
			}
		case '%':
			return delta, any
		case 0xef: // ［ U+FF3B and ］ U+FF3D are EF BC BB and EF BC BD
			if strings.HasPrefix(t[i:], "［") {
				delta++
				any = true
			} else if strings.HasPrefix(t[i:], "］") {
				delta--
				any = true
			}
		}
	}
	return delta, any
}
