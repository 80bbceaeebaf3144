package vision

import (
	"errors"
	"math"

	"sudoku"
	"sudoku/solver"
)

// resolveCells bounds the cells resolve may clear: the cells most likely
// misread (mostLikelyMisread), up to this many, and at most resolveMax of
// them at once (a full grid of an unusual hand may have several misread).
const resolveCells, resolveMax = 10, 5

// resolve, for a grid that correct could not mend, clears the fewest (one
// to resolveMax) of the cells most likely misread such that the rest breaks
// no rule and has exactly one solution, and gives each cleared cell (a cell
// read as a digit, so one with ink) the solution's digit. The rest of the
// grid pins these digits down, so they need no probability from the model:
// a digit misread with confidence (an unusual hand) is mended so. Among
// clearings of a size, the one whose new digits the model finds likeliest is
// kept. A grid with more than one solution is left as it is: clearing cells
// cannot pin it down.
func (res *Result) resolve() {
	if _, err := solver.SolveGrid(res.Grid); errors.Is(err, sudoku.ErrMultipleSolutions) {
		return
	}
	cand := res.mostLikelyMisread(resolveCells)
	cand = cand[:min(len(cand), resolveCells)]
	for size := 1; size <= resolveMax; size++ {
		if cleared, sol := res.bestClearing(cand, size); cleared != nil {
			for _, c := range cleared {
				res.Grid[c], res.Confidence[c] = sol[c], res.probs[c][sol[c]]
				res.Corrected = append(res.Corrected, c)
			}
			return
		}
	}
}

// bestClearing returns, among the sets of size cells of cand whose
// clearing leaves a grid with exactly one solution, the one whose
// solution's digits the model finds likeliest, and that solution; nil if
// there is none.
func (res *Result) bestClearing(cand []sudoku.Cell, size int) ([]sudoku.Cell, sudoku.Grid) {
	var best []sudoku.Cell
	var sol sudoku.Grid
	bestCost := math.Inf(1)
	forSubsets(len(cand), size, func(idx []int) {
		g := res.Grid
		for _, i := range idx {
			g[cand[i]] = 0
		}
		s, err := solver.SolveGrid(g) // an error unless one solution
		if err != nil {
			return
		}
		cost := 0.0
		for _, i := range idx {
			cost -= math.Log(float64(res.probs[cand[i]][s[cand[i]]]) + 1e-12)
		}
		if cost < bestCost {
			best, bestCost, sol = nil, cost, s
			for _, i := range idx {
				best = append(best, cand[i])
			}
		}
	})
	return best, sol
}

// forSubsets calls f with each subset of 0..n-1 of the given size, in
// increasing order.
func forSubsets(n, size int, f func([]int)) {
	idx := make([]int, size)
	var rec func(start, k int)
	rec = func(start, k int) {
		if k == size {
			f(idx)
			return
		}
		for i := start; i < n; i++ {
			idx[k] = i
			rec(i+1, k+1)
		}
	}
	rec(0, 0)
}
