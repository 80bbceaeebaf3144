package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	// The MathWorks example's puzzle and the Chinese article's, as in
	// package ilp's tests and golden files.
	mathworksPuzzle = ".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2."
	articlePuzzle   = "1.5.2....\n...743..5\n3.7.....9\n.2....45.\n.6.4.1.8.\n.74....6.\n2.....3.8\n4..856...\n....3.5.6\n"
	// The answer the article prints for its sums model, row by row.
	articleSums = "185629914299743515317149839721894455961411986874189161219193398498856131921931596"
)

func golden(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "ilp", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// cbcSolution writes a solution file as CBC does, "index name value
// reduced-cost" for each nonzero variable, for the sums model of a grid.
func cbcSolution(t *testing.T, g string) string {
	var b strings.Builder
	b.WriteString("Optimal - objective value 405.00000000\n")
	for i := 0; i < 81; i++ {
		fmt.Fprintf(&b, "%7d x_r%d_c%d %18c %23d\n", i, i/9+1, i%9+1, g[i], 1)
	}
	return writeFile(t, "sums.txt", b.String())
}

func TestModelCommand(t *testing.T) {
	puzzleFile := writeFile(t, "puzzle.txt", "# the MathWorks example\n"+mathworksPuzzle+"\n")
	articleFile := writeFile(t, "article.txt", articlePuzzle)
	conflict := "55" + strings.Repeat(".", 79)
	tests := []struct {
		name       string
		stdin      string
		args       []string
		code       int
		wantOut    string // exact stdout, when set
		outHas     []string
		wantErrHas []string
	}{
		{"argument, LP", "", []string{"model", mathworksPuzzle}, 0, golden(t, "mathworks-rows.lp"), nil, nil},
		{"file, MPS, bounds", "", []string{"model", "--format", "mps", "--clues", "bounds", puzzleFile}, 0, golden(t, "mathworks-bounds.mps"), nil, nil},
		{"stdin, OPB", mathworksPuzzle + "\n", []string{"model", "--format", "opb"}, 0, golden(t, "mathworks-rows.opb"), nil, nil},
		{"dash is stdin", mathworksPuzzle, []string{"model", "--format", "opb", "--clues", "bounds", "-"}, 0, golden(t, "mathworks-bounds.opb"), nil, nil},
		{"sums lesson", "", []string{"model", "--formulation", "sums", articleFile}, 0, golden(t, "article-sums.lp"), nil, nil},
		{"objective ones", "", []string{"model", "--objective", "ones", mathworksPuzzle}, 0, "",
			[]string{"objective f = ones: constant, 81", " obj: x_r1_c1_d1 + x_r2_c1_d1 +"}, nil},
		{"no objective", "", []string{"model", "--objective", "none", "--format", "opb", mathworksPuzzle}, 0, "",
			[]string{"no objective", "#constraint= 345"}, nil},
		{"conflicting clues", "", []string{"model", conflict}, 1, "", nil, []string{"r1c1 and r1c2 are both 5 in row 1"}},
		{"malformed", "", []string{"model", "12345678"}, 1, "", nil, []string{"sudoku model: 12345678: no such file, and not a puzzle"}},
		{"too short", "", []string{"model", "1234567890"}, 1, "", nil, []string{"want 81"}},
		{"sums in OPB", "", []string{"model", "--formulation", "sums", "--format", "opb", mathworksPuzzle}, 2, "", nil, []string{"OPB cannot hold it"}},
		{"bad format", "", []string{"model", "--format", "xml", mathworksPuzzle}, 2, "", nil, []string{`unknown --format "xml"`}},
		{"bad clues", "", []string{"model", "--clues", "cells", mathworksPuzzle}, 2, "", nil, []string{`unknown --clues "cells"`}},
		{"bad objective", "", []string{"model", "--objective", "max", mathworksPuzzle}, 2, "", nil, []string{`unknown --objective "max"`}},
		{"bad formulation", "", []string{"model", "--formulation", "02", mathworksPuzzle}, 2, "", nil, []string{`unknown --formulation "02"`}},
		{"two puzzles", "", []string{"model", mathworksPuzzle, mathworksPuzzle}, 2, "", nil, []string{"one puzzle at a time"}},
		{"bad flag", "", []string{"model", "--nope"}, 2, "", nil, []string{"flag provided but not defined"}},
		{"read CBC's solution", "", []string{"model", "--read-solution", filepath.Join("..", "..", "ilp", "testdata", "mathworks-rows.cbc.txt"), mathworksPuzzle}, 0, "",
			[]string{"Optimal (objective 29565)\n9 2 5 | 6 3 1 | 8 4 7\n", "a valid solution of the puzzle"}, nil},
		{"solution of another puzzle", "", []string{"model", "--read-solution", filepath.Join("..", "..", "ilp", "testdata", "mathworks-rows.cbc.txt"), "1" + mathworksPuzzle[1:]}, 1, "",
			[]string{"Optimal (objective 29565)\n"}, []string{"the solution does not solve the puzzle: r1c1 is 9, the given is 1"}},
		{"read the sums lesson", "", []string{"model", "--formulation", "sums", "--read-solution", cbcSolution(t, articleSums), articleFile}, 0, "",
			[]string{"1 8 5 | 6 2 9 | 9 1 4\n", "every row, column and box sums to 45, yet the grid is no Sudoku: 69 repeats, first r1c1 and r1c8 are both 1 in row 1\n", "  r1c6 and r1c7 are both 9 in row 1\n"}, nil},
		{"missing solution file", "", []string{"model", "--read-solution", "nowhere.txt", mathworksPuzzle}, 1, "", nil, []string{"nowhere.txt"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if tt.wantOut != "" && out != tt.wantOut {
				t.Errorf("stdout differs from the golden file (%d bytes, want %d)", len(out), len(tt.wantOut))
			}
			for _, w := range tt.outHas {
				if !strings.Contains(out, w) {
					t.Errorf("stdout: got %q, want it to contain %q", out, w)
				}
			}
			for _, w := range tt.wantErrHas {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr: got %q, want it to contain %q", stderr, w)
				}
			}
			if tt.code != 0 && out != "" && tt.outHas == nil {
				t.Errorf("stdout: got %q, want nothing on failure", out)
			}
		})
	}
}

// solve --engine ilp is wired in.
func TestSolveEngineILP(t *testing.T) {
	out, stderr, code := runCLI(t, "", "solve", "--engine", "ilp", mathworksPuzzle)
	if code != 0 || out != "925631847618574293374982561749826135852413976163795482287359614491267358536148729\n" {
		t.Errorf("got %q, %d (stderr %q)", out, code, stderr)
	}
}
