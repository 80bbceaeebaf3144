package logic

import (
	"fmt"
	"slices"
	"testing"

	"sudoku"
)

// masksAgree returns an error if b.DigitCells disagrees with b.Cands.
func masksAgree(b *Board) error {
	for d := 1; d <= 9; d++ {
		for c := range sudoku.Cell(81) {
			if b.DigitCells[d].Has(c) != b.Cands[c].Has(d) {
				return fmt.Errorf("digit %d at %v: DigitCells %v, Cands %v", d, c, b.DigitCells[d].Has(c), b.Cands[c])
			}
		}
	}
	for c := range sudoku.Cell(81) {
		if b.Empty.Has(c) != (b.Grid[c] == 0) {
			return fmt.Errorf("%v: Empty %v, digit %d", c, b.Empty.Has(c), b.Grid[c])
		}
	}
	return nil
}

func TestBoardMasks(t *testing.T) {
	g, err := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(g)
	if err := masksAgree(&b); err != nil {
		t.Fatalf("NewBoard: %v", err)
	}
	b.Place(sudoku.CellAt(0, 1), 1)
	if err := masksAgree(&b); err != nil {
		t.Fatalf("Place: %v", err)
	}
	b.Eliminate(sudoku.CellAt(8, 8), 9)
	b.Eliminate(sudoku.CellAt(8, 8), 9)
	if err := masksAgree(&b); err != nil {
		t.Fatalf("Eliminate: %v", err)
	}
	copyB := b
	copyB.Eliminate(sudoku.CellAt(4, 4), 2)
	if err := masksAgree(&b); err != nil {
		t.Errorf("original after eliminating in a copy: %v", err)
	}
	row := sudoku.House(0)
	if got, want := b.In(row, 1).Count(), 0; got != want {
		t.Errorf("places of 1 in row 1 after placing it: got %d, want %d", got, want)
	}
}

func TestCellSet(t *testing.T) {
	s := CellSetOf(0, 63, 64, 80)
	if got := s.Count(); got != 4 {
		t.Errorf("Count: got %d, want 4", got)
	}
	if got := s.Cells(nil); fmt.Sprint(got) != "[r1c1 r8c1 r8c2 r9c9]" {
		t.Errorf("Cells: got %v, want [r1c1 r8c1 r8c2 r9c9]", got)
	}
	if got := s.Remove(0).First(); got != 63 {
		t.Errorf("First: got %d, want 63", got)
	}
	if got := HouseSet(18 + 8).And(s).Cells(nil); fmt.Sprint(got) != "[r9c9]" {
		t.Errorf("box 9: got %v, want [r9c9]", got)
	}
	if got := PeerSet(40).Count(); got != 20 {
		t.Errorf("peers: got %d, want 20", got)
	}
	if !(CellSet{}).Empty() || (CellSet{}).First() != -1 {
		t.Errorf("empty set: not empty")
	}
}

// TestBoardPos checks that the per-house places stay in step with the
// candidates while a puzzle is solved.
func TestBoardPos(t *testing.T) {
	g, err := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(g)
	check := func(when string) {
		t.Helper()
		for h := range sudoku.House(27) {
			for d := 1; d <= 9; d++ {
				if got, want := b.Pos(h, d), b.Places(h, d); got != want {
					t.Fatalf("%s: Pos(%v, %d) = %09b, want %09b", when, h, d, got, want)
				}
			}
			if got, want := b.emptyCount(h), b.Empty.And(houseSets[h]).Count(); got != want {
				t.Fatalf("%s: emptyCount(%v) = %d, want %d", when, h, got, want)
			}
		}
		dead := false
		for c := range sudoku.Cell(81) {
			dead = dead || (b.Grid[c] == 0 && b.Cands[c] == 0)
		}
		if b.deadCell() != dead {
			t.Fatalf("%s: deadCell() = %v, want %v", when, b.deadCell(), dead)
		}
	}
	check("new board")
	b.Eliminate(1, 1)
	check("after an elimination")
	d := b
	for _, x := range d.Cands[2].Digits() {
		d.Eliminate(2, x)
	}
	if !d.deadCell() {
		t.Error("a cell with every candidate eliminated: deadCell() = false")
	}
	for c := range sudoku.Cell(81) {
		if b.Grid[c] == 0 && b.Cands[c] != 0 {
			b.Place(c, b.Cands[c].Digits()[0])
			check("after placing in " + c.String())
		}
	}
}

func TestFind(t *testing.T) {
	g, err := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(g)
	steps, err := Find(&b, "0002", 3)
	if err != nil || len(steps) == 0 || len(steps) > 3 {
		t.Fatalf("Find hidden singles: got %d steps, %v", len(steps), err)
	}
	for _, s := range steps {
		if s.Technique.Code != "0002" || len(s.Placements) != 1 {
			t.Errorf("got %v", &s)
		}
	}
	if _, err := Find(&b, "9999", 1); err == nil {
		t.Error("Find(9999): got no error")
	}
	if cs := Codes(); !slices.Contains(cs, "0901") || !slices.IsSorted(cs) {
		t.Errorf("Codes() = %v", cs)
	}
}
