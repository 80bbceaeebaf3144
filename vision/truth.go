package vision

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"sudoku"
)

// ReadTruth reads a ground-truth file of the Wicht & Hennebert
// sudoku_dataset (imageN.dat): line 1 the phone, line 2 the camera's
// resolution, then 9 lines of 9 space-separated digits, 0 for empty.
func ReadTruth(r io.Reader) (sudoku.Grid, error) {
	var g sudoku.Grid
	sc := bufio.NewScanner(r)
	line, k := 0, 0
	for sc.Scan() {
		line++
		if line <= 2 {
			continue
		}
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 9 {
			return g, &sudoku.ParseError{Line: line, Msg: fmt.Sprintf("%d values, want 9", len(f))}
		}
		if k == 81 {
			return g, &sudoku.ParseError{Line: line, Msg: "more than 9 rows"}
		}
		for i, s := range f {
			if len(s) != 1 || s[0] < '0' || s[0] > '9' {
				return g, &sudoku.ParseError{Line: line, Msg: fmt.Sprintf("value %d is %q, want a digit 0..9", i+1, s)}
			}
			g[k] = s[0] - '0'
			k++
		}
	}
	if err := sc.Err(); err != nil {
		return g, err
	}
	if k != 81 {
		return g, &sudoku.ParseError{Line: line, Msg: fmt.Sprintf("%d rows, want 9", k/9)}
	}
	return g, nil
}
