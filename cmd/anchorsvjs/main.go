// Command anchorsvjs times this project's solver against the anchor,
// SudokuVariantSolverJS (dclamage/SudokuVariantSolverJS, the solver
// behind SudokuPad's tools), on the setters' f-puzzles corpus, in one
// run: each puzzle is solved and proven unique (a count to 2) by both,
// in turn, round after round (the order of the two swapped each round),
// ours in this process and theirs in a Node process that
// scripts/anchor-svjs.mjs drives, each pinned to its own core, after a
// warm-up round that is not counted. It prints
// per puzzle the median over rounds of both times, their ratio, and
// whether each side's logical solver finishes the puzzle; then the
// medians, the ratios and every puzzle where ours is slower. Run it with
// scripts/anchor-svjs.sh, which builds it and pins it:
//
//	scripts/anchor-svjs.sh /work/anchors/svjs
//
// Times are process CPU time (getrusage and process.cpuUsage), which a
// busy machine disturbs less than wall time, and which leaves out the
// anchor's one setTimeout(0) per call (a wait of about 1 ms, not work);
// -wall uses wall time instead. Ours counts from the f-puzzles string:
// parse (LZ-string, JSON, board) plus solve (rules compiled, search);
// theirs from the same string: decode (LZ-string, JSON.parse) plus
// countSolutions (board creation, search). The corpus puzzles our parser
// does not read yet are shown with the constraint they lack.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	_ "sudoku/constraint" // the kinds of constraint the parsers read
	"sudoku/internal/dataset"
	"sudoku/logic"
	"sudoku/solver"
)

// config is the command line.
type config struct {
	anchor, corpus, driver string
	rounds, warmup         int
	timeout, logicTimeout  time.Duration
	core                   string // the core the anchor runs on ("" for none)
	logic, candidates      bool
	wall                   bool
}

func main() {
	var c config
	flag.StringVar(&c.anchor, "anchor", "", "the SudokuVariantSolverJS checkout, with its node_modules (npm ci)")
	flag.StringVar(&c.corpus, "corpus", "../shared/"+dataset.FPuzzlesCI, "the corpus (a JSON list of f-puzzles puzzles)")
	flag.StringVar(&c.driver, "driver", "scripts/anchor-svjs.mjs", "the Node driver of the anchor")
	flag.IntVar(&c.rounds, "rounds", 3, "times each puzzle is solved by each side (the median is shown)")
	flag.IntVar(&c.warmup, "warmup", 1, "rounds run first and not counted (Node compiles the anchor's hot code as it runs)")
	flag.DurationVar(&c.timeout, "timeout", time.Minute, "the longest one count may take (wall time), each side")
	flag.DurationVar(&c.logicTimeout, "logic-timeout", 30*time.Second, "the longest one logical solve may take")
	flag.StringVar(&c.core, "core", "1", "the core the anchor is pinned to with taskset (\"\" for none); pin this command with taskset too")
	flag.BoolVar(&c.logic, "logic", true, "also run both logical solvers once a puzzle")
	flag.BoolVar(&c.candidates, "candidates", false, "also compare true candidates (solver.TrueCandidates and trueCandidates) once a puzzle")
	flag.BoolVar(&c.wall, "wall", false, "compare wall times instead of CPU times")
	flag.Parse()
	if c.anchor == "" {
		fmt.Fprintln(os.Stderr, "anchorsvjs: -anchor DIR is required (a SudokuVariantSolverJS checkout after npm ci)")
		os.Exit(2)
	}
	if err := run(c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "anchorsvjs:", err)
		os.Exit(1)
	}
}

// run measures and prints the report.
func run(c config, w io.Writer) error {
	ps, err := dataset.ReadFPuzzles(c.corpus)
	if err != nil {
		return err
	}
	js, err := startAnchor(c)
	if err != nil {
		return err
	}
	defer js.close()
	rows := make([]*row, len(ps))
	for i, p := range ps {
		rows[i] = newRow(p)
	}
	fmt.Fprintf(w, "load average before: %s", loadAvg())
	for r := range c.warmup + c.rounds {
		if r == c.warmup {
			for _, rw := range rows {
				rw.ours.runs, rw.theirs.runs = nil, nil
			}
		}
		if err := round(c, js, rows, r); err != nil {
			return err
		}
	}
	if err := extras(c, js, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "load average after: %s\n", loadAvg())
	report(w, c, rows)
	return nil
}

// round solves every puzzle once on each side, ours first in even rounds.
func round(c config, js *anchor, rows []*row, r int) error {
	for _, rw := range rows {
		if r%2 == 0 {
			rw.ours.add(timeOurs(c, rw))
		}
		t, err := js.count(rw, c.timeout)
		if err != nil {
			return err
		}
		rw.theirs.add(t)
		if r%2 == 1 {
			rw.ours.add(timeOurs(c, rw))
		}
	}
	return nil
}

// extras runs the logical solvers and true candidates once a puzzle.
func extras(c config, js *anchor, rows []*row) error {
	for _, rw := range rows {
		if c.logic {
			rw.ourLogic = logicOurs(c, rw)
			l, err := js.logic(rw, c.logicTimeout)
			if err != nil {
				return err
			}
			rw.theirLogic = l
		}
		if c.candidates {
			if err := compareCandidates(c, js, rw); err != nil {
				return err
			}
		}
	}
	return nil
}

// timing is one timed run: parse (or decode) and solve, CPU and wall.
type timing struct {
	parse, solve   time.Duration // CPU
	wall           time.Duration // both parts
	count          int
	timedOut, skip bool
	wrong          string // a wrong answer, said
}

// side collects a side's runs of one puzzle.
type side struct {
	runs     []timing
	timedOut bool
	wrong    string
}

func (s *side) add(t timing) {
	if t.skip {
		return
	}
	s.timedOut = s.timedOut || t.timedOut
	if t.wrong != "" {
		s.wrong = t.wrong
	}
	s.runs = append(s.runs, t)
}

// median returns the median of a part of the runs (ms).
func (s *side) median(part func(timing) time.Duration) float64 {
	if len(s.runs) == 0 || s.timedOut {
		return -1
	}
	v := make([]float64, len(s.runs))
	for i, t := range s.runs {
		v[i] = float64(part(t)) / 1e6
	}
	return medianOf(v)
}

func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return -1
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// row is one puzzle of the corpus and what both sides did with it.
type row struct {
	p                    dataset.FPuzzle
	readErr              error
	ours, theirs         side
	ourLogic, theirLogic logicResult
	cands                string // the true candidates compared, said
}

func newRow(p dataset.FPuzzle) *row {
	_, err := p.Board()
	return &row{p: p, readErr: err}
}

// cpuTime is this process's CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timeOurs parses and solves a puzzle to 2 solutions, timed; skipped
// when the parser does not read it or an earlier round timed out.
func timeOurs(c config, rw *row) timing {
	if rw.readErr != nil || rw.ours.timedOut {
		return timing{skip: true}
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	w0, c0 := time.Now(), cpuTime()
	b, err := rw.p.Board()
	c1 := cpuTime()
	if err != nil {
		return timing{skip: true}
	}
	r, err := solver.Fast.Search(ctx, b, 2)
	t := timing{parse: c1 - c0, solve: cpuTime() - c1, wall: time.Since(w0), count: r.Count}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		t.timedOut = true
	case err != nil:
		t.wrong = err.Error()
	case r.Count != 1 || !slices.Equal(r.Solution, rw.p.Solution):
		t.wrong = fmt.Sprintf("%d solutions, or not the one given", r.Count)
	}
	return t
}

// logicResult is what a logical solver did with a puzzle.
type logicResult struct {
	ran    bool
	solved bool
	ms     float64
	note   string // stuck, timed out, invalid, ...
}

// logicOurs runs logic.PathBoard on a puzzle.
func logicOurs(c config, rw *row) logicResult {
	if rw.readErr != nil {
		return logicResult{}
	}
	b, _ := rw.p.Board()
	ctx, cancel := context.WithTimeout(context.Background(), c.logicTimeout)
	defer cancel()
	t := time.Now()
	steps, err := logic.PathBoard(ctx, b)
	out := logicResult{ran: true, solved: err == nil, ms: float64(time.Since(t)) / 1e6}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		out.note = "timed out"
	case errors.Is(err, logic.ErrStuck):
		out.note = fmt.Sprintf("stuck after %d steps", len(steps))
	case err != nil:
		out.note = err.Error()
	}
	return out
}

// compareCandidates times both sides' true candidates on a puzzle and
// says whether they agree.
func compareCandidates(c config, js *anchor, rw *row) error {
	theirs, ms, err := js.candidates(rw, c.timeout)
	if err != nil || rw.readErr != nil {
		return err
	}
	b, _ := rw.p.Board()
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	t := time.Now()
	tc, err := solver.TrueCandidates(ctx, b, 0)
	ours := float64(time.Since(t)) / 1e6
	diff := 0
	for i, d := range tc.Cells {
		if i >= len(theirs) || d.String() != theirs[i] {
			diff++
		}
	}
	rw.cands = fmt.Sprintf("ours %.1f ms, theirs %.1f ms, %d cells differ (err %v)", ours, ms, diff, err)
	return nil
}

// loadAvg is the first line of /proc/loadavg, or "?".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?\n"
	}
	return string(b)
}

// anchor is the Node process of scripts/anchor-svjs.mjs.
type anchor struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startAnchor starts the driver with the anchor's tsx, pinned to c.core,
// and waits for it to be ready.
func startAnchor(c config) (*anchor, error) {
	driver, err := filepath.Abs(c.driver)
	if err != nil {
		return nil, err
	}
	corpus, _ := filepath.Abs(c.corpus)
	args := []string{filepath.Join(c.anchor, "node_modules", ".bin", "tsx"), driver, c.anchor, corpus}
	if c.core != "" {
		args = append([]string{"taskset", "-c", c.core}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Stderr = c.anchor, os.Stderr
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the anchor: %w", err)
	}
	a := &anchor{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	a.out.Buffer(nil, 16<<20)
	if !a.out.Scan() || !strings.HasPrefix(a.out.Text(), "ready") {
		a.close()
		return nil, fmt.Errorf("the anchor did not start (is %s after npm ci?)", c.anchor)
	}
	return a, nil
}

func (a *anchor) close() {
	a.in.Close()
	a.cmd.Wait()
}

// ask sends one command and decodes the answer into v.
func (a *anchor) ask(cmd string, rw *row, timeout time.Duration, v any) error {
	fmt.Fprintf(a.in, "%s %d %d\n", cmd, rw.p.Index, timeout.Milliseconds())
	if !a.out.Scan() {
		return fmt.Errorf("the anchor stopped (%v)", a.out.Err())
	}
	return json.Unmarshal(a.out.Bytes(), v)
}

// count times the anchor's countSolutions (up to 2) on a puzzle, unless
// an earlier round timed out.
func (a *anchor) count(rw *row, timeout time.Duration) (timing, error) {
	if rw.theirs.timedOut {
		return timing{skip: true}, nil
	}
	var r struct {
		DecodeMs, Ms, CPUMs float64
		Count               int
		Cancelled, Invalid  bool
	}
	if err := a.ask("count", rw, timeout, &r); err != nil {
		return timing{}, err
	}
	t := timing{parse: ms(r.DecodeMs), solve: ms(r.CPUMs), wall: ms(r.DecodeMs + r.Ms), count: r.Count, timedOut: r.Cancelled}
	if !r.Cancelled && (r.Count != 1 || r.Invalid) {
		t.wrong = fmt.Sprintf("%d solutions (invalid %v)", r.Count, r.Invalid)
	}
	return t, nil
}

func ms(v float64) time.Duration { return time.Duration(v * 1e6) }

// logic runs the anchor's logicalSolve on a puzzle.
func (a *anchor) logic(rw *row, timeout time.Duration) (logicResult, error) {
	var r struct {
		Ms                         float64
		Solved, Cancelled, Invalid bool
		Steps                      int
	}
	if err := a.ask("logic", rw, timeout, &r); err != nil {
		return logicResult{}, err
	}
	out := logicResult{ran: true, solved: r.Solved, ms: r.Ms}
	switch {
	case r.Cancelled:
		out.note = "timed out"
	case r.Invalid:
		out.note = "invalid"
	case !r.Solved:
		out.note = fmt.Sprintf("stuck after %d steps", r.Steps)
	}
	return out, nil
}

// candidates runs the anchor's trueCandidates on a puzzle: per cell the
// digits, and the wall time.
func (a *anchor) candidates(rw *row, timeout time.Duration) ([]string, float64, error) {
	var r struct {
		Ms    float64
		Cells []string
	}
	err := a.ask("cands", rw, timeout, &r)
	return r.Cells, r.Ms, err
}
