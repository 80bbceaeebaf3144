package vision

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"

	xdraw "golang.org/x/image/draw"

	"sudoku"
)

// Photo is a decoded photo: the image as stored and its EXIF orientation,
// so that turning it upright never copies the full image. Read reads it
// through a greyscale work image of at most WorkSize pixels a side;
// Overlay draws a solution onto an upright copy of bounded size. The
// decoded image is the only large thing a Photo holds, and its size is
// bounded by Options.MaxDecodedBytes.
type Photo struct {
	img         image.Image
	orientation int // EXIF 1..8; 1 when upright as stored or ignored
	// Width and Height are the upright photo's size in pixels.
	Width, Height int
}

// DecodePhoto reads a photo within the limits of opts: its file size, its
// pixels and the memory its decoded image takes.
func DecodePhoto(r io.Reader, opts Options) (*Photo, error) {
	data, err := io.ReadAll(io.LimitReader(r, opts.maxBytes()+1))
	if err != nil {
		return nil, fmt.Errorf("reading image: %w", err)
	}
	if int64(len(data)) > opts.maxBytes() {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, opts.maxBytes())
	}
	img, format, err := decodeRaw(data, opts)
	if err != nil {
		return nil, err
	}
	p := &Photo{img: img, orientation: 1}
	if !opts.IgnoreEXIF && format == "jpeg" {
		p.orientation = exifOrientation(data)
	}
	b := img.Bounds()
	p.Width, p.Height = b.Dx(), b.Dy()
	if p.orientation >= 5 {
		p.Width, p.Height = p.Height, p.Width
	}
	return p, nil
}

// PhotoOf wraps an upright decoded image.
func PhotoOf(img image.Image) *Photo {
	b := img.Bounds()
	return &Photo{img: img, orientation: 1, Width: b.Dx(), Height: b.Dy()}
}

// work returns the upright greyscale work image and its shrink factor.
func (p *Photo) work() (*gray, int) {
	k := shrinkFactor(p.img.Bounds(), WorkSize)
	return orientGray(toGray(p.img, k), p.orientation), k
}

// orientGray turns a stored greyscale image upright.
func orientGray(g *gray, o int) *gray {
	if o <= 1 || o > 8 {
		return g
	}
	w, h := g.w, g.h
	out := &gray{w: w, h: h, pix: make([]uint8, w*h)}
	if o >= 5 {
		out.w, out.h = h, w
	}
	for y := 0; y < out.h; y++ {
		for x := 0; x < out.w; x++ {
			sx, sy := orientSource(o, x, y, w, h)
			out.pix[y*out.w+x] = g.pix[sy*w+sx]
		}
	}
	return out
}

// Read reads the Sudoku grid in the photo, stopping with ctx's error when
// ctx is done (checked between the stages of the reading).
func (p *Photo) Read(ctx context.Context, opts Options) (*Result, error) {
	opts.ctx = ctx
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	g, k := p.work()
	return readWork(g, k, image.Point{}, opts)
}

// Overlay returns an upright copy of the photo, scaled down so that its
// longer side is at most maxSide pixels (0: full size), with the digits of
// solution that res lacks drawn into their cells, as Overlay does.
func (p *Photo) Overlay(res *Result, solution sudoku.Grid, maxSide int) *image.RGBA {
	s := 1.0
	if m := max(p.Width, p.Height); maxSide > 0 && m > maxSide {
		s = float64(maxSide) / float64(m)
	}
	out := p.upright(s)
	scaled := *res
	for i, c := range res.Corners {
		scaled.Corners[i] = Point2{c.X * s, c.Y * s}
	}
	drawSolution(out, &scaled, solution)
	return out
}

// upright returns the photo turned upright and scaled by s (at most 1).
func (p *Photo) upright(s float64) *image.RGBA {
	b := p.img.Bounds()
	sw, sh := max(1, int(float64(b.Dx())*s)), max(1, int(float64(b.Dy())*s))
	stored := image.NewRGBA(image.Rect(0, 0, sw, sh))
	if s == 1 {
		draw.Draw(stored, stored.Bounds(), p.img, b.Min, draw.Src)
	} else {
		xdraw.ApproxBiLinear.Scale(stored, stored.Bounds(), p.img, b, draw.Src, nil)
	}
	if p.orientation <= 1 || p.orientation > 8 {
		return stored
	}
	w, h := sw, sh
	if p.orientation >= 5 {
		w, h = sh, sw
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx, sy := orientSource(p.orientation, x, y, sw, sh)
			copy(out.Pix[y*out.Stride+4*x:][:4], stored.Pix[sy*stored.Stride+4*sx:][:4])
		}
	}
	return out
}

// decodedSize estimates the bytes the decoders hold for an image: the
// pixels at the colour model's depth (JPEG at full chroma, progressive
// JPEG with its coefficients, interlaced PNG with its passes).
func decodedSize(cfg image.Config, format string, data []byte) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	var per int64
	switch cfg.ColorModel {
	case color.GrayModel, color.AlphaModel:
		per = 1
	case color.Gray16Model, color.Alpha16Model:
		per = 2
	case color.RGBA64Model, color.NRGBA64Model:
		per = 8
	case color.YCbCrModel:
		per = 3
	case color.NYCbCrAModel:
		per = 4
	case color.CMYKModel:
		per = 4
	default:
		per = 4
		if _, ok := cfg.ColorModel.(color.Palette); ok {
			per = 1
		}
	}
	n := px * per
	switch {
	case format == "jpeg" && progressiveJPEG(data):
		n += px * 2 * per // 16-bit coefficients of every component
	case format == "png" && len(data) > 28 && data[28] == 1: // IHDR's interlace method
		n *= 2
	}
	return n
}

// progressiveJPEG reports whether JPEG data has a progressive frame
// header (SOF2).
func progressiveJPEG(data []byte) bool {
	return bytes.Contains(data[:min(len(data), 1<<16)], []byte{0xFF, 0xC2})
}
