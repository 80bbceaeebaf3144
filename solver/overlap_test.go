package solver

import (
	"context"
	"errors"
	"slices"
	"testing"

	"sudoku"
	"sudoku/internal/fixture"
)

// fixtureBoard reads a fixture's text.
func fixtureBoard(t *testing.T, text string) *sudoku.Board {
	t.Helper()
	b, _, err := sudoku.ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOverlappingCages: a killer whose cages overlap keeps the cages that
// overlap nothing in Rules.Cages and the others as killer constraints;
// every board engine that takes constraints (General, backtracking)
// finds its one solution, and without the overlapping cage finds two;
// the engines that do not take them (the bitboard engine, dancing links)
// refuse the board by name rather than answer for another puzzle.
func TestOverlappingCages(t *testing.T) {
	ctx := context.Background()
	for _, k := range fixture.Killers {
		t.Run(k.Name, func(t *testing.T) {
			b, loose := fixtureBoard(t, k.FPuzzles(true)), fixtureBoard(t, k.FPuzzles(false))
			if len(b.Rules.Cages) != len(k.Cages) || len(b.Rules.Constraints) != len(k.Over) || b.Rules.Constraints[0].Kind() != "killer" {
				t.Fatalf("read %d cages and constraints %v, want %d cages and %d killer constraints", len(b.Rules.Cages), b.Rules.Constraints, len(k.Cages), len(k.Over))
			}
			want := fixture.Digits(k.Solution)
			engines := []Engine{Fast, Backtrack}
			if k.Size > 6 {
				engines = engines[:1] // plain backtracking takes minutes on a 9x9 killer without givens
			}
			for _, e := range engines {
				r, err := Solve(ctx, e, b)
				if err != nil || !slices.Equal(r.Solution, want) {
					t.Errorf("%s: got %v, %v; want %v", e.Name(), r.Solution, err, want)
				}
				if _, err := Solve(ctx, e, loose); !errors.Is(err, sudoku.ErrMultipleSolutions) {
					t.Errorf("%s without the overlapping cage: got %v, want several solutions", e.Name(), err)
				}
			}
			for _, e := range []Engine{Bitboard, DLX} {
				if r, err := Solve(ctx, e, b); !errors.Is(err, ErrUnsupported) && (err != nil || !slices.Equal(r.Solution, want)) {
					t.Errorf("%s: got %v, %v; want the solution or a refusal", e.Name(), r.Solution, err)
				}
			}
		})
	}
}

// TestOverlappingCagesTrueCandidates: the true candidates of a killer
// with overlapping cages are its solution, and without the overlapping
// cage those of its several solutions: a digit is one exactly when the
// board with that digit given has a solution.
func TestOverlappingCagesTrueCandidates(t *testing.T) {
	ctx := context.Background()
	for _, k := range fixture.Killers {
		t.Run(k.Name, func(t *testing.T) {
			b, loose := fixtureBoard(t, k.FPuzzles(true)), fixtureBoard(t, k.FPuzzles(false))
			tc, err := TrueCandidates(ctx, b, 0)
			if err != nil || !tc.Complete || tc.Solutions != 1 {
				t.Fatalf("got %d solutions, complete %v, %v; want 1", tc.Solutions, tc.Complete, err)
			}
			for c, d := range fixture.Digits(k.Solution) {
				if tc.Cells[c] != sudoku.DigitOf(int(d)) {
					t.Errorf("%s: got %v, want %d alone", sudoku.CellName(k.Size, c), tc.Cells[c], d)
				}
			}
			tc, err = TrueCandidates(ctx, loose, 0)
			if err != nil || !tc.Complete || tc.Solutions < 2 {
				t.Fatalf("without the overlapping cage: got %d solutions, complete %v, %v; want several", tc.Solutions, tc.Complete, err)
			}
			for c := range loose.Cells {
				if want := possibleDigits(t, loose, c); tc.Cells[c] != want {
					t.Errorf("without the overlapping cage, %s: got %v, want %v", sudoku.CellName(k.Size, c), tc.Cells[c], want)
				}
			}
		})
	}
}

// possibleDigits returns the digits of cell c that some solution of b
// has, trying each given in turn.
func possibleDigits(t *testing.T, b *sudoku.Board, c int) sudoku.Digits {
	t.Helper()
	var out sudoku.Digits
	for d := 1; d <= b.Size(); d++ {
		p := b.Clone()
		p.Cells[c] = uint8(d)
		if p.Validate() != nil {
			continue
		}
		r, err := Fast.Search(context.Background(), p, 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Count > 0 {
			out |= sudoku.DigitOf(d)
		}
	}
	return out
}

// TestSplitJigsaw: a jigsaw whose regions do not all touch is solved by
// every board engine that takes it, to its one solution.
func TestSplitJigsaw(t *testing.T) {
	b := fixtureBoard(t, fixture.SplitJigsaw6)
	if got := b.Rules.SplitRegions(); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("split regions %v, want [0 1] (labels f and a, numbered as they come)", got)
	}
	want := fixture.Digits(fixture.SplitJigsaw6Solution)
	for _, e := range Engines() {
		r, err := Solve(context.Background(), e, b)
		if errors.Is(err, ErrUnsupported) {
			continue
		}
		if err != nil || !slices.Equal(r.Solution, want) {
			t.Errorf("%s: got %v, %v; want %v", e.Name(), r.Solution, err, want)
		}
	}
}

// TestPencilMarksEngines: the candidates an f-puzzles setter gives
// (givenPencilMarks, Board.Marks) are rules to every board engine: with
// them the puzzle has one solution, without them two.
func TestPencilMarksEngines(t *testing.T) {
	ctx := context.Background()
	b, loose := fixtureBoard(t, fixture.PencilMarked4(true)), fixtureBoard(t, fixture.PencilMarked4(false))
	if b.Marks == nil || b.Marks[0] != sudoku.DigitOf(1)|sudoku.DigitOf(2) {
		t.Fatalf("marks %v, want 1 and 2 at r1c1", b.Marks)
	}
	want := fixture.Digits(fixture.PencilMarked4Solution)
	for _, e := range Engines() {
		r, err := Solve(ctx, e, b)
		if errors.Is(err, ErrUnsupported) {
			continue
		}
		if err != nil || !slices.Equal(r.Solution, want) {
			t.Errorf("%s: got %v, %v; want %v", e.Name(), r.Solution, err, want)
		}
		if _, err := Solve(ctx, e, loose); !errors.Is(err, sudoku.ErrMultipleSolutions) {
			t.Errorf("%s without the marks: got %v, want several solutions", e.Name(), err)
		}
	}
	tc, err := TrueCandidates(ctx, b, 0)
	if err != nil || tc.Cells[0] != sudoku.DigitOf(1) || tc.Cells[2] != sudoku.DigitOf(3) {
		t.Errorf("true candidates of r1c1, r1c3: %v, %v (%v); want 1 and 3", tc.Cells[0], tc.Cells[2], err)
	}
}
