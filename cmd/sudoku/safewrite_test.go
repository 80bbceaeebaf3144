package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFailedWriteKeepsFile: a render that fails (bad options, a puzzle
// with no solution) leaves the file named by --out as it was, and bad
// options are a usage error (exit 2).
func TestFailedWriteKeepsFile(t *testing.T) {
	const p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.png")
	book := filepath.Join(dir, "book.pdf")
	for _, f := range []string{keep, book} {
		if err := os.WriteFile(f, []byte("precious"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"cell size", []string{"render", "--cell", "5", "--out", keep, p}, 2},
		{"per page", []string{"render", "--per-page", "3", "--out", book, p}, 2},
		{"paper", []string{"render", "--paper", "A0", "--out", book, p}, 2},
		{"no puzzle", []string{"render", "--out", book, "nonsense"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (%s)", code, tc.code, stderr)
			}
			for _, f := range []string{keep, book} {
				if b, _ := os.ReadFile(f); string(b) != "precious" {
					t.Errorf("%s: got %d bytes, want the file kept", filepath.Base(f), len(b))
				}
			}
		})
	}
	if _, stderr, code := runCLI(t, "", "render", "--out", keep, p); code != 0 {
		t.Fatalf("render: %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(keep); len(b) < 100 || string(b[1:4]) != "PNG" {
		t.Errorf("keep.png not replaced by the drawing: %q", b[:min(8, len(b))])
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("files left beside the output: %v", entries)
	}
}
