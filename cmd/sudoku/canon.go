package main

import (
	"bufio"
	"fmt"
	"runtime"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/internal/ordered"
)

const canonUsage = `usage: sudoku canon [-j N] [-q] [puzzle | file | - ...]

Writes the canonical form of each puzzle, one line per puzzle in input
order: the smallest equivalent puzzle under the symmetries of Sudoku
(transposition, band, stack, row and column permutations, relabelling of
the digits), so that equivalent puzzles, and only they, give the same line.
Problems go to stderr as file:line: message; a summary closes the run.
Exit status: 0 all done, 1 some puzzle invalid, 2 usage error.

flags:
`

const statusCanonical = "canonical"

type canonOutcome struct {
	g      sudoku.Grid
	err    error
	status string
}

func cmdCanon(e *env, args []string) int {
	fs := newFlags(e, "canon", canonUsage)
	fetchFlag(fs, e)
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles done in parallel")
	quiet := fs.Bool("q", false, "no summary on stderr")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *jobs < 1 {
		return usageErr(e, "canon", fmt.Errorf("-j must be at least 1"))
	}
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	prog := newProgress(e.stderr, e.tty)
	sum := newSummary(statusCanonical, statusInvalid)
	start := time.Now()
	in := make(chan []item, 4)
	go readInputs(e, fs.Args(), in, prog)
	ordered.Map(in, *jobs, canonOne, func(it *item, o canonOutcome) {
		prog.step()
		sum.add(o.status)
		if o.err != nil {
			fmt.Fprintln(e.stderr, it.describeErr(o.err))
			return
		}
		out.WriteString(o.g.Line('.'))
		out.WriteByte('\n')
	})
	out.Flush()
	prog.finish()
	if !*quiet {
		sum.print(e.stderr, time.Since(start), fmt.Sprintf("-j %d", *jobs))
	}
	if sum.by[statusCanonical] != sum.n {
		return 1
	}
	return 0
}

func canonOne(it *item) canonOutcome {
	if it.puzzle.Err != nil {
		return canonOutcome{err: it.puzzle.Err, status: statusInvalid}
	}
	return canonOutcome{g: generate.Canonical(it.puzzle.Grid), status: statusCanonical}
}
