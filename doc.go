// Package sudoku holds the core types of the toolkit: the Grid, its cells,
// houses and candidate sets, the text formats people bring puzzles in, and
// the errors every other package shares.
//
// Vocabulary:
//
//   - A Grid is 81 cells in row-major order; a cell holds 0 when empty or a
//     digit 1..9. Grid is a value type: copying it copies the puzzle.
//   - A Cell is an index 0..80. Rows, columns and boxes are numbered 0..8 in
//     code and 1..9 in text: Cell 2 prints as "r1c3".
//   - A House is one of the 27 groups of nine cells that must hold each
//     digit once: rows 0..8, columns 9..17, boxes 18..26 (boxes numbered left
//     to right, top to bottom). It prints as "row 1", "column 3", "box 6".
//   - The peers of a cell are the 20 other cells that share a house with it.
//   - Candidates is a set of digits as a 9-bit mask, bit d-1 for digit d.
//   - A given (clue) is a digit present in the puzzle before solving.
//
// Other rule sets and sizes:
//
//   - Rules is a rule set as data: the size N (4..25, digits 1..N) and box
//     shape, irregular regions (jigsaw), extra houses (diagonals, windoku
//     boxes, disjoint groups, user-given regions), killer cages, anti-knight
//     and anti-king, odd and even cells. Variant names the flags the
//     command line takes (x, windoku, disjoint, jigsaw, killer, anti-knight,
//     anti-king, odd-even).
//   - A Layout is Rules compiled for engines: its Units (houses first, then
//     smaller regions and cages), the units of each cell, and each cell's
//     Peers (the cells that must hold another digit). Rules.Layout validates
//     the rules and reports a *RuleError naming the rule and the cells.
//   - A Board is a puzzle under any Rules: N*N cells, 0 empty; Digits is its
//     candidate set (up to 25 digits). Digits above 9 are written A..P in
//     text (10 = A). Board.Validate reports a *ClashError naming both cells
//     and the rule they break. Cells are named "r12c3" as on the classic
//     grid.
//
// Constraints of modern variants:
//
//   - A Constraint is one rule beyond houses, cages and neighbour rules (a
//     thermometer, a kropki dot, an arrow, a sandwich clue), held in
//     Rules.Constraints as a value every engine reads through the
//     interface: its cells, a check, propagation over Domains, its rows of
//     a Model, its Shapes and words. This package holds the interface and
//     the registry of kinds (RegisterConstraint, LookupConstraint,
//     ConstraintKinds); the kinds themselves live in package
//     sudoku/constraint, which registers them from its init. A program
//     that reads puzzles with constraints imports it, as one imports an
//     image format or an SQL driver:
//
//     import _ "sudoku/constraint"
//
//     Without it a puzzle with a constraint fails to parse, with an error
//     naming the kind and the forgotten import.
//
//   - Each kind's registry entry (ConstraintKind) carries what the forms
//     need of it: its f-puzzles reader and writer (over FPuzzle), its Make
//     for the readers of other forms (SudokuPad, Rules.AddCage), its ISS
//     form (ISSForm, over ISSReader and ISSWriter). No parser here names a
//     kind's type.
//
// Text forms:
//
//   - A Form is a text form of puzzles: its name, its Priority in
//     detection, how to tell it (Detect), read it (Parse), where a record
//     of it ends in a stream, and how to write it (Format). Each form
//     registers itself with RegisterForm from the file that reads it
//     (parse_solo.go, parse_fpuzzles.go, ...), as each kind of constraint
//     does with RegisterConstraint; Forms lists them in the order they are
//     tried. Adding a form is one file.
//   - Parse reads a classic puzzle in any classic form (the 81-character
//     line, printed 9-line blocks, MATLAB matrices and clue lists, JSON);
//     ParseBoard reads a puzzle of any rules in any form, the forms of
//     other rules first; FormatBoard writes a board in a form by name.
//   - A Scanner streams many puzzles from a file, a record at a time, each
//     form saying where its records end.
//   - Malformed text gives a *ParseError naming the line and column; two
//     equal givens in a house give a *ConflictError naming both cells.
package sudoku
