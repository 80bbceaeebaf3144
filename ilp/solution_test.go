package ilp

import (
	"errors"
	"os"
	"strings"
	"testing"

	"sudoku"
)

// A solution file CBC wrote (testdata/mathworks-rows.cbc.txt, from
// TestCBCMathWorks -update) reads back into the MathWorks solution.
func TestReadCBCSolution(t *testing.T) {
	f, err := os.Open("testdata/mathworks-rows.cbc.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := New(sudoku.BoardOf(grid(t, mathworks)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadCBCSolution(f, m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.Grid(s.Values)
	if err != nil || got != grid(t, mathworksSol) || s.Status != "Optimal" || s.Objective != 29565 {
		t.Errorf("got %v %v %v, %v; want Optimal 29565 %s", s.Status, s.Objective, got, err, mathworksSol)
	}
}

func TestReadCBCSolutionErrors(t *testing.T) {
	m, err := NewSums(sudoku.Grid{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const head = "Optimal - objective value 405.00000000\n"
	tests := []struct {
		name, text, want string
		line             int // of the *sudoku.ParseError; 0 for another error
	}{
		{"empty", "", "empty CBC solution file", 1},
		{"no status", "hello\n", `not a CBC solution file`, 1},
		{"bad objective", "Optimal - objective value many\n", "not a number", 1},
		{"infeasible", "Infeasible - objective value 30757.00000000\n      0 x_r1_c1  1  0\n", "CBC found no solution: Infeasible", 0},
		{"short line", head + "      0 x_r1_c1\n", "reads \"index name value reduced-cost\"", 2},
		{"unknown variable", head + "      0 y  1  0\n", `unknown variable "y"`, 2},
		{"not an integer", head + "      0 x_r1_c1  1.5  0\n", "x_r1_c1 = 1.5: not an integer", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadCBCSolution(strings.NewReader(tt.text), m)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
			var pe *sudoku.ParseError
			if got := errors.As(err, &pe); got != (tt.line > 0) || got && pe.Line != tt.line {
				t.Errorf("got %#v, want a *sudoku.ParseError at line %d", err, tt.line)
			}
		})
	}
	// A value CBC flags with ** (out of bounds) is still read.
	s, err := ReadCBCSolution(strings.NewReader(head+"**    3 x_r1_c4  7  1\n"), m)
	if err != nil || s.Values[3] != 7 {
		t.Errorf("** line: got %v, %v, want x_r1_c4 = 7", s, err)
	}
}

// articleSums is the answer the Chinese article prints for its sums model
// (MATLAB's intlinprog), row by row.
const articleSums = "185629914" + "299743515" + "317149839" + "721894455" + "961411986" +
	"874189161" + "219193398" + "498856131" + "921931596"

func TestCheckSums(t *testing.T) {
	if c := CheckSums(grid(t, mathworksSol)); !c.SumsHold() || len(c.Repeats) != 0 {
		t.Errorf("a solution: got %v", c)
	}
	// Swapping r1c1 and r1c2 keeps row 1 and box 1, breaks columns 1 and 2.
	bad := grid(t, mathworksSol)
	bad[0], bad[1] = bad[1], bad[0]
	want := "column 1 sums to 38, column 2 sums to 52, yet the grid is no Sudoku: 2 repeats, first r1c1 and r7c1 are both 2 in column 1"
	if got := CheckSums(bad).String(); got != want {
		t.Errorf("swap: got %q\nwant %q", got, want)
	}
	// The article's own answer keeps the givens, gets every sum right, and
	// is no Sudoku.
	ans, puzzle := grid(t, articleSums), grid(t, article)
	for c, v := range puzzle {
		if v != 0 && ans[c] != v {
			t.Fatalf("%v: the article's answer has %d, the puzzle %d", sudoku.Cell(c), ans[c], v)
		}
	}
	c := CheckSums(ans)
	want = "every row, column and box sums to 45, yet the grid is no Sudoku: 69 repeats, first r1c1 and r1c8 are both 1 in row 1"
	if got := c.String(); !c.SumsHold() || got != want {
		t.Errorf("the article's answer: got %q\nwant %q", got, want)
	}
}
