package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"sync"

	"sudoku"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
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

// Image draws the board as an image, cells of o.CellSize pixels.
func Image(b *Board, o Options) (*image.RGBA, error) {
	cell, err := o.cell()
	if err != nil {
		return nil, err
	}
	loadFonts()
	m := margin(cell)
	side := 9*cell + 2*m
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	draw.Draw(img, img.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	drawLines(img, cell, m)
	faces := [2]font.Face{}
	for i, f := range []*opentype.Font{fontFill, fontGiven} {
		faces[i], err = opentype.NewFace(f, &opentype.FaceOptions{Size: float64(cell) * 0.62, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, err
		}
		defer faces[i].Close()
	}
	for c := range 81 {
		d, given := b.digitAt(sudoku.Cell(c))
		if d == 0 {
			continue
		}
		face, col := faces[0], fillInk
		if given {
			face, col = faces[1], ink
		}
		drawDigit(img, face, col, d, m+c%9*cell, m+c/9*cell, cell)
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

// drawLines draws the cell lines, then the thicker box lines.
func drawLines(img *image.RGBA, cell, m int) {
	thin := max(1, int(float64(cell)*thinWidth+0.5))
	thick := max(thin+1, int(float64(cell)*boxWidth+0.5))
	for i := 0; i <= 9; i++ {
		w := thin
		if i%3 == 0 {
			w = thick
		}
		p := m + i*cell - w/2
		fill(img, image.Rect(p, m-thick/2, p+w, m+9*cell+(thick+1)/2), ink)
		fill(img, image.Rect(m-thick/2, p, m+9*cell+(thick+1)/2, p+w), ink)
	}
}

func fill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// drawDigit centres digit d in the cell whose top left corner is (x, y).
func drawDigit(img *image.RGBA, face font.Face, c color.Color, d, x, y, cell int) {
	s := string(rune('0' + d))
	bounds, adv := font.BoundString(face, s)
	h := (bounds.Max.Y - bounds.Min.Y).Ceil()
	dr := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face}
	dr.Dot = fixed.P(x+(cell-adv.Ceil())/2, y+(cell+h)/2)
	dr.DrawString(s)
}
