package render

import (
	"errors"
	"fmt"
	"io"

	"codeberg.org/go-pdf/fpdf"

	"sudoku"
)

// PDFOptions lay boards out on pages.
type PDFOptions struct {
	// PerPage is the number of boards on a page: 1, 2, 4 or 6; 0 means 1.
	PerPage int
	// Paper is "A4" or "Letter"; "" means A4.
	Paper string
	// Title is written at the top of every page; "" for none.
	Title string
}

// ErrLayout is returned for a page layout PDF cannot make.
var ErrLayout = errors.New("page layout")

// grid returns the columns and rows of boards on a page.
func (o PDFOptions) grid() (cols, rows int, err error) {
	switch o.PerPage {
	case 0, 1:
		return 1, 1, nil
	case 2:
		return 1, 2, nil
	case 4:
		return 2, 2, nil
	case 6:
		return 2, 3, nil
	}
	return 0, 0, fmt.Errorf("%w: %d boards per page, want 1, 2, 4 or 6", ErrLayout, o.PerPage)
}

// Validate reports a page layout PDF cannot make.
func (o PDFOptions) Validate() error {
	_, _, err := o.grid()
	if err == nil {
		_, err = o.paper()
	}
	return err
}

func (o PDFOptions) paper() (string, error) {
	switch o.Paper {
	case "":
		return "A4", nil
	case "A4", "Letter":
		return o.Paper, nil
	}
	return "", fmt.Errorf("%w: paper %q, want A4 or Letter", ErrLayout, o.Paper)
}

// PDF writes the boards on as many pages as they need, in vector
// graphics, PerPage to a page.
func PDF(w io.Writer, boards []Board, o PDFOptions) error {
	cols, rows, err := o.grid()
	if err != nil {
		return err
	}
	paper, err := o.paper()
	if err != nil {
		return err
	}
	if len(boards) == 0 {
		return fmt.Errorf("%w: no board to print", ErrLayout)
	}
	pdf := fpdf.New("P", "mm", paper, "")
	pdf.SetTitle(o.Title, true)
	pdf.SetCreator("sudoku", true)
	pdf.SetAutoPageBreak(false, 0)
	text := pdf.UnicodeTranslatorFromDescriptor("") // the core fonts' cp1252: "Übung" prints as typed
	pw, ph := pdf.GetPageSize()
	const marginMM, captionMM, titleMM = 15.0, 8.0, 12.0
	top := marginMM
	if o.Title != "" {
		top += titleMM
	}
	cw := (pw - 2*marginMM) / float64(cols)
	ch := (ph - top - marginMM) / float64(rows)
	legendMM := 0.0
	for i := range boards {
		if boards[i].Rules != nil && legend(boards[i].Rules) != "" {
			legendMM = 5
		}
	}
	side := min(cw-8, ch-captionMM-6-legendMM)
	for i := range boards {
		k := i % (cols * rows)
		if k == 0 {
			pdf.AddPage()
			if o.Title != "" {
				pdf.SetFont("Helvetica", "B", 16)
				pdf.SetTextColor(17, 17, 17)
				pdf.SetXY(marginMM, marginMM)
				pdf.CellFormat(pw-2*marginMM, titleMM-4, text(o.Title), "", 0, "C", false, 0, "")
			}
		}
		x := marginMM + float64(k%cols)*cw + (cw-side)/2
		y := top + float64(k/cols)*ch + 2
		if err := pdfBoard(pdf, &boards[i], x, y, side); err != nil {
			return fmt.Errorf("board %d: %w", i+1, err)
		}
		if c := boards[i].Caption; c != "" {
			pdf.SetFont("Helvetica", "", 10)
			pdf.SetTextColor(17, 17, 17)
			pdf.SetXY(x, y+side+2+legendMM)
			pdf.CellFormat(side, captionMM-2, text(c), "", 0, "C", false, 0, "")
		}
	}
	return pdf.Output(w)
}

// pdfBoard draws one board with its top left corner at (x, y), side mm
// wide.
func pdfBoard(pdf *fpdf.Fpdf, b *Board, x, y, side float64) error {
	p, err := newPlan(b, Options{})
	if err != nil {
		return err
	}
	d := &pdfDrawer{pdf: pdf, p: p, x: x, y: y, cell: side / float64(p.n)}
	if v := p.view; v != (view{0, 0, float64(p.n), float64(p.n)}) {
		// Clues outside the grid: the view fills the square, the grid
		// inside it.
		d.cell = side / max(v.w(), v.h())
		d.x = x + (side-v.w()*d.cell)/2 - v.x0*d.cell
		d.y = y + (side-v.h()*d.cell)/2 - v.y0*d.cell
	}
	d.shading()
	d.shades()
	d.diagonals()
	d.lines()
	d.walls()
	d.cages()
	d.marks()
	d.digits()
	if p.legend != "" {
		pdf.SetFont("Helvetica", "", 9)
		pdf.SetTextColor(17, 17, 17)
		pdf.SetXY(x, y+side+0.5)
		pdf.CellFormat(side, 4, p.legend, "", 0, "L", false, 0, "")
	}
	return nil
}

type pdfDrawer struct {
	pdf        *fpdf.Fpdf
	p          *plan
	x, y, cell float64 // the grid's corner and a cell's side, in mm
}

func (d *pdfDrawer) px(v float64) float64 { return d.x + v*d.cell }
func (d *pdfDrawer) py(v float64) float64 { return d.y + v*d.cell }

func (d *pdfDrawer) shading() {
	pdf, n := d.pdf, d.p.n
	pdf.SetFillColor(int(shadeInk.R), int(shadeInk.G), int(shadeInk.B))
	for c, on := range d.p.shade {
		if on {
			pdf.Rect(d.px(float64(c%n)), d.py(float64(c/n)), d.cell, d.cell, "F")
		}
	}
	pdf.SetFillColor(int(markInk.R), int(markInk.G), int(markInk.B))
	for c, par := range d.p.parity {
		cx, cy := d.px(float64(c%n)+0.5), d.py(float64(c/n)+0.5)
		switch par {
		case sudoku.Odd:
			pdf.Circle(cx, cy, d.cell*0.4, "F")
		case sudoku.Even:
			pdf.Rect(cx-d.cell*0.38, cy-d.cell*0.38, d.cell*0.76, d.cell*0.76, "F")
		}
	}
}

func (d *pdfDrawer) diagonals() {
	n := float64(d.p.n)
	d.pdf.SetDrawColor(int(diagInk.R), int(diagInk.G), int(diagInk.B))
	d.pdf.SetLineWidth(d.cell * diagWidth)
	if d.p.diag&sudoku.DiagDown != 0 {
		d.pdf.Line(d.px(0), d.py(0), d.px(n), d.py(n))
	}
	if d.p.diag&sudoku.DiagUp != 0 {
		d.pdf.Line(d.px(0), d.py(n), d.px(n), d.py(0))
	}
}

func (d *pdfDrawer) lines() {
	pdf, n := d.pdf, d.p.n
	side := float64(n) * d.cell
	pdf.SetDrawColor(17, 17, 17)
	for i := 0; i <= n; i++ {
		p := float64(i) * d.cell
		pdf.SetLineWidth(d.cell * d.p.lineWidth(i, d.p.boxCols))
		pdf.Line(d.x+p, d.y, d.x+p, d.y+side)
		pdf.SetLineWidth(d.cell * d.p.lineWidth(i, d.p.boxRows))
		pdf.Line(d.x, d.y+p, d.x+side, d.y+p)
	}
}

func (d *pdfDrawer) walls() {
	d.pdf.SetLineWidth(d.cell * boxWidth)
	d.pdf.SetLineCapStyle("square")
	for _, g := range d.p.walls {
		d.pdf.Line(d.px(g.x1), d.py(g.y1), d.px(g.x2), d.py(g.y2))
	}
	d.pdf.SetLineCapStyle("butt")
}

func (d *pdfDrawer) cages() {
	pdf := d.pdf
	if len(d.p.cages) == 0 {
		return
	}
	pdf.SetDrawColor(int(cageInk.R), int(cageInk.G), int(cageInk.B))
	pdf.SetLineWidth(d.cell * cageWidth)
	pdf.SetDashPattern([]float64{d.cell * cageDash, d.cell * cageDash}, 0)
	for _, k := range d.p.cages {
		for _, g := range k.outline {
			pdf.Line(d.px(g.x1), d.py(g.y1), d.px(g.x2), d.py(g.y2))
		}
	}
	pdf.SetDashPattern(nil, 0)
	pt := d.cell * sumScale / 25.4 * 72
	pdf.SetFont("Helvetica", "", pt)
	pdf.SetTextColor(17, 17, 17)
	pdf.SetFillColor(255, 255, 255)
	for _, k := range d.p.cages {
		if k.label == "" {
			continue
		}
		w := pdf.GetStringWidth(k.label) + d.cell*0.04
		pdf.SetXY(d.px(k.lx), d.py(k.ly))
		pdf.CellFormat(w, d.cell*sumScale*1.1, k.label, "", 0, "LM", true, 0, "")
	}
}

func (d *pdfDrawer) digits() {
	pdf, n := d.pdf, d.p.n
	for c, cd := range d.p.digits {
		if cd.d == 0 {
			continue
		}
		pt := d.cell * d.p.fontScale(cd.d) / 25.4 * 72 // font size in points for a share of a cell
		if cd.given {
			pdf.SetFont("Helvetica", "B", pt)
			pdf.SetTextColor(17, 17, 17)
		} else {
			pdf.SetFont("Helvetica", "", pt)
			pdf.SetTextColor(0x1f, 0x5f, 0xd0)
		}
		pdf.SetXY(d.px(float64(c%n)), d.py(float64(c/n)))
		pdf.CellFormat(d.cell, d.cell, d.p.text(cd.d), "", 0, "CM", false, 0, "")
	}
}
