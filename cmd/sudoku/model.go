package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"sudoku"
	"sudoku/ilp"
	"sudoku/internal/safefile"
)

const modelUsage = `usage: sudoku model [flags] [puzzle | file | -]

Writes one puzzle's 0-1 integer program, the seed articles' intlinprog
model (729 binary variables x_rR_cC_dD, 324 rule rows, the clues as rows
or bounds), to stdout or --out FILE (replaced only once the model is
complete), for any MILP or pseudo-boolean solver. The puzzle is an
argument in any text form, a file holding one puzzle, or standard input.
Exit status: 0 written, 1 bad puzzle or solution file, 2 usage error.

  sudoku model puzzle.txt > sudoku.lp
  cbc sudoku.lp solve solu solution.txt          # or highs, glpsol --lp, gurobi_cl
  sudoku model --read-solution solution.txt puzzle.txt

  sudoku model --format opb puzzle.txt > sudoku.opb   # any PB solver

The Chinese article's first, insufficient model (cells 1..9 whose rows,
columns and boxes sum to 45) is there as a lesson: solve it and read the
answer back to see where it breaks the Sudoku rule.

  sudoku model --formulation sums puzzle.txt > sums.lp
  cbc sums.lp solve solu sums.txt
  sudoku model --formulation sums --read-solution sums.txt puzzle.txt

flags:
`

type modelOpts struct {
	format, formulation, solution string
	opt                           ilp.Options
}

func cmdModel(e *env, args []string) int {
	fs := newFlags(e, "model", modelUsage)
	fetchFlag(fs, e)
	var o modelOpts
	fs.StringVar(&o.format, "format", "lp", "file format: lp (CPLEX LP), mps (free MPS) or opb (pseudo-boolean)")
	clues := fs.String("clues", "rows", "how the givens are fixed: rows (one equality row each) or bounds (lower bound 1)")
	objective := fs.String("objective", "index", "objective f: index (1..729, MathWorks), ones (the Chinese article) or none")
	fs.StringVar(&o.formulation, "formulation", "01", "model: 01 (the 0-1 model) or sums (the insufficient lesson)")
	fs.StringVar(&o.solution, "read-solution", "", "read this CBC solution file of the model instead of writing the model, and check it")
	out := fs.String("out", safefile.Stdout, "write the model to this file (- for stdout)")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := o.set(*clues, *objective); err != nil {
		return usageErr(e, "model", err)
	}
	if o.solution != "" && *out != safefile.Stdout {
		return usageErr(e, "model", errors.New("--out writes the model; --read-solution reads one and writes no file"))
	}
	if fs.NArg() > 1 {
		return usageErr(e, "model", fmt.Errorf("one puzzle at a time (got %d arguments)", fs.NArg()))
	}
	src, b, err := readOneBoard(e, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku model: %s: %v\n", src, err)
		return 1
	}
	m, err := o.build(b)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku model: %s: %v\n", src, err)
		return 1
	}
	if o.solution != "" {
		return readSolution(e, m, o.solution)
	}
	if err := safefile.Write(*out, e.stdout, func(w io.Writer) error { return ilp.Write(w, m, o.format) }); err != nil {
		fmt.Fprintf(e.stderr, "sudoku model: %v\n", err)
		return 1
	}
	return 0
}

// set checks the flags' values and fills o.opt.
func (o *modelOpts) set(clues, objective string) error {
	switch clues {
	case "rows":
		o.opt.Clues = ilp.ClueRows
	case "bounds":
		o.opt.Clues = ilp.ClueBounds
	default:
		return fmt.Errorf("unknown --clues %q (want rows or bounds)", clues)
	}
	switch objective {
	case "index":
		o.opt.Objective = ilp.ObjIndex
	case "ones":
		o.opt.Objective = ilp.ObjOnes
	case "none":
		o.opt.Objective = ilp.ObjNone
	default:
		return fmt.Errorf("unknown --objective %q (want index, ones or none)", objective)
	}
	switch {
	case o.format != "lp" && o.format != "mps" && o.format != "opb":
		return fmt.Errorf("unknown --format %q (want lp, mps or opb)", o.format)
	case o.formulation != "01" && o.formulation != "sums":
		return fmt.Errorf("unknown --formulation %q (want 01 or sums)", o.formulation)
	case o.formulation == "sums" && o.format == "opb":
		return fmt.Errorf("the sums model has integer variables 1..9: OPB cannot hold it (use lp or mps)")
	}
	return nil
}

func (o *modelOpts) build(b *sudoku.Board) (*ilp.Model, error) {
	g, classic := b.Grid()
	switch {
	case !classic && o.formulation == "sums":
		return nil, fmt.Errorf("the sums lesson is for classic 9x9 puzzles (this is %s)", b.Rules.Name())
	case o.formulation == "sums":
		return ilp.NewSums(g, o.opt)
	}
	return ilp.New(b, o.opt)
}

// readSolution reads a CBC solution file of m and says what it holds: for
// the 0-1 model whether it solves the puzzle, for the sums model where it
// breaks the Sudoku rule.
func readSolution(e *env, m *ilp.Model, file string) int {
	if st, err := os.Stat(file); err == nil && st.IsDir() {
		fmt.Fprintf(e.stderr, "sudoku model: %s is a directory, not a CBC solution file\n", file)
		return 1
	}
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku model: %v\n", err)
		return 1
	}
	defer f.Close()
	s, err := ilp.ReadCBCSolution(f, m)
	if err == nil && m.Board != nil {
		return reportBoardSolution(e, m, s)
	}
	if err == nil {
		var g sudoku.Grid
		if g, err = m.Grid(s.Values); err == nil {
			return reportSolution(e, m, s, g)
		}
	}
	fmt.Fprintf(e.stderr, "sudoku model: %s: %v\n", file, err)
	return 1
}

func reportSolution(e *env, m *ilp.Model, s *ilp.CBCSolution, g sudoku.Grid) int {
	fmt.Fprintf(e.stdout, "%s (objective %g)\n%s", s.Status, s.Objective, g.Pretty())
	if m.Formulation == ilp.Sums {
		fmt.Fprintf(e.stdout, "%s\n", ilp.CheckSums(g))
		for _, r := range ilp.CheckSums(g).Repeats {
			fmt.Fprintf(e.stdout, "  %v\n", r)
		}
		return 0
	}
	if !g.IsSolutionOf(&m.Puzzle) {
		fmt.Fprintf(e.stderr, "sudoku model: the solution does not solve the puzzle: %s\n", strings.TrimSpace(describeBreak(g, m.Puzzle)))
		return 1
	}
	fmt.Fprintln(e.stdout, "a valid solution of the puzzle")
	return 0
}

// reportBoardSolution prints a board model's solution and checks it.
func reportBoardSolution(e *env, m *ilp.Model, s *ilp.CBCSolution) int {
	cells, err := m.Cells(s.Values)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku model: %v\n", err)
		return 1
	}
	sol := &sudoku.Board{Rules: m.Board.Rules, Cells: cells}
	fmt.Fprintf(e.stdout, "%s (objective %g)\n%s", s.Status, s.Objective, sol.Pretty())
	if err := sol.Validate(); err != nil {
		fmt.Fprintf(e.stderr, "sudoku model: the solution breaks the rules: %v\n", err)
		return 1
	}
	for c, v := range m.Board.Cells {
		if v != 0 && cells[c] != v {
			fmt.Fprintf(e.stderr, "sudoku model: the solution changes the given at %s\n", sudoku.CellName(sol.Size(), c))
			return 1
		}
	}
	fmt.Fprintln(e.stdout, "a valid solution of the puzzle")
	return 0
}

// describeBreak says why g is no solution of puzzle.
func describeBreak(g, puzzle sudoku.Grid) string {
	if err := g.Validate(); err != nil {
		return err.Error()
	}
	for c, v := range puzzle {
		if v != 0 && g[c] != v {
			return fmt.Sprintf("%v is %d, the given is %d", sudoku.Cell(c), g[c], v)
		}
	}
	return "it is not full"
}
