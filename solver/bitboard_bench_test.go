package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// BenchmarkBitboard solves, proving uniqueness, distinct 9x9 puzzles of
// other rules with Bitboard, one an iteration, cycling over the set:
// Solo's X, jigsaw and killer sets (200 each, every puzzle with rules of
// its own), then 50 seeded puzzles of each rule set Bitboard takes (dug
// from random solutions until no given can go). Nothing is kept
// from one search to the next. It reports puzzles/s and guesses a
// puzzle.
func BenchmarkBitboard(b *testing.B) {
	for _, file := range []string{"solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt"} {
		b.Run(strings.TrimSuffix(file, ".txt"), func(b *testing.B) {
			var boards []*sudoku.Board
			for _, vc := range dataset.Variants(b, file, 0) {
				boards = append(boards, vc.Board)
			}
			benchBoards(b, Bitboard, boards)
		})
	}
	for _, rs := range bitsRules {
		b.Run(strings.ReplaceAll(rs.name, " ", "-"), func(b *testing.B) { benchBoards(b, Bitboard, uniqueBitsBoards(b, rs.name, 50)) })
	}
}

// uniqueBitsBoards makes n unique boards of the rule set of bitsRules
// with the name: a random solution dug until no given can go, with
// Bitboard proving each step unique (fast enough for a benchmark's
// setup; TestBitboardAgrees checks Bitboard against the other engines).
func uniqueBitsBoards(b *testing.B, name string, n int) []*sudoku.Board {
	rng := rand.New(rand.NewPCG(uint64(n), 35))
	i := slices.IndexFunc(bitsRules, func(rs bitsRule) bool { return rs.name == name })
	rs := bitsRules[i]
	var out []*sudoku.Board
	for range n {
		r := rs.rules()
		sol := randomGrid(b, r, rng)
		if rs.fromSolution != nil {
			r = r.Clone()
			rs.fromSolution(r, sol, rng)
		}
		bd := &sudoku.Board{Rules: r, Cells: slices.Clone(sol)}
		for _, c := range rng.Perm(81) {
			d := bd.Cells[c]
			bd.Cells[c] = 0
			if res, err := searchBits(context.Background(), bd, 2, 0); err != nil || res.Count != 1 {
				bd.Cells[c] = d
			}
		}
		out = append(out, bd)
	}
	return out
}
