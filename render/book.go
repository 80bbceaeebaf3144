package render

import (
	"fmt"
	"io"
	"strings"

	"sudoku"
)

// A puzzle book: puzzles numbered from 1 across the book, K to a page,
// then (optionally) their answers at the back in the same order. The
// command line's 'bank book' and the API's /api/book make it here.

// BookPuzzle is one puzzle of a book.
type BookPuzzle struct {
	Board, Solution *sudoku.Board
	// Rules, Level and ER make the caption after its number, each
	// left out when empty: "killer 9x9 - Hard - ER 3.4", "Easy - ER 1.2"
	// (a classic puzzle's rules are not named).
	Rules, Level, ER string
}

// Caption is the puzzle's caption after its number.
func (p BookPuzzle) Caption() string {
	var parts []string
	for _, s := range []string{p.Rules, p.Level} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if p.ER != "" {
		parts = append(parts, "ER "+p.ER)
	}
	return strings.Join(parts, " - ")
}

// BookBoards is what a book draws: the puzzles numbered ("3. Easy - ER
// 1.2"), then with answers their solutions in the same order ("Answer 3").
func BookBoards(ps []BookPuzzle, answers bool) []Board {
	boards := make([]Board, 0, 2*len(ps))
	for i, p := range ps {
		boards = append(boards, BoardOf(p.Board, nil, fmt.Sprintf("%d. %s", i+1, p.Caption())))
	}
	for i, p := range ps {
		if answers && p.Solution != nil {
			boards = append(boards, BoardOf(p.Board, p.Solution.Cells, fmt.Sprintf("Answer %d", i+1)))
		}
	}
	return boards
}

// Book writes the book of ps as a PDF (o: title, puzzles to a page, paper).
func Book(w io.Writer, ps []BookPuzzle, answers bool, o PDFOptions) error {
	if len(ps) == 0 {
		return fmt.Errorf("%w: a book of no puzzles", ErrLayout)
	}
	return PDF(w, BookBoards(ps, answers), o)
}
