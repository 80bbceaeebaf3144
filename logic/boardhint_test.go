package logic

import (
	"context"
	"slices"
	"testing"

	"sudoku"
)

// A 6x6 puzzle of our generator (seed 1) and its solution.
const (
	hint6    = "..3.....4..1.16..54....2..1..4....5."
	hint6Sol = "123546564321216435435612351264642153"
)

// NextBoardHint words wrong entries and wrong notes as the classic hints
// do, then gives the next step, its place at level 2 and the step with a
// capital and a full stop at level 3.
func TestNextBoardHint(t *testing.T) {
	b, _, err := sudoku.ParseBoard(hint6)
	if err != nil {
		t.Fatal(err)
	}
	wrong := make([]uint8, 36)
	wrong[0] = 2 // r1c1 is 1
	notes := make([]sudoku.Digits, 36)
	notes[0] = sudoku.DigitOf(2) | sudoku.DigitOf(3)
	tests := []struct {
		name    string
		entries []uint8
		marks   []sudoku.Digits
		level   int
		text    string
		cells   []int
	}{
		{"wrong entry, level 1", wrong, nil, 1, "One of your entries is wrong: find it before going on.", nil},
		{"wrong entry, level 2", wrong, nil, 2, "Check r1c1: it is not right.", []int{0}},
		{"wrong entry, level 3", wrong, nil, 3, "Wrong entries: r1c1 is 1, not 2.", []int{0}},
		{"wrong notes, level 3", nil, notes, 3, "Your notes leave out the right digit: r1c1 is 1.", []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := NextBoardHint(context.Background(), b, tt.entries, tt.marks, tt.level)
			if err != nil || h.Text != tt.text || !slices.Equal(h.Cells, tt.cells) {
				t.Errorf("got %q %v (%v), want %q %v", h.Text, h.Cells, err, tt.text, tt.cells)
			}
		})
	}
	for level := 1; level <= 3; level++ {
		h, err := NextBoardHint(context.Background(), b, nil, nil, level)
		if err != nil || h.Step == nil || h.Text == "" || h.Text[0] < 'A' || h.Text[0] > 'Z' || h.Text[len(h.Text)-1] != '.' {
			t.Errorf("level %d: %q (%v)", level, h.Text, err)
			continue
		}
		for _, p := range h.Step.Placements {
			if hint6Sol[p.Cell]-'0' != byte(p.Digit) {
				t.Errorf("level %d: places %d in cell %d", level, p.Digit, p.Cell)
			}
		}
	}
	if _, err := NextBoardHint(context.Background(), b, make([]uint8, 3), nil, 1); err == nil {
		t.Error("3 entries on a 6x6: no error")
	}
}
