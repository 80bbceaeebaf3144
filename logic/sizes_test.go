package logic

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"sudoku"
)

// sizedPuzzle is a puzzle of testdata/sizes-generated.txt with its
// solution.
type sizedPuzzle struct {
	text string
	b    *sudoku.Board
	sol  []uint8
}

// sizedPuzzles reads testdata/sizes-generated.txt: each puzzle's line is
// followed by its solution's.
func sizedPuzzles(t *testing.T) []sizedPuzzle {
	t.Helper()
	lines := killerLines(t, "sizes-generated.txt")
	if len(lines)%2 != 0 {
		t.Fatalf("%d lines: a puzzle without its solution", len(lines))
	}
	var out []sizedPuzzle
	for i := 0; i < len(lines); i += 2 {
		b, _, err := sudoku.ParseBoard(lines[i])
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		s, _, err := sudoku.ParseBoard(lines[i+1])
		if err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
		out = append(out, sizedPuzzle{lines[i], b, s.Cells})
	}
	return out
}

// stepFaults lists how the steps of path break solution sol: a digit
// placed that is not the solution's, a solution digit removed.
func stepFaults(path []BoardStep, sol []uint8, n int) []string {
	var out []string
	for i, st := range path {
		for _, p := range st.Placements {
			if sol[p.Cell] != uint8(p.Digit) {
				out = append(out, fmt.Sprintf("step %d (%s) places %d in %s, the solution has %d", i+1, st.Technique, p.Digit, sudoku.CellName(n, p.Cell), sol[p.Cell]))
			}
		}
		for _, e := range st.Eliminations {
			if sol[e.Cell] == uint8(e.Digit) {
				out = append(out, fmt.Sprintf("step %d (%s) removes %d from %s, the solution's digit", i+1, st.Technique, e.Digit, sudoku.CellName(n, e.Cell)))
			}
		}
	}
	return out
}

// TestSizedPathsSound replays the logic on our generator's puzzles of
// sizes 4, 6, 8, 12 and 16 and on 6x6 and 12x12 killers (the engine for
// any rules), step by step against their solutions: no step is wrong,
// and every puzzle is solved to the end (the forcing chains finish the
// 16x16s its other techniques left stuck: 8 of the 20 before them).
func TestSizedPathsSound(t *testing.T) {
	ps := sizedPuzzles(t)
	solved := map[int]int{}
	total := map[int]int{}
	for _, p := range ps {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		path, err := PathBoard(ctx, p.b)
		cancel()
		n := p.b.Size()
		total[n]++
		for _, f := range stepFaults(path, p.sol, n) {
			t.Errorf("%s: %s", p.text, f)
		}
		if err != nil {
			t.Errorf("%s: %v after %d steps", p.text, err, len(path))
			continue
		}
		solved[n]++
	}
	t.Logf("solved by size: %v of %v", solved, total)
}

// TestStepFaultsCaught: the soundness check the step replays use fails
// on a wrong step: a path with one elimination of a solution digit
// injected, or one placement changed, is reported.
func TestStepFaultsCaught(t *testing.T) {
	p := sizedPuzzles(t)[5] // a 6x6
	path, err := PathBoard(context.Background(), p.b)
	if err != nil || len(path) < 2 {
		t.Fatalf("path: %v, %d steps", err, len(path))
	}
	n := p.b.Size()
	if f := stepFaults(path, p.sol, n); len(f) > 0 {
		t.Fatalf("the path itself is wrong: %v", f)
	}
	bad := append([]BoardStep(nil), path...)
	c := path[1].Placements[0].Cell
	bad[1].Eliminations = append(append([]BoardCandidate(nil), bad[1].Eliminations...), BoardCandidate{c, int(p.sol[c])})
	if f := stepFaults(bad, p.sol, n); len(f) != 1 || !strings.Contains(f[0], "removes") {
		t.Errorf("an injected wrong elimination: got %v", f)
	}
	bad = append([]BoardStep(nil), path...)
	pl := bad[0].Placements[0]
	bad[0].Placements = []BoardCandidate{{pl.Cell, pl.Digit%n + 1}}
	if f := stepFaults(bad, p.sol, n); len(f) != 1 || !strings.Contains(f[0], "places") {
		t.Errorf("an injected wrong placement: got %v", f)
	}
}
