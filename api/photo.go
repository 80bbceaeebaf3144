package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"

	"sudoku/solver"
	"sudoku/vision"
)

// PhotoReader is the Scanner of package vision: it reads the grid, solves
// it when it has one solution, and draws the solution onto the photo on
// request.
type PhotoReader struct {
	Options vision.Options
}

// OverlaySize bounds the longer side of the overlay a scan sends back, in
// pixels: a 40-megapixel photo comes back as a PNG of about 2 MB, not 30.
const OverlaySize = vision.DefaultOverlaySize

// Scan reads photo, within ctx's time: the photo's decoded size is
// bounded (vision.Options.MaxDecodedBytes), and it is kept only as the
// small greyscale image the reader reads and, when the overlay is asked
// for, a copy at most OverlaySize pixels wide (a non-interlaced PNG is
// shrunk row by row, never held whole); the reading looks at ctx between
// its stages. Once no scan has run for a moment, the memory the scans
// freed is given back to the system.
func (p PhotoReader) Scan(ctx context.Context, photo io.Reader, overlay bool) (ScanResult, error) {
	defer scanMemory.start()()
	opts := p.Options
	if !overlay {
		opts.OverlaySize = -1
	} else if opts.OverlaySize == 0 {
		opts.OverlaySize = OverlaySize
	}
	ph, err := vision.DecodePhoto(photo, opts)
	if err != nil {
		return ScanResult{}, photoErr(err)
	}
	res, err := ph.Read(ctx, p.Options)
	if err != nil {
		return ScanResult{}, photoErr(err)
	}
	out := ScanResult{Grid: res.Grid, Confidence: res.Confidence, Low: res.Low, Width: ph.Width, Height: ph.Height}
	for i, c := range res.Corners {
		out.Corners[i] = [2]float64{c.X, c.Y}
	}
	sol, err := solver.SolveGrid(res.Grid)
	if err != nil {
		return out, nil // the grid as read, for the player to correct
	}
	out.Solution = &sol
	if overlay {
		var buf bytes.Buffer
		if err := png.Encode(&buf, ph.Overlay(res, sol, OverlaySize)); err != nil {
			return out, err
		}
		out.Overlay = buf.Bytes()
	}
	return out, ctx.Err()
}

// photoErr maps the photo reader's errors to the API's.
func photoErr(err error) error {
	var fe *vision.FormatError
	switch {
	case errors.Is(err, vision.ErrNoGrid):
		return fmt.Errorf("%w: %v", ErrNoGrid, err)
	case errors.Is(err, vision.ErrTooLarge):
		return fmt.Errorf("%w: %v", ErrTooLarge, err)
	case errors.As(err, &fe):
		return fmt.Errorf("%w: %v", ErrBadPhoto, err)
	}
	return err
}
