package vision

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"testing"
)

// toGrayBefore is toGray as it was before the shrinker: the reference the
// work image must equal, so that photos read as they did.
func toGrayBefore(img image.Image, k int) *gray {
	b := img.Bounds()
	w, h := b.Dx()/k, b.Dy()/k
	g := &gray{w: w, h: h, pix: make([]uint8, w*h)}
	row := make([]uint32, b.Dx())
	for y := 0; y < h; y++ {
		for x := range row {
			row[x] = 0
		}
		for dy := 0; dy < k; dy++ {
			lumaRow(img, b.Min.Y+y*k+dy, row)
		}
		for x := 0; x < w; x++ {
			s := uint32(0)
			for dx := 0; dx < k; dx++ {
				s += row[x*k+dx]
			}
			g.pix[y*w+x] = uint8(s / uint32(k*k))
		}
	}
	return g
}

// noisy fills img with pseudo-random colours.
func noisy(img draw.Image) draw.Image {
	b := img.Bounds()
	v := uint32(7)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			v = v*1664525 + 1013904223
			img.Set(x, y, color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v>>4) | 0x0f})
		}
	}
	return img
}

func TestShrinkerGrayAsBefore(t *testing.T) {
	r := image.Rect(3, 2, 3+53, 2+38)
	ycc := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
	for i := range ycc.Y {
		ycc.Y[i] = uint8(i * 7)
	}
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = uint8(i*3), uint8(i*5)
	}
	imgs := map[string]image.Image{
		"gray": noisy(image.NewGray(r)), "rgba": noisy(image.NewRGBA(r)), "nrgba": noisy(image.NewNRGBA(r)),
		"paletted": noisy(image.NewPaletted(r, palette.Plan9)), "gray16": noisy(image.NewGray16(r)),
		"nrgba64": noisy(image.NewNRGBA64(r)), "ycbcr": ycc,
	}
	for name, img := range imgs {
		for _, k := range []int{1, 3, 8} {
			got, want := toGray(img, k), toGrayBefore(img, k)
			if got.w != want.w || got.h != want.h || !bytes.Equal(got.pix, want.pix) {
				t.Errorf("%s shrunk by %d: the work image differs from before", name, k)
			}
		}
	}
}

// TestShrinkerColour: each pixel of the colour copy is the mean of the
// pixels that fall in it, whole boxes or not.
func TestShrinkerColour(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 8, 6))
	for y := 0; y < 6; y++ {
		for x := 0; x < 8; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(10 * x), uint8(10 * y), 200, 255})
		}
	}
	s := newShrinker(8, 6, 1, 4, 3)
	s.feed(img)
	if got, want := s.c.RGBAAt(1, 2), (color.RGBA{25, 45, 200, 255}); got != want {
		t.Errorf("2x2 box: got %v, want %v", got, want)
	}
	uniform := image.NewUniform(color.RGBA{40, 80, 120, 255})
	s = newShrinker(10, 7, 1, 4, 3)
	for y := 0; y < 7; y++ {
		s.row(uniform, y)
	}
	for y := 0; y < 3; y++ {
		for x := 0; x < 4; x++ {
			if got := s.c.RGBAAt(x, y); got != (color.RGBA{40, 80, 120, 255}) {
				t.Errorf("uneven boxes: %d,%d is %v", x, y, got)
			}
		}
	}
}
