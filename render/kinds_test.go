package render

// The tests read puzzles with constraints, whose kinds register from
// package sudoku/constraint.
import _ "sudoku/constraint"
