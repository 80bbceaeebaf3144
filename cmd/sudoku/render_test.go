package main

import (
	"image"
	_ "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const renderPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestRenderCommand(t *testing.T) {
	two := renderPuzzle + "\n" + renderPuzzle + "\n"
	tests := []struct {
		name       string
		stdin      string
		args       []string
		code       int
		outHas     string
		wantErrHas string
	}{
		{"svg to stdout", "", []string{"render", "--format", "svg", renderPuzzle}, 0, "<svg", ""},
		{"pdf to stdout", two, []string{"render", "--per-page", "2", "--rate"}, 0, "%PDF-", ""},
		{"bad line skipped", "1234\n" + renderPuzzle + "\n", []string{"render"}, 1, "%PDF-", "stdin:1: got 4 cells, want 81"},
		{"unsolvable with --solution", "11" + renderPuzzle[2:] + "\n", []string{"render", "--solution"}, 1, "", "stdin:1"},
		{"png of two", two, []string{"render", "--format", "png"}, 2, "", "png draws one puzzle, got 2"},
		{"bad format", "", []string{"render", "--format", "gif", renderPuzzle}, 2, "", `format "gif"`},
		{"bad per page", "", []string{"render", "--per-page", "3", renderPuzzle}, 2, "", "3 boards per page"},
		{"per page 0", "", []string{"render", "--per-page", "0", renderPuzzle}, 2, "", "--per-page 0: want 1, 2, 4 or 6"},
		{"bad cell", "", []string{"render", "--format", "svg", "--cell", "2", renderPuzzle}, 2, "", "cell size out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Fatalf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if !strings.Contains(out, tt.outHas) {
				t.Errorf("stdout: got %.60q, want it to contain %q", out, tt.outHas)
			}
			if !strings.Contains(stderr, tt.wantErrHas) {
				t.Errorf("stderr: got %q, want it to contain %q", stderr, tt.wantErrHas)
			}
		})
	}
}

func TestRenderPNGFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "board.png")
	if _, stderr, code := runCLI(t, "", "render", "--solution", "--cell", "30", "--out", path, renderPuzzle); code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, format, err := image.DecodeConfig(f)
	if err != nil || format != "png" || cfg.Width < 9*30 {
		t.Errorf("got %+v %q %v, want a PNG at least %d wide", cfg, format, err, 9*30)
	}
}
