package logic

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// ratedPuzzle is a puzzle with an external rating (0 if none).
type ratedPuzzle struct {
	grid  sudoku.Grid
	er    Rating
	line  int
	label string // the field after the puzzle when it is not a rating
}

// loadLines reads the puzzles of ../shared/<rel>: on each line that is not
// a comment, the first 81-character field of digits and dots is the
// puzzle and a following number (or ER/EP/ED), if any, its ER; another
// following field is its label. max > 0 keeps every k-th puzzle so that
// about max are returned.
func loadLines(tb testing.TB, rel string, max int) []ratedPuzzle {
	tb.Helper()
	return readRated(tb, dataset.Path(tb, rel), max)
}

// readRated reads a file of puzzles and ratings as loadLines does.
func readRated(tb testing.TB, path string, max int) []ratedPuzzle {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []ratedPuzzle
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Fields(text)
		for i, fld := range fields {
			g, ok := gridOf(fld)
			if !ok {
				continue
			}
			p := ratedPuzzle{grid: g, line: ln}
			if i+1 < len(fields) {
				er, _, _ := strings.Cut(fields[i+1], "/") // ER/EP/ED as sudoku generate writes it
				if v, err := strconv.ParseFloat(er, 64); err == nil {
					p.er = RatingOf(v)
				} else {
					p.label = fields[i+1]
				}
			}
			out = append(out, p)
			break
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	if max > 0 && len(out) > max {
		step := (len(out) + max - 1) / max
		var kept []ratedPuzzle
		for i := 0; i < len(out); i += step {
			kept = append(kept, out[i])
		}
		out = kept
	}
	return out
}

// gridOf reads an 81-character puzzle, '0' or '.' for empty cells.
func gridOf(s string) (sudoku.Grid, bool) {
	var g sudoku.Grid
	if len(s) != 81 {
		return g, false
	}
	for i := range 81 {
		switch ch := s[i]; {
		case ch >= '1' && ch <= '9':
			g[i] = ch - '0'
		case ch == '0' || ch == '.':
		default:
			return g, false
		}
	}
	return g, true
}

// long reports whether SUDOKU_LONG asks for the full, slow data tests.
func long() bool { return os.Getenv("SUDOKU_LONG") != "" }
