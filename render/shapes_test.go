package render

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sudoku"
)

// drawn is a constraint that only draws the shapes it is given: the
// tests draw every kind of shape without a kind of constraint for each.
type drawn struct{ shapes []sudoku.Shape }

func (c drawn) Kind() string                   { return "drawn" }
func (c drawn) Cells() []int                   { return nil }
func (c drawn) Check([]uint8) error            { return nil }
func (c drawn) Propagate(*sudoku.Domains) bool { return true }
func (c drawn) Rows(sudoku.Model)              {}
func (c drawn) Shapes() []sudoku.Shape         { return c.shapes }
func (c drawn) String() string                 { return "drawn" }
func (c drawn) Cosmetic() bool                 { return true }

func pt(r, c float64) sudoku.Point { return sudoku.Point{R: r, C: c} }

// everyShape is a 6x6 board with every kind of shape: lines (one
// translucent, one a single dot), an arrow, circles, a rectangle, texts
// (one with a halo and characters SVG must escape), cages dashed and
// solid, shading, clues in the ring above the grid and right of it, and
// colours of every form, one not a colour at all.
func everyShape(t testing.TB) *Board {
	t.Helper()
	r, err := sudoku.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	r.Constraints = []sudoku.Constraint{drawn{[]sudoku.Shape{
		{Kind: sudoku.ShapeShade, Cells: []int{30, 31}, Fill: "#3cf8"},
		{Kind: sudoku.ShapeLine, Points: []sudoku.Point{pt(0.5, 0.5), pt(1.5, 1.5), pt(1.5, 2.5)}, Size: 0.3, Stroke: "#ff000080"},
		{Kind: sudoku.ShapeLine, Points: []sudoku.Point{pt(5.5, 5.5)}, Size: 0.4, Stroke: "url(javascript:x)"},
		{Kind: sudoku.ShapeArrow, Points: []sudoku.Point{pt(2.5, 0.5), pt(2.5, 2.5), pt(4.5, 2.5)}, Size: 0.06, Stroke: "grey"},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{pt(2.5, 0.5)}, Size: 0.4, Fill: "#ffffff", Stroke: "#000"},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{pt(1, 3.5)}, Size: 0.12, Fill: "black", Stroke: "black"},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{pt(0.5, 4)}, Size: 0.12, Stroke: "Red"},
		{Kind: sudoku.ShapeRect, Points: []sudoku.Point{pt(3.2, 4.2), pt(3.8, 4.8)}, Fill: "#eeeeeeff", Stroke: "#808080"},
		{Kind: sudoku.ShapeText, Points: []sudoku.Point{pt(2, 5.5)}, Size: 0.32, Fill: "#000000", Stroke: "#ffffff", Text: "X"},
		{Kind: sudoku.ShapeText, Points: []sudoku.Point{pt(3.5, 3.5)}, Size: 0.25, Fill: "#0000ff", Text: `<&">`},
		{Kind: sudoku.ShapeText, Points: []sudoku.Point{pt(-0.5, 1.5)}, Size: 0.5, Text: "12"},
		{Kind: sudoku.ShapeText, Points: []sudoku.Point{pt(4.5, 6.5)}, Size: 0.5, Fill: "#111", Text: "7"},
		{Kind: sudoku.ShapeCage, Cells: []int{4, 5, 11}, Stroke: "#008000", Text: "15", Dashed: true},
		{Kind: sudoku.ShapeCage, Cells: []int{34, 35}, Text: "=3"},
	}}}
	cells := make([]uint8, 36)
	cells[7], cells[28] = 2, 4
	return &Board{Rules: r, Cells: cells, Caption: "Every shape"}
}

// thermoDotsXV reads the 6x6 thermometer, kropki and XV puzzle of
// testdata (our own).
func thermoDotsXV(t testing.TB) *sudoku.Board {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "thermo-dots-xv.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := sudoku.ParseBoard(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestShapesSVGGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *Board
	}{
		{"shapes.svg", everyShape(t)},
		{"thermo-dots-xv.svg", &Board{Rules: thermoDotsXV(t).Rules, Cells: thermoDotsXV(t).Cells}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := SVG(&buf, tc.b, Options{CellSize: 36}); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, buf.Bytes())
		})
	}
}

func TestShapesSVGContent(t *testing.T) {
	var buf bytes.Buffer
	if err := SVG(&buf, everyShape(t), Options{CellSize: 40}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		`&lt;&amp;&#34;&gt;</text>`,               // escaped text
		`stroke="#ff0000" stroke-opacity="0.502"`, // #rrggbbaa
		`fill="#33ccff" fill-opacity="0.533"`,     // #rgba
		`stroke="#a0a0a0"`,                        // not a colour: grey
		`stroke-linecap="round" stroke-linejoin="round"`,
		`paint-order="stroke"`,
		`stroke="#ff0000"`, // a name, any case
	} {
		if !strings.Contains(out, want) {
			t.Errorf("SVG lacks %s", want)
		}
	}
	if strings.Contains(out, "javascript") || strings.Contains(out, `<&`) {
		t.Error("a colour or text reached the SVG unescaped")
	}
	// The clues above and right of the grid add a ring of cells there,
	// and only there: 6 + 1 cells wide and high.
	m := margin(40)
	if want := `width="` + strconv.Itoa(7*40+2*m) + `" height="` + strconv.Itoa(7*40+2*m) + `"`; !strings.Contains(out, want) {
		t.Errorf("SVG size: want %s in %.200s", want, out)
	}
}

// TestShapesImage checks the PNG of the thermometer, kropki and XV
// puzzle pixel by pixel: the grey bulb, the black dot, the white dot with
// its ring, the X's ink with its white halo.
func TestShapesImage(t *testing.T) {
	const cell = 60
	b := thermoDotsXV(t)
	img, err := Image(&Board{Rules: b.Rules, Cells: b.Cells}, Options{CellSize: cell})
	if err != nil {
		t.Fatal(err)
	}
	m := margin(cell)
	if got, want := img.Bounds().Dx(), 6*cell+2*m; got != want {
		t.Errorf("width %d, want %d: no clue lies outside the grid", got, want)
	}
	at := func(r, c float64) color.RGBA { return img.RGBAAt(m+int(c*cell), m+int(r*cell)) }
	grey := color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	for _, tc := range []struct {
		name string
		r, c float64
		want color.RGBA
	}{
		{"bulb of r1c1", 0.5, 0.5, grey},
		{"thermometer between r1c1 and r1c2", 0.5, 1.2, grey},
		{"bent thermometer at r4c3", 3.5, 2.5, grey},
		{"black dot r2c4-r2c5", 1.5, 4, color.RGBA{0, 0, 0, 0xff}},
		{"white dot r1c4-r1c5", 0.5, 4, paper},
		{"ring of the white dot", 0.5, 4 + 0.12, color.RGBA{6, 6, 6, 0xff}},
		{"empty r3c3", 2.5, 2.2, paper},
	} {
		if got := at(tc.r, tc.c); !near(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
	// The X between r3c5 and r3c6: dark ink near its centre, white round
	// it over the grid line.
	dark := 0
	for y := m + int(2.4*cell); y < m+int(2.6*cell); y++ {
		for x := m + int(4.9*cell); x < m+int(5.1*cell); x++ {
			if p := img.RGBAAt(x, y); p.R < 0x40 && p.G < 0x40 {
				dark++
			}
		}
	}
	if dark < 10 {
		t.Errorf("the X: %d dark pixels", dark)
	}
	if got := at(2.5-0.07, 5); got.R < 0xe0 {
		t.Errorf("the X's halo over the line between r3c5 and r3c6: got %v", got)
	}
}

// near reports whether two colours are within a few steps (the edge of
// an anti-aliased mask).
func near(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return math.Abs(float64(x)-float64(y)) <= 8 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// TestShapesImageEvery draws every shape and checks the ring round the
// grid and a few pixels: translucent shading and line, the grey of a
// colour not understood, a clue above the grid.
func TestShapesImageEvery(t *testing.T) {
	const cell = 40
	img, err := Image(everyShape(t), Options{CellSize: cell})
	if err != nil {
		t.Fatal(err)
	}
	m := margin(cell)
	if img.Bounds().Dx() != 7*cell+2*m || img.Bounds().Dy() != 7*cell+2*m {
		t.Fatalf("size %v, want one ring of cells above and right", img.Bounds().Size())
	}
	gx, gy := m, m+cell // the grid's corner: the ring is above it
	at := func(r, c float64) color.RGBA { return img.RGBAAt(gx+int(c*cell), gy+int(r*cell)) }
	if got := at(5.5, 0.2); got.B < 0xe0 || got.R > 0xd0 || got.R < 0x80 { // #3cf at half over white
		t.Errorf("translucent shade of r6c1: %v", got)
	}
	if got := at(0.8, 0.8); got.R < 0xf0 || got.G < 0x70 || got.G > 0x90 { // #ff000080 over white
		t.Errorf("translucent line in r1c1: %v", got)
	}
	if got := at(5.5, 5.5); !near(got, color.RGBA{0xa0, 0xa0, 0xa0, 0xff}) {
		t.Errorf("a dot of a colour not understood: %v, want grey", got)
	}
	dark := 0
	for y := m; y < m+cell; y++ {
		for x := gx + cell; x < gx+2*cell; x++ {
			if p := img.RGBAAt(x, y); p.R < 0x60 {
				dark++
			}
		}
	}
	if dark < 20 {
		t.Errorf("the clue 12 above column 2: %d dark pixels", dark)
	}
}

func TestShapesPDF(t *testing.T) {
	b := thermoDotsXV(t)
	boards := []Board{{Rules: b.Rules, Cells: b.Cells, Caption: "Thermo, dots and XV"}, *everyShape(t), *board(t, false)}
	var buf bytes.Buffer
	if err := PDF(&buf, boards, PDFOptions{PerPage: 4}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "%PDF-") || strings.Count(buf.String(), "/Type /Page\n") != 1 {
		t.Error("not a one-page PDF")
	}
}

// TestShapesAllFormats draws the thermometer, kropki and XV puzzle, and
// its solution, in PNG, SVG and PDF, as the API and books do.
func TestShapesAllFormats(t *testing.T) {
	b := thermoDotsXV(t)
	rb := BoardOf(b, nil, "Thermo, dots and XV")
	if rb.Rules == nil {
		t.Fatal("BoardOf lost the constraints")
	}
	var png, svg, pdf bytes.Buffer
	if err := PNG(&png, &rb, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := SVG(&svg, &rb, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&pdf, []Board{rb}, PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, format, err := image.Decode(&png); err != nil || format != "png" {
		t.Errorf("PNG: %v %q", err, format)
	}
	if n := strings.Count(svg.String(), "<circle"); n != 6 { // 2 bulbs, 4 dots
		t.Errorf("SVG: %d circles, want 6", n)
	}
	if !strings.HasPrefix(pdf.String(), "%PDF-") {
		t.Error("PDF: not a PDF")
	}
}

// TestBoardOfDrawings: a classic puzzle with f-puzzles drawings keeps
// them (the classic drawing has no constraints).
func TestBoardOfDrawings(t *testing.T) {
	b, _, err := sudoku.ParseBoard(`{"size":9,"grid":[` + strings.TrimSuffix(strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 9), ",") +
		`],"text":[{"cells":["R1C1"],"value":"A","fontC":"#FF0000","size":1}]}`)
	if err != nil {
		t.Fatal(err)
	}
	rb := BoardOf(b, nil, "")
	var buf bytes.Buffer
	if err := SVG(&buf, &rb, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `fill="#ff0000">A</text>`) {
		t.Error("the drawing of a classic puzzle is not drawn")
	}
}

func TestParseColour(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want color.NRGBA
		ok   bool
	}{
		{"", color.NRGBA{}, false},
		{"none", color.NRGBA{}, false},
		{"#c8c8c8", color.NRGBA{0xc8, 0xc8, 0xc8, 0xff}, true},
		{"#FFF", color.NRGBA{0xff, 0xff, 0xff, 0xff}, true},
		{"#0f08", color.NRGBA{0, 0xff, 0, 0x88}, true},
		{"#12345678", color.NRGBA{0x12, 0x34, 0x56, 0x78}, true},
		{" Black ", color.NRGBA{0, 0, 0, 0xff}, true},
		{"#12345", greyInk, true},
		{"#ggg", greyInk, true},
		{"rgb(1,2,3)", greyInk, true},
		{`"><script>`, greyInk, true},
	} {
		got, ok := parseColour(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseColour(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestShapesBounded: shapes with numbers no drawing can use (far away,
// huge, not numbers, cells off the grid, missing points) are bounded or
// left out, and the image stays within a ring of two cells.
func TestShapesBounded(t *testing.T) {
	r, _ := sudoku.Sized(4)
	inf := math.Inf(1)
	r.Constraints = []sudoku.Constraint{drawn{[]sudoku.Shape{
		{Kind: sudoku.ShapeLine, Points: []sudoku.Point{pt(-1e9, 0.5), pt(0.5, 1e9)}, Size: 1e9},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{pt(math.NaN(), 1)}, Size: 1},
		{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{pt(1, 1)}, Size: inf, Fill: "#000"},
		{Kind: sudoku.ShapeText, Points: []sudoku.Point{pt(1, 1)}, Size: 1e6, Text: "big"},
		{Kind: sudoku.ShapeArrow, Points: []sudoku.Point{pt(1, 1)}},
		{Kind: sudoku.ShapeArrow, Points: []sudoku.Point{pt(1, 1), pt(1, 1)}},
		{Kind: sudoku.ShapeRect, Points: []sudoku.Point{pt(1, 1)}},
		{Kind: sudoku.ShapeCage, Cells: []int{-1, 16, 99}},
		{Kind: sudoku.ShapeShade, Cells: []int{3, 1 << 40}},
		{Kind: "spiral", Points: []sudoku.Point{pt(1, 1)}},
	}}}
	b := &Board{Rules: r, Cells: make([]uint8, 16)}
	img, err := Image(b, Options{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	if max := (4+2*int(viewRing))*20 + 2*margin(20); img.Bounds().Dx() > max || img.Bounds().Dy() > max {
		t.Errorf("image %v larger than the grid and a ring of %g cells", img.Bounds(), viewRing)
	}
	var buf bytes.Buffer
	if err := SVG(&buf, b, Options{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "NaN") || strings.Contains(buf.String(), "Inf") {
		t.Error("a number that is not one reached the SVG")
	}
	if err := PDF(&buf, []Board{*b}, PDFOptions{}); err != nil {
		t.Fatal(err)
	}
}
