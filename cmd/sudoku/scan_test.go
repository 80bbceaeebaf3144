package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fixture = "../../vision/testdata/printed-image1.jpg"

func TestScanCommand(t *testing.T) {
	dir := t.TempDir()
	notImage := writeFile(t, "note.jpg", "not a photo")
	out := filepath.Join(dir, "solved.png")
	tests := []struct {
		name       string
		args       []string
		code       int
		wantOutHas []string
		wantErrHas []string
	}{
		{"line", []string{"scan", "--no-exif", fixture}, 0, []string{"...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4..."}, nil},
		{"solve", []string{"scan", "--no-exif", "--solve", fixture}, 0, []string{"...7...8.", "\n253716984897423165416895273721658349964237851538149627642971538379582416185364792\n"}, nil},
		{"grid", []string{"scan", "--no-exif", "--format", "grid", fixture}, 0, []string{"------+-------+------"}, nil},
		{"overlay", []string{"scan", "--no-exif", "--out", out, fixture}, 0, nil, nil},
		{"not an image", []string{"scan", notImage}, 1, nil, []string{notImage + ": not a readable image"}},
		{"missing file", []string{"scan", filepath.Join(dir, "nope.jpg")}, 1, nil, []string{"nope.jpg"}},
		{"no photo", []string{"scan"}, 2, nil, []string{"no photo given"}},
		{"bad format", []string{"scan", "--format", "xml", fixture}, 2, nil, []string{"unknown format"}},
		{"out with two photos", []string{"scan", "--out", out, fixture, fixture}, 2, nil, []string{"--out takes one photo"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runCLI(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			for _, s := range tc.wantOutHas {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout %q lacks %q", stdout, s)
				}
			}
			for _, s := range tc.wantErrHas {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr %q lacks %q", stderr, s)
				}
			}
		})
	}
	if st, err := os.Stat(out); err != nil || st.Size() < 1000 {
		t.Errorf("overlay not written: %v", err)
	}
}

func TestScanJSON(t *testing.T) {
	stdout, stderr, code := runCLI(t, "", "scan", "--json", "--solve", "--no-exif", fixture)
	if code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr)
	}
	var j scanJSON
	if err := json.Unmarshal([]byte(stdout), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Puzzle) != 81 || len(j.Solution) != 81 || len(j.Confidence) != 81 || len(j.Corners) != 4 {
		t.Errorf("got %+v, want puzzle, solution, 81 confidences and 4 corners", j)
	}
}

func TestScanEval(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{".jpg", ".dat"} {
		b, err := os.ReadFile("../../vision/testdata/printed-image1" + ext)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "image1"+ext), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdout, stderr, code := runCLI(t, "", "scan", "--eval", dir)
	if code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr)
	}
	for _, s := range []string{"1 photos", "grids fully correct: 1/1", "cell accuracy:       81/81", "time per photo"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("stdout %q lacks %q", stdout, s)
		}
	}
	if _, _, code := runCLI(t, "", "scan", "--eval", dir, "--split", "validation"); code != 1 {
		t.Errorf("validation split of a dir without validation photos: got exit %d, want 1", code)
	}
	if _, _, code := runCLI(t, "", "scan", "--eval", dir, "--split", "heldout2"); code != 1 {
		t.Errorf("heldout2 split of a dir with image1 only: got exit %d, want 1", code)
	}
	stdout, stderr, code = runCLI(t, "", "scan", "--eval", dir, "--split", "heldout1", "--model", "../../vision/model.bin")
	if code != 0 || !strings.Contains(stdout, "grids fully correct: 1/1") {
		t.Errorf("heldout1 split with --model: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, args := range [][]string{{"--split", "heldout5"}, {"--split", "heldoutx"}} {
		if _, _, code := runCLI(t, "", append([]string{"scan", "--eval", dir}, args...)...); code != 2 {
			t.Errorf("%v: got exit %d, want 2", args, code)
		}
	}
	if _, _, code := runCLI(t, "", "scan", "--eval", dir, "--model", filepath.Join(dir, "image1.dat")); code != 1 {
		t.Errorf("--model with a file that is no model: got exit %d, want 1", code)
	}
}
