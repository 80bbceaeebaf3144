// Command fpcompare measures how much of an f-puzzles corpus the logic
// engine for any rules (logic.RateBoard) solves to the end, and, with
// -anchor, what SudokuVariantSolverJS's logicalSolve does on the same
// puzzles in the same run.
//
//	go run ./internal/fpcompare [-corpus ../shared/data/variants/fpuzzles-ci.json] [-anchor DIR]
//
// DIR is a checkout of SudokuVariantSolverJS with node_modules (npm ci);
// logicalsolve.ts beside this file is run there with npx tsx. Puzzles our
// reader refuses are skipped and counted. Every step of our path is
// checked against the corpus's solution: a step removing or placing a
// wrong digit is reported.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"sudoku"
	"sudoku/logic"
)

// entry is a puzzle of the corpus.
type entry struct {
	Title    string `json:"title"`
	Author   string `json:"author"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
}

// ours is what our engine did with one puzzle.
type ours struct {
	readErr     error
	solved      bool
	steps       int
	er          logic.Rating
	wrong       string // the first wrong step, if any
	constraints int    // constraint steps in the path
	took        time.Duration
}

// anchorResult is one line of logicalsolve.ts.
type anchorResult struct {
	Index        int  `json:"index"`
	Solved       bool `json:"solved"`
	Steps        int  `json:"steps"`
	Invalid      bool `json:"invalid"`
	Ms           int  `json:"ms"`
	SolvedNoCont bool `json:"solvedNoContradiction"`
}

func main() {
	corpus := flag.String("corpus", "../shared/data/variants/fpuzzles-ci.json", "the corpus (JSON list of title, author, puzzle, solution)")
	anchor := flag.String("anchor", "", "a SudokuVariantSolverJS checkout with node_modules: compare with its logicalSolve")
	timeout := flag.Duration("timeout", time.Minute, "time for our engine per puzzle")
	flag.Parse()
	if err := run(*corpus, *anchor, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "fpcompare:", err)
		os.Exit(1)
	}
}

func run(corpus, anchor string, timeout time.Duration) error {
	data, err := os.ReadFile(corpus)
	if err != nil {
		return err
	}
	var es []entry
	if err := json.Unmarshal(data, &es); err != nil {
		return err
	}
	var js map[int]anchorResult
	if anchor != "" {
		if js, err = runAnchor(anchor, corpus); err != nil {
			return err
		}
	}
	results := make([]ours, len(es))
	for i, e := range es {
		results[i] = solveOurs(e, timeout)
	}
	report(es, results, js)
	return nil
}

// solveOurs rates one puzzle and checks its path against the solution.
func solveOurs(e entry, timeout time.Duration) ours {
	b, err := sudoku.ParseFPuzzlesLink(e.Puzzle)
	if err != nil {
		return ours{readErr: err}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	path, err := logic.PathBoard(ctx, b)
	o := ours{solved: err == nil, steps: len(path), took: time.Since(start)}
	titles := map[string]bool{}
	for _, c := range b.Rules.Constraints {
		titles[sudoku.ConstraintTitle(c)] = true
	}
	for i, st := range path {
		o.er = max(o.er, st.Rating)
		if titles[st.Technique] {
			o.constraints++
		}
		if o.wrong == "" {
			if why := wrongStep(&st, e.Solution, len(b.Cells)); why != "" {
				o.wrong = fmt.Sprintf("step %d (%s): %s", i+1, st.Technique, why)
			}
		}
	}
	return o
}

// wrongStep says what is wrong with st against solution sol, "" if right.
func wrongStep(st *logic.BoardStep, sol string, nn int) string {
	digit := func(c int) int {
		if len(sol) == nn && c < nn {
			return int(sol[c] - '0')
		}
		return -1
	}
	for _, p := range st.Placements {
		if d := digit(p.Cell); d >= 0 && d != p.Digit {
			return fmt.Sprintf("places %d in cell %d, the solution has %d", p.Digit, p.Cell, d)
		}
	}
	for _, x := range st.Eliminations {
		if d := digit(x.Cell); d == x.Digit {
			return fmt.Sprintf("removes %d from cell %d, its solution", x.Digit, x.Cell)
		}
	}
	return ""
}

// runAnchor runs logicalsolve.ts in the anchor's directory.
func runAnchor(anchor, corpus string) (map[int]anchorResult, error) {
	_, self, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(self), "logicalsolve.ts")
	absCorpus, err := filepath.Abs(corpus)
	if err != nil {
		return nil, err
	}
	absAnchor, err := filepath.Abs(anchor)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("npx", "tsx", script, absAnchor, absCorpus)
	cmd.Dir = absAnchor
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	res := map[int]anchorResult{}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		var r anchorResult
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			res[r.Index] = r
		}
	}
	if err := cmd.Wait(); err != nil {
		return nil, errors.Join(errors.New("anchor's logicalsolve"), err)
	}
	return res, nil
}

// report prints a line per puzzle and the shares.
func report(es []entry, rs []ours, js map[int]anchorResult) {
	var read, solved, jsSolved, jsBasic, wrong, jsRead, jsBasicRead int
	fmt.Printf("%-3s %-40s %-12s %5s %4s %5s %8s", "#", "puzzle", "ours", "steps", "ER", "cons", "time")
	if js != nil {
		fmt.Printf("  %-8s %-8s %5s %7s", "JS", "JS-basic", "steps", "ms")
	}
	fmt.Println()
	for i, e := range es {
		r := rs[i]
		status := "stuck"
		switch {
		case r.readErr != nil:
			status = "unread"
		case r.solved:
			status = "solved"
		}
		if r.readErr == nil {
			read++
		}
		if r.solved {
			solved++
		}
		if r.wrong != "" {
			wrong++
		}
		fmt.Printf("%-3d %-40.40s %-12s %5d %4.1f %5d %8s", i, e.Title, status, r.steps, r.er.Float(), r.constraints, r.took.Round(time.Millisecond))
		if a, ok := js[i]; ok {
			fmt.Printf("  %-8s %-8s %5d %7d", yes(a.Solved), yes(a.SolvedNoCont), a.Steps, a.Ms)
			jsSolved += one(a.Solved)
			jsBasic += one(a.SolvedNoCont)
			if r.readErr == nil {
				jsRead += one(a.Solved)
				jsBasicRead += one(a.SolvedNoCont)
			}
		}
		fmt.Println()
		if r.wrong != "" {
			fmt.Printf("    WRONG %s\n", r.wrong)
		}
		if r.readErr != nil {
			fmt.Printf("    %.110s\n", r.readErr)
		}
	}
	fmt.Printf("\nours: %d of %d puzzles read; solved by logic %d of %d read (%d of all %d); %d with a wrong step\n",
		read, len(es), solved, read, solved, len(es), wrong)
	if js != nil {
		fmt.Printf("SudokuVariantSolverJS logicalSolve: solved %d of %d (%d of the %d we read); without Simple Contradiction %d of %d (%d of the %d we read)\n",
			jsSolved, len(es), jsRead, read, jsBasic, len(es), jsBasicRead, read)
	}
}

func one(b bool) int {
	if b {
		return 1
	}
	return 0
}

func yes(b bool) string {
	if b {
		return "solved"
	}
	return "stuck"
}
