package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"sudoku/bank"
	"sudoku/bank/bankgen"
	"sudoku/logic"
)

// fillNeeds is bank fill --needs: puzzles that need a technique,
// generated on jobs workers until the bank holds target of them left.
// Puzzles are numbered from 0 in the run of seed; each is committed as it
// comes, with the techniques it needs.
func fillNeeds(ctx context.Context, e *env, db bank.Store, need logic.Need, seed uint64, target, jobs int, quiet bool) int {
	prog := newProgress(e.stderr, e.tty)
	bn := bankgen.Need(need)
	f, err := bank.StartFill(ctx, db, bank.Fill{Target: target, Batch: 1, Workers: jobs, Seed: seed, Need: &bn,
		Make: bankgen.Needs(need), Step: prog.step})
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	}
	start := time.Now()
	rep, err := f.Run(ctx)
	prog.finish()
	if !quiet {
		fmt.Fprintf(e.stderr, "bank fill --needs %s: %d added, %d duplicates, %d gave up; %.3fs wall (%.0f tries/puzzle; %d left, target %d; seed %d, -j %d)\n",
			need.Names[0], rep.Added, rep.Dupes, rep.GaveUp, time.Since(start).Seconds(), float64(rep.Tries)/float64(max(1, rep.Added+rep.Dupes+rep.GaveUp)),
			rep.Left, target, seed, jobs)
	}
	switch {
	case err != nil:
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	case rep.Interrupted:
		fmt.Fprintf(e.stderr, "sudoku bank fill: interrupted; %d puzzles committed\n", rep.Added)
		return exitInterrupted
	}
	return 0
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
	en, err := db.PickNeed(ctx, bankgen.Need(need))
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
		writeJSON(out, en.JSON())
	} else {
		fmt.Fprintln(out, en.Puzzle.Line('.'))
	}
	out.Flush()
	if !quiet {
		left, _ := db.CountNeed(ctx, bankgen.Need(need))
		fmt.Fprintf(e.stderr, "%s, %d clues, puzzle %d of the bank; %d left that need %s\n", ratingText(en), en.Clues, en.ID, left, need.Names[0])
	}
	return 0
}
