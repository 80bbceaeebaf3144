package vision

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"strconv"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"sudoku"
)

const synthPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// renderBoard draws a printed grid of side n pixels with the givens of p.
func renderBoard(t testing.TB, p sudoku.Grid, n int) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, n, n))
	for i := range img.Pix {
		img.Pix[i] = 245
	}
	cell := float64(n) / 9
	for i := 0; i <= 9; i++ {
		w := 1
		if i%3 == 0 {
			w = 3
		}
		pos := int(float64(i) * cell)
		for d := -w / 2; d <= w/2; d++ {
			for k := 0; k < n; k++ {
				if q := min(max(pos+d, 0), n-1); true {
					img.Pix[k*n+q] = 20
					img.Pix[q*n+k] = 20
				}
			}
		}
	}
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: cell * 0.8, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 81; c++ {
		if p[c] == 0 {
			continue
		}
		s := strconv.Itoa(int(p[c]))
		adv := font.MeasureString(face, s)
		x := (float64(c%9)+0.5)*cell - float64(adv)/128
		y := (float64(c/9)+0.5)*cell + cell*0.28
		dr := font.Drawer{Dst: img, Src: image.NewUniform(color.Gray{30}), Face: face, Dot: fixed.P(int(x), int(y))}
		dr.DrawString(s)
	}
	return img
}

// photoOf warps board into a w x h photo so that its corners land on
// corners; the rest is a gray page.
func photoOf(board *image.Gray, corners [4]Point2, w, h int) *image.Gray {
	n := float64(board.Bounds().Dx())
	toBoard, _ := homographyFrom(corners, [4]Point2{{0, 0}, {n, 0}, {n, n}, {0, n}})
	img := image.NewGray(image.Rect(0, 0, w, h))
	g := &gray{w: board.Bounds().Dx(), h: board.Bounds().Dy(), pix: board.Pix}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := toBoard.apply(Point2{float64(x) + 0.5, float64(y) + 0.5})
			v := uint8(200)
			if p.X >= 0 && p.Y >= 0 && p.X < n && p.Y < n {
				v = g.bilinear(p.X-0.5, p.Y-0.5)
			}
			img.Pix[y*w+x] = v
		}
	}
	return img
}

func TestSyntheticWarp(t *testing.T) {
	p, err := sudoku.Parse(synthPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	board := renderBoard(t, p, 400)
	cases := []struct {
		name    string
		corners [4]Point2
		tol     float64 // corner error allowed, as a fraction of the grid's side
	}{
		{"straight", [4]Point2{{120, 60}, {520, 60}, {520, 440}, {120, 440}}, 0.01},
		{"perspective", [4]Point2{{150, 40}, {520, 70}, {560, 450}, {90, 420}}, 0.01},
		{"fills the frame", [4]Point2{{4, 2}, {634, 6}, {636, 476}, {2, 472}}, 0.01},
		// Known limit: rotated grids' corners are found within 2%, not 1%.
		{"rotated 8 degrees", [4]Point2{{180, 40}, {540, 90}, {490, 450}, {130, 400}}, 0.02},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := png.Encode(&buf, photoOf(board, tc.corners, 640, 480)); err != nil {
				t.Fatal(err)
			}
			res, err := Read(&buf, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Grid != p {
				t.Errorf("got %v, want %v", res.Grid.Line('.'), synthPuzzle)
			}
			size := math.Hypot(tc.corners[1].X-tc.corners[0].X, tc.corners[1].Y-tc.corners[0].Y)
			for i, c := range res.Corners {
				if d := math.Hypot(c.X-tc.corners[i].X, c.Y-tc.corners[i].Y); d > tc.tol*size {
					t.Errorf("corner %d: got %.1f,%.1f, want %.1f,%.1f (off by %.1f px, more than %.0f%% of %.0f)", i, c.X, c.Y, tc.corners[i].X, tc.corners[i].Y, d, 100*tc.tol, size)
				}
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	var jpg bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 64, 48))
	if err := jpeg.Encode(&jpg, img, nil); err != nil {
		t.Fatal(err)
	}
	full := jpg.Bytes()
	cases := []struct {
		name string
		data []byte
		opts Options
		want func(error) bool
	}{
		{"empty", nil, Options{}, isFormat},
		{"text", []byte("53..7....6..195...."), Options{}, isFormat},
		{"truncated jpeg", full[:len(full)/2], Options{}, isFormat},
		{"header only", full[:20], Options{}, isFormat},
		{"too many pixels", full, Options{MaxPixels: 1000}, func(err error) bool { return errors.Is(err, ErrTooLarge) }},
		{"too many bytes", full, Options{MaxBytes: 100}, func(err error) bool { return errors.Is(err, ErrTooLarge) }},
		{"blank page", full, Options{}, func(err error) bool { return errors.Is(err, ErrNoGrid) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.data), tc.opts)
			if err == nil || !tc.want(err) {
				t.Errorf("got %v, want another error", err)
			}
		})
	}
}

func isFormat(err error) bool {
	var fe *FormatError
	return errors.As(err, &fe)
}

func TestOrientation(t *testing.T) {
	// A 3x2 image with distinct pixels; each orientation must map the
	// stored top-left pixel to the right place.
	src := image.NewGray(image.Rect(0, 0, 3, 2))
	for i := range src.Pix {
		src.Pix[i] = uint8(10 * (i + 1))
	}
	cases := []struct {
		o    int
		w, h int
		x, y int // where the stored (0,0) ends up
	}{
		{1, 3, 2, 0, 0}, {2, 3, 2, 2, 0}, {3, 3, 2, 2, 1}, {4, 3, 2, 0, 1},
		{5, 2, 3, 0, 0}, {6, 2, 3, 1, 0}, {7, 2, 3, 1, 2}, {8, 2, 3, 0, 2},
	}
	for _, tc := range cases {
		out := orient(src, tc.o)
		b := out.Bounds()
		if b.Dx() != tc.w || b.Dy() != tc.h {
			t.Errorf("orientation %d: got %dx%d, want %dx%d", tc.o, b.Dx(), b.Dy(), tc.w, tc.h)
			continue
		}
		if r, _, _, _ := out.At(tc.x, tc.y).RGBA(); r>>8 != 10 {
			t.Errorf("orientation %d: got %d at %d,%d, want 10", tc.o, r>>8, tc.x, tc.y)
		}
	}
}

func TestEXIFParse(t *testing.T) {
	// APP1 with a big-endian TIFF header and orientation 6.
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	data := []byte{0xFF, 0xD8, 0xFF, 0xE1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}
	data = append(data, seg...)
	data = append(data, 0xFF, 0xDA, 0, 2)
	if got := exifOrientation(data); got != 6 {
		t.Errorf("got %d, want 6", got)
	}
	for n := 0; n < len(data); n++ { // truncations never panic
		exifOrientation(data[:n])
	}
}

func TestModelRoundTrip(t *testing.T) {
	m, err := DefaultModel()
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 2<<20 {
		t.Errorf("model is %d bytes, want at most 2 MB", len(b))
	}
	var m2 Model
	if err := m2.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(b); n += 997 {
		var m3 Model
		if m3.UnmarshalBinary(b[:n]) == nil {
			t.Errorf("a model cut at %d bytes was accepted", n)
		}
	}
}

func TestOverlay(t *testing.T) {
	p, _ := sudoku.Parse(synthPuzzle)
	corners := [4]Point2{{150, 40}, {520, 70}, {560, 450}, {90, 420}}
	photo := photoOf(renderBoard(t, p, 400), corners, 640, 480)
	res, err := ReadImage(photo, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sol sudoku.Grid
	for i := range sol {
		sol[i] = 1 + uint8(i%9)
	}
	out := Overlay(photo, res, sol)
	blue := func(x, y int) bool {
		r, g, b, _ := out.At(x, y).RGBA()
		return b > r+0x2000 && b > g+0x2000
	}
	// Centre of an empty cell (r1c3) and of a given (r1c1).
	h, _ := homographyFrom([4]Point2{{0, 0}, {9, 0}, {9, 9}, {0, 9}}, corners)
	count := func(r, c int) int {
		n := 0
		for dy := -0.3; dy <= 0.3; dy += 0.05 {
			for dx := -0.3; dx <= 0.3; dx += 0.05 {
				q := h.apply(Point2{float64(c) + 0.5 + dx, float64(r) + 0.5 + dy})
				if blue(int(q.X), int(q.Y)) {
					n++
				}
			}
		}
		return n
	}
	if n := count(0, 2); n == 0 {
		t.Errorf("no digit drawn in the empty cell r1c3")
	}
	if n := count(0, 0); n != 0 {
		t.Errorf("%d coloured pixels drawn over the given r1c1", n)
	}
}

func TestReadTruth(t *testing.T) {
	good := "phone\n640x480:24 JPG\n" + "0 0 0 7 0 0 0 8 0 \n0 9 0 0 0 3 1 0 0\n0 0 6 8 0 5 0 7 0\n0 2 0 6 0 0 0 4 9\n0 0 0 2 0 0 0 5 0\n0 0 8 0 4 0 0 0 7\n0 0 0 9 0 0 0 3 0\n3 7 0 0 0 0 0 0 6\n1 0 5 0 0 4 0 0 0\n"
	g, err := ReadTruth(bytes.NewReader([]byte(good)))
	if err != nil {
		t.Fatal(err)
	}
	if g[3] != 7 || g[80] != 0 || g[72] != 1 {
		t.Errorf("got %v", g.Line('.'))
	}
	for _, bad := range []string{"a\nb\n1 2 3\n", "a\nb\n", good + "1 2 3 4 5 6 7 8 9\n", "a\nb\n" + "x 0 0 0 0 0 0 0 0\n"} {
		if _, err := ReadTruth(bytes.NewReader([]byte(bad))); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func FuzzRead(f *testing.F) {
	for _, name := range []string{"testdata/printed-image1.jpg", "testdata/mixed-image1.jpg"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
			f.Add(b[:len(b)/3])
		}
	}
	f.Add([]byte("GIF89a"))
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Read(bytes.NewReader(data), Options{MaxPixels: 4 << 20})
		if err == nil && res == nil {
			t.Fatal("nil result without error")
		}
	})
}

// FuzzModel feeds UnmarshalBinary damaged model files: it must return an
// error or a model whose shapes fit, never panic. Seeds: the embedded
// model's header and first layer, and a perceptron's.
func FuzzModel(f *testing.F) {
	f.Add(modelBin[:min(len(modelBin), 4096)])
	mlp := &Model{Layers: []Layer{{In: GlyphSize * GlyphSize, Out: Classes, W: make([]float32, GlyphSize*GlyphSize*Classes), B: make([]float32, Classes)}}}
	if b, err := mlp.MarshalBinary(); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m Model
		if m.UnmarshalBinary(data) != nil {
			return
		}
		var g Glyph
		m.Predict(&g)
	})
}
