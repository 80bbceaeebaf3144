package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"sudoku"
)

// bruteSolve calls visit with every solution of b, found by plain
// backtracking (cells in order, each digit checked with Validate): the
// reference the search engines' listings are checked against.
func bruteSolve(b *sudoku.Board, visit func(cells []uint8)) {
	work := b.Clone()
	var walk func(c int)
	walk = func(c int) {
		for c < len(work.Cells) && work.Cells[c] != 0 {
			c++
		}
		if c == len(work.Cells) {
			visit(work.Cells)
			return
		}
		for d := 1; d <= work.Size(); d++ {
			work.Cells[c] = uint8(d)
			if work.Validate() == nil {
				walk(c + 1)
			}
		}
		work.Cells[c] = 0
	}
	if b.Validate() == nil {
		walk(0)
	}
}

// bruteCandidates returns the digits each cell of b takes in its
// solutions, and how many there are.
func bruteCandidates(t *testing.T, b *sudoku.Board) ([]sudoku.Digits, int) {
	t.Helper()
	out := make([]sudoku.Digits, len(b.Cells))
	n := 0
	bruteSolve(b, func(cells []uint8) {
		n++
		for i, v := range cells {
			out[i] |= sudoku.DigitOf(int(v))
		}
	})
	return out, n
}

// checkTrueCandidates compares TrueCandidates with bruteCandidates on b.
func checkTrueCandidates(t *testing.T, name string, b *sudoku.Board) {
	t.Helper()
	want, n := bruteCandidates(t, b)
	got, err := TrueCandidates(context.Background(), b, 0)
	if n == 0 {
		if !errors.Is(err, sudoku.ErrNoSolution) || !got.Complete {
			t.Errorf("%s: no solution: got err %v, complete %v", name, err, got.Complete)
		}
		return
	}
	if err != nil || !got.Complete {
		t.Fatalf("%s: err %v, complete %v", name, err, got.Complete)
	}
	if !slices.Equal(got.Cells, want) {
		t.Errorf("%s (%d solutions): got %v, want %v", name, n, got.Cells, want)
	}
	if got.Solutions > n || got.Solutions < 1 {
		t.Errorf("%s: %d solutions counted of %d", name, got.Solutions, n)
	}
}

func mustBoard(t *testing.T, text string) *sudoku.Board {
	t.Helper()
	b, err := sudoku.ParseFPuzzles([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return b
}

// TestTrueCandidatesCases checks named boards against the brute force.
func TestTrueCandidatesCases(t *testing.T) {
	empty4 := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	cases := []struct{ name, json string }{
		{"empty 4x4", empty4 + `}`},
		{"4x4 one given", `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`},
		{"4x4 thermo", empty4 + `,"thermometer":[{"lines":[["R1C1","R1C2","R2C2"]]}]}`},
		{"4x4 black dot, negative", empty4 + `,"ratio":[{"cells":["R1C1","R1C2"]}],"negative":["ratio"]}`},
		{"4x4 white dots, nonconsecutive", empty4 + `,"difference":[{"cells":["R2C2","R2C3"]}],"nonconsecutive":true}`},
		{"4x4 four givens", `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{"value":2,"given":true},{}],[{},{"value":3,"given":true},{},{}],[{},{},{},{"value":4,"given":true}]]}`},
		{"4x4 no place for 1 in box 1", `{"size":4,"grid":[[{},{},{"value":1,"given":true},{}],[{},{"value":2,"given":true},{},{}],[{"value":1,"given":true},{},{},{}],[{},{},{},{}]]}`},
	}
	for _, c := range cases {
		checkTrueCandidates(t, c.name, mustBoard(t, c.json))
	}
}

// TestTrueCandidatesRandom checks random 4x4 and 6x6 boards: givens and
// kropki dots taken from a random solution, some cells emptied, against
// the brute force.
func TestTrueCandidatesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	for round := range 60 {
		size, givens := 4, 1+rng.IntN(6)
		if round%2 == 1 {
			size, givens = 6, 14+rng.IntN(8) // fewer givens leave too many solutions to list
		}
		b := randomDotted(t, rng, size, givens)
		checkTrueCandidates(t, fmt.Sprintf("round %d", round), b)
	}
}

// randomDotted returns a board of size n: a random solution's digits in
// `givens` random cells, and black or white dots where the solution has
// them on a few random pairs of neighbours.
func randomDotted(t *testing.T, rng *rand.Rand, n, givens int) *sudoku.Board {
	t.Helper()
	r, err := sudoku.Sized(n)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := RandomSolution(context.Background(), sudoku.NewBoard(r), rng, 0)
	if err != nil {
		t.Fatal(err)
	}
	var grid, dots []string
	keep := rng.Perm(n * n)[:givens]
	for row := range n {
		var cells []string
		for col := range n {
			c := row*n + col
			cell := "{}"
			if slices.Contains(keep, c) {
				cell = fmt.Sprintf(`{"value":%d,"given":true}`, sol[c])
			}
			cells = append(cells, cell)
			if col+1 < n && rng.IntN(4) == 0 {
				dots = appendDot(dots, sol[c], sol[c+1], fmt.Sprintf(`"R%dC%d","R%dC%d"`, row+1, col+1, row+1, col+2))
			}
		}
		grid = append(grid, "["+strings.Join(cells, ",")+"]")
	}
	return mustBoard(t, fmt.Sprintf(`{"size":%d,"grid":[%s]%s}`, n, strings.Join(grid, ","), strings.Join(dots, "")))
}

// appendDot adds the f-puzzles entry of the dot digits a and b have, if
// any.
func appendDot(dots []string, a, b uint8, cells string) []string {
	switch {
	case a == b+1 || b == a+1:
		return append(dots, `,"difference":[{"cells":[`+cells+`]}]`)
	case a == 2*b || b == 2*a:
		return append(dots, `,"ratio":[{"cells":[`+cells+`]}]`)
	}
	return dots
}

// TestTrueCandidatesLimit checks that a limit cuts the search short and
// says so: the digits are then a subset.
func TestTrueCandidatesLimit(t *testing.T) {
	r, _ := sudoku.Sized(4)
	b := sudoku.NewBoard(r)
	got, err := TrueCandidates(context.Background(), b, 1)
	if err != nil || got.Complete || got.Solutions != 1 {
		t.Fatalf("limit 1: err %v, complete %v, %d solutions", err, got.Complete, got.Solutions)
	}
	for c, d := range got.Cells {
		if d.Count() != 1 {
			t.Errorf("cell %d: %v, want one digit", c, d)
		}
	}
	all, _ := TrueCandidates(context.Background(), b, 0)
	if !all.Complete || all.Solutions > 4*4*3+1 {
		t.Errorf("no limit: complete %v after %d solutions", all.Complete, all.Solutions)
	}
}

// TestTrueCandidatesClassic checks a unique classic puzzle (its solution
// alone) and the same with givens taken away against a count per
// candidate, and that a done context stops the search.
func TestTrueCandidatesClassic(t *testing.T) {
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	b := sudoku.BoardOf(g)
	got, err := TrueCandidates(context.Background(), b, 0)
	sol, _ := SolveGrid(g)
	for c, d := range got.Cells {
		if d != sudoku.DigitOf(int(sol[c])) {
			t.Fatalf("cell %d: %v, want %d (err %v)", c, d, sol[c], err)
		}
	}
	for _, c := range []int{0, 1, 4, 10, 12, 13, 14} {
		b.Cells[c] = 0
	}
	got, err = TrueCandidates(context.Background(), b, 0)
	if err != nil || !got.Complete {
		t.Fatal(err)
	}
	for c, d := range got.Cells {
		if want := candidatesByCount(t, b, c); d != want {
			t.Errorf("cell %d: %v, want %v", c, d, want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err = TrueCandidates(ctx, sudoku.NewBoard(sudoku.Classic()), 0); !errors.Is(err, context.Canceled) || got.Complete {
		t.Errorf("done context: err %v, complete %v", err, got.Complete)
	}
}

// candidatesByCount returns the digits of cell c for which b with c set
// has a solution.
func candidatesByCount(t *testing.T, b *sudoku.Board, c int) sudoku.Digits {
	var out sudoku.Digits
	work := b.Clone()
	for d := 1; d <= b.Size(); d++ {
		if b.Cells[c] != 0 && int(b.Cells[c]) != d {
			continue
		}
		work.Cells[c] = uint8(d)
		if n, _ := Count(context.Background(), work, 1); n > 0 {
			out |= sudoku.DigitOf(d)
		}
	}
	return out
}
