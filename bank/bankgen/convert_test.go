package bankgen

import (
	"testing"

	"sudoku"
	"sudoku/logic"
)

func TestRatingRoundTrip(t *testing.T) {
	for _, r := range []logic.PuzzleRating{
		{ER: 15, EP: 12, ED: 10, Level: logic.Easy, Version: "v1"},
		{ER: 83, EP: 70, ED: 23, Level: logic.Diabolical, Version: "v2"},
	} {
		en := Entry(sudokuGrid(t), sudokuGrid(t), r, nil, "none", "test")
		if got := Rating(en); got != r {
			t.Errorf("Rating(Entry(%+v)) = %+v", r, got)
		}
		if en.Needs != nil {
			t.Errorf("Entry with no techniques: Needs %v, want nil", en.Needs)
		}
	}
}

func TestTrainsNil(t *testing.T) {
	if Trains(nil) != nil {
		t.Error("Trains(nil) is not nil")
	}
	if got := Trains([]logic.Trained{{}}); len(got) != 1 {
		t.Errorf("Trains of one = %v", got)
	}
}

func sudokuGrid(t *testing.T) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	return g
}
