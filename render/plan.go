package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sudoku"
)

// A plan is what a board looks like, in cell units (a cell is 1x1, the
// grid's top left corner at 0,0), before any backend draws it. PNG, SVG and
// PDF draw the same plan, so every rule set looks the same in all three.
type plan struct {
	n       int
	boxRows int // rows of a box; 0 when regions are irregular
	boxCols int
	digits  []cellDigit // per cell: what to write, if anything
	shade   []bool      // per cell: a windoku box or an extra region
	walls   []segment   // thick region borders inside the grid (jigsaw)
	diag    sudoku.Diagonals
	parity  []sudoku.Parity
	cages   []cageDraw
	legend  string // rules the drawing does not show
	numbers bool   // write 10..25 as numbers rather than letters
	title   string
	// shades and marks are what the constraints draw (shapes.go): shades
	// under the grid lines, marks over them and under the digits.
	shades, marks []sudoku.Shape
	view          view // what the drawing shows: the grid, and a ring for clues outside it
}

type cellDigit struct {
	d     int
	given bool
}

// segment is a line from (x1, y1) to (x2, y2) in cell units.
type segment struct{ x1, y1, x2, y2 float64 }

// cageDraw is a killer cage: its dashed outline, inset from the cell
// borders, and its sum written in the corner of its first cell.
type cageDraw struct {
	outline []segment
	label   string
	lx, ly  float64 // the label's top left corner
}

// cageInset is how far a cage's outline sits inside its cells.
const cageInset = 0.1

// newPlan lays b out.
func newPlan(b *Board, o Options) (*plan, error) {
	if b.Rules == nil {
		return classicPlan(b, o), nil
	}
	r := b.Rules
	l, err := r.Layout()
	if err != nil {
		return nil, err
	}
	nn := l.NN
	if len(b.Cells) != nn || (b.Fill != nil && len(b.Fill) != nn) {
		return nil, fmt.Errorf("%w: %d givens and %d filled cells for a %dx%d grid", ErrLayout, len(b.Cells), len(b.Fill), r.Size, r.Size)
	}
	p := &plan{n: r.Size, diag: r.Diagonals, parity: r.Parity, numbers: o.Numbers, title: b.Caption}
	switch {
	case r.NoBoxes(): // rows and columns only: no thick lines inside
	case r.Regions == nil:
		p.boxRows, p.boxCols = r.BoxRows, r.BoxCols
	default:
		p.walls = walls(r.Size, func(c int) int { return int(r.Regions[c]) })
	}
	p.digits = make([]cellDigit, nn)
	for c := range nn {
		switch {
		case b.Cells[c] != 0:
			p.digits[c] = cellDigit{int(b.Cells[c]), true}
		case b.Fill != nil:
			p.digits[c] = cellDigit{int(b.Fill[c]), false}
		}
	}
	p.shade = make([]bool, nn)
	for _, u := range l.Units {
		if u.Kind == sudoku.UnitWindow || u.Kind == sudoku.UnitExtra {
			for _, c := range u.Cells {
				p.shade[c] = true
			}
		}
	}
	for i, k := range r.Cages {
		p.cages = append(p.cages, cageOf(r.Size, k, l.CageOf, i))
	}
	p.legend = legend(r)
	p.shades, p.marks = shapesOf(r)
	p.view = viewOf(r.Size, slices.Concat(p.shades, p.marks))
	if p.title == "" {
		p.title = strings.ToUpper(r.Name()[:1]) + r.Name()[1:] + " Sudoku"
	}
	return p, nil
}

// classicPlan lays out a classic grid.
func classicPlan(b *Board, o Options) *plan {
	p := &plan{n: 9, boxRows: 3, boxCols: 3, digits: make([]cellDigit, 81), numbers: o.Numbers, title: b.Caption, view: view{0, 0, 9, 9}}
	for c := range sudoku.Cell(81) {
		d, given := b.digitAt(c)
		p.digits[c] = cellDigit{d, given}
	}
	if p.title == "" {
		p.title = "Sudoku " + b.Puzzle.Line('.')
	}
	return p
}

// legend names the rules a drawing does not show.
func legend(r *sudoku.Rules) string {
	var rules []string
	if r.AntiKnight {
		rules = append(rules, "anti-knight")
	}
	if r.AntiKing {
		rules = append(rules, "anti-king")
	}
	if r.Disjoint {
		rules = append(rules, "disjoint groups")
	}
	if len(rules) == 0 {
		return ""
	}
	return "Also: " + strings.Join(rules, ", ")
}

// walls returns the borders between cells of different regions, merged
// into runs along each grid line.
func walls(n int, region func(int) int) []segment {
	var s []segment
	for i := 1; i < n; i++ {
		// Vertical line x = i: between columns i-1 and i.
		s = appendRuns(s, n, func(j int) bool { return region(j*n+i-1) != region(j*n+i) },
			func(a, b int) segment { return segment{float64(i), float64(a), float64(i), float64(b)} })
		// Horizontal line y = i: between rows i-1 and i.
		s = appendRuns(s, n, func(j int) bool { return region((i-1)*n+j) != region(i*n+j) },
			func(a, b int) segment { return segment{float64(a), float64(i), float64(b), float64(i)} })
	}
	return s
}

// appendRuns appends one segment per run of consecutive j in 0..n-1 where
// wall(j) holds.
func appendRuns(s []segment, n int, wall func(int) bool, seg func(a, b int) segment) []segment {
	start := -1
	for j := 0; j <= n; j++ {
		on := j < n && wall(j)
		switch {
		case on && start < 0:
			start = j
		case !on && start >= 0:
			s = append(s, seg(start, j))
			start = -1
		}
	}
	return s
}

// cageOf draws cage k (index i): for each side of its cells that borders
// another cage or none, a segment inset into the cage, its ends carried on
// to meet the next segment of the outline.
func cageOf(n int, k sudoku.Cage, cageOf []int, i int) cageDraw {
	in := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && cageOf[r*n+c] == i }
	d := cageDraw{}
	first := k.Cells[0]
	for _, c := range k.Cells {
		first = min(first, c)
		r, col := c/n, c%n
		d.outline = append(d.outline, cageSides(r, col, in)...)
	}
	if k.Sum > 0 {
		d.label = strconv.Itoa(k.Sum)
	}
	d.lx, d.ly = float64(first%n)+0.04, float64(first/n)+0.02
	return d
}

// cageSides returns the inset outline segments of cell (r, c) of a cage.
// Along each side the segment ends cageInset in from the corner when the
// next cell is outside the cage, at the corner when the outline runs on
// straight, and cageInset past it at an inner corner.
func cageSides(r, c int, in func(r, c int) bool) []segment {
	const e = cageInset
	end := func(nr, nc, dr, dc int) float64 { // the neighbour along the side, the cell across from it
		switch {
		case !in(nr, nc):
			return e
		case !in(dr, dc):
			return 0
		}
		return -e
	}
	x, y := float64(c), float64(r)
	var s []segment
	if !in(r-1, c) { // top
		s = append(s, segment{x + end(r, c-1, r-1, c-1), y + e, x + 1 - end(r, c+1, r-1, c+1), y + e})
	}
	if !in(r+1, c) { // bottom
		s = append(s, segment{x + end(r, c-1, r+1, c-1), y + 1 - e, x + 1 - end(r, c+1, r+1, c+1), y + 1 - e})
	}
	if !in(r, c-1) { // left
		s = append(s, segment{x + e, y + end(r-1, c, r-1, c-1), x + e, y + 1 - end(r+1, c, r+1, c-1)})
	}
	if !in(r, c+1) { // right
		s = append(s, segment{x + 1 - e, y + end(r-1, c, r-1, c+1), x + 1 - e, y + 1 - end(r+1, c, r+1, c+1)})
	}
	return s
}

// text returns how digit d is written.
func (p *plan) text(d int) string {
	if p.numbers || d <= 9 {
		return strconv.Itoa(d)
	}
	return sudoku.DigitString(d)
}

// isBoxLine reports whether grid line i (0..n) is a box border along the
// direction whose box side is k cells.
func isBoxLine(i, k int) bool { return k > 0 && i%k == 0 }

// lineWidth returns the width of grid line i across, in cell units: thick
// on the edges and box borders, thin elsewhere.
func (p *plan) lineWidth(i, boxSide int) float64 {
	if i == 0 || i == p.n || isBoxLine(i, boxSide) {
		return boxWidth
	}
	return thinWidth
}

// fontScale is the digit height as a share of a cell: smaller for two
// characters.
func (p *plan) fontScale(d int) float64 {
	if len(p.text(d)) > 1 {
		return 0.46
	}
	return 0.62
}
