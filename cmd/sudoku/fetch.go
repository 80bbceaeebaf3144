package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"sudoku"
	"sudoku/sudokupad"
)

// --fetch: the puzzle of a SudokuPad short link (https://sudokupad.app/<id>,
// which names a puzzle SudokuPad keeps rather than carrying one) is
// fetched from SudokuPad (package sudokupad) and read. Off by default:
// nothing leaves the machine unless asked, and such a link is an error
// that says to pass --fetch.

// fetchFlag adds --fetch to fs; a command that reads puzzles calls it.
func fetchFlag(fs *flag.FlagSet, e *env) {
	fs.Var((*fetchOn)(e), "fetch", "fetch the puzzle of a SudokuPad short link (https://sudokupad.app/<id>) from SudokuPad's server; without it such a link is an error")
}

// fetchOn is --fetch, setting env.fetchOn.
type fetchOn env

func (f *fetchOn) String() string   { return strconv.FormatBool(f != nil && f.fetchOn) }
func (f *fetchOn) IsBoolFlag() bool { return true }

func (f *fetchOn) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err == nil {
		f.fetchOn = v
	}
	return err
}

// fetchText fetches the puzzle SudokuPad keeps under id.
func (e *env) fetchText(id string) (string, error) { return e.fetcherFunc()(context.Background(), id) }

// fetcherFunc is the fetch of SudokuPad's puzzles: the test's, or package
// sudokupad's.
func (e *env) fetcherFunc() func(ctx context.Context, id string) (string, error) {
	if e.fetcher != nil {
		return e.fetcher
	}
	return func(ctx context.Context, id string) (string, error) { return sudokupad.Fetch(ctx, nil, id) }
}

// resolveShort returns p, or for a SudokuPad short link the puzzle
// fetched (with --fetch) or an error saying to pass --fetch; boards
// makes puzzles of every rule set readable, as parseArgument.
func (e *env) resolveShort(p sudoku.Puzzle, boards bool) sudoku.Puzzle {
	var sl *sudoku.ShortLinkError
	if !errors.As(p.Err, &sl) {
		return p
	}
	if !e.fetchOn {
		return sudoku.Puzzle{Line: p.Line, Err: fmt.Errorf("%w (pass --fetch to fetch it)", p.Err)}
	}
	text, err := e.fetchText(sl.ID)
	if err != nil {
		return sudoku.Puzzle{Line: p.Line, Err: err}
	}
	out := parseArgument(text, boards)
	if out.Err != nil {
		out.Err = fmt.Errorf("the puzzle of sudokupad.app/%s, as fetched: %w", sl.ID, out.Err)
	}
	out.Line, out.Annotation = p.Line, p.Annotation
	return out
}
