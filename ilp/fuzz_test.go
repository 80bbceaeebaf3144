package ilp

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku"
)

// seedPuzzles returns the puzzles of the "puzzle:" comment lines of the
// golden files in testdata/, and the test puzzles.
func seedPuzzles(f *testing.F) []string {
	seeds := []string{mathworks, strings.ReplaceAll(article, "\n", ""), impossible, twoSolutions, "5..5", mathworksSol}
	files, _ := filepath.Glob("testdata/*")
	for _, name := range files {
		fh, err := os.Open(name)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if _, p, ok := strings.Cut(sc.Text(), "puzzle: "); ok {
				seeds = append(seeds, p)
			}
		}
		fh.Close()
	}
	return seeds
}

// Building and writing never panic: a grid that breaks the rules is
// rejected with its error before any model is built, and every model of a
// valid grid is written in every format it fits.
func FuzzWriters(f *testing.F) {
	for _, p := range seedPuzzles(f) {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var g sudoku.Grid
		for i := 0; i < len(data) && i < 81; i++ {
			switch b := data[i]; {
			case b >= '0' && b <= '9':
				g[i] = b - '0'
			case b == '.':
			default:
				g[i] = b % 16 // values past 9 must be rejected
			}
		}
		for _, build := range []func(sudoku.Grid, Options) (*Model, error){newGrid, NewSums} {
			for _, opt := range []Options{{ClueRows, ObjIndex}, {ClueBounds, ObjOnes}, {ClueBounds, ObjNone}} {
				m, err := build(g, opt)
				if err != nil {
					var ce *sudoku.ConflictError
					var ve *sudoku.ValueError
					if m != nil || !errors.As(err, &ce) && !errors.As(err, &ve) {
						t.Fatalf("%v: got %v, %v, want a conflict or value error", g, m, err)
					}
					continue
				}
				for _, format := range Formats {
					err := Write(io.Discard, m, format)
					if err != nil && !(format == "opb" && m.Formulation == Sums) {
						t.Fatalf("%v %s: %v", g, format, err)
					}
				}
			}
		}
	})
}

// Reading a CBC solution never panics, whatever the text.
func FuzzReadCBCSolution(f *testing.F) {
	data, err := os.ReadFile("testdata/mathworks-rows.cbc.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add("Infeasible - objective value 30757.00000000\n")
	f.Add("Optimal - objective value 1\n**  0 x_r1_c1_d1 1e309 0\n")
	m, err := New(sudoku.BoardOf(grid(f, mathworks)), Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ReadCBCSolution(strings.NewReader(text), m)
		if err == nil {
			m.Grid(s.Values) // may fail, must not panic
		}
	})
}
