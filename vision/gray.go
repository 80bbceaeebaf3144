package vision

import (
	"image"
)

// gray is an 8-bit grayscale image without the image.Image overhead.
type gray struct {
	w, h int
	pix  []uint8
}

func (g *gray) at(x, y int) uint8 { return g.pix[y*g.w+x] }

// toGray converts img to grayscale, shrinking it by the integer factor k
// (box average); the result's longer side is at most maxSide when k is
// chosen by shrinkFactor.
func toGray(img image.Image, k int) *gray {
	b := img.Bounds()
	s := newShrinker(b.Dx(), b.Dy(), k, 0, 0)
	s.feed(img)
	return s.g
}

// lumaRow adds the luma (0..255) of row y of img to row.
func lumaRow(img image.Image, y int, row []uint32) {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.YCbCr:
		off := m.YOffset(b.Min.X, y)
		for x := range row {
			row[x] += uint32(m.Y[off+x])
		}
	case *image.Gray:
		off := m.PixOffset(b.Min.X, y)
		for x := range row {
			row[x] += uint32(m.Pix[off+x])
		}
	case *image.RGBA:
		p := m.Pix[m.PixOffset(b.Min.X, y):]
		for x := range row {
			row[x] += (299*uint32(p[4*x]) + 587*uint32(p[4*x+1]) + 114*uint32(p[4*x+2])) / 1000
		}
	case *image.NRGBA:
		p := m.Pix[m.PixOffset(b.Min.X, y):]
		for x := range row {
			q := p[4*x:]
			l := (299*uint32(q[0]) + 587*uint32(q[1]) + 114*uint32(q[2])) / 1000
			a := uint32(q[3])
			row[x] += (l*a + 255*(255-a)) / 255 // on white
		}
	default:
		for x := range row {
			r, g, bl, a := img.At(b.Min.X+x, y).RGBA()
			l := (299*r + 587*g + 114*bl) / 1000
			row[x] += (l + (0xffff - a)) >> 8
		}
	}
}

// shrinkFactor returns the smallest integer k such that the image's longer
// side divided by k is at most maxSide.
func shrinkFactor(b image.Rectangle, maxSide int) int {
	m := max(b.Dx(), b.Dy())
	return max(1, (m+maxSide-1)/maxSide)
}

// integral returns the summed-area table of g, (w+1)x(h+1).
func integral(g *gray) []uint32 {
	w1 := g.w + 1
	s := make([]uint32, w1*(g.h+1))
	for y := 0; y < g.h; y++ {
		var run uint32
		for x := 0; x < g.w; x++ {
			run += uint32(g.pix[y*g.w+x])
			s[(y+1)*w1+x+1] = s[y*w1+x+1] + run
		}
	}
	return s
}

// threshold marks ink: pixels darker than pct percent of the mean of the
// (2r+1)-square around them, and darker than it by at least minDiff.
func threshold(g *gray, r, pct, minDiff int) []bool {
	s := integral(g)
	w1 := g.w + 1
	ink := make([]bool, g.w*g.h)
	for y := 0; y < g.h; y++ {
		y0, y1 := max(0, y-r), min(g.h, y+r+1)
		for x := 0; x < g.w; x++ {
			x0, x1 := max(0, x-r), min(g.w, x+r+1)
			n := uint32((x1 - x0) * (y1 - y0))
			sum := s[y1*w1+x1] - s[y0*w1+x1] - s[y1*w1+x0] + s[y0*w1+x0]
			p := uint32(g.pix[y*g.w+x])
			ink[y*g.w+x] = p*n*100 < sum*uint32(pct) && (p+uint32(minDiff))*n < sum
		}
	}
	return ink
}
