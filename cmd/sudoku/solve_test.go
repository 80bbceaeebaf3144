package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"sudoku/solver"
	"testing"

	"sudoku"
)

const (
	// A puzzle with a unique solution, and that solution.
	easy     = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	easySol  = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	none     = "1234567.........89" + "..............................................................." // r1c8 and r1c9 need 8 or 9, both taken in box 3
	twoSols  = "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"      // a deadly rectangle: 6 and 7 swap
	conflict = "55..............................................................................."
)

func TestSolveCommand(t *testing.T) {
	file := writeFile(t, "puzzles.txt", "# a comment\n"+easy+" rated 2.3\n\n"+easy[:10]+"x"+easy[11:]+"\n"+none+"\n"+conflict+"\n")
	tests := []struct {
		name       string
		stdin      string
		args       []string
		code       int
		wantOut    string
		wantErrHas []string
	}{
		{"argument", "", []string{"solve", easy}, 0, easySol + "\n", []string{"1 puzzle: 1 solved"}},
		{"stdin", easy + "\n", []string{"solve"}, 0, easySol + "\n", nil},
		{"dash is stdin", easy + "\n", []string{"solve", "-"}, 0, easySol + "\n", nil},
		{"file with bad lines goes on", "", []string{"solve", file}, 1, easySol + "\n",
			[]string{file + ":4:11: unexpected 'x'", file + ":5: no solution", file + ":6:2: r1c1 and r1c2 are both 5 in row 1", "4 puzzles: 1 solved, 1 no solution, 0 several solutions, 2 invalid"}},
		{"several solutions", "", []string{"solve", twoSols}, 1, "", []string{"more than one solution", "1 several solutions"}},
		{"count", "", []string{"solve", "--count", "10", twoSols}, 0, twoSols + " 2\n", nil},
		{"count reaches limit", "", []string{"solve", "--count", "1", twoSols}, 0, twoSols + " 1+\n", nil},
		{"unique", "", []string{"solve", "--unique", easy, twoSols, none}, 1, easy + " unique\n" + twoSols + " multiple\n" + none + " none\n", nil},
		{"grid format", "", []string{"solve", "--format", "grid", easy}, 0, mustParse(t, easySol).Pretty() + "\n", nil},
		{"quiet", "", []string{"solve", "-q", easy}, 0, easySol + "\n", nil},
		{"not a file nor a puzzle", "", []string{"solve", "missing.txt"}, 1, "", []string{"missing.txt: no such file, and not a puzzle"}},
		{"bad engine", "", []string{"solve", "--engine", "quantum", easy}, 2, "", []string{`unknown engine "quantum"`}},
		{"bad format", "", []string{"solve", "--format", "xml", easy}, 2, "", []string{`unknown format "xml"`}},
		{"bad flag", "", []string{"solve", "--nope"}, 2, "", []string{"flag provided but not defined"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if out != tt.wantOut {
				t.Errorf("stdout: got %q, want %q", out, tt.wantOut)
			}
			for _, w := range tt.wantErrHas {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr: got %q, want it to contain %q", stderr, w)
				}
			}
			if tt.name == "quiet" && stderr != "" {
				t.Errorf("stderr: got %q, want nothing", stderr)
			}
		})
	}
}

func mustParse(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSolveEnginesAgree(t *testing.T) {
	for _, en := range solver.Engines() {
		t.Run(en.Name(), func(t *testing.T) {
			out, stderr, code := runCLI(t, "", "solve", "--engine", en.Name(), easy)
			if code != 0 || out != easySol+"\n" {
				t.Errorf("got %q (exit %d, stderr %q), want %q", out, code, stderr, easySol)
			}
		})
	}
}

// TestSolveKeepsInputOrder checks that output follows input order whatever
// the number of workers.
func TestSolveKeepsInputOrder(t *testing.T) {
	var in, want strings.Builder
	g := mustParse(t, easySol)
	for i := 0; i < 1000; i++ {
		// Each puzzle is the solution with a different cell emptied: each
		// has a distinct line, and the same solution.
		p := g
		p[i%81] = 0
		fmt.Fprintf(&in, "%s\n", p.Line('.'))
		fmt.Fprintf(&want, "%s 1\n", p.Line('.'))
	}
	for _, j := range []string{"1", "2", "7"} {
		out, _, code := runCLI(t, in.String(), "solve", "--count", "2", "-j", j)
		if code != 0 || out != want.String() {
			t.Errorf("-j %s: output differs from input order (exit %d)", j, code)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "solve", "--format", "json", easy, none)
	if code != 1 {
		t.Errorf("exit code: got %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2: %q", len(lines), out)
	}
	var got []jsonOutcome
	for _, l := range lines {
		var j jsonOutcome
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, j)
	}
	if got[0].Status != "solved" || got[0].Solution != easySol || got[0].Puzzle != easy {
		t.Errorf("first: got %+v, want solved with %s", got[0], easySol)
	}
	if got[1].Status != "no solution" || got[1].Solution != "" || got[1].Error == "" {
		t.Errorf("second: got %+v, want no solution with an error", got[1])
	}
}
