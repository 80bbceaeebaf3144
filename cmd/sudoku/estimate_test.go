package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// Boards of the --estimate tests (and killer4, 8 solutions).
const (
	empty9   = "................................................................................."
	sixGiven = "12.........3..........4...5........." // 2,274 solutions
)

// TestSolveEstimate checks `solve --estimate`: the line, labelled as an
// estimate or as a count, its interval and probes, the same line on
// every run (a fixed seed), flags anywhere, and the usage errors.
func TestSolveEstimate(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		wantOut []string // the lines of stdout, or regexps of them when they start with ^
		errHas  string
	}{
		{"estimate", []string{empty9}, 0, []string{`^\.{81} about \d\.\de\+21 solutions \(estimate: 95% \d\.\de\+21-\d\.\de\+21, 1000 probes\)$`}, "1 puzzle: 1 estimated, 0 counted, 0 invalid"},
		{"probes, flags after the puzzle", []string{empty9, "--probes", "10"}, 0, []string{`^\.{81} about \d\.\de\+21 solutions \(estimate: 95% \S+-\S+, 10 probes\)$`}, ""},
		{"small trees are counted", []string{killer4, sixGiven}, 0, []string{"................ 8 solutions (exact count)", sixGiven + " 2274 solutions (exact count)"}, "0 estimated, 2 counted"},
		{"unique", []string{easy}, 0, []string{easy + " 1 solution (exact count)"}, ""},
		{"no solution", []string{none}, 0, []string{none + " 0 solutions (exact count)"}, ""},
		{"invalid", []string{conflict}, 1, nil, "1 invalid"},
		{"timeout", []string{"--timeout", "20ms", "--probes", "1000000", empty9}, 1, nil, "gave up after 20ms"},
		{"probes without --estimate", []string{"--probes", "10", "--estimate=false", easy}, 2, nil, "--probes goes with --estimate"},
		{"no probes", []string{"--probes", "0", easy}, 2, nil, "--probes 0: want 1 to 1000000"},
		{"too many probes", []string{"--probes", "1000001", easy}, 2, nil, "want 1 to 1000000"},
		{"with --count", []string{"--count", "2", easy}, 2, nil, "--estimate excludes --count"},
		{"with --candidates", []string{"--candidates", easy}, 2, nil, "--estimate excludes"},
		{"grid", []string{"--format", "grid", easy}, 2, nil, "--estimate writes --format line or json, not grid"},
		{"other engine", []string{"--engine", "dlx", easy}, 2, nil, "the fast engine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", append([]string{"solve", "--estimate"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			checkLines(t, out, tt.wantOut)
			if !strings.Contains(stderr, tt.errHas) {
				t.Errorf("stderr: got %q, want it to contain %q", stderr, tt.errHas)
			}
		})
	}
	first, _, _ := runCLI(t, "", "solve", "--estimate", "-q", empty9)
	if again, _, _ := runCLI(t, "", "solve", "--estimate", "-q", empty9); again != first {
		t.Errorf("two runs: %q, then %q", first, again)
	}
}

// checkLines compares stdout's lines with want: a line equal, or one
// matching when want's starts with ^.
func checkLines(t *testing.T, out string, want []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(want) {
		t.Fatalf("stdout: got %q, want %d lines %q", out, len(want), want)
	}
	for i, w := range want {
		if strings.HasPrefix(w, "^") && !regexp.MustCompile(w).MatchString(lines[i]) || !strings.HasPrefix(w, "^") && lines[i] != w {
			t.Errorf("stdout line %d: got %q, want %q", i+1, lines[i], w)
		}
	}
}

// TestSolveEstimateJSON checks --estimate --json: one object a puzzle
// with the estimate's solutions, interval, probes and whether it is a
// count.
func TestSolveEstimateJSON(t *testing.T) {
	out, stderr, code := runCLI(t, "", "solve", "--estimate", "--json", "-q", empty9, killer4, conflict)
	if code != 1 {
		t.Errorf("exit %d (stderr %q), want 1 for the invalid puzzle", code, stderr)
	}
	var got []jsonEstimated
	for line := range strings.Lines(out) {
		var j jsonEstimated
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, j)
	}
	if len(got) != 3 {
		t.Fatalf("got %d objects, want 3:\n%s", len(got), out)
	}
	if e := got[0].Estimate; got[0].Status != "estimated" || e == nil || e.Exact || e.Probes != 1000 || !(e.Low < 6.67e21 && 6.67e21 < e.High) || !(e.Low < e.Solutions && e.Solutions < e.High) {
		t.Errorf("empty 9x9: %+v %+v", got[0], got[0].Estimate)
	}
	if e := got[1].Estimate; got[1].Status != "counted" || got[1].Rules != "killer 4x4" || e == nil || *e != (jsonEstimate{Solutions: 8, Low: 8, High: 8, Exact: true}) {
		t.Errorf("4x4 killer: %+v %+v", got[1], got[1].Estimate)
	}
	if got[2].Status != "invalid" || got[2].Estimate != nil || got[2].Error == "" {
		t.Errorf("invalid: %+v", got[2])
	}
	if !strings.Contains(out, `"estimate":{"solutions":8,"low":8,"high":8,"probes":0,"exact":true}`) {
		t.Errorf("the estimate's shape: %s", out)
	}
}
