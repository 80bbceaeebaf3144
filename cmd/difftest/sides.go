package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// answer is one line a driver or the worker answers.
type answer struct {
	Count       int       `json:"count"`
	Cancelled   bool      `json:"cancelled,omitempty"`
	Invalid     bool      `json:"invalid,omitempty"`
	Unsupported string    `json:"unsupported,omitempty"`
	Error       string    `json:"error,omitempty"`
	CPUMs       float64   `json:"cpuMs"`
	Solutions   [][]uint8 `json:"solutions,omitempty"`
	Board       string    `json:"board,omitempty"` // the worker's: the givens of the board it made
	Skipped     string    `json:"skipped,omitempty"`
}

// result turns an answer into a side's result.
func (a answer) result(side string) result {
	r := result{side: side, count: min(a.Count, 2), cpuMs: a.CPUMs, sols: a.Solutions}
	switch {
	case a.Unsupported != "":
		r.out, r.note = refused, a.Unsupported
	case a.Error != "":
		r.out, r.note = failed, a.Error
	case a.Skipped != "":
		r.out, r.note = skipped, a.Skipped
	case a.Cancelled:
		r.out = timedOut
	case a.Invalid:
		r.note = "invalid: no solution"
	}
	return r
}

// side is one process that counts cases: an anchor's driver or our ILP
// worker.
type side struct {
	name string
	p    *proc
	// line writes the case as the process reads it, or says why it
	// cannot (the case is then refused: the form cannot hold it).
	line func(c *aCase) (string, error)
	// cpu and wall bound an answer's time before the process is killed.
	cpu, wall time.Duration
	// check looks at an answer before it is trusted (nil: none).
	check func(c *aCase, a answer) error
	// maxSize is the largest size sent (0: any).
	maxSize int
}

// run counts the case's solutions on the side.
func (s *side) run(c *aCase) result {
	if s.maxSize > 0 && c.n > s.maxSize {
		return result{side: s.name, out: skipped, note: fmt.Sprintf("size %d (up to %d)", c.n, s.maxSize)}
	}
	line, err := s.line(c)
	if err != nil {
		return result{side: s.name, out: refused, note: "cannot write it: " + err.Error()}
	}
	var a answer
	switch err := s.p.ask(line, s.cpu, s.wall, &a); {
	case errors.Is(err, errHung):
		return result{side: s.name, out: timedOut, note: "killed"}
	case err != nil:
		return result{side: s.name, out: failed, note: err.Error()}
	}
	if s.check != nil {
		if err := s.check(c, a); err != nil {
			return result{side: s.name, out: failed, note: err.Error()}
		}
	}
	return a.result(s.name)
}

// nice runs a command at a low priority.
func nice(args ...string) []string { return append([]string{"nice", "-n", "10"}, args...) }

// svjsSide drives SVJS (scripts/diff-svjs.mjs with the anchor's tsx) on
// the f-puzzles JSON of each case up to maxSize (its board for a 16x16
// takes a minute of CPU time to set up, before any search).
func svjsSide(repo, anchor string, timeout time.Duration, maxSize int) *side {
	args := nice(filepath.Join(anchor, "node_modules", ".bin", "tsx"), filepath.Join(repo, "scripts", "diff-svjs.mjs"), anchor, "--timeout-ms", fmt.Sprint(timeout.Milliseconds()))
	return &side{name: "svjs", p: &proc{name: "svjs", args: args, dir: anchor}, cpu: 2*timeout + time.Second, wall: 20 * timeout, maxSize: maxSize,
		line: func(c *aCase) (string, error) { return string(c.fp), c.fpErr }}
}

// issSide drives ISS (scripts/diff-iss.mjs with node) on the constraint
// string of each case.
func issSide(repo, anchor string, timeout time.Duration) *side {
	args := nice("node", filepath.Join(repo, "scripts", "diff-iss.mjs"), anchor, "--timeout-ms", fmt.Sprint(timeout.Milliseconds()))
	return &side{name: "iss", p: &proc{name: "iss", args: args, dir: anchor}, cpu: 2*timeout + time.Second, wall: 20 * timeout,
		line: func(c *aCase) (string, error) { return c.iss, c.issErr }}
}

// ilpSide runs package ilp's engine in a worker process (this command
// with -worker): gophersat cannot be stopped within a search, so a
// search out of time is ended by killing the worker. The worker makes
// the case again from its spec.
func ilpSide(self string, timeout time.Duration, maxSize int) *side {
	args := nice(self, "-worker", "-timeout", timeout.String(), "-ilp-max", fmt.Sprint(maxSize))
	return &side{name: "ilp", p: &proc{name: "ilp worker", args: args}, cpu: 2*timeout + time.Second, wall: 20 * timeout,
		line: func(c *aCase) (string, error) { return c.spec.String(), nil },
		check: func(c *aCase, a answer) error {
			if a.Skipped == "" && a.Error == "" && a.Board != c.boardText() {
				return fmt.Errorf("the worker made another board")
			}
			return nil
		}}
}

// worker is the ILP worker: it reads specs, makes each case again and
// counts its solutions with ilp's engine, one answer a line.
func worker(in io.Reader, out io.Writer, timeout time.Duration, maxSize int) error {
	fmt.Fprintln(out, "ready")
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		a := workOne(sc.Text(), timeout, maxSize)
		b, _ := json.Marshal(a)
		if _, err := fmt.Fprintf(out, "%s\n", b); err != nil {
			return err
		}
		if f, ok := out.(*os.File); ok {
			f.Sync()
		}
	}
	return sc.Err()
}

func workOne(line string, timeout time.Duration, maxSize int) answer {
	sp, err := parseSpec(line)
	if err != nil {
		return answer{Error: err.Error()}
	}
	c, err := makeCase(sp)
	if err != nil {
		return answer{Error: err.Error()}
	}
	if c.n > maxSize {
		return answer{Skipped: fmt.Sprintf("size %d (ilp runs up to %d)", c.n, maxSize)}
	}
	if c.board == nil {
		return answer{Skipped: "our reader refuses it"}
	}
	r := runEngine("ilp", engineOf["ilp"], c.board, timeout)
	a := answer{Count: r.count, CPUMs: r.cpuMs, Solutions: r.sols, Board: c.board.String()}
	switch r.out {
	case timedOut:
		a.Cancelled = true
	case failed:
		a.Error = r.note
	case refused:
		a.Unsupported = r.note
	}
	return a
}
