package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"time"

	"sudoku/bank"
	"sudoku/bank/bankgen"
	"sudoku/generate"
	"sudoku/logic"
)

const bankFillUsage = `usage: sudoku bank fill --level L -n N [--db FILE] [--symmetry S] [--batch N] [--seed S] [-j N] [-q]
       sudoku bank fill --variant V [--size N] [--level L] -n N [--db FILE] [--seed S] [-q]
       sudoku bank fill --needs TECHNIQUE [--only-before KIND] -n N [--db FILE] [--seed S] [-j N] [-q]

Generates puzzles of the level until the bank holds N of them left (not
handed out, not daily puzzles): a top-up, so running the same command again
adds only what is missing. Puzzles are generated on -j workers and
committed --batch at a time, each batch in one transaction with the fill's
cursor: the seed of the level's run and the number of the next puzzle to
generate. A fill that is interrupted (Ctrl-C, a crash, kill -9) loses
nothing it committed and leaves the database valid; the next fill of the
level and symmetry goes on from the cursor, so no puzzle is generated
twice. One fill of a level runs at a time on a bank: a second one (in
another process or on another machine) stops at once, naming the fill
that holds the level; a fill that was killed frees the level at once on
the same machine, 30 s after on another. --seed sets the seed of a level's first fill (default: random).
Ctrl-C or SIGTERM stops a fill cleanly: the puzzles finished so far are
committed, the summary printed, and the exit status is 130; a second
Ctrl-C stops it at once. Exit status: 0 the target reached, 1 an error,
2 usage error, 130 interrupted.

With --variant (x, windoku, jigsaw, killer, anti-knight, ...) or --size,
puzzles of those rules are generated (at --level by the techniques for
any rules, when given) until the bank holds N of that rule set left; they
are picked by 'bank pick --rules' and 'bank book'.

With --needs (a technique as 'sudoku explain' names it, or its HoDoKu
code; --only-before singles, intersections or subsets as for 'generate'),
puzzles that need the technique are generated, of any level, until the
bank holds N of them left; 'bank pick --needs' hands them out. Every
puzzle a fill or an import stores keeps the list of techniques it needs
(except singles), so a fill of a level adds such puzzles too.

flags:
`

// fillJob is what a fill is asked to do.
type fillJob struct {
	level   logic.Level
	sym     generate.Symmetry
	target  int // puzzles left in the bank when done
	batch   int
	jobs    int
	seed    uint64
	seedSet bool
	quiet   bool
}

func cmdBankFill(e *env, args []string) int {
	fs, dbPath := bankFlags(e, "fill", bankFillUsage)
	level := fs.String("level", "", "level: "+levelNames())
	n := fs.Int("n", -1, "the puzzles of the level left in the bank when done")
	symmetry := fs.String("symmetry", "none", "symmetry of the clues: "+symmetryNames())
	batch := fs.Int("batch", 50, "puzzles committed per transaction")
	seed := fs.String("seed", "", "seed of the level's run, on its first fill (default: random)")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles generated in parallel")
	quiet := fs.Bool("q", false, "no summary on stderr")
	variant := fs.String("variant", "", "rules of other puzzles: "+generateVariants)
	size := fs.Int("size", 9, "grid size of other puzzles, 4 to 25")
	needs := fs.String("needs", "", "puzzles that need this technique (as explain names it, or its HoDoKu code)")
	onlyBefore := fs.String("only-before", "", "with --needs: only singles, intersections or subsets before the technique")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "bank fill", err)
	}
	if *needs != "" || *onlyBefore != "" {
		return fillNeedsCmd(e, fs, *dbPath, *needs, *onlyBefore, *seed, *n, *jobs, *quiet)
	}
	if *variant != "" || *size != 9 {
		return fillBoardsCmd(e, fs, *dbPath, boardGenFlags{variant: *variant, size: *size, symmetry: *symmetry, seed: *seed, format: "line", cageMin: 2, cageMax: 5}, *level, *n, *quiet)
	}
	j := fillJob{target: *n, batch: *batch, jobs: *jobs, quiet: *quiet, seedSet: *seed != ""}
	var err error
	if j.level, err = parseLevelFlag(*level); err != nil {
		return usageErr(e, "bank fill", err)
	}
	if j.sym, err = generate.ParseSymmetry(*symmetry); err != nil {
		return usageErr(e, "bank fill", err)
	}
	if j.seed, err = parseSeed(*seed); err != nil {
		return usageErr(e, "bank fill", fmt.Errorf("--seed: %w", err))
	}
	switch {
	case *n < 0:
		return usageErr(e, "bank fill", errors.New("-n is required: the puzzles of the level to hold, 0 or more"))
	case *batch < 1:
		return usageErr(e, "bank fill", errors.New("--batch must be at least 1"))
	case *jobs < 1:
		return usageErr(e, "bank fill", errors.New("-j must be at least 1"))
	case fs.NArg() > 0:
		return usageErr(e, "bank fill", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	return withFillBank(e, *dbPath, func(ctx context.Context, db bank.Store) int { return fill(ctx, e, db, j) })
}

// fill runs a fill of a level (bank.StartFill) and prints its summary; it
// returns the exit status.
func fill(ctx context.Context, e *env, db bank.Store, j fillJob) int {
	prog := newProgress(e.stderr, e.tty)
	f, err := bank.StartFill(ctx, db, j.spec(prog.step))
	var seedErr *bank.SeedError
	switch {
	case errors.As(err, &seedErr):
		fmt.Fprintf(e.stderr, "sudoku bank fill: --%v (leave --seed out)\n", err)
		return 1
	case err != nil:
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	}
	start := time.Now()
	rep, err := f.Run(ctx)
	prog.finish()
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
	}
	if !j.quiet {
		j.summary(e, rep, time.Since(start))
	}
	switch {
	case err != nil:
		return 1
	case rep.Interrupted:
		fmt.Fprintf(e.stderr, "sudoku bank fill: interrupted; %d puzzles committed, run the same command to go on from #%d\n", rep.Added, rep.Cursor.Next)
		return exitInterrupted
	}
	return 0
}

// spec is the job as the bank runs it; step counts each puzzle done.
func (j fillJob) spec(step func()) bank.Fill {
	return bank.Fill{
		Level: bank.Level(j.level), Symmetry: j.sym.String(), Target: j.target, Batch: j.batch, Workers: j.jobs,
		Seed: j.seed, SeedSet: j.seedSet, Owner: bank.ProcessOwner(""), Dead: bank.ProcessGone,
		Make: bankgen.Level(j.level, j.sym), Step: step,
	}
}

// summary prints a fill's summary line.
func (j fillJob) summary(e *env, rep bank.FillReport, wall time.Duration) {
	sum := newSummary(statusAdded, statusDuplicate, statusGaveUp)
	sum.by[statusAdded], sum.by[statusDuplicate], sum.by[statusGaveUp] = rep.Added, rep.Dupes, rep.GaveUp
	sum.n = rep.Added + rep.Dupes + rep.GaveUp
	per := 0.0
	if sum.n > 0 {
		per = float64(rep.Tries) / float64(sum.n)
	}
	numbers := "none generated"
	if sum.n > 0 {
		numbers = fmt.Sprintf("#%d-#%d", rep.Cursor.Next-sum.n, rep.Cursor.Next-1)
	}
	sum.print(e.stderr, wall, fmt.Sprintf("%.2f tries/puzzle; %v, %d left, target %d; seed %d %s, symmetry %v, batch %d, -j %d",
		per, j.level, rep.Left, j.target, rep.Cursor.Seed, numbers, j.sym, j.batch, j.jobs))
}

// fillBoardsCmd is bank fill for puzzles of other rules.
func fillBoardsCmd(e *env, fs *flag.FlagSet, dbPath string, f boardGenFlags, level string, n int, quiet bool) int {
	var err error
	if f.minER, f.maxER, err = parseTarget(level, ""); err != nil {
		return usageErr(e, "bank fill", err)
	}
	o, seed, err := boardGenOptions(f)
	if err == nil && n < 0 {
		err = errors.New("-n is required: the puzzles of the rule set to hold, 0 or more")
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err != nil {
		return usageErr(e, "bank fill", err)
	}
	return withFillBank(e, dbPath, func(ctx context.Context, db bank.Store) int { return fillBoards(ctx, e, db, o, n, seed, quiet) })
}

// fillNeedsCmd is bank fill --needs.
func fillNeedsCmd(e *env, fs *flag.FlagSet, dbPath, needs, onlyBefore, seedText string, n, jobs int, quiet bool) int {
	var err error
	var need logic.Need
	var seed uint64
	switch {
	case needs == "":
		err = errors.New("--only-before goes with --needs")
	case n < 0:
		err = errors.New("-n is required: the puzzles that need the technique to hold, 0 or more")
	case jobs < 1:
		err = errors.New("-j must be at least 1")
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	for _, name := range []string{"level", "variant", "size", "symmetry"} {
		if err == nil && isSet(fs, name) {
			err = fmt.Errorf("--%s does not go with --needs: such puzzles are classic, of any level", name)
		}
	}
	if err == nil {
		if need, err = logic.ParseNeed(needs, onlyBefore); err != nil {
			err = fmt.Errorf("--needs: %w", err)
		}
	}
	if err == nil {
		if seed, err = parseSeed(seedText); err != nil {
			err = fmt.Errorf("--seed: %w", err)
		}
	}
	if err != nil {
		return usageErr(e, "bank fill", err)
	}
	return withFillBank(e, dbPath, func(ctx context.Context, db bank.Store) int { return fillNeeds(ctx, e, db, need, seed, n, jobs, quiet) })
}

// withFillBank opens (or creates) the bank for a fill and runs f with a
// context that a signal cancels; the bank's writes outlive the signal.
func withFillBank(e *env, dbPath string, f func(ctx context.Context, db bank.Store) int) int {
	ctx, stop := signalContext()
	defer stop()
	db, ok := openBank(context.WithoutCancel(ctx), e, "fill", dbPath, bankCreate)
	if !ok {
		return 1
	}
	defer db.Close()
	return f(ctx, db)
}
