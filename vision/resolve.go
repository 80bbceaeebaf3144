package vision

import (
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
	if res.Grid.Validate() == nil && solver.Count(res.Grid, 2) > 1 {
		return
	}
	cand := res.mostLikelyMisread(resolveCells)
	cand = cand[:min(len(cand), resolveCells)]
	for size := 1; size <= resolveMax; size++ {
		best, bestCost := []sudoku.Cell(nil), math.Inf(1)
		var sol sudoku.Grid
		forSubsets(len(cand), size, func(idx []int) {
			g := res.Grid
			for _, i := range idx {
				g[cand[i]] = 0
			}
			if g.Validate() != nil || solver.Count(g, 2) != 1 {
				return
			}
			s, err := solver.Solve(g)
			if err != nil {
				return
			}
			cost := 0.0
			for _, i := range idx {
				c := cand[i]
				cost -= math.Log(float64(res.probs[c][s[c]]) + 1e-12)
			}
			if cost < bestCost {
				best, bestCost, sol = nil, cost, s
				for _, i := range idx {
					best = append(best, cand[i])
				}
			}
		})
		if best != nil {
			for _, c := range best {
				res.Grid[c], res.Confidence[c] = sol[c], res.probs[c][sol[c]]
				res.Corrected = append(res.Corrected, c)
			}
			return
		}
	}
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
