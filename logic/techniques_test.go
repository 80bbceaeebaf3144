package logic

import (
	"fmt"
	"testing"

	"sudoku"
)

const testSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// boardWithout returns the solved grid with the given cells emptied.
func boardWithout(t *testing.T, cells ...sudoku.Cell) Board {
	t.Helper()
	g, ok := gridOf(testSolution)
	if !ok {
		t.Fatal("bad test solution")
	}
	for _, c := range cells {
		g[c] = 0
	}
	return NewBoard(g)
}

// keepOnly removes digit d from every cell of house h except keep.
func keepOnly(b *Board, h sudoku.House, d int, keep ...sudoku.Cell) {
	k := CellSetOf(keep...)
	for _, c := range h.Cells() {
		if !k.Has(c) {
			b.Eliminate(c, d)
		}
	}
}

func TestTechniques(t *testing.T) {
	r := func(row, col int) sudoku.Cell { return sudoku.CellAt(row-1, col-1) }
	tests := []struct {
		name  string
		stage string
		board func() Board
		want  string // the step's rating, placements and eliminations
	}{
		{"full house", "FullHouse", func() Board { return boardWithout(t, r(1, 1)) },
			"1.0 +[r1c1#5] -[]"},
		{"hidden single in a box", "HiddenSingle", func() Board {
			return boardWithout(t, r(1, 1), r(1, 2), r(2, 1), r(5, 5))
		}, "1.2 +[r1c2#3] -[]"}, // box 1 first, digits from 1: 3 before 5 and 6
		{"naked single", "NakedSingle", func() Board { return boardWithout(t, r(5, 5), r(5, 6)) },
			"2.3 +[r5c5#5] -[]"},
		{"pointing", "Pointing", func() Board {
			b := NewBoard(sudoku.Grid{})
			keepOnly(&b, 18, 2, r(1, 1), r(1, 2))
			return b
		}, "2.6 +[] -[r1c4#2 r1c5#2 r1c6#2 r1c7#2 r1c8#2 r1c9#2]"},
		{"claiming", "Claiming", func() Board {
			b := NewBoard(sudoku.Grid{})
			keepOnly(&b, 9, 3, r(1, 1), r(2, 1))
			return b
		}, "2.8 +[] -[r1c2#3 r1c3#3 r2c2#3 r2c3#3 r3c2#3 r3c3#3]"},
		{"naked pair", "NakedPair", func() Board {
			b := NewBoard(sudoku.Grid{})
			for _, c := range []sudoku.Cell{r(1, 1), r(2, 2)} {
				for d := 3; d <= 9; d++ {
					b.Eliminate(c, d)
				}
			}
			return b
		}, "3.0 +[] -[r1c2#1 r1c2#2 r1c3#1 r1c3#2 r2c1#1 r2c1#2 r2c3#1 r2c3#2 r3c1#1 r3c1#2 r3c2#1 r3c2#2 r3c3#1 r3c3#2]"},
		{"hidden pair", "HiddenPair", func() Board {
			b := NewBoard(sudoku.Grid{})
			keepOnly(&b, 4, 1, r(5, 1), r(5, 9))
			keepOnly(&b, 4, 2, r(5, 1), r(5, 9))
			return b
		}, "3.4 +[] -[r5c1#3 r5c1#4 r5c1#5 r5c1#6 r5c1#7 r5c1#8 r5c1#9 r5c9#3 r5c9#4 r5c9#5 r5c9#6 r5c9#7 r5c9#8 r5c9#9]"},
		{"X-Wing on rows", "XWing", func() Board {
			b := NewBoard(sudoku.Grid{})
			keepOnly(&b, 0, 1, r(1, 1), r(1, 5))
			keepOnly(&b, 4, 1, r(5, 1), r(5, 5))
			return b
		}, "3.2 +[] -[r2c1#1 r2c5#1 r3c1#1 r3c5#1 r4c1#1 r4c5#1 r6c1#1 r6c5#1 r7c1#1 r7c5#1 r8c1#1 r8c5#1 r9c1#1 r9c5#1]"},
		{"Swordfish on columns", "Swordfish", func() Board {
			b := NewBoard(sudoku.Grid{})
			keepOnly(&b, 9+1, 7, r(1, 2), r(4, 2))
			keepOnly(&b, 9+4, 7, r(4, 5), r(8, 5))
			keepOnly(&b, 9+7, 7, r(1, 8), r(8, 8))
			return b
		}, "3.8 +[] -[r1c1#7 r1c3#7 r1c4#7 r1c6#7 r1c7#7 r1c9#7 r4c1#7 r4c3#7 r4c4#7 r4c6#7 r4c7#7 r4c9#7 r8c1#7 r8c3#7 r8c4#7 r8c6#7 r8c7#7 r8c9#7]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.board()
			s, ok := finders[tt.stage](&b)
			if !ok {
				t.Fatalf("got no step, want %s", tt.want)
			}
			sortCandidates(s.Eliminations)
			got := fmt.Sprintf("%v +%v -%v", s.Rating, s.Placements, s.Eliminations)
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if s.Explain() == "" {
				t.Errorf("empty explanation")
			}
		})
	}
}

func TestDirectTechniques(t *testing.T) {
	r := func(row, col int) sudoku.Cell { return sudoku.CellAt(row-1, col-1) }
	// Box 1's 4s lie in row 1 (r1c1, r1c2), so row 1 loses its other 4s;
	// box 2 had 4 only in r1c4 and r2c5: r2c5 = 4 by direct pointing.
	b := NewBoard(sudoku.Grid{})
	keepOnly(&b, 18, 4, r(1, 1), r(1, 2))
	keepOnly(&b, 19, 4, r(1, 4), r(2, 5))
	s, ok := finders["DirectPointing"](&b)
	if !ok {
		t.Fatal("direct pointing: got none, want r2c5 = 4")
	}
	if got, want := fmt.Sprintf("%v %v", s.Rating, s.Placements), "1.7 [r2c5#4]"; got != want {
		t.Errorf("direct pointing: got %s, want %s", got, want)
	}
	// Row 1: 1 and 2 only in c1, c2; 3 only in c1, c2 and c9: a direct
	// hidden pair places 3 in r1c9.
	b = NewBoard(sudoku.Grid{})
	keepOnly(&b, 0, 1, r(1, 1), r(1, 2))
	keepOnly(&b, 0, 2, r(1, 1), r(1, 2))
	keepOnly(&b, 0, 3, r(1, 1), r(1, 2), r(1, 9))
	s, ok = finders["DirectHiddenPair"](&b)
	if !ok {
		t.Fatal("direct hidden pair: got none, want r1c9 = 3")
	}
	if got, want := fmt.Sprintf("%v %v", s.Rating, s.Placements), "2.0 [r1c9#3]"; got != want {
		t.Errorf("direct hidden pair: got %s, want %s", got, want)
	}
}
