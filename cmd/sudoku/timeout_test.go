package main

import (
	"strings"
	"testing"
	"time"

	fx "sudoku/internal/fixture"
)

// TestTimeout: --timeout bounds the work of one puzzle in every command
// that solves; a puzzle given up fails with a message naming the flag, is
// counted "timed out", and the run exits 1 well before the work would
// end (counting 10^6 solutions of an empty 25x25 takes minutes).
func TestTimeout(t *testing.T) {
	empty25 := strings.Repeat(".", 625)
	slow16 := fx.SlowKiller16().FPuzzles(false) // gophersat: minutes
	tests := []struct {
		name string
		args []string
	}{
		{"count general", []string{"solve", "--count", "1000000", "--timeout", "200ms", empty25}},
		{"count dlx", []string{"solve", "--engine", "dlx", "--count", "1000000", "--timeout", "200ms", empty25}},
		{"count backtrack", []string{"solve", "--engine", "backtrack", "--count", "1000000", "--timeout", "200ms", empty25}},
		{"count classic", []string{"solve", "--count", "1000000000", "--timeout", "200ms", strings.Repeat(".", 81)}},
		{"ilp killer", []string{"solve", "--engine", "ilp", "--timeout", "200ms", slow16}},
		{"general killer", []string{"solve", "--timeout", "200ms", slow16}},
		{"count classic backtrack", []string{"solve", "--engine", "backtrack", "--count", "100000000", "--timeout", "200ms", strings.Repeat(".", 81)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			out, errs, code := runCLI(t, "", tt.args...)
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v: the timeout did not stop the search", d)
			}
			if code != 1 || out != "" {
				t.Errorf("exit %d, stdout %q: want 1 and nothing", code, out)
			}
			for _, want := range []string{"gave up after 200ms (--timeout", "1 timed out"} {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr %q lacks %q", errs, want)
				}
			}
		})
	}
}

func TestTimeoutUsage(t *testing.T) {
	for _, cmd := range []string{"solve", "rate", "explain", "render", "bank import", "generate", "hint"} {
		args := append(strings.Fields(cmd), "--timeout", "-1s", "x")
		if _, errs, code := runCLI(t, "", args...); code != 2 || !strings.Contains(errs, "--timeout -1s") {
			t.Errorf("%s: exit %d, stderr %q: want 2 and the flag named", cmd, code, errs)
		}
	}
}

// TestGenerateTimeout: --timeout bounds each puzzle generate makes, classic
// and of other rules; a puzzle not made in time is given up, naming the
// flag (there was no limit: a 16x16 killer took its minutes).
func TestGenerateTimeout(t *testing.T) {
	for _, args := range [][]string{
		{"generate", "--er", "11-", "--seed", "1", "--timeout", "200ms"},
		{"generate", "--variant", "killer", "--size", "16", "--seed", "1", "--timeout", "200ms"},
	} {
		start := time.Now()
		out, errs, code := runCLI(t, "", args...)
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%v: took %v", args, d)
		}
		if code != 1 || out != "" || !strings.Contains(errs, "gave up after 200ms (--timeout") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want 1, nothing and the flag named", args, code, out, errs)
		}
	}
}
