package generate

import (
	"os"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestDihedralPatterns looks at every one of the 2^15 clue patterns with
// the dihedral symmetry (all eight symmetries of the square) on a few
// grids: each orbit-minimal one (unique, no orbit removable) must get the
// same answer from IsMinimal as from one solver count per clue. The test
// also measures how rare minimal dihedral puzzles are, which bounds what
// Generate can do: with SUDOKU_LONG=1 it looks at 400 grids and logs how
// many have at least one (when measured: 75,265 orbit-minimal patterns,
// one of them minimal, on one grid of the 400).
func TestDihedralPatterns(t *testing.T) {
	// Grid 234 of seed 7 has one minimal dihedral puzzle.
	grids := []int{0, 1, 2, 234}
	if os.Getenv("SUDOKU_LONG") != "" {
		grids = make([]int, 400)
		for i := range grids {
			grids[i] = i
		}
	}
	orbits := Dihedral.Orbits()
	k := len(orbits)
	with, orbitMinimal, minimal := 0, 0, 0
	for _, gi := range grids {
		sol := Full(Source(7, gi))
		puzzle := func(set int) sudoku.Grid {
			var q sudoku.Grid
			for o := range k {
				if set>>o&1 == 1 {
					for _, c := range orbits[o] {
						q[c] = sol[c]
					}
				}
			}
			return q
		}
		// unique[set]: 0 not known, 1 unique, -1 not. Uniqueness is lost
		// by removing clues, so the unique patterns are found from the
		// full grid down.
		unique := make([]int8, 1<<k)
		isUnique := func(set int) bool {
			if unique[set] == 0 {
				unique[set] = -1
				if solver.Count(puzzle(set), 2) == 1 {
					unique[set] = 1
				}
			}
			return unique[set] == 1
		}
		stack := []int{1<<k - 1}
		seen := make([]bool, 1<<k)
		found := 0
		for len(stack) > 0 {
			set := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			removable := false
			for o := range k {
				if less := set &^ (1 << o); less != set && isUnique(less) {
					removable = true
					if !seen[less] {
						seen[less] = true
						stack = append(stack, less)
					}
				}
			}
			if removable {
				continue
			}
			orbitMinimal++
			q := puzzle(set)
			got, want := IsMinimal(q), minimalByCount(q)
			if got != want {
				t.Fatalf("grid %d, %v: IsMinimal %v, want %v", gi, q.Line('.'), got, want)
			}
			if want {
				found++
			}
		}
		minimal += found
		if found > 0 {
			with++
		}
	}
	t.Logf("%d grids: %d orbit-minimal dihedral patterns, %d minimal, on %d grids", len(grids), orbitMinimal, minimal, with)
	if minimal == 0 {
		t.Error("no minimal dihedral puzzle found: grid 234 of seed 7 has one")
	}
}
