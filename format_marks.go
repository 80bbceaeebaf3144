package sudoku

import (
	"fmt"
	"strings"
)

// FormatMarks writes each cell's digits as a pencil-mark grid: cells as
// wide as the widest, "." for a cell with none, boxes ruled with | and -
// when the rules have boxes. When every cell holds one digit it matches
// Board.Pretty. (FormatSukaku is the one-line form of the same marks, for
// 9x9 grids.)
func FormatMarks(r *Rules, cells []Digits) string {
	texts := make([]string, len(cells))
	for c, d := range cells {
		texts[c] = d.String()
		if d == 0 {
			texts[c] = "."
		}
	}
	return FormatCells(r, texts)
}

// FormatCells lays out one text a cell, row by row, as FormatMarks does:
// each as wide as the widest, boxes ruled with | and - when the rules
// have boxes.
func FormatCells(r *Rules, texts []string) string {
	width := 1
	for _, t := range texts {
		width = max(width, len(t))
	}
	n := r.Size
	boxed := r.Regions == nil && r.BoxRows > 0
	var sb strings.Builder
	for row := range n {
		if boxed && row > 0 && row%r.BoxRows == 0 {
			sb.WriteString(cellsRule(r, width))
		}
		var line strings.Builder
		for col := range n {
			if col > 0 && boxed && col%r.BoxCols == 0 {
				line.WriteString("| ")
			}
			fmt.Fprintf(&line, "%-*s ", width, texts[row*n+col])
		}
		sb.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return sb.String()
}

// cellsRule is FormatCells' line between two bands of boxes.
func cellsRule(r *Rules, width int) string {
	parts := make([]string, r.Size/r.BoxCols)
	for i := range parts {
		parts[i] = strings.Repeat("-", r.BoxCols*(width+1)+1)
	}
	s := strings.Join(parts, "+")
	return s[1:len(s)-1] + "\n"
}
