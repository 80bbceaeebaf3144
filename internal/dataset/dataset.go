// Package dataset finds the project's shared data sets for tests and
// benchmarks: the folder ../shared beside the module root (puzzle sets,
// rated puzzles, photos). Every function skips the calling test with a
// clear message when the data are absent, so tests pass on a machine
// without them; CI always has them.
package dataset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"sudoku"
)

// Dir returns the path of ../shared seen from the module root, the nearest
// directory above the working directory that holds go.mod.
func Dir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	dir := wd
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", wd)
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(shared); err != nil {
		return "", err
	}
	return shared, nil
}

// Path returns the path of rel inside ../shared (for example
// "data/puzzles/17-clue.txt"), skipping the test when it is absent.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	dir, err := Dir()
	if err != nil {
		tb.Skipf("../shared not found (%v): skipping", err)
	}
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("../shared/%s not found (%v): skipping", rel, err)
	}
	return p
}

var cache sync.Map // rel -> []sudoku.Puzzle

// Records reads every puzzle of the file rel inside ../shared with
// sudoku.Scanner (any text form; annotations such as ratings kept), and
// fails the test on a malformed record. The result is cached and shared:
// callers must not modify it.
func Records(tb testing.TB, rel string) []sudoku.Puzzle {
	tb.Helper()
	if v, ok := cache.Load(rel); ok {
		return v.([]sudoku.Puzzle)
	}
	p := Path(tb, rel)
	recs, err := read(p)
	if err != nil {
		tb.Fatal(err)
	}
	cache.Store(rel, recs)
	return recs
}

func read(path string) ([]sudoku.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []sudoku.Puzzle
	sc := sudoku.NewScanner(f)
	for sc.Scan() {
		p := sc.Puzzle()
		if p.Err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, p.Line, p.Err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, errors.New(path + ": no puzzles")
	}
	return out, nil
}

var gridCache sync.Map // file -> []sudoku.Grid

// Puzzles returns the grids of ../shared/data/puzzles/<file>. The result is
// cached and shared: callers must not modify it.
func Puzzles(tb testing.TB, file string) []sudoku.Grid {
	tb.Helper()
	if v, ok := gridCache.Load(file); ok {
		return v.([]sudoku.Grid)
	}
	recs := Records(tb, "data/puzzles/"+file)
	gs := make([]sudoku.Grid, len(recs))
	for i := range recs {
		gs[i] = recs[i].Grid
	}
	gridCache.Store(file, gs)
	return gs
}
