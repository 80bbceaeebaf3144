package bank

import (
	"context"
	"fmt"
	"strings"
	"time"

	"sudoku"
)

// BoardEntry is a stored puzzle of other rules than the classic 9x9 ones:
// another size, jigsaw, killer, X, anti-knight... Such puzzles have no
// rating yet (issue 17), so they are kept apart from Entry's levels and
// picked by rule set.
type BoardEntry struct {
	ID int64 // set by the bank
	// Rules is the rule set's name (sudoku.Rules.Name: "killer 9x9",
	// "jigsaw 9x9", "6x6"): what PickBoard selects on.
	Rules string
	// Puzzle is the plain line form with its maps and rules
	// (sudoku.FormatPlain); unique in the bank.
	Puzzle    string
	Solution  string // N*N characters
	Source    string
	Created   time.Time // the bank's clock when zero
	HandedOut time.Time // zero until picked
}

// NewBoardEntry makes the entry of puzzle b and its solution.
func NewBoardEntry(b, solution *sudoku.Board, source string) (BoardEntry, error) {
	line, err := canonicalLine(b)
	if err != nil {
		return BoardEntry{}, fmt.Errorf("%w: %v", ErrInvalidEntry, err)
	}
	if b.Rules.IsClassic() {
		return BoardEntry{}, fmt.Errorf("%w: a classic puzzle goes in as an Entry", ErrInvalidEntry)
	}
	return BoardEntry{Rules: b.Rules.Name(), Puzzle: line, Solution: solution.Line('.'), Source: source}, nil
}

// canonicalLine writes b's plain line, read back and written again so
// that regions and cages are labelled in reading order: the same puzzle
// from a Solo ID or with its cages listed in another order gives the
// same line, and so is a duplicate.
func canonicalLine(b *sudoku.Board) (string, error) {
	line, err := sudoku.FormatPlain(b)
	if err != nil {
		return "", err
	}
	again, _, err := sudoku.ParsePlain(line)
	if err != nil {
		return "", err
	}
	return sudoku.FormatPlain(again)
}

// Check reports what makes e unfit to store, wrapping ErrInvalidEntry.
func (e *BoardEntry) Check() error {
	b, err := e.Board()
	switch {
	case err != nil:
		return fmt.Errorf("%w: %v", ErrInvalidEntry, err)
	case b.Rules.Name() != e.Rules:
		return fmt.Errorf("%w: rules %q, the puzzle is %s", ErrInvalidEntry, e.Rules, b.Rules.Name())
	case len(e.Solution) != len(b.Cells) || strings.Contains(e.Solution, "."):
		return fmt.Errorf("%w: solution of %d characters, want %d digits", ErrInvalidEntry, len(e.Solution), len(b.Cells))
	}
	return nil
}

// Board reads the stored puzzle back.
func (e *BoardEntry) Board() (*sudoku.Board, error) {
	b, _, err := sudoku.ParsePlain(e.Puzzle)
	return b, err
}

// RulesCount counts the stored puzzles of one rule set.
type RulesCount struct {
	Rules     string
	Total     int
	HandedOut int
	Left      int
}

// BoardStore is the part of a Store that holds puzzles of other rules.
type BoardStore interface {
	// AddBoards stores entries in one transaction; a puzzle stored
	// already (or twice in entries) is skipped and counted.
	AddBoards(ctx context.Context, entries []BoardEntry) (added, dupes int, err error)
	// PickBoard hands out the oldest puzzle of the rule set left and marks
	// it handed out, atomically; an error wrapping ErrEmpty when none is.
	PickBoard(ctx context.Context, rules string) (BoardEntry, error)
	// BoardStats counts the puzzles of every rule set stored.
	BoardStats(ctx context.Context) ([]RulesCount, error)
	// ExportBoards calls f with every stored board, oldest first.
	ExportBoards(ctx context.Context, f func(BoardEntry) error) error
}
