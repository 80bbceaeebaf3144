package render

import (
	"fmt"
	"html"
	"image/color"
	"strings"

	"sudoku"
)

// The shapes of constraints in SVG. Colours are written as parsed
// (#rrggbb and an opacity), text escaped: nothing a puzzle file holds
// reaches the document as markup.

// paint returns the attribute for colour c ("fill" or "stroke"), with its
// opacity, or none="none" when c is empty and def is nil.
func paint(attr, c string, def *color.NRGBA) string {
	col, ok := parseColour(c)
	if !ok {
		if def == nil {
			return fmt.Sprintf(` %s="none"`, attr)
		}
		col = *def
	}
	out := fmt.Sprintf(` %s="%s"`, attr, rgbHex(col))
	if col.A != 0xff {
		out += fmt.Sprintf(` %s-opacity="%.3g"`, attr, float64(col.A)/255)
	}
	return out
}

// shades fills the cells of shade shapes.
func (s *svgWriter) shades() {
	for _, sh := range s.p.shades {
		fill := paint("fill", sh.Fill, &greyInk)
		for _, c := range sh.Cells {
			fmt.Fprintf(s.w, `<rect x="%g" y="%g" width="%g" height="%g"%s/>`+"\n", s.ax(float64(c%s.p.n)), s.ay(float64(c/s.p.n)), s.cell, s.cell, fill)
		}
	}
}

// marks draws every other shape, in order.
func (s *svgWriter) marks() {
	for _, sh := range s.p.marks {
		switch sh.Kind {
		case sudoku.ShapeLine, sudoku.ShapeArrow:
			s.line(sh)
		case sudoku.ShapeCircle:
			p := sh.Points[0]
			fmt.Fprintf(s.w, `<circle cx="%.2f" cy="%.2f" r="%.2f"%s%s stroke-width="%.2f"/>`+"\n", s.ax(p.C), s.ay(p.R), sh.Size*s.cell,
				paint("fill", sh.Fill, nil), paint("stroke", sh.Stroke, nil), shapeStroke*s.cell)
		case sudoku.ShapeRect:
			x0, y0, x1, y1 := rectOf(sh)
			fmt.Fprintf(s.w, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f"%s%s stroke-width="%.2f"/>`+"\n", s.ax(x0), s.ay(y0), (x1-x0)*s.cell, (y1-y0)*s.cell,
				paint("fill", sh.Fill, nil), paint("stroke", sh.Stroke, nil), shapeStroke*s.cell)
		case sudoku.ShapeText:
			s.text(sh)
		case sudoku.ShapeCage:
			s.cage(sh)
		}
	}
}

// line draws a line or an arrow: a path with round ends and joins, and
// an arrow's head.
func (s *svgWriter) line(sh sudoku.Shape) {
	var d strings.Builder
	for i, p := range sh.Points {
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&d, "%s%.2f %.2f", cmd, s.ax(p.C), s.ay(p.R))
	}
	if len(sh.Points) == 1 {
		d.WriteString("z") // a dot: the round cap draws it
	}
	if sh.Kind == sudoku.ShapeArrow {
		if tip, a, b, ok := arrowHeadPoints(sh.Points); ok {
			fmt.Fprintf(&d, "M%.2f %.2fL%.2f %.2fL%.2f %.2f", s.ax(a.C), s.ay(a.R), s.ax(tip.C), s.ay(tip.R), s.ax(b.C), s.ay(b.R))
		}
	}
	fmt.Fprintf(s.w, `<path d="%s" fill="none"%s stroke-width="%.2f" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
		d.String(), paint("stroke", sh.Stroke, &greyInk), lineWidthOf(sh)*s.cell)
}

// text writes a text centred on its point, outlined in its stroke colour
// under the fill (a halo) when it has one.
func (s *svgWriter) text(sh sudoku.Shape) {
	p, size := sh.Points[0], textSize(sh)*s.cell
	halo := ""
	if _, ok := parseColour(sh.Stroke); ok {
		halo = paint("stroke", sh.Stroke, nil) + fmt.Sprintf(` stroke-width="%.2f" paint-order="stroke" stroke-linejoin="round"`, size*0.24)
	}
	fmt.Fprintf(s.w, `<text x="%.2f" y="%.2f" font-family="Go, Helvetica, Arial, sans-serif" font-size="%.1f" text-anchor="middle" dominant-baseline="central"%s%s>%s</text>`+"\n",
		s.ax(p.C), s.ay(p.R), size, paint("fill", sh.Fill, &textInk), halo, html.EscapeString(sh.Text))
}

// cage draws a cage shape as a killer cage, in its colour.
func (s *svgWriter) cage(sh sudoku.Shape) {
	k := cageShape(s.p.n, sh)
	attrs := paint("stroke", sh.Stroke, &textInk) + fmt.Sprintf(` stroke-width="%.2f"`, s.cell*cageWidth)
	if sh.Dashed {
		dash := s.cell * cageDash
		attrs += fmt.Sprintf(` stroke-dasharray="%.2f %.2f"`, dash, dash)
	}
	s.path(k.outline, strings.TrimSpace(attrs))
	if k.label == "" {
		return
	}
	fs := s.cell * sumScale
	x, y := s.ax(k.lx), s.ay(k.ly)
	label := html.EscapeString(k.label)
	fmt.Fprintf(s.w, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#fff"/>`+"\n", x, y, fs*0.62*float64(len([]rune(k.label)))+2, fs*1.05)
	fmt.Fprintf(s.w, `<text x="%.2f" y="%.2f" font-family="Go, Helvetica, Arial, sans-serif" font-size="%.1f"%s>%s</text>`+"\n", x+1, y+fs*0.85, fs, paint("fill", sh.Stroke, &textInk), label)
}
