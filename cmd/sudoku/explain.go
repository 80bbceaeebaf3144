package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"sudoku"
	"sudoku/logic"
)

const explainUsage = `usage: sudoku explain [--json] puzzle

Solves the puzzle by logic and prints the whole path, one step per line,
each with its technique, its rating on Sudoku Explainer's scale and an
explanation, then the puzzle's rating (ER/EP/ED) and level. Exit status:
0 solved by logic, 1 bad puzzle or no technique applies, 2 usage error.

flags:
`

func cmdExplain(e *env, args []string) int {
	fs := newFlags(e, "explain", explainUsage)
	fetchFlag(fs, e)
	asJSON := fs.Bool("json", false, "write the path and rating as one JSON object")
	timeout := timeoutFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkTimeout(*timeout); err != nil {
		return usageErr(e, "explain", err)
	}
	if fs.NArg() > 1 {
		return usageErr(e, "explain", fmt.Errorf("one puzzle at a time (got %d arguments)", fs.NArg()))
	}
	src, b, err := readOneBoard(e, fs.Arg(0))
	if err != nil {
		return fail(e, "explain", src, err)
	}
	g, classic := b.Grid()
	if !classic {
		ctx, cancel := puzzleCtx(*timeout)
		defer cancel()
		return explainBoard(ctx, e, src, b, *asJSON, *timeout)
	}
	if err := checkUnique(g); err != nil {
		return fail(e, "explain", src, err)
	}
	path, err := logic.Path(g)
	r := logic.RatePath(path)
	if *asJSON {
		j := struct {
			Puzzle string              `json:"puzzle"`
			Steps  []logic.Step        `json:"steps"`
			Rating *logic.PuzzleRating `json:"rating,omitempty"`
			Error  string              `json:"error,omitempty"`
		}{Puzzle: g.Line('.'), Steps: path}
		if err != nil {
			j.Error = err.Error()
		} else {
			j.Rating = &r
		}
		b, _ := json.Marshal(j)
		fmt.Fprintln(e.stdout, string(b))
	} else {
		for i := range path {
			fmt.Fprintf(e.stdout, "%3d. %v\n", i+1, &path[i])
		}
		if err == nil {
			fmt.Fprintf(e.stdout, "ER %v  EP %v  ED %v  %v  (%d steps, rating %s)\n", r.ER, r.EP, r.ED, r.Level, r.Steps, r.Version)
		}
	}
	if err != nil {
		return fail(e, "explain", src, fmt.Errorf("after %d steps: %w", len(path), err))
	}
	return 0
}

// explainBoard explains a puzzle of other rules with the techniques for
// any rules, within ctx (whose deadline is --timeout limit).
func explainBoard(ctx context.Context, e *env, src string, b *sudoku.Board, asJSON bool, limit time.Duration) int {
	l, err := b.Rules.Layout() // once, for the search and the walk
	if err != nil {
		return fail(e, "explain", src, err)
	}
	if o := checkBoardOne(ctx, b, l, limit); o.status != "" {
		return fail(e, "explain", src, o.err)
	}
	path, r, err := logic.ExplainBoard(ctx, b, l) // one walk: the steps and their rating
	if errors.Is(err, context.DeadlineExceeded) {
		return fail(e, "explain", src, timedOut(err, limit))
	}
	if asJSON {
		j := struct {
			Rules  string              `json:"rules"`
			Steps  []logic.BoardStep   `json:"steps"`
			Rating *logic.PuzzleRating `json:"rating,omitempty"`
			Error  string              `json:"error,omitempty"`
		}{Rules: b.Rules.Name(), Steps: path}
		if err != nil {
			j.Error = err.Error()
		} else {
			j.Rating = &r
		}
		out, _ := json.Marshal(j)
		fmt.Fprintln(e.stdout, string(out))
	} else {
		for i, st := range path {
			fmt.Fprintf(e.stdout, "%3d. %s (%v): %s\n", i+1, st.Technique, st.Rating, st.Text)
		}
		if err == nil {
			fmt.Fprintf(e.stdout, "ER %v  EP %v  ED %v  %v  (%d steps, rating %s)\n", r.ER, r.EP, r.ED, r.Level, r.Steps, r.Version)
		}
	}
	if err != nil {
		return fail(e, "explain", src, fmt.Errorf("after %d steps: %w", len(path), err))
	}
	return 0
}
