package render

import (
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"regexp"
	"testing"

	"sudoku"
)

// TestBookBoards: a book numbers its puzzles across the book, captions
// each with what it has of rules, level and rating, and puts the answers
// after them in the same order, or none.
func TestBookBoards(t *testing.T) {
	six, _ := sudoku.Sized(6)
	b6 := &sudoku.Board{Rules: six, Cells: make([]uint8, 36)}
	ps := []BookPuzzle{
		{Board: sudoku.BoardOf(sudoku.Grid{}), Solution: sudoku.BoardOf(sudoku.Grid{1}), Level: "Easy", ER: "1.2"},
		{Board: b6, Solution: b6.Clone(), Rules: "6x6"},
	}
	var got []string
	for _, b := range BookBoards(ps, true) {
		got = append(got, b.Caption)
	}
	want := []string{"1. Easy - ER 1.2", "2. 6x6", "Answer 1", "Answer 2"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("captions %q, want %q", got, want)
	}
	if n := len(BookBoards(ps, false)); n != 2 {
		t.Errorf("without answers: %d boards, want 2", n)
	}
	var buf bytes.Buffer
	if err := Book(&buf, ps, true, PDFOptions{PerPage: 2}); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
		t.Errorf("Book: %v, %.20q", err, buf.Bytes())
	}
	if err := Book(&buf, nil, true, PDFOptions{}); !errors.Is(err, ErrLayout) {
		t.Errorf("a book of nothing: %v, want ErrLayout", err)
	}
}

// TestPDFTextCP1252: a title and captions out of ASCII print as typed
// (the core fonts' cp1252, "Ü" the byte 0xDC), not as UTF-8's two bytes
// read as two letters ("Ãœ").
func TestPDFTextCP1252(t *testing.T) {
	var buf bytes.Buffer
	b := BoardOf(sudoku.BoardOf(sudoku.Grid{}), nil, "Rätsel 1")
	if err := PDF(&buf, []Board{b}, PDFOptions{Title: "Übung – 4b"}); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, buf.Bytes())
	for _, want := range []string{"(\xdcbung \x96 4b)", "(R\xe4tsel 1)"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the page does not hold %q", want)
		}
	}
}

// pdfText is the inflated content of a PDF's streams.
func pdfText(t *testing.T, pdf []byte) []byte {
	t.Helper()
	var out []byte
	for _, m := range pdfStream.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(r)
		out = append(out, b...)
	}
	return out
}

var pdfStream = regexp.MustCompile(`(?s)\bstream\n(.*?)endstream`)
