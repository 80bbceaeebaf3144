package sudoku

import (
	"fmt"
	"slices"
)

// This file reads the printed forms: 9 rows of 9 cells, with or without box
// separators, and the free layouts of 81 cells.

func init() {
	RegisterForm(Form{Name: FormGrid, Priority: 1000, Format: func(b *Board) (string, error) { return b.Pretty(), nil },
		grid: &gridForm{detect: blockDetect, parse: noAnnotation(parseBlock), start: blockStart}})
}

// blockDetect claims any record: the printed rows are the last form tried,
// and their errors are those of text no other form claims.
func blockDetect([]srcLine) (ok, sure bool) {
	return true, true
}

// blockStart starts a record of printed rows on any line: a row of cells,
// a separator line (rules only), or, with more than 9 cells, a one-line
// puzzle.
func blockStart(t string) recordStart {
	n, sep := countCells(t)
	if sep {
		return recordStart{end: endRows, sep: true}
	}
	return rowsStart(n, false)
}

// blockCell is one cell of a printed row: its value and its 1-based column
// in characters.
type blockCell struct {
	col int
	v   uint8
}

// blockRow is a line of a printed grid that holds cells.
type blockRow struct {
	l     srcLine
	cells []blockCell
}

// isRuleRune reports whether r draws boxes in a printed grid: ASCII | + = :
// and ¦, and the Unicode box-drawing characters (│ ─ ┼ ║ ═ ╬ ┌ and so on).
// The marks - _ * also draw rules, but in a row they are empty cells.
func isRuleRune(r rune) bool {
	switch r {
	case '|', '+', '=', ':', '¦':
		return true
	}
	return r >= 0x2500 && r <= 0x257f
}

// scanBlockLine reads the cells of one line of a printed grid. A line with
// no digit and no '.' (made of rules, - _ * and spaces) is a separator.
func scanBlockLine(l srcLine) (cells []blockCell, sep bool, err error) {
	marks := false
	col := 0
	for off, r := range l.text {
		col++
		switch {
		case r >= '0' && r <= '9':
			cells = append(cells, blockCell{col, uint8(r - '0')})
			marks = true
		case r == '.':
			cells = append(cells, blockCell{col, 0})
			marks = true
		case r == '-' || r == '_' || r == '*':
			cells = append(cells, blockCell{col, 0})
		case isSpace(r) || isRuleRune(r):
		default:
			return nil, false, errAt(l, off, "unexpected %s (%s)", quoteAt(l.text, off), cellHint)
		}
	}
	return cells, !marks, nil
}

// parseBlock reads a printed grid from the significant lines sig.
func parseBlock(sig []srcLine, p *[81]pos) (Grid, error) {
	var rows []blockRow
	for _, l := range sig {
		cells, sep, err := scanBlockLine(l)
		if err != nil {
			return Grid{}, err
		}
		if !sep {
			rows = append(rows, blockRow{l, cells})
		}
	}
	if len(rows) == 0 {
		return Grid{}, &ParseError{Line: sig[0].num, Msg: "no cells, only separator lines"}
	}
	var g Grid
	set := func(i int, l srcLine, c blockCell) {
		g[i] = c.v
		p[i] = pos{line: l.num, col: c.col}
	}
	total, all9, marked := 0, true, false
	for _, r := range rows {
		total += len(r.cells)
		all9 = all9 && len(r.cells) == 9
		for _, c := range r.cells {
			marked = marked || c.v == 0
		}
	}
	if len(rows) == 9 {
		for ri, r := range rows {
			if len(r.cells) > 9 {
				return Grid{}, &ParseError{Line: r.l.num, Col: r.cells[9].col,
					Msg: fmt.Sprintf("row %d has %d cells, want 9", ri+1, len(r.cells))}
			}
		}
		// Blanks are empty cells only in a grid that marks no empty cell
		// otherwise: where 0 or . are used, a short row lacks cells.
		tmpls := blankTemplates(rows)
		for ri, r := range rows {
			idx := make([]int, len(r.cells))
			if len(r.cells) < 9 {
				var ok bool
				if idx, ok = blankLayout(r, tmpls); marked || !ok {
					return Grid{}, &ParseError{Line: r.l.num,
						Msg: fmt.Sprintf("row %d has %d cells, want 9 (write 0 or . for an empty cell)", ri+1, len(r.cells))}
				}
			} else {
				for k := range idx {
					idx[k] = k
				}
			}
			for k, c := range r.cells {
				set(ri*9+idx[k], r.l, c)
			}
		}
		return g, nil
	}
	if total == 81 {
		i := 0
		for _, r := range rows {
			for _, c := range r.cells {
				set(i, r.l, c)
				i++
			}
		}
		return g, nil
	}
	switch {
	case len(rows) == 1:
		return Grid{}, &ParseError{Line: rows[0].l.num, Msg: fmt.Sprintf("got %d cells, want 81", total)}
	case all9:
		return Grid{}, &ParseError{Line: rows[0].l.num,
			Msg: fmt.Sprintf("got %d rows of 9 cells, want 9 rows", len(rows))}
	}
	return Grid{}, &ParseError{Line: rows[0].l.num,
		Msg: fmt.Sprintf("got %d cells in %d rows, want 81 in 9 rows of 9", total, len(rows))}
}

// blankTemplates returns the candidate cell columns of a fixed-width layout
// where blanks are empty cells: the columns of the first row with 9 cells,
// and the union of the columns of all rows when it counts exactly 9.
func blankTemplates(rows []blockRow) [][]int {
	var tmpls [][]int
	for _, r := range rows {
		if len(r.cells) == 9 {
			t := make([]int, 9)
			for k, c := range r.cells {
				t[k] = c.col
			}
			tmpls = append(tmpls, t)
			break
		}
	}
	var union []int
	for _, r := range rows {
		for _, c := range r.cells {
			if !slices.Contains(union, c.col) {
				if len(union) == 9 {
					return tmpls
				}
				union = append(union, c.col)
			}
		}
	}
	if len(union) == 9 {
		slices.Sort(union)
		tmpls = append(tmpls, union)
	}
	return tmpls
}

// blankLayout places the cells of a row holding fewer than 9 marks, reading
// blanks as empty cells: on the columns of a template, or else, in the plain
// layout of 9 characters a row ("53  7    ", also "53 | 7 |   " with the
// rules removed), by the place of each character. It returns the index in
// the row of each cell.
func blankLayout(r blockRow, tmpls [][]int) ([]int, bool) {
	idx := make([]int, len(r.cells))
next:
	for _, t := range tmpls {
		for k, c := range r.cells {
			i, ok := slices.BinarySearch(t, c.col)
			if !ok {
				continue next
			}
			idx[k] = i
		}
		return idx, true
	}
	// Plain layout: every character that is not a rule is a place.
	place, k, col := 0, 0, 0
	for _, ch := range r.l.text {
		col++
		if isRuleRune(ch) {
			continue
		}
		if k < len(r.cells) && r.cells[k].col == col {
			if place >= 9 {
				return nil, false
			}
			idx[k] = place
			k++
		}
		place++
	}
	return idx, k == len(r.cells)
}

// countCells counts the cells of a line of a printed grid; sep reports a
// separator line (no digit, '.' or other mark).
func countCells(t string) (n int, sep bool) {
	marks := false
	for _, r := range t {
		switch {
		case r == '-' || r == '_' || r == '*':
			n++
		case isSpace(r) || isRuleRune(r):
		default:
			n++
			marks = true
		}
	}
	return n, !marks
}
