package logic

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestPlain(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"eliminations by digit", "so 3 goes: r4c4<>3, r5c5<>3, r6c4<>1",
			"so 3 goes: take 1 out of row 6, column 4; take 3 out of row 4, column 4 and row 5, column 5"},
		{"placement", "r1c9 = 6: in box 3", "row 1, column 9 is 6: in box 3"},
		{"cell list", "can only go in r2c7,r3c7, which", "can only go in row 2, column 7 and row 3, column 7, which"},
		{"three cells", "r1c1, r1c2, r1c3 hold", "row 1, column 1; row 1, column 2 and row 1, column 3 hold"},
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
