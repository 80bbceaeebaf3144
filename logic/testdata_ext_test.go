package logic_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// This file reads the fixtures of testdata/ for the tests of package
// logic_test, so that a clone without ../shared runs them (see
// testdata_test.go for package logic's).

// withShared runs f as the subtest "shared" when ../shared is present.
// Without it, it logs that the fixture alone was checked: the test itself
// is not skipped.
func withShared(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	if _, err := dataset.Dir(); err != nil {
		t.Log("../shared absent: the fixture alone was checked")
		return
	}
	t.Run("shared", f)
}

// soloFixture reads testdata/<name>: Solo game IDs, each puzzle's line
// followed by its solution's, '#' lines comments. It returns the puzzles
// by their Solo parameters ("2x3", "3x3x", "9j", ...), in the file's
// order of first appearance.
func soloFixture(t *testing.T, name string) (kinds []string, byKind map[string][]dataset.Variant) {
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil || len(lines)%2 != 0 {
		t.Fatalf("%s: %v, %d lines (want a solution after each puzzle)", name, err, len(lines))
	}
	byKind = map[string][]dataset.Variant{}
	for i := 0; i < len(lines); i += 2 {
		b, err := sudoku.ParseSolo(lines[i])
		sol, err2 := sudoku.ParseSolo(lines[i+1])
		if err != nil || err2 != nil {
			t.Fatalf("%s: %v %v", name, err, err2)
		}
		kind, _, _ := strings.Cut(lines[i], ":")
		if byKind[kind] == nil {
			kinds = append(kinds, kind)
		}
		byKind[kind] = append(byKind[kind], dataset.Variant{ID: lines[i], Board: b, Solution: sol.Cells})
	}
	return kinds, byKind
}
