package solver

import (
	"context"
	"testing"

	"sudoku"
)

// kindFixtures are small random puzzles of rellik cages and counting
// circles (made for these tests, ours), written as Interactive Sudoku
// Solver writes them, with the number of solutions ISS counts for each
// (node tools/perf/benchmark_puzzles.js --max-backtracks none --solutions
// 300 --input ...).
var kindFixtures = []struct {
	iss  string
	want int
}{
	{".Shape~4x4.RellikCage~1~R4C2~R4C1~R4C3.RellikCage~2~R1C2~R2C2.~R2C1_1~R3C1_3~R3C3_4~R2C2_3~R2C3_2", 1},
	{".Shape~4x4.RellikCage~4~R3C2~R4C2.RellikCage~6~R2C2~R1C2~R3C2.RellikCage~2~R2C2~R1C2~R2C1.~R4C3_1~R3C1_1", 3},
	{".Shape~6x6.RellikCage~3~R6C5~R5C5.RellikCage~8~R4C6~R3C6.RellikCage~4~R5C3~R4C3~R4C4.RellikCage~8~R3C2~R3C1~R2C2.RellikCage~4~R2C6~R1C6~R2C5~R2C4.RellikCage~7~R5C1~R6C1~R6C2.RellikCage~4~R6C1~R6C2~R5C2~R4C2.~R2C4_5~R3C5_6~R6C3_3~R3C4_1", 11},
	{".Shape~6x6.RellikCage~17~R1C1~R1C2~R2C2~R1C3.RellikCage~3~R5C2~R4C2.RellikCage~10~R1C6~R1C5~R2C5~R1C4.RellikCage~2~R3C4~R4C4~R3C5~R2C5.~R5C4_4~R6C3_5~R3C4_5~R3C6_4~R5C5_5", 0},
	{".Shape~6x6.RellikCage~4~R1C6~R1C5.RellikCage~12~R4C2~R3C2~R4C3~R3C1.RellikCage~10~R5C6~R5C5~R4C5~R4C6.RellikCage~5~R6C3~R6C4~R5C3.RellikCage~2~R1C5~R1C6~R1C4.~R2C2_1~R3C1_5~R2C3_5~R1C3_6", 18},
	{".Shape~6x6.CountingCircles~R2C1~R3C6~R4C2~R5C5~R6C3.CountingCircles~R1C5~R1C6~R2C2~R2C5~R3C1~R3C2~R3C5~R5C3~R5C4.~R4C1_3~R5C1_2~R3C3_6~R6C3_5~R1C3_2~R2C3_3~R2C4_6~R6C6_4", 1},
	{".Shape~6x6.CountingCircles~R1C4~R2C1~R3C6~R4C1~R4C3~R5C4~R6C2.~R3C6_5~R6C2_5~R1C6_3~R5C2_6~R3C3_1", 42},
	{".Shape~4x4.CountingCircles~R1C1~R1C2~R1C3~R1C4~R2C1~R2C2~R2C3~R3C1~R3C3~R4C2.~R3C4_2~R4C3_1~R1C4_4~R3C1_3", 2},
	{".Shape~6x6.CountingCircles~R2C6~R3C1~R4C5~R5C6.CountingCircles~R1C1~R1C6~R2C3~R2C5~R3C2~R3C3~R4C6~R5C2~R5C4~R6C3.~R4C6_6~R2C3_3~R3C3_1~R6C5_5", 0},
	{".Shape~6x6.CountingCircles~R1C2~R1C4~R2C2~R2C5~R3C1~R4C1~R4C6~R6C3~R6C5.CountingCircles~R1C3~R2C6~R4C2.~R1C4_5~R1C5_6", 51},
}

// TestKindFixtures: General and plain backtracking count the fixtures'
// solutions as ISS does, and every solution General finds keeps the
// constraints.
func TestKindFixtures(t *testing.T) {
	ctx := context.Background()
	for _, f := range kindFixtures {
		b, err := sudoku.ParseISS(f.iss)
		if err != nil {
			t.Fatalf("%s: %v", f.iss, err)
		}
		for _, e := range []Engine{Fast, Backtrack} {
			r, err := e.Search(ctx, b, 300)
			if err != nil || r.Count != f.want {
				t.Errorf("%s: %s finds %d (%v), ISS %d", f.iss, e.Name(), r.Count, err, f.want)
			}
			if r.Count > 0 {
				for _, k := range b.Rules.Constraints {
					if err := k.Check(r.Solution); err != nil {
						t.Errorf("%s: %s's solution breaks %v: %v", f.iss, e.Name(), k, err)
					}
				}
			}
		}
	}
}
