package main

import "sudoku"

// formatISS writes a board as ISS's constraint string.
var formatISS = sudoku.FormatISS
