package generate

import (
	"strings"
	"testing"

	"sudoku"
)

func TestSymmetryOf(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		want   Symmetry
	}{
		{"none", "..6..8.....73..5.....1..2.....452...3..........4.1...6.1.64..8..4....9....8.97...", None},
		{"rot180 pattern", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", Rot180},
		{"both mirrors: the first", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", Horizontal},
		{"centre only", strings.Repeat(".", 40) + "5" + strings.Repeat(".", 40), Dihedral},
		{"row 1 mirrored", "1...2...3" + strings.Repeat(".", 72), Vertical},
		{"diagonal", "1" + strings.Repeat(".", 9) + "2" + strings.Repeat(".", 70), Diagonal},
		{"anti-diagonal", "........1" + strings.Repeat(".", 7) + "2" + strings.Repeat(".", 64), AntiDiagonal},
		{"corners", "1.......2" + strings.Repeat(".", 63) + "3.......4", Dihedral},
		{"empty", strings.Repeat(".", 81), Dihedral},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := sudoku.Parse(tt.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if got := SymmetryOf(g); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
