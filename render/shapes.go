package render

import (
	"image/color"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"sudoku"
)

// The drawings of constraints (thermometers, dots, arrows, clues outside
// the grid, f-puzzles' own drawings): each constraint says what it draws
// as sudoku.Shape values, in cell units, and the three backends draw
// those. Shades go under the grid lines, the rest over them and under the
// digits. The view is the grid, grown by whole cells when a shape lies
// outside it (a sandwich or little killer clue in the ring round the
// grid).

// Sizes of what shapes leave open, in cells.
const (
	shapeStroke = 0.03  // the outline of a circle or rectangle
	arrowHead   = 0.3   // an arrowhead's sides
	viewRing    = 2.0   // shapes further out than this are cut off
	viewSlack   = 0.05  // how far a shape may poke out before a margin grows
	maxText     = 3.0   // the largest text, in cells
	minSize     = 0.005 // the smallest width or radius drawn
)

// greyInk is the colour of a shape whose colour is not understood, and of
// a line without one; textInk of a text or cage without one.
var (
	greyInk = color.NRGBA{0xa0, 0xa0, 0xa0, 0xff}
	textInk = color.NRGBA{0x11, 0x11, 0x11, 0xff}
)

// view is the part of the plane a drawing shows, in cell units: the grid
// (0..n) and the ring of cells round it that shapes reach.
type view struct{ x0, y0, x1, y1 float64 }

func (v view) w() float64 { return v.x1 - v.x0 }
func (v view) h() float64 { return v.y1 - v.y0 }

// shapesOf returns the shapes of the constraints of r, the shades first
// (they go under the grid lines), each cleaned so a backend can draw it
// without checks.
func shapesOf(r *sudoku.Rules) (shades, marks []sudoku.Shape) {
	if r == nil {
		return nil, nil
	}
	for _, c := range r.Constraints {
		for _, s := range c.Shapes() {
			s, ok := cleanShape(r.Size, s)
			switch {
			case !ok:
			case s.Kind == sudoku.ShapeShade:
				shades = append(shades, s)
			default:
				marks = append(marks, s)
			}
		}
	}
	return shades, marks
}

// cleanShape bounds a shape's numbers (a drawing read from a file may
// say anything) and drops what cannot be drawn: a shape without the
// points or cells its kind needs, cells off the grid.
func cleanShape(n int, s sudoku.Shape) (sudoku.Shape, bool) {
	lim := float64(n) + viewRing + 1
	pts := make([]sudoku.Point, 0, len(s.Points))
	for _, p := range s.Points {
		if isFinite(p.R) && isFinite(p.C) {
			pts = append(pts, sudoku.Point{R: clamp(p.R, -lim, lim), C: clamp(p.C, -lim, lim)})
		}
	}
	s.Points = pts
	cells := make([]int, 0, len(s.Cells))
	for _, c := range s.Cells {
		if c >= 0 && c < n*n {
			cells = append(cells, c)
		}
	}
	s.Cells = cells
	if !isFinite(s.Size) {
		s.Size = 0
	}
	s.Size = clamp(s.Size, 0, lim)
	return s, shapeDrawable(s)
}

// shapeDrawable reports whether s has what its kind needs.
func shapeDrawable(s sudoku.Shape) bool {
	switch s.Kind {
	case sudoku.ShapeLine, sudoku.ShapeArrow:
		return len(s.Points) >= 2 || (s.Kind == sudoku.ShapeLine && len(s.Points) == 1)
	case sudoku.ShapeCircle:
		return len(s.Points) >= 1 && s.Size >= minSize
	case sudoku.ShapeRect:
		return len(s.Points) >= 2
	case sudoku.ShapeText:
		return len(s.Points) >= 1 && s.Text != ""
	case sudoku.ShapeCage, sudoku.ShapeShade:
		return len(s.Cells) > 0
	}
	return false
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// lineWidthOf is the width of a line or arrow, in cells.
func lineWidthOf(s sudoku.Shape) float64 {
	if s.Size <= 0 {
		return 0.1
	}
	return clamp(s.Size, minSize, 1)
}

// textSize is a text's height (its font size), in cells.
func textSize(s sudoku.Shape) float64 {
	if s.Size <= 0 {
		return 0.3
	}
	return clamp(s.Size, 0.05, maxText)
}

// rectOf returns a rectangle shape's corners, left-top first.
func rectOf(s sudoku.Shape) (x0, y0, x1, y1 float64) {
	a, b := s.Points[0], s.Points[1]
	return math.Min(a.C, b.C), math.Min(a.R, b.R), math.Max(a.C, b.C), math.Max(a.R, b.R)
}

// extent returns the box a shape covers, in cells (x along columns, y
// along rows).
func extent(n int, s sudoku.Shape) view {
	v := view{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	add := func(x, y, rx, ry float64) {
		v = view{math.Min(v.x0, x-rx), math.Min(v.y0, y-ry), math.Max(v.x1, x+rx), math.Max(v.y1, y+ry)}
	}
	switch s.Kind {
	case sudoku.ShapeLine, sudoku.ShapeArrow:
		r := lineWidthOf(s) / 2
		if s.Kind == sudoku.ShapeArrow {
			r = math.Max(r, arrowHead)
		}
		for _, p := range s.Points {
			add(p.C, p.R, r, r)
		}
	case sudoku.ShapeCircle:
		add(s.Points[0].C, s.Points[0].R, s.Size, s.Size)
	case sudoku.ShapeRect:
		x0, y0, x1, y1 := rectOf(s)
		add(x0, y0, 0, 0)
		add(x1, y1, 0, 0)
	case sudoku.ShapeText:
		h := textSize(s)
		add(s.Points[0].C, s.Points[0].R, h*0.3*float64(len([]rune(s.Text))), h/2)
	default: // cells of the grid
		add(0, 0, 0, 0)
		add(float64(n), float64(n), 0, 0)
	}
	return v
}

// viewOf returns what a drawing of a grid of size n with these shapes
// shows: the grid, and whole rings of cells where shapes poke out of it
// (by more than viewSlack), at most viewRing cells.
func viewOf(n int, shapes []sudoku.Shape) view {
	g := float64(n)
	v := view{0, 0, g, g}
	for _, s := range shapes {
		e := extent(n, s)
		if e.x0 < -viewSlack {
			v.x0 = math.Min(v.x0, math.Max(-viewRing, math.Floor(e.x0)))
		}
		if e.y0 < -viewSlack {
			v.y0 = math.Min(v.y0, math.Max(-viewRing, math.Floor(e.y0)))
		}
		if e.x1 > g+viewSlack {
			v.x1 = math.Max(v.x1, math.Min(g+viewRing, math.Ceil(e.x1)))
		}
		if e.y1 > g+viewSlack {
			v.y1 = math.Max(v.y1, math.Min(g+viewRing, math.Ceil(e.y1)))
		}
	}
	return v
}

// arrowHeadPoints returns the ends of the two sides of an arrowhead at
// the last point of path, drawn back along the last segment.
func arrowHeadPoints(path []sudoku.Point) (tip, a, b sudoku.Point, ok bool) {
	tip = path[len(path)-1]
	var from sudoku.Point
	for i := len(path) - 2; i >= 0; i-- {
		if from = path[i]; from != tip {
			ok = true
			break
		}
	}
	if !ok {
		return tip, a, b, false
	}
	dr, dc := from.R-tip.R, from.C-tip.C
	l := math.Hypot(dr, dc)
	dr, dc = dr/l*arrowHead, dc/l*arrowHead
	const cos, sin = 0.8192, 0.5736 // 35 degrees
	a = sudoku.Point{R: tip.R + dr*cos - dc*sin, C: tip.C + dr*sin + dc*cos}
	b = sudoku.Point{R: tip.R + dr*cos + dc*sin, C: tip.C - dr*sin + dc*cos}
	return tip, a, b, true
}

// parseColour reads a CSS colour as shapes give it: "#rgb", "#rgba",
// "#rrggbb", "#rrggbbaa" or a common name. ok is false for "" (none);
// anything else not understood is grey.
func parseColour(s string) (c color.NRGBA, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "" || s == "none" || s == "transparent":
		return c, false
	case strings.HasPrefix(s, "#"):
		if c, ok := hexColour(s[1:]); ok {
			return c, true
		}
	default:
		if c, ok := colourNames[s]; ok {
			return c, true
		}
	}
	return greyInk, true
}

// hexColour reads 3, 4, 6 or 8 hex digits.
func hexColour(h string) (color.NRGBA, bool) {
	if len(h) == 3 || len(h) == 4 {
		var b strings.Builder
		for _, r := range h {
			b.WriteRune(r)
			b.WriteRune(r)
		}
		h = b.String()
	}
	if len(h) == 6 {
		h += "ff"
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if len(h) != 8 || err != nil {
		return color.NRGBA{}, false
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}

// colourNames are the CSS names setters use most.
var colourNames = map[string]color.NRGBA{
	"black": {0, 0, 0, 255}, "white": {255, 255, 255, 255}, "grey": {128, 128, 128, 255}, "gray": {128, 128, 128, 255},
	"lightgrey": {211, 211, 211, 255}, "lightgray": {211, 211, 211, 255}, "darkgrey": {169, 169, 169, 255}, "darkgray": {169, 169, 169, 255},
	"silver": {192, 192, 192, 255}, "red": {255, 0, 0, 255}, "darkred": {139, 0, 0, 255}, "green": {0, 128, 0, 255},
	"lightgreen": {144, 238, 144, 255}, "lime": {0, 255, 0, 255}, "blue": {0, 0, 255, 255}, "lightblue": {173, 216, 230, 255},
	"navy": {0, 0, 128, 255}, "yellow": {255, 255, 0, 255}, "orange": {255, 165, 0, 255}, "purple": {128, 0, 128, 255},
	"violet": {238, 130, 238, 255}, "pink": {255, 192, 203, 255}, "brown": {165, 42, 42, 255}, "cyan": {0, 255, 255, 255},
	"aqua": {0, 255, 255, 255}, "magenta": {255, 0, 255, 255}, "fuchsia": {255, 0, 255, 255}, "teal": {0, 128, 128, 255},
	"olive": {128, 128, 0, 255}, "maroon": {128, 0, 0, 255}, "gold": {255, 215, 0, 255},
}

// rgbHex writes a colour as "#rrggbb" (its alpha apart).
func rgbHex(c color.NRGBA) string {
	const digits = "0123456789abcdef"
	b := []byte{'#', 0, 0, 0, 0, 0, 0}
	for i, v := range []uint8{c.R, c.G, c.B} {
		b[1+2*i], b[2+2*i] = digits[v>>4], digits[v&15]
	}
	return string(b)
}

// cageShape is the outline of a cage shape, inset into its cells as a
// killer cage's, with its label in the corner of its first cell.
func cageShape(n int, s sudoku.Shape) cageDraw {
	in := make(map[int]bool, len(s.Cells))
	for _, c := range s.Cells {
		in[c] = true
	}
	inside := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && in[r*n+c] }
	d := cageDraw{label: s.Text}
	cells := slices.Sorted(maps.Keys(in))
	for _, c := range cells {
		d.outline = append(d.outline, cageSides(c/n, c%n, inside)...)
	}
	d.lx, d.ly = float64(cells[0]%n)+0.04, float64(cells[0]/n)+0.02
	return d
}
