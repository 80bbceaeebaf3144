package render

import (
	"bytes"
	"errors"
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
