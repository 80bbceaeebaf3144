package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"sudoku"
	"sudoku/internal/ordered"
	"sudoku/solver"
)

const solveUsage = `usage: sudoku solve [flags] [puzzle | file | - ...]

Solves each puzzle and proves its solution unique. Puzzles come as
arguments (any text form), files (one puzzle per line, or multi-line
blocks), or standard input. Solutions are written to stdout in input order;
errors go to stderr as file:line: message, and a summary closes the run.
Exit status: 0 all solved, 1 some puzzle failed, 2 usage error.

flags:
`

type solveOpts struct {
	engine solver.Engine
	vari   sudoku.Variant // --variant: rules added to every puzzle
	count  int            // > 0: count solutions up to this limit
	unique bool           // report uniqueness only
	format string
	limit  time.Duration // --timeout: the longest one puzzle may take
	cands  bool          // --candidates: list each cell's true candidates
	// candLimit is --candidates-limit: the solutions looked at, at most.
	candLimit int
	// counts is --counts: with --candidates, how many solutions put each
	// digit in each cell.
	counts bool
	// all is --all: with --count, write each solution found.
	all bool
	// estimate is --estimate: estimate the number of solutions, with
	// probes (--probes) random walks down the search tree.
	estimate bool
	probes   int
}

// solveOutcome is what happened to one puzzle.
type solveOutcome struct {
	res    solver.Result
	grid   sudoku.Grid   // the first solution found, when classic
	board  *sudoku.Board // the puzzle, when not classic
	sol    *sudoku.Board // its first solution found, when not classic
	count  int           // solutions counted (with --count), or found (at most 2)
	err    error
	status string                  // solved, no solution, several solutions, invalid, counted
	cands  *solver.TrueCands       // with --candidates
	counts *solver.CandidateCounts // with --candidates --counts
	sols   [][]uint8               // with --count --all: the solutions found
	est    *solver.Estimate        // with --estimate
}

func cmdSolve(e *env, args []string) int {
	fs := newFlags(e, "solve", solveUsage)
	fetchFlag(fs, e)
	engine := fs.String("engine", "fast", "solving engine: "+engineNames())
	count := fs.Int("count", 0, "count solutions, up to this limit, instead of solving")
	unique := fs.Bool("unique", false, "only report whether each puzzle has exactly one solution")
	format := fs.String("format", "line", "output format: line, grid, json (one JSON object per line), solo or fpuzzles (the solved puzzle with its rules); with --candidates: grid (the default there), line (9x9: the 729-character pencil-mark form) or json")
	asJSON := fs.Bool("json", false, "same as --format json")
	cands := fs.Bool("candidates", false, "list each cell's true candidates (every digit some solution puts there) instead of solving")
	candLimit := fs.Int("candidates-limit", solver.DefaultCandidatesLimit, "with --candidates: look at this many solutions at most (each adds a digit; a 9x9 never needs more than 649); past it the candidates are a subset; with --counts the solutions counted (default 10000)")
	all := fs.Bool("all", false, "with --count: write each solution found, one a line after the count (the general engine's order)")
	counts := fs.Bool("counts", false, "with --candidates: count how many solutions put each digit in each cell (every solution is walked, up to --candidates-limit)")
	estimate := fs.Bool("estimate", false, "estimate the number of solutions (Knuth's random probes of the search tree, with a 95% interval; counted exactly when the tree is small) instead of solving")
	probes := fs.Int("probes", solver.DefaultEstimateProbes, "with --estimate: the random probes, 1 to 1000000")
	var vari variantFlag
	fs.Var(&vari, "variant", "rules added to every puzzle, a comma list: "+variantList)
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles solved in parallel")
	quiet := fs.Bool("q", false, "no summary on stderr")
	timeout := timeoutFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	o := solveOpts{count: *count, unique: *unique, format: *format, vari: vari.v, limit: *timeout, cands: *cands, candLimit: *candLimit, counts: *counts, all: *all, estimate: *estimate, probes: *probes}
	if o.counts && !isSet(fs, "candidates-limit") {
		o.candLimit = solver.DefaultCountsLimit
	}
	if *asJSON {
		o.format = "json"
	} else if o.cands && !isSet(fs, "format") {
		o.format = "grid"
	}
	var err error
	if o.engine, err = solver.Lookup(*engine); err != nil {
		return usageErr(e, "solve", err)
	}
	if err := checkCandidates(fs, o); err != nil {
		return usageErr(e, "solve", err)
	}
	if err := checkEstimate(fs, o); err != nil {
		return usageErr(e, "solve", err)
	}
	switch {
	case !slices.Contains([]string{"line", "grid", "json", "solo", "fpuzzles"}, o.format):
		return usageErr(e, "solve", fmt.Errorf("unknown format %q (want line, grid, json, solo or fpuzzles)", o.format))
	case *count < 0 || *count == 0 && isSet(fs, "count"):
		return usageErr(e, "solve", fmt.Errorf("--count %d: count up to a limit of 1 or more", *count))
	case *count > 0 && *unique:
		return usageErr(e, "solve", fmt.Errorf("--count and --unique exclude each other"))
	case *all && *count == 0:
		return usageErr(e, "solve", fmt.Errorf("--all goes with --count N (the solutions to write, at most)"))
	case *all && *count > maxAllSolutions:
		return usageErr(e, "solve", fmt.Errorf("--all --count %d: --all writes %d solutions at most (they are kept until the puzzle's line is written)", *count, maxAllSolutions))
	case *all && isSet(fs, "engine") && o.engine != solver.Fast:
		return usageErr(e, "solve", fmt.Errorf("--all lists solutions with the fast engine (leave out --engine)"))
	case *jobs < 1:
		return usageErr(e, "solve", fmt.Errorf("-j must be at least 1"))
	case checkTimeout(*timeout) != nil:
		return usageErr(e, "solve", checkTimeout(*timeout))
	}
	return solveAll(e, fs.Args(), o, *jobs, *quiet)
}

func usageErr(e *env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "sudoku %s: %v\n", cmd, err)
	return 2
}

func engineNames() string {
	s := ""
	for i, en := range solver.Engines() {
		if i > 0 {
			s += ", "
		}
		s += en.Name()
	}
	return s
}

func solveAll(e *env, args []string, o solveOpts, jobs int, quiet bool) int {
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	prog := newProgress(e.stderr, e.tty)
	sum := newSummary(statusSolved, statusNone, statusSeveral, statusInvalid)
	engine := o.engine.Name()
	if o.cands {
		sum, engine = newSummary(statusCandidates, statusSubset, statusNone, statusInvalid), solver.Fast.Name()
	}
	if o.estimate {
		sum, engine = newSummary(statusEstimated, statusCounted, statusInvalid), solver.Fast.Name()
	}
	start := time.Now()
	in := make(chan []item, 4)
	go readInputs(e, args, in, prog, true)
	// Messages go through a buffer unless a terminal shows them as they
	// come: a file of several-solution puzzles writes one for each.
	errw := bufio.NewWriterSize(e.stderr, 16<<10)
	ordered.Map(in, jobs, func(it *item) solveOutcome { return solveOne(it, o) },
		func(it *item, r solveOutcome) {
			prog.step()
			sum.add(r.status)
			if r.err != nil {
				writeErr(errw, it, r.err)
				if e.tty {
					errw.Flush()
				}
			}
			writeOutcome(out, it, r, o)
		})
	errw.Flush()
	out.Flush()
	prog.finish()
	if !quiet {
		sum.print(e.stderr, time.Since(start), fmt.Sprintf("engine %s, -j %d", engine, jobs))
	}
	if solveFailed(sum, o) {
		return 1
	}
	return 0
}

func solveOne(it *item, o solveOpts) solveOutcome {
	if it.puzzle.Err != nil {
		return solveOutcome{err: it.puzzle.Err, status: statusInvalid}
	}
	if it.puzzle.Board == nil && o.vari == 0 && !o.cands && !o.estimate && o.count == 0 && o.engine == solver.Fast && o.format != "json" {
		// Fast finds two solutions in milliseconds at most: no context,
		// no board.
		sol, err := solver.SolveGrid(it.puzzle.Grid)
		return outcomeOf(solveOutcome{grid: sol, err: err}, o)
	}
	ctx, cancel := puzzleCtx(o.limit)
	defer cancel()
	if o.cands {
		return candidatesOne(ctx, it, o)
	}
	if o.estimate {
		return estimateOne(ctx, it, o)
	}
	b, g, classic := boardOfPuzzle(it.puzzle, o.vari)
	if classic {
		b = sudoku.BoardOf(g)
	}
	if o.all {
		return allOne(ctx, b, classic, o)
	}
	return solveBoard(ctx, b, classic, o)
}

// maxAllSolutions bounds --count with --all: the solutions of a puzzle
// are held in memory (up to 62 MB for 25x25 grids) until written.
const maxAllSolutions = 100000

// allOne lists the solutions of one puzzle, up to --count.
func allOne(ctx context.Context, b *sudoku.Board, classic bool, o solveOpts) solveOutcome {
	if err := b.Validate(); err != nil {
		return solveOutcome{err: err, status: statusInvalid}
	}
	sols, _, err := solver.Solutions(ctx, b, o.count)
	oc := solveOutcome{count: len(sols), sols: sols, status: statusCounted}
	if !classic {
		oc.board = b
	}
	switch {
	case errors.Is(err, sudoku.ErrNoSolution):
		oc.count = 0
	case err != nil:
		oc.err, oc.status = timedOut(err, o.limit), statusTimeout
	}
	return oc
}

// digitsLine writes a solution as N*N digits, as a solved line.
func digitsLine(sol []uint8) string {
	var sb strings.Builder
	for _, v := range sol {
		sb.WriteString(sudoku.DigitString(int(v)))
	}
	return sb.String()
}

// solveBoard solves or counts (--count) puzzle b with the engine; a
// classic puzzle's solution is kept as a grid.
func solveBoard(ctx context.Context, b *sudoku.Board, classic bool, o solveOpts) solveOutcome {
	var r solver.Result
	var err error
	if o.count > 0 {
		if err := b.Validate(); err != nil {
			return solveOutcome{err: err, status: statusInvalid}
		}
		r, err = o.engine.Search(ctx, b, o.count)
	} else {
		r, err = solver.Solve(ctx, o.engine, b)
	}
	oc := solveOutcome{res: r, count: r.Count, err: timedOut(err, o.limit)}
	switch {
	case classic:
		oc.grid = r.Grid()
	case r.Count > 0:
		oc.board, oc.sol = b, &sudoku.Board{Rules: b.Rules, Cells: r.Solution}
	default:
		oc.board = b
	}
	if o.count > 0 && err == nil {
		oc.status = statusCounted
		return oc
	}
	return outcomeOf(oc, o)
}

// outcomeOf sets the status of a solve from its error.
func outcomeOf(oc solveOutcome, o solveOpts) solveOutcome {
	err := oc.err
	switch {
	case err == nil:
		oc.status = statusSolved
	case errors.Is(err, sudoku.ErrNoSolution):
		oc.status = statusNone
	case errors.Is(err, sudoku.ErrMultipleSolutions):
		oc.status = statusSeveral
	case errors.Is(err, context.DeadlineExceeded):
		oc.status = statusTimeout
	default:
		oc.status = statusInvalid
	}
	if o.unique && oc.status != statusInvalid {
		oc.err = nil // the answer is the report itself
	}
	return oc
}

// jsonOutcome is one line of --format json.
type jsonOutcome struct {
	Source   string `json:"source"`
	Line     int    `json:"line,omitempty"`
	Puzzle   string `json:"puzzle,omitempty"`
	Rules    string `json:"rules,omitempty"` // the rule set when not classic, e.g. "killer 9x9"
	Status   string `json:"status"`
	Solution string `json:"solution,omitempty"`
	Count    *int   `json:"count,omitempty"`
	Unique   *bool  `json:"unique,omitempty"`
	// Solutions are the solutions found, with --count --all.
	Solutions []string `json:"solutions,omitempty"`
	Guesses   int64    `json:"guesses"`
	Error     string   `json:"error,omitempty"`
}

func writeOutcome(w *bufio.Writer, it *item, r solveOutcome, o solveOpts) {
	if o.cands {
		writeCandidates(w, it, r, o)
		return
	}
	if o.estimate {
		writeEstimate(w, it, r, o)
		return
	}
	if o.format == "line" && r.board == nil && r.status == statusSolved && o.count == 0 && !o.unique {
		w.Write(append(r.grid.AppendLine(w.AvailableBuffer(), '.'), '\n'))
		return
	}
	if o.format != "json" && (r.status == statusInvalid || r.status == statusTimeout || o.count == 0 && !o.unique && r.status != statusSolved) {
		return // nothing on stdout: the error went to stderr
	}
	puzzle, solution := it.puzzle.Grid.Line('.'), r.grid.Line('.')
	if r.board != nil {
		puzzle = r.board.Line('.')
		if r.sol != nil {
			solution = r.sol.Line('.')
		}
	}
	switch {
	case o.format == "json":
		j := jsonOutcome{Source: it.src, Line: it.puzzle.Line, Status: r.status, Guesses: r.res.Guesses}
		if r.status != statusInvalid {
			j.Puzzle = puzzle
			if r.board != nil {
				j.Rules = r.board.Rules.Name()
			}
		}
		if r.status == statusSolved || r.status == statusSeveral && !o.unique {
			j.Solution = solution
		}
		if o.count > 0 {
			count := r.count // a copy: &r.count would move r to the heap for every puzzle
			j.Count = &count
		}
		for _, s := range r.sols {
			j.Solutions = append(j.Solutions, digitsLine(s))
		}
		if o.unique && r.status != statusInvalid && r.status != statusTimeout {
			u := r.status == statusSolved
			j.Unique = &u
		}
		if r.err != nil {
			j.Error = r.err.Error()
		}
		b, _ := json.Marshal(j)
		w.Write(b)
		w.WriteByte('\n')
	case r.status == statusInvalid, r.status == statusTimeout:
		// reported on stderr only
	case o.count > 0:
		plus := ""
		if r.count >= o.count {
			plus = "+"
		}
		fmt.Fprintf(w, "%s %d%s\n", puzzle, r.count, plus)
		for _, s := range r.sols {
			w.WriteString(digitsLine(s))
			w.WriteByte('\n')
		}
	case o.unique:
		fmt.Fprintf(w, "%s %s\n", puzzle, map[string]string{statusSolved: "unique", statusNone: "none", statusSeveral: "multiple"}[r.status])
	case r.status != statusSolved:
		// no solution to print; the error went to stderr
	case o.format == "solo" || o.format == "fpuzzles":
		w.WriteString(solvedForm(it, r, o.format))
		w.WriteByte('\n')
	case o.format == "grid" && r.sol != nil:
		w.WriteString(r.sol.Pretty())
		w.WriteByte('\n')
	case o.format == "grid":
		w.WriteString(r.grid.Pretty())
		w.WriteByte('\n')
	default:
		w.WriteString(solution)
		w.WriteByte('\n')
	}
}

// solvedForm writes the solved puzzle, rules and all, in a form that
// holds them, or a comment line saying why it cannot.
func solvedForm(it *item, r solveOutcome, form string) string {
	sol := r.sol
	if sol == nil {
		sol = sudoku.BoardOf(r.grid)
	}
	s, err := sudoku.FormatBoard(sol, form)
	if err != nil {
		return fmt.Sprintf("# %s: %v", it.where(), err)
	}
	return s
}

// solveFailed reports whether the batch should exit 1: any invalid puzzle,
// and, unless solutions were only counted, any puzzle not uniquely solved.
func solveFailed(s *summary, o solveOpts) bool {
	if s.by[statusInvalid] > 0 || s.by[statusTimeout] > 0 {
		return true
	}
	if o.cands {
		return s.by[statusNone] > 0
	}
	if o.estimate {
		return false // no solution is an answer (0 solutions)
	}
	return o.count == 0 && s.by[statusSolved] != s.n-s.by[statusInvalid]
}
