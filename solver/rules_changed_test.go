package solver

import (
	"context"
	"testing"

	"sudoku"
)

// TestRulesChangedAfterSearch: rules changed between two searches are
// searched as they are now, not as the program compiled before them: a
// cage's sum made impossible, a cage taken away, a region redrawn.
func TestRulesChangedAfterSearch(t *testing.T) {
	ctx := context.Background()
	count := func(b *sudoku.Board) int {
		t.Helper()
		res, _ := Fast.Search(ctx, b, 1000)
		return res.Count
	}
	r, _ := sudoku.Sized(4)
	if err := r.AddCage([]int{0, 1}, 3, false); err != nil {
		t.Fatal(err)
	}
	b := sudoku.NewBoard(r)
	if got := count(b); got != 48 {
		t.Fatalf("4x4, r1c1+r1c2 = 3: %d solutions, want 48", got)
	}
	r.Cages[0].Sum = 20
	if got := count(b); got != 0 {
		t.Errorf("the sum changed to 20 after a search: %d solutions, want 0", got)
	}
	r.Cages[0].Sum = 3
	r.Cages[0].Cells[1] = 4 // r1c1 + r2c1
	if got, want := count(b), count(sudoku.NewBoard(r.Clone())); got != want {
		t.Errorf("a cage's cell moved after a search: %d solutions, want %d", got, want)
	}
	r.Cages = nil
	if got := count(b); got != 288 {
		t.Errorf("the cages taken away after a search: %d solutions, want 288", got)
	}
}

// BenchmarkFingerprint: the check each search of other rules makes that
// its rules are those compiled, on a 9x9 killer.
func BenchmarkFingerprint(b *testing.B) {
	r := sudoku.Classic()
	for c := 0; c < 81; c += 3 {
		if err := r.AddCage([]int{c, c + 1, c + 2}, 15, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		fingerprint(r)
	}
}
