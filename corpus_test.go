package sudoku_test

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
	"sudoku/render"
	"sudoku/solver"
)

// TestCorpus: every setter's puzzle of ../shared/data/variants/
// fpuzzles-ci.json (constraints of every kind f-puzzles and SudokuPad
// offer) is read, its solution keeps every constraint, the general solver
// finds that solution and proves it unique, it is drawn in SVG and PNG,
// and it is written back as f-puzzles JSON and as a link that read back
// to the same puzzle.
func TestCorpus(t *testing.T) {
	for _, p := range dataset.FPuzzles(t) {
		t.Run(p.Title, func(t *testing.T) {
			b, err := p.Board()
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			for _, k := range b.Rules.Constraints {
				if err := k.Check(p.Solution); err != nil {
					t.Errorf("the solution breaks %v: %v", k, err)
				}
			}
			corpusSolves(t, b, p.Solution)
			corpusDraws(t, b)
			corpusRoundTrip(t, b)
		})
	}
}

func corpusSolves(t *testing.T, b *sudoku.Board, want []uint8) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := solver.Fast.Search(ctx, b, 2)
	if err != nil || res.Count != 1 || !slices.Equal(res.Solution, want) {
		t.Errorf("solve: %d solutions after %d nodes (%v), want the one given", res.Count, res.Nodes, err)
	}
}

func corpusDraws(t *testing.T, b *sudoku.Board) {
	t.Helper()
	rb := render.Board{Rules: b.Rules, Cells: b.Cells}
	var svg, png bytes.Buffer
	if err := render.SVG(&svg, &rb, render.Options{}); err != nil {
		t.Errorf("SVG: %v", err)
	}
	if err := render.PNG(&png, &rb, render.Options{CellSize: 24}); err != nil {
		t.Errorf("PNG: %v", err)
	}
}

func corpusRoundTrip(t *testing.T, b *sudoku.Board) {
	t.Helper()
	link, err := sudoku.FormatFPuzzlesLink(b)
	if err != nil {
		t.Fatalf("write: %v", err)
	}
	back, err := sudoku.ParseFPuzzlesLink(link)
	if err != nil {
		t.Fatalf("read back: %v", err)
	}
	if !slices.Equal(back.Cells, b.Cells) || !slices.Equal(names(back.Rules.Constraints), names(b.Rules.Constraints)) || back.Rules.Name() != b.Rules.Name() {
		t.Errorf("read back as %s with %v\nwant %s with %v", back.Rules.Name(), names(back.Rules.Constraints), b.Rules.Name(), names(b.Rules.Constraints))
	}
}

// names lists the constraints by their names, sorted.
func names(cs []sudoku.Constraint) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	slices.Sort(out)
	return out
}
