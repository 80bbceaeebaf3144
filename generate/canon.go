package generate

import (
	"sudoku"
)

// Canonical returns the canonical form of puzzle g: the smallest grid, read
// as 81 digits in row-major order with 0 for an empty cell, among all the
// grids equivalent to g under the symmetries of Sudoku: transposition,
// permutations of the bands, of the rows within each band, of the stacks
// and of the columns within each stack (2*6^8 cell maps), with the digits
// relabelled 1, 2, 3, ... in order of first appearance (which is the best
// relabelling of any arrangement). Two puzzles are equivalent exactly when
// their canonical forms are equal; g need not be valid or unique.
//
// The search builds the canonical grid a row at a time. The first row is
// any row of g or of its transpose, its columns arranged so that the
// clues come as late as possible; each next row is an unused row of the
// band being built (or, every third row, of a band not yet used), under
// the column arrangements and labels that tie so far. Only the
// arrangements giving the smallest row survive each level, so the result
// is the exact minimum over the whole group; arrangements whose rows still
// to place look the same are merged when many tie (sparse puzzles).
func Canonical(g sudoku.Grid) sudoku.Grid {
	var c canonizer
	c.grids[0] = g
	c.grids[1] = g
	transposeGrid(&c.grids[1])
	return c.run()
}

// canonNode is one arrangement under consideration.
type canonNode struct {
	t     uint8     // grid: 0 as given, 1 transposed
	band  uint8     // band of the rows being placed
	next  uint8     // the next label to give
	used  uint16    // rows placed, bit r
	free  bool      // every row placed is empty: any column order ties
	perm  [9]uint8  // column j of the result is column perm[j] of the grid
	label [10]uint8 // label of each digit of the grid, 0 when not yet given
}

type canonizer struct {
	grids      [2]sudoku.Grid
	nodes, out []canonNode
	best       [9]uint8 // the smallest row found at this level
	result     sudoku.Grid
}

// mergeAbove is the number of tied arrangements above which arrangements
// with the same future are merged.
const mergeAbove = 4096

var perms3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

func (c *canonizer) run() sudoku.Grid {
	c.nodes = make([]canonNode, 0, 256)
	c.out = make([]canonNode, 0, 256)
	c.firstRow()
	for level := 1; level < 9; level++ {
		c.nodes, c.out = c.out, c.nodes[:0]
		if len(c.nodes) > mergeAbove {
			c.nodes = c.merge(c.nodes)
		}
		first := true
		for i := range c.nodes {
			n := &c.nodes[i]
			for r := 0; r < 9; r++ {
				if n.used>>r&1 != 0 || level%3 != 0 && uint8(r/3) != n.band {
					continue
				}
				c.try(n, r, &first)
			}
		}
		copy(c.result[9*level:], c.best[:])
	}
	return c.result
}

// try places row r of n's grid as the next row, and keeps the arrangement
// if the row is no larger than the best so far at this level.
func (c *canonizer) try(n *canonNode, r int, first *bool) {
	row := c.grids[n.t][9*r : 9*r+9]
	if n.free {
		c.tryPattern(n, r, first)
		return
	}
	c.tryRow(n, r, row, first)
}

// tryRow is try for a node whose column order is fixed.
func (c *canonizer) tryRow(n *canonNode, r int, row []uint8, first *bool) {
	lab, next := n.label, n.next
	var got [9]uint8
	less := *first
	for j, src := range n.perm {
		x := row[src]
		if x != 0 {
			if lab[x] == 0 {
				next++
				lab[x] = next
			}
			x = lab[x]
		}
		if !less {
			if x > c.best[j] {
				return
			}
			less = x < c.best[j]
		}
		got[j] = x
	}
	if less {
		*first = false
		c.best = got
		c.out = c.out[:0]
	}
	c.out = append(c.out, canonNode{t: n.t, band: uint8(r / 3), next: next, used: n.used | 1<<r, perm: n.perm, label: lab})
}

// firstRow finds the smallest first row and every arrangement giving it.
func (c *canonizer) firstRow() {
	first := true
	for t := uint8(0); t < 2; t++ {
		root := canonNode{t: t, free: true}
		for r := 0; r < 9; r++ {
			c.tryPattern(&root, r, &first)
		}
	}
	copy(c.result[:9], c.best[:])
}

// tryPattern places row r after the empty rows of the free node n. No label
// is given yet, so the row's labels are 1, 2, ... in order and only where
// its clues fall matters: the smallest pattern has the stacks in
// increasing order of their clue counts, and the clues of each stack in
// its last columns. An empty row leaves the node free.
func (c *canonizer) tryPattern(n *canonNode, r int, first *bool) {
	row := c.grids[n.t][9*r : 9*r+9]
	var cnt [3]int
	var seen uint16
	for j, v := range row {
		if v != 0 {
			cnt[j/3]++
			if seen>>v&1 != 0 {
				c.tryEveryOrder(n, r, row, first)
				return
			}
			seen |= 1 << v
		}
	}
	var pat [9]uint8
	sorted := cnt
	sort3(&sorted)
	k := uint8(0)
	for s, m := range sorted {
		for p := 3 - m; p < 3; p++ {
			k++
			pat[3*s+p] = k
		}
	}
	switch {
	case *first || less9(&pat, &c.best):
		*first = false
		c.best = pat
		c.out = c.out[:0]
	case pat != c.best:
		return
	}
	if k == 0 {
		c.out = append(c.out, canonNode{t: n.t, band: uint8(r / 3), used: n.used | 1<<r, free: true, perm: identityPerm})
		return
	}
	c.arrangements(n, r, row, cnt)
}

var identityPerm = [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}

// tryEveryOrder is tryPattern for a row that repeats a digit (g breaks the
// rules), where the shortcut does not hold: it tries all 1296 column
// orders.
func (c *canonizer) tryEveryOrder(n *canonNode, r int, row []uint8, first *bool) {
	for _, sp := range perms3 {
		for _, a := range perms3 {
			for _, b := range perms3 {
				for _, d := range perms3 {
					m := *n
					m.free = false
					for s, in := range [3][3]uint8{a, b, d} {
						for p, col := range in {
							m.perm[3*s+p] = 3*sp[s] + col
						}
					}
					c.tryRow(&m, r, row, first)
				}
			}
		}
	}
}

// arrangements appends every column arrangement that puts row r's clues
// in the smallest pattern (see tryPattern) after the rows of base.
func (c *canonizer) arrangements(base *canonNode, r int, row []uint8, cnt [3]int) {
	for _, sp := range perms3 {
		if cnt[sp[0]] > cnt[sp[1]] || cnt[sp[1]] > cnt[sp[2]] {
			continue
		}
		var in [3][6]uint8 // the allowed column orders within each stack
		var nin [3]int
		for s, src := range sp {
			for pi, cp := range perms3 {
				ok := true
				for p, col := range cp {
					filled := row[3*int(src)+int(col)] != 0
					if filled != (p >= 3-cnt[src]) {
						ok = false
						break
					}
				}
				if ok {
					in[s][nin[s]] = uint8(pi)
					nin[s]++
				}
			}
		}
		for _, a := range in[0][:nin[0]] {
			for _, b := range in[1][:nin[1]] {
				for _, d := range in[2][:nin[2]] {
					n := canonNode{t: base.t, band: uint8(r / 3), used: base.used | 1<<r}
					for s, pi := range [3]uint8{a, b, d} {
						for p, col := range perms3[pi] {
							n.perm[3*s+p] = 3*sp[s] + col
						}
					}
					for _, src := range n.perm {
						if x := row[src]; x != 0 {
							n.next++
							n.label[x] = n.next
						}
					}
					c.out = append(c.out, n)
				}
			}
		}
	}
}

// merge drops arrangements whose future is the same as an earlier one's:
// same grid, same rows placed, same labels to come, and the rows left
// looking the same under their column order and labels.
func (c *canonizer) merge(nodes []canonNode) []canonNode {
	type key struct {
		t, next uint8
		used    uint16
		free    bool
		rest    [81]uint8
	}
	seen := make(map[key]struct{}, len(nodes))
	kept := nodes[:0]
	for _, n := range nodes {
		k := key{t: n.t, next: n.next, used: n.used, free: n.free}
		g := &c.grids[n.t]
		for r := 0; r < 9; r++ {
			if n.used>>r&1 != 0 {
				continue
			}
			for j, src := range n.perm {
				x := g[9*r+int(src)]
				if x != 0 {
					if n.label[x] != 0 {
						x = n.label[x]
					} else {
						x += 10
					}
				}
				k.rest[9*r+j] = x
			}
		}
		if _, dup := seen[k]; !dup {
			seen[k] = struct{}{}
			kept = append(kept, n)
		}
	}
	return kept
}

func sort3(a *[3]int) {
	if a[0] > a[1] {
		a[0], a[1] = a[1], a[0]
	}
	if a[1] > a[2] {
		a[1], a[2] = a[2], a[1]
	}
	if a[0] > a[1] {
		a[0], a[1] = a[1], a[0]
	}
}

func less9(a, b *[9]uint8) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
