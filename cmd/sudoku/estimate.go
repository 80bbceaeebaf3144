package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"

	"sudoku/internal/words"
	"sudoku/solver"
)

// `sudoku solve --estimate`: an estimate of the number of solutions
// where counting them is out of reach (solver.EstimateSolutions), or the
// count when the search tree is small.

// Outcomes of --estimate counted in the summary: statusCounted when the
// tree was small enough to count.
const statusEstimated = "estimated"

// checkEstimate is the usage check of --estimate and --probes.
func checkEstimate(fs *flag.FlagSet, o solveOpts) error {
	switch {
	case !o.estimate:
		if isSet(fs, "probes") {
			return errors.New("--probes goes with --estimate")
		}
		return nil
	case o.probes < 1 || o.probes > solver.MaxEstimateProbes:
		return fmt.Errorf("--probes %d: want 1 to %d", o.probes, solver.MaxEstimateProbes)
	case o.count > 0 || o.unique || o.cands || o.all:
		return errors.New("--estimate excludes --count, --unique, --candidates and --all")
	case o.format != "line" && o.format != "json":
		return fmt.Errorf("--estimate writes --format line or json, not %s", o.format)
	case isSet(fs, "engine") && o.engine != solver.Fast:
		return errors.New("--estimate searches with the fast engine (leave out --engine)")
	}
	return nil
}

// estimateOne estimates the number of solutions of one puzzle, with the
// fixed seed solver.EstimateSeed: the same puzzle gives the same estimate.
func estimateOne(ctx context.Context, it *item, o solveOpts) solveOutcome {
	b, err := validBoard(it, o)
	if err != nil {
		return solveOutcome{err: err, status: statusInvalid}
	}
	r := rand.New(rand.NewPCG(solver.EstimateSeed, 0))
	e, err := solver.EstimateSolutions(ctx, b, o.probes, r)
	oc := solveOutcome{board: b, est: &e, status: statusEstimated}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		oc.err, oc.status = timedOut(err, o.limit), statusTimeout
	case err != nil:
		oc.err, oc.status = err, statusInvalid
	case e.Exact:
		oc.status = statusCounted
	}
	return oc
}

// jsonEstimated is one line of --estimate --format json.
type jsonEstimated struct {
	Source   string        `json:"source"`
	Line     int           `json:"line,omitempty"`
	Puzzle   string        `json:"puzzle,omitempty"`
	Rules    string        `json:"rules,omitempty"` // the rule set when not classic
	Status   string        `json:"status"`          // estimated, counted (exact), invalid or timed out
	Estimate *jsonEstimate `json:"estimate,omitempty"`
	Error    string        `json:"error,omitempty"`
}

// jsonEstimate is the "estimate" object of --estimate --format json (the
// API's too).
type jsonEstimate struct {
	Solutions float64 `json:"solutions"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Probes    int     `json:"probes"`
	Exact     bool    `json:"exact"`
}

// writeEstimate writes the outcome of --estimate: nothing for a puzzle
// that failed (stderr says why), else the puzzle and its estimate or
// count on one line, or a JSON object.
func writeEstimate(w *bufio.Writer, it *item, r solveOutcome, o solveOpts) {
	if o.format == "json" {
		writeEstimateJSON(w, it, r)
		return
	}
	if r.status != statusEstimated && r.status != statusCounted {
		return
	}
	fmt.Fprintf(w, "%s %s\n", r.board.Line('.'), estimateText(*r.est))
}

// estimateText says an estimate, labelled as one: "about 2.3e+06
// solutions (estimate: 95% 1.9e+06-2.7e+06, 1000 probes)", or "288
// solutions (exact count)".
func estimateText(e solver.Estimate) string {
	if e.Exact {
		return fmt.Sprintf("%s %s (exact count)", countText(e.Solutions), words.Plural(int(min(e.Solutions, 2)), "solution", "solutions"))
	}
	return fmt.Sprintf("about %s solutions (estimate: 95%% %s-%s, %d %s)", countText(e.Solutions), countText(e.Low), countText(e.High), e.Probes, words.Plural(e.Probes, "probe", "probes"))
}

// countText writes a number of solutions: whole below a million, else
// with two significant digits (2.3e+06).
func countText(x float64) string {
	if x < 1e6 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'e', 1, 64)
}

func writeEstimateJSON(w *bufio.Writer, it *item, r solveOutcome) {
	j := jsonEstimated{Source: it.src, Line: it.puzzle.Line, Status: r.status}
	if r.board != nil && r.status != statusInvalid {
		j.Puzzle = r.board.Line('.')
		if !r.board.Rules.IsClassic() {
			j.Rules = r.board.Rules.Name()
		}
	}
	if r.est != nil && (r.status == statusEstimated || r.status == statusCounted) {
		e := r.est
		j.Estimate = &jsonEstimate{Solutions: e.Solutions, Low: e.Low, High: e.High, Probes: e.Probes, Exact: e.Exact}
	}
	if r.err != nil {
		j.Error = r.err.Error()
	}
	b, _ := json.Marshal(j)
	w.Write(b)
	w.WriteByte('\n')
}
