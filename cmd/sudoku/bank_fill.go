package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"runtime"
	"sudoku/bank"
	"syscall"
	"time"

	"sudoku"
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

// fillOutcome is one numbered puzzle of a fill, or why there is none.
type fillOutcome struct {
	entry    bank.Entry
	tries    int
	err      error
	canceled bool // not generated: the fill was interrupted
}

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

// filler runs one fill: it receives the outcomes in number order, keeps a
// batch, and commits it with the cursor.
type filler struct {
	e      *env
	db     bank.Store
	job    fillJob
	cur    bank.Cursor
	need   int // puzzles to add
	first  int // the cursor at the start
	batch  []bank.Entry
	added  int
	dupes  int
	gaveUp int
	tries  int
	done   bool // target reached, interrupted or failed: later outcomes are dropped
	intr   bool
	err    error
	stop   chan struct{}
}

func fill(ctx context.Context, e *env, db bank.Store, j fillJob) int {
	f := &filler{e: e, db: db, job: j, stop: make(chan struct{})}
	bg := context.WithoutCancel(ctx) // commits go through even when interrupted
	lease, err := db.TakeLease(bg, bank.Level(j.level), leaseOwner(), ownerGone)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	}
	keep, stopKeeping := context.WithCancel(bg)
	go bank.Keep(keep, lease)
	defer func() { stopKeeping(); lease.Release(bg) }()
	if err = f.start(bg); err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	}
	start := time.Now()
	prog := newProgress(e.stderr, e.tty)
	if f.need > 0 {
		in := make(chan []item, 4)
		go feedNumbers(ctx, f.cur.Next, in, f.stop)
		parallel(in, j.jobs, func(it *item) fillOutcome { return f.work(ctx, it.puzzle.Line) },
			func(it *item, o fillOutcome) { prog.step(); f.emit(bg, it.puzzle.Line, o) })
		f.commit(bg)
	}
	prog.finish()
	return f.finish(bg, time.Since(start))
}

// leaseOwner names this process for the fill lease: "pid 1234 on host".
func leaseOwner() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("pid %d on %s", os.Getpid(), host)
}

// ownerGone reports whether a lease's owner is a process of this machine
// that no longer runs (a fill killed with kill -9): its lease is free at
// once, not only after bank.LeaseTTL.
func ownerGone(owner string) bool {
	var pid int
	var host string
	if _, err := fmt.Sscanf(owner, "pid %d on %s", &pid, &host); err != nil || runtime.GOOS == "windows" {
		return false
	}
	if me, _ := os.Hostname(); host != me {
		return false
	}
	p, err := os.FindProcess(pid)
	return err != nil || p.Signal(syscall.Signal(0)) != nil
}

// start reads the cursor and the puzzles left.
func (f *filler) start(ctx context.Context) error {
	cur, ok, err := f.db.Cursor(ctx, bank.Level(f.job.level), f.job.sym.String())
	if err != nil {
		return err
	}
	switch {
	case !ok:
		cur.Seed = f.job.seed
	case f.job.seedSet && cur.Seed != f.job.seed:
		return fmt.Errorf("--seed %d: the %v %v fill of this bank has seed %d; it goes on with it (leave --seed out)",
			f.job.seed, f.job.level, f.job.sym, cur.Seed)
	}
	f.cur, f.first = cur, cur.Next
	c, err := f.db.Count(ctx, bank.Level(f.job.level))
	if err != nil {
		return err
	}
	f.need = f.job.target - c.Left
	return nil
}

// feedNumbers sends puzzle numbers from next on, genBatch at a time, as
// items whose Line is the number, until stop is closed or ctx is done.
func feedNumbers(ctx context.Context, next int, in chan<- []item, stop <-chan struct{}) {
	defer close(in)
	for ; ; next += genBatch {
		b := make([]item, genBatch)
		for i := range b {
			b[i] = item{src: "fill", puzzle: sudoku.Puzzle{Line: next + i}}
		}
		select {
		case in <- b:
		case <-stop:
			return
		case <-ctx.Done():
			return
		}
	}
}

func (f *filler) work(ctx context.Context, n int) fillOutcome {
	if ctx.Err() != nil {
		return fillOutcome{canceled: true}
	}
	p, r, tries, err := levelPuzzle(f.job.level, f.job.sym, runSeed(f.cur.Seed, f.job.level, f.job.sym), n)
	o := fillOutcome{tries: tries, err: err}
	if err == nil && r.Level != f.job.level {
		o.err = fmt.Errorf("got a %v puzzle (ER %v), want %v", r.Level, r.ER, f.job.level)
	}
	if o.err == nil {
		var needs []logic.Trained
		needs, o.err = trainsOf(p.Grid, r.ER)
		o.entry = entryOf(p.Grid, p.Solution, r, needs, f.job.sym.String(),
			fmt.Sprintf("fill %v %v seed %d #%d", f.job.level, f.job.sym, f.cur.Seed, n))
	}
	return o
}

// trainsOf lists the techniques g, rated er, needs, for the bank. A
// puzzle rated 1.5 or less takes full houses and hidden singles only,
// which Trains leaves out: its path is not worked out again.
func trainsOf(g sudoku.Grid, er logic.Rating) ([]logic.Trained, error) {
	if er <= 15 {
		return nil, nil
	}
	path, err := logic.Path(g)
	if err != nil {
		return nil, fmt.Errorf("no logical path: %w", err)
	}
	return logic.Trains(g, path), nil
}

// runSeed is the seed of the run of a level and symmetry: the fills of
// different levels from one --seed do not share their solution grids.
func runSeed(seed uint64, level logic.Level, sym generate.Symmetry) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", seed, int(level), int(sym))
	return h.Sum64()
}

// emit takes the outcome of puzzle number n, in number order.
func (f *filler) emit(ctx context.Context, n int, o fillOutcome) {
	if f.done {
		return
	}
	if o.canceled {
		f.intr = true
		f.end()
		return
	}
	f.tries += o.tries
	f.cur.Next = n + 1
	if o.err != nil {
		f.gaveUp++
	} else {
		f.batch = append(f.batch, o.entry)
	}
	if len(f.batch) >= f.job.batch || f.added+len(f.batch) >= f.need {
		f.commit(ctx)
	}
	if f.added >= f.need {
		f.end()
	}
}

// commit stores the batch and moves the cursor, in one transaction.
func (f *filler) commit(ctx context.Context) {
	if f.err != nil || f.cur.Next == f.first && len(f.batch) == 0 {
		return
	}
	added, dupes, err := f.db.AddFill(ctx, f.cur, f.batch)
	if err != nil {
		f.err = err
		f.end()
		return
	}
	f.added += added
	f.dupes += dupes
	f.first = f.cur.Next
	f.batch = f.batch[:0]
}

// end stops the numbers being fed; outcomes in flight are dropped.
func (f *filler) end() {
	if !f.done {
		f.done = true
		close(f.stop)
	}
}

// finish prints the summary and returns the exit status.
func (f *filler) finish(ctx context.Context, wall time.Duration) int {
	if f.err != nil {
		fmt.Fprintf(f.e.stderr, "sudoku bank fill: %v\n", f.err)
	}
	c, err := f.db.Count(ctx, bank.Level(f.job.level))
	if err != nil && f.err == nil {
		f.err = err
		fmt.Fprintf(f.e.stderr, "sudoku bank fill: %v\n", err)
	}
	if !f.job.quiet {
		f.summary(wall, c)
	}
	switch {
	case f.err != nil:
		return 1
	case f.intr:
		fmt.Fprintf(f.e.stderr, "sudoku bank fill: interrupted; %d puzzles committed, run the same command to go on from #%d\n", f.added, f.cur.Next)
		return exitInterrupted
	}
	return 0
}

func (f *filler) summary(wall time.Duration, c bank.LevelCount) {
	sum := newSummary(statusAdded, statusDuplicate, statusGaveUp)
	sum.by[statusAdded], sum.by[statusDuplicate], sum.by[statusGaveUp] = f.added, f.dupes, f.gaveUp
	sum.n = f.added + f.dupes + f.gaveUp
	per := 0.0
	if sum.n > 0 {
		per = float64(f.tries) / float64(sum.n)
	}
	numbers := "none generated"
	if sum.n > 0 {
		numbers = fmt.Sprintf("#%d-#%d", f.cur.Next-sum.n, f.cur.Next-1)
	}
	sum.print(f.e.stderr, wall, fmt.Sprintf("%.2f tries/puzzle; %v, %d left, target %d; seed %d %s, symmetry %v, batch %d, -j %d",
		per, f.job.level, c.Left, f.job.target, f.cur.Seed, numbers, f.job.sym, f.job.batch, f.job.jobs))
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
