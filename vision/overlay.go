package vision

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"sudoku"
)

// OverlayColor is the colour Overlay writes digits in.
var OverlayColor = color.RGBA{0x12, 0x4d, 0xe0, 0xff}

// Overlay returns a copy of the photo img with the digits of solution that
// the read grid lacks drawn into their cells, in perspective (through the
// inverse of the homography that flattened the grid), in OverlayColor.
// res must come from reading img.
func Overlay(img image.Image, res *Result, solution sudoku.Grid) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	draw.Draw(out, b, img, b.Min, draw.Src)
	drawSolution(out, res, solution)
	return out
}

// drawSolution draws the digits of solution that res lacks onto out, whose
// pixels are the photo's in res.Corners' coordinates.
func drawSolution(out *image.RGBA, res *Result, solution sudoku.Grid) {
	sq := [4]Point2{{0, 0}, {boardSize, 0}, {boardSize, boardSize}, {0, boardSize}}
	toPhoto, ok1 := homographyFrom(sq, res.Corners)
	toBoard, ok2 := homographyFrom(res.Corners, sq)
	if !ok1 || !ok2 {
		return
	}
	masks := digitMasks()
	for c := 0; c < 81; c++ {
		d := solution[c]
		if res.Grid[c] != 0 || d < 1 || d > 9 {
			continue
		}
		drawCell(out, &toPhoto, &toBoard, c/9, c%9, masks[d])
	}
}

// drawCell paints mask into cell (r, c): the digit is 70% of the cell's
// height, centred.
func drawCell(out *image.RGBA, toPhoto, toBoard *homography, r, c int, m *image.Alpha) {
	x0, y0 := float64(c*CellSize), float64(r*CellSize)
	minX, minY, maxX, maxY := 1e18, 1e18, -1e18, -1e18
	for _, p := range []Point2{{x0, y0}, {x0 + CellSize, y0}, {x0, y0 + CellSize}, {x0 + CellSize, y0 + CellSize}} {
		q := toPhoto.apply(p)
		minX, minY, maxX, maxY = min(minX, q.X), min(minY, q.Y), max(maxX, q.X), max(maxY, q.Y)
	}
	b := out.Bounds()
	mb := m.Bounds()
	h := 0.7 * CellSize
	scale := float64(mb.Dy()) / h // mask pixels per board pixel
	w := float64(mb.Dx()) / scale
	left, top := x0+(CellSize-w)/2, y0+(CellSize-h)/2
	for y := max(int(minY), b.Min.Y); y <= min(int(maxY)+1, b.Max.Y-1); y++ {
		for x := max(int(minX), b.Min.X); x <= min(int(maxX)+1, b.Max.X-1); x++ {
			p := toBoard.apply(Point2{float64(x) + 0.5, float64(y) + 0.5})
			mx, my := int((p.X-left)*scale), int((p.Y-top)*scale)
			if mx < 0 || my < 0 || mx >= mb.Dx() || my >= mb.Dy() {
				continue
			}
			a := uint32(m.Pix[my*m.Stride+mx])
			if a == 0 {
				continue
			}
			i := out.PixOffset(x, y)
			px := out.Pix[i : i+4]
			for k, v := range []uint8{OverlayColor.R, OverlayColor.G, OverlayColor.B} {
				px[k] = uint8((uint32(v)*a + uint32(px[k])*(255-a)) / 255)
			}
			px[3] = 255
		}
	}
}

var (
	masksOnce sync.Once
	masks     [10]*image.Alpha
)

// digitMasks renders the digits 1..9 in Go Bold, each cropped to its ink.
func digitMasks() *[10]*image.Alpha {
	masksOnce.Do(func() {
		f, err := opentype.Parse(gobold.TTF)
		if err != nil {
			panic(err) // the embedded font is known good
		}
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 96, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			panic(err)
		}
		for d := 1; d <= 9; d++ {
			a := image.NewAlpha(image.Rect(0, 0, 128, 128))
			dr := font.Drawer{Dst: a, Src: image.Opaque, Face: face, Dot: fixed.P(20, 110)}
			dr.DrawString(strconv.Itoa(d))
			masks[d] = crop(a)
		}
	})
	return &masks
}

func crop(a *image.Alpha) *image.Alpha {
	r := image.Rectangle{}
	b := a.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if a.AlphaAt(x, y).A > 0 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	out := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		copy(out.Pix[y*out.Stride:(y+1)*out.Stride], a.Pix[(r.Min.Y+y)*a.Stride+r.Min.X:])
	}
	return out
}
