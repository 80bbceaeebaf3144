package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"sudoku"
	"sudoku/internal/safefile"
	"sudoku/solver"
	"sudoku/vision"
)

const scanUsage = `usage: sudoku scan [flags] photo ...
       sudoku scan --eval DIR [--split S] [--model FILE]

Reads the Sudoku grid in each photo (JPEG, PNG, GIF or WebP) and prints it
(--format line, grid or json). Cells read with low confidence, and the
cells most likely misread when the grid breaks the rules, are listed on
stderr. --solve also prints the solution; --out writes the photo with the
solution drawn in (PNG, or JPEG for .jpg/.jpeg; implies --solve).
--eval DIR reads every imageN.jpg with its ground truth imageN.dat in DIR
(Wicht & Hennebert's format), or those of --split, and reports accuracy,
time per photo and the grids read wrongly; --model reads with a model
file written by cmd/train instead of the embedded one.
Exit status: 0 success, 1 when some photo failed, 2 usage error.

flags:
`

type scanOpts struct {
	format string
	solve  bool
	out    string
	vopts  vision.Options
}

func cmdScan(e *env, args []string) int {
	fs := newFlags(e, "scan", scanUsage)
	format := fs.String("format", "line", "output format: line, grid or json")
	asJSON := fs.Bool("json", false, "same as --format json: grid, confidences, corners")
	solve := fs.Bool("solve", false, "solve the grid read and print the solution too")
	out := fs.String("out", "", "write the photo with the solution drawn in to this file (.png, .jpg)")
	noExif := fs.Bool("no-exif", false, "ignore the photo's EXIF orientation")
	low := fs.Float64("low", 0.9, "confidence under which a cell is reported for checking")
	eval := fs.String("eval", "", "evaluate on the imageN.jpg + imageN.dat pairs of this directory")
	split := fs.String("split", "all", "with --eval: all, validation (N multiple of 5), train (the others) or heldout1..heldout4 (N mod 5 = 1..4, left out by cmd/train -holdout)")
	modelPath := fs.String("model", "", "read with this model file (from cmd/train) instead of the embedded one")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	o := scanOpts{format: *format, solve: *solve || *out != "", out: *out,
		vopts: vision.Options{IgnoreEXIF: *noExif, LowConfidence: float32(*low), OverlaySize: -1}}
	if *out != "" {
		o.vopts.OverlaySize = math.MaxInt // the overlay at the photo's size
	}
	if *asJSON {
		o.format = "json"
	}
	if *modelPath != "" {
		m, err := loadModel(*modelPath)
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku scan: %v\n", err)
			return 1
		}
		o.vopts.Model = m
	}
	switch {
	case o.format != "line" && o.format != "grid" && o.format != "json":
		return usageErr(e, "scan", fmt.Errorf("unknown format %q (want line, grid or json)", o.format))
	case *eval != "" && fs.NArg() > 0:
		return usageErr(e, "scan", errors.New("--eval takes a directory, not photos"))
	case *eval != "":
		return scanEval(e, *eval, *split, o.vopts.Model)
	case fs.NArg() == 0:
		return usageErr(e, "scan", errors.New("no photo given"))
	case o.out != "" && fs.NArg() > 1:
		return usageErr(e, "scan", errors.New("--out takes one photo"))
	case o.out == safefile.Stdout:
		return usageErr(e, "scan", errors.New("--out -: the grid read goes to stdout; give --out a file"))
	}
	code := 0
	for _, path := range fs.Args() {
		if !scanOne(e, path, o) {
			code = 1
		}
	}
	return code
}

// scanJSON is one line of --format json.
type scanJSON struct {
	Source     string       `json:"source"`
	Puzzle     string       `json:"puzzle,omitempty"`
	Solution   string       `json:"solution,omitempty"`
	Confidence []float32    `json:"confidence,omitempty"`
	Corners    [][2]float64 `json:"corners,omitempty"`
	Low        []string     `json:"low,omitempty"`
	Corrected  []string     `json:"corrected,omitempty"`
	Suspects   []string     `json:"suspects,omitempty"`
	Error      string       `json:"error,omitempty"`
}

func scanOne(e *env, path string, o scanOpts) bool {
	j := scanJSON{Source: path}
	res, ph, err := readPhoto(path, o.vopts)
	ok := err == nil
	var sol sudoku.Grid
	if ok {
		j.Puzzle = res.Grid.Line('.')
		j.Confidence = res.Confidence[:]
		for _, p := range res.Corners {
			j.Corners = append(j.Corners, [2]float64{round1(p.X), round1(p.Y)})
		}
		j.Low, j.Corrected, j.Suspects = sudoku.Names(res.Low), sudoku.Names(res.Corrected), sudoku.Names(res.Suspects)
		reportCells(e, path, res)
		if o.solve {
			if sol, err = solver.SolveGrid(res.Grid); err == nil {
				j.Solution = sol.Line('.')
			} else {
				ok = false
			}
		}
	}
	if ok && o.out != "" {
		err = writeOverlay(o.out, ph.Overlay(res, sol, 0))
		ok = err == nil
	}
	if err != nil {
		j.Error = err.Error()
		fmt.Fprintf(e.stderr, "%s: %v\n", path, err)
	}
	switch {
	case o.format == "json":
		b, _ := json.Marshal(j)
		fmt.Fprintf(e.stdout, "%s\n", b)
	case res == nil:
	case o.format == "grid":
		fmt.Fprintln(e.stdout, res.Grid.Pretty())
		if j.Solution != "" {
			fmt.Fprintln(e.stdout)
			fmt.Fprintln(e.stdout, sol.Pretty())
		}
	default:
		fmt.Fprintln(e.stdout, j.Puzzle)
		if j.Solution != "" {
			fmt.Fprintln(e.stdout, j.Solution)
		}
	}
	return ok
}

func round1(x float64) float64 { return float64(int(x*10+0.5)) / 10 }

// reportCells lists the cells a person should check on stderr.
func reportCells(e *env, path string, res *vision.Result) {
	if len(res.Low) > 0 {
		var s []string
		for _, c := range res.Low {
			s = append(s, fmt.Sprintf("%v=%d (%.2f)", c, res.Grid[c], res.Confidence[c]))
		}
		fmt.Fprintf(e.stderr, "%s: low confidence, please check: %s\n", path, strings.Join(s, ", "))
	}
	if len(res.Corrected) > 0 {
		fmt.Fprintf(e.stderr, "%s: corrected by the rules: %s\n", path, strings.Join(sudoku.Names(res.Corrected), ", "))
	}
	if len(res.Suspects) > 0 {
		fmt.Fprintf(e.stderr, "%s: %s; most likely misread: %s\n", path, res.Problem, strings.Join(sudoku.Names(res.Suspects), ", "))
	}
}

// readPhoto reads the photo at path, as vision.Evaluate and the server's
// scans do (EXIF orientation applied unless --no-exif, the grid turned
// upright when the photo was taken sideways), keeping it for an overlay.
func readPhoto(path string, o vision.Options) (*vision.Result, *vision.Photo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	ph, err := vision.DecodePhoto(f, o)
	if err != nil {
		return nil, nil, err
	}
	res, err := ph.Read(context.Background(), o)
	return res, ph, err
}

// writeOverlay writes img to path, replacing the file there only once the
// image is complete.
func writeOverlay(path string, img image.Image) error {
	return safefile.Write(path, nil, func(w io.Writer) error {
		switch strings.ToLower(filepath.Ext(path)) {
		case ".jpg", ".jpeg":
			return jpeg.Encode(w, img, &jpeg.Options{Quality: 90})
		}
		return png.Encode(w, img)
	})
}

// loadModel reads a model file written by cmd/train.
func loadModel(path string) (*vision.Model, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := new(vision.Model)
	if err := m.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// scanEval is scan --eval: the reader's accuracy on the photos of split
// in dir.
func scanEval(e *env, dir, split string, model *vision.Model) int {
	if _, known := vision.InSplit(0, split); !known {
		return usageErr(e, "scan", fmt.Errorf("unknown split %q (want %s)", split, vision.Splits))
	}
	ev, err := vision.Evaluate(context.Background(), dir, split, vision.Options{Model: model, OverlaySize: -1})
	switch {
	case errors.Is(err, vision.ErrNoPhotos):
		fmt.Fprintf(e.stderr, "sudoku scan: %v\n", err)
		return 1
	case err != nil:
		fmt.Fprintf(e.stderr, "%v\n", err)
		return 1
	}
	printEval(e, ev, dir, split)
	return 0
}

// printEval writes an evaluation's figures.
func printEval(e *env, ev *vision.Evaluation, dir, split string) {
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	fmt.Fprintf(e.stdout, "%s (split %s): %d photos\n", dir, split, ev.Photos)
	fmt.Fprintf(e.stdout, "  grids fully correct: %d/%d (%.1f%%)\n", ev.GridsOK, ev.Photos, pct(ev.GridsOK, ev.Photos))
	fmt.Fprintf(e.stdout, "  cell accuracy:       %d/%d (%.2f%%)\n", ev.CellsOK, ev.Cells, pct(ev.CellsOK, ev.Cells))
	fmt.Fprintf(e.stdout, "  digit accuracy:      %d/%d (%.2f%%)\n", ev.DigitsOK, ev.Digits, pct(ev.DigitsOK, ev.Digits))
	fmt.Fprintf(e.stdout, "  empty read as digit: %d; digit read as empty: %d\n", ev.EmptyAsFilled, ev.FilledAsEmpty)
	fmt.Fprintf(e.stdout, "  no grid found:       %d\n", ev.NoGrid)
	fmt.Fprintf(e.stdout, "  time per photo:      %.1f ms (decoding included, one core)\n", float64(ev.Elapsed.Microseconds())/1000/float64(ev.Photos))
	if len(ev.Failed) > 0 {
		fmt.Fprintf(e.stdout, "  wrong grids (cells wrong): %s\n", strings.Join(ev.Failed, ", "))
	}
}
