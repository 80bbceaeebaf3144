package main

import (
	"strings"
	"testing"
)

func TestCanonCommand(t *testing.T) {
	// easy with rows 1 and 3 swapped: an equivalent puzzle.
	moved := easy[18:27] + easy[9:18] + easy[:9] + easy[27:]
	canon, _, code := runCLI(t, "", "canon", "-q", easy)
	if code != 0 || len(strings.TrimSpace(canon)) != 81 {
		t.Fatalf("canon %s: got %q, exit %d", easy, canon, code)
	}
	file := writeFile(t, "p.txt", easy+"\n"+conflict+"\n"+twoSols+"\n")
	tests := []struct {
		name       string
		stdin      string
		args       []string
		code       int
		wantOut    func(string) bool
		wantErrHas string
	}{
		{"idempotent", "", []string{"canon", strings.TrimSpace(canon)}, 0, func(s string) bool { return s == canon }, "1 puzzle: 1 canonical"},
		{"stdin", easy + "\n", []string{"canon"}, 0, func(s string) bool { return s == canon }, "1 canonical"},
		{"equivalent", "", []string{"canon", moved}, 0, func(s string) bool { return s == canon }, "1 canonical"},
		{"file in order, bad line reported", "", []string{"canon", "-j", "2", file}, 1,
			func(s string) bool {
				l := strings.Split(s, "\n")
				return len(l) == 3 && l[0]+"\n" == canon && l[1] != l[0]
			},
			file + ":2:2: r1c1 and r1c2 are both 5"},
		{"bad j", "", []string{"canon", "-j", "0"}, 2, func(s string) bool { return s == "" }, "-j must be at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if !tt.wantOut(out) {
				t.Errorf("stdout: got %q (canonical of easy %q)", out, canon)
			}
			if !strings.Contains(stderr, tt.wantErrHas) {
				t.Errorf("stderr: got %q, want it to contain %q", stderr, tt.wantErrHas)
			}
		})
	}
}
