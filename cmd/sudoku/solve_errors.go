package main

import (
	"bufio"
	"strconv"

	"sudoku"
)

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
