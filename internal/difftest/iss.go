package main

import (
	"errors"

	"sudoku"
)

// errNoISS: this build has no writer of ISS's constraint strings yet.
var errNoISS = errors.New("no ISS writer in this build")

// formatISS writes a board as ISS's constraint string.
var formatISS = func(b *sudoku.Board) (string, error) { return "", errNoISS }
