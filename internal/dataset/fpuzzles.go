package dataset

import (
	"encoding/json"
	"os"
	"testing"

	"sudoku"
)

// FPuzzle is one puzzle of data/variants/fpuzzles-ci.json: a setter's
// f-puzzles puzzle with its solution (CC BY 4.0: keep its title, author
// and licence with it).
type FPuzzle struct {
	Title, Author, License string
	Puzzle                 string // the f-puzzles string: LZ-string compressed JSON
	Solution               []uint8
	Categories             []string
}

// FPuzzles reads data/variants/fpuzzles-ci.json. It skips the test when
// the data are absent and fails it when the file cannot be read.
func FPuzzles(tb testing.TB) []FPuzzle {
	tb.Helper()
	data, err := os.ReadFile(Path(tb, "data/variants/fpuzzles-ci.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var raw []struct {
		Title, Author, License, Puzzle, Solution string
		GeneratedCategories                      []string
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		tb.Fatalf("fpuzzles-ci.json: %v", err)
	}
	out := make([]FPuzzle, len(raw))
	for i, p := range raw {
		out[i] = FPuzzle{Title: p.Title, Author: p.Author, License: p.License, Puzzle: p.Puzzle, Solution: solution(tb, p.Solution), Categories: p.GeneratedCategories}
	}
	return out
}

// Board reads the puzzle.
func (p FPuzzle) Board() (*sudoku.Board, error) { return sudoku.ParseFPuzzlesLink(p.Puzzle) }
