package render

import (
	"image/color"

	"sudoku"
)

// The shapes of constraints in PDF, in vector graphics.

// setFill and setDraw set the fill or line colour with its opacity;
// opaque restores full opacity after.
func (d *pdfDrawer) setFill(c color.NRGBA) {
	d.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
	d.pdf.SetAlpha(float64(c.A)/255, "Normal")
}

func (d *pdfDrawer) setDraw(c color.NRGBA) {
	d.pdf.SetDrawColor(int(c.R), int(c.G), int(c.B))
	d.pdf.SetAlpha(float64(c.A)/255, "Normal")
}

func (d *pdfDrawer) opaque() { d.pdf.SetAlpha(1, "Normal") }

// shades fills the cells of shade shapes.
func (d *pdfDrawer) shades() {
	n := d.p.n
	for _, sh := range d.p.shades {
		c, ok := parseColour(sh.Fill)
		if !ok {
			c = greyInk
		}
		d.setFill(c)
		for _, cell := range sh.Cells {
			d.pdf.Rect(d.px(float64(cell%n)), d.py(float64(cell/n)), d.cell, d.cell, "F")
		}
	}
	d.opaque()
}

// marks draws every other shape, in order.
func (d *pdfDrawer) marks() {
	for _, sh := range d.p.marks {
		switch sh.Kind {
		case sudoku.ShapeLine, sudoku.ShapeArrow:
			d.line(sh)
		case sudoku.ShapeCircle:
			p := sh.Points[0]
			d.outlined(sh, func(style string) { d.pdf.Circle(d.px(p.C), d.py(p.R), sh.Size*d.cell, style) })
		case sudoku.ShapeRect:
			x0, y0, x1, y1 := rectOf(sh)
			d.outlined(sh, func(style string) { d.pdf.Rect(d.px(x0), d.py(y0), (x1-x0)*d.cell, (y1-y0)*d.cell, style) })
		case sudoku.ShapeText:
			d.text(sh)
		case sudoku.ShapeCage:
			d.cageShape(sh)
		}
	}
	d.opaque()
	d.pdf.SetDashPattern(nil, 0)
}

// outlined draws a shape filled, then outlined, in its colours.
func (d *pdfDrawer) outlined(sh sudoku.Shape, draw func(style string)) {
	if c, ok := parseColour(sh.Fill); ok {
		d.setFill(c)
		draw("F")
	}
	if c, ok := parseColour(sh.Stroke); ok {
		d.setDraw(c)
		d.pdf.SetLineWidth(shapeStroke * d.cell)
		draw("D")
	}
	d.opaque()
}

// line draws a line or an arrow with round ends and joins.
func (d *pdfDrawer) line(sh sudoku.Shape) {
	pdf := d.pdf
	c, ok := parseColour(sh.Stroke)
	if !ok {
		c = greyInk
	}
	d.setDraw(c)
	pdf.SetLineWidth(lineWidthOf(sh) * d.cell)
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	for i, p := range sh.Points {
		if i == 0 {
			pdf.MoveTo(d.px(p.C), d.py(p.R))
		}
		pdf.LineTo(d.px(p.C), d.py(p.R))
	}
	if sh.Kind == sudoku.ShapeArrow {
		if tip, a, b, ok := arrowHeadPoints(sh.Points); ok {
			pdf.MoveTo(d.px(a.C), d.py(a.R))
			pdf.LineTo(d.px(tip.C), d.py(tip.R))
			pdf.LineTo(d.px(b.C), d.py(b.R))
		}
	}
	pdf.DrawPath("D")
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
	d.opaque()
}

// text writes a text centred on its point, with a halo in its stroke
// colour when it has one.
func (d *pdfDrawer) text(sh sudoku.Shape) {
	pdf := d.pdf
	size := textSize(sh) * d.cell // mm
	pdf.SetFont("Helvetica", "", size/25.4*72)
	s := pdf.UnicodeTranslatorFromDescriptor("")(sh.Text)
	p := sh.Points[0]
	x, y := d.px(p.C)-pdf.GetStringWidth(s)/2, d.py(p.R)+size*0.36
	if c, ok := parseColour(sh.Stroke); ok {
		d.setDraw(c)
		pdf.SetLineWidth(size * 0.24)
		pdf.SetLineJoinStyle("round")
		pdf.SetTextRenderingMode(1)
		pdf.Text(x, y, s)
		pdf.SetTextRenderingMode(0)
		pdf.SetLineJoinStyle("miter")
	}
	c, ok := parseColour(sh.Fill)
	if !ok {
		c = textInk
	}
	pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
	pdf.SetAlpha(float64(c.A)/255, "Normal")
	pdf.Text(x, y, s)
	d.opaque()
}

// cageShape draws a cage shape as a killer cage, in its colour.
func (d *pdfDrawer) cageShape(sh sudoku.Shape) {
	pdf := d.pdf
	c, ok := parseColour(sh.Stroke)
	if !ok {
		c = textInk
	}
	k := cageShape(d.p.n, sh)
	d.setDraw(c)
	pdf.SetLineWidth(d.cell * cageWidth)
	if sh.Dashed {
		pdf.SetDashPattern([]float64{d.cell * cageDash, d.cell * cageDash}, 0)
	}
	for _, g := range k.outline {
		pdf.Line(d.px(g.x1), d.py(g.y1), d.px(g.x2), d.py(g.y2))
	}
	pdf.SetDashPattern(nil, 0)
	d.opaque()
	if k.label == "" {
		return
	}
	label := pdf.UnicodeTranslatorFromDescriptor("")(k.label)
	pdf.SetFont("Helvetica", "", d.cell*sumScale/25.4*72)
	pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
	pdf.SetFillColor(255, 255, 255)
	pdf.SetXY(d.px(k.lx), d.py(k.ly))
	pdf.CellFormat(pdf.GetStringWidth(label)+d.cell*0.04, d.cell*sumScale*1.1, label, "", 0, "LM", true, 0, "")
}
