package main

import (
	"encoding/json"
	"strings"
	"testing"

	"sudoku"
)

// TestSolveCandidates checks `solve --candidates`: the grid, line and
// JSON forms, the limit, and the usage errors.
func TestSolveCandidates(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		wantOut    []string // lines stdout must hold
		wantErrHas string
	}{
		{"unique: the solution", []string{easy}, 0, []string{"# " + easy + ": true candidates from 1 solution", "5 3 4 | 6 7 8 | 9 1 2"}, "1 complete"},
		{"two solutions", []string{twoSols}, 0, []string{": true candidates from 2 solutions", "5  3  4  | 67 67 8  | 9  1  2", "---------+----------+---------"}, ""},
		{"limit", []string{"--candidates-limit", "1", twoSols}, 0, []string{"from 1 solution; limit of 1 reached (--candidates-limit): a subset", "5 3 4 | 6 7 8 | 9 1 2"}, "1 limit reached"},
		{"line", []string{"--format", "line", twoSols}, 0, []string{lineOf(t, easySol)[:27] + ".....67..", ".....67.." + lineOf(t, easySol)[45:54]}, ""},
		{"no solution", []string{none}, 1, nil, "1 no solution"},
		{"invalid", []string{conflict}, 1, nil, "1 invalid"},
		{"6x6 killer", []string{"................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"}, 0, []string{"12   12   | 34   34", "----------+----------", "1234 1234 | 1234 1234"}, ""},
		{"with --count", []string{"--count", "2", easy}, 2, nil, "--candidates excludes --count"},
		{"bad format", []string{"--format", "solo", easy}, 2, nil, "not solo"},
		{"bad limit", []string{"--candidates-limit", "0", easy}, 2, nil, "want 1 or more"},
		{"other engine", []string{"--engine", "dlx", easy}, 2, nil, "the fast engine"},
		{"counts", []string{"--counts", twoSols}, 0, []string{": solutions with each digit, of 2 solutions", "5       3       4       | 6:1,7:1 6:1,7:1 8       | 9       1       2"}, "1 complete"},
		{"counts of a 6x6 killer", []string{"--counts", "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"}, 0, []string{"of 8 solutions", "1:4,2:4         1:4,2:4         | 3:4,4:4         3:4,4:4"}, ""},
		{"counts past the limit", []string{"--counts", "--candidates-limit", "1", twoSols}, 0, []string{"of 1 solution; limit of 1 reached (--candidates-limit): the counts of those found"}, "1 limit reached"},
		{"counts in the line form", []string{"--counts", "--format", "line", twoSols}, 2, nil, "--counts writes --format grid or json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", append([]string{"solve", "--candidates"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			for _, w := range tt.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout: got\n%s\nwant it to hold %q", out, w)
				}
			}
			if len(tt.wantOut) == 0 && out != "" {
				t.Errorf("stdout: got %q, want nothing", out)
			}
			if !strings.Contains(stderr, tt.wantErrHas) {
				t.Errorf("stderr: got %q, want it to contain %q", stderr, tt.wantErrHas)
			}
		})
	}
	if _, stderr, code := runCLI(t, "", "solve", "--candidates-limit", "5", easy); code != 2 || !strings.Contains(stderr, "goes with --candidates") {
		t.Errorf("limit without --candidates: exit %d, %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, "", "solve", "--counts", easy); code != 2 || !strings.Contains(stderr, "--counts goes with --candidates") {
		t.Errorf("--counts without --candidates: exit %d, %q", code, stderr)
	}
	out, _, code := runCLI(t, "", "solve", "--candidates", "--counts", "--json", "-q", twoSols)
	var j struct {
		Counts    [][]int `json:"counts"`
		Solutions int     `json:"solutions"`
	}
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Solutions != 2 || len(j.Counts) != 81 || j.Counts[3][5] != 1 || j.Counts[0][4] != 2 {
		t.Errorf("--counts --json: exit %d, %v, %+v", code, err, j)
	}
}

// lineOf returns the 729-character pencil-mark form of a solved grid.
func lineOf(t *testing.T, sol string) string {
	return sudoku.FormatSukaku(sudoku.BoardOf(mustParse(t, sol)))
}

// TestSolveCandidatesJSON checks the JSON object of --candidates.
func TestSolveCandidatesJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "solve", "--candidates", "--json", "-q", twoSols, none)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, output %q", code, out)
	}
	var j jsonCandidates
	if err := json.Unmarshal([]byte(lines[0]), &j); err != nil {
		t.Fatal(err)
	}
	if j.Status != "complete" || !j.Complete || j.Solutions != 2 || len(j.Candidates) != 81 || j.Puzzle != twoSols {
		t.Errorf("got %+v", j)
	}
	if got := j.Candidates[3]; len(got) != 2 || got[0] != 6 || got[1] != 7 {
		t.Errorf("r1c4: got %v, want [6 7]", got)
	}
	if err := json.Unmarshal([]byte(lines[1]), &j); err != nil || j.Status != "no solution" || j.Error == "" {
		t.Errorf("no solution: got %s (%v)", lines[1], err)
	}
}

// TestSolveAll checks `solve --count N --all`: the count, then each
// solution once; JSON's solutions; the usage errors.
func TestSolveAll(t *testing.T) {
	out, _, code := runCLI(t, "", "solve", "--count", "5", "--all", "-q", twoSols)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 || lines[0] != twoSols+" 2" || lines[1] == lines[2] {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	for _, l := range lines[1:] {
		if _, _, c := runCLI(t, "", "solve", "-q", "--unique", l); c != 0 {
			t.Errorf("%s is not a solved grid", l)
		}
		if !strings.HasPrefix(l, "534") {
			t.Errorf("%s does not keep the givens", l)
		}
	}
	out, _, code = runCLI(t, "", "solve", "--count", "3", "--all", "--json", "-q", "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5")
	var j struct {
		Count     int      `json:"count"`
		Solutions []string `json:"solutions"`
	}
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Count != 3 || len(j.Solutions) != 3 || len(j.Solutions[0]) != 16 {
		t.Errorf("--json: exit %d, %v, %+v", code, err, j)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--all", easy}, "--all goes with --count"},
		{[]string{"--all", "--count", "2", "--engine", "dlx", easy}, "the fast engine"},
		{[]string{"--all", "--count", "100001", easy}, "--all writes 100000 solutions at most"},
	} {
		if _, stderr, code := runCLI(t, "", append([]string{"solve"}, tt.args...)...); code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, %q", tt.args, code, stderr)
		}
	}
}
