package main

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"sudoku"
	"sudoku/ilp"
	"sudoku/solver"
)

// outcome is how a side's run of a case ended.
type outcome int

const (
	finished outcome = iota // the count (0, 1 or 2) is known
	timedOut                // out of time: not compared
	refused                 // the side cannot hold the case, or says it does not read part of it
	failed                  // an error: a crash, a malformed answer
	skipped                 // not run (too large for the engine, or turned off)
)

func (o outcome) String() string {
	return [...]string{"finished", "timed out", "refused", "failed", "skipped"}[o]
}

// result is what one side did with a case.
type result struct {
	side  string
	out   outcome
	count int       // up to 2, when finished
	sols  [][]uint8 // the solutions it found
	cpuMs float64
	note  string
}

func (r result) String() string {
	if r.out == finished {
		return fmt.Sprintf("%s %d", r.side, r.count)
	}
	if r.note != "" {
		return fmt.Sprintf("%s %s (%s)", r.side, r.out, r.note)
	}
	return fmt.Sprintf("%s %s", r.side, r.out)
}

// cpuTime is this process's CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runEngine counts the solutions of the case's board up to 2 with e,
// within timeout: a board whose givens break a rule (Validate) has none.
func runEngine(name string, e solver.Engine, b *sudoku.Board, timeout time.Duration) result {
	res := result{side: name}
	if err := b.Validate(); err != nil {
		var re *sudoku.RuleError
		if errors.As(err, &re) {
			res.out, res.note = failed, err.Error()
			return res
		}
		res.note = "givens break a rule: " + err.Error()
		return res
	}
	ctx, cancel := cpuContext(timeout, 20*timeout)
	defer cancel()
	t0 := cpuTime()
	r, err := e.Search(ctx, b, 2)
	res.cpuMs = float64(cpuTime()-t0) / 1e6
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		res.out = timedOut
	case errors.Is(err, solver.ErrUnsupported):
		res.out, res.note = refused, err.Error()
	case err != nil:
		res.out, res.note = failed, err.Error()
	}
	res.count = r.Count
	for _, s := range [][]uint8{r.Solution, r.Second} {
		if s != nil {
			res.sols = append(res.sols, s)
		}
	}
	return res
}

// engineOf names our engines by side.
var engineOf = map[string]solver.Engine{
	"general":   solver.Fast,
	"backtrack": solver.Backtrack,
	"ilp":       ilp.Engine,
}
