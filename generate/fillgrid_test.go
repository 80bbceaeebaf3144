package generate

import (
	"slices"
	"testing"

	"sudoku"
)

// TestFillSmall: grids filled for the rules smallFill takes are solution
// grids, keep their givens and differ from seed to seed; the rules it
// does not take are named; a budget of one node fills nothing.
func TestFillSmall(t *testing.T) {
	six, _ := sudoku.Sized(6)
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	win := sudoku.Classic()
	win.Windoku = true
	knight := sudoku.Classic()
	knight.AntiKnight = true
	twelve, _ := sudoku.Sized(12)
	for _, tc := range []struct {
		name  string
		rules *sudoku.Rules
		takes bool
	}{
		{"classic", sudoku.Classic(), true},
		{"6x6", six, true},
		{"x", x, true},
		{"windoku", win, false},
		{"anti-knight", knight, false},
		{"12x12", twelve, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, ok := smallFill(tc.rules, nil)
			if ok != tc.takes {
				t.Fatalf("smallFill takes it: %v, want %v", ok, tc.takes)
			}
			if !ok {
				return
			}
			var grids [][]uint8
			for seed := range uint64(5) {
				r := Source(seed, 0)
				cells := make([]uint8, l.NN)
				cells[0] = 1
				if !fillSmall(l, cells, r, 1<<20) {
					t.Fatalf("seed %d: not filled", seed)
				}
				b := &sudoku.Board{Rules: tc.rules, Cells: cells}
				if err := b.Validate(); err != nil || !b.Full() || cells[0] != 1 {
					t.Fatalf("seed %d: %v (full %v, first cell %d)", seed, err, b.Full(), cells[0])
				}
				for _, g := range grids {
					if slices.Equal(g, cells) {
						t.Fatalf("seed %d: the same grid as an earlier seed", seed)
					}
				}
				grids = append(grids, cells)
			}
			if fillSmall(l, make([]uint8, l.NN), Source(1, 0), 1) {
				t.Error("filled within one search node")
			}
		})
	}
}
