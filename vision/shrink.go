package vision

import (
	"image"
	"image/color"
)

// shrinker makes the small images a Photo keeps from a picture fed to it
// row by row, top to bottom, in its stored orientation, so that the
// picture never needs to be held whole: the greyscale work image (the
// luma averaged over k x k boxes, exactly as toGray makes it) and,
// optionally, a colour copy scaled to cw x ch (each of its pixels the
// average of the picture's pixels that fall in it).
type shrinker struct {
	w, h int // the picture's size
	fed  int // rows fed so far

	k    int
	g    *gray
	gsum []uint32 // luma of the rows of the current k-row band

	c     *image.RGBA // nil: no colour copy
	csum  []uint64    // premultiplied RGBA sums of the current band, 4 per column of c
	cols  []int       // column X of c holds the picture's columns cols[X] to cols[X+1]-1
	crows uint64      // picture rows in the current band of c
}

// newShrinker makes the work image of a w x h picture shrunk by k and,
// when cw > 0, a colour copy of cw x ch (at most w x h).
func newShrinker(w, h, k, cw, ch int) *shrinker {
	s := &shrinker{w: w, h: h, k: k, gsum: make([]uint32, w)}
	s.g = &gray{w: w / k, h: h / k, pix: make([]uint8, (w/k)*(h/k))}
	if cw > 0 && ch > 0 {
		s.c = image.NewRGBA(image.Rect(0, 0, cw, ch))
		s.csum = make([]uint64, 4*cw)
		s.cols = make([]int, cw+1)
		for X := range s.cols {
			s.cols[X] = (X*w + cw - 1) / cw // the first x with x*cw/w == X
		}
	}
	return s
}

// row adds row y of img, the next row of the picture.
func (s *shrinker) row(img image.Image, y int) {
	n := s.fed
	s.fed++
	if n < s.g.h*s.k {
		lumaRow(img, y, s.gsum)
		if s.fed%s.k == 0 {
			s.grayBand(n / s.k)
		}
	}
	if s.c == nil {
		return
	}
	colourRow(img, y, s.cols, s.csum)
	s.crows++
	ch := s.c.Rect.Dy()
	if Y := n * ch / s.h; s.fed == s.h || s.fed*ch/s.h != Y {
		s.colourBand(Y)
	}
}

// grayBand writes row gy of the work image from the sums of its k rows.
func (s *shrinker) grayBand(gy int) {
	k, w := s.k, s.g.w
	for x := 0; x < w; x++ {
		t := uint32(0)
		for dx := 0; dx < k; dx++ {
			t += s.gsum[x*k+dx]
		}
		s.g.pix[gy*w+x] = uint8(t / uint32(k*k))
	}
	clear(s.gsum)
}

// colourBand writes row Y of the colour copy from the sums of its rows.
func (s *shrinker) colourBand(Y int) {
	p := s.c.Pix[Y*s.c.Stride:]
	for X := range s.c.Rect.Dx() {
		n := uint64(s.cols[X+1]-s.cols[X]) * s.crows
		for i := 4 * X; i < 4*X+4; i++ {
			p[i] = uint8((s.csum[i] + n/2) / n)
		}
	}
	clear(s.csum)
	s.crows = 0
}

// colourRow adds the premultiplied 8-bit RGBA of row y of img to sum:
// the pixels of columns cols[X] to cols[X+1]-1 at 4*X.
func colourRow(img image.Image, y int, cols []int, sum []uint64) {
	b := img.Bounds()
	add := func(X int, r, g, bl, a uint64) {
		t := sum[4*X : 4*X+4 : 4*X+4]
		t[0] += r
		t[1] += g
		t[2] += bl
		t[3] += a
	}
	switch m := img.(type) {
	case *image.RGBA:
		row := m.Pix[m.PixOffset(b.Min.X, y):]
		for X := 0; X+1 < len(cols); X++ {
			var r, g, bl, a uint64
			for p := row[4*cols[X] : 4*cols[X+1]]; len(p) >= 4; p = p[4:] {
				r += uint64(p[0])
				g += uint64(p[1])
				bl += uint64(p[2])
				a += uint64(p[3])
			}
			add(X, r, g, bl, a)
		}
	case *image.NRGBA:
		row := m.Pix[m.PixOffset(b.Min.X, y):]
		for X := 0; X+1 < len(cols); X++ {
			var r, g, bl, a uint64
			for p := row[4*cols[X] : 4*cols[X+1]]; len(p) >= 4; p = p[4:] {
				pa := uint64(p[3])
				if pa == 0xff {
					r += uint64(p[0])
					g += uint64(p[1])
					bl += uint64(p[2])
				} else {
					r += uint64(p[0]) * pa / 0xff
					g += uint64(p[1]) * pa / 0xff
					bl += uint64(p[2]) * pa / 0xff
				}
				a += pa
			}
			add(X, r, g, bl, a)
		}
	case *image.Gray:
		row := m.Pix[m.PixOffset(b.Min.X, y):]
		for X := 0; X+1 < len(cols); X++ {
			var v uint64
			for _, p := range row[cols[X]:cols[X+1]] {
				v += uint64(p)
			}
			add(X, v, v, v, 0xff*uint64(cols[X+1]-cols[X]))
		}
	case *image.YCbCr:
		for X := 0; X+1 < len(cols); X++ {
			var r, g, bl uint64
			for x := cols[X]; x < cols[X+1]; x++ {
				yi, ci := m.YOffset(b.Min.X+x, y), m.COffset(b.Min.X+x, y)
				cr, cg, cb := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
				r += uint64(cr)
				g += uint64(cg)
				bl += uint64(cb)
			}
			add(X, r, g, bl, 0xff*uint64(cols[X+1]-cols[X]))
		}
	default:
		for X := 0; X+1 < len(cols); X++ {
			var r, g, bl, a uint64
			for x := cols[X]; x < cols[X+1]; x++ {
				cr, cg, cb, ca := img.At(b.Min.X+x, y).RGBA()
				r += uint64(cr >> 8)
				g += uint64(cg >> 8)
				bl += uint64(cb >> 8)
				a += uint64(ca >> 8)
			}
			add(X, r, g, bl, a)
		}
	}
}

// feed feeds every row of img to s.
func (s *shrinker) feed(img image.Image) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		s.row(img, y)
	}
}

// scaledSize is the size of a w x h picture scaled by f (at most 1), as
// Photo.Overlay draws it.
func scaledSize(w, h int, f float64) (int, int) {
	return max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
}
