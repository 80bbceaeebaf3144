// Package ilp is Sudoku as a 0-1 integer program: the model two of the seed
// articles hand to MATLAB's intlinprog, built faithfully, solved by a real
// pseudo-boolean solver (gophersat, pure Go), and written out for any MILP
// or pseudo-boolean solver (CPLEX LP, MPS, OPB).
//
// # The model
//
// Binary x(r,c,d) = 1 when row r, column c holds digit d: 9*9*9 = 729
// variables, numbered in MATLAB's x(:) order (row fastest, then column,
// then digit: VarIndex), named x_r1_c2_d3. Aeq*x = 1 holds four families of
// 81 rows, 324 rule rows in all, each with nine ones:
//
//	cell_rR_cC   one digit per cell          sum over d of x(r,c,d) = 1
//	row_rR_dD    each digit once per row     sum over c of x(r,c,d) = 1
//	col_cC_dD    each digit once per column  sum over r of x(r,c,d) = 1
//	box_bB_dD    each digit once per box     sum over the box of x(r,c,d) = 1
//
// Bounds are 0..1 and every variable is integer (intcon = 1:729).
//
// # Clue styles
//
// The articles fix the givens two ways, and New builds both:
//
//   - ClueRows, the Chinese article's Aeq0: one more equality row per
//     given, clue_rR_cC: x(r,c,d) = 1. 324 + clues rows, 2916 + clues
//     nonzeros.
//   - ClueBounds, MathWorks' sudokuEngine: lb(r,c,d) = 1. 324 rows, 2916
//     nonzeros; the givens live in the bounds.
//
// Either way the model has 729 columns, and the feasible points are the
// same: the completed grids that keep the givens.
//
// # The objective is a constant
//
// The Chinese article minimises f = ones (every solution costs 81, the
// number of cells); MathWorks uses f = 1..729, "to help the solver". On
// the feasible set both are constants: a completed grid sets exactly one
// variable per cell, so f'x with f = 1..729 is the sum over the 81 cells of
// r + 9(c-1) + 81(d-1) (1-based), which is 1+2+...+81 = 3321 for the
// positions plus 81*9*(0+1+...+8) = 26244 for the digits, because each
// digit appears nine times: 29,565 for every solution, the value
// intlinprog reports in the MathWorks article. The objective therefore
// never chooses between solutions. The writers keep it (ObjIndex by
// default, ObjOnes or ObjNone on request) so that a file matches the
// article it comes from, but Engine solves a feasibility problem: asking a
// solver to minimise a constant makes it prove that no cheaper solution
// exists, which on a puzzle with many solutions means walking through
// them, far more work than finding one and, for uniqueness, showing that
// a second is impossible. Measured with gophersat's Minimize on the first
// 17-clue puzzle of the benchmark set with one clue taken out: 0.74 s,
// against 0.6 ms to find two solutions; with two clues out it had not
// finished after 20 s.
//
// # The engine
//
// Engine (name "ilp") builds the model of each puzzle and hands it to
// gophersat. Presolve does the first step every MILP presolve does: each
// given fixes its variable to 1 and, through the four rows that hold it,
// the other variables of those rows to 0; the rows left open become, over
// their free variables, one clause "at least one" and the pairwise
// clauses "not both", which together say exactly what the equality row
// says. Everything else (singles, the search, the learning) is
// gophersat's. After a solution it adds the blocking constraint "not all of
// these ones" and searches again: a second solution means the puzzle is
// not unique, none proves it is. Every solution is checked against the
// model's rows before it counts. gophersat's solver package is kept in
// third_party/gophersat with two patches (PATCHES.md): a search can be
// interrupted, and each solver has its own clause-learning buffer, so
// searches run in parallel. Its cardinality constraints,
// tried for "at most one", returned points that break the rows, hence the
// pairwise clauses. An infeasible model (intlinprog's
// exitflag <= 0) is Count 0, which solver.Solve reports as
// sudoku.ErrNoSolution; a grid whose givens conflict never reaches the
// model: New returns its *sudoku.ConflictError.
//
// # Writers
//
// WriteLP (CPLEX LP), WriteMPS (free MPS) and WriteOPB (pseudo-boolean
// competition format, variables x1..x729 in the same order) write a model
// for HiGHS, CBC, GLPK, Gurobi, SCIP, RoundingSat, Sat4j and the like;
// ReadCBCSolution and Model.Grid read CBC's answer back. The tests hand the
// files to CBC and check its answers against solver.Fast.
//
// New takes any sudoku.Board: a classic board gets the articles' model
// above, boards of other rules the model below.
//
// # Every rule set
//
// New builds the 0-1 model of a puzzle of any rules (sudoku.Board):
// N*N*N variables x_rR_cC_dD for sizes 4 to 25; one digit per cell; each
// house of N cells (rows, columns, boxes or jigsaw regions, diagonals,
// windoku windows, disjoint groups, extra regions) holds each digit once;
// smaller extra regions and killer cages hold each digit at most once (<=
// rows); a killer sum is one more linear row, the sum of d*x over its
// cells and digits equal to S; anti-knight and anti-king forbid a digit in
// two cells a move apart (x_a,d + x_b,d <= 1, for pairs not already in a
// unit); odd/even cells and pencil marks fix the digits they exclude to 0.
//
// The constraints of modern variants (thermometers, kropki dots, XV, ...:
// sudoku.Constraint) write their own rows: *Model is a sudoku.Model
// (Cell, Binary, Row), and New calls each constraint's Rows in turn,
// knowing nothing of its kind. Digit relations come as pairwise
// exclusions or value rows (sum of d*x over a cell's digits is its
// value), sums as value rows, clues such as sandwiches with auxiliary
// binaries; a constraint whose cells must differ also gets its
// group_ rows (<= 1) from the layout. Row merges the terms of one
// variable and drops zero coefficients; New then names what each
// constraint wrote after its kind and rank, thermometer_3 (one row) or
// thermometer_3_2 (the second of several), its binaries alike, every name
// unique. Rows may be =, <= or >=, with negative coefficients:
// gophersat's GtEq and LtEq turn those into negated literals; OPB writes
// >= rows as they are and a <= row as its negation. Auxiliary binaries
// come after the N*N*N cell variables, cost nothing in the objective, and
// are left out of the blocking clause (a grid counts once whatever they
// hold).
//
// The writers take these models; Model.Cells reads a solution back. Engine solves them with
// gophersat's pseudo-boolean constraints (a solver.Engine, --engine
// ilp). The tests run CBC on the LP and MPS of the shared Solo puzzles of
// every kind and on the LP of the shared f-puzzles puzzles that read, and
// compare with the solutions given; small boards of every kind of
// constraint compare gophersat's solution counts with the general
// engine's.
//
// # The lesson of the sums model
//
// The Chinese article first tries 81 integer cells 1..9 with every row,
// column and box summing to 45, and shows that the optimum is no Sudoku.
// NewSums builds that model (81 variables, 27 rows plus the clues) and
// CheckSums says where an answer breaks the rule: sums cannot tell
// 1+9+5+... from 1+2+3+..., so digits repeat.
package ilp
