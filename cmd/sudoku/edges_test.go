package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCommandEdges: the small edges a careless user meets, each with a
// clear message and the right exit status.
func TestCommandEdges(t *testing.T) {
	const p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	dir := t.TempDir()
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string // in stderr
	}{
		{"directory", "", []string{"solve", "-q", dir}, 1, dir + ": is a directory, not a puzzle file"},
		{"count 0", "", []string{"solve", "--count", "0", p}, 2, "--count 0"},
		{"er above the hardest", "", []string{"generate", "--er", "13-"}, 2, "no puzzle is known rated above 11.9"},
		{"rate a solved grid", "", []string{"rate", "-q", sol}, 1, "already solved"},
		{"binary first line", "PK\x03\x04\x14\x00\x08\x00zip\n" + p + "\n", []string{"solve", "-q"}, 1, "stdin:1:1: unexpected 'P'"},
		{"db empty", "", []string{"bank", "stats", "--db", ""}, 2, "--db ''"},
		{"db empty serve", "", []string{"serve", "--db", ""}, 2, "--db ''"},
		{"model solution directory", "", []string{"model", "--read-solution", dir, p}, 1, "is a directory, not a CBC solution file"},
		{"model solution and out", "", []string{"model", "--read-solution", dir, "--out", "m.lp", p}, 2, "--read-solution reads one and writes no file"},
		{"scan out stdout", "", []string{"scan", "--out", "-", "photo.jpg"}, 2, "--out -: the grid read goes to stdout"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		tests = append(tests, struct {
			name  string
			stdin string
			args  []string
			code  int
			want  string
		}{"endless input", "", []string{"solve", "-q", "/dev/zero"}, 1, "/dev/zero:1: line too long"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("got exit %d, stderr %q; want %d and %q", code, stderr, tc.code, tc.want)
			}
		})
	}
}

// TestSolveRandomBytes: a megabyte of random bytes (as head -c 1000000
// /dev/urandom gives, seeded here) on stdin ends promptly with exit 1 and
// a few error lines, the last saying the input is binary.
func TestSolveRandomBytes(t *testing.T) {
	for seed := range uint64(5) {
		rng := rand.New(rand.NewPCG(seed, 1))
		in := make([]byte, 1_000_000)
		for i := range in {
			in[i] = byte(rng.Uint32())
		}
		start := time.Now()
		_, stderr, code := runCLI(t, string(in), "solve", "-q")
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		binary := regexp.MustCompile(`^stdin:\d+: binary input \(NUL bytes or control characters on lines \d+-\d+\): not a puzzle file; stopped reading$`)
		if code != 1 || len(lines) > 10 || !slices.ContainsFunc(lines, binary.MatchString) || time.Since(start) > 10*time.Second {
			t.Errorf("seed %d: exit %d after %v, %d lines of stderr:\n%.1000s", seed, code, time.Since(start), len(lines), stderr)
		}
	}
}

func TestJobsCapped(t *testing.T) {
	const p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	_, stderr, code := runCLI(t, "", "solve", "-j", "100000000", p)
	if want := fmt.Sprintf("-j %d)", maxJobs()); code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("got exit %d, %q, want -j capped at %d", code, stderr, maxJobs())
	}
}
