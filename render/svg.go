package render

import (
	"bufio"
	"fmt"
	"html"
	"io"

	"sudoku"
)

// SVG writes the board as a standalone SVG document, cells of o.CellSize
// user units; it scales without loss when printed.
func SVG(w io.Writer, b *Board, o Options) error {
	cell, err := o.cell()
	if err != nil {
		return err
	}
	m := margin(cell)
	side := 9*cell + 2*m
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`+"\n", side, side, side, side)
	title := b.Caption
	if title == "" {
		title = "Sudoku " + b.Puzzle.Line('.')
	}
	fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(title))
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", side, side)
	thin, thick := float64(cell)*thinWidth, float64(cell)*boxWidth
	for i := 0; i <= 9; i++ {
		sw := thin
		if i%3 == 0 {
			sw = thick
		}
		p := m + i*cell
		fmt.Fprintf(bw, `<line x1="%d" y1="%g" x2="%d" y2="%g" stroke="#111" stroke-width="%.2f"/>`+"\n", p, float64(m)-thick/2, p, float64(m+9*cell)+thick/2, sw)
		fmt.Fprintf(bw, `<line x1="%g" y1="%d" x2="%g" y2="%d" stroke="#111" stroke-width="%.2f"/>`+"\n", float64(m)-thick/2, p, float64(m+9*cell)+thick/2, p, sw)
	}
	fmt.Fprintf(bw, `<g font-family="Go, Helvetica, Arial, sans-serif" font-size="%.1f" text-anchor="middle" dominant-baseline="central">`+"\n", float64(cell)*0.62)
	for c := range sudoku.Cell(81) {
		d, given := b.digitAt(c)
		if d == 0 {
			continue
		}
		style := `fill="#1f5fd0"`
		if given {
			style = `fill="#111" font-weight="bold"`
		}
		x, y := float64(m)+(float64(c.Col())+0.5)*float64(cell), float64(m)+(float64(c.Row())+0.5)*float64(cell)
		fmt.Fprintf(bw, `<text x="%g" y="%g" %s>%d</text>`+"\n", x, y, style, d)
	}
	fmt.Fprintln(bw, "</g>\n</svg>")
	return bw.Flush()
}
