package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"sudoku"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The shapes of constraints in PNG. Each shape is one anti-aliased mask
// in one colour drawn over what is there, so a translucent line is as
// even where its segments meet as along them: every part of a mask is
// wound the same way (a ring's hole the other way), and coverage is
// clamped where parts overlap.

// mask collects the parts of one shape, in pixels.
type mask struct {
	parts [][]vec
	box   image.Rectangle // what the parts may cover
}

type vec struct{ x, y float64 }

// add adds a closed polygon, wound positively (hole: negatively).
func (m *mask) add(pts []vec, hole bool) {
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	if (area < 0) != hole {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	m.parts = append(m.parts, pts)
	for _, p := range pts {
		m.box = m.box.Union(image.Rect(int(math.Floor(p.x)), int(math.Floor(p.y)), int(math.Ceil(p.x))+1, int(math.Ceil(p.y))+1))
	}
}

// disc adds a circle of radius r, or a hole of that shape.
func (m *mask) disc(c vec, r float64, hole bool) {
	steps := max(16, min(96, int(r)))
	pts := make([]vec, steps)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(steps)
		pts[i] = vec{c.x + r*math.Cos(a), c.y + r*math.Sin(a)}
	}
	m.add(pts, hole)
}

// segment adds a straight stroke of width w from a to b with round ends.
func (m *mask) segment(a, b vec, w float64) {
	m.disc(a, w/2, false)
	m.disc(b, w/2, false)
	l := math.Hypot(b.x-a.x, b.y-a.y)
	if l == 0 {
		return
	}
	nx, ny := -(b.y-a.y)/l*w/2, (b.x-a.x)/l*w/2
	m.add([]vec{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, false)
}

// rect adds an axis-aligned rectangle.
func (m *mask) rect(x0, y0, x1, y1 float64, hole bool) {
	m.add([]vec{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, hole)
}

// paint draws the mask in colour c over the image.
func (d *pngDrawer) paint(m *mask, c color.NRGBA) {
	r := m.box.Intersect(d.img.Bounds())
	if r.Empty() || len(m.parts) == 0 {
		return
	}
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, part := range m.parts {
		z.MoveTo(float32(part[0].x-ox), float32(part[0].y-oy))
		for _, p := range part[1:] {
			z.LineTo(float32(p.x-ox), float32(p.y-oy))
		}
		z.ClosePath()
	}
	z.Draw(d.img, r, image.NewUniform(c), image.Point{})
}

// px returns a point of the grid in pixels.
func (d *pngDrawer) px(p sudoku.Point) vec { return vec{d.ax(p.C), d.ay(p.R)} }

// width returns a width in cells as pixels, at least one.
func (d *pngDrawer) width(w float64) float64 { return math.Max(1, w*float64(d.cell)) }

// shades fills the cells of shade shapes.
func (d *pngDrawer) shades() {
	for _, sh := range d.p.shades {
		c, ok := parseColour(sh.Fill)
		if !ok {
			c = greyInk
		}
		for _, cell := range sh.Cells {
			draw.Draw(d.img, d.cellRect(cell, 0), image.NewUniform(c), image.Point{}, draw.Over)
		}
	}
}

// marks draws every other shape, in order.
func (d *pngDrawer) marks() error {
	faces := map[int]font.Face{} // by size in pixels
	defer func() {
		for _, f := range faces {
			f.Close()
		}
	}()
	for _, sh := range d.p.marks {
		switch sh.Kind {
		case sudoku.ShapeLine, sudoku.ShapeArrow:
			d.line(sh)
		case sudoku.ShapeCircle:
			d.circleShape(sh)
		case sudoku.ShapeRect:
			d.rectShape(sh)
		case sudoku.ShapeCage:
			d.cageShape(sh)
		case sudoku.ShapeText:
			if err := d.text(sh, faces); err != nil {
				return err
			}
		}
	}
	return nil
}

// line draws a line or an arrow with round ends and joins.
func (d *pngDrawer) line(sh sudoku.Shape) {
	w := d.width(lineWidthOf(sh))
	var m mask
	for i := range sh.Points {
		j := min(i+1, len(sh.Points)-1)
		m.segment(d.px(sh.Points[i]), d.px(sh.Points[j]), w)
	}
	if sh.Kind == sudoku.ShapeArrow {
		if tip, a, b, ok := arrowHeadPoints(sh.Points); ok {
			m.segment(d.px(tip), d.px(a), w)
			m.segment(d.px(tip), d.px(b), w)
		}
	}
	c, ok := parseColour(sh.Stroke)
	if !ok {
		c = greyInk
	}
	d.paint(&m, c)
}

// circleShape fills a circle, then outlines it.
func (d *pngDrawer) circleShape(sh sudoku.Shape) {
	at, r := d.px(sh.Points[0]), sh.Size*float64(d.cell)
	if c, ok := parseColour(sh.Fill); ok {
		var m mask
		m.disc(at, r, false)
		d.paint(&m, c)
	}
	if c, ok := parseColour(sh.Stroke); ok {
		w := d.width(shapeStroke)
		var m mask
		m.disc(at, r+w/2, false)
		if r > w/2 {
			m.disc(at, r-w/2, true)
		}
		d.paint(&m, c)
	}
}

// rectShape fills a rectangle, then outlines it.
func (d *pngDrawer) rectShape(sh sudoku.Shape) {
	x0, y0, x1, y1 := rectOf(sh)
	a, b := d.px(sudoku.Point{R: y0, C: x0}), d.px(sudoku.Point{R: y1, C: x1})
	if c, ok := parseColour(sh.Fill); ok {
		var m mask
		m.rect(a.x, a.y, b.x, b.y, false)
		d.paint(&m, c)
	}
	if c, ok := parseColour(sh.Stroke); ok {
		h := d.width(shapeStroke) / 2
		var m mask
		m.rect(a.x-h, a.y-h, b.x+h, b.y+h, false)
		if b.x-a.x > 2*h && b.y-a.y > 2*h {
			m.rect(a.x+h, a.y+h, b.x-h, b.y-h, true)
		}
		d.paint(&m, c)
	}
}

// cageShape draws a cage shape as a killer cage, in its colour.
func (d *pngDrawer) cageShape(sh sudoku.Shape) {
	c, ok := parseColour(sh.Stroke)
	if !ok {
		c = textInk
	}
	k := cageShape(d.p.n, sh)
	w := max(1, int(float64(d.cell)*cageWidth+0.5))
	for _, g := range k.outline {
		if !sh.Dashed {
			draw.Draw(d.img, d.axisRect(g, w), image.NewUniform(c), image.Point{}, draw.Over)
			continue
		}
		l := math.Abs(g.x2-g.x1) + math.Abs(g.y2-g.y1)
		for t := 0.0; t < l; t += 2 * cageDash {
			e := math.Min(t+cageDash, l)
			part := segment{g.x1 + (g.x2-g.x1)*t/l, g.y1 + (g.y2-g.y1)*t/l, g.x1 + (g.x2-g.x1)*e/l, g.y1 + (g.y2-g.y1)*e/l}
			draw.Draw(d.img, d.axisRect(part, w), image.NewUniform(c), image.Point{}, draw.Over)
		}
	}
	if k.label != "" {
		d.labelAt(k, c)
	}
}

// labelAt writes a cage shape's label on white in its corner.
func (d *pngDrawer) labelAt(k cageDraw, c color.NRGBA) {
	face, err := d.face(fontFill, sumScale)
	if err != nil {
		return
	}
	defer face.Close()
	x, y := int(d.ax(k.lx)), int(d.ay(k.ly))
	_, adv := font.BoundString(face, k.label)
	h := int(float64(d.cell) * sumScale)
	fill(d.img, image.Rect(x, y, x+adv.Ceil()+2, y+h+2), paper)
	dr := &font.Drawer{Dst: d.img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x+1, y+h)}
	dr.DrawString(k.label)
}

// text writes a text centred on its point, with a halo in its stroke
// colour when it has one.
func (d *pngDrawer) text(sh sudoku.Shape, faces map[int]font.Face) error {
	size := max(4, int(textSize(sh)*float64(d.cell)+0.5))
	face := faces[size]
	if face == nil {
		var err error
		face, err = d.face(fontFill, float64(size)/float64(d.cell))
		if err != nil {
			return err
		}
		faces[size] = face
	}
	at := d.px(sh.Points[0])
	b, _ := font.BoundString(face, sh.Text)
	x := at.x - float64(b.Min.X+b.Max.X)/128
	y := at.y - float64(b.Min.Y+b.Max.Y)/128
	if c, ok := parseColour(sh.Stroke); ok {
		r := math.Max(1, float64(size)*0.12)
		for i := range 12 {
			a := 2 * math.Pi * float64(i) / 12
			d.drawString(face, sh.Text, x+r*math.Cos(a), y+r*math.Sin(a), c)
		}
	}
	c, ok := parseColour(sh.Fill)
	if !ok {
		c = textInk
	}
	d.drawString(face, sh.Text, x, y, c)
	return nil
}

// drawString writes s with its dot at (x, y), in pixels.
func (d *pngDrawer) drawString(face font.Face, s string, x, y float64, c color.NRGBA) {
	dr := &font.Drawer{Dst: d.img, Src: image.NewUniform(c), Face: face, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}}
	dr.DrawString(s)
}
