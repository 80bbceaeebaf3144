package vision

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"io"
)

// This file decodes a non-interlaced PNG row by row, so that a photo of
// 6320x6320 pixels is shrunk to what the reader keeps without its 152 MiB
// of pixels ever being in memory at once. Each row is handed over as a
// one-row image of the type and with the pixels image/png gives the whole
// image (the same colour model for each colour type, bit depth and
// transparency), so that what is made from the rows equals what is made
// from image/png's image. Chunks are checked as image/png checks them
// (order, lengths, CRCs, the zlib checksum).

// errInterlaced means the PNG is interlaced: its rows come in seven passes
// over the image, and it is decoded whole instead.
var errInterlaced = errors.New("interlaced PNG")

// pngFormatError is a malformed PNG.
type pngFormatError string

func (e pngFormatError) Error() string { return "png: invalid format: " + string(e) }

// pngSignature is the PNG signature.
const pngSignature = "\x89PNG\r\n\x1a\n"

// pngRows decodes the PNG data row by row, top to bottom, calling fn with
// each row (row y of img; img and its pixels are reused for the next
// row). It returns errInterlaced, before calling fn, for an interlaced PNG.
func pngRows(data []byte, fn func(img image.Image, y int)) error {
	if len(data) < len(pngSignature) || string(data[:len(pngSignature)]) != pngSignature {
		return pngFormatError("not a PNG file")
	}
	d := pngStream{rest: data[len(pngSignature):]}
	const (
		start = iota
		seenIHDR
		seenPLTE
		seentRNS
		seenIDAT
	)
	stage := start
	for {
		typ, body, err := d.chunk()
		if err != nil {
			return err
		}
		switch typ {
		case "IHDR":
			if stage != start {
				return pngFormatError("chunk out of order")
			}
			stage = seenIHDR
			if err := d.header(body); err != nil {
				return err
			}
		case "PLTE":
			if stage != seenIHDR {
				return pngFormatError("chunk out of order")
			}
			stage = seenPLTE
			if err := d.plte(body); err != nil {
				return err
			}
		case "tRNS":
			switch {
			case d.paletted():
				if stage != seenPLTE {
					return pngFormatError("chunk out of order")
				}
			case d.ctype == 2:
				if stage != seenIHDR && stage != seenPLTE {
					return pngFormatError("chunk out of order")
				}
			case stage != seenIHDR:
				return pngFormatError("chunk out of order")
			}
			stage = seentRNS
			if err := d.trns(body); err != nil {
				return err
			}
		case "IDAT":
			if stage < seenIHDR || (stage == seenIHDR && d.paletted()) {
				return pngFormatError("chunk out of order")
			}
			if stage == seenIDAT { // trailing IDAT chunks are ignored, as image/png does
				continue
			}
			stage = seenIDAT
			if d.interlaced {
				return errInterlaced
			}
			if err := d.pixels(body, fn); err != nil {
				return err
			}
		case "IEND":
			if stage != seenIDAT {
				return pngFormatError("chunk out of order")
			}
			if len(body) != 0 {
				return pngFormatError("bad IEND length")
			}
			return nil
		}
	}
}

// pngStream is the state of a PNG being decoded.
type pngStream struct {
	rest []byte // the chunks not read yet

	width, height int
	depth, ctype  int
	interlaced    bool
	palette       color.Palette // 256 entries, as image/png fills them
	npal          int           // entries of PLTE
	trans         []byte        // the tRNS chunk
}

func (d *pngStream) paletted() bool { return d.ctype == 3 }

// chunk returns the next chunk, its CRC checked.
func (d *pngStream) chunk() (string, []byte, error) {
	if len(d.rest) < 8 {
		return "", nil, io.ErrUnexpectedEOF
	}
	n := binary.BigEndian.Uint32(d.rest)
	if n > 0x7fffffff {
		return "", nil, pngFormatError(fmt.Sprintf("Bad chunk length: %d", n))
	}
	if uint64(len(d.rest)) < 12+uint64(n) {
		return "", nil, io.ErrUnexpectedEOF
	}
	c := d.rest[4 : 8+n]
	if binary.BigEndian.Uint32(d.rest[8+n:]) != crc32.ChecksumIEEE(c) {
		return "", nil, pngFormatError("invalid checksum")
	}
	d.rest = d.rest[12+n:]
	return string(c[:4]), c[4:], nil
}

// header reads IHDR.
func (d *pngStream) header(b []byte) error {
	if len(b) != 13 {
		return pngFormatError("bad IHDR length")
	}
	if b[10] != 0 || b[11] != 0 {
		return pngFormatError("unsupported compression or filter method")
	}
	if b[12] > 1 {
		return pngFormatError("invalid interlace method")
	}
	d.interlaced = b[12] == 1
	w, h := int32(binary.BigEndian.Uint32(b)), int32(binary.BigEndian.Uint32(b[4:]))
	if w <= 0 || h <= 0 {
		return pngFormatError("non-positive dimension")
	}
	d.width, d.height = int(w), int(h)
	d.depth, d.ctype = int(b[8]), int(b[9])
	ok := false
	switch d.ctype {
	case 0: // greyscale
		ok = d.depth == 1 || d.depth == 2 || d.depth == 4 || d.depth == 8 || d.depth == 16
	case 3: // paletted
		ok = d.depth == 1 || d.depth == 2 || d.depth == 4 || d.depth == 8
	case 2, 4, 6: // true colour, greyscale with alpha, true colour with alpha
		ok = d.depth == 8 || d.depth == 16
	}
	if !ok {
		return pngFormatError(fmt.Sprintf("unsupported bit depth %d, color type %d", d.depth, d.ctype))
	}
	return nil
}

// plte reads PLTE: the palette, the entries it lacks opaque black.
func (d *pngStream) plte(b []byte) error {
	np := len(b) / 3
	if len(b)%3 != 0 || np <= 0 || np > 256 || np > 1<<d.depth {
		return pngFormatError("bad PLTE length")
	}
	switch d.ctype {
	case 3:
		d.palette = make(color.Palette, 256)
		for i := range d.palette {
			d.palette[i] = color.RGBA{0, 0, 0, 0xff}
		}
		for i := 0; i < np; i++ {
			d.palette[i] = color.RGBA{b[3*i], b[3*i+1], b[3*i+2], 0xff}
		}
		d.npal = np
	case 2, 6: // optional and ignored for true colour
	default:
		return pngFormatError("PLTE, color type mismatch")
	}
	return nil
}

// trns reads tRNS: a transparent grey or colour, or the palette's alphas.
func (d *pngStream) trns(b []byte) error {
	switch d.ctype {
	case 0:
		if len(b) != 2 {
			return pngFormatError("bad tRNS length")
		}
	case 2:
		if len(b) != 6 {
			return pngFormatError("bad tRNS length")
		}
	case 3:
		if len(b) > 256 {
			return pngFormatError("bad tRNS length")
		}
		for i, a := range b {
			c := d.palette[i].(color.RGBA)
			d.palette[i] = color.NRGBA{c.R, c.G, c.B, a}
		}
		d.npal = max(d.npal, len(b))
		return nil
	default:
		return pngFormatError("tRNS, color type mismatch")
	}
	d.trans = append([]byte(nil), b...)
	if d.ctype == 0 { // the grey as image/png compares it: scaled to 8 bits below depth 8
		switch d.depth {
		case 1:
			d.trans[1] *= 0xff
		case 2:
			d.trans[1] *= 0x55
		case 4:
			d.trans[1] *= 0x11
		}
	}
	return nil
}

// idatReader reads the data of consecutive IDAT chunks as one stream. It
// is an io.ByteReader so that zlib reads no further than its stream.
type idatReader struct {
	d   *pngStream
	cur []byte
}

// next makes cur the next IDAT chunk's data when cur is spent.
func (r *idatReader) next() error {
	for len(r.cur) == 0 {
		if len(r.d.rest) < 8 || string(r.d.rest[4:8]) != "IDAT" {
			return pngFormatError("not enough pixel data")
		}
		_, body, err := r.d.chunk()
		if err != nil {
			return err
		}
		r.cur = body
	}
	return nil
}

func (r *idatReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if err := r.next(); err != nil {
		return 0, err
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}

func (r *idatReader) ReadByte() (byte, error) {
	if err := r.next(); err != nil {
		return 0, err
	}
	c := r.cur[0]
	r.cur = r.cur[1:]
	return c, nil
}

// pixels decodes the image data starting with the IDAT chunk first.
func (d *pngStream) pixels(first []byte, fn func(img image.Image, y int)) error {
	ir := &idatReader{d: d, cur: first}
	zr, err := zlib.NewReader(ir)
	if err != nil {
		return err
	}
	defer zr.Close()
	bits := d.depth * [7]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[d.ctype]
	bpp := (bits + 7) / 8
	rowSize := 1 + (int64(bits)*int64(d.width)+7)/8
	if rowSize != int64(int(rowSize)) {
		return pngFormatError("dimension overflow")
	}
	cr, pr := make([]byte, rowSize), make([]byte, rowSize)
	row := d.rowImage()
	for y := 0; y < d.height; y++ {
		if _, err := io.ReadFull(zr, cr); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return pngFormatError("not enough pixel data")
			}
			return err
		}
		if err := unfilter(cr, pr, bpp); err != nil {
			return err
		}
		fn(d.convert(row, cr[1:], y), y)
		pr, cr = cr, pr
	}
	// The zlib stream must end here (its checksum is checked at its end),
	// at the end of an IDAT chunk.
	var one [1]byte
	n := 0
	for i := 0; n == 0 && err == nil; i++ {
		if i == 100 {
			return io.ErrNoProgress
		}
		n, err = zr.Read(one[:])
	}
	if err != nil && err != io.EOF {
		return pngFormatError(err.Error())
	}
	if n != 0 || len(ir.cur) != 0 {
		return pngFormatError("too much pixel data")
	}
	return nil
}

// unfilter undoes the filter of row cr (its type in cr[0]) given the
// previous row pr, with bpp bytes per pixel.
func unfilter(cr, pr []byte, bpp int) error {
	cdat, pdat := cr[1:], pr[1:]
	switch cr[0] {
	case 0:
	case 1: // sub
		for i := bpp; i < len(cdat); i++ {
			cdat[i] += cdat[i-bpp]
		}
	case 2: // up
		for i, p := range pdat {
			cdat[i] += p
		}
	case 3: // average
		for i := 0; i < bpp && i < len(cdat); i++ {
			cdat[i] += pdat[i] / 2
		}
		for i := bpp; i < len(cdat); i++ {
			cdat[i] += uint8((int(cdat[i-bpp]) + int(pdat[i])) / 2)
		}
	case 4: // Paeth
		for i := range cdat {
			var a, c int
			if i >= bpp {
				a, c = int(cdat[i-bpp]), int(pdat[i-bpp])
			}
			b := int(pdat[i])
			pa, pb, pc := abs(b-c), abs(a-c), abs(a+b-2*c)
			switch {
			case pa <= pb && pa <= pc:
				cdat[i] += uint8(a)
			case pb <= pc:
				cdat[i] += uint8(b)
			default:
				cdat[i] += uint8(c)
			}
		}
	default:
		return pngFormatError("bad filter type")
	}
	return nil
}

// rowImage returns a one-row image of the type image/png decodes this
// PNG to.
func (d *pngStream) rowImage() image.Image {
	r := image.Rect(0, 0, d.width, 1)
	tr := d.trans != nil
	switch {
	case d.ctype == 3:
		return image.NewPaletted(r, d.palette)
	case d.depth <= 8 && (d.ctype == 0 && !tr):
		return image.NewGray(r)
	case d.depth == 8 && d.ctype == 2 && !tr:
		return image.NewRGBA(r)
	case d.depth <= 8:
		return image.NewNRGBA(r)
	case d.ctype == 0 && !tr:
		return image.NewGray16(r)
	case d.ctype == 2 && !tr:
		return image.NewRGBA64(r)
	}
	return image.NewNRGBA64(r)
}

// convert sets row (made by rowImage) to the unfiltered row p, as row y:
// its pixels, or p itself where image/png's pixels are p's bytes.
func (d *pngStream) convert(row image.Image, p []byte, y int) image.Image {
	be := func(i int) uint16 { return uint16(p[i])<<8 | uint16(p[i+1]) }
	w := d.width
	switch m := row.(type) {
	case *image.Gray:
		m.Rect = image.Rect(0, y, w, y+1)
		if d.depth == 8 {
			m.Pix = p[:w:w] // the row itself, not a copy
			break
		}
		for x := range w {
			m.Pix[x] = d.sample(p, x)
		}
	case *image.Paletted:
		m.Rect = image.Rect(0, y, w, y+1)
		if d.depth == 8 {
			m.Pix = p[:w:w]
			break
		}
		for x := range w {
			m.Pix[x] = d.sample(p, x)
		}
	case *image.RGBA:
		m.Rect = image.Rect(0, y, w, y+1)
		for x := range w {
			copy(m.Pix[4*x:], p[3*x:3*x+3])
			m.Pix[4*x+3] = 0xff
		}
	case *image.NRGBA:
		m.Rect = image.Rect(0, y, w, y+1)
		if d.ctype == 6 {
			m.Pix = p[: 4*w : 4*w]
			break
		}
		for x := range w {
			q := m.Pix[4*x : 4*x+4]
			switch d.ctype {
			case 0: // with a transparent grey
				v := d.sample(p, x)
				q[0], q[1], q[2], q[3] = v, v, v, 0xff
				if v == d.trans[1] {
					q[3] = 0
				}
			case 2: // with a transparent colour
				copy(q, p[3*x:3*x+3])
				q[3] = 0xff
				if q[0] == d.trans[1] && q[1] == d.trans[3] && q[2] == d.trans[5] {
					q[3] = 0
				}
			case 4:
				q[0], q[1], q[2], q[3] = p[2*x], p[2*x], p[2*x], p[2*x+1]
			}
		}
	case *image.Gray16:
		m.Rect = image.Rect(0, y, w, y+1)
		copy(m.Pix, p[:2*w])
	case *image.RGBA64:
		m.Rect = image.Rect(0, y, w, y+1)
		for x := range w {
			copy(m.Pix[8*x:], p[6*x:6*x+6])
			m.Pix[8*x+6], m.Pix[8*x+7] = 0xff, 0xff
		}
	case *image.NRGBA64:
		m.Rect = image.Rect(0, y, w, y+1)
		for x := range w {
			var c color.NRGBA64
			switch d.ctype {
			case 0:
				v := be(2 * x)
				c = color.NRGBA64{v, v, v, 0xffff}
				if t := uint16(d.trans[0])<<8 | uint16(d.trans[1]); v == t {
					c.A = 0
				}
			case 2:
				c = color.NRGBA64{be(6 * x), be(6*x + 2), be(6*x + 4), 0xffff}
				tr := func(i int) uint16 { return uint16(d.trans[i])<<8 | uint16(d.trans[i+1]) }
				if c.R == tr(0) && c.G == tr(2) && c.B == tr(4) {
					c.A = 0
				}
			case 4:
				v := be(4 * x)
				c = color.NRGBA64{v, v, v, be(4*x + 2)}
			case 6:
				c = color.NRGBA64{be(8 * x), be(8*x + 2), be(8*x + 4), be(8*x + 6)}
			}
			m.SetNRGBA64(x, y, c)
		}
	}
	return row
}

// sample returns pixel x of a row of 1, 2, 4 or 8-bit samples: a palette
// index, or a grey scaled to 8 bits.
func (d *pngStream) sample(p []byte, x int) uint8 {
	switch d.depth {
	case 1:
		v := p[x/8] >> (7 - uint(x%8)) & 1
		if d.paletted() {
			return v
		}
		return v * 0xff
	case 2:
		v := p[x/4] >> (6 - 2*uint(x%4)) & 3
		if d.paletted() {
			return v
		}
		return v * 0x55
	case 4:
		v := p[x/2] >> (4 - 4*uint(x%2)) & 15
		if d.paletted() {
			return v
		}
		return v * 0x11
	}
	return p[x]
}

// pngInterlaced reports whether PNG data (its signature checked) declares
// Adam7 interlacing in its IHDR.
func pngInterlaced(data []byte) bool {
	return len(data) > 28 && bytes.Equal(data[12:16], []byte("IHDR")) && data[28] == 1
}
