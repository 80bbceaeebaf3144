package vision

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // register GIF
	_ "image/jpeg"
	_ "image/png"
	"io"

	_ "golang.org/x/image/webp" // register WebP
)

// Errors that callers branch on.
var (
	// ErrNoGrid means no Sudoku grid was found in the image.
	ErrNoGrid = errors.New("no sudoku grid found")
	// ErrTooLarge means the image exceeds Options.MaxBytes or MaxPixels.
	ErrTooLarge = errors.New("image too large")
)

// FormatError reports data that is not a readable image: an unknown format,
// a truncated or corrupt file.
type FormatError struct {
	Msg string
	Err error // the decoder's error, if any
}

func (e *FormatError) Error() string {
	if e.Err != nil {
		return "not a readable image: " + e.Msg + ": " + e.Err.Error()
	}
	return "not a readable image: " + e.Msg
}

// Unwrap returns the decoder's error.
func (e *FormatError) Unwrap() error { return e.Err }

// Default limits.
const (
	DefaultMaxPixels = 40_000_000
	DefaultMaxBytes  = 50 << 20
	// DefaultMaxDecodedBytes bounds the memory of a decoded image: a
	// 40-megapixel JPEG or an 8-bit RGBA PNG of that size fits, a 16-bit
	// one or a progressive JPEG of that size does not.
	DefaultMaxDecodedBytes = 192 << 20
	// DefaultOverlaySize bounds the longer side of the picture a Photo
	// keeps for Overlay: a 40-megapixel photo keeps 10 MiB, not 152.
	DefaultOverlaySize = 1600
)

// Options tune Read. The zero value is the default.
type Options struct {
	// IgnoreEXIF keeps the pixels as stored, ignoring the EXIF orientation.
	IgnoreEXIF bool
	// MaxPixels and MaxBytes bound the image (0: DefaultMaxPixels,
	// DefaultMaxBytes).
	MaxPixels int
	MaxBytes  int64
	// MaxDecodedBytes bounds the memory the decoded image takes, estimated
	// from its header before decoding (0: DefaultMaxDecodedBytes): a small
	// file can hold a huge image.
	MaxDecodedBytes int64
	// LowConfidence is the confidence under which a cell is listed in
	// Result.Low (0: 0.9).
	LowConfidence float32
	// NoCorrection turns off the use of Sudoku rules to correct cells whose
	// reading breaks them, to look again at cells read as empty (see
	// Result.Corrected) and to read again a grid shifted by a cell.
	NoCorrection bool
	// Model classifies the glyphs (nil: the embedded DefaultModel).
	Model *Model
	// OverlaySize bounds the longer side, in pixels, of the copy of the
	// photo that DecodePhoto keeps for Photo.Overlay (0:
	// DefaultOverlaySize; negative: no copy, Overlay then draws on the
	// greyscale work image). A photo within it is kept as decoded
	// (math.MaxInt keeps any photo whole, for full-size overlays); a larger
	// one is shrunk as it is decoded, a non-interlaced PNG row by row
	// without ever being held whole, so that a Photo holds only the copy
	// and the work image.
	OverlaySize int

	ctx context.Context // set by Photo.Read: the reading stops when it is done
}

// stopped returns the reading's context error, if any.
func (o Options) stopped() error {
	if o.ctx == nil {
		return nil
	}
	return o.ctx.Err()
}

func (o Options) maxDecoded() int64 {
	if o.MaxDecodedBytes > 0 {
		return o.MaxDecodedBytes
	}
	return DefaultMaxDecodedBytes
}

func (o Options) maxPixels() int {
	if o.MaxPixels > 0 {
		return o.MaxPixels
	}
	return DefaultMaxPixels
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return DefaultMaxBytes
}

func (o Options) overlaySize() int {
	if o.OverlaySize == 0 {
		return DefaultOverlaySize
	}
	return o.OverlaySize
}

func (o Options) lowConfidence() float32 {
	if o.LowConfidence > 0 {
		return o.LowConfidence
	}
	return 0.9
}

// Decode reads an image within the limits of opts, applying its EXIF
// orientation unless opts.IgnoreEXIF. It never panics on bad data.
func Decode(r io.Reader, opts Options) (image.Image, error) {
	data, err := io.ReadAll(io.LimitReader(r, opts.maxBytes()+1))
	if err != nil {
		return nil, fmt.Errorf("reading image: %w", err)
	}
	if int64(len(data)) > opts.maxBytes() {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, opts.maxBytes())
	}
	return decodeBytes(data, opts)
}

func decodeBytes(data []byte, opts Options) (image.Image, error) {
	img, format, err := decodeRaw(data, opts)
	if err != nil {
		return nil, err
	}
	if !opts.IgnoreEXIF && format == "jpeg" {
		img = orient(img, exifOrientation(data))
	}
	return img, nil
}

// decodeRaw decodes data as stored, within the limits of opts, and names
// its format.
func decodeRaw(data []byte, opts Options) (img image.Image, format string, err error) {
	if _, format, err = checkImage(data, opts); err != nil {
		return nil, "", err
	}
	img, err = decodeChecked(data, format)
	return img, format, err
}

// checkImage reads the header of data and checks the image against the
// limits of opts.
func checkImage(data []byte, opts Options) (image.Config, string, error) {
	if len(data) == 0 {
		return image.Config{}, "", &FormatError{Msg: "empty file"}
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return cfg, "", &FormatError{Msg: "unknown format (want JPEG, PNG, GIF or WebP)"}
		}
		return cfg, "", &FormatError{Msg: "bad header", Err: err}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return cfg, "", &FormatError{Msg: fmt.Sprintf("%s of size %dx%d", format, cfg.Width, cfg.Height)}
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(opts.maxPixels()) {
		return cfg, "", fmt.Errorf("%w: %dx%d is more than %d pixels", ErrTooLarge, cfg.Width, cfg.Height, opts.maxPixels())
	}
	if n := decodedSize(cfg, format, data); n > opts.maxDecoded() {
		return cfg, "", fmt.Errorf("%w: decoding this %dx%d %s would take %d MiB, more than %d MiB: send a smaller photo", ErrTooLarge, cfg.Width, cfg.Height, format, n>>20, opts.maxDecoded()>>20)
	}
	return cfg, format, nil
}

// decodeChecked decodes data, of format, whose header checkImage passed.
func decodeChecked(data []byte, format string) (img image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			img, err = nil, &FormatError{Msg: fmt.Sprintf("%s decoder failed: %v", format, p)}
		}
	}()
	img, _, err = image.Decode(bytes.NewReader(data))
	return img, decodeErr(err, format)
}

// decodeErr is a decoder's error as a FormatError.
func decodeErr(err error, format string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &FormatError{Msg: format + " truncated", Err: err}
	}
	return &FormatError{Msg: "corrupt " + format, Err: err}
}
