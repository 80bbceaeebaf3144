// Package logic solves Sudoku the way a person does, one explained step at
// a time, and rates puzzles on Sudoku Explainer's scale.
//
// Vocabulary:
//
//   - A Board is a position: the digits placed so far and the candidates
//     (pencil marks) left in each empty cell.
//   - A Candidate is one digit in one cell, written "r4c7#6" in hints and
//     data; removing it is an elimination, setting it a placement.
//   - A Technique is a named rule people use (hidden single, X-Wing,
//     forcing chain, ...) with its difficulty on Sudoku Explainer's scale.
//   - A Step is one application of a technique to a board: its placements
//     or eliminations, the cells, houses and links that justify them, and a
//     sentence explaining it.
//   - The path of a puzzle is the sequence of steps taken when each step
//     uses the easiest technique that applies, in Sudoku Explainer's order.
//   - A puzzle's rating: ER, the hardest step of the path; EP, the hardest
//     step before the first placement; ED, the first step's rating.
//
// Techniques live one family per file (singles.go, intersections.go,
// subsets.go, fish.go, wings.go, uniqueness.go, chains.go, ...), each a
// function that finds the first instance on a board in Sudoku Explainer's
// search order.
//
// Techniques read houses and peers through the board's geometry
// (geometry.go): classic Sudoku's, or one that adds the X diagonals,
// windoku windows, disjoint groups and anti-knight or anti-king peers, and
// 9x9 jigsaw regions, extra regions of nine cells and odd/even cells.
// Boards of those rules (variants.go) are solved and rated by this engine
// (as Sukaku Explainer does with the matching flags where it has them);
// 9x9 killers (cages.go: cage peers, the rule of 45, cage combinations
// and pointing as stages of the order; ratings of our own on the same
// scale) and 9x9 boards with constraints (constraints.go: a constraint's
// propagation is the Constraint stage, its Distinct groups are peers, and
// the forcing chains propagate every constraint and cage sum) too; boards
// of other rules (other sizes, no boxes, extra regions of fewer cells) by
// the engine of anyrules.go.
package logic
