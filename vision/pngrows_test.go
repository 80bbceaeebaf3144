package vision

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math/rand/v2"
	"reflect"
	"testing"
)

// pngKind is a PNG colour type and bit depth, with or without tRNS.
type pngKind struct {
	ctype, depth int
	trns         bool
}

// pngKinds lists every colour type and depth PNG allows, and tRNS where
// it applies.
var pngKinds = []pngKind{
	{0, 1, false}, {0, 2, false}, {0, 4, false}, {0, 8, false}, {0, 16, false},
	{0, 1, true}, {0, 2, true}, {0, 4, true}, {0, 8, true}, {0, 16, true},
	{2, 8, false}, {2, 16, false}, {2, 8, true}, {2, 16, true},
	{3, 1, false}, {3, 2, false}, {3, 4, false}, {3, 8, false},
	{3, 1, true}, {3, 2, true}, {3, 4, true}, {3, 8, true},
	{4, 8, false}, {4, 16, false}, {6, 8, false}, {6, 16, false},
}

// makePNG writes a w x h PNG of kind k with random pixels, each row with
// a random filter, its zlib stream cut into IDAT chunks of at most idat
// bytes. A paletted PNG's PLTE has fewer entries than its indices reach
// (image/png makes those opaque black), a tRNS grey or colour is that of
// the first pixel (so that some pixels are transparent).
func makePNG(rng *rand.Rand, w, h int, k pngKind, interlace byte, idat int) []byte {
	channels := [7]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[k.ctype]
	bits := k.depth * channels
	bpp := (bits + 7) / 8
	stride := (bits*w + 7) / 8
	var raw bytes.Buffer
	prev := make([]byte, stride)
	var first []byte
	for y := 0; y < h; y++ {
		row := make([]byte, stride)
		for i := range row {
			row[i] = byte(rng.IntN(256))
			if y > 0 && rng.IntN(3) == 0 { // runs, so filters and compression matter
				row[i] = prev[i]
			}
		}
		if y == 0 {
			first = row
		}
		f := byte(rng.IntN(5))
		raw.WriteByte(f)
		raw.Write(filterRow(f, row, prev, bpp))
		prev = row
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw.Bytes())
	zw.Close()

	out := []byte(pngSignature)
	chunk := func(typ string, data []byte) {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		c := append([]byte(typ), data...)
		out = append(out, c...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(c))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, byte(k.depth), byte(k.ctype), 0, 0, interlace))
	chunk("tEXt", []byte("Comment\x00a chunk to skip"))
	if k.ctype == 3 {
		n := max(1, (1<<k.depth)*2/3)
		plte := make([]byte, 3*n)
		for i := range plte {
			plte[i] = byte(rng.IntN(256))
		}
		chunk("PLTE", plte)
	}
	if k.trns {
		switch k.ctype {
		case 0:
			t := []byte{0, first[0]}
			if k.depth == 16 {
				t = first[:2]
			} else if k.depth < 8 {
				t[1] = first[0] >> (8 - k.depth)
			}
			chunk("tRNS", t)
		case 2:
			t := make([]byte, 6)
			if k.depth == 16 {
				copy(t, first[:6])
			} else {
				t[1], t[3], t[5] = first[0], first[1], first[2]
			}
			chunk("tRNS", t)
		case 3:
			a := make([]byte, 1<<k.depth)
			for i := range a {
				a[i] = byte(rng.IntN(256))
			}
			chunk("tRNS", a)
		}
	}
	zb := z.Bytes()
	for len(zb) > 0 {
		n := min(len(zb), idat)
		chunk("IDAT", zb[:n])
		zb = zb[n:]
	}
	chunk("IEND", nil)
	return out
}

// filterRow applies PNG filter f to row given the previous row.
func filterRow(f byte, row, prev []byte, bpp int) []byte {
	out := make([]byte, len(row))
	for i := range row {
		var a, c int
		if i >= bpp {
			a, c = int(row[i-bpp]), int(prev[i-bpp])
		}
		b := int(prev[i])
		var p int
		switch f {
		case 1:
			p = a
		case 2:
			p = b
		case 3:
			p = (a + b) / 2
		case 4:
			pa, pb, pc := abs(b-c), abs(a-c), abs(a+b-2*c)
			switch {
			case pa <= pb && pa <= pc:
				p = a
			case pb <= pc:
				p = b
			default:
				p = c
			}
		}
		out[i] = row[i] - byte(p)
	}
	return out
}

// sameAsStdlib checks that pngRows gives the rows of image/png's image:
// the same image type and the same colour at every pixel.
func sameAsStdlib(t *testing.T, name string, data []byte) {
	t.Helper()
	want, werr := png.Decode(bytes.NewReader(data))
	rows := 0
	gerr := pngRows(data, func(img image.Image, y int) {
		rows++
		if werr != nil {
			return
		}
		if reflect.TypeOf(img) != reflect.TypeOf(want) {
			t.Fatalf("%s: rows are %T, image/png gives %T", name, img, want)
		}
		b := want.Bounds()
		if got := img.Bounds(); got != image.Rect(0, y, b.Dx(), y+1) {
			t.Fatalf("%s: row %d has bounds %v", name, y, got)
		}
		for x := 0; x < b.Dx(); x++ {
			if g, w := img.At(x, y), want.At(x, y); g != w {
				t.Fatalf("%s: pixel %d,%d is %#v, image/png gives %#v", name, x, y, g, w)
			}
		}
	})
	switch {
	case werr != nil && gerr == nil:
		t.Errorf("%s: image/png says %v, pngRows says nothing", name, werr)
	case werr == nil && gerr != nil:
		t.Errorf("%s: pngRows says %v, image/png decodes it", name, gerr)
	case werr == nil && rows != want.Bounds().Dy():
		t.Errorf("%s: %d rows, want %d", name, rows, want.Bounds().Dy())
	}
}

// TestPNGRows: every colour type, depth and transparency, every filter,
// widths that end mid-byte and pixel data split over IDAT chunks decode
// row by row to what image/png decodes.
func TestPNGRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, k := range pngKinds {
		for _, w := range []int{1, 7, 13} {
			for _, idat := range []int{7, 1 << 20} {
				name := fmt.Sprintf("type %d depth %d tRNS %v width %d idat %d", k.ctype, k.depth, k.trns, w, idat)
				sameAsStdlib(t, name, makePNG(rng, w, 9, k, 0, idat))
			}
		}
	}
}

// TestPNGRowsDamaged: truncated or altered PNGs are refused where
// image/png refuses them, and never panic; interlaced ones are left to
// image/png.
func TestPNGRowsDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	data := makePNG(rng, 11, 6, pngKind{6, 8, false}, 0, 40)
	for n := 0; n < len(data); n++ {
		sameAsStdlib(t, fmt.Sprintf("cut at %d", n), data[:n])
	}
	for i := len(pngSignature); i < len(data); i++ {
		bad := bytes.Clone(data)
		bad[i] ^= 0x10
		sameAsStdlib(t, fmt.Sprintf("byte %d altered", i), bad)
	}
	called := false
	err := pngRows(makePNG(rng, 11, 6, pngKind{6, 8, false}, 1, 40), func(image.Image, int) { called = true })
	if !errors.Is(err, errInterlaced) || called {
		t.Errorf("interlaced: got %v (rows given: %v), want errInterlaced before any row", err, called)
	}
}

// FuzzPNGRows: whatever the data, pngRows decodes what image/png decodes,
// to the same pixels, and refuses what it refuses.
func FuzzPNGRows(f *testing.F) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, k := range []pngKind{{0, 4, true}, {2, 8, true}, {3, 2, true}, {6, 16, false}} {
		f.Add(makePNG(rng, 5, 4, k, 0, 16))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if pngInterlaced(data) {
			return
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err == nil && cfg.Width*cfg.Height > 1<<20 {
			return
		}
		sameAsStdlib(t, "fuzz", data)
	})
}
