package render

import (
	"bufio"
	"fmt"
	"html"
	"image/color"
	"io"
	"strings"

	"sudoku"
)

// SVG writes the board as a standalone SVG document, cells of o.CellSize
// user units; it scales without loss when printed.
func SVG(w io.Writer, b *Board, o Options) error {
	cell, err := o.cell()
	if err != nil {
		return err
	}
	p, err := newPlan(b, o)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	m := float64(margin(cell))
	s := &svgWriter{w: bw, p: p, cell: float64(cell), m: m, ox: m - p.view.x0*float64(cell), oy: m - p.view.y0*float64(cell)}
	s.write()
	return bw.Flush()
}

type svgWriter struct {
	w    *bufio.Writer
	p    *plan
	cell float64 // pixels per cell
	m    float64 // margin
	ox   float64 // where the grid's left edge is, in pixels
	oy   float64 // where its top edge is
}

// ax and ay map a coordinate in cell units, along columns and rows, to
// pixels.
func (s *svgWriter) ax(v float64) float64 { return s.ox + v*s.cell }
func (s *svgWriter) ay(v float64) float64 { return s.oy + v*s.cell }

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func (s *svgWriter) write() {
	p, w := s.p, s.w
	width := int(2*s.m + p.view.w()*s.cell)
	side := int(2*s.m + p.view.h()*s.cell)
	height := side
	if p.legend != "" {
		height += int(s.cell * 0.6)
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`+"\n", width, height, width, height)
	fmt.Fprintf(w, "<title>%s</title>\n", html.EscapeString(p.title))
	fmt.Fprintf(w, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", width, height)
	s.shading()
	s.shades()
	s.diagonals()
	s.lines()
	s.walls()
	s.cages()
	s.marks()
	s.digits()
	if p.legend != "" {
		fmt.Fprintf(w, `<text x="%g" y="%g" font-family="Go, Helvetica, Arial, sans-serif" font-size="%.1f" fill="#111">%s</text>`+"\n",
			s.m, float64(side)+s.cell*0.25, s.cell*0.32, html.EscapeString(p.legend))
	}
	fmt.Fprintln(w, "</svg>")
}

// shading fills windoku boxes and extra regions, and draws odd circles and
// even squares.
func (s *svgWriter) shading() {
	p := s.p
	for c, on := range p.shade {
		if on {
			fmt.Fprintf(s.w, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`+"\n", s.ax(float64(c%p.n)), s.ay(float64(c/p.n)), s.cell, s.cell, hex(shadeInk))
		}
	}
	for c, par := range p.parity {
		x, y := s.ax(float64(c%p.n)+0.5), s.ay(float64(c/p.n)+0.5)
		switch par {
		case sudoku.Odd:
			fmt.Fprintf(s.w, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`+"\n", x, y, s.cell*0.4, hex(markInk))
		case sudoku.Even:
			fmt.Fprintf(s.w, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`+"\n", x-s.cell*0.38, y-s.cell*0.38, s.cell*0.76, s.cell*0.76, hex(markInk))
		}
	}
}

func (s *svgWriter) diagonals() {
	n := float64(s.p.n)
	for _, d := range []sudoku.Diagonals{sudoku.DiagDown, sudoku.DiagUp} {
		if s.p.diag&d == 0 {
			continue
		}
		y1, y2 := 0.0, n
		if d == sudoku.DiagUp {
			y1, y2 = n, 0
		}
		fmt.Fprintf(s.w, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%.2f"/>`+"\n", s.ax(0), s.ay(y1), s.ax(n), s.ay(y2), hex(diagInk), s.cell*diagWidth)
	}
}

// lines draws the grid: thin lines between cells, thick ones around boxes
// and the grid.
func (s *svgWriter) lines() {
	p := s.p
	thick := s.cell * boxWidth
	endX, endY := s.ox+float64(p.n)*s.cell+thick/2, s.oy+float64(p.n)*s.cell+thick/2
	for i := 0; i <= p.n; i++ {
		px, py := int(s.ox)+i*int(s.cell), int(s.oy)+i*int(s.cell)
		fmt.Fprintf(s.w, `<line x1="%d" y1="%g" x2="%d" y2="%g" stroke="#111" stroke-width="%.2f"/>`+"\n", px, s.oy-thick/2, px, endY, s.cell*p.lineWidth(i, p.boxCols))
		fmt.Fprintf(s.w, `<line x1="%g" y1="%d" x2="%g" y2="%d" stroke="#111" stroke-width="%.2f"/>`+"\n", s.ox-thick/2, py, endX, py, s.cell*p.lineWidth(i, p.boxRows))
	}
}

// path writes segments as one path.
func (s *svgWriter) path(segs []segment, attrs string) {
	if len(segs) == 0 {
		return
	}
	var d strings.Builder
	for _, g := range segs {
		fmt.Fprintf(&d, "M%.2f %.2fL%.2f %.2f", s.ax(g.x1), s.ay(g.y1), s.ax(g.x2), s.ay(g.y2))
	}
	fmt.Fprintf(s.w, `<path d="%s" fill="none" %s/>`+"\n", d.String(), attrs)
}

func (s *svgWriter) walls() {
	s.path(s.p.walls, fmt.Sprintf(`stroke="#111" stroke-width="%.2f" stroke-linecap="square"`, s.cell*boxWidth))
}

func (s *svgWriter) cages() {
	dash := s.cell * cageDash
	for _, k := range s.p.cages {
		s.path(k.outline, fmt.Sprintf(`stroke="%s" stroke-width="%.2f" stroke-dasharray="%.2f %.2f"`, hex(cageInk), s.cell*cageWidth, dash, dash))
	}
	for _, k := range s.p.cages {
		if k.label == "" {
			continue
		}
		fs := s.cell * sumScale
		x, y := s.ax(k.lx), s.ay(k.ly)
		fmt.Fprintf(s.w, `<rect x="%g" y="%g" width="%.2f" height="%.2f" fill="#fff"/>`+"\n", x, y, fs*0.62*float64(len(k.label))+2, fs*1.05)
		fmt.Fprintf(s.w, `<text x="%.2f" y="%.2f" font-family="Go, Helvetica, Arial, sans-serif" font-size="%.1f" fill="#111">%s</text>`+"\n", x+1, y+fs*0.85, fs, k.label)
	}
}

func (s *svgWriter) digits() {
	p := s.p
	fmt.Fprintf(s.w, `<g font-family="Go, Helvetica, Arial, sans-serif" font-size="%.1f" text-anchor="middle" dominant-baseline="central">`+"\n", s.cell*0.62)
	for c, cd := range p.digits {
		if cd.d == 0 {
			continue
		}
		style := `fill="#1f5fd0"`
		if cd.given {
			style = `fill="#111" font-weight="bold"`
		}
		if sc := p.fontScale(cd.d); sc != 0.62 {
			style += fmt.Sprintf(` font-size="%.1f"`, s.cell*sc)
		}
		x, y := s.ax(float64(c%p.n)+0.5), s.ay(float64(c/p.n)+0.5)
		fmt.Fprintf(s.w, `<text x="%g" y="%g" %s>%s</text>`+"\n", x, y, style, p.text(cd.d))
	}
	fmt.Fprint(s.w, "</g>\n")
}
