package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// report prints the table and the summary.
func report(w io.Writer, c config, rows []*row) {
	what := "CPU"
	if c.wall {
		what = "wall"
	}
	fmt.Fprintf(w, "\nPer puzzle, median of %d rounds after %d warm-up, %s ms; ratio = svjs/ours (above 1: ours faster); count to 2 solutions\n", c.rounds, c.warmup, what)
	fmt.Fprintf(w, "%-44s %9s %9s %9s | %9s %9s %9s | %8s | %-14s %-14s\n", "puzzle (author)", "parse", "solve", "ours", "decode", "count", "svjs", "ratio", "logic ours", "logic svjs")
	var ratios []float64
	for _, rw := range rows {
		if r := printRow(w, c, rw); r > 0 {
			ratios = append(ratios, r)
		}
	}
	summary(w, c, rows, ratios)
}

// total returns a side's median total time (ms), -1 when none.
func total(c config, s *side) float64 {
	if c.wall {
		return s.median(func(t timing) time.Duration { return t.wall })
	}
	return s.median(func(t timing) time.Duration { return t.parse + t.solve })
}

// printRow prints one puzzle and returns its ratio (0 when there is none).
func printRow(w io.Writer, c config, rw *row) float64 {
	name := fmt.Sprintf("%s (%s)", rw.p.Title, rw.p.Author)
	if len(name) > 44 {
		name = name[:43] + "…"
	}
	parse := rw.ours.median(func(t timing) time.Duration { return t.parse })
	solve := rw.ours.median(func(t timing) time.Duration { return t.solve })
	decode := rw.theirs.median(func(t timing) time.Duration { return t.parse })
	count := rw.theirs.median(func(t timing) time.Duration { return t.solve })
	ours, theirs := total(c, &rw.ours), total(c, &rw.theirs)
	ratio := 0.0
	if ours > 0 && theirs > 0 {
		ratio = theirs / ours
	}
	fmt.Fprintf(w, "%-44s %9s %9s %9s | %9s %9s %9s | %8s | %-14s %-14s\n", name, msText(parse, &rw.ours, rw.readErr),
		msText(solve, &rw.ours, rw.readErr), msText(ours, &rw.ours, rw.readErr), msText(decode, &rw.theirs, nil),
		msText(count, &rw.theirs, nil), msText(theirs, &rw.theirs, nil), ratioText(ratio), logicText(rw.ourLogic), logicText(rw.theirLogic))
	for _, note := range rowNotes(rw) {
		fmt.Fprintf(w, "    %s\n", note)
	}
	return ratio
}

// rowNotes are the remarks on a puzzle: what our parser lacks, wrong
// answers, the true candidates compared.
func rowNotes(rw *row) []string {
	var out []string
	if rw.readErr != nil {
		msg := rw.readErr.Error()
		if i := strings.Index(msg, " (supported:"); i > 0 {
			msg = msg[:i]
		}
		out = append(out, "ours: "+msg)
	}
	if rw.ours.wrong != "" {
		out = append(out, "ours WRONG: "+rw.ours.wrong)
	}
	if rw.theirs.wrong != "" {
		out = append(out, "svjs wrong: "+rw.theirs.wrong)
	}
	if rw.cands != "" {
		out = append(out, "true candidates: "+rw.cands)
	}
	return out
}

func msText(v float64, s *side, readErr error) string {
	switch {
	case readErr != nil:
		return "-"
	case s.timedOut:
		return "timeout"
	case v < 0:
		return "-"
	case v < 10:
		return fmt.Sprintf("%.3f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

func ratioText(r float64) string {
	if r == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", r)
}

func logicText(l logicResult) string {
	switch {
	case !l.ran:
		return "-"
	case l.solved:
		return fmt.Sprintf("solved %.0fms", l.ms)
	}
	return strings.SplitN(l.note, " after", 2)[0]
}

// summary prints the medians, ratios, slower puzzles, timeouts and the
// logical solvers' share.
func summary(w io.Writer, c config, rows []*row, ratios []float64) {
	var slower, timeouts []string
	var oursMs, theirsMs []float64
	for _, rw := range rows {
		o, t := total(c, &rw.ours), total(c, &rw.theirs)
		if o > 0 && t > 0 {
			oursMs, theirsMs = append(oursMs, o), append(theirsMs, t)
			if t < o {
				slower = append(slower, fmt.Sprintf("%s (%.2f)", rw.p.Title, t/o))
			}
		}
		if rw.ours.timedOut {
			timeouts = append(timeouts, "ours: "+rw.p.Title)
		}
		if rw.theirs.timedOut {
			timeouts = append(timeouts, "svjs: "+rw.p.Title)
		}
	}
	read := 0
	for _, rw := range rows {
		if rw.readErr == nil {
			read++
		}
	}
	fmt.Fprintf(w, "\n%d puzzles; ours reads %d; both finished %d (timeout %v)\n", len(rows), read, len(ratios), c.timeout)
	if len(ratios) > 0 {
		fmt.Fprintf(w, "median over those: ours %.3f ms, svjs %.3f ms; ratio svjs/ours: median %.1f, geometric mean %.1f, min %.2f, max %.1f\n",
			medianOf(oursMs), medianOf(theirsMs), medianOf(ratios), geomean(ratios), slices.Min(ratios), slices.Max(ratios))
	}
	fmt.Fprintf(w, "ours slower on %d: %s\n", len(slower), listText(slower))
	fmt.Fprintf(w, "timed out: %s\n", listText(timeouts))
	if c.logic {
		logicSummary(w, rows)
	}
}

func logicSummary(w io.Writer, rows []*row) {
	var ourSolved, theirSolved, theirOnRead int
	for _, rw := range rows {
		if rw.ourLogic.solved {
			ourSolved++
		}
		if rw.theirLogic.solved {
			theirSolved++
			if rw.readErr == nil {
				theirOnRead++
			}
		}
	}
	read := 0
	for _, rw := range rows {
		if rw.readErr == nil {
			read++
		}
	}
	fmt.Fprintf(w, "logical solve: svjs finishes %d of %d (%d of the %d ours reads); ours finishes %d of %d\n",
		theirSolved, len(rows), theirOnRead, read, ourSolved, read)
}

func geomean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(v)))
}

func listText(v []string) string {
	if len(v) == 0 {
		return "none"
	}
	return strings.Join(v, "; ")
}
