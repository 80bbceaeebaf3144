package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"sudoku/bank"
	"sudoku/generate"
	"sudoku/logic"
)

// needsFill is bank fill --needs: puzzles that need a technique, generated
// until the bank holds target of them left.
type needsFill struct {
	e      *env
	db     bank.Store
	need   logic.Need
	opts   generate.Options
	seed   uint64
	target int
	left   int
	added  int
	dupes  int
	gaveUp int
	tries  int
	done   atomic.Bool
	err    error
	stop   chan struct{}
}

// fillNeeds runs a fill for a need on jobs workers. Puzzles are numbered
// from 0 in the run of seed; each is committed as it comes, with the
// techniques it needs.
func fillNeeds(ctx context.Context, e *env, db bank.Store, need logic.Need, seed uint64, target, jobs int, quiet bool) int {
	bg := context.WithoutCancel(ctx)
	f := &needsFill{e: e, db: db, need: need, opts: generate.Options{Needs: need}, seed: seed, target: target, stop: make(chan struct{})}
	var err error
	if f.left, err = db.CountNeed(bg, bankNeed(need)); err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	}
	start := time.Now()
	prog := newProgress(e.stderr, e.tty)
	if f.left < target {
		in := make(chan []item, 4)
		go feedNumbers(ctx, 0, in, f.stop)
		parallel(in, jobs, func(it *item) fillOutcome { return f.work(ctx, it.puzzle.Line) },
			func(it *item, o fillOutcome) { prog.step(); f.emit(bg, o) })
	}
	prog.finish()
	interrupted := ctx.Err() != nil && f.left < target
	if !quiet {
		fmt.Fprintf(e.stderr, "bank fill --needs %s: %d added, %d duplicates, %d gave up; %.3fs wall (%.0f tries/puzzle; %d left, target %d; seed %d, -j %d)\n",
			need.Names[0], f.added, f.dupes, f.gaveUp, time.Since(start).Seconds(), float64(f.tries)/float64(max(1, f.added+f.dupes+f.gaveUp)),
			f.left, target, seed, jobs)
	}
	switch {
	case f.err != nil:
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", f.err)
		return 1
	case interrupted:
		fmt.Fprintf(e.stderr, "sudoku bank fill: interrupted; %d puzzles committed\n", f.added)
		return exitInterrupted
	}
	return 0
}

// work generates puzzle number n, unless the fill is over.
func (f *needsFill) work(ctx context.Context, n int) fillOutcome {
	if ctx.Err() != nil || f.done.Load() {
		return fillOutcome{canceled: true}
	}
	p, err := generate.GenerateContext(ctx, f.opts, f.seed, n)
	o := fillOutcome{tries: p.Tries, err: err}
	if ctx.Err() != nil {
		return fillOutcome{canceled: true}
	}
	if err == nil {
		var needs []logic.Trained
		needs, o.err = trainsOf(p.Grid, p.Rating.ER)
		o.entry = entryOf(p.Grid, p.Solution, p.Rating, needs, generate.SymmetryOf(p.Grid).String(),
			fmt.Sprintf("fill needs %s seed %d #%d", f.need.Names[0], f.seed, n))
	}
	return o
}

// emit commits one outcome, in number order, until the target is reached.
func (f *needsFill) emit(ctx context.Context, o fillOutcome) {
	if f.done.Load() || o.canceled {
		f.end()
		return
	}
	f.tries += o.tries
	if o.err != nil {
		f.gaveUp++
		return
	}
	added, dupes, err := f.db.Add(ctx, []bank.Entry{o.entry})
	f.added, f.dupes, f.left = f.added+added, f.dupes+dupes, f.left+added
	if err != nil {
		f.err = err
	}
	if err != nil || f.left >= f.target {
		f.end()
	}
}

func (f *needsFill) end() {
	if f.done.CompareAndSwap(false, true) {
		close(f.stop)
	}
}

// pickNeed is bank pick --needs.
func pickNeed(e *env, fs *flag.FlagSet, dbPath, needs, onlyBefore string, asJSON, quiet bool) int {
	need, err := logic.ParseNeed(needs, onlyBefore)
	switch {
	case needs == "":
		err = errors.New("--only-before goes with --needs")
	case err != nil:
		err = fmt.Errorf("--needs: %w", err)
	case isSet(fs, "level"):
		err = errors.New("--level does not go with --needs")
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err != nil {
		return usageErr(e, "bank pick", err)
	}
	ctx := context.Background()
	db, ok := openBank(ctx, e, "pick", dbPath, bankExisting)
	if !ok {
		return 1
	}
	defer db.Close()
	en, err := db.PickNeed(ctx, bankNeed(need))
	if errors.Is(err, bank.ErrEmpty) {
		fmt.Fprintf(e.stderr, "sudoku bank pick: no puzzle that needs %s left in %s (add some: sudoku bank fill --needs %q -n N)\n",
			strings.Join(need.Names, " or "), db.Path(), needs)
		return 1
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank pick: %v\n", err)
		return 1
	}
	out := bufio.NewWriter(e.stdout)
	if asJSON {
		writeJSON(out, toJSON(en))
	} else {
		fmt.Fprintln(out, en.Puzzle.Line('.'))
	}
	out.Flush()
	if !quiet {
		left, _ := db.CountNeed(ctx, bankNeed(need))
		fmt.Fprintf(e.stderr, "%s, %d clues, puzzle %d of the bank; %d left that need %s\n", ratingText(en), en.Clues, en.ID, left, need.Names[0])
	}
	return 0
}
