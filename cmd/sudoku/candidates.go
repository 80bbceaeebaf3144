package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"sudoku"
	"sudoku/internal/words"
	"sudoku/solver"
)

// `sudoku solve --candidates`: each cell's true candidates, the digits
// some solution puts there (solver.TrueCandidates).

// Outcomes of --candidates counted in the summary.
const (
	statusCandidates = "complete"
	statusSubset     = "limit reached"
)

// checkCandidates is the usage check of --candidates and its limit.
func checkCandidates(fs *flag.FlagSet, o solveOpts) error {
	switch {
	case o.candLimit < 1:
		return fmt.Errorf("--candidates-limit %d: want 1 or more", o.candLimit)
	case !o.cands:
		if isSet(fs, "candidates-limit") {
			return errors.New("--candidates-limit goes with --candidates")
		}
		if o.counts {
			return errors.New("--counts goes with --candidates")
		}
		return nil
	case o.counts && o.format == "line":
		return errors.New("--counts writes --format grid or json (the line form holds candidates, not counts)")
	case o.count > 0 || o.unique:
		return errors.New("--candidates excludes --count and --unique")
	case o.format != "grid" && o.format != "line" && o.format != "json":
		return fmt.Errorf("--candidates writes --format grid, line or json, not %s", o.format)
	case isSet(fs, "engine") && o.engine != solver.Fast:
		return errors.New("--candidates searches with the fast engine (leave out --engine)")
	}
	return nil
}

// candidatesOne lists the true candidates of one puzzle.
func candidatesOne(ctx context.Context, it *item, o solveOpts) solveOutcome {
	b, err := validBoard(it, o)
	if err != nil {
		return solveOutcome{err: err, status: statusInvalid}
	}
	var tc solver.TrueCands
	var cc *solver.CandidateCounts
	if o.counts {
		cc, tc, err = countsOf(ctx, b, o.candLimit)
	} else {
		tc, err = solver.TrueCandidates(ctx, b, o.candLimit)
	}
	oc := solveOutcome{board: b, cands: &tc, counts: cc, count: tc.Solutions}
	oc.res.Nodes = tc.Nodes
	switch {
	case errors.Is(err, sudoku.ErrNoSolution):
		oc.err, oc.status = err, statusNone
	case errors.Is(err, context.DeadlineExceeded):
		oc.err, oc.status = fmt.Errorf("%w: the candidates shown are a subset", timedOut(err, o.limit)), statusTimeout
	case err != nil:
		oc.err, oc.status = err, statusInvalid
	case !tc.Complete:
		oc.status = statusSubset
	default:
		oc.status = statusCandidates
	}
	return oc
}

// validBoard returns the puzzle of it as a board (a classic one too),
// checked, for the general engine's walks (--candidates, --estimate).
func validBoard(it *item, o solveOpts) (*sudoku.Board, error) {
	b, g, classic := boardOfPuzzle(it.puzzle, o.vari)
	if classic {
		b = sudoku.BoardOf(g)
	}
	return b, b.Validate()
}

// countsOf counts b's solutions per candidate, up to limit, and gives
// the true candidates they show.
func countsOf(ctx context.Context, b *sudoku.Board, limit int) (*solver.CandidateCounts, solver.TrueCands, error) {
	cc, err := solver.CountCandidates(ctx, b, limit)
	return &cc, cc.TrueCands(), err
}

// jsonCandidates is one line of --candidates --format json.
type jsonCandidates struct {
	Source     string  `json:"source"`
	Line       int     `json:"line,omitempty"`
	Puzzle     string  `json:"puzzle,omitempty"`
	Rules      string  `json:"rules,omitempty"`
	Status     string  `json:"status"`
	Candidates [][]int `json:"candidates,omitempty"` // per cell, row by row
	Counts     [][]int `json:"counts,omitempty"`     // with --counts: per cell, the solutions with each digit 1..N
	Solutions  int     `json:"solutions"`            // solutions looked at, each adding a digit
	Complete   bool    `json:"complete"`             // false: the candidates are a subset
	Error      string  `json:"error,omitempty"`
}

// writeCandidates writes the outcome of --candidates: nothing for an
// invalid puzzle or one without solution (stderr says why), else a
// comment line and the grid, the 729-character line or a JSON object.
func writeCandidates(w *bufio.Writer, it *item, r solveOutcome, o solveOpts) {
	if o.format == "json" {
		writeCandidatesJSON(w, it, r)
		return
	}
	if r.cands == nil || r.status == statusNone {
		return
	}
	if o.format == "line" {
		writeCandidatesLine(w, it, r)
		return
	}
	fmt.Fprintf(w, "# %s: %s\n", r.board.Line('.'), candidatesNote(r, o))
	if r.counts != nil {
		w.WriteString(countsGrid(r.board.Rules, r.counts))
		return
	}
	w.WriteString(sudoku.FormatMarks(r.board.Rules, r.cands.Cells))
}

// candidatesNote says how many solutions the candidates come from and
// whether they are complete.
func candidatesNote(r solveOutcome, o solveOpts) string {
	note := fmt.Sprintf("true candidates from %d %s", r.cands.Solutions, words.Plural(r.cands.Solutions, "solution", "solutions"))
	if r.counts != nil {
		note = fmt.Sprintf("solutions with each digit, of %d %s", r.cands.Solutions, words.Plural(r.cands.Solutions, "solution", "solutions"))
		if r.status == statusSubset {
			return note + fmt.Sprintf("; limit of %d reached (--candidates-limit): the counts of those found", o.candLimit)
		}
	}
	switch {
	case r.status == statusSubset:
		note += fmt.Sprintf("; limit of %d reached (--candidates-limit): a subset", o.candLimit)
	case r.status == statusTimeout:
		note += "; timed out: a subset"
	}
	return note
}

// writeCandidatesLine writes a 9x9's candidates in the 729-character
// pencil-mark form, which every command reads back, and the note.
func writeCandidatesLine(w *bufio.Writer, it *item, r solveOutcome) {
	if r.board.Size() != 9 {
		fmt.Fprintf(w, "# %s: the line form of candidates holds 9x9 grids only; use --format grid or json\n", it.where())
		return
	}
	b := &sudoku.Board{Rules: r.board.Rules, Cells: make([]uint8, 81), Marks: r.cands.Cells}
	w.WriteString(sudoku.FormatSukaku(b))
	if r.status != statusCandidates {
		w.WriteString(" # a subset")
	}
	w.WriteByte('\n')
}

func writeCandidatesJSON(w *bufio.Writer, it *item, r solveOutcome) {
	j := jsonCandidates{Source: it.src, Line: it.puzzle.Line, Status: r.status}
	if r.board != nil && r.status != statusInvalid {
		j.Puzzle = r.board.Line('.')
		j.Rules = r.board.Rules.Name()
	}
	if r.cands != nil && r.status != statusNone {
		j.Solutions, j.Complete = r.cands.Solutions, r.cands.Complete
		for _, d := range r.cands.Cells {
			j.Candidates = append(j.Candidates, d.Digits())
		}
		if r.counts != nil {
			j.Counts = r.counts.Counts
		}
	}
	if r.err != nil {
		j.Error = r.err.Error()
	}
	b, _ := json.Marshal(j)
	w.Write(b)
	w.WriteByte('\n')
}

// countsGrid draws each cell's candidates with their counts, "1:12,5:30"
// (a cell every solution fills alike shows its digit alone), laid out as
// sudoku.FormatMarks lays out marks.
func countsGrid(r *sudoku.Rules, cc *solver.CandidateCounts) string {
	texts := make([]string, len(cc.Counts))
	for c, ks := range cc.Counts {
		var parts []string
		for d, k := range ks {
			if k > 0 {
				parts = append(parts, fmt.Sprintf("%s:%d", sudoku.DigitString(d+1), k))
			}
		}
		if len(parts) == 1 {
			parts[0] = parts[0][:strings.IndexByte(parts[0], ':')]
		}
		texts[c] = strings.Join(parts, ",")
	}
	return sudoku.FormatCells(r, texts)
}
