package sudoku

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// This file holds the drawing elements of a SudokuPad puzzle as the
// reader sees them: their fields (read leniently, numbers or strings, as
// SudokuPad writes both), colours and their families, places on the grid
// (a cell's centre, the edge between two cells, a corner, the ring of
// clues outside), the cells a line passes through, their words for
// people ("red line r1c1-r1c4"), and the drawing kept for an element
// that is not read as a rule.
//
// SudokuPad's coordinates are [row, column] in cells from the grid's top
// left corner, as our Shapes' are: cell r1c1 spans 0..1 both ways and has
// its centre at [0.5, 0.5]. Thicknesses and font sizes are pixels of a
// cell of 64.

// spCellPixels is the size of a cell in SudokuPad's pixels.
const spCellPixels = 64

// spElem is one drawing element: a line, an arrow, an overlay or an
// underlay (a box or circle, with or without text), or a cage.
type spElem struct {
	list string // "lines", "arrows", "overlays", "underlays", "cages"
	i    int
	m    map[string]any
	// how says what the element was read as: the f-puzzles key of its
	// kind (or a kind's name), meta, invisible, bounds, disjoint,
	// drawing (shading that says nothing) or unread; "" until read.
	how string
}

// spNumber reads a number written as a JSON number or a string.
func spNumber(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, !math.IsNaN(v) && !math.IsInf(v, 0)
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return 0, false
}

// spString reads a string, a number written as its digits.
func spString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}

// spPoint reads [row, column].
func spPoint(v any) (Point, bool) {
	a, ok := v.([]any)
	if !ok || len(a) != 2 {
		return Point{}, false
	}
	r, ok1 := spNumber(a[0])
	c, ok2 := spNumber(a[1])
	return Point{r, c}, ok1 && ok2 && math.Abs(r) < 1e4 && math.Abs(c) < 1e4
}

func (e *spElem) num(key string, def float64) float64 {
	if v, ok := spNumber(e.m[key]); ok {
		return v
	}
	return def
}

func (e *spElem) str(key string) string { return spString(e.m[key]) }

func (e *spElem) flag(key string) bool {
	switch v := e.m[key].(type) {
	case bool:
		return v
	case float64:
		return v != 0
	case string:
		return v == "true" || v == "1"
	}
	return false
}

func (e *spElem) has(key string) bool { _, ok := e.m[key]; return ok }

func (e *spElem) colour(key string) spColour { return spParseColour(e.str(key)) }

// center returns the element's centre.
func (e *spElem) center() (Point, bool) { return spPoint(e.m["center"]) }

// points returns a line's or arrow's way points.
func (e *spElem) points() ([]Point, bool) {
	a, ok := e.m["wayPoints"].([]any)
	if !ok || len(a) == 0 {
		return nil, false
	}
	out := make([]Point, len(a))
	for i, v := range a {
		if out[i], ok = spPoint(v); !ok {
			return nil, false
		}
	}
	return out, true
}

// text returns an overlay's text, trimmed.
func (e *spElem) text() string { return strings.TrimSpace(e.str("text")) }

// size returns an overlay's width and height in cells.
func (e *spElem) size() (w, h float64) {
	return e.num("width", 0.5), e.num("height", e.num("width", 0.5))
}

// fill returns an overlay's fill colour.
func (e *spElem) fill() spColour { return e.colour("backgroundColor") }

// stroke returns a line's or arrow's colour, an overlay's border.
func (e *spElem) stroke() spColour {
	if e.list == "lines" || e.list == "arrows" {
		return e.colour("color")
	}
	return e.colour("borderColor")
}

// ink returns the colour of an overlay's text.
func (e *spElem) ink() spColour {
	for _, k := range []string{"textColor", "color"} {
		if c := e.colour(k); c.set {
			return c
		}
	}
	return spParseColour("#000000")
}

// visible reports whether the element draws anything a player sees.
func (e *spElem) visible() bool {
	if e.num("opacity", 1) <= 0.05 || e.flag("hidden") {
		return false
	}
	switch e.list {
	case "lines", "arrows":
		return e.stroke().shows() && e.num("thickness", 1) > 0
	case "cages":
		return true
	}
	return e.fill().shows() || e.stroke().shows() || e.text() != "" && e.ink().shows()
}

// spColour is a CSS colour as SudokuPad's elements write them.
type spColour struct {
	r, g, b, a float64 // 0..1
	set        bool    // written and understood
	css        string  // as written
}

// shows reports whether the colour paints: written and not transparent.
func (c spColour) shows() bool { return c.set && c.a > 0.05 }

// spNamedColours are the CSS colour words SudokuPad's setters use.
var spNamedColours = map[string]string{
	"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
	"yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080", "pink": "#ffc0cb", "grey": "#808080",
	"gray": "#808080", "lightgray": "#d3d3d3", "lightgrey": "#d3d3d3", "silver": "#c0c0c0",
	"transparent": "#00000000", "none": "#00000000",
}

// spParseColour reads #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba() or
// a colour word.
func spParseColour(s string) spColour {
	s = strings.ToLower(strings.TrimSpace(s))
	c := spColour{css: s}
	if named, ok := spNamedColours[s]; ok {
		s = named
	}
	switch {
	case strings.HasPrefix(s, "#"):
		return spHexColour(c, s[1:])
	case strings.HasPrefix(s, "rgb"):
		return spRGBColour(c, s)
	}
	return c
}

func spHexColour(c spColour, h string) spColour {
	if len(h) == 3 || len(h) == 4 {
		var b strings.Builder
		for i := range len(h) {
			b.WriteByte(h[i])
			b.WriteByte(h[i])
		}
		h = b.String()
	}
	if len(h) != 6 && len(h) != 8 {
		return c
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return c
	}
	if len(h) == 6 {
		v = v<<8 | 0xff
	}
	c.r, c.g, c.b, c.a = float64(v>>24&0xff)/255, float64(v>>16&0xff)/255, float64(v>>8&0xff)/255, float64(v&0xff)/255
	c.set = true
	return c
}

func spRGBColour(c spColour, s string) spColour {
	open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || close < open {
		return c
	}
	parts := strings.FieldsFunc(s[open+1:close], func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
	if len(parts) < 3 || len(parts) > 4 {
		return c
	}
	vals := []float64{0, 0, 0, 1}
	for i, p := range parts {
		pct := strings.HasSuffix(p, "%")
		v, err := strconv.ParseFloat(strings.TrimSuffix(p, "%"), 64)
		if err != nil {
			return c
		}
		switch {
		case pct:
			v /= 100
		case i < 3:
			v /= 255
		}
		vals[i] = math.Max(0, math.Min(1, v))
	}
	c.r, c.g, c.b, c.a, c.set = vals[0], vals[1], vals[2], vals[3], true
	return c
}

// spColourWords are the colour words of setters' rules, each with the
// colours it is said of (CSS's, and those SudokuPad's setters draw
// with): a line is of the word whose colours are nearest its own.
var spColourWords = []struct {
	word  string
	alias []string // other words for it
	refs  []string
}{
	{"red", []string{"crimson", "scarlet"}, []string{"#ff0000", "#dc143c", "#e74c3c", "#f0535d", "#ff6347", "#b22222", "#e03030"}},
	{"orange", []string{"amber", "peach"}, []string{"#ffa500", "#ff8c00", "#ff9933", "#ffcf90", "#ffccaa", "#ff7f50"}},
	{"brown", nil, []string{"#a52a2a", "#8b4513", "#a0522d", "#a06030"}},
	{"yellow", []string{"gold", "golden"}, []string{"#ffff00", "#ffd700", "#f0e68c", "#c9c883", "#f0e040", "#ffdf61"}},
	{"green", []string{"lime"}, []string{"#00ff00", "#008000", "#32cd32", "#67f067", "#2ecc40", "#90ee90", "#40c040", "#00c000"}},
	{"teal", []string{"turquoise"}, []string{"#008080", "#20b2aa", "#33bbbb", "#40e0d0", "#5f9ea0", "#21cbcb"}},
	{"cyan", []string{"aqua"}, []string{"#00ffff", "#00ced1", "#40e0f0"}},
	{"blue", nil, []string{"#0000ff", "#1e90ff", "#00bfff", "#87ceeb", "#add8e6", "#4169e1", "#2ecbff", "#3070f0", "#6495ed"}},
	{"purple", []string{"violet", "indigo", "magenta", "fuchsia", "mauve"}, []string{"#800080", "#9932cc", "#8a2be2", "#a040c0", "#ba55d3", "#9370db", "#ee82ee", "#da70d6", "#f067f0", "#ff00ff"}},
	{"lavender", []string{"lilac"}, []string{"#cdb1ec", "#c8a2c8", "#b57edc", "#d8bfd8", "#e6e6fa", "#c3b1e1"}},
	{"pink", nil, []string{"#ffc0cb", "#ff69b4", "#ff1493", "#ffb6c1", "#f080c0"}},
	{"grey", []string{"gray", "silver"}, []string{"#808080", "#a9a9a9", "#c0c0c0", "#d3d3d3", "#cfcfcf", "#a1a1a1", "#999999"}},
	{"black", nil, []string{"#000000", "#202020"}},
	{"white", nil, []string{"#ffffff", "#f8f8f8"}},
}

// spColourNear is how near (in 0..255 RGB) a colour must be to a word's
// to be of it; spColourClear how much nearer than the next word.
const (
	spColourNear  = 90.0
	spColourClear = 1.3
)

// spWordsIn returns the colour words low names (aliases as their word).
func spWordsIn(low string) []string {
	var out []string
	for _, w := range spColourWords {
		if spHasWord(low, w.word) || spHasWord(low, w.alias...) {
			out = append(out, w.word)
		}
	}
	return out
}

// dist returns the distance of two colours in 0..255 RGB.
func (c spColour) dist(d spColour) float64 {
	return 255 * math.Sqrt((c.r-d.r)*(c.r-d.r)+(c.g-d.g)*(c.g-d.g)+(c.b-d.b)*(c.b-d.b))
}

// nearest returns the word of words (all when nil) whose colours are
// nearest c, "" when none is near, or two are about as near.
func (c spColour) nearest(words []string) string {
	best, second, word := math.Inf(1), math.Inf(1), ""
	for _, w := range spColourWords {
		if words != nil && !slices.Contains(words, w.word) {
			continue
		}
		d := math.Inf(1)
		for _, ref := range w.refs {
			d = math.Min(d, c.dist(spParseColour(ref)))
		}
		switch {
		case d < best:
			best, second, word = d, best, w.word
		case d < second:
			second = d
		}
	}
	if !c.set || best > spColourNear || second < best*spColourClear && second-best < 20 {
		return ""
	}
	return word
}

// family returns the colour's family, "" when it is not set.
func (c spColour) family() string {
	if !c.set {
		return ""
	}
	hi, lo := math.Max(c.r, math.Max(c.g, c.b)), math.Min(c.r, math.Min(c.g, c.b))
	l := (hi + lo) / 2
	if hi-lo < 0.12 {
		switch {
		case l < 0.2:
			return "black"
		case l > 0.92:
			return "white"
		}
		return "grey"
	}
	var h float64
	switch hi {
	case c.r:
		h = math.Mod((c.g-c.b)/(hi-lo)+6, 6)
	case c.g:
		h = (c.b-c.r)/(hi-lo) + 2
	default:
		h = (c.r-c.g)/(hi-lo) + 4
	}
	return spHue(h * 60)
}

// spHue names a hue in degrees.
func spHue(h float64) string {
	for _, b := range []struct {
		upTo float64
		name string
	}{{15, "red"}, {45, "orange"}, {70, "yellow"}, {165, "green"}, {195, "teal"}, {255, "blue"}, {290, "purple"}, {345, "pink"}} {
		if h < b.upTo {
			return b.name
		}
	}
	return "red"
}

// word names the colour for people: the nearest colour word, its
// family, or as written.
func (c spColour) word() string {
	if w := c.nearest(nil); w != "" {
		return w
	}
	if f := c.family(); f != "" {
		return f
	}
	if c.css != "" {
		return c.css
	}
	return "uncoloured"
}

// near reports whether two colours are of one family.
func (c spColour) near(d spColour) bool { return c.family() == d.family() }

// spFrac returns x's distance from the nearest whole number.
func spFrac(x float64) float64 { return math.Abs(x - math.Round(x)) }

// spCellAt returns the cell of an n-grid that p lies well inside (not
// within 0.05 of its border).
func spCellAt(n int, p Point) (int, bool) {
	r, c := math.Floor(p.R), math.Floor(p.C)
	if r < 0 || c < 0 || r >= float64(n) || c >= float64(n) || spFrac(p.R) < 0.05 || spFrac(p.C) < 0.05 {
		return 0, false
	}
	return int(r)*n + int(c), true
}

// spCentred returns the cell whose centre p is within tol of.
func spCentred(n int, p Point, tol float64) (int, bool) {
	c, ok := spCellAt(n, p)
	if !ok || math.Abs(p.R-math.Floor(p.R)-0.5) > tol || math.Abs(p.C-math.Floor(p.C)-0.5) > tol {
		return 0, false
	}
	return c, true
}

// spEdge returns the two side-by-side cells of an n-grid whose shared
// edge p is at the middle of (the upper or left one first).
func spEdge(n int, p Point) (a, b int, ok bool) {
	half := func(x float64) bool { return math.Abs(x-math.Floor(x)-0.5) <= 0.15 }
	switch {
	case spFrac(p.R) <= 0.1 && half(p.C): // a horizontal edge: cells above and below
		r, c := int(math.Round(p.R)), int(math.Floor(p.C))
		if r >= 1 && r < n && c >= 0 && c < n {
			return (r-1)*n + c, r*n + c, true
		}
	case spFrac(p.C) <= 0.1 && half(p.R):
		r, c := int(math.Floor(p.R)), int(math.Round(p.C))
		if c >= 1 && c < n && r >= 0 && r < n {
			return r*n + c - 1, r*n + c, true
		}
	}
	return 0, 0, false
}

// spCorner returns the four cells of an n-grid around the inner corner p
// is at.
func spCorner(n int, p Point) ([]int, bool) {
	if spFrac(p.R) > 0.1 || spFrac(p.C) > 0.1 {
		return nil, false
	}
	r, c := int(math.Round(p.R)), int(math.Round(p.C))
	if r < 1 || c < 1 || r >= n || c >= n {
		return nil, false
	}
	return []int{(r-1)*n + c - 1, (r-1)*n + c, r*n + c - 1, r*n + c}, true
}

// spOutside returns the place of the ring around an n-grid that p is in
// (row or column -1 or n, 0-based), corners included.
func spOutside(n int, p Point) (row, col int, ok bool) {
	r, c := int(math.Floor(p.R)), int(math.Floor(p.C))
	inRange := func(x int) bool { return x >= -1 && x <= n }
	if !inRange(r) || !inRange(c) || r >= 0 && r < n && c >= 0 && c < n {
		return 0, 0, false
	}
	return r, c, true
}

// spCellPath returns the cells a line through pts passes, each point in
// a cell (not on a border), each step from one to the next straight or
// diagonal: the cells between are filled in. ok is false for any other
// line (along cell borders, or with a knight's step).
func spCellPath(n int, pts []Point) ([]int, bool) {
	var out []int
	for _, p := range pts {
		c, ok := spCellAt(n, p)
		if !ok {
			return nil, false
		}
		if len(out) == 0 {
			out = append(out, c)
			continue
		}
		last := out[len(out)-1]
		dr, dc := c/n-last/n, c%n-last%n
		if dr != 0 && dc != 0 && abs(dr) != abs(dc) {
			return nil, false
		}
		steps := max(abs(dr), abs(dc))
		for s := 1; s <= steps; s++ {
			out = append(out, (last/n+s*sign(dr))*n+last%n+s*sign(dc))
		}
	}
	return out, true
}

// sign returns -1, 0 or 1.
func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// spPlace names a point for people: "at r3c3", "at r1c1|r1c2" (an
// edge), "at the corner of ...", "above c3", or "at (r, c)".
func spPlace(n int, p Point) string {
	if c, ok := spCellAt(n, p); ok && spFrac(p.R) > 0.15 && spFrac(p.C) > 0.15 {
		return "at " + CellName(n, c)
	}
	if a, b, ok := spEdge(n, p); ok {
		return "at " + CellName(n, a) + "|" + CellName(n, b)
	}
	if cells, ok := spCorner(n, p); ok {
		return "at the corner of " + CellList(n, cells, 4)
	}
	if r, c, ok := spOutside(n, p); ok {
		return spOutsideName(n, r, c)
	}
	return fmt.Sprintf("at (%g, %g)", p.R, p.C)
}

// spOutsideName names a place of the ring: "above c3", "left of r2".
func spOutsideName(n, r, c int) string {
	switch {
	case r < 0 && c >= 0 && c < n:
		return fmt.Sprintf("above c%d", c+1)
	case r >= n && c >= 0 && c < n:
		return fmt.Sprintf("below c%d", c+1)
	case c < 0 && r >= 0 && r < n:
		return fmt.Sprintf("left of r%d", r+1)
	case c >= n && r >= 0 && r < n:
		return fmt.Sprintf("right of r%d", r+1)
	}
	return fmt.Sprintf("outside the corner at r%dc%d", r+1, c+1)
}

// shapeWord names an element's shape: line, arrow, circle, square,
// rectangle, text, cage.
func (e *spElem) shapeWord() string {
	switch e.list {
	case "lines", "arrows", "cages":
		return strings.TrimSuffix(e.list, "s")
	}
	w, h := e.size()
	if !e.fill().shows() && !e.stroke().shows() || e.text() != "" && math.Max(w, h) <= 0.35 {
		return "text" // a text, maybe on a small box of its own
	}
	switch {
	case e.flag("rounded"):
		return "circle"
	case math.Abs(w-h) < 0.05:
		return "square"
	}
	return "rectangle"
}

// describe words the element for people: "red line r1c1-r1c4", "grey
// circle with text 5 at r3c3", "cage 15 at r1c1, r1c2".
func (e *spElem) describe(n int) (string, []int) {
	shape := e.shapeWord()
	col := e.stroke()
	if e.list == "overlays" || e.list == "underlays" {
		if col = e.fill(); !col.shows() {
			col = e.stroke()
		}
	}
	what := shape
	if shape != "text" && shape != "cage" && col.shows() {
		what = col.word() + " " + shape
	}
	switch e.list {
	case "lines", "arrows":
		return e.describeLine(n, what)
	case "cages":
		cells := spCageCells(n, e.m["cells"])
		if v := strings.TrimSpace(e.str("value")); v != "" {
			what += " " + spClip(v, 24)
		}
		return what + " at " + CellList(n, cells, 4), cells
	}
	if t := e.text(); t != "" && shape != "text" {
		what += " with text " + spClip(t, 16)
	} else if t != "" {
		what += " " + spClip(t, 16)
	}
	p, ok := e.center()
	if !ok {
		return what, nil
	}
	var cells []int
	if c, ok := spCellAt(n, p); ok {
		cells = []int{c}
	}
	return what + " " + spPlace(n, p), cells
}

// describeLine words a line or arrow by the cells it passes, or by its
// ends.
func (e *spElem) describeLine(n int, what string) (string, []int) {
	pts, ok := e.points()
	if !ok {
		return what, nil
	}
	if cells, ok := spCellPath(n, pts); ok {
		return what + " " + CellRange(n, cells), cells
	}
	return what + " from " + strings.TrimPrefix(spPlace(n, pts[0]), "at ") + " to " + strings.TrimPrefix(spPlace(n, pts[len(pts)-1]), "at "), nil
}

// spCageCells reads a cage's cells, [row, column] pairs on an n-grid;
// cells outside it are left out (callers check the count).
func spCageCells(n int, v any) []int {
	a, _ := v.([]any)
	var out []int
	for _, x := range a {
		p, ok := spPoint(x)
		if !ok || p.R != math.Floor(p.R) || p.C != math.Floor(p.C) || p.R < 0 || p.C < 0 || p.R >= float64(n) || p.C >= float64(n) {
			continue
		}
		out = append(out, int(p.R)*n+int(p.C))
	}
	return out
}

// spDrawing is an element of a SudokuPad puzzle kept as a drawing: an
// element read as no rule (cell shading, a decoration), or one that
// could not be read (then also in Board.Meta.Unread). Solvers ignore it;
// the web page and the renderer draw it.
type spDrawing struct {
	what   string
	cells  []int
	shapes []Shape
}

func (d *spDrawing) Kind() string            { return "sudokupad" }
func (d *spDrawing) Cells() []int            { return d.cells }
func (d *spDrawing) String() string          { return d.what + " (a drawing)" }
func (d *spDrawing) Cosmetic() bool          { return true }
func (d *spDrawing) Check([]uint8) error     { return nil }
func (d *spDrawing) Propagate(*Domains) bool { return true }
func (d *spDrawing) Rows(Model)              {}
func (d *spDrawing) Shapes() []Shape         { return d.shapes }

// drawing returns the element as a drawing.
func (e *spElem) drawing(n int) *spDrawing {
	what, cells := e.describe(n)
	return &spDrawing{what: what, cells: cells, shapes: e.shapes(n)}
}

// shapes draws the element in our Shapes.
func (e *spElem) shapes(n int) []Shape {
	switch e.list {
	case "lines", "arrows":
		pts, ok := e.points()
		if !ok {
			return nil
		}
		kind := ShapeLine
		if e.list == "arrows" {
			kind = ShapeArrow
		}
		return []Shape{{Kind: kind, Points: pts, Size: e.num("thickness", 2) / spCellPixels, Stroke: spCSS(e.stroke())}}
	case "cages":
		return []Shape{{Kind: ShapeCage, Cells: spCageCells(n, e.m["cells"]), Stroke: spCSS(e.colour("borderColor")), Text: e.str("value"), Dashed: true}}
	}
	return e.boxShapes()
}

// boxShapes draws an overlay or underlay: its box or circle, its text.
func (e *spElem) boxShapes() []Shape {
	p, ok := e.center()
	if !ok {
		return nil
	}
	w, h := e.size()
	var out []Shape
	if fill, stroke := spCSS(e.fill()), spCSS(e.stroke()); fill != "" || stroke != "" {
		s := Shape{Kind: ShapeRect, Points: []Point{{p.R - h/2, p.C - w/2}, {p.R + h/2, p.C + w/2}}, Fill: fill, Stroke: stroke}
		if e.flag("rounded") {
			s = Shape{Kind: ShapeCircle, Points: []Point{p}, Size: w / 2, Fill: fill, Stroke: stroke}
		}
		out = append(out, s)
	}
	if t := e.text(); t != "" {
		out = append(out, Shape{Kind: ShapeText, Points: []Point{p}, Size: e.num("fontSize", 16) / spCellPixels, Fill: orColour(spCSS(e.ink()), "#000000"), Text: t})
	}
	return out
}

// spCSS writes a colour for a Shape: "#rrggbb", "" for none.
func spCSS(c spColour) string {
	if !c.shows() {
		return ""
	}
	b := func(x float64) int { return int(math.Round(x * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", b(c.r), b(c.g), b(c.b))
}

func init() {
	RegisterConstraint(ConstraintKind{Name: "sudokupad", Title: "SudokuPad drawing",
		Rule: "A drawing of a SudokuPad puzzle that is no rule read here: shading, or an element listed as unread."})
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// orColour returns c when it is a plain colour ("#" and hex digits, or a
// word), else def.
func orColour(c, def string) string {
	if c == "" || !PlainColour(c) {
		return def
	}
	return c
}

// PlainColour reports whether c is a colour a drawing may carry to SVG
// and the web page: "#" and 3 to 8 hex digits, or a word of letters.
func PlainColour(c string) bool {
	if strings.HasPrefix(c, "#") {
		if len(c) < 4 || len(c) > 9 {
			return false
		}
		_, err := strconv.ParseUint(c[1:], 16, 32)
		return err == nil
	}
	for _, r := range c {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return c != ""
}
