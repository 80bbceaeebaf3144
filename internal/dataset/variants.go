package dataset

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"sudoku"
)

// Variant is one puzzle of data/variants: Simon Tatham's Solo game ID read
// as a Board, and the solution given with it.
type Variant struct {
	ID       string
	Board    *sudoku.Board
	Solution []uint8
}

// Variants reads up to max puzzles (all when max <= 0) of the Solo file
// data/variants/<name>: lines "ID<tab>solution", the solution as digits or,
// above 9, comma-separated numbers. It skips the test when the data are
// absent and fails it on a line it cannot read.
func Variants(tb testing.TB, name string, max int) []Variant {
	tb.Helper()
	f, err := os.Open(Path(tb, "data/variants/"+name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []Variant
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		id, solText, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		b, err := sudoku.ParseSolo(id)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = append(out, Variant{ID: id, Board: b, Solution: solution(tb, solText)})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func solution(tb testing.TB, s string) []uint8 {
	var sol []uint8
	if !strings.Contains(s, ",") {
		for i := range len(s) {
			sol = append(sol, s[i]-'0')
		}
		return sol
	}
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(f)
		if err != nil {
			tb.Fatalf("solution %q: %v", s, err)
		}
		sol = append(sol, uint8(v))
	}
	return sol
}
