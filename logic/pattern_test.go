package logic

import (
	"context"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// TestBoardStepPattern: the next step of boards of both engines (the
// constraint fixture's 9x9s, the sizes fixture's 4x4 to 16x16) carries
// a pattern to colour: candidates still on the position, none of them
// one the step removes; a chain's links come with the technique table's
// steps.
func TestBoardStepPattern(t *testing.T) {
	ps, err := dataset.ReadFPuzzles("testdata/constraints.json")
	if err != nil {
		t.Fatal(err)
	}
	boards := 0
	for _, p := range ps {
		b, err := p.Board()
		if err != nil {
			t.Fatal(err)
		}
		checkPattern(t, p.Title, nextBoardStep(t, b))
		boards++
	}
	for _, p := range sizedPuzzles(t) {
		checkPattern(t, p.text, nextBoardStep(t, p.b))
		boards++
	}
	if boards < 40 {
		t.Errorf("%d boards", boards)
	}
}

func checkPattern(t *testing.T, name string, st BoardStep) {
	t.Helper()
	if len(st.Pattern) == 0 && len(st.Links) == 0 {
		t.Errorf("%s: %s step without a pattern: %s", name, st.Technique, st.Text)
	}
	gone := map[BoardCandidate]bool{}
	for _, e := range st.Eliminations {
		gone[e] = true
	}
	for _, c := range st.Pattern {
		if gone[c] {
			t.Errorf("%s: the pattern holds %v, which the step removes", name, c)
		}
	}
}

// NextBoardStep is NextBoard's step, failing the test on an error.
func nextBoardStep(t *testing.T, b *sudoku.Board) BoardStep {
	t.Helper()
	st, err := NextBoard(context.Background(), b)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return st
}
