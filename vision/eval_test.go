package vision

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sudoku"
)

func TestInSplit(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		split     string
		in, known bool
	}{
		{"all", 7, "all", true, true},
		{"validation: a multiple of 5", 10, "validation", true, true},
		{"validation: not", 11, "validation", false, true},
		{"train", 11, "train", true, true},
		{"train: not validation", 15, "train", false, true},
		{"heldout1", 16, "heldout1", true, true},
		{"heldout4: not", 16, "heldout4", false, true},
		{"heldout5 unknown", 5, "heldout5", false, false},
		{"heldoutx unknown", 5, "heldoutx", false, false},
		{"heldout0 unknown", 5, "heldout0", false, false},
		{"unknown", 5, "test", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if in, known := InSplit(tt.n, tt.split); in != tt.in || known != tt.known {
				t.Errorf("InSplit(%d, %q) = %v, %v, want %v, %v", tt.n, tt.split, in, known, tt.in, tt.known)
			}
		})
	}
}

func TestEvaluationAdd(t *testing.T) {
	truth := sudoku.Grid{1, 2, 0, 0}
	var ev Evaluation
	ev.Add("image1.jpg", &Result{Grid: truth}, nil, truth)
	ev.Add("image2.jpg", &Result{Grid: sudoku.Grid{1, 3, 4, 0, 5}}, nil, truth) // 2 as 3, 2 empties as digits
	ev.Add("image3.jpg", nil, ErrNoGrid, truth)                                 // 2 digits as empty
	want := Evaluation{Photos: 3, NoGrid: 1, GridsOK: 1, Cells: 243, CellsOK: 243 - 5, Digits: 6, DigitsOK: 3,
		EmptyAsFilled: 2, FilledAsEmpty: 2, Failed: []string{"image2.jpg (3)", "image3.jpg (2)"}}
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("got %+v, want %+v", ev, want)
	}
}

// copyPhoto copies testdata's photo name (with its .dat) to dir as imageN.
func copyPhoto(t *testing.T, dir, name, as string) {
	t.Helper()
	for _, ext := range []string{".jpg", ".dat"} {
		b, err := os.ReadFile(filepath.Join("testdata", name+ext))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, as+ext), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEvaluate(t *testing.T) {
	dir := t.TempDir()
	copyPhoto(t, dir, "printed-image1", "image1")
	copyPhoto(t, dir, "printed-image21", "image21")
	ctx := context.Background()
	ev, err := Evaluate(ctx, dir, "all", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Photos != 2 || ev.Cells != 162 || ev.Digits == 0 || ev.Elapsed <= 0 {
		t.Errorf("got %+v, want 2 photos of 81 cells, digits and a time", ev)
	}
	if ev, err := Evaluate(ctx, dir, "heldout1", Options{}); err != nil || ev.Photos != 2 {
		t.Errorf("heldout1 (N mod 5 = 1): got %+v, %v, want both photos", ev, err)
	}
	for _, split := range []string{"validation", "heldout2"} {
		if _, err := Evaluate(ctx, dir, split, Options{}); !errors.Is(err, ErrNoPhotos) || !strings.Contains(err.Error(), dir) {
			t.Errorf("%s: got %v, want ErrNoPhotos naming %s", split, err, dir)
		}
	}
	if _, err := Evaluate(ctx, dir, "heldout5", Options{}); err == nil || errors.Is(err, ErrNoPhotos) {
		t.Errorf("unknown split: got %v, want an error", err)
	}
	os.WriteFile(filepath.Join(dir, "image21.dat"), []byte("phone\ncamera\n1 2 3\n"), 0o644)
	if _, err := Evaluate(ctx, dir, "all", Options{}); err == nil || !strings.Contains(err.Error(), "image21.dat") {
		t.Errorf("a bad truth file: got %v, want an error naming it", err)
	}
}
