package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sudoku"
)

// item is one puzzle record read from an input, with where it came from.
type item struct {
	src    string // file name, "stdin" or "argument N"
	puzzle sudoku.Puzzle
}

// where returns "src:line" for messages, or "src" when the record has no
// line (a puzzle given as an argument).
func (it *item) where() string {
	if it.puzzle.Line == 0 {
		return it.src
	}
	return fmt.Sprintf("%s:%d", it.src, it.puzzle.Line)
}

// describeErr formats a record's parse error as "src:line:col: message".
func (it *item) describeErr(err error) string {
	var pe *sudoku.ParseError
	if errors.As(err, &pe) && pe.Line > 0 && it.puzzle.Line > 0 {
		if pe.Col > 0 {
			return fmt.Sprintf("%s:%d:%d: %s", it.src, pe.Line, pe.Col, pe.Msg)
		}
		return fmt.Sprintf("%s:%d: %s", it.src, pe.Line, pe.Msg)
	}
	return fmt.Sprintf("%s: %v", it.where(), err)
}

const batchSize = 128

// readInputs reads every puzzle named by args, in order, and sends them to
// out in batches: an argument is a file if one exists by that name, "-" is
// standard input, anything else is puzzle text. With no arguments it reads
// standard input. Files are streamed, one record at a time.
// readInputs reads the puzzles of args into out in batches; boards makes
// puzzles of every rule set readable (sudoku.Scanner.Boards).
func readInputs(e *env, args []string, out chan<- []item, prog *progress, boards ...bool) {
	any := len(boards) > 0 && boards[0]
	defer close(out)
	if len(args) == 0 {
		args = []string{"-"}
	}
	b := make([]item, 0, batchSize)
	send := func(it item) {
		it.puzzle = e.resolveShort(it.puzzle, any)
		b = append(b, it)
		if len(b) == batchSize {
			out <- b
			b = make([]item, 0, batchSize)
		}
	}
	for i, a := range args {
		if err := readInput(e, i+1, a, send, prog, any); err != nil {
			// An unreadable input is one failed record; the batch goes on.
			send(item{src: a, puzzle: sudoku.Puzzle{Err: err}})
		}
	}
	if len(b) > 0 {
		out <- b
	}
}

func readInput(e *env, n int, arg string, send func(item), prog *progress, boards bool) error {
	if arg == "-" {
		return scanStream("stdin", e.stdin, send, prog, boards)
	}
	st, err := os.Stat(arg)
	if err == nil && st.IsDir() {
		return errors.New("is a directory, not a puzzle file")
	}
	if err == nil {
		f, err := os.Open(arg)
		if err != nil {
			return err
		}
		defer f.Close()
		prog.addTotal(st.Size())
		return scanStream(arg, f, send, prog, boards)
	}
	if !sudoku.LooksLikePuzzle(arg) {
		return errors.New("no such file, and not a puzzle")
	}
	send(item{src: fmt.Sprintf("argument %d", n), puzzle: parseArgument(arg, boards)})
	return nil
}

// parseArgument reads a puzzle given as an argument, in any form.
func parseArgument(arg string, boards bool) sudoku.Puzzle {
	b, ann, err := sudoku.ParseBoard(arg)
	switch {
	case err != nil:
		return sudoku.Puzzle{Err: err}
	case b.Unreadable() != nil && !boards:
		return sudoku.Puzzle{Err: b.Unreadable()}
	case b.Unreadable() == nil && b.Rules.IsClassic() && b.Marks == nil:
		g, _ := b.Grid()
		return sudoku.Puzzle{Grid: g, Annotation: ann}
	case !boards:
		return sudoku.Puzzle{Err: fmt.Errorf("a %s puzzle: this command takes classic 9x9 puzzles only", b.Rules.Name())}
	}
	return sudoku.Puzzle{Board: b, Annotation: ann}
}

func scanStream(name string, r io.Reader, send func(item), prog *progress, boards bool) error {
	cr := &countingReader{r: r, prog: prog}
	sc := sudoku.NewScanner(bufio.NewReaderSize(cr, 64<<10))
	sc.Boards = boards
	for sc.Scan() {
		send(item{src: name, puzzle: sc.Puzzle()})
	}
	return sc.Err()
}

// countingReader reports bytes read to the progress bar.
type countingReader struct {
	r    io.Reader
	prog *progress
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.prog.addRead(int64(n))
	return n, err
}

// maxPuzzleText bounds the text read for a single puzzle.
const maxPuzzleText = 1 << 20

// readOnePuzzle reads the puzzle named by arg: standard input for "" or
// "-", the content of a file if one exists by that name, else the text
// itself. It returns the source's name for messages.
func readOneText(e *env, arg string) (string, string, error) {
	var r io.Reader
	src := arg
	switch st, statErr := os.Stat(arg); {
	case arg == "" || arg == "-":
		src, r = "stdin", e.stdin
	case statErr == nil && !st.IsDir():
		f, err := os.Open(arg)
		if err != nil {
			return src, "", err
		}
		defer f.Close()
		r = f
	default:
		src = "argument"
		if !sudoku.LooksLikePuzzle(arg) {
			return arg, "", errors.New("no such file, and not a puzzle")
		}
		r = strings.NewReader(arg)
	}
	text, err := io.ReadAll(io.LimitReader(r, maxPuzzleText+1))
	if err != nil {
		return src, "", err
	}
	if len(text) > maxPuzzleText {
		return src, "", fmt.Errorf("more than %d bytes: one puzzle expected", maxPuzzleText)
	}
	return src, string(text), nil
}

// readOnePuzzle reads one classic puzzle from a file, stdin or an
// argument.
func readOnePuzzle(e *env, arg string) (string, sudoku.Grid, error) {
	src, text, err := readOneText(e, arg)
	if err != nil {
		return src, sudoku.Grid{}, err
	}
	g, err := sudoku.Parse(text)
	return src, g, err
}

// readOneBoard reads one puzzle of any rules as readOnePuzzle does.
func readOneBoard(e *env, arg string) (string, *sudoku.Board, error) {
	src, text, err := readOneText(e, arg)
	if err != nil {
		return src, nil, err
	}
	b, _, err := sudoku.ParseBoard(text)
	if errors.Is(err, sudoku.ErrShortLink) {
		p := e.resolveShort(sudoku.Puzzle{Err: err}, true)
		if p.Err != nil {
			return src, nil, p.Err
		}
		if p.Board == nil { // a classic puzzle, fetched
			p.Board = sudoku.BoardOf(p.Grid)
		}
		return src, p.Board, nil
	}
	return src, b, err
}
