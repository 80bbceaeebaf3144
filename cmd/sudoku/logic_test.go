package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestHintCommand(t *testing.T) {
	wrong := "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" // r1c3 = 1 is wrong
	tests := []struct {
		name   string
		args   []string
		code   int
		outHas string
		errHas string
	}{
		{"level 1", []string{"hint", easy}, 0, "Look for a ", ""},
		{"level 2", []string{"hint", "--level", "2", easy}, 0, " in ", ""},
		{"wrong entry", []string{"hint", "--level", "3", easy, wrong}, 0, "Wrong entries: r1c3 is 4, not 1.", ""},
		{"bad level", []string{"hint", "--level", "4", easy}, 2, "", "--level 4"},
		{"no puzzle", []string{"hint"}, 2, "", "want a puzzle"},
		{"several solutions", []string{"hint", twoSols}, 1, "", "more than one solution"},
		{"bad puzzle", []string{"hint", conflict}, 1, "", "r1c1 and r1c2 are both 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code || !strings.Contains(out, tt.outHas) || !strings.Contains(stderr, tt.errHas) {
				t.Errorf("got exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q", code, out, stderr, tt.code, tt.outHas, tt.errHas)
			}
		})
	}
}

func TestHintJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "hint", "--json", "--level", "3", easy)
	var h struct {
		Level int
		Text  string
		Cells []string
		Step  *struct{ Technique string }
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil || code != 0 {
		t.Fatalf("got %q (exit %d): %v", out, code, err)
	}
	if h.Level != 3 || h.Text == "" || h.Step == nil || h.Step.Technique == "" || len(h.Cells) == 0 {
		t.Errorf("got %+v, want a level-3 hint with its step", h)
	}
}

func TestExplainCommand(t *testing.T) {
	out, stderr, code := runCLI(t, "", "explain", easy)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "  1. ") || !strings.HasPrefix(lines[len(lines)-1], "ER ") {
		t.Errorf("got %q, want numbered steps then the rating", out)
	}
	// The Wikipedia puzzle has 51 empty cells: every step of its path
	// places a digit or removes candidates, and at least 51 steps place.
	if len(lines)-1 < 51 {
		t.Errorf("got %d steps, want at least 51", len(lines)-1)
	}
	out, _, code = runCLI(t, "", "explain", "--json", easy)
	var j struct {
		Steps  []json.RawMessage    `json:"steps"`
		Rating struct{ ER float64 } `json:"rating"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 || len(j.Steps) < 51 || j.Rating.ER <= 0 {
		t.Errorf("json: got %q (exit %d, err %v)", out, code, err)
	}
}

func TestRateCommand(t *testing.T) {
	file := writeFile(t, "p.txt", easy+"\n"+twoSols+"\n"+conflict+"\n")
	out, stderr, code := runCLI(t, "", "rate", file)
	if code != 1 {
		t.Errorf("exit code: got %d, want 1", code)
	}
	fields := strings.Fields(out)
	if len(fields) != 3 || fields[0] != easy || strings.Count(fields[1], "/") != 2 {
		t.Errorf("stdout: got %q, want one line: puzzle ER/EP/ED level", out)
	}
	for _, w := range []string{file + ":2: more than one solution", file + ":3:2: r1c1 and r1c2", "3 puzzles: 1 rated, 0 stuck, 1 not unique, 1 invalid"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr: got %q, want it to contain %q", stderr, w)
		}
	}
}

// TestHintTimeout: hint takes --timeout as every command that works on a
// puzzle does, and says what gave up in its words (issue 40: it had no
// limit of its own, a board's hint a fixed minute).
func TestHintTimeout(t *testing.T) {
	killer := "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"a killer past its limit", []string{"hint", "--timeout", "1ms", killer}, 1, "gave up after 1ms (--timeout; 0 for no limit)"},
		{"a negative limit", []string{"hint", "--timeout", "-1s", killer}, 2, "--timeout -1s: want a duration of 0 (no limit) or more"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.want)
			}
		})
	}
}
