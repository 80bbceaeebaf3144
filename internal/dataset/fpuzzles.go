package dataset

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"sudoku"
)

// FPuzzlesCI is the path, inside ../shared, of the setters' f-puzzles
// corpus (SudokuVariantSolverJS's regression set; each puzzle CC BY 4.0
// by its author).
const FPuzzlesCI = "data/variants/fpuzzles-ci.json"

// FPuzzle is one puzzle of data/variants/fpuzzles-ci.json: a setter's
// f-puzzles puzzle with its solution (CC BY 4.0: keep its title, author
// and licence with it).
type FPuzzle struct {
	Title, Author, License string
	Puzzle                 string  // the f-puzzles string: LZ-string compressed JSON
	Solution               []uint8 // one digit a cell; nil when the file's is not that
	Categories             []string
	Index                  int // its place in the file, from 0
}

// ReadFPuzzles reads a corpus file of the fpuzzles-ci.json form (a JSON
// list of title, author, license, puzzle, solution and
// generatedCategories).
func ReadFPuzzles(path string) ([]FPuzzle, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []struct {
		Title, Author, License, Puzzle, Solution string
		GeneratedCategories                      []string
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]FPuzzle, len(raw))
	for i, p := range raw {
		out[i] = FPuzzle{Title: p.Title, Author: p.Author, License: p.License, Puzzle: p.Puzzle,
			Solution: digits(p.Solution), Categories: p.GeneratedCategories, Index: i}
	}
	return out, nil
}

// digits reads a solution of one digit a cell; nil if it is not that.
func digits(s string) []uint8 {
	out := make([]uint8, len(s))
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return nil
		}
		out[i] = s[i] - '0'
	}
	return out
}

// FPuzzles reads ../shared's f-puzzles corpus. It skips the test when the
// data are absent and fails it when the file cannot be read.
func FPuzzles(tb testing.TB) []FPuzzle {
	tb.Helper()
	ps, err := ReadFPuzzles(Path(tb, FPuzzlesCI))
	if err != nil {
		tb.Fatal(err)
	}
	return ps
}

// Board reads the puzzle.
func (p FPuzzle) Board() (*sudoku.Board, error) { return sudoku.ParseFPuzzlesLink(p.Puzzle) }
