package main

import (
	"fmt"

	"sudoku"
)

// This file holds what commands taking puzzles of any rules share: the
// --variant flag applied to the puzzles read, and the board engines.

// variantList names the variants --variant takes.
const variantList = "x, windoku, disjoint, anti-knight, anti-king (jigsaw, killer, odd-even, kropki, xv, thermo and arrow come with the puzzle)"

// variantFlag is --variant: rules added to every puzzle read.
type variantFlag struct{ v sudoku.Variant }

func (f *variantFlag) String() string { return f.v.String() }

func (f *variantFlag) Set(s string) error {
	v, err := sudoku.ParseVariant(s)
	if err != nil {
		return err
	}
	if need := v.Drawn(); need != 0 {
		return fmt.Errorf("%s comes with the puzzle (a region map, cages, constraints): write the puzzle in a form that holds it (line with maps, Solo ID, f-puzzles)", need)
	}
	f.v = v
	return nil
}

// boardOfPuzzle returns the puzzle read as a Board with the variant's
// rules added, and whether it is still a classic grid (then g is it).
func boardOfPuzzle(p sudoku.Puzzle, v sudoku.Variant) (b *sudoku.Board, g sudoku.Grid, classic bool) {
	if p.Board == nil && v == 0 {
		return nil, p.Grid, true
	}
	b = p.Board
	if b == nil {
		b = sudoku.BoardOf(p.Grid)
	}
	if v != 0 {
		b = &sudoku.Board{Rules: b.Rules.Clone(), Cells: b.Cells, Marks: b.Marks}
		v.Apply(b.Rules)
	}
	return b, g, false
}
