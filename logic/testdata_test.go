package logic

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// This file lets a clone without ../shared run the data tests: each test
// checks a fixture of testdata/ (testdata/README.md says what each is and
// how it was made) and, when ../shared is there, the shared data as well.

var update = flag.Bool("update", false, "rewrite the golden files and technique cases of testdata/")

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

// fixture reads the puzzles of testdata/<name> as readRated does.
func fixture(tb testing.TB, name string) []ratedPuzzle {
	tb.Helper()
	return readRated(tb, filepath.Join("testdata", name), 0)
}

// gridsOf returns the grids of ps.
func gridsOf(ps []ratedPuzzle) []sudoku.Grid {
	gs := make([]sudoku.Grid, len(ps))
	for i := range ps {
		gs[i] = ps[i].grid
	}
	return gs
}

// shortHash is the first 12 hex digits of the SHA-256 of s: golden files
// keep it for text too long to keep whole.
func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:6])
}

// golden compares lines with the golden file testdata/<name>, or writes
// them there with -update. full, if not nil, holds for each line the text
// it summarises, shown for the first lines that differ.
func golden(t *testing.T, name string, lines, full []string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d lines to %s", len(lines), path)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run '%s' -update records it)", err, t.Name())
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	bad := 0
	for i := range max(len(lines), len(want)) {
		var g, w string
		if i < len(lines) {
			g = lines[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g == w {
			continue
		}
		if bad++; bad <= 5 {
			t.Errorf("%s line %d differs:\n got %.600s\nwant %.600s", name, i+1, g, w)
			if full != nil && i < len(full) {
				t.Logf("computed in full: %.2000s", full[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d lines differ from %s (%d recorded); -update records the new ones once the change is understood", bad, len(lines), name, len(want))
	}
}

// cached runs f once per key and keeps its result for the tests that
// share a fixture.
func cached[T any](key string, f func() T) T {
	v, _ := fixtureCache.LoadOrStore(key, sync.OnceValue(f))
	return v.(func() T)()
}

var fixtureCache sync.Map // key -> func() T
