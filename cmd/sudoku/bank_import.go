package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sudoku/bank"
	"time"

	"sudoku"
	"sudoku/bank/bankgen"
	"sudoku/generate"
	"sudoku/internal/ordered"
	"sudoku/logic"
	"sudoku/solver"
)

const bankImportUsage = `usage: sudoku bank import [--db FILE] [-j N] [--batch N] [-q] [puzzle | file | - ...]

Adds puzzles to the bank: files or stdin, one puzzle per line or in any
text form 'sudoku solve' reads. Each puzzle is checked (valid, exactly one
solution), rated as 'sudoku rate' rates it, and stored with its solution,
symmetry and canonical form. A puzzle equivalent to one in the bank (the
same canonical form) is skipped and counted as a duplicate. Rejected
puzzles go to stderr as file:line: reason; a summary closes the run.
Puzzles are committed --batch at a time: an interrupted import keeps what
it committed, and running it again skips those as duplicates.
Exit status: 0 every puzzle added or a duplicate, 1 some rejected, 2
usage error.

flags:
`

// Outcomes of import's summary.
const (
	statusAdded     = "added"
	statusDuplicate = "duplicates"
	statusRejected  = "rejected"
)

type importOutcome struct {
	entry bank.Entry // classic or of other rules
	err   error
}

func cmdBankImport(e *env, args []string) int {
	fs, dbPath := bankFlags(e, "import", bankImportUsage)
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles checked and rated in parallel")
	batch := fs.Int("batch", 500, "puzzles committed per transaction")
	quiet := fs.Bool("q", false, "no summary on stderr")
	timeout := timeoutFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "bank import", err)
	}
	if err := checkTimeout(*timeout); err != nil {
		return usageErr(e, "bank import", err)
	}
	switch {
	case *jobs < 1:
		return usageErr(e, "bank import", fmt.Errorf("-j must be at least 1"))
	case *batch < 1:
		return usageErr(e, "bank import", fmt.Errorf("--batch must be at least 1"))
	}
	ctx := context.Background()
	db, ok := openBank(ctx, e, "import", *dbPath, bankCreate)
	if !ok {
		return 1
	}
	defer db.Close()
	return importAll(ctx, e, db, fs.Args(), importOpts{jobs: *jobs, batch: *batch, quiet: *quiet, limit: *timeout})
}

// importOpts are the settings of an import.
type importOpts struct {
	jobs, batch int
	quiet       bool
	limit       time.Duration // --timeout: the longest the check of one puzzle may take
}

func importAll(ctx context.Context, e *env, db bank.Store, args []string, o importOpts) int {
	jobs, batch := o.jobs, o.batch
	prog := newProgress(e.stderr, e.tty)
	sum := newSummary(statusAdded, statusDuplicate, statusRejected)
	start := time.Now()
	pending := make([]bank.Entry, 0, batch)
	var dbErr error
	commit := func() {
		if dbErr != nil || len(pending) == 0 {
			return
		}
		added, dupes, err := db.Add(ctx, pending)
		dbErr = err
		sum.by[statusAdded] += added
		sum.by[statusDuplicate] += dupes
		sum.n += added + dupes
		pending = pending[:0]
	}
	in := make(chan []item, 4)
	go readInputs(e, args, in, prog, true)
	check := func(it *item) importOutcome { return importOne(it, o.limit) }
	ordered.Map(in, jobs, check, func(it *item, o importOutcome) {
		prog.step()
		if o.err != nil {
			sum.add(statusRejected)
			fmt.Fprintln(e.stderr, it.describeErr(o.err))
			return
		}
		pending = append(pending, o.entry)
		if len(pending) >= batch {
			commit()
		}
	})
	commit()
	prog.finish()
	if dbErr != nil {
		fmt.Fprintf(e.stderr, "sudoku bank import: %v\n", dbErr)
	}
	if !o.quiet {
		sum.print(e.stderr, time.Since(start), fmt.Sprintf("rating %s, -j %d; %s", logic.RatingVersion, jobs, db.Path()))
	}
	if dbErr != nil || sum.by[statusRejected] > 0 {
		return 1
	}
	return 0
}

// importOne checks, solves, rates and canonicalizes one puzzle; a puzzle
// of other rules whose check takes longer than limit is rejected.
func importOne(it *item, limit time.Duration) importOutcome {
	if it.puzzle.Err != nil {
		return importOutcome{err: it.puzzle.Err}
	}
	if it.puzzle.Board != nil {
		return importBoard(it, limit)
	}
	g := it.puzzle.Grid
	sol, err := checkPuzzle(g)
	if err != nil {
		return importOutcome{err: err}
	}
	path, err := logic.Path(g)
	r := logic.RatePath(path)
	if err != nil {
		return importOutcome{err: fmt.Errorf("cannot be rated: after %d steps (hardest %v): %w", r.Steps, r.ER, err)}
	}
	return importOutcome{entry: bankgen.Entry(g, sol, r, logic.Trains(g, path), generate.SymmetryOf(g).String(), it.where())}
}

// importBoard checks and solves a puzzle of other rules; such puzzles are
// stored unrated, by rule set (ratings for them come with issue 17).
func importBoard(it *item, limit time.Duration) importOutcome {
	b := it.puzzle.Board
	ctx, cancel := puzzleCtx(limit)
	defer cancel()
	r, err := solver.Solve(ctx, nil, b)
	if err != nil {
		err = timedOut(err, limit)
		if errors.Is(err, sudoku.ErrMultipleSolutions) {
			err = fmt.Errorf("not unique: %w", err)
		}
		return importOutcome{err: err}
	}
	e, err := bank.NewEntry(b, &sudoku.Board{Rules: b.Rules, Cells: r.Solution}, it.where())
	if err == nil && e.Classic() {
		err = fmt.Errorf("%w: a classic puzzle goes in rated", bank.ErrInvalidEntry)
	}
	return importOutcome{entry: e, err: err}
}

// checkPuzzle validates g, proves it has one solution and returns it, or
// says why it cannot go in the bank.
func checkPuzzle(g sudoku.Grid) (sudoku.Grid, error) {
	if err := g.Validate(); err != nil {
		return sudoku.Grid{}, err
	}
	switch err := solver.CountErr(solver.CountGrid(g, 2)); err {
	case nil:
		return solver.SolveGrid(g)
	case sudoku.ErrMultipleSolutions:
		return sudoku.Grid{}, fmt.Errorf("not unique: %w", err)
	default:
		return sudoku.Grid{}, err
	}
}
