package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"sudoku"
	"sudoku/internal/ordered"
	"sudoku/logic"
	"sudoku/solver"
)

const rateUsage = `usage: sudoku rate [-j N] [--json] [-q] [puzzle | file | - ...]

Rates each puzzle on Sudoku Explainer's scale by solving it with human
techniques: one line per puzzle, "puzzle ER/EP/ED level", in input order.
ER is the hardest step, EP the hardest before the first placement, ED the
first step. Problems go to stderr as file:line: message; a summary closes
the run. Exit status: 0 all rated, 1 some puzzle failed, 2 usage error.

flags:
`

type rateOutcome struct {
	r      logic.PuzzleRating
	err    error
	status string
}

func cmdRate(e *env, args []string) int {
	fs := newFlags(e, "rate", rateUsage)
	fetchFlag(fs, e)
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles rated in parallel")
	asJSON := fs.Bool("json", false, "one JSON object per line")
	quiet := fs.Bool("q", false, "no summary on stderr")
	timeout := timeoutFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *jobs < 1 {
		return usageErr(e, "rate", fmt.Errorf("-j must be at least 1"))
	}
	if err := checkTimeout(*timeout); err != nil {
		return usageErr(e, "rate", err)
	}
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	prog := newProgress(e.stderr, e.tty)
	sum := newSummary(statusRated, statusStuck, statusNotUnique, statusInvalid)
	start := time.Now()
	in := make(chan []item, 4)
	go readInputs(e, fs.Args(), in, prog, true)
	rate := func(it *item) rateOutcome { return rateOne(it, *timeout) }
	ordered.Map(in, *jobs, rate, func(it *item, o rateOutcome) {
		prog.step()
		sum.add(o.status)
		if o.err != nil {
			fmt.Fprintln(e.stderr, it.describeErr(o.err))
		}
		writeRating(out, it, o, *asJSON)
	})
	out.Flush()
	prog.finish()
	if !*quiet {
		sum.print(e.stderr, time.Since(start), fmt.Sprintf("rating %s (other rules %s), -j %d", logic.RatingVersion, logic.BoardRatingVersion, *jobs))
	}
	if sum.by[statusRated] != sum.n {
		return 1
	}
	return 0
}

// checkUnique returns nil when g is valid and has exactly one solution.
func checkUnique(g sudoku.Grid) error {
	_, err := solver.SolveGrid(g)
	return err
}

func rateOne(it *item, limit time.Duration) rateOutcome {
	if it.puzzle.Err != nil {
		return rateOutcome{err: it.puzzle.Err, status: statusInvalid}
	}
	if b := it.puzzle.Board; b != nil {
		ctx, cancel := puzzleCtx(limit)
		defer cancel()
		return rateBoardOne(ctx, b, limit)
	}
	g := it.puzzle.Grid
	if g.Full() {
		err := checkUnique(g)
		if err == nil {
			err = errors.New("the grid is already solved: no step to rate")
		}
		return rateOutcome{err: err, status: statusFull}
	}
	if err := checkUnique(g); err != nil {
		st := statusNotUnique
		if !errors.Is(err, sudoku.ErrNoSolution) && !errors.Is(err, sudoku.ErrMultipleSolutions) {
			st = statusInvalid
		}
		return rateOutcome{err: err, status: st}
	}
	r, err := logic.Rate(g)
	if err != nil {
		return rateOutcome{r: r, err: fmt.Errorf("after %d steps (hardest %v): %w", r.Steps, r.ER, err), status: statusStuck}
	}
	return rateOutcome{r: r, status: statusRated}
}

// rateBoardOne rates a puzzle of other rules with the techniques for any
// rules, after checking it has one solution, within ctx (whose deadline
// is --timeout limit).
func rateBoardOne(ctx context.Context, b *sudoku.Board, limit time.Duration) rateOutcome {
	if o := checkBoardOne(ctx, b, nil, limit); o.status != "" {
		return o
	}
	r, err := logic.RateBoard(ctx, b)
	if errors.Is(err, context.DeadlineExceeded) {
		return rateOutcome{r: r, err: timedOut(err, limit), status: statusTimeout}
	}
	if err != nil {
		return rateOutcome{r: r, err: fmt.Errorf("after %d steps (hardest %v): %w", r.Steps, r.ER, err), status: statusStuck}
	}
	return rateOutcome{r: r, status: statusRated}
}

// checkBoardOne checks b, of rules compiled into l (nil: compiled here),
// has one solution and an empty cell: the outcome to report when not, no
// status when it has.
func checkBoardOne(ctx context.Context, b *sudoku.Board, l *sudoku.Layout, limit time.Duration) rateOutcome {
	res, err := solver.SearchLayout(ctx, l, b, 2)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return rateOutcome{err: timedOut(err, limit), status: statusTimeout}
	case err != nil:
		return rateOutcome{err: err, status: statusInvalid}
	case solver.CountErr(res.Count) != nil:
		return rateOutcome{err: solver.CountErr(res.Count), status: statusNotUnique}
	case b.Full():
		return rateOutcome{err: errors.New("the grid is already solved: no step to rate"), status: statusFull}
	}
	return rateOutcome{}
}

// puzzleText is the puzzle as the rating line shows it: the 81
// characters, or the plain line of a puzzle of other rules.
func puzzleText(it *item) string {
	if b := it.puzzle.Board; b != nil {
		s, _ := sudoku.FormatBoard(b, "line")
		return strings.TrimSpace(s)
	}
	return it.puzzle.Grid.Line('.')
}

func writeRating(w *bufio.Writer, it *item, o rateOutcome, asJSON bool) {
	if asJSON {
		j := struct {
			Source string              `json:"source"`
			Line   int                 `json:"line,omitempty"`
			Puzzle string              `json:"puzzle,omitempty"`
			Status string              `json:"status"`
			Rating *logic.PuzzleRating `json:"rating,omitempty"`
			Error  string              `json:"error,omitempty"`
		}{Source: it.src, Line: it.puzzle.Line, Status: o.status}
		if o.status != statusInvalid {
			j.Puzzle = puzzleText(it)
		}
		if o.status == statusRated {
			j.Rating = &o.r
		}
		if o.err != nil {
			j.Error = o.err.Error()
		}
		b, _ := json.Marshal(j)
		w.Write(b)
		w.WriteByte('\n')
		return
	}
	if o.status == statusRated {
		fmt.Fprintf(w, "%s %v/%v/%v %v\n", puzzleText(it), o.r.ER, o.r.EP, o.r.ED, o.r.Level)
	}
}
