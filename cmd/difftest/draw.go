package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"sudoku"
)

// draw is what a kind's generator works with: the case's random source,
// the grid's size, the rule set so far, the solution the clues are drawn
// from, and the places it puts what it draws: f-puzzles entries, changes
// to the board once it is read, and each clue's definition.
type draw struct {
	rng   *rand.Rand
	n     int
	rules *sudoku.Rules
	sol   []uint8 // the solution (nil while the layout is drawn)
	// truth says whether this kind's clues are drawn true to sol, or at
	// random (possibly false).
	truth bool
	fp    map[string][]any // f-puzzles entries by key
	flags map[string]any   // f-puzzles keys of one value ("nonconsecutive": true)
	marks []sudoku.Digits  // pencil-mark givens (nil for none)
	post  []func(b *sudoku.Board) error
	defs  []def
	// rising is a line of the solution made to read 1..N from a side
	// (skyscraper's prepare), -1 for none: an index into places().
	rising int
}

// relabel renames the solution's digits so that the cells read 1..N in
// order.
func (d *draw) relabel(cells []int) {
	to := make([]uint8, d.n+1)
	for i, c := range cells {
		to[d.sol[c]] = uint8(i + 1)
	}
	for c, v := range d.sol {
		d.sol[c] = to[v]
	}
}

// def is one rule of the case as its definition says it, checked on a
// full grid: the independent check of every solution an engine reports.
type def struct {
	what  string
	holds func(g []uint8) bool
}

// add puts an f-puzzles entry under key.
func (d *draw) add(key string, entry any) { d.fp[key] = append(d.fp[key], entry) }

// rule records a definition.
func (d *draw) rule(what string, holds func(g []uint8) bool) {
	d.defs = append(d.defs, def{what, holds})
}

// later changes our board once it is read from f-puzzles (what f-puzzles
// cannot hold).
func (d *draw) later(f func(b *sudoku.Board) error) { d.post = append(d.post, f) }

// chance is true with probability p.
func (d *draw) chance(p float64) bool { return d.rng.Float64() < p }

// between returns a number in lo..hi.
func (d *draw) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + d.rng.IntN(hi-lo+1)
}

// count returns how many clues to draw: about one per per cells, at
// least one.
func (d *draw) count(per int) int { return max(1, d.between(1, max(1, 2*d.n*d.n/per))) }

// name is f-puzzles' name of a cell: "R1C1".
func (d *draw) name(c int) string { return fmt.Sprintf("R%dC%d", c/d.n+1, c%d.n+1) }

// names is f-puzzles' names of cells.
func (d *draw) names(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = d.name(c)
	}
	return out
}

// outside is f-puzzles' name of a place beside the grid, 0-based (-1 or
// n on the clue's side): "R0C4".
func (d *draw) outside(row, col int) string { return fmt.Sprintf("R%dC%d", row+1, col+1) }

// cellList names cells for a definition: "r1c1-r1c2".
func (d *draw) cellList(cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = sudoku.CellName(d.n, c)
	}
	return strings.Join(parts, "-")
}

// values returns the digits of g in cells.
func values(g []uint8, cells []int) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = int(g[c])
	}
	return out
}

// region returns the region of each cell: its box, or its jigsaw region.
func (d *draw) region() []int { return regionsOf(d.rules) }

// regionsOf returns the region of each cell under r.
func regionsOf(r *sudoku.Rules) []int {
	n := r.Size
	out := make([]int, n*n)
	for c := range out {
		if r.Regions != nil {
			out[c] = int(r.Regions[c])
		} else {
			out[c] = c/n/r.BoxRows*(n/r.BoxCols) + c%n/r.BoxCols
		}
	}
	return out
}

// kingSteps and orthoSteps are the moves a line may take.
var (
	kingSteps  = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	orthoSteps = [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}
)

// neighbours returns the cells a step of steps from c.
func (d *draw) neighbours(c int, steps [][2]int) []int {
	var out []int
	for _, s := range steps {
		r, col := c/d.n+s[0], c%d.n+s[1]
		if r >= 0 && r < d.n && col >= 0 && col < d.n {
			out = append(out, r*d.n+col)
		}
	}
	return out
}

// pathSearch looks for a line: a path by king's moves of minLen to
// maxLen cells, none twice, none in used, whose prefixes pass grow and
// which passes done; a random depth-first search of at most budget
// steps. Nil when none is found.
type pathSearch struct {
	d              *draw
	minLen, maxLen int
	used           []bool
	steps          [][2]int
	grow           func(path []int) bool // the path may still become a line
	done           func(path []int) bool // the path is a line
	budget         int
}

func (p *pathSearch) find(start int) []int {
	if p.steps == nil {
		p.steps = kingSteps
	}
	if p.budget == 0 {
		p.budget = 400
	}
	path := []int{start}
	if (p.used != nil && p.used[start]) || (p.grow != nil && !p.grow(path)) {
		return nil
	}
	if p.walk(&path) {
		return path
	}
	return nil
}

// walk extends *path; true when it is a line.
func (p *pathSearch) walk(path *[]int) bool {
	if p.budget--; p.budget < 0 {
		return false
	}
	if len(*path) >= p.minLen && (p.done == nil || p.done(*path)) && (len(*path) == p.maxLen || p.d.chance(0.3)) {
		return true
	}
	if len(*path) == p.maxLen {
		return false
	}
	next := p.d.neighbours((*path)[len(*path)-1], p.steps)
	p.d.rng.Shuffle(len(next), func(i, j int) { next[i], next[j] = next[j], next[i] })
	for _, c := range next {
		if slices.Contains(*path, c) || (p.used != nil && p.used[c]) {
			continue
		}
		*path = append(*path, c)
		if (p.grow == nil || p.grow(*path)) && p.walk(path) {
			return true
		}
		*path = (*path)[:len(*path)-1]
	}
	return len(*path) >= p.minLen && (p.done == nil || p.done(*path))
}

// lines draws up to k lines of minLen..maxLen cells: true to the
// solution (every prefix passes grow on the solution's digits, the whole
// holds) or, at random, any path. Lines share no cell.
func (d *draw) lines(k, minLen, maxLen int, grow, holds func(cells []int, v []int) bool) [][]int {
	used := make([]bool, d.n*d.n)
	var out [][]int
	for _, start := range d.rng.Perm(d.n * d.n) {
		if len(out) >= k {
			break
		}
		p := &pathSearch{d: d, minLen: minLen, maxLen: maxLen, used: used}
		if d.truth {
			on := func(f func(cells []int, v []int) bool) func([]int) bool {
				if f == nil {
					return nil
				}
				return func(path []int) bool { return f(path, values(d.sol, path)) }
			}
			p.grow, p.done = on(grow), on(holds)
		}
		line := p.find(start)
		if line == nil {
			continue
		}
		for _, c := range line {
			used[c] = true
		}
		out = append(out, line)
	}
	return out
}

// lineEntry is the f-puzzles entry of one line.
func (d *draw) lineEntry(cells []int) map[string]any {
	return map[string]any{"lines": [][]string{d.names(cells)}}
}

// shuffled returns 0..k-1 in random order.
func (d *draw) shuffled(k int) []int { return d.rng.Perm(k) }

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
