// Package render draws Sudoku grids for people: PNG, SVG and PDF.
//
// A board is drawn as printed puzzles are: thin lines between cells, thick
// lines around boxes and the grid, the givens in black and, when a
// solution is drawn, the digits it fills in apart (blue), so a sheet shows
// at a glance what was given and what was solved. PDF pages hold one or
// several boards, for printing puzzle books.
package render
