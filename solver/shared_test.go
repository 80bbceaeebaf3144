package solver

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sudoku"
)

// sharedDir returns the path of ../shared seen from the module root (the
// directory holding go.mod), found by walking up from the working
// directory, and an error text when it is absent.
func sharedDir() (string, string) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err.Error()
	}
	dir := wd
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "no go.mod above " + wd
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(shared); err != nil {
		return "", err.Error()
	}
	return shared, ""
}

var puzzleCache sync.Map // file name -> []sudoku.Grid

// loadPuzzles reads ../shared/data/puzzles/<file> (path from the module
// root): one puzzle a line, 81 characters, '1'-'9' a given, '.' or '0'
// empty; lines starting with '#' and blank lines are skipped. It skips the
// test with a clear message when the data are absent and fails it on a
// malformed line. The result is cached and shared: callers must not modify
// it.
func loadPuzzles(tb testing.TB, file string) []sudoku.Grid {
	tb.Helper()
	if v, ok := puzzleCache.Load(file); ok {
		return v.([]sudoku.Grid)
	}
	shared, why := sharedDir()
	if shared == "" {
		tb.Skipf("../shared/data/puzzles not found: %s", why)
	}
	path := filepath.Join(shared, "data", "puzzles", file)
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			tb.Skipf("../shared/data/puzzles not found: %v", err)
		}
		tb.Fatalf("loadPuzzles: %v", err)
	}
	defer f.Close()
	var out []sudoku.Grid
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if len(line) != 81 {
			tb.Fatalf("%s:%d: %d characters, want 81", path, n, len(line))
		}
		var g sudoku.Grid
		for i := 0; i < 81; i++ {
			switch ch := line[i]; {
			case ch == '.' || ch == '0':
			case ch >= '1' && ch <= '9':
				g[i] = ch - '0'
			default:
				tb.Fatalf("%s:%d:%d: unexpected %q", path, n, i+1, ch)
			}
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("loadPuzzles %s: %v", path, err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	puzzleCache.Store(file, out)
	return out
}
