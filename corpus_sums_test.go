package sudoku_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/solver"
)

// The f-puzzles corpus of ../shared (33 puzzles, CC BY 4.0, read in
// place, never copied): every puzzle with one of the kinds of the sums
// family reads, its solution keeps every constraint, and where its other
// kinds are those already proven (thermometers, dots, drawings ...) the
// general solver finds that solution and proves it unique.

// sumKinds are the kinds the sums family adds.
var sumKinds = []string{"arrow", "doublearrow", "littlekillersum", "sandwichsum", "xsum", "skyscraper", "quadruple",
	"minimum", "maximum", "rowindexer", "columnindexer", "boxindexer"}

// provenKinds are kinds besides those that the solver test may rely on.
var provenKinds = []string{"thermometer", "slowthermometer", "difference", "ratio", "xv", "text", "line", "rectangle", "circle", "cage"}

// corpusPuzzle is one entry of fpuzzles-ci.json.
type corpusPuzzle struct {
	Title, Author, License string
	Puzzle, Solution       string
	Categories             []string `json:"generatedCategories"`
}

// readCorpus reads the shared corpus, skipping when it is absent.
func readCorpus(t *testing.T) []corpusPuzzle {
	t.Helper()
	path := filepath.Join("..", "shared", "data", "variants", "fpuzzles-ci.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("skipping: %v (the shared data is absent)", err)
	}
	var ps []corpusPuzzle
	if err := json.Unmarshal(data, &ps); err != nil {
		t.Fatal(err)
	}
	return ps
}

// usesSums reports whether the puzzle's categories name a kind of the
// family.
func usesSums(p corpusPuzzle) bool {
	return slices.ContainsFunc(p.Categories, func(c string) bool { return slices.Contains(sumKinds, c) })
}

// unsupported returns the keys a refused puzzle names as not supported.
func unsupported(err error) []string {
	msg := err.Error()
	i := strings.Index(msg, "not supported: ")
	if i < 0 {
		return nil
	}
	list, _, _ := strings.Cut(msg[i+len("not supported: "):], " (")
	return strings.Split(list, ", ")
}

// corpusBoard reads a corpus puzzle; nil (with a log) when it needs a
// kind of another family not yet registered.
func corpusBoard(t *testing.T, p corpusPuzzle) *sudoku.Board {
	t.Helper()
	b, err := sudoku.ParseFPuzzlesLink(p.Puzzle)
	if err == nil {
		return b
	}
	missing := unsupported(err)
	if len(missing) == 0 || slices.ContainsFunc(missing, func(k string) bool { return slices.Contains(sumKinds, k) }) {
		t.Fatalf("%s: %v", p.Title, err)
	}
	t.Logf("%s: not read yet, it needs %s (another family)", p.Title, strings.Join(missing, ", "))
	return nil
}

// solutionCells reads the corpus solution of b's size.
func solutionCells(t *testing.T, b *sudoku.Board, s string) []uint8 {
	t.Helper()
	if len(s) != len(b.Cells) {
		t.Fatalf("solution of %d digits for %d cells", len(s), len(b.Cells))
	}
	out := make([]uint8, len(s))
	for i := range s {
		d, ok := sudoku.ParseDigit(s[i])
		if !ok {
			t.Fatalf("solution digit %q", s[i])
		}
		out[i] = uint8(d)
	}
	return out
}

// onlyProven reports whether every constraint of b is of the family or
// of the kinds proven before.
func onlyProven(b *sudoku.Board) bool {
	for _, c := range b.Rules.Constraints {
		if !slices.Contains(sumKinds, c.Kind()) && !slices.Contains(provenKinds, c.Kind()) {
			return false
		}
	}
	return true
}

func TestCorpusSums(t *testing.T) {
	for _, p := range readCorpus(t) {
		if !usesSums(p) {
			continue
		}
		t.Run(p.Title, func(t *testing.T) {
			b := corpusBoard(t, p)
			if b == nil {
				return
			}
			sol := solutionCells(t, b, p.Solution)
			full := b.Clone()
			copy(full.Cells, sol)
			for _, c := range b.Rules.Constraints {
				if err := c.Check(sol); err != nil {
					t.Errorf("%v: the solution breaks it: %v", c, err)
				}
			}
			if err := full.Validate(); err != nil {
				t.Errorf("the solution fails the rules: %v", err)
			}
			if !onlyProven(b) {
				t.Logf("%s: read and checked; not solved here (other families' kinds)", p.Title)
				return
			}
			start := time.Now()
			res, err := solver.General.SearchBoard(context.Background(), b, 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != 1 || !slices.Equal(res.Solution, sol) {
				t.Fatalf("%d solutions, first %v; want the corpus's only one", res.Count, res.Solution)
			}
			t.Logf("%s (%s, %s): unique, %d nodes, %d guesses, %v", p.Title, p.Author, p.License, res.Nodes, res.Guesses, time.Since(start).Round(time.Microsecond))
		})
	}
}
