package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"sync"

	"sudoku"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

var (
	fontsOnce           sync.Once
	fontGiven, fontFill *opentype.Font
)

func loadFonts() {
	fontsOnce.Do(func() {
		// The Go fonts are embedded in the x/image module: parsing them
		// cannot fail.
		fontGiven, _ = opentype.Parse(gobold.TTF)
		fontFill, _ = opentype.Parse(goregular.TTF)
	})
}

// maxPixels bounds the image a board may make (a 25x25 grid of 200-pixel
// cells would be 25 million pixels).
const maxPixels = 16 << 20

// Image draws the board as an image, cells of o.CellSize pixels.
func Image(b *Board, o Options) (*image.RGBA, error) {
	cell, err := o.cell()
	if err != nil {
		return nil, err
	}
	p, err := newPlan(b, o)
	if err != nil {
		return nil, err
	}
	m := margin(cell)
	width := int(p.view.w())*cell + 2*m
	side := int(p.view.h())*cell + 2*m
	height := side
	if p.legend != "" {
		height += cell * 6 / 10
	}
	if width*height > maxPixels {
		return nil, errTooBig(width, height)
	}
	loadFonts()
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	d := &pngDrawer{img: img, p: p, cell: cell, m: m, mx: m - int(p.view.x0)*cell, my: m - int(p.view.y0)*cell}
	d.shading()
	d.shades()
	d.diagonals()
	d.lines()
	d.walls()
	d.cages()
	if err := d.marks(); err != nil {
		return nil, err
	}
	if err := d.digits(); err != nil {
		return nil, err
	}
	if err := d.legend(side); err != nil {
		return nil, err
	}
	return img, nil
}

// PNG writes the board as a PNG image.
func PNG(w io.Writer, b *Board, o Options) error {
	img, err := Image(b, o)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// margin is the white border around the grid.
func margin(cell int) int { return max(cell/4, 4) }

type pngDrawer struct {
	img  *image.RGBA
	p    *plan
	cell int
	m    int // the margin
	mx   int // where the grid's left edge is, in pixels
	my   int // where its top edge is
}

// ax and ay map a coordinate in cell units, along columns and rows, to
// pixels.
func (d *pngDrawer) ax(v float64) float64 { return float64(d.mx) + v*float64(d.cell) }
func (d *pngDrawer) ay(v float64) float64 { return float64(d.my) + v*float64(d.cell) }

func (d *pngDrawer) cellRect(c int, inset float64) image.Rectangle {
	x, y := d.ax(float64(c%d.p.n)), d.ay(float64(c/d.p.n))
	k := inset * float64(d.cell)
	return image.Rect(int(x+k+0.5), int(y+k+0.5), int(x+float64(d.cell)-k+0.5), int(y+float64(d.cell)-k+0.5))
}

func (d *pngDrawer) shading() {
	for c, on := range d.p.shade {
		if on {
			fill(d.img, d.cellRect(c, 0), shadeInk)
		}
	}
	for c, par := range d.p.parity {
		switch par {
		case sudoku.Odd:
			x, y := d.ax(float64(c%d.p.n)+0.5), d.ay(float64(c/d.p.n)+0.5)
			d.circle(x, y, 0.4*float64(d.cell), markInk)
		case sudoku.Even:
			fill(d.img, d.cellRect(c, 0.12), markInk)
		}
	}
}

// circle fills a disc, anti-aliased.
func (d *pngDrawer) circle(cx, cy, r float64, c color.RGBA) {
	z := vector.NewRasterizer(d.img.Bounds().Dx(), d.img.Bounds().Dy())
	const steps = 48
	for i := 0; i <= steps; i++ {
		a := 2 * math.Pi * float64(i) / steps
		x, y := float32(cx+r*math.Cos(a)), float32(cy+r*math.Sin(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
	z.Draw(d.img, d.img.Bounds(), image.NewUniform(c), image.Point{})
}

// stroke draws a straight line of width w, anti-aliased.
func (d *pngDrawer) stroke(x1, y1, x2, y2, w float64, c color.RGBA) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	z := vector.NewRasterizer(d.img.Bounds().Dx(), d.img.Bounds().Dy())
	z.MoveTo(float32(x1+nx), float32(y1+ny))
	z.LineTo(float32(x2+nx), float32(y2+ny))
	z.LineTo(float32(x2-nx), float32(y2-ny))
	z.LineTo(float32(x1-nx), float32(y1-ny))
	z.ClosePath()
	z.Draw(d.img, d.img.Bounds(), image.NewUniform(c), image.Point{})
}

func (d *pngDrawer) diagonals() {
	n := float64(d.p.n)
	w := max(1, diagWidth*float64(d.cell))
	if d.p.diag&sudoku.DiagDown != 0 {
		d.stroke(d.ax(0), d.ay(0), d.ax(n), d.ay(n), w, diagInk)
	}
	if d.p.diag&sudoku.DiagUp != 0 {
		d.stroke(d.ax(0), d.ay(n), d.ax(n), d.ay(0), w, diagInk)
	}
}

// lines draws the cell lines, then the thicker box lines.
func (d *pngDrawer) lines() {
	cell, mx, my, n := d.cell, d.mx, d.my, d.p.n
	thin := max(1, int(float64(cell)*thinWidth+0.5))
	thick := max(thin+1, int(float64(cell)*boxWidth+0.5))
	width := func(i, box int) int {
		if d.p.lineWidth(i, box) == boxWidth {
			return thick
		}
		return thin
	}
	for i := 0; i <= n; i++ {
		wv, wh := width(i, d.p.boxCols), width(i, d.p.boxRows)
		px, py := mx+i*cell, my+i*cell
		fill(d.img, image.Rect(px-wv/2, my-thick/2, px-wv/2+wv, my+n*cell+(thick+1)/2), ink)
		fill(d.img, image.Rect(mx-thick/2, py-wh/2, mx+n*cell+(thick+1)/2, py-wh/2+wh), ink)
	}
}

// axisRect returns the rectangle of an axis-aligned segment of width w
// pixels.
func (d *pngDrawer) axisRect(g segment, w int) image.Rectangle {
	x1, y1, x2, y2 := d.ax(g.x1), d.ay(g.y1), d.ax(g.x2), d.ay(g.y2)
	h := float64(w) / 2
	if x1 == x2 {
		return image.Rect(int(x1-h+0.5), int(min(y1, y2)-h+0.5), int(x1-h+0.5)+w, int(max(y1, y2)+h+0.5))
	}
	return image.Rect(int(min(x1, x2)-h+0.5), int(y1-h+0.5), int(max(x1, x2)+h+0.5), int(y1-h+0.5)+w)
}

func (d *pngDrawer) walls() {
	thick := max(2, int(float64(d.cell)*boxWidth+0.5))
	for _, g := range d.p.walls {
		fill(d.img, d.axisRect(g, thick), ink)
	}
}

// cages draws each cage's outline dashed, and its sum.
func (d *pngDrawer) cages() {
	w := max(1, int(float64(d.cell)*cageWidth+0.5))
	dash := cageDash
	for _, k := range d.p.cages {
		for _, g := range k.outline {
			l := math.Abs(g.x2-g.x1) + math.Abs(g.y2-g.y1)
			for t := 0.0; t < l; t += 2 * dash {
				e := math.Min(t+dash, l)
				part := segment{g.x1 + (g.x2-g.x1)*t/l, g.y1 + (g.y2-g.y1)*t/l, g.x1 + (g.x2-g.x1)*e/l, g.y1 + (g.y2-g.y1)*e/l}
				fill(d.img, d.axisRect(part, w), cageInk)
			}
		}
	}
}

func (d *pngDrawer) face(f *opentype.Font, scale float64) (font.Face, error) {
	return opentype.NewFace(f, &opentype.FaceOptions{Size: float64(d.cell) * scale, DPI: 72, Hinting: font.HintingFull})
}

func (d *pngDrawer) digits() error {
	faces := map[[2]int]font.Face{} // given, scale per mille
	defer func() {
		for _, f := range faces {
			f.Close()
		}
	}()
	for c, cd := range d.p.digits {
		if cd.d == 0 {
			continue
		}
		sc := d.p.fontScale(cd.d)
		key := [2]int{0, int(sc * 1000)}
		f, col := fontFill, fillInk
		if cd.given {
			key[0], f, col = 1, fontGiven, ink
		}
		face := faces[key]
		if face == nil {
			var err error
			if face, err = d.face(f, sc); err != nil {
				return err
			}
			faces[key] = face
		}
		drawText(d.img, face, col, d.p.text(cd.d), d.mx+c%d.p.n*d.cell, d.my+c/d.p.n*d.cell, d.cell)
	}
	return d.sums()
}

// sums writes the cage sums on white in their cells' corners.
func (d *pngDrawer) sums() error {
	if len(d.p.cages) == 0 {
		return nil
	}
	face, err := d.face(fontFill, sumScale)
	if err != nil {
		return err
	}
	defer face.Close()
	for _, k := range d.p.cages {
		if k.label == "" {
			continue
		}
		x, y := int(d.ax(k.lx)), int(d.ay(k.ly))
		_, adv := font.BoundString(face, k.label)
		h := int(float64(d.cell) * sumScale)
		fill(d.img, image.Rect(x, y, x+adv.Ceil()+2, y+h+2), paper)
		dr := &font.Drawer{Dst: d.img, Src: image.NewUniform(ink), Face: face, Dot: fixed.P(x+1, y+h)}
		dr.DrawString(k.label)
	}
	return nil
}

func (d *pngDrawer) legend(side int) error {
	if d.p.legend == "" {
		return nil
	}
	face, err := d.face(fontFill, 0.32)
	if err != nil {
		return err
	}
	defer face.Close()
	dr := &font.Drawer{Dst: d.img, Src: image.NewUniform(ink), Face: face, Dot: fixed.P(d.m, side+d.cell*3/10)}
	dr.DrawString(d.p.legend)
	return nil
}

func fill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// drawText centres s in the cell whose top left corner is (x, y).
func drawText(img *image.RGBA, face font.Face, c color.Color, s string, x, y, cell int) {
	bounds, adv := font.BoundString(face, s)
	h := (bounds.Max.Y - bounds.Min.Y).Ceil()
	dr := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face}
	dr.Dot = fixed.P(x+(cell-adv.Ceil())/2, y+(cell+h)/2)
	dr.DrawString(s)
}
