package main

import (
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/tally"
)

// TestExplainWalksOnce guards issue 41.2: explain on a puzzle of other
// rules compiles its rules once (beyond what reading the puzzle takes)
// and solves it once by logic; generate --variant compiles the rules once
// for the command and once per puzzle's own rules (plus the f-puzzles
// writer's).
func TestExplainWalksOnce(t *testing.T) {
	for _, v := range []string{"kropki", "xv", "thermo", "jigsaw"} {
		t.Run(v, func(t *testing.T) {
			start := tally.Now()
			out, stderr, code := runCLI(t, "", "generate", "--variant", v, "-n", "1", "--seed", "1")
			if code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			if got := tally.Since(start); got.Walks != 0 || v != "jigsaw" && got.Layouts > 3 {
				t.Errorf("generate --variant %s -n 1: %+v, want no walk and at most 3 compiles", v, got)
			}
			puzzle := strings.SplitN(out, "\n", 2)[0]
			start = tally.Now()
			if _, _, err := sudoku.ParseBoard(puzzle); err != nil {
				t.Fatal(err)
			}
			parse := tally.Since(start).Layouts
			path := writeFile(t, "p.txt", puzzle)
			start = tally.Now()
			out, stderr, code = runCLI(t, "", "explain", path)
			if code != 0 || !strings.Contains(out, "ER ") {
				t.Fatalf("explain: exit %d: %s%s", code, out, stderr)
			}
			if got, want := tally.Since(start), (tally.Counts{Layouts: parse + 1, Walks: 1}); got != want {
				t.Errorf("explain: %+v, want %+v", got, want)
			}
		})
	}
}
