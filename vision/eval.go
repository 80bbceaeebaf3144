package vision

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"sudoku"
)

// ErrNoPhotos: Evaluate found no photo of the split in the directory.
var ErrNoPhotos = errors.New("no imageN.jpg photos")

// Splits names the splits of a dataset Evaluate reads: every photo, the
// validation photos (N a multiple of 5, which cmd/train never reads), the
// training photos (the others), and heldout1..heldout4 (N mod 5 = 1..4,
// which cmd/train -holdout leaves out).
const Splits = "all, validation, train or heldout1..heldout4"

// InSplit reports whether photo number n (imageN.jpg) belongs to split,
// and whether split is one of Splits.
func InSplit(n int, split string) (in, known bool) {
	switch split {
	case "all":
		return true, true
	case "validation":
		return n%5 == 0, true
	case "train":
		return n%5 != 0, true
	}
	if r, err := strconv.Atoi(strings.TrimPrefix(split, "heldout")); err == nil && strings.HasPrefix(split, "heldout") && r >= 1 && r <= 4 {
		return n%5 == r, true
	}
	return false, false
}

// Evaluation adds up how well the photos of a dataset were read against
// their ground truth.
type Evaluation struct {
	Photos, NoGrid, GridsOK      int // photos; no grid found; every cell right
	Cells, CellsOK               int // cells; read right
	Digits, DigitsOK             int // cells holding a digit; read right
	EmptyAsFilled, FilledAsEmpty int // empty cells read as a digit; digits read as empty
	Elapsed                      time.Duration
	Failed                       []string // "imageN.jpg (cells wrong)", in the order read
}

// Add counts the reading of one photo, name: got (nil, with err, when it
// failed) against truth.
func (ev *Evaluation) Add(name string, got *Result, err error, truth sudoku.Grid) {
	ev.Photos++
	var g sudoku.Grid
	if err != nil {
		ev.NoGrid++
	} else {
		g = got.Grid
	}
	wrong := 0
	for c := range truth {
		wrong += ev.addCell(g[c], truth[c])
	}
	if wrong == 0 {
		ev.GridsOK++
	} else {
		ev.Failed = append(ev.Failed, fmt.Sprintf("%s (%d)", name, wrong))
	}
}

// addCell counts one cell read as got, truly want; it returns 1 when got
// is wrong.
func (ev *Evaluation) addCell(got, want uint8) int {
	ev.Cells++
	if want != 0 {
		ev.Digits++
	}
	switch {
	case got == want:
		ev.CellsOK++
		if want != 0 {
			ev.DigitsOK++
		}
		return 0
	case want == 0:
		ev.EmptyAsFilled++
	case got == 0:
		ev.FilledAsEmpty++
	}
	return 1
}

// Evaluate reads every photo of split in dir (imageN.jpg, with its ground
// truth in imageN.dat, Wicht & Hennebert's format) in the order of N, with
// o (its OverlaySize ignored), and counts how well they were read;
// Elapsed is the time the readings took, decoding included. An error
// wrapping ErrNoPhotos when the split holds none; the error of a truth
// file that cannot be read names it.
func Evaluate(ctx context.Context, dir, split string, o Options) (*Evaluation, error) {
	if _, known := InSplit(0, split); !known {
		return nil, fmt.Errorf("unknown split %q (want %s)", split, Splits)
	}
	photos := splitPhotos(dir, split)
	if len(photos) == 0 {
		return nil, fmt.Errorf("%s: %w (split %s)", dir, ErrNoPhotos, split)
	}
	ev := &Evaluation{}
	for _, p := range photos {
		truth, err := ReadTruthFile(strings.TrimSuffix(p, ".jpg") + ".dat")
		if err != nil {
			return nil, err
		}
		start := time.Now()
		res, err := readFile(ctx, p, o)
		ev.Elapsed += time.Since(start)
		ev.Add(filepath.Base(p), res, err, truth)
	}
	return ev, nil
}

// splitPhotos lists the photos imageN.jpg of split in dir, by N.
func splitPhotos(dir, split string) []string {
	paths, _ := filepath.Glob(filepath.Join(dir, "image*.jpg"))
	num := map[string]int{}
	var out []string
	for _, p := range paths {
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "image"), ".jpg"))
		if in, _ := InSplit(n, split); err == nil && in {
			num[p] = n
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return num[out[i]] < num[out[j]] })
	return out
}

// readFile reads the photo at path.
func readFile(ctx context.Context, path string, o Options) (*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadContext(ctx, f, o)
}

// ReadTruthFile reads the ground-truth file at path (see ReadTruth); its
// errors name it.
func ReadTruthFile(path string) (sudoku.Grid, error) {
	f, err := os.Open(path)
	if err != nil {
		return sudoku.Grid{}, err
	}
	defer f.Close()
	g, err := ReadTruth(f)
	if err != nil {
		return g, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}
