package logic

import (
	"testing"

	"sudoku"
)

// Every technique's enumerator takes a solved board without a panic and
// finds nothing on it (a BUG enumerator once indexed an empty cell list).
func TestFindOnSolvedBoard(t *testing.T) {
	g, err := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range Codes() {
		b := NewBoard(g)
		steps, err := Find(&b, code, 1)
		if err != nil || len(steps) > 0 {
			t.Errorf("%s on a solved board: %d steps, %v", code, len(steps), err)
		}
	}
}
