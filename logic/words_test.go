package logic

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sudoku"
)

func TestPlain(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"eliminations by digit", "so 3 goes: r4c4<>3, r5c5<>3, r6c4<>1",
			"so 3 goes: remove 3 from row 4, column 4 and row 5, column 5; remove 1 from row 6, column 4"},
		{"killer cells named once", "a cage of 9 allows only 4+5, 3+6, so r1c1<>1/2/9, r2c1<>1/2/9",
			"a cage of 9 allows only 4+5, 3+6, so remove 1, 2 and 9 from row 1, column 1 and row 2, column 1"},
		{"cells losing two digits", "nowhere else: r1c1<>2, r1c1<>7, r2c1<>7",
			"nowhere else: remove 2 and 7 from row 1, column 1; remove 7 from row 2, column 1"},
		{"placement", "r1c9 = 6: in box 3", "Row 1, column 9 is 6: in box 3"},
		{"cell list", "can only go in r2c7,r3c7, which", "can only go in row 2, column 7 and row 3, column 7, which"},
		{"three cells", "r1c1, r1c2, r1c3 hold", "Row 1, column 1; row 1, column 2 and row 1, column 3 hold"},
		{"one cell", "whatever r2c7 holds", "whatever row 2, column 7 holds"},
		{"no cells", "in box 6, 1 can only go", "in box 6, 1 can only go"},
		{"capital cell first", "R2c4 = 1: the cages reaching out", "Row 2, column 4 is 1: the cages reaching out"},
		{"Row word not a cell", "Rule of 45", "Rule of 45"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Plain(tt.in); got != tt.want {
				t.Errorf("Plain(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestPlainPaths: no solver notation is left in the words of any step of
// the golden paths.
func TestPlainPaths(t *testing.T) {
	left := regexp.MustCompile(`r[1-9]c[1-9]|<>`)
	ps := readRated(t, "testdata/se-rated-sample.txt", 0)
	for i := 0; i < len(ps); i += 4 {
		path, _ := Path(ps[i].grid)
		for _, s := range path {
			if p := Plain(s.Explain()); left.MatchString(p) {
				t.Errorf("%s: %q keeps notation", s.Technique.Name, p)
			}
		}
	}
}

// TestSummaryEveryTechnique: every technique named in the package's
// sources has a one-line summary.
func TestSummaryEveryTechnique(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	var src []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, b...)
	}
	names := regexp.MustCompile(`Name: +"([^"]+)"`).FindAllStringSubmatch(string(src), -1)
	// The techniques of boards of any rules: their names are constants,
	// or set as the Technique of a step in the finders.
	names = append(names, regexp.MustCompile(`(?m)^\s+any\w+ += "([^"]+)"`).FindAllStringSubmatch(string(src), -1)...)
	names = append(names, regexp.MustCompile(`Technique: +"([^"]+)"`).FindAllStringSubmatch(string(src), -1)...)
	if len(names) < 50 {
		t.Fatalf("found %d technique names in the sources, want the 60 or so registered", len(names))
	}
	for _, m := range names {
		if Summary(m[1]) == "" {
			t.Errorf("technique %q has no summary", m[1])
		}
	}
	if Summary("no such thing") != "" || !strings.HasSuffix(Summary("X-Wing"), ".") {
		t.Error("Summary of an unknown name is not empty, or X-Wing's is not a sentence")
	}
}

// TestRemovals: eliminations in words, digits leaving the same cells
// together.
func TestRemovals(t *testing.T) {
	c := func(r, col, d int) Candidate { return Candidate{Cell: sudoku.Cell((r-1)*9 + col - 1), Digit: d} }
	for _, tc := range []struct {
		name string
		es   []Candidate
		want string
	}{
		{"one", []Candidate{c(1, 3, 2)}, "remove 2 from r1c3"},
		{"one digit, two cells", []Candidate{c(1, 5, 3), c(1, 8, 3)}, "remove 3 from r1c5 and r1c8"},
		{"two digits, one cell", []Candidate{c(8, 1, 9), c(8, 1, 1)}, "remove 1 and 9 from r8c1"},
		{"two digits, other cells", []Candidate{c(7, 7, 4), c(8, 2, 5), c(8, 2, 7)}, "remove 4 from r7c7, and 5 and 7 from r8c2"},
		{"three digits, one cell", []Candidate{c(8, 1, 9), c(8, 1, 1), c(8, 1, 5)}, "remove 1, 5 and 9 from r8c1"},
		{"same cells apart", []Candidate{c(1, 1, 2), c(2, 2, 3), c(1, 1, 4)}, "remove 2 and 4 from r1c1, and 3 from r2c2"},
	} {
		if got := bxRemovals(tc.es); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
