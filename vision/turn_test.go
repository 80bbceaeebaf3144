package vision

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// grayOf returns img's luma as an image.Gray: the photo's Y plane, which a
// turn by quarter turns moves without changing any pixel.
func grayOf(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	row := make([]uint32, b.Dx())
	for y := 0; y < b.Dy(); y++ {
		clear(row)
		lumaRow(img, b.Min.Y+y, row)
		for x := range row {
			g.Pix[y*g.Stride+x] = uint8(row[x])
		}
	}
	return g
}

// storedFor is the EXIF orientation whose stored pixels, turned by o,
// give the upright image: the inverse turn.
var storedFor = map[int]int{6: 8, 3: 3, 8: 6}

func TestOrientGray(t *testing.T) {
	up := image.NewGray(image.Rect(0, 0, 5, 3))
	for i := range up.Pix {
		up.Pix[i] = uint8(i)
	}
	want := toGray(up, 1)
	for o, s := range storedFor {
		stored := grayOf(orient(up, s))
		p := &Photo{img: stored, orientation: o}
		g, _ := p.work()
		if g.w != want.w || g.h != want.h || !bytes.Equal(g.pix, want.pix) {
			t.Errorf("EXIF %d: the work image is not the upright one", o)
		}
	}
}

func pngOf(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestTurnedPhotos reads training photos turned by 90, 180 and 270 degrees,
// once with no EXIF tag (the reader finds the turn) and once with the tag
// that turns them upright: every grid read right upright is read the same
// turned. Photos numbered N%5 == 0 are the validation split and stay out.
// SUDOKU_LONG=1 reads every training photo, else one in 64.
func TestTurnedPhotos(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "photos")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("skipping: %v (the shared data is absent)", err)
	}
	step := 64
	if os.Getenv("SUDOKU_LONG") != "" {
		step = 1
	}
	read, checked := 0, 0
	for _, set := range []string{"printed", "mixed"} {
		paths, _ := filepath.Glob(filepath.Join(dir, set, "image*.jpg"))
		for i, path := range paths {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "image"), ".jpg"))
			if n%5 == 0 || i%step != 0 {
				continue
			}
			up, truth := uprightPhoto(t, path)
			res, err := ReadImage(up, Options{})
			read++
			if err != nil || res.Grid != truth {
				continue // only grids read right upright are compared
			}
			checked++
			for o, s := range storedFor {
				stored := grayOf(orient(up, s))
				for _, tagged := range []bool{false, true} {
					p := &Photo{img: stored, orientation: 1, Width: stored.Rect.Dx(), Height: stored.Rect.Dy()}
					if tagged {
						p.orientation = o
						p.Width, p.Height = up.Rect.Dx(), up.Rect.Dy()
					}
					r, err := p.Read(context.Background(), Options{})
					if err != nil || r.Grid != truth {
						t.Errorf("%s/%s turned (EXIF %d, tagged %v): got %v, want the upright reading %v", set, filepath.Base(path), o, tagged, gridOrErr(r, err), truth.Line('.'))
					}
				}
			}
		}
	}
	t.Logf("%d photos read, %d read right upright and compared turned", read, checked)
}

func gridOrErr(r *Result, err error) string {
	if err != nil {
		return err.Error()
	}
	return r.Grid.Line('.')
}

// uprightPhoto reads a dataset photo as stored (its pixels are upright)
// in grey, and its ground truth.
func uprightPhoto(t *testing.T, path string) (*image.Gray, sudoku.Grid) {
	t.Helper()
	f, err := os.Open(strings.TrimSuffix(path, ".jpg") + ".dat")
	if err != nil {
		t.Fatal(err)
	}
	truth, err := ReadTruth(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	f, err = os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := Decode(f, Options{IgnoreEXIF: true})
	if err != nil {
		t.Fatal(err)
	}
	return grayOf(img), truth
}

// TestDecodeBudget: a small file holding a huge image is refused from its
// header, before anything is decoded.
func TestDecodeBudget(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  image.Config
		fmt  string
		want int64
	}{
		{"16-bit RGBA PNG", image.Config{ColorModel: color.RGBA64Model, Width: 6320, Height: 6320}, "png", 6320 * 6320 * 8},
		{"grey PNG", image.Config{ColorModel: color.GrayModel, Width: 1000, Height: 1000}, "png", 1000 * 1000},
	} {
		if got := decodedSize(tc.cfg, tc.fmt, nil); got != tc.want {
			t.Errorf("%s: got %d bytes, want %d", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name      string
		depth     byte
		interlace byte
		want      string
	}{
		{"16-bit RGBA", 16, 0, "would take 304 MiB"},
		{"16-bit RGBA interlaced", 16, 1, "would take 609 MiB"},
	} {
		_, err := DecodePhoto(bytes.NewReader(pngHeader(6320, 6320, tc.depth, 6, tc.interlace)), Options{})
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want ErrTooLarge saying %s", tc.name, err, tc.want)
		}
	}
	// 8-bit grey of the same size passes the budget (and then fails as
	// the header has no pixels).
	_, err := DecodePhoto(bytes.NewReader(pngHeader(6320, 6320, 8, 0, 0)), Options{})
	if errors.Is(err, ErrTooLarge) {
		t.Errorf("8-bit grey refused: %v", err)
	}
}

// pngHeader returns a PNG made of a header only: what a decoder reads
// before it allocates the image.
func pngHeader(w, h uint32, depth, colorType, interlace byte) []byte {
	ihdr := []byte{byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w), byte(h >> 24), byte(h >> 16), byte(h >> 8), byte(h), depth, colorType, 0, 0, interlace}
	out := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		c := append([]byte(typ), data...)
		out = append(out, c...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(c))
	}
	chunk("IHDR", ihdr)
	chunk("IEND", nil)
	return out
}

// TestReadStops: a reading whose context is done stops with its error.
func TestReadStops(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "printed-image1.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadContext(ctx, bytes.NewReader(data), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	p, err := DecodePhoto(bytes.NewReader(data), Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Read(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, _ := solver.SolveGrid(res.Grid)
	for _, max := range []int{0, 320} {
		o := p.Overlay(res, sol, max)
		want := image.Rect(0, 0, 640, 480)
		if max > 0 {
			want = image.Rect(0, 0, 320, 240)
		}
		if o.Bounds() != want {
			t.Errorf("overlay at most %d: got %v, want %v", max, o.Bounds(), want)
		}
	}
}
