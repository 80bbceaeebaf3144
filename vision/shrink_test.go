package vision

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"sudoku"
	"sudoku/internal/bigpng"
	"sudoku/solver"
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

// fixturePhoto decodes a fixture photo and its ground truth.
func fixturePhoto(t testing.TB, name string) (image.Image, sudoku.Grid) {
	f, err := os.Open(filepath.Join("testdata", name+".jpg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	d, err := os.Open(filepath.Join("testdata", name+".dat"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	truth, err := ReadTruth(d)
	if err != nil {
		t.Fatal(err)
	}
	return img, truth
}

// TestDecodePhotoShrinksAsBefore: a photo as a JPEG and as PNGs of
// several colour models decodes, with a colour copy of any size or none
// (PNGs row by row), to the work image the whole decoded image gives, so
// it reads the same; the kept copy bounds the overlay.
func TestDecodePhotoShrinksAsBefore(t *testing.T) {
	src, truth := fixturePhoto(t, "printed-image1")
	b := src.Bounds()
	convert := func(m draw.Image) image.Image { draw.Draw(m, b, src, b.Min, draw.Src); return m }
	nrgba := convert(image.NewNRGBA(b)).(*image.NRGBA)
	nrgba.Pix[3] = 200 // not opaque: an RGBA PNG
	jpg, err := os.ReadFile(filepath.Join("testdata", "printed-image1.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	photos := map[string][]byte{
		"jpeg":     jpg,
		"rgba":     pngOf(t, nrgba),
		"rgb":      pngOf(t, convert(image.NewRGBA(b))),
		"gray":     pngOf(t, convert(image.NewGray(b))),
		"paletted": pngOf(t, convert(image.NewPaletted(b, palette.WebSafe))),
		"rgb16":    pngOf(t, convert(image.NewRGBA64(b))),
	}
	for name, data := range photos {
		img, _, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		want := toGrayBefore(img, 1)
		for _, keep := range []int{-1, 0, 320, math.MaxInt} {
			p, err := DecodePhoto(bytes.NewReader(data), Options{OverlaySize: keep, IgnoreEXIF: true})
			if err != nil {
				t.Fatal(err)
			}
			g, k := p.work()
			if k != 1 || g.w != want.w || g.h != want.h || !bytes.Equal(g.pix, want.pix) {
				t.Errorf("%s, overlay size %d: the work image differs from the whole image's", name, keep)
			}
			if name != "rgba" {
				continue
			}
			res, err := p.Read(context.Background(), Options{})
			if err != nil || res.Grid != truth {
				t.Fatalf("%s, overlay size %d: read %v, want %v", name, keep, gridOrErr(res, err), truth.Line('.'))
			}
			sol, _ := solver.SolveGrid(res.Grid)
			kept := image.Rect(0, 0, 640, 480)
			if keep == 320 {
				kept = image.Rect(0, 0, 320, 240)
			}
			if o := p.Overlay(res, sol, 0); o.Bounds() != kept {
				t.Errorf("%s, overlay size %d: overlay of %v, want %v", name, keep, o.Bounds(), kept)
			}
			if o := p.Overlay(res, sol, 160); o.Bounds() != image.Rect(0, 0, 160, 120) {
				t.Errorf("%s, overlay size %d: overlay at most 160 is %v", name, keep, o.Bounds())
			}
		}
	}
}

// bigPNG is photo scaled up onto a square of side n, as an 8-bit RGBA PNG.
func bigPNG(t testing.TB, photo image.Image, n int) []byte {
	var buf bytes.Buffer
	if err := bigpng.Encode(&buf, photo, n); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLargePNGAllocates: decoding a 6320x6320 8-bit RGBA PNG (152 MiB
// decoded, within the decoding budget) allocates a small part of that, as
// it is shrunk row by row to the work image and the overlay's copy, and
// the grid reads right. Before, the photo was decoded whole and kept: 152
// MiB for its pixels alone.
func TestLargePNGAllocates(t *testing.T) {
	photo, truth := fixturePhoto(t, "printed-image1")
	data := bigPNG(t, photo, 6320)
	if _, err := DefaultModel(); err != nil {
		t.Fatal(err)
	}
	var p *Photo
	var err error
	n := allocated(func() { p, err = DecodePhoto(bytes.NewReader(data), Options{}) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("decoding a %d-byte 6320x6320 RGBA PNG allocated %.1f MiB", len(data), float64(n)/(1<<20))
	if n > 24<<20 {
		t.Errorf("decoding allocated %.1f MiB, want at most 24 MiB", float64(n)/(1<<20))
	}
	res, err := p.Read(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Grid != truth {
		t.Errorf("read %v, want %v", res.Grid.Line('.'), truth.Line('.'))
	}
	n = allocated(func() { res, err = Read(bytes.NewReader(data), Options{}) })
	if err != nil || res.Grid != truth {
		t.Errorf("Read: got %v, want %v", gridOrErr(res, err), truth.Line('.'))
	}
	t.Logf("decoding and reading it allocated %.1f MiB", float64(n)/(1<<20))
	if n > 96<<20 {
		t.Errorf("Read allocated %.1f MiB, want at most 96 MiB", float64(n)/(1<<20))
	}
}

// BenchmarkDecodeLargePNG decodes a 6320x6320 8-bit RGBA PNG: row by row
// with the overlay's copy (as the server's scans), without it (as
// vision.Read), and whole with image/png, shrunk to the work image after
// (as before).
func BenchmarkDecodeLargePNG(b *testing.B) {
	photo, _ := fixturePhoto(b, "printed-image1")
	data := bigPNG(b, photo, 6320)
	for _, bc := range []struct {
		name string
		keep int
	}{{"copy-1600", 0}, {"no-copy", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := DecodePhoto(bytes.NewReader(data), Options{OverlaySize: bc.keep}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("image-png-whole", func(b *testing.B) {
		for b.Loop() {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			toGray(img, shrinkFactor(img.Bounds(), WorkSize))
		}
	})
}
