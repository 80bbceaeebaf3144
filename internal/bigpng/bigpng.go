// Package bigpng writes very large PNGs cheaply, for tests and
// measurements of how photos of many megapixels are handled: a photo
// scaled up onto a square, as an 8-bit RGBA PNG that compresses to a few
// MB however large it is.
package bigpng

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/draw"
	"io"
)

// Encode writes photo scaled up (nearest neighbour) and centred on a white
// square of side n as an 8-bit RGBA PNG (colour type 6: one pixel is not
// quite opaque, as encoders write opaque images as RGB). Each row is
// stored as its difference from the row above, so the rows that repeat a
// row of the photo compress to almost nothing: a 640x480 photo at 6320
// pixels a side (152 MiB decoded) takes 0.5-3 MB.
func Encode(w io.Writer, photo image.Image, n int) error {
	b := photo.Bounds()
	src := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(src, src.Rect, photo, b.Min, draw.Src)
	side := max(b.Dx(), b.Dy())
	ox, oy := (side-b.Dx())/2, (side-b.Dy())/2

	bw := bufio.NewWriter(w)
	idat := &chunkWriter{w: bw, typ: "IDAT"}
	bw.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(n))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(n))
	writeChunk(bw, "IHDR", append(ihdr, 8, 6, 0, 0, 0))
	zw, err := zlib.NewWriterLevel(idat, zlib.BestSpeed)
	if err != nil {
		return err
	}
	prev, row, line := make([]byte, 4*n), make([]byte, 4*n), make([]byte, 1+4*n)
	for y := 0; y < n; y++ {
		sy := y*side/n - oy
		for x := 0; x < n; x++ {
			sx := x*side/n - ox
			if sx >= 0 && sy >= 0 && sx < b.Dx() && sy < b.Dy() {
				copy(row[4*x:4*x+4], src.Pix[src.PixOffset(sx, sy):])
			} else {
				copy(row[4*x:4*x+4], "\xff\xff\xff\xff")
			}
		}
		if y == 0 {
			row[3] = 254
		}
		line[0] = 2 // filter "up"
		for i := range row {
			line[1+i] = row[i] - prev[i]
		}
		if _, err := zw.Write(line); err != nil {
			return err
		}
		prev, row = row, prev
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := idat.flush(); err != nil {
		return err
	}
	writeChunk(bw, "IEND", nil)
	return bw.Flush()
}

// chunkWriter cuts what is written to it into chunks of typ of 1 MiB.
type chunkWriter struct {
	w   *bufio.Writer
	typ string
	buf []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	c.buf = append(c.buf, p...)
	if len(c.buf) >= 1<<20 {
		return len(p), c.flush()
	}
	return len(p), nil
}

func (c *chunkWriter) flush() error {
	if len(c.buf) > 0 {
		writeChunk(c.w, c.typ, c.buf)
		c.buf = c.buf[:0]
	}
	return nil
}

func writeChunk(w *bufio.Writer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
