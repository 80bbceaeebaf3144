package logic

import (
	"errors"
	"strings"
	"testing"

	"sudoku"
)

// The Wikipedia example puzzle (public domain) and its solution.
const (
	wikiPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	wikiSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func mustLine(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, _, err := sudoku.ParseLine(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNextHintLevels(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	var steps [4]Hint
	for level := 1; level <= 3; level++ {
		h, err := NextHint(p, p, level)
		if err != nil {
			t.Fatalf("level %d: %v", level, err)
		}
		steps[level] = h
		if h.Level != level || h.Step == nil || len(h.Wrong) != 0 {
			t.Errorf("level %d: got %+v, want a step hint at that level", level, h)
		}
	}
	name := strings.ToLower(steps[1].Step.Technique.Name)
	if got, want := steps[1].Text, "Look for a "+name+"."; got != want {
		t.Errorf("level 1: got %q, want %q", got, want)
	}
	if len(steps[1].Cells)+len(steps[1].Houses) != 0 {
		t.Errorf("level 1 highlights %v %v, want nothing", steps[1].Cells, steps[1].Houses)
	}
	if !strings.HasPrefix(steps[2].Text, "Look for a "+name+" in ") || len(steps[2].Cells)+len(steps[2].Houses) == 0 {
		t.Errorf("level 2: got %q highlighting %v %v, want where to look", steps[2].Text, steps[2].Cells, steps[2].Houses)
	}
	if got, want := steps[3].Text, steps[3].Step.Explain(); got != want || got == "" {
		t.Errorf("level 3: got %q, want the step's explanation %q", got, want)
	}
	sol := mustLine(t, wikiSolution)
	for _, pl := range steps[3].Step.Placements {
		if int(sol[pl.Cell]) != pl.Digit {
			t.Errorf("level 3 places %v, but the solution has %d there", pl, sol[pl.Cell])
		}
	}
}

func TestNextHintWrongEntries(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	pos := p
	pos[2] = 1 // r1c3 is 4 in the solution
	pos[3] = 6 // r1c4 is right
	tests := []struct {
		level int
		want  string
		cells int
	}{
		{1, "One of your entries is wrong", 0},
		{2, "Check r1c3: it is not right.", 1},
		{3, "Wrong entries: r1c3 is 4, not 1.", 1},
	}
	for _, tt := range tests {
		h, err := NextHint(p, pos, tt.level)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(h.Text, tt.want) || len(h.Cells) != tt.cells || h.Step != nil {
			t.Errorf("level %d: got %q (cells %v, step %v), want %q with %d cells and no step", tt.level, h.Text, h.Cells, h.Step, tt.want, tt.cells)
		}
		if len(h.Wrong) != 1 || h.Wrong[0] != 2 {
			t.Errorf("level %d: wrong = %v, want [r1c3]", tt.level, h.Wrong)
		}
	}
}

func TestNextHintErrors(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	changed := p
	changed[0] = 4
	two := mustLine(t, "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179")
	tests := []struct {
		name        string
		puzzle, pos sudoku.Grid
		level       int
		want        error
	}{
		{"level 0", p, p, 0, nil},
		{"given changed", p, changed, 1, ErrEntriesBreakGivens},
		{"several solutions", two, two, 1, sudoku.ErrMultipleSolutions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NextHint(tt.puzzle, tt.pos, tt.level)
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestNextHintSolved(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	h, err := NextHint(p, mustLine(t, wikiSolution), 2)
	if err != nil || h.Text != "The puzzle is solved." {
		t.Errorf("got %q, %v, want the puzzle solved", h.Text, err)
	}
}
