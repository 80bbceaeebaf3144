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
	}
	return xs, ys
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

// cellGlyph cuts the glyph of one cell from the board's ink, or returns
// nil for an empty cell.
func cellGlyph(ink []bool, stride, x0, y0, x1, y1 int) *Glyph {
	w, h := x1-x0, y1-y0
	sub := make([]bool, w*h)
	for y := 0; y < h; y++ {
		copy(sub[y*w:(y+1)*w], ink[(y0+y)*stride+x0:(y0+y)*stride+x1])
	}
	labels, blobs := components(sub, w, h)
	main := -1
	for i, b := range blobs {
		if !digitLike(b, w, h) {
			continue
		}
		if main < 0 || b.n > blobs[main].n {
			main = i
		}
	}
	if main < 0 {
		return nil
	}
	m := blobs[main]
	keep := map[int32]bool{m.label: true}
	bx0, by0, bx1, by1 := m.minX, m.minY, m.maxX, m.maxY
	for _, b := range blobs {
		if b.label == m.label || b.n < 3 || touchesEdge(b, w, h) {
			continue
		}
		if b.maxX >= m.minX-3 && b.minX <= m.maxX+3 && b.maxY >= m.minY-3 && b.minY <= m.maxY+3 {
			keep[b.label] = true
			bx0, by0, bx1, by1 = min(bx0, b.minX), min(by0, b.minY), max(bx1, b.maxX), max(by1, b.maxY)
		}
	}
	return normalise(func(x, y int) bool { return keep[labels[y*w+x]] }, bx0, by0, bx1, by1)
}

func touchesEdge(b blob, w, h int) bool {
	return b.minX == 0 || b.minY == 0 || b.maxX == w-1 || b.maxY == h-1
}

// digitLike tells a blob that may be a digit from noise and line remains.
func digitLike(b blob, w, h int) bool {
	bw, bh := b.maxX-b.minX+1, b.maxY-b.minY+1
	if bh < CellSize/4 || b.n < CellSize/2 {
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

// normalise scales the ink in box (x0,y0)-(x1,y1) (inclusive) to fit 20x20
// keeping its aspect, by area averaging, and centres it by centre of mass in
// a 28x28 glyph, like MNIST.
func normalise(isInk func(x, y int) bool, x0, y0, x1, y1 int) *Glyph {
	bw, bh := x1-x0+1, y1-y0+1
	s := 20 / float64(max(bw, bh)) // glyph pixels per source pixel
	ow, oh := max(1, int(math.Round(float64(bw)*s))), max(1, int(math.Round(float64(bh)*s)))
	small := make([]float32, ow*oh)
	// Each source pixel spreads over the glyph pixels it covers, with
	// subsampling 4x4 per source pixel for smooth edges.
	const sub = 4
	wgt := float32(1) / float32(sub*sub) * float32(s*s)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if !isInk(x, y) {
				continue
			}
			for j := 0; j < sub; j++ {
				gy := int((float64(y-y0) + (float64(j)+0.5)/sub) * s)
				for i := 0; i < sub; i++ {
					gx := int((float64(x-x0) + (float64(i)+0.5)/sub) * s)
					if gx < ow && gy < oh {
						small[gy*ow+gx] += wgt
					}
				}
			}
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

// board is a grid warped flat, with its glyphs.
type board struct {
	img    *gray
	glyphs [81]*Glyph
}

// readBoard cuts the 81 glyphs from a board image.
func readBoard(b *gray) *board {
	ink := boardInk(b)
	xs, ys := gridLines(ink)
	bd := &board{img: b}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			x0, y0, x1, y1 := cellBox(&xs, &ys, r, c)
			bd.glyphs[r*9+c] = cellGlyph(ink, boardSize, x0, y0, x1, y1)
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
	return cellGlyph(boardInk(g), CellSize, m, m, CellSize-m+1, CellSize-m+1)
}
