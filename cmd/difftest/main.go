// Command difftest is the differential test of our solvers on puzzles no
// one has seen: it makes random puzzles of every constraint kind and
// rule set the f-puzzles reader takes, alone and mixed, counts their
// solutions up to 2 with our engines (solver.Fast, solver.Backtrack
// on small grids, package ilp's engine in a worker process) and with two
// anchors, SudokuVariantSolverJS (SVJS, on the f-puzzles JSON,
// scripts/diff-svjs.mjs) and sigh's Interactive Sudoku Solver (ISS, on
// its constraint string, scripts/diff-iss.mjs), each within a time limit,
// and reports every disagreement.
//
// A case is made from its spec, its kinds and a seed
// ("thermometer+jigsaw@1234"): the size, a random solution of the rule
// set, clues of each kind drawn true to it (or, for some kinds of some
// cases, at random and possibly false), and givens from it (none to
// many), so that some cases are unique, some have several solutions and
// some none. Every solution a side reports is checked against the
// definitions of the rules (written here from the rules, not taken from
// the engines), and a side that finishes with fewer solutions than were
// found valid is wrong. Cases a side cannot hold or refuses are counted
// as such; only finished counts are compared.
//
// Usage (scripts/diff-anchors.sh builds it and passes the anchors):
//
//	difftest -svjs DIR -iss DIR [-rounds N | -for 2h] [-kinds a,b] [-mixed M] [-out DIR]
//	difftest -svjs DIR -iss DIR -replay 'thermometer@1234'
//	difftest -svjs DIR -iss DIR -replay 'thermometer@1234' -shrink svjs
//	difftest -replay 'thermometer@1234' -fixture testdata/difftest -found 'SVJS counts ...'
//	difftest -fixtures-from difftest-out -fixture testdata/difftest
//	difftest -list
//
// It prints the cases that disagree as they come, then per kind and size
// the cases made, each side's finished/timed out/refused/failed, the
// cases every side agreed on and those where ours, SVJS and ISS all
// finished and agreed; each disagreement is written to -out as JSON
// (its f-puzzles JSON, ISS string, each side's count and solutions, its
// spec) for study.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "sudoku/constraint" // the kinds of constraint the parsers read
)

func main() {
	var c config
	var kindList string
	var isWorker, list bool
	flag.StringVar(&c.svjs, "svjs", "", "the SudokuVariantSolverJS checkout, after npm ci (\"\": leave it out)")
	flag.StringVar(&c.iss, "iss", "", "the Interactive Sudoku Solver checkout (\"\": leave it out)")
	flag.StringVar(&c.repo, "repo", ".", "this repository (its scripts/ hold the drivers)")
	flag.StringVar(&c.out, "out", "difftest-out", "the directory the disagreements are written to")
	flag.StringVar(&kindList, "kinds", "", "the kinds to make cases of, comma-separated (default: all; -list names them)")
	flag.IntVar(&c.rounds, "rounds", 10, "rounds: each makes a case of every kind (more of the required classes) and -mixed mixed ones")
	flag.IntVar(&c.mixed, "mixed", 10, "mixed cases (2-4 kinds) per round")
	flag.DurationVar(&c.duration, "for", 0, "run rounds until this much time has passed (instead of -rounds)")
	flag.Uint64Var(&c.seed, "seed", 1, "the first seed")
	flag.DurationVar(&c.timeout, "timeout", 3*time.Second, "each side's CPU time for one case")
	flag.DurationVar(&c.btTimeout, "backtrack-timeout", time.Second, "backtracking's CPU time for one case")
	flag.IntVar(&c.btMax, "backtrack-max", 6, "the largest size backtracking runs on (0: none)")
	flag.IntVar(&c.svjsMax, "svjs-max", 12, "the largest size SVJS is given (it takes a minute to set up a 16x16 board)")
	flag.IntVar(&c.ilpMx, "ilp-max", 9, "the largest size the ilp engine runs on (0: none)")
	flag.StringVar(&c.replay, "replay", "", "run one case again by its spec (KIND[+KIND...]@SEED) and print everything")
	flag.StringVar(&c.fixture, "fixture", "", "with -replay: write the case as a fixture of ours to this directory (testdata/difftest)")
	flag.StringVar(&c.shrinkSide, "shrink", "", "with -replay: take givens out while this side (svjs, iss, general, ...) stays wrong, and write what is left")
	flag.StringVar(&c.fixturesFrom, "fixtures-from", "", "write a fixture (to -fixture) for every disagreement written to this directory (an -out of an earlier run)")
	flag.StringVar(&c.found, "found", "", "with -fixture: what the case showed, in words (whose bug)")
	flag.BoolVar(&c.verbose, "v", false, "print every case")
	flag.BoolVar(&isWorker, "worker", false, "be the ilp worker (internal)")
	flag.BoolVar(&list, "list", false, "list the kinds")
	flag.Parse()
	if isWorker {
		if err := worker(os.Stdin, os.Stdout, c.timeout, c.ilpMx); err != nil {
			fmt.Fprintln(os.Stderr, "difftest worker:", err)
			os.Exit(1)
		}
		return
	}
	if list {
		fmt.Println(strings.Join(kindNames(), "\n"))
		return
	}
	c.kinds = kindNames()
	if kindList != "" {
		c.kinds = strings.Split(kindList, ",")
	}
	if err := run(c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(1)
	}
}

// run runs the cases (or the one replayed) and prints the report.
func run(c config, w io.Writer) error {
	if _, err := lookupKinds(c.kinds); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	c.self = self
	for _, p := range []*string{&c.svjs, &c.iss, &c.repo} {
		if *p != "" {
			if *p, err = filepath.Abs(*p); err != nil {
				return err
			}
		}
	}
	r, err := newRunner(c, w)
	if err != nil {
		return err
	}
	defer r.close()
	if c.replay != "" {
		return replay(r, c.replay, w)
	}
	if c.fixturesFrom != "" {
		if c.fixture == "" {
			return fmt.Errorf("-fixtures-from needs -fixture DIR")
		}
		return r.fixturesFrom(c.fixturesFrom, c.fixture, w)
	}
	start := time.Now()
	if err := r.run(w); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s from seed %d, timeout %s a side (backtrack %s up to %dx%d, ilp up to %dx%d)\n", time.Since(start).Round(time.Second), c.seed, c.timeout, c.btTimeout, c.btMax, c.btMax, c.ilpMx, c.ilpMx)
	r.tally.report(w)
	return nil
}

// replay makes one case again, runs it and prints all of it.
func replay(r *runner, s string, w io.Writer) error {
	sp, err := parseSpec(s)
	if err != nil {
		return err
	}
	c, err := makeCase(sp)
	if err != nil {
		return err
	}
	if r.c.shrinkSide != "" {
		o, err := r.shrink(c, r.c.shrinkSide, w)
		if err != nil {
			return err
		}
		path, err := writeShrunk(r.c.out, o)
		fmt.Fprintln(w, "wrote", path)
		return err
	}
	o := r.runCase(c)
	b, err := json.MarshalIndent(caseJSON(o), "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s\n%s\n", caseLine(o), b)
	if r.c.fixture != "" {
		path, err := writeFixture(r.c.fixture, o, r.c.found)
		if err != nil {
			return err
		}
		fmt.Fprintln(w, "wrote", path)
	}
	if !o.agree {
		return writeCase(r.c.out, o)
	}
	return nil
}
