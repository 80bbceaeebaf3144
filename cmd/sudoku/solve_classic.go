package main

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"

	"sudoku"
)

// The classic path of solve: files of 81-character lines (the benchmark
// sets, generator output) are read, solved and written without the
// general machinery, which costs more than solving an easy puzzle.

// scanClassic reads stream r for solve. Lines that hold exactly 81 cells
// and nothing else, comment lines and blank lines it reads itself; at the
// first other line (or a puzzle with two equal givens in a house, whose
// error the Scanner words) it hands that line and the rest of the stream
// to a sudoku.Scanner, after as many empty lines as came before, so that
// the Scanner numbers the lines as if it had read the stream from its
// start. Puzzles and errors are the Scanner's either way: the lines read
// here leave a Scanner's state as they found it.
func scanClassic(name string, r io.Reader, send func(item), prog *progress, boards bool) error {
	br := bufio.NewReaderSize(&countingReader{r: r, prog: prog}, 64<<10)
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if len(line) == 0 && err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if err != nil && err != io.EOF || !readClassicLine(name, n, line, send) {
			rest := io.MultiReader(strings.NewReader(strings.Repeat("\n", n-1)), bytes.NewReader(bytes.Clone(line)), br)
			sc := sudoku.NewScanner(rest)
			sc.Boards = boards
			for sc.Scan() {
				send(item{src: name, puzzle: sc.Puzzle()})
			}
			return sc.Err()
		}
		if err == io.EOF {
			return nil
		}
	}
}

// readClassicLine takes line n (with its line end) if it is an 81-cell
// puzzle without a conflict, a comment or blank; it reports false for any
// other line, left to the Scanner. A UTF-8 byte order mark, a control
// character or a line that is not whole make it report false.
func readClassicLine(name string, n int, line []byte, send func(item)) bool {
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(line) == 81 && classicCell[line[0]] <= 9 {
		var g sudoku.Grid
		for i, ch := range line {
			v := classicCell[ch]
			if v > 9 {
				return false
			}
			g[i] = v
		}
		if g.HasConflict() {
			return false
		}
		send(item{src: name, puzzle: sudoku.Puzzle{Grid: g, Line: n}})
		return true
	}
	t := bytes.TrimLeft(line, " \t")
	if len(t) > 0 && t[0] != '#' && t[0] != '%' {
		return false
	}
	for _, ch := range line {
		if ch < ' ' && ch != '\t' || ch == 0x7f {
			return false
		}
	}
	return true
}

// classicCell maps a byte of a one-line puzzle to its cell (0 empty), or
// to 255 for a byte that is no cell: the cells sudoku.Scanner reads.
var classicCell = func() (t [256]uint8) {
	for i := range t {
		t[i] = 255
	}
	for d := byte(1); d <= 9; d++ {
		t['0'+d] = d
	}
	for _, ch := range []byte("0.-_*") {
		t[ch] = 0
	}
	return t
}()

// writeErr writes the message of a puzzle's error as describeErr does,
// without formatting when it is one of the search's sentinels (a file of
// puzzles with several solutions has one a line).
func writeErr(w *bufio.Writer, it *item, err error) {
	if (err == sudoku.ErrMultipleSolutions || err == sudoku.ErrNoSolution) && it.puzzle.Line > 0 {
		b := append(w.AvailableBuffer(), it.src...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(it.puzzle.Line), 10)
		b = append(b, ": "...)
		b = append(b, err.Error()...)
		w.Write(append(b, '\n'))
		return
	}
	w.WriteString(it.describeErr(err))
	w.WriteByte('\n')
}
