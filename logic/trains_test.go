package logic_test

import (
	"context"
	"testing"

	"sudoku/generate"
	. "sudoku/logic"
)

// TestTrainsSinglesOnly: a puzzle rated 1.5 or less (full houses and
// hidden singles) trains nothing, which lets a bank skip working out the
// path of such puzzles.
func TestTrainsSinglesOnly(t *testing.T) {
	for i := range 50 {
		p, err := generate.Generate(context.Background(), generate.Options{MinER: 10, MaxER: 15}, generate.Source(11, i))
		if err != nil {
			t.Fatal(err)
		}
		path, err := Path(p.Grid())
		if err != nil || RatePath(path).ER > 15 {
			t.Fatalf("%s: rated %v (%v), want 1.5 or less", p.Grid().Line('.'), RatePath(path).ER, err)
		}
		if got := Trains(p.Grid(), path); len(got) > 0 {
			t.Errorf("%s: rated %v, trains %v", p.Grid().Line('.'), RatePath(path).ER, got)
		}
	}
}
