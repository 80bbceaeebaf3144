package sudoku_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/solver"
)

// The f-puzzles corpus (../shared/data/variants/fpuzzles-ci.json, CC BY
// 4.0, not copied here) against the line kinds: every puzzle using one
// reads, its solution keeps every constraint, and the general solver
// finds that solution and proves it unique where every rule of the
// puzzle is read.

// corpusLineKinds are the f-puzzles keys of the line kinds.
var corpusLineKinds = []string{"palindrome", "clone", "whispers", "renban", "nabner", "entropicline", "modularline",
	"zipperline", "betweenline", "lockout", "regionsumline"}

type corpusLinePuzzle struct {
	Title      string   `json:"title"`
	Author     string   `json:"author"`
	Puzzle     string   `json:"puzzle"`
	Solution   string   `json:"solution"`
	Categories []string `json:"generatedCategories"`
}

// loadLineCorpus returns the corpus puzzles, skipping when ../shared is
// absent.
func loadLineCorpus(t *testing.T) []corpusLinePuzzle {
	data, err := os.ReadFile("../shared/data/variants/fpuzzles-ci.json")
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("../shared/data/variants/fpuzzles-ci.json is absent (shared data, see ../shared/README.md)")
	}
	if err != nil {
		t.Fatal(err)
	}
	var ps []corpusLinePuzzle
	if err := json.Unmarshal(data, &ps); err != nil {
		t.Fatal(err)
	}
	return ps
}

// linesShortBudget bounds the search of each puzzle under -short: Third-Degree
// Murder (entropic lines and killer cages on an empty grid) takes about
// 2.3 million nodes, some 20 seconds.
const linesShortBudget = 100_000

func TestCorpusLines(t *testing.T) {
	seen := 0
	for _, p := range loadLineCorpus(t) {
		if !slices.ContainsFunc(p.Categories, func(c string) bool { return slices.Contains(corpusLineKinds, c) }) {
			continue
		}
		seen++
		t.Run(p.Title, func(t *testing.T) {
			b, err := sudoku.ParseFPuzzlesLink(p.Puzzle)
			if err != nil {
				if strings.Contains(err.Error(), "not supported") && !mentionsLineKind(err.Error()) {
					t.Skipf("%q by %s uses a kind not read yet: %v", p.Title, p.Author, err)
				}
				t.Fatalf("%q by %s: %v", p.Title, p.Author, err)
			}
			sol := make([]uint8, len(p.Solution))
			for i, ch := range p.Solution {
				sol[i] = uint8(ch - '0')
			}
			for _, k := range b.Rules.Constraints {
				if err := k.Check(sol); err != nil {
					t.Errorf("the solution breaks %v: %v", k, err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			start := time.Now()
			var budget int64
			if testing.Short() {
				budget = linesShortBudget
			}
			res, err := solver.SearchBoardWithin(ctx, b, 2, budget)
			if errors.Is(err, solver.ErrBudget) {
				t.Skipf("%q by %s: not proven within %d nodes (-short)", p.Title, p.Author, budget)
			}
			if err != nil {
				t.Fatalf("search: %v", err)
			}
			if res.Count != 1 || !slices.Equal(res.Solution, sol) {
				t.Fatalf("%d solutions, first %v; want the given one alone", res.Count, res.Solution)
			}
			t.Logf("%q by %s: unique, %d nodes, %v", p.Title, p.Author, res.Nodes, time.Since(start).Round(time.Millisecond))
		})
	}
	if seen == 0 {
		t.Error("no corpus puzzle uses a line kind")
	}
}

// mentionsLineKind reports whether an error names one of the line kinds.
func mentionsLineKind(msg string) bool {
	_, list, _ := strings.Cut(msg, "not supported: ")
	list, _, _ = strings.Cut(list, " (")
	for _, k := range strings.Split(list, ", ") {
		if slices.Contains(corpusLineKinds, k) {
			return true
		}
	}
	return false
}
