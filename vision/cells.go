package vision

import (
	"image"
	"math"
)

// CellSize is the side of a cell on the board, in pixels.
const CellSize = 36

const boardSize = 9 * CellSize

// GlyphSize is the side of a normalised glyph: the model's input is
// GlyphSize*GlyphSize values in 0..1, 1 for ink.
const GlyphSize = 28

// Glyph is a normalised cell image.
type Glyph [GlyphSize * GlyphSize]float32

// boardInk thresholds the board for cell reading.
func boardInk(b *gray) []bool { return threshold(b, CellSize/2, 92, 6) }

// gridLines finds the board's inner lines near their nominal places, band
// by band, so that a curved page's cells are cut where they are: xs[i][r]
// is vertical line i (0..9) within row band r, ys[j][c] horizontal line j
// within column band c.
func gridLines(ink []bool) (xs, ys [10][9]float64) {
	const reach = CellSize / 4
	for i := 0; i <= 9; i++ {
		for band := 0; band < 9; band++ {
			xs[i][band] = linePeak(ink, i, band, reach, true)
			ys[i][band] = linePeak(ink, i, band, reach, false)
		}
		xs[i], ys[i] = median3(xs[i]), median3(ys[i])
	}
	return xs, ys
}

// median3 filters a line's places band by band with the median of each
// band and its two neighbours (the two nearest at the ends), so that a
// digit's stroke taken for the line in one band does not cut that cell.
func median3(v [9]float64) [9]float64 {
	med := func(a, b, c float64) float64 { return max(min(a, b), min(max(a, b), c)) }
	var out [9]float64
	for i := range v {
		j := min(max(i, 1), 7)
		out[i] = med(v[j-1], v[j], v[j+1])
	}
	return out
}

// linePeak returns the position of line i across band, the column (or row,
// when !vertical) within reach of nominal with the most ink.
func linePeak(ink []bool, i, band, reach int, vertical bool) float64 {
	nominal := i * CellSize
	best, bestN := float64(nominal), 0
	for d := -reach; d <= reach; d++ {
		p := nominal + d
		if p < 0 || p >= boardSize {
			continue
		}
		n := 0
		for t := band * CellSize; t < (band+1)*CellSize; t++ {
			idx := t*boardSize + p
			if !vertical {
				idx = p*boardSize + t
			}
			if ink[idx] {
				n++
			}
		}
		if n > bestN || n == bestN && abs(d) < abs(int(best)-nominal) {
			best, bestN = float64(p), n
		}
	}
	if bestN < CellSize/2 {
		return float64(nominal) // no clear line: keep the nominal place
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cellBox returns cell (r, c)'s interior on the board, lines excluded.
func cellBox(xs, ys *[10][9]float64, r, c int) (x0, y0, x1, y1 int) {
	const m = CellSize / 9 // margin for the line's width
	x0 = int(xs[c][r]) + m
	x1 = int(xs[c+1][r]) - m + 1
	y0 = int(ys[r][c]) + m
	y1 = int(ys[r+1][c]) - m + 1
	if x1-x0 < CellSize/2 || y1-y0 < CellSize/2 { // lines found badly: nominal
		x0, y0 = c*CellSize+m, r*CellSize+m
		x1, y1 = (c+1)*CellSize-m+1, (r+1)*CellSize-m+1
	}
	return max(x0, 0), max(y0, 0), min(x1, boardSize), min(y1, boardSize)
}

// cellGlyph cuts the glyph of one cell (x0,y0)-(x1,y1) of board b, whose
// ink is ink, or returns nil for an empty cell.
func cellGlyph(b *gray, ink []bool, x0, y0, x1, y1 int) *Glyph {
	d, ok := cellDigit(ink, b.w, x0, y0, x1, y1)
	if !ok {
		return nil
	}
	return d.glyph(b)
}

// digit is the ink of a cell's digit: the cell's ink components, those
// kept as the digit's pieces, and their union's box and size.
type digit struct {
	x0, y0, w, h int // the cell's box on the board
	labels       []int32
	keep         []bool
	u            blob
}

// cellDigit finds the digit of one cell (x0,y0)-(x1,y1) of a board whose
// ink is ink, reporting false for an empty cell. The digit is the ink blob
// nearest the centre with the pieces around it (thin pen strokes break up),
// judged as a whole.
func cellDigit(ink []bool, stride, x0, y0, x1, y1 int) (digit, bool) {
	return digitIn(cellInk(ink, stride, x0, y0, x1, y1), x0, y0, x1-x0, y1-y0)
}

// cellInk copies the ink of box (x0,y0)-(x1,y1) out of a board's ink.
func cellInk(ink []bool, stride, x0, y0, x1, y1 int) []bool {
	w, h := x1-x0, y1-y0
	sub := make([]bool, w*h)
	for y := 0; y < h; y++ {
		copy(sub[y*w:(y+1)*w], ink[(y0+y)*stride+x0:(y0+y)*stride+x1])
	}
	return sub
}

// digitIn is cellDigit on the cell's own ink sub, w x h, whose top left is
// (x0, y0) on the board.
func digitIn(sub []bool, x0, y0, w, h int) (digit, bool) {
	labels, blobs := components(sub, w, h)
	cx, cy := float64(w-1)/2, float64(h-1)/2
	piece := func(b blob) bool {
		if b.n < 3 || lineRemains(b, w, h) {
			return false
		}
		bx, by := float64(b.minX+b.maxX)/2, float64(b.minY+b.maxY)/2
		return math.Abs(bx-cx) <= 0.36*CellSize && math.Abs(by-cy) <= 0.36*CellSize
	}
	// Seed: the largest piece whose box centre is well inside the cell.
	main := -1
	for i, bl := range blobs {
		if !piece(bl) || bl.n < 6 {
			continue
		}
		bx, by := float64(bl.minX+bl.maxX)/2, float64(bl.minY+bl.maxY)/2
		if math.Abs(bx-cx) > 0.3*CellSize || math.Abs(by-cy) > 0.3*CellSize {
			continue
		}
		if main < 0 || bl.n > blobs[main].n {
			main = i
		}
	}
	if main < 0 {
		return digit{}, false
	}
	m := blobs[main]
	keep := make([]bool, len(blobs)+1)
	keep[m.label] = true
	u := m // the union's box and size
	const gap = 6
	for grown := true; grown; {
		grown = false
		for _, bl := range blobs {
			if keep[bl.label] || !piece(bl) || touchesEdge(bl, w, h) {
				continue
			}
			if bl.maxX >= u.minX-gap && bl.minX <= u.maxX+gap && bl.maxY >= u.minY-gap && bl.minY <= u.maxY+gap {
				nx0, ny0, nx1, ny1 := min(u.minX, bl.minX), min(u.minY, bl.minY), max(u.maxX, bl.maxX), max(u.maxY, bl.maxY)
				if nx1-nx0+1 > w*9/10 || ny1-ny0+1 > h*9/10 {
					continue // would span the cell
				}
				keep[bl.label] = true
				u.minX, u.minY, u.maxX, u.maxY, u.n = nx0, ny0, nx1, ny1, u.n+bl.n
				grown = true
			}
		}
	}
	if !digitLike(u, w, h) {
		return digit{}, false
	}
	return digit{x0, y0, w, h, labels, keep, u}, true
}

// glyph normalises the digit of board b. Its pixels are weighted by how
// dark they are between the cell's paper and the digit's own darkest ink,
// so that a light pencil stroke and a bold printed digit give alike
// glyphs.
func (d *digit) glyph(b *gray) *Glyph {
	stride, x0, y0, w, h := b.w, d.x0, d.y0, d.w, d.h
	labels, keep, u := d.labels, d.keep, d.u
	// Paper: the mean of the cell's non-ink pixels; ink: the darkest tenth
	// of the digit's pixels.
	var paperSum, paperN int
	var hist [256]int
	kept := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := b.pix[(y0+y)*stride+x0+x]
			if l := labels[y*w+x]; keep[l] {
				hist[p]++
				kept++
			} else if l == 0 {
				paperSum += int(p)
				paperN++
			}
		}
	}
	paper := 255.0
	if paperN > 0 {
		paper = float64(paperSum) / float64(paperN)
	}
	dark, acc := 0.0, 0
	for v := 0; v < 256; v++ {
		acc += hist[v]
		if acc*10 >= kept {
			dark = float64(v)
			break
		}
	}
	span := max(paper-dark, 8)
	// The digit's pixels and their neighbours (its strokes' soft edges).
	near := make([]bool, w*h)
	for y := u.minY; y <= u.maxY; y++ {
		for x := u.minX; x <= u.maxX; x++ {
			if !keep[labels[y*w+x]] || labels[y*w+x] == 0 {
				continue
			}
			for yy := max(y-1, 0); yy <= min(y+1, h-1); yy++ {
				for xx := max(x-1, 0); xx <= min(x+1, w-1); xx++ {
					near[yy*w+xx] = true
				}
			}
		}
	}
	val := func(x, y int) float32 {
		if !near[y*w+x] {
			return 0
		}
		v := (paper - float64(b.pix[(y0+y)*stride+x0+x])) / span
		return float32(max(0, min(1, v)))
	}
	return normalise(val, u.minX, u.minY, u.maxX, u.maxY)
}

// lineRemains tells a blob that is what is left of a grid line at the
// cell's edge.
func lineRemains(b blob, w, h int) bool {
	bw, bh := b.maxX-b.minX+1, b.maxY-b.minY+1
	if (b.minX == 0 || b.maxX == w-1) && bw <= CellSize/6 && bh > 2*bw {
		return true
	}
	if (b.minY == 0 || b.maxY == h-1) && bh <= CellSize/6 && bw > 2*bh {
		return true
	}
	return bw >= w-1 || bh >= h-1
}

func touchesEdge(b blob, w, h int) bool {
	return b.minX == 0 || b.minY == 0 || b.maxX == w-1 || b.maxY == h-1
}

// digitLike tells a blob that may be a digit from noise and line remains.
func digitLike(b blob, w, h int) bool {
	bw, bh := b.maxX-b.minX+1, b.maxY-b.minY+1
	if bh < CellSize/5 || b.n < CellSize/2 {
		return false
	}
	cx, cy := float64(b.minX+b.maxX)/2, float64(b.minY+b.maxY)/2
	if math.Abs(cx-float64(w-1)/2) > 0.3*CellSize || math.Abs(cy-float64(h-1)/2) > 0.3*CellSize {
		return false
	}
	if (b.minX == 0 || b.maxX == w-1) && bw <= CellSize/6 {
		return false // a vertical line's remains
	}
	if (b.minY == 0 || b.maxY == h-1) && bh <= CellSize/6 {
		return false
	}
	if bw >= w-1 && bh >= h-1 {
		return false // spans the whole cell: lines, not a digit
	}
	return true
}

// normalise scales the ink values (0..1) in box (x0,y0)-(x1,y1) (inclusive) to fit 20x20
// keeping its aspect, and centres it by centre of mass in a 28x28 glyph,
// like MNIST. Each glyph pixel is the mean of 4x4 points spread over it,
// each interpolated bilinearly between the source pixels' centres, so
// that a small digit scaled up stays smooth and a large one scaled down
// keeps its thin strokes.
func normalise(inkAt func(x, y int) float32, x0, y0, x1, y1 int) *Glyph {
	bw, bh := x1-x0+1, y1-y0+1
	s := 20 / float64(max(bw, bh)) // glyph pixels per source pixel
	ow, oh := max(1, int(math.Round(float64(bw)*s))), max(1, int(math.Round(float64(bh)*s)))
	// The source with a border of zeros, one pixel wide on each side.
	pw := bw + 2
	src := make([]float32, pw*(bh+2))
	for y := 0; y < bh; y++ {
		for x := 0; x < bw; x++ {
			src[(y+1)*pw+x+1] = inkAt(x0+x, y0+y)
		}
	}
	const sub = 4
	// Where each sub-sample falls: the source pixel before it (in the
	// bordered source) and the fraction towards the next.
	taps := func(n, lim int) ([]int, []float32) {
		idx, frac := make([]int, n*sub), make([]float32, n*sub)
		for g := 0; g < n; g++ {
			for i := 0; i < sub; i++ {
				u := (float64(g)+(float64(i)+0.5)/sub)/s - 0.5
				f := math.Floor(u)
				k := int(f) + 1
				if k < 0 {
					k, f, u = 0, 0, 0
				}
				if k > lim {
					k, f, u = lim, 0, 0
				}
				idx[g*sub+i], frac[g*sub+i] = k, float32(u-f)
			}
		}
		return idx, frac
	}
	xi, xf := taps(ow, bw)
	yi, yf := taps(oh, bh)
	small := make([]float32, ow*oh)
	for gy := 0; gy < oh; gy++ {
		for gx := 0; gx < ow; gx++ {
			var sum float32
			for j := 0; j < sub; j++ {
				r0 := src[yi[gy*sub+j]*pw:]
				r1 := src[(yi[gy*sub+j]+1)*pw:]
				fy := yf[gy*sub+j]
				for i := 0; i < sub; i++ {
					k, fx := xi[gx*sub+i], xf[gx*sub+i]
					top := r0[k] + (r0[k+1]-r0[k])*fx
					bot := r1[k] + (r1[k+1]-r1[k])*fx
					sum += top + (bot-top)*fy
				}
			}
			small[gy*ow+gx] = sum / (sub * sub)
		}
	}
	var mx, my, mass float64
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			v := float64(min(small[y*ow+x], 1))
			small[y*ow+x] = float32(v)
			mx += v * (float64(x) + 0.5)
			my += v * (float64(y) + 0.5)
			mass += v
		}
	}
	g := new(Glyph)
	if mass == 0 {
		return g
	}
	dx := int(math.Round(GlyphSize/2 - mx/mass))
	dy := int(math.Round(GlyphSize/2 - my/mass))
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			gx, gy := x+dx, y+dy
			if gx >= 0 && gy >= 0 && gx < GlyphSize && gy < GlyphSize {
				g[gy*GlyphSize+gx] = small[y*ow+x]
			}
		}
	}
	return g
}

// board is a grid warped flat, with its glyphs and the cells' boxes.
type board struct {
	img    *gray
	glyphs [81]*Glyph
	boxes  [81][4]int // x0, y0, x1, y1 as cellBox gives them
	ink    []bool     // boardInk
}

// readBoard cuts the 81 glyphs from a board image.
func readBoard(b *gray) *board {
	ink := boardInk(b)
	xs, ys := gridLines(ink)
	bd := &board{img: b, ink: ink}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			x0, y0, x1, y1 := cellBox(&xs, &ys, r, c)
			bd.boxes[r*9+c] = [4]int{x0, y0, x1, y1}
			bd.glyphs[r*9+c] = cellGlyph(b, ink, x0, y0, x1, y1)
		}
	}
	return bd
}

// CellGlyph returns the glyph of one cell image as the board reader would
// cut it (nil when the cell looks empty). The image is resampled to
// CellSize x CellSize; its edges stand where the grid lines would be. It is
// how the trainer turns rendered digits into model inputs.
func CellGlyph(img *image.Gray) *Glyph {
	b := img.Bounds()
	g := &gray{w: CellSize, h: CellSize, pix: make([]uint8, CellSize*CellSize)}
	for y := 0; y < CellSize; y++ {
		for x := 0; x < CellSize; x++ {
			g.pix[y*CellSize+x] = img.GrayAt(b.Min.X+x*b.Dx()/CellSize, b.Min.Y+y*b.Dy()/CellSize).Y
		}
	}
	const m = CellSize / 9
	return cellGlyph(g, boardInk(g), m, m, CellSize-m+1, CellSize-m+1)
}

// contrast returns how much darker the digit's pixels are on average than
// the cell's paper (its pixels outside any ink), in units of the paper's
// standard deviation (at least 1): a faint but real stroke stands out of the
// paper's grain, a blob of grain or shading does not.
func (d *digit) contrast(b *gray) float64 {
	var ps, pss, ks float64
	var pn, kn int
	for y := 0; y < d.h; y++ {
		for x := 0; x < d.w; x++ {
			v := float64(b.pix[(d.y0+y)*b.w+d.x0+x])
			switch l := d.labels[y*d.w+x]; {
			case d.keep[l]:
				ks += v
				kn++
			case l == 0:
				ps += v
				pss += v * v
				pn++
			}
		}
	}
	if pn == 0 || kn == 0 {
		return 0
	}
	mean := ps / float64(pn)
	sd := math.Sqrt(max(pss/float64(pn)-mean*mean, 1))
	return (mean - ks/float64(kn)) / sd
}
