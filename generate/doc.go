// Package generate makes Sudoku puzzles with a unique solution, of any
// rules, and puts classic puzzles in canonical form.
//
// One entry, Generate(ctx, o, r), makes a puzzle of o's rules from the
// random source r (Source(seed, index) for puzzle index of a run): a
// Puzzle, its Puzzle and Solution boards, Rating, Tries and Checks.
// Classic rules (Options.Rules nil or classic 9x9, no Options.Variant)
// take the classic fast path inside: classic grids and their unavoidable
// sets, every symmetry, Minimal with symmetry, clue bounds, a rating
// range climbed to, Needs (Puzzle.Grid gives the grid). Other rules take
// the board generator: a solution filled by the general solver, what the
// drawn variants add over it, givens dug. Each drawn variant (jigsaw,
// killer, kropki, xv, thermo, arrow) registers a drawer from its own
// file (variants.go); OptionsFor turns a sudoku.Variant, as the command
// line and the API name it, into Options. Options.Validate names a field
// set where it does not apply (Needs on a killer).
//
// Vocabulary:
//
//   - A full grid is a complete valid grid (Full), drawn from an injected
//     *rand.Rand so that a seed reproduces it.
//   - Digging removes clues from a full grid while the solver proves the
//     solution unique: any other solution would differ from the full grid
//     in the cells just emptied, and solver.Another finds none there.
//   - An unavoidable set of a full grid is a set of cells where another
//     valid grid differs from it: a puzzle with no clue in one has two
//     solutions, and a clue that is the only clue in one cannot be
//     removed. The generator keeps the sets of each grid it digs (those of
//     two digits, and the difference of every other solution a check
//     finds), which settle most checks without a search.
//   - A Symmetry is a group of maps of the square (rotations, mirrors);
//     its orbits are the sets of cells mapped onto each other, which hold
//     clues together or not at all.
//   - A puzzle is minimal when no single clue can be removed without
//     losing uniqueness. Digging removes orbits, so without Options.Minimal
//     a symmetric puzzle is minimal within its symmetry: no orbit can go.
//     With it, a walk from the dug puzzle replaces the orbits of clues that
//     could go alone until none is left (few grids have such puzzles for
//     rot90 and dihedral: 28% of grids for rot90, 1 in 400 for dihedral).
//     The walk mostly fails on a grid with a two-digit unavoidable set
//     that lies within two orbits (with a mirror, a rectangle across it),
//     so such grids are mixed further before digging (see unpin): the
//     minimal symmetric puzzles made are on grids without one.
//   - Tries count the full grids dug for one accepted puzzle; checks count
//     the uniqueness searches.
//   - Puzzles of other rules at a level (Generate with MinER or MaxER)
//     are dug within the level, as Simon Tatham's Solo digs: a removal
//     stays while naked and hidden singles fill the board (one solution
//     and too easy, known without a search or a rating), then each puzzle
//     they do not fill is rated; swaps of an orbit for a cell of the set
//     it empties (an unavoidable set: another solution differs there)
//     follow when the dig finds none. A killer at a level starts from
//     cages of 2 or 3 cells and has cages merged while too easy.
//   - The canonical form of a puzzle (Canonical) is the smallest of the
//     puzzles equivalent to it under the symmetries of Sudoku; equivalent
//     puzzles, and only they, share it.
//
// Reproducibility: Generate(ctx, o, Source(seed, i)) makes puzzle number
// i of a run from its own source, so a run's output depends on the seed
// and options only, not on how many goroutines share the work.
package generate
