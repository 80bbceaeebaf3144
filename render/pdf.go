package render

import (
	"errors"
	"fmt"
	"io"
	"strconv"

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

// PDF writes the boards on as many pages as they need, in vector
// graphics, PerPage to a page.
func PDF(w io.Writer, boards []Board, o PDFOptions) error {
	cols, rows, err := o.grid()
	if err != nil {
		return err
	}
	paper := o.Paper
	switch paper {
	case "":
		paper = "A4"
	case "A4", "Letter":
	default:
		return fmt.Errorf("%w: paper %q, want A4 or Letter", ErrLayout, o.Paper)
	}
	if len(boards) == 0 {
		return fmt.Errorf("%w: no board to print", ErrLayout)
	}
	pdf := fpdf.New("P", "mm", paper, "")
	pdf.SetTitle(o.Title, true)
	pdf.SetCreator("sudoku", true)
	pdf.SetAutoPageBreak(false, 0)
	pw, ph := pdf.GetPageSize()
	const marginMM, captionMM, titleMM = 15.0, 8.0, 12.0
	top := marginMM
	if o.Title != "" {
		top += titleMM
	}
	cw := (pw - 2*marginMM) / float64(cols)
	ch := (ph - top - marginMM) / float64(rows)
	side := min(cw-8, ch-captionMM-6)
	for i := range boards {
		k := i % (cols * rows)
		if k == 0 {
			pdf.AddPage()
			if o.Title != "" {
				pdf.SetFont("Helvetica", "B", 16)
				pdf.SetTextColor(17, 17, 17)
				pdf.SetXY(marginMM, marginMM)
				pdf.CellFormat(pw-2*marginMM, titleMM-4, o.Title, "", 0, "C", false, 0, "")
			}
		}
		x := marginMM + float64(k%cols)*cw + (cw-side)/2
		y := top + float64(k/cols)*ch + 2
		pdfBoard(pdf, &boards[i], x, y, side)
		if c := boards[i].Caption; c != "" {
			pdf.SetFont("Helvetica", "", 10)
			pdf.SetTextColor(17, 17, 17)
			pdf.SetXY(x, y+side+2)
			pdf.CellFormat(side, captionMM-2, c, "", 0, "C", false, 0, "")
		}
	}
	return pdf.Output(w)
}

// pdfBoard draws one board with its top left corner at (x, y).
func pdfBoard(pdf *fpdf.Fpdf, b *Board, x, y, side float64) {
	cell := side / 9
	pdf.SetDrawColor(17, 17, 17)
	for i := 0; i <= 9; i++ {
		pdf.SetLineWidth(cell * thinWidth)
		if i%3 == 0 {
			pdf.SetLineWidth(cell * boxWidth)
		}
		p := float64(i) * cell
		pdf.Line(x+p, y, x+p, y+side)
		pdf.Line(x, y+p, x+side, y+p)
	}
	pt := cell * 0.62 / 25.4 * 72 // font size in points for 62% of a cell
	for c := range sudoku.Cell(81) {
		d, given := b.digitAt(c)
		if d == 0 {
			continue
		}
		if given {
			pdf.SetFont("Helvetica", "B", pt)
			pdf.SetTextColor(17, 17, 17)
		} else {
			pdf.SetFont("Helvetica", "", pt)
			pdf.SetTextColor(0x1f, 0x5f, 0xd0)
		}
		pdf.SetXY(x+float64(c.Col())*cell, y+float64(c.Row())*cell)
		pdf.CellFormat(cell, cell, strconv.Itoa(d), "", 0, "CM", false, 0, "")
	}
}
