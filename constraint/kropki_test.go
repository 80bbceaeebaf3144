package constraint_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestDotValueRange: a black dot may hold any ratio up to N (1 and N), a
// white dot any difference up to N-1; beyond, the dot is refused by name.
// The differential test (cmd/difftest, ratio@1) drew a black dot of
// 12 between a 1 and a 12 on a 12x12 that the reader refused.
func TestDotValueRange(t *testing.T) {
	for _, tc := range []struct {
		name, key string
		n, value  int
		err       string
	}{
		{"ratio N", "ratio", 12, 12, ""},
		{"ratio N on 9x9", "ratio", 9, 9, ""},
		{"ratio above N", "ratio", 9, 10, "ratio 1: value 10 out of range 1..9"},
		{"difference N-1", "difference", 9, 8, ""},
		{"difference N", "difference", 9, 9, "difference 1: value 9 out of range 1..8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			js := fmt.Sprintf(`{"size":%d,"grid":%s,%q:[{"cells":["R1C1","R1C2"],"value":"%d"}]}`, tc.n, emptyGrid(tc.n), tc.key, tc.value)
			b, err := sudoku.ParseFPuzzles([]byte(js))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want an error with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r, err := solver.Fast.Search(context.Background(), b, 1)
			if err != nil || r.Count != 1 {
				t.Fatalf("got %d solutions (%v), want one found", r.Count, err)
			}
			a, c := int(r.Solution[0]), int(r.Solution[1])
			if ok := tc.key == "ratio" && (a == tc.value*c || c == tc.value*a) || tc.key == "difference" && (a-c == tc.value || c-a == tc.value); !ok {
				t.Errorf("got r1c1 %d and r1c2 %d, want them %s %d", a, c, tc.key, tc.value)
			}
		})
	}
}

// emptyGrid is an f-puzzles grid of n x n empty cells.
func emptyGrid(n int) string {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
	return "[" + strings.TrimSuffix(strings.Repeat(row+",", n), ",") + "]"
}

// TestImpossibleLineWords: a line no digits can fill, read from
// f-puzzles, is refused with words that say so, naming its cells (it
// read "lockout:  break lockout line ..." with no digits placed).
func TestImpossibleLineWords(t *testing.T) {
	js := `{"size":4,"grid":` + emptyGrid(4) + `,"lockout":[{"lines":[["R1C3","R1C4","R2C3","R2C4"]],"value":"3"}]}`
	_, err := sudoku.ParseFPuzzles([]byte(js))
	want := "lockout (r1c3, r1c4, r2c3, r2c4): no digits can fill lockout line (3 apart) r1c3-r2c4"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
