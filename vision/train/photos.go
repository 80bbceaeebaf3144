package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"sudoku/vision"
)

// PhotoNumber returns N of imageN.jpg, or -1.
func PhotoNumber(path string) int {
	b := filepath.Base(path)
	if !strings.HasPrefix(b, "image") || !strings.HasSuffix(b, ".jpg") {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(b, "image"), ".jpg"))
	if err != nil {
		return -1
	}
	return n
}

// Validation reports whether photo number n belongs to the validation
// split: every photo whose number is a multiple of 5. The trainer never
// reads them.
func Validation(n int) bool { return n%5 == 0 }

// PhotoStats counts what PhotoSamples did.
type PhotoStats struct {
	Photos, Skipped, Cells int
}

// PhotoSamples cuts the glyphs of the training photos (not Validation, nor
// those skip reports, when not nil) in dir, labelled by their .dat files. A photo whose found cells disagree with
// the truth's empty cells in more than maxMismatch places is skipped (its
// grid was probably located wrongly). Each glyph is added, plus augment
// randomly distorted copies.
func PhotoSamples(dir string, maxMismatch, augment int, skip func(n int) bool, rng *rand.Rand) ([]Sample, PhotoStats, error) {
	var st PhotoStats
	paths, _ := filepath.Glob(filepath.Join(dir, "image*.jpg"))
	sort.Strings(paths)
	var out []Sample
	for _, p := range paths {
		n := PhotoNumber(p)
		if n < 0 || Validation(n) || skip != nil && skip(n) {
			continue
		}
		truth, err := vision.ReadTruthFile(strings.TrimSuffix(p, ".jpg") + ".dat")
		if err != nil {
			return nil, st, err
		}
		f, err := os.Open(p)
		if err != nil {
			return nil, st, err
		}
		img, err := vision.Decode(f, vision.Options{IgnoreEXIF: true})
		f.Close()
		if err != nil {
			return nil, st, fmt.Errorf("%s: %w", p, err)
		}
		st.Photos++
		glyphs, _, err := vision.Glyphs(img)
		if err != nil {
			st.Skipped++
			continue
		}
		mis := 0
		for i, g := range glyphs {
			if (g != nil) != (truth[i] != 0) {
				mis++
			}
		}
		if mis > maxMismatch {
			st.Skipped++
			continue
		}
		for i, g := range glyphs {
			if g == nil {
				continue
			}
			st.Cells++
			out = append(out, Sample{X: *g, Y: int(truth[i]), Group: "photo"})
			for k := 0; k < augment; k++ {
				out = append(out, Sample{X: distort(g, rng), Y: int(truth[i]), Group: "photo"})
			}
		}
	}
	return out, st, nil
}

// distort returns g rotated, slanted, scaled and shifted a little
// (bilinear), its strokes sometimes made thinner or bolder: the same
// digit as another hand might write it.
func distort(g *vision.Glyph, rng *rand.Rand) vision.Glyph {
	const n = vision.GlyphSize
	a := (rng.Float64()*2 - 1) * 8 * math.Pi / 180
	sh := (rng.Float64()*2 - 1) * 0.25
	s := 0.9 + 0.2*rng.Float64()
	dx, dy := (rng.Float64()*2-1)*1.5, (rng.Float64()*2-1)*1.5
	sin, cos := math.Sin(a), math.Cos(a)
	var out vision.Glyph
	at := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= n || y >= n {
			return 0
		}
		return float64(g[y*n+x])
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u, v := float64(x)-n/2-dx, float64(y)-n/2-dy
			u -= sh * v
			u, v = (u*cos-v*sin)/s+n/2, (u*sin+v*cos)/s+n/2
			x0, y0 := math.Floor(u), math.Floor(v)
			fx, fy := u-x0, v-y0
			i, j := int(x0), int(y0)
			val := (at(i, j)*(1-fx)+at(i+1, j)*fx)*(1-fy) + (at(i, j+1)*(1-fx)+at(i+1, j+1)*fx)*fy
			out[y*n+x] = float32(val)
		}
	}
	switch rng.IntN(4) {
	case 0: // bolder: each pixel moves towards its neighbours' maximum
		out = stroke(&out, 0.5, true)
	case 1: // thinner: towards their minimum
		out = stroke(&out, 0.5, false)
	}
	return out
}

// stroke blends each pixel of g with the maximum (bold) or minimum of its
// 4-neighbourhood, by t.
func stroke(g *vision.Glyph, t float32, bold bool) vision.Glyph {
	const n = vision.GlyphSize
	var out vision.Glyph
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			v := g[y*n+x]
			e := v
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				xx, yy := x+d[0], y+d[1]
				var w float32
				if xx >= 0 && yy >= 0 && xx < n && yy < n {
					w = g[yy*n+xx]
				}
				if bold {
					e = max(e, w)
				} else {
					e = min(e, w)
				}
			}
			out[y*n+x] = v + (e-v)*t
		}
	}
	return out
}
