package ilp

import (
	"context"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// Boards with sum lines, lunchboxes and numbered rooms (kinds with no
// f-puzzles key), written as ISS (Interactive Sudoku Solver) puzzle
// strings, each with the number of solutions ISS counts for it (up to
// 50: node tools/perf/benchmark_puzzles.js --max-backtracks none
// --solutions 50 --input '...' --json). They are ours: drawn at random
// over random solutions by a throwaway script that compared the four
// engines on 120 boards of each kind.
var setterBoards = []struct {
	name string
	iss  string
	want int
}{
	{"sum lines and loops 6x6, one solution", ".Shape~6x6.SumLine~15~R5C6~R4C6~R4C5.SumLine~5~R3C1~R4C1~R5C2.SumLine~15~R5C2~R5C3~R4C3~R3C2.SumLine~14~R4C3~R5C3~R5C2~R4C2~LOOP.SumLine~3~R3C4~R4C4.SumLine~21~R4C3~R5C3~R6C3~R6C2~R5C2~R4C2~LOOP.~R1C2_1.~R3C2_4.~R4C1_2.~R2C5_2.~R4C5_6.~R6C1_5.~R5C5_1.~R6C6_2.~R5C3_4.~R4C4_1", 1},
	{"sum lines and a loop 6x6, one solution", ".Shape~6x6.SumLine~8~R6C4~R6C5~R5C6~R5C5.SumLine~5~R2C2~R1C2~R2C3.SumLine~12~R4C3~R3C3~R3C2.SumLine~5~R2C5~R1C5.SumLine~21~R6C5~R6C4~R5C4~R5C5~R5C6~R6C6~LOOP.SumLine~8~R1C3~R2C2.~R4C1_5.~R6C3_6.~R3C2_6.~R3C1_3.~R4C4_4.~R2C1_2.~R6C6_4.~R4C6_6.~R1C1_6.~R6C2_2.~R1C5_1.~R3C6_1", 1},
	{"sum lines 6x6, 34 solutions", ".Shape~6x6.SumLine~7~R5C3~R5C2~R6C1.SumLine~18~R2C4~R2C5~R3C6~R3C5.SumLine~8~R1C2~R1C1.SumLine~20~R6C5~R5C6~R6C6~R5C5~R4C6.~R2C6_2.~R2C3_4.~R5C3_1.~R2C2_1", 34},
	{"sum loops 6x6, 43 solutions", ".Shape~6x6.SumLine~18~R1C2~R2C2~R2C1~R1C1~LOOP.SumLine~9~R1C2~R2C2~R3C2.SumLine~15~R3C4~R3C3~R2C3~R2C4~R2C5~R3C5~LOOP.~R3C5_1.~R5C6_2", 43},
	{"sum lines 4x4, one solution", ".Shape~4x4.SumLine~15~R1C1~R1C2~R1C3~R2C2~R3C1.SumLine~8~R2C3~R1C4~R1C3.SumLine~6~R1C3~R2C4.SumLine~17~R2C1~R2C2~R3C2~R4C2~R4C1~R3C1~LOOP.SumLine~10~R2C2~R3C1~R4C1.SumLine~5~R3C4~R4C4~R4C3~R3C3~LOOP.~R2C3_1.~R4C3_3.~R3C1_4.~R2C1_3.~R4C4_4.~R3C4_1.~R4C1_2", 1},
	{"lunchboxes of one row both ways: none", ".Shape~6x6.Lunchbox~11~R5C6~R5C5~R5C4~R5C3~R5C2~R5C1.Lunchbox~0~R6C6~R5C6.Lunchbox~5~R5C6~R5C5~R5C4~R5C3~R5C2~R5C1.Lunchbox~4~R4C2~R4C3~R4C4~R4C5.Lunchbox~5~R6C2~R6C3~R6C4~R6C5.Lunchbox~3~R1C1~R1C2~R1C3~R1C4~R1C5.Lunchbox~14~R3C1~R3C2~R3C3~R3C4~R3C5~R3C6", 0},
	{"lunchboxes across boxes: none", ".Shape~6x6.Lunchbox~7~R3C1~R2C1~R1C2~R1C1~R2C2.Lunchbox~4~R3C6~R3C5~R3C4~R3C3~R3C2~R3C1.Lunchbox~0~R3C4~R2C5.~R2C2_5.~R3C1_1.~R4C6_3.~R5C2_2.~R2C3_2.~R6C3_4.~R1C6_2.~R2C1_4", 0},
	{"lunchboxes 4x4, two solutions", ".Shape~4x4.Lunchbox~0~R3C2~R3C3.Lunchbox~3~R2C4~R2C3~R2C2~R2C1.~R1C4_4.~R1C1_3.~R2C1_2.~R1C2_1.~R4C3_1", 2},
	{"lunchboxes 4x4, one solution", ".Shape~4x4.Lunchbox~0~R4C4~R4C3~R4C2~R4C1.Lunchbox~0~R4C1~R4C2~R4C3~R4C4.Lunchbox~3~R4C2~R4C3~R4C4.~R2C2_1.~R2C3_4.~R4C3_3", 1},
	{"lunchboxes of columns 6x6, three solutions", ".Shape~6x6.Lunchbox~4~R1C5~R2C5~R3C5~R4C5~R5C5~R6C5.Lunchbox~5~R6C3~R5C3~R4C3~R3C3~R2C3~R1C3.~R4C3_5.~R6C2_3.~R3C5_4.~R4C4_3.~R1C3_4.~R3C3_1.~R2C1_6.~R1C1_5.~R6C4_1.~R3C2_6.~R2C5_1", 3},
	{"numbered rooms 6x6, two solutions", ".Shape~6x6.NumberedRoom~R5~6~.NumberedRoom~C1~3~.NumberedRoom~C3~4~.NumberedRoom~C6~5~.~R5C6_2.~R1C4_5.~R4C3_3.~R1C6_4.~R4C4_2.~R5C2_5.~R2C2_1.~R2C4_3.~R3C4_1", 2},
	{"numbered rooms 6x6, 21 solutions", ".Shape~6x6.NumberedRoom~R6~~4.NumberedRoom~C1~2~.NumberedRoom~R6~3~.NumberedRoom~C1~~2.NumberedRoom~C5~1~.~R3C4_1.~R2C5_3.~R5C3_3.~R5C2_1.~R6C5_1.~R4C1_1.~R1C3_1", 21},
	{"numbered rooms 4x4, one solution", ".Shape~4x4.NumberedRoom~R3~~1.NumberedRoom~R2~2~.NumberedRoom~C2~2~.~R2C2_1.~R4C2_4.~R3C3_4.~R2C4_2", 1},
	{"numbered rooms without givens 4x4, 24 solutions", ".Shape~4x4.NumberedRoom~R4~4~.NumberedRoom~R4~~1.NumberedRoom~C4~~1", 24},
	{"numbered rooms on both sides 4x4, one solution", ".Shape~4x4.NumberedRoom~R1~2~.NumberedRoom~R1~~3.NumberedRoom~C4~2~.NumberedRoom~C3~1~.NumberedRoom~C1~~1.~R2C1_4.~R3C3_3", 1},
}

// issBoard reads a case's ISS constraint string.
func issBoard(t *testing.T, s string) *sudoku.Board {
	t.Helper()
	b, err := sudoku.ParseISS(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return b
}

// TestSetterBoardsCounts: general, plain backtracking and gophersat count
// what ISS counts on each board (up to 50), and every solution keeps
// every constraint.
func TestSetterBoardsCounts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range setterBoards {
		t.Run(tc.name, func(t *testing.T) {
			b := issBoard(t, tc.iss)
			if err := b.Validate(); err != nil {
				t.Fatalf("the givens clash: %v", err)
			}
			for _, e := range []solver.Engine{solver.Fast, solver.Backtrack, Engine} {
				got, err := e.Search(ctx, b, 50)
				if err != nil || got.Count != tc.want {
					t.Fatalf("%s finds %d solutions (%v), ISS %d", e.Name(), got.Count, err, tc.want)
				}
				if got.Count > 0 {
					checkSolution(t, b, got.Solution)
				}
			}
		})
	}
}
