package generate

import (
	"os"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// census looks at every clue pattern with symmetry sym on the complete
// grid sol: it walks the unique patterns from the full grid down (removing
// clues never brings uniqueness back) and returns how many are
// orbit-minimal (no orbit removable) and how many of those are minimal.
// Every checkEvery-th orbit-minimal pattern, and every minimal one, must
// get the same answer from IsMinimal as from one solver count per clue.
func census(t *testing.T, sym Symmetry, sol sudoku.Grid, checkEvery int) (orbitMinimal, minimal int) {
	orbits := sym.Orbits()
	k := len(orbits)
	var u unavoidables
	u.reset(&sol)
	var empty []sudoku.Cell
	for c := range sudoku.Cell(81) {
		empty = append(empty, c)
	}
	puzzle := func(set int) (sudoku.Grid, cellSet) {
		var q sudoku.Grid
		var clues cellSet
		for o := range k {
			if set>>o&1 == 1 {
				for _, c := range orbits[o] {
					q[c] = sol[c]
					clues.add(c)
				}
			}
		}
		return q, clues
	}
	// unique[set]: 0 not known, 1 unique, -1 not.
	unique := make([]int8, 1<<k)
	isUnique := func(set int) bool {
		if unique[set] == 0 {
			unique[set] = -1
			q, clues := puzzle(set)
			if !u.missed(clues) {
				if w, found := solver.Another(q, &sol, empty); found {
					u.other(&w)
				} else {
					unique[set] = 1
				}
			}
		}
		return unique[set] == 1
	}
	stack := []int{1<<k - 1}
	seen := make([]bool, 1<<k)
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
		q, _ := puzzle(set)
		got := IsMinimal(q)
		if got || orbitMinimal%checkEvery == 0 {
			if want := minimalByCount(q); got != want {
				t.Fatalf("%v, %v: IsMinimal %v, want %v", sym, q.Line('.'), got, want)
			}
		}
		if got {
			minimal++
		}
	}
	return orbitMinimal, minimal
}

// TestRarePatterns looks at every clue pattern with the dihedral symmetry
// (2^15) and with rot90 (2^21) on a few grids; see census. It also
// measures how rare minimal puzzles with these symmetries are, which
// bounds what Generate can do: with SUDOKU_LONG=1 it looks at 400 grids
// for dihedral and 200 for rot90 and logs how many have at least one.
// When measured: dihedral, 75,265 orbit-minimal patterns, one of them
// minimal, on one grid of the 400; rot90, 1,313,320 orbit-minimal
// patterns, 74 of them minimal, on 56 grids of the 200.
func TestRarePatterns(t *testing.T) {
	long := os.Getenv("SUDOKU_LONG") != ""
	tests := []struct {
		sym        Symmetry
		seed       uint64
		grids      []int // the grids looked at by default
		longGrids  int   // with SUDOKU_LONG
		checkEvery int
	}{
		// Grid 234 of seed 7 has one minimal dihedral puzzle.
		{Dihedral, 7, []int{0, 1, 2, 234}, 400, 1},
		// Grid 2 of seed 11 has one minimal rot90 puzzle.
		{Rot90, 11, []int{2}, 200, 50},
	}
	for _, tt := range tests {
		grids := tt.grids
		if long {
			grids = make([]int, tt.longGrids)
			for i := range grids {
				grids[i] = i
			}
		}
		with, orbitMinimal, minimal := 0, 0, 0
		for _, gi := range grids {
			o, m := census(t, tt.sym, Full(Source(tt.seed, gi)), tt.checkEvery)
			orbitMinimal += o
			minimal += m
			if m > 0 {
				with++
			}
		}
		t.Logf("%v, %d grids: %d orbit-minimal patterns, %d minimal, on %d grids", tt.sym, len(grids), orbitMinimal, minimal, with)
		if minimal == 0 {
			t.Errorf("%v: no minimal puzzle found, want one on grid %d of seed %d", tt.sym, tt.grids[len(tt.grids)-1], tt.seed)
		}
	}
}
