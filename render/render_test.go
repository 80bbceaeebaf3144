package render

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const (
	puzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func board(t testing.TB, filled bool) *Board {
	t.Helper()
	p, err := sudoku.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	b := &Board{Puzzle: p, Caption: "Puzzle 1"}
	if filled {
		s, err := sudoku.Parse(solution)
		if err != nil {
			t.Fatal(err)
		}
		b.Filled = &s
	}
	return b
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking the change)", name)
	}
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range []struct {
		name   string
		filled bool
	}{{"puzzle.svg", false}, {"solved.svg", true}} {
		var buf bytes.Buffer
		if err := SVG(&buf, board(t, tc.filled), Options{CellSize: 36}); err != nil {
			t.Fatal(err)
		}
		golden(t, tc.name, buf.Bytes())
	}
}

// inked counts the dark or blue pixels inside the middle of a cell.
func inked(img *image.RGBA, cell, m int, c sudoku.Cell) (dark, blue int) {
	x0, y0 := m+c.Col()*cell+cell/5, m+c.Row()*cell+cell/5
	for y := y0; y < y0+cell*3/5; y++ {
		for x := x0; x < x0+cell*3/5; x++ {
			p := img.RGBAAt(x, y)
			switch {
			case p.B > 0x90 && p.R < 0x80:
				blue++
			case p.R < 0x80 && p.G < 0x80 && p.B < 0x80:
				dark++
			}
		}
	}
	return dark, blue
}

// TestImageCells checks the PNG drawing cell by cell: givens in dark ink,
// filled digits in blue, empty cells blank.
func TestImageCells(t *testing.T) {
	const cell = 40
	for _, filled := range []bool{false, true} {
		b := board(t, filled)
		img, err := Image(b, Options{CellSize: cell})
		if err != nil {
			t.Fatal(err)
		}
		m := margin(cell)
		if got, want := img.Bounds().Dx(), 9*cell+2*m; got != want {
			t.Fatalf("width: got %d, want %d", got, want)
		}
		for c := range sudoku.Cell(81) {
			dark, blue := inked(img, cell, m, c)
			d, given := b.digitAt(c)
			switch {
			case given && (dark < 20 || blue > 0):
				t.Errorf("filled %v, given %v: got %d dark, %d blue pixels", filled, c, dark, blue)
			case d != 0 && !given && (blue < 20 || dark > 0):
				t.Errorf("filled %v, solved %v: got %d dark, %d blue pixels", filled, c, dark, blue)
			case d == 0 && dark+blue > 0:
				t.Errorf("filled %v, empty %v: got %d dark, %d blue pixels", filled, c, dark, blue)
			}
		}
	}
}

func TestPNGEncodes(t *testing.T) {
	var buf bytes.Buffer
	if err := PNG(&buf, board(t, true), Options{}); err != nil {
		t.Fatal(err)
	}
	cfg, format, err := image.DecodeConfig(&buf)
	if err != nil || format != "png" || cfg.Width != 9*40+2*margin(40) {
		t.Errorf("got %v %q %v", cfg, format, err)
	}
}

func TestPDFPages(t *testing.T) {
	boards := make([]Board, 5)
	for i := range boards {
		boards[i] = *board(t, i%2 == 0)
	}
	for _, tc := range []struct {
		perPage, pages int
	}{{1, 5}, {2, 3}, {4, 2}, {6, 1}} {
		var buf bytes.Buffer
		if err := PDF(&buf, boards, PDFOptions{PerPage: tc.perPage, Title: "Sudoku"}); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if !strings.HasPrefix(out, "%PDF-") {
			t.Fatalf("per page %d: not a PDF", tc.perPage)
		}
		if got := strings.Count(out, "/Type /Page\n"); got != tc.pages {
			t.Errorf("per page %d: got %d pages, want %d", tc.perPage, got, tc.pages)
		}
	}
}

func TestErrors(t *testing.T) {
	var buf bytes.Buffer
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"cell too small", PNG(&buf, board(t, false), Options{CellSize: 3}), ErrCellSize},
		{"svg cell too large", SVG(&buf, board(t, false), Options{CellSize: 1000}), ErrCellSize},
		{"per page", PDF(&buf, []Board{*board(t, false)}, PDFOptions{PerPage: 3}), ErrLayout},
		{"paper", PDF(&buf, []Board{*board(t, false)}, PDFOptions{Paper: "A0"}), ErrLayout},
		{"no board", PDF(&buf, nil, PDFOptions{}), ErrLayout},
	}
	for _, tt := range tests {
		if !errors.Is(tt.err, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, tt.err, tt.want)
		}
	}
}
