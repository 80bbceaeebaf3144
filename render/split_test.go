package render

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"sudoku"
	"sudoku/internal/fixture"
)

// TestSVGSplitRegions: the SVG of a jigsaw whose regions do not all touch
// draws a thick border along every side between cells of two regions and
// along no other inner side, and its inner grid lines are thin (no box
// lines).
func TestSVGSplitRegions(t *testing.T) {
	b, _, err := sudoku.ParseBoard(fixture.SplitJigsaw6)
	if err != nil {
		t.Fatal(err)
	}
	const cell = 40
	var buf bytes.Buffer
	rb := BoardOf(b, nil, "")
	if err := SVG(&buf, &rb, Options{CellSize: cell}); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	got, err := svgWalls(svg, cell)
	if err != nil {
		t.Fatal(err)
	}
	n, reg := b.Size(), b.Rules.Regions
	want := map[string]bool{}
	for c := range n * n {
		if c%n+1 < n && reg[c] != reg[c+1] {
			want[fmt.Sprintf("| x=%d row %d", c%n+1, c/n)] = true
		}
		if c/n+1 < n && reg[c] != reg[c+n] {
			want[fmt.Sprintf("- y=%d col %d", c/n+1, c%n)] = true
		}
	}
	for e := range want {
		if !got[e] {
			t.Errorf("no wall drawn at %s", e)
		}
	}
	for e := range got {
		if !want[e] {
			t.Errorf("a wall drawn at %s, between cells of one region", e)
		}
	}
	// r1c1 (region f) is walled on its right and below, r6c6 (region a)
	// on its left and above: both parts of a split region are outlined.
	for _, e := range []string{"| x=1 row 0", "- y=1 col 0", "| x=5 row 5", "- y=5 col 5"} {
		if !want[e] {
			t.Errorf("the regions read are not the fixture's: no wall at %s", e)
		}
	}
	lines := regexp.MustCompile(`<line x1="(\d+)" y1="[^"]*" x2="\d+" y2="[^"]*" stroke="#111" stroke-width="([\d.]+)"`).FindAllStringSubmatch(svg, -1)
	if len(lines) != n+1 {
		t.Fatalf("got %d vertical grid lines, want %d", len(lines), n+1)
	}
	for _, l := range lines[1:n] {
		if l[2] != lines[1][2] || l[2] == lines[0][2] {
			t.Errorf("inner grid line at x=%s is %s wide (edge %s, first inner %s): a jigsaw has no box lines", l[1], l[2], lines[0][2], lines[1][2])
		}
	}
}

// svgWalls returns the unit sides of the thick region borders of an SVG
// drawing: "| x=i row j" for the side on vertical line i beside row j,
// "- y=i col j" for the side on horizontal line i above column j.
func svgWalls(svg string, cell int) (map[string]bool, error) {
	first := regexp.MustCompile(`<line x1="(\d+)" y1="[^"]*" x2="\d+" y2="([\d.]+)"`).FindStringSubmatch(svg)
	path := regexp.MustCompile(`<path d="([^"]*)" fill="none" stroke="#111" stroke-width="[\d.]+" stroke-linecap="square"/>`).FindStringSubmatch(svg)
	if first == nil || path == nil {
		return nil, fmt.Errorf("no grid line or no walls in the SVG")
	}
	ox, _ := strconv.ParseFloat(first[1], 64)
	oy := ox // the grid is square, its margins equal
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)`).FindAllStringSubmatch(path[1], -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		x1, y1, x2, y2 := (v[0]-ox)/float64(cell), (v[1]-oy)/float64(cell), (v[2]-ox)/float64(cell), (v[3]-oy)/float64(cell)
		switch {
		case x1 == x2:
			for j := int(min(y1, y2)); j < int(max(y1, y2)); j++ {
				out[fmt.Sprintf("| x=%g row %d", x1, j)] = true
			}
		case y1 == y2:
			for j := int(min(x1, x2)); j < int(max(x1, x2)); j++ {
				out[fmt.Sprintf("- y=%g col %d", y1, j)] = true
			}
		default:
			return nil, fmt.Errorf("a wall that is not along a grid line: %s", m[0])
		}
	}
	return out, nil
}
