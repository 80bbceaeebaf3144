package constraint

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sudoku"
	"sudoku/internal/words"
)

// Drawings: f-puzzles' text, lines, rectangles, circles and cages that
// carry no rule. They are kept, drawn and written back as they came (the
// entry itself is kept, so nothing is lost), and the solvers ignore them.
// An entry that f-puzzles drew for a constraint of its own ("fromConstraint",
// "isLLConstraint": the skyscraper clue drawn as text, a lockout line
// drawn as a line) is written back but not drawn: the constraint draws
// itself.

type drawing struct {
	key     string
	n       int
	raw     json.RawMessage
	cells   []int
	shapes  []sudoku.Shape
	derived bool
}

func (c *drawing) Kind() string                   { return c.key }
func (c *drawing) Cells() []int                   { return c.cells }
func (c *drawing) String() string                 { return c.key + " (a drawing)" }
func (c *drawing) Cosmetic() bool                 { return true }
func (c *drawing) Check([]uint8) error            { return nil }
func (c *drawing) Propagate(*sudoku.Domains) bool { return true }
func (c *drawing) Rows(sudoku.Model)              {}
func (c *drawing) Shapes() []sudoku.Shape         { return c.shapes }
func (c *drawing) MarshalJSON() ([]byte, error)   { return c.raw, nil }

// fpDrawing is every field of a drawing entry this package reads.
type fpDrawing struct {
	Cells          []string   `json:"cells"`
	Lines          [][]string `json:"lines"`
	Value          any        `json:"value"`
	FontC          string     `json:"fontC"`
	BaseC          string     `json:"baseC"`
	OutlineC       string     `json:"outlineC"`
	Size           float64    `json:"size"`
	Width          float64    `json:"width"`
	Height         float64    `json:"height"`
	FromConstraint string     `json:"fromConstraint"`
	IsLL           bool       `json:"isLLConstraint"`
}

// fpPoint returns the centre of a place named "RrCc", 1-based, rows and
// columns 0 and N+1 beside the grid.
func fpPoint(n int, name string) (sudoku.Point, bool) {
	u := strings.ToUpper(strings.TrimSpace(name))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(u, "R"), "C")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !ok || !strings.HasPrefix(u, "R") || err1 != nil || err2 != nil || r < 0 || c < 0 || r > n+1 || c > n+1 {
		return sudoku.Point{}, false
	}
	return sudoku.Point{R: float64(r) - 0.5, C: float64(c) - 0.5}, true
}

// points reads place names as centres.
func drawingPoints(f *sudoku.FPuzzle, key string, i int, names []string) ([]sudoku.Point, error) {
	out := make([]sudoku.Point, 0, len(names))
	for _, s := range names {
		p, ok := fpPoint(f.Size, s)
		if !ok {
			return nil, f.Errorf(key, i, "place %q is not on or beside %s", s, words.AGrid(f.Size))
		}
		out = append(out, p)
	}
	return out, nil
}

// centre returns the mean of points.
func centre(ps []sudoku.Point) sudoku.Point {
	var c sudoku.Point
	for _, p := range ps {
		c.R += p.R / float64(len(ps))
		c.C += p.C / float64(len(ps))
	}
	return c
}

// readDrawings reads the entries of a drawing key.
func readDrawings(key string) func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	return func(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
		var raws []json.RawMessage
		if err := f.Decode(key, &raws); err != nil {
			return nil, err
		}
		out := make([]sudoku.Constraint, 0, len(raws))
		for i, raw := range raws {
			var e fpDrawing
			if err := json.Unmarshal(raw, &e); err != nil {
				return nil, f.Errorf(key, i, "%v", err)
			}
			c, err := newDrawing(f, key, i, raw, e)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
}

func newDrawing(f *sudoku.FPuzzle, key string, i int, raw json.RawMessage, e fpDrawing) (*drawing, error) {
	c := &drawing{key: key, n: f.Size, raw: raw, derived: e.FromConstraint != "" || e.IsLL}
	for _, s := range e.Cells {
		if cell, ok := sudoku.FPCellIndex(f.Size, s); ok {
			c.cells = append(c.cells, cell)
		}
	}
	pts, err := drawingPoints(f, key, i, e.Cells)
	if err != nil {
		return nil, err
	}
	text := ""
	if e.Value != nil {
		text = fmt.Sprint(e.Value)
	}
	switch key {
	case "line":
		for _, line := range e.Lines {
			lp, err := drawingPoints(f, key, i, line)
			if err != nil {
				return nil, err
			}
			c.shapes = append(c.shapes, sudoku.Shape{Kind: sudoku.ShapeLine, Points: lp, Size: orDefault(e.Width, 0.25), Stroke: orColour(e.OutlineC, "#a0a0a0")})
		}
	case "text":
		if len(pts) > 0 {
			c.shapes = []sudoku.Shape{{Kind: sudoku.ShapeText, Points: []sudoku.Point{centre(pts)}, Size: orDefault(e.Size, 1) * 0.6, Fill: orColour(e.FontC, "#000000"), Text: text}}
		}
	case "rectangle", "circle":
		c.shapes = drawnBox(key, pts, e, text)
	case "cage":
		c.shapes = []sudoku.Shape{{Kind: sudoku.ShapeCage, Cells: c.cells, Stroke: orColour(e.OutlineC, "#000000"), Text: text, Dashed: true}}
	}
	if c.derived {
		c.shapes = nil
	}
	return c, nil
}

// drawnBox is the shape of a rectangle or circle entry, with its text.
func drawnBox(key string, pts []sudoku.Point, e fpDrawing, text string) []sudoku.Shape {
	if len(pts) == 0 {
		return nil
	}
	at := centre(pts)
	w, h := orDefault(e.Width, 0.5), orDefault(e.Height, 0.5)
	fill, stroke := orColour(e.BaseC, ""), orColour(e.OutlineC, "")
	s := sudoku.Shape{Kind: sudoku.ShapeRect, Points: []sudoku.Point{{R: at.R - h/2, C: at.C - w/2}, {R: at.R + h/2, C: at.C + w/2}}, Fill: fill, Stroke: stroke}
	if key == "circle" {
		s = sudoku.Shape{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{at}, Size: w / 2, Fill: fill, Stroke: stroke}
	}
	out := []sudoku.Shape{s}
	if text != "" {
		out = append(out, sudoku.Shape{Kind: sudoku.ShapeText, Points: []sudoku.Point{at}, Size: h * 0.6, Fill: orColour(e.FontC, "#000000"), Text: text})
	}
	return out
}

func orDefault(v, def float64) float64 {
	if v <= 0 {
		return def
	}
	return v
}

// orColour returns a CSS colour f-puzzles wrote, or def for none or one
// that is not a plain colour (a drawing's colours reach SVG and the web
// page).
func orColour(c, def string) string {
	if c == "" || !sudoku.PlainColour(c) {
		return def
	}
	return c
}

// writeDrawings writes the entries back as they came.
func writeDrawings(key string) func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
	return func(f *sudoku.FPuzzle, cs []sudoku.Constraint) error {
		raws := make([]json.RawMessage, len(cs))
		for i, c := range cs {
			d, ok := c.(*drawing)
			if !ok {
				return fmt.Errorf("not a drawing: %v", c)
			}
			raws[i] = d.raw
		}
		return f.Set(key, raws)
	}
}

func init() {
	for _, key := range []string{"text", "line", "rectangle", "circle", "cage"} {
		sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: key, Read: readDrawings(key), Write: writeDrawings(key)})
	}
}
