package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the command line with stdin and returns stdout, stderr and the
// exit code.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, env: func(string) string { return "" }}
	code := run(e, args)
	return out.String(), errb.String(), code
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, 2, "usage: sudoku"},
		{"help", []string{"help"}, 0, "solve"},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d", code, tt.code)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr: got %q, want it to contain %q", stderr, tt.want)
			}
		})
	}
}
