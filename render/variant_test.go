package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"sudoku"
)

// The boards below are our own: a 6x6 jigsaw layout, a killer layout cut
// from the classic solution used in render_test.go, and the classic puzzle
// under X, windoku, odd/even and anti-knight rules.

func jigsaw6(t testing.TB) *Board {
	t.Helper()
	r, err := sudoku.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	r.Regions = []uint8{
		0, 0, 0, 1, 1, 1,
		0, 0, 2, 2, 1, 1,
		0, 2, 2, 3, 3, 1,
		4, 2, 2, 3, 3, 5,
		4, 4, 3, 3, 5, 5,
		4, 4, 4, 5, 5, 5,
	}
	cells := make([]uint8, 36)
	cells[0], cells[7], cells[14], cells[35] = 1, 2, 3, 6
	return &Board{Rules: r, Cells: cells, Caption: "Jigsaw 6x6"}
}

// killer9 cuts the solution into cages: dominoes along the rows, with an
// L-shaped cage of three cells (an inner corner) and a single cell.
func killer9(t testing.TB, filled bool) *Board {
	t.Helper()
	sol, err := sudoku.Parse(solution)
	if err != nil {
		t.Fatal(err)
	}
	r := sudoku.Classic()
	used := make([]bool, 81)
	add := func(cells ...int) {
		sum := 0
		for _, c := range cells {
			sum += int(sol[c])
			used[c] = true
		}
		r.Cages = append(r.Cages, sudoku.Cage{Cells: cells, Sum: sum})
	}
	add(0, 1, 9) // L: r1c1, r1c2, r2c1
	add(10)
	for c := 0; c < 81; c++ {
		if used[c] {
			continue
		}
		if c%9 < 8 && !used[c+1] {
			add(c, c+1)
		} else {
			add(c)
		}
	}
	b := &Board{Rules: r, Cells: make([]uint8, 81), Caption: "Killer"}
	b.Cells[40] = sol[40]
	if filled {
		b.Fill = append([]uint8(nil), sol[:]...)
	}
	return b
}

func mixed9(t testing.TB) *Board {
	t.Helper()
	p, err := sudoku.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	r := sudoku.Classic()
	r.Diagonals, r.Windoku, r.AntiKnight = sudoku.BothDiagonals, true, true
	r.Parity = make([]sudoku.Parity, 81)
	r.Parity[2], r.Parity[3] = sudoku.Odd, sudoku.Even
	r.Extra = [][]int{{72, 73, 74}}
	return &Board{Rules: r, Cells: append([]uint8(nil), p[:]...)}
}

func big16(t testing.TB) *Board {
	t.Helper()
	r, err := sudoku.Sized(16)
	if err != nil {
		t.Fatal(err)
	}
	b := &Board{Rules: r, Cells: make([]uint8, 256), Caption: "16x16"}
	for i := 0; i < 16; i++ {
		b.Cells[i*17] = uint8(i + 1)
	}
	return b
}

func TestVariantSVGGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *Board
		o    Options
	}{
		{"jigsaw6.svg", jigsaw6(t), Options{CellSize: 36}},
		{"killer.svg", killer9(t, false), Options{CellSize: 36}},
		{"killer-solved.svg", killer9(t, true), Options{CellSize: 36}},
		{"mixed.svg", mixed9(t), Options{CellSize: 36}},
		{"16x16.svg", big16(t), Options{CellSize: 24}},
		{"16x16-numbers.svg", big16(t), Options{CellSize: 24, Numbers: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := SVG(&buf, tc.b, tc.o); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, buf.Bytes())
		})
	}
}

func TestVariantSVGContent(t *testing.T) {
	var buf bytes.Buffer
	if err := SVG(&buf, killer9(t, false), Options{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	cages := len(killer9(t, false).Rules.Cages)
	if got := strings.Count(out, "stroke-dasharray"); got != cages {
		t.Errorf("got %d dashed cage outlines, want %d", got, cages)
	}
	buf.Reset()
	if err := SVG(&buf, big16(t), Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), ">G</text>") || strings.Contains(buf.String(), ">16</text>") {
		t.Error("16x16: digit 16 not written as G")
	}
	buf.Reset()
	if err := SVG(&buf, mixed9(t), Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Also: anti-knight") {
		t.Error("anti-knight rule not named in the legend")
	}
}

// TestCageSides checks the outline of an L-shaped cage: one closed loop,
// inset into the cage, with its inner corner inside the cage.
func TestCageSides(t *testing.T) {
	// An L of three cells: (0,0), (0,1), (1,0) in a 3x3 grid.
	in := func(r, c int) bool { return (r == 0 && c >= 0 && c <= 1) || (r == 1 && c == 0) }
	var segs []segment
	for _, rc := range [][2]int{{0, 0}, {0, 1}, {1, 0}} {
		segs = append(segs, cageSides(rc[0], rc[1], in)...)
	}
	// The outline is one closed loop: every end point meets exactly one
	// other end point.
	ends := map[[2]float64]int{}
	for _, s := range segs {
		ends[[2]float64{round3(s.x1), round3(s.y1)}]++
		ends[[2]float64{round3(s.x2), round3(s.y2)}]++
	}
	for p, n := range ends {
		if n != 2 {
			t.Errorf("end point %v met %d times, want 2 (segments %v)", p, n, segs)
		}
	}
	// The inner corner sits at (1-inset, 1-inset), inside the cage.
	if ends[[2]float64{round3(1 - cageInset), round3(1 - cageInset)}] != 2 {
		t.Errorf("no inner corner at 0.9,0.9: %v", segs)
	}
	if len(segs) != 8 {
		t.Errorf("got %d segments, want 8 (one per cell side on the cage's border)", len(segs))
	}
}

func round3(v float64) float64 { return float64(int(v*1000+0.5)) / 1000 }

// TestVariantImage checks the PNG drawing of the rules: shaded windoku
// cells, odd circles, the diagonals, jigsaw walls, dashed cages.
func TestVariantImage(t *testing.T) {
	const cell = 40
	m := margin(cell)
	at := func(img *image.RGBA, col, row float64) color.RGBA {
		return img.RGBAAt(m+int(col*cell), m+int(row*cell))
	}
	img, err := Image(mixed9(t), Options{CellSize: cell})
	if err != nil {
		t.Fatal(err)
	}
	if got := at(img, 2.5, 1.2); got != shadeInk { // r2c3: a windoku cell, empty
		t.Errorf("windoku cell r2c3: got %v, want %v", got, shadeInk)
	}
	if got := at(img, 2.5, 0.2); got != markInk { // r1c3: odd circle, off its digit
		t.Errorf("odd cell r1c3: got %v, want %v", got, markInk)
	}
	if got := at(img, 4.5, 4.5); got.R > 0xb0 { // the diagonals cross at the centre
		t.Errorf("centre of the diagonals: got %v, want ink", got)
	}
	if img.Bounds().Dy() <= img.Bounds().Dx() {
		t.Error("no room for the legend under the board")
	}
	img, err = Image(jigsaw6(t), Options{CellSize: cell})
	if err != nil {
		t.Fatal(err)
	}
	// A wall runs between r1c3 (region 1) and r2c3 (region 3): on line y=1
	// at x=2.5; none between r1c1 and r2c1 (both region 1).
	if got := at(img, 2.5, 1); got != ink {
		t.Errorf("wall between r1c3 and r2c3: got %v", got)
	}
	if got := img.RGBAAt(m+int(0.5*cell), m+cell+2); got != paper {
		t.Errorf("thin line between r1c1 and r2c1 drawn thick: %v", got)
	}
	img, err = Image(killer9(t, false), Options{CellSize: cell})
	if err != nil {
		t.Fatal(err)
	}
	dashed := 0
	for x := m + cell; x < m+2*cell; x++ { // along the bottom inset of r1c2
		if img.RGBAAt(x, m+cell-int(cageInset*cell)) == cageInk {
			dashed++
		}
	}
	if dashed < cell/4 || dashed > cell*3/4 {
		t.Errorf("cage outline under r1c2: %d of %d pixels inked, want a dashed line", dashed, cell)
	}
}

func TestVariantPDF(t *testing.T) {
	boards := []Board{*jigsaw6(t), *killer9(t, true), *mixed9(t), *big16(t)}
	var buf bytes.Buffer
	if err := PDF(&buf, boards, PDFOptions{PerPage: 4}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "%PDF-") || strings.Count(buf.String(), "/Type /Page\n") != 1 {
		t.Error("not a one-page PDF")
	}
}

func TestVariantErrors(t *testing.T) {
	bad := jigsaw6(t)
	bad.Cells = bad.Cells[:35]
	r := sudoku.Classic()
	r.Cages = []sudoku.Cage{{Cells: []int{0, 1}, Sum: 40}}
	var buf bytes.Buffer
	if err := SVG(&buf, bad, Options{}); !errors.Is(err, ErrLayout) {
		t.Errorf("35 cells on a 6x6 grid: got %v, want ErrLayout", err)
	}
	var re *sudoku.RuleError
	if err := SVG(&buf, &Board{Rules: r, Cells: make([]uint8, 81)}, Options{}); !errors.As(err, &re) {
		t.Errorf("impossible cage: got %v, want a *sudoku.RuleError", err)
	}
	big := big16(t)
	big.Rules, _ = sudoku.Sized(25)
	big.Cells = make([]uint8, 625)
	if _, err := Image(big, Options{CellSize: 200}); !errors.Is(err, ErrCellSize) {
		t.Errorf("25x25 at 200 pixels: got %v, want ErrCellSize", err)
	}
}

func TestBoardOf(t *testing.T) {
	p, _ := sudoku.Parse(puzzle)
	b := BoardOf(sudoku.BoardOf(p), nil, "c")
	if b.Rules != nil || b.Puzzle != p {
		t.Error("a classic board should draw as a classic Grid")
	}
	k := killer9(t, false)
	vb := BoardOf(&sudoku.Board{Rules: k.Rules, Cells: k.Cells}, nil, "")
	if vb.Rules == nil {
		t.Error("a killer board lost its rules")
	}
}
