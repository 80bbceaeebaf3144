// Package render draws Sudoku grids for people: PNG, SVG and PDF.
//
// A board is drawn as printed puzzles are: thin lines between cells, thick
// lines around boxes and the grid, the givens in black and, when a
// solution is drawn, the digits it fills in apart (blue), so a sheet shows
// at a glance what was given and what was solved. PDF pages hold one or
// several boards, for printing puzzle books.
//
// Every rule set of sudoku.Rules is drawn: irregular (jigsaw) regions with
// thick borders, the diagonals of X Sudoku as grey lines, windoku boxes and
// extra regions shaded, killer cages as dashed outlines inset into their
// cells with the sum in the corner of the first cell, odd cells as grey
// circles and even cells as grey squares, sizes 4x4 to 25x25 with digits
// above 9 as letters A..P (Options.Numbers writes them as numbers). Rules a
// drawing cannot show (anti-knight, anti-king, disjoint groups) are named in
// a line under the board. The constraints of modern variants draw
// themselves (sudoku.Constraint's Shapes): thermometers, arrows, kropki
// dots, XV, lines, cages, shading and f-puzzles' drawings, over the grid
// lines and under the digits; clues outside the grid (sandwich, little
// killer, skyscraper) get a ring of cells round it, on the sides they use.
// The three formats draw the same layout, computed once in cell units
// (plan.go, shapes.go).
package render
