package sudoku

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSudokuPadLinkSlash: a SudokuPad link whose compressed puzzle holds
// a '/' (base64 does) reads whole, as it is and path-escaped. The puzzle
// is render's thermometer, kropki and XV 6x6 (our own).
func TestSudokuPadLinkSlash(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("render", "testdata", "thermo-dots-xv.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseFPuzzles(js)
	if err != nil {
		t.Fatal(err)
	}
	// The title goes into the code: retitle the puzzle until its code
	// holds a '/'.
	code := ""
	for i := 0; i < 100 && !strings.Contains(code, "/"); i++ {
		b.Meta.Title = "Thermo, dots and XV " + strings.Repeat("I", i+1)
		link, err := FormatFPuzzlesLink(b)
		if err != nil {
			t.Fatal(err)
		}
		code = strings.TrimPrefix(link, "https://www.f-puzzles.com/?load=")
	}
	if !strings.Contains(code, "/") {
		t.Fatal("the code holds no '/': the test tests nothing")
	}
	want, _ := FormatFPuzzles(b)
	for _, l := range []string{"https://sudokupad.app/fpuzzles" + code, "https://sudokupad.app/fpuzzles" + url.PathEscape(code)} {
		got, _, err := ParseBoard(l)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if out, _ := FormatFPuzzles(got); string(out) != string(want) {
			t.Errorf("%s reads as\n%s\nwant\n%s", l, out, want)
		}
	}
}
