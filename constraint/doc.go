// Package constraint holds the kinds of constraint of modern variant
// puzzles, the rules beyond houses, cages and neighbour rules that
// f-puzzles, SudokuPad and ISS puzzles bring. Each kind registers itself
// with package sudoku from its init (sudoku.RegisterConstraint), as image
// formats register with package image and drivers with database/sql: a
// program whose puzzles may hold constraints imports it for that effect,
//
//	import _ "sudoku/constraint"
//
// or by name for its constructors (NewThermometer, NewDot, NewArrow, ...).
// Without it the parsers of package sudoku refuse a puzzle with a
// constraint, naming its kind and the forgotten import.
//
// The kinds, by registered name (the f-puzzles key, where f-puzzles has
// one):
//
//   - lines: thermometer, slowthermometer, arrow (circles of one cell or
//     several read as a number), doublearrow, whispers, renban, palindrome,
//     clone, nabner, entropicline, modularline, zipperline, betweenline,
//     lockout, regionsumline, parityline, sumline;
//   - dots: difference (kropki white), ratio (kropki black), xv, each with
//     its negative rule (every dot given);
//   - cells: minimum, maximum, quadruple, rowindexer, columnindexer,
//     boxindexer, countingcircles;
//   - cages: killer (a killer cage that overlaps another, which
//     sudoku.Rules.AddCage holds as a constraint), sum (a cage whose digits
//     may repeat), rellik, lunchbox;
//   - clues beside the grid: littlekillersum, sandwichsum, xsum,
//     skyscraper, numberedroom;
//   - drawings without a rule: text, line, rectangle, circle, cage
//     (kept, drawn and written back; the engines ignore them).
//
// A constraint is a sudoku.Constraint: its cells, a check of a grid,
// propagation over candidate masks (sudoku.Domains), its rows of the 0-1
// model (sudoku.Model), its drawing (sudoku.Shape) and its words. The
// files share relations of two cells (pair.go: dots, whispers, clones),
// weighted sums over cells that share houses (sumcells.go, sum.go:
// arrows, cages, little killers, sandwiches) and lines (linekit.go).
//
// Adding a kind is one file here, and none in package sudoku: the type of
// its constraints, with the methods of sudoku.Constraint (and Distinct,
// Splits, Cosmetic, Ruled or Titled where they apply), and an init that
// registers its sudoku.ConstraintKind through register: its name, title
// and rule in words; its f-puzzles Read and Write over sudoku.FPuzzle
// where f-puzzles has a key for it; its Make, from sudoku.ConstraintArgs,
// where a reader of another form makes it without f-puzzles (SudokuPad's
// drawings); and its ISS form (a *sudoku.ISSForm: the ISS types it reads,
// the relations of ISS's Pair it is, its writer; iss.go holds what the
// kinds share). The tests of every kind (kinds_test.go) check its
// propagation against random solution grids, its check and its f-puzzles
// round trip; cmd/difftest's TestEveryKindDrawn asks for a generator of
// it, so that it is tested against the anchors.
package constraint
