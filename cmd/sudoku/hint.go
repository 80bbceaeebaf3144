package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"sudoku"
	"sudoku/logic"
)

const hintUsage = `usage: sudoku hint [--level 1|2|3] [--json] [--timeout D] puzzle [position]

Gives a hint for the next step of puzzle, or of position (the givens plus
your own entries) when given. Level 1 names the technique to look for,
level 2 also says where, level 3 gives the whole step. A wrong entry in the
position is pointed out first. Puzzles of other rules and sizes (jigsaw,
killer, f-puzzles links, ...) get hints the same way; their position is
the puzzle's text with your digits added. Exit status: 0 hint given, 1 bad
puzzle, 2 usage error.

flags:
`

// jsonHint is the --json form of a hint.
type jsonHint struct {
	Level  int         `json:"level"`
	Text   string      `json:"text"`
	Wrong  []string    `json:"wrong,omitempty"`
	Cells  []string    `json:"cells,omitempty"`
	Houses []string    `json:"houses,omitempty"`
	Step   *logic.Step `json:"step,omitempty"`
}

func cmdHint(e *env, args []string) int {
	fs := newFlags(e, "hint", hintUsage)
	fetchFlag(fs, e)
	level := fs.Int("level", 1, "1: the technique, 2: and where, 3: the full step")
	asJSON := fs.Bool("json", false, "write the hint as JSON")
	timeout := timeoutFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		return usageErr(e, "hint", fmt.Errorf("want a puzzle and optionally a position (got %d arguments)", fs.NArg()))
	}
	if *level < 1 || *level > 3 {
		return usageErr(e, "hint", fmt.Errorf("--level %d: want 1, 2 or 3", *level))
	}
	if err := checkTimeout(*timeout); err != nil {
		return usageErr(e, "hint", err)
	}
	src, b, err := readOneBoard(e, fs.Arg(0))
	if err != nil {
		return fail(e, "hint", src, err)
	}
	puzzle, classic := b.Grid()
	if !classic {
		return hintBoard(e, fs, b, *level, *asJSON, *timeout)
	}
	position := puzzle
	if fs.NArg() == 2 {
		if src, position, err = readOnePuzzle(e, fs.Arg(1)); err != nil {
			return fail(e, "hint", src, err)
		}
	}
	ctx, cancel := puzzleCtx(*timeout)
	defer cancel()
	h, err := logic.NextHintContext(ctx, puzzle, position, *level)
	if err != nil {
		return fail(e, "hint", "puzzle", timedOut(err, *timeout))
	}
	if !*asJSON {
		fmt.Fprintln(e.stdout, h.Text)
		return 0
	}
	j := jsonHint{Level: h.Level, Text: h.Text, Wrong: sudoku.Names(h.Wrong), Cells: sudoku.Names(h.Cells), Houses: sudoku.Names(h.Houses)}
	if h.Level == 3 {
		j.Step = h.Step
	}
	out, _ := json.Marshal(j)
	fmt.Fprintln(e.stdout, string(out))
	return 0
}

// hintBoard is cmdHint for a puzzle of other rules; a position, when
// given, is the puzzle's line with the player's digits added.
func hintBoard(e *env, fs *flag.FlagSet, b *sudoku.Board, level int, asJSON bool, timeout time.Duration) int {
	var entries []uint8
	if fs.NArg() == 2 {
		src, pos, err := readOneBoard(e, fs.Arg(1))
		if err == nil && len(pos.Cells) != len(b.Cells) {
			err = fmt.Errorf("%d cells, want %d as in the puzzle", len(pos.Cells), len(b.Cells))
		}
		if err != nil {
			return fail(e, "hint", src, err)
		}
		entries = pos.Cells
	}
	ctx, cancel := puzzleCtx(timeout)
	defer cancel()
	h, err := logic.NextBoardHint(ctx, b, entries, nil, level)
	err = timedOut(err, timeout)
	if err != nil {
		return fail(e, "hint", "puzzle", err)
	}
	if !asJSON {
		fmt.Fprintln(e.stdout, h.Text)
		return 0
	}
	n := b.Rules.Size
	j := struct {
		Level int              `json:"level"`
		Text  string           `json:"text"`
		Wrong []string         `json:"wrong,omitempty"`
		Cells []string         `json:"cells,omitempty"`
		Step  *logic.BoardStep `json:"step,omitempty"`
	}{Level: h.Level, Text: h.Text, Wrong: boardCellNames(n, h.Wrong), Cells: boardCellNames(n, h.Cells)}
	if h.Level == 3 {
		j.Step = h.Step
	}
	out, _ := json.Marshal(j)
	fmt.Fprintln(e.stdout, string(out))
	return 0
}

func boardCellNames(n int, cs []int) []string {
	var out []string
	for _, c := range cs {
		out = append(out, sudoku.CellName(n, c))
	}
	return out
}

// fail reports err about src on stderr and returns exit status 1.
func fail(e *env, cmd, src string, err error) int {
	fmt.Fprintf(e.stderr, "sudoku %s: %s: %v\n", cmd, src, err)
	return 1
}
