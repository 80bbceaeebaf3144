// Command logiccorpus solves every puzzle of an f-puzzles corpus by logic
// (logic.PathBoard) and reports, per puzzle and in all, which it finishes,
// where it sticks, its rating and the time taken; every step is checked
// against the puzzle's unique solution (the solver's, which a puzzle's
// line says when the corpus keeps another), so a wrong step is reported
// as such, never counted as finished.
//
//	go run ./cmd/logiccorpus [-corpus FILE] [-timeout 30s] [-v]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"sudoku"
	_ "sudoku/constraint" // the kinds of constraint the parsers read
	"sudoku/internal/dataset"
	"sudoku/logic"
	"sudoku/solver"
)

func main() {
	corpus := flag.String("corpus", "../shared/"+dataset.FPuzzlesCI, "the corpus (a JSON list of f-puzzles puzzles)")
	timeout := flag.Duration("timeout", 30*time.Second, "the longest one logical solve may take")
	verbose := flag.Bool("v", false, "print a line per puzzle")
	only := flag.String("title", "", "only the puzzles whose title starts with this")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the run to this file")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "logiccorpus:", err)
			os.Exit(2)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "logiccorpus:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}
	ps, err := dataset.ReadFPuzzles(*corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "logiccorpus:", err)
		os.Exit(2)
	}
	var s summary
	for _, p := range ps {
		if !strings.HasPrefix(p.Title, *only) {
			continue
		}
		r := run(p, *timeout)
		s.add(r)
		if *verbose {
			fmt.Printf("%-44.44s %-9s %6.0f ms  ER %-4s %3d steps  %s\n", p.Title+" ("+p.Author+")", r.outcome, r.ms, r.er, r.steps, r.note)
		}
	}
	s.print()
	if s.wrong > 0 {
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

type result struct {
	outcome string // finished, stuck, timeout, wrong, unread
	ms      float64
	er      logic.Rating
	steps   int
	note    string
}

func run(p dataset.FPuzzle, timeout time.Duration) result {
	b, err := p.Board()
	if err != nil {
		return result{outcome: "unread", note: err.Error()}
	}
	sctx, scancel := context.WithTimeout(context.Background(), timeout)
	res, err := solver.Solve(sctx, nil, b)
	scancel()
	sol, note := res.Solution, ""
	switch {
	case errors.Is(err, context.DeadlineExceeded) && len(p.Solution) == len(b.Cells):
		sol, note = p.Solution, "the solver timed out: steps checked against the corpus's solution; "
	case err != nil:
		return result{outcome: "unread", note: "no unique solution: " + err.Error()}
	case len(p.Solution) == len(sol) && !slices.Equal(p.Solution, sol):
		// The setter's file keeps a solution the puzzle as drawn does not
		// have (edited after it was saved): the steps are checked
		// against the puzzle's own.
		note = "the corpus's solution is not the puzzle's; "
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	t := time.Now()
	path, err := logic.PathBoard(ctx, b)
	r := result{ms: float64(time.Since(t)) / 1e6, steps: len(path), note: note}
	for i, st := range path {
		r.er = max(r.er, st.Rating)
		if why := wrong(&st, sol, b.Size()); why != "" {
			r.outcome, r.note = "wrong", note+fmt.Sprintf("step %d (%s): %s", i+1, st.Technique, why)
			return r
		}
	}
	switch {
	case err == nil:
		r.outcome = "finished"
	case errors.Is(err, context.DeadlineExceeded):
		r.outcome = "timeout"
	case errors.Is(err, logic.ErrStuck):
		r.outcome = "stuck"
	default:
		r.outcome, r.note = "error", note+err.Error()
	}
	return r
}

// wrong says how step st breaks solution sol, "" when it does not.
func wrong(st *logic.BoardStep, sol []uint8, n int) string {
	for _, p := range st.Placements {
		if sol[p.Cell] != uint8(p.Digit) {
			return fmt.Sprintf("places %d in %s, the solution has %d", p.Digit, sudoku.CellName(n, p.Cell), sol[p.Cell])
		}
	}
	for _, e := range st.Eliminations {
		if sol[e.Cell] == uint8(e.Digit) {
			return fmt.Sprintf("removes %d from %s, the solution's digit", e.Digit, sudoku.CellName(n, e.Cell))
		}
	}
	return ""
}

type summary struct {
	count        map[string]int
	finishedMS   []float64
	allMS        []float64
	wrong, total int
}

func (s *summary) add(r result) {
	if s.count == nil {
		s.count = map[string]int{}
	}
	s.count[r.outcome]++
	if r.outcome == "wrong" {
		s.wrong++
	}
	if r.outcome == "finished" {
		s.finishedMS = append(s.finishedMS, r.ms)
	}
	if r.outcome != "unread" {
		s.allMS = append(s.allMS, r.ms)
	}
}

func (s *summary) print() {
	n := 0
	for _, k := range s.count {
		n += k
	}
	fmt.Printf("%d puzzles: finished %d, stuck %d, timed out %d, wrong %d, error %d, unread %d\n", n,
		s.count["finished"], s.count["stuck"], s.count["timeout"], s.count["wrong"], s.count["error"], s.count["unread"])
	fmt.Printf("time of the finished: median %s, slowest %s; of all read: median %s, slowest %s\n",
		med(s.finishedMS), slowest(s.finishedMS), med(s.allMS), slowest(s.allMS))
}

func med(xs []float64) string {
	if len(xs) == 0 {
		return "-"
	}
	ys := slices.Sorted(slices.Values(xs))
	return fmt.Sprintf("%.1f ms", ys[len(ys)/2])
}

func slowest(xs []float64) string {
	if len(xs) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f ms", slices.Max(xs))
}
