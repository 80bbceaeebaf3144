package ilp

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sudoku"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenCases are the models written to testdata/: the MathWorks puzzle in
// every format and both clue styles, and the Chinese article's sums model.
func goldenCases(t testing.TB) []struct {
	file   string
	m      *Model
	format string
} {
	var cases []struct {
		file   string
		m      *Model
		format string
	}
	add := func(file string, m *Model, err error, format string) {
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct {
			file   string
			m      *Model
			format string
		}{file, m, format})
	}
	for _, st := range []ClueStyle{ClueRows, ClueBounds} {
		for _, f := range Formats {
			m, err := New(sudoku.BoardOf(grid(t, mathworks)), Options{Clues: st})
			add("mathworks-"+st.String()+"."+f, m, err, f)
		}
	}
	m, err := NewSums(grid(t, article), Options{})
	add("article-sums.lp", m, err, "lp")
	return cases
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.file, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, c.m, c.format); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", c.file)
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./ilp/ -update to create it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s differs from the writer's output (run go test ./ilp/ -update and review the diff)", path)
			}
		})
	}
}
