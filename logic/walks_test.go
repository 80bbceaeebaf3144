package logic

import (
	"bufio"
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/tally"
)

// walkBoards are boards of both engines: a 6x6 (the engine for any
// rules) and two of each variant set of testdata/variants-se.txt (the
// classic engine's geometries).
func walkBoards(t *testing.T) []*sudoku.Board {
	t.Helper()
	lines := []string{hint6}
	f, err := os.Open("testdata/variants-se.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	per := map[string]int{}
	for sc := bufio.NewScanner(f); sc.Scan(); {
		fs := strings.Fields(sc.Text())
		if len(fs) == 3 && !strings.HasPrefix(fs[0], "#") && per[fs[1]] < 2 {
			per[fs[1]]++
			lines = append(lines, fs[0]+" "+fs[1])
		}
	}
	var out []*sudoku.Board
	for _, line := range lines {
		b, _, err := sudoku.ParseBoard(line)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// TestExplainBoardOneWalk guards issue 41.2: ExplainBoard gives
// PathBoard's steps and RateBoard's rating from one walk, compiling
// nothing when handed the layout.
func TestExplainBoardOneWalk(t *testing.T) {
	ctx := context.Background()
	for _, b := range walkBoards(t) {
		name := b.Rules.Name()
		path, perr := PathBoard(ctx, b)
		rt, rerr := RateBoard(ctx, b)
		l, err := b.Rules.Layout()
		if err != nil {
			t.Fatal(err)
		}
		start := tally.Now()
		gotPath, gotRating, err := ExplainBoard(ctx, b, l)
		if got, want := tally.Since(start), (tally.Counts{Walks: 1}); got != want {
			t.Errorf("%s: ExplainBoard %+v, want %+v", name, got, want)
		}
		if !reflect.DeepEqual(gotPath, path) || gotRating != rt || (err == nil) != (perr == nil) || (rerr == nil) != (perr == nil) {
			t.Errorf("%s: ExplainBoard gives %d steps, %+v, %v; PathBoard %d steps, %v; RateBoard %+v, %v", name, len(gotPath), gotRating, err, len(path), perr, rt, rerr)
		}
	}
}

// TestNextBoardHintCompilesOnce: a hint compiles the rules once for its
// search, its step and the words of its units, which it hands back
// (Where) so that the caller need not compile them again.
func TestNextBoardHintCompilesOnce(t *testing.T) {
	for _, b := range walkBoards(t) {
		for level := 1; level <= 3; level++ {
			start := tally.Now()
			h, err := NextBoardHint(context.Background(), b, nil, nil, level)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := tally.Since(start), (tally.Counts{Layouts: 1}); got != want {
				t.Errorf("%s level %d: %+v, want %+v", b.Rules.Name(), level, got, want)
			}
			if level == 2 && len(h.Where) != len(h.Units) {
				t.Errorf("%s: %d units, %d named", b.Rules.Name(), len(h.Units), len(h.Where))
			}
		}
	}
}
