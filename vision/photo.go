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

// Photo is a decoded photo: its greyscale work image (at most WorkSize
// pixels a side, upright), which Read reads, and the picture Overlay
// draws on: the image as decoded, a copy of it scaled down to at most
// Options.OverlaySize pixels a side, or none, with its EXIF orientation,
// so that turning it upright never copies the full image. DecodePhoto
// makes both as soon as the photo is decoded (a non-interlaced PNG row by
// row), so a Photo that keeps no full-size picture never held one longer
// than the decoding; the decoded image's size is bounded by
// Options.MaxDecodedBytes.
type Photo struct {
	img         image.Image // the picture Overlay draws on, as stored; nil: none
	scale       float64     // img's size over the stored photo's; 0 means 1
	orientation int         // EXIF 1..8; 1 when upright as stored or ignored
	// Width and Height are the upright photo's size in pixels.
	Width, Height int

	grey *gray // the upright work image; nil: made from img when read
	k    int   // the shrink factor of grey
}

// DecodePhoto reads a photo within the limits of opts: its file size, its
// pixels and the memory its decoded image takes. It keeps the work image
// and, for Overlay, the picture that opts.OverlaySize asks for; the
// decoded image is dropped as soon as they are made.
func DecodePhoto(r io.Reader, opts Options) (*Photo, error) {
	data, err := io.ReadAll(io.LimitReader(r, opts.maxBytes()+1))
	if err != nil {
		return nil, fmt.Errorf("reading image: %w", err)
	}
	if int64(len(data)) > opts.maxBytes() {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, opts.maxBytes())
	}
	cfg, format, err := checkImage(data, opts)
	if err != nil {
		return nil, err
	}
	w, h := cfg.Width, cfg.Height
	p := &Photo{orientation: 1, Width: w, Height: h, k: shrinkFactor(image.Rect(0, 0, w, h), WorkSize)}
	if !opts.IgnoreEXIF && format == "jpeg" {
		p.orientation = exifOrientation(data)
	}
	if p.orientation >= 5 {
		p.Width, p.Height = h, w
	}
	// The colour copy to keep: cw x ch, scaled by p.scale; none when keep
	// is negative, the decoded image itself when it fits.
	keep, cw, ch := opts.overlaySize(), 0, 0
	if m := max(w, h); keep > 0 && m > keep {
		p.scale = float64(keep) / float64(m)
		cw, ch = scaledSize(w, h, p.scale)
	}
	if format == "png" && !pngInterlaced(data) {
		if keep > 0 && cw == 0 { // the photo fits: a copy at full size
			cw, ch = w, h
		}
		s := newShrinker(w, h, p.k, cw, ch)
		if err := streamPNG(data, s); err != nil {
			return nil, err
		}
		p.grey = s.g
		if s.c != nil {
			p.img = s.c
		}
		return p, nil
	}
	img, err := decodeChecked(data, format)
	if err != nil {
		return nil, err
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h { // a GIF's first frame, smaller than its screen
		w, h = b.Dx(), b.Dy()
		p.Width, p.Height, p.k = w, h, shrinkFactor(b, WorkSize)
		if p.scale > 0 {
			cw, ch = scaledSize(w, h, p.scale)
		}
	}
	s := newShrinker(w, h, p.k, cw, ch)
	s.feed(img)
	p.grey = orientGray(s.g, p.orientation)
	switch {
	case s.c != nil:
		p.img = s.c
	case keep > 0:
		p.img, p.scale = img, 0
	}
	return p, nil
}

// streamPNG feeds the rows of a non-interlaced PNG to s.
func streamPNG(data []byte, s *shrinker) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &FormatError{Msg: fmt.Sprintf("png decoder failed: %v", p)}
		}
	}()
	if err := pngRows(data, s.row); err != nil {
		return decodeErr(err, "png")
	}
	if s.fed != s.h {
		return &FormatError{Msg: "png with fewer rows than its header says"}
	}
	return nil
}

// PhotoOf wraps an upright decoded image.
func PhotoOf(img image.Image) *Photo {
	b := img.Bounds()
	return &Photo{img: img, orientation: 1, Width: b.Dx(), Height: b.Dy()}
}

// work returns the upright greyscale work image and its shrink factor.
func (p *Photo) work() (*gray, int) {
	if p.grey != nil {
		return p.grey, p.k
	}
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
// longer side is at most maxSide pixels (0: full size) and at most that of
// the picture the Photo kept (Options.OverlaySize), with the digits of
// solution that res lacks drawn into their cells, as Overlay does. A
// Photo that kept no picture draws on its greyscale work image.
func (p *Photo) Overlay(res *Result, solution sudoku.Grid, maxSide int) *image.RGBA {
	src, o, kept := p.img, p.orientation, p.scale
	if kept == 0 {
		kept = 1
	}
	if src == nil {
		g, k := p.work()
		src, o, kept = &image.Gray{Pix: g.pix, Stride: g.w, Rect: image.Rect(0, 0, g.w, g.h)}, 1, 1/float64(k)
	}
	s := kept
	if m := max(p.Width, p.Height); maxSide > 0 && float64(maxSide) < s*float64(m) {
		s = float64(maxSide) / float64(m)
	}
	w, h := p.Width, p.Height // the photo's size as src is stored
	if o >= 5 && o <= 8 {
		w, h = h, w
	}
	out := upright(src, o, w, h, s)
	scaled := *res
	for i, c := range res.Corners {
		scaled.Corners[i] = Point2{c.X * s, c.Y * s}
	}
	drawSolution(out, &scaled, solution)
	return out
}

// upright returns src, a picture of a w x h photo as stored (of any size),
// turned upright by EXIF orientation o and drawn at the photo's size
// scaled by s (at most 1).
func upright(src image.Image, o, w, h int, s float64) *image.RGBA {
	b := src.Bounds()
	sw, sh := scaledSize(w, h, s)
	stored := image.NewRGBA(image.Rect(0, 0, sw, sh))
	if b.Dx() == sw && b.Dy() == sh {
		draw.Draw(stored, stored.Bounds(), src, b.Min, draw.Src)
	} else {
		xdraw.ApproxBiLinear.Scale(stored, stored.Bounds(), src, b, draw.Src, nil)
	}
	if o <= 1 || o > 8 {
		return stored
	}
	if o >= 5 {
		w, h = sh, sw
	} else {
		w, h = sw, sh
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx, sy := orientSource(o, x, y, sw, sh)
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
