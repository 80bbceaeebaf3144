package main

import (
	"fmt"
	"slices"

	"sudoku"
	"sudoku/generate"
)

// The rule sets: jigsaw regions (connected or not), the diagonals,
// windoku, disjoint groups, anti-knight, anti-king (the layout, drawn
// before the solution), then extra regions, odd and even cells, killer
// cages (apart or overlapping), sum cages whose digits may repeat,
// pencil-mark givens and drawings without a rule (drawn from it).

func init() {
	addKind(kind{name: "classic", draw: func(*draw) {}})
	addKind(kind{name: "jigsaw", layout: true, excludes: []string{"disjoint", "jigsaw-split"}, draw: func(d *draw) {
		d.rules.Regions = generate.Regions(d.rules, d.rng)
	}})
	addKind(kind{name: "jigsaw-split", layout: true, excludes: []string{"disjoint"}, draw: drawSplitRegions})
	addKind(kind{name: "diagonal", layout: true, draw: func(d *draw) {
		d.rules.Diagonals = []sudoku.Diagonals{sudoku.BothDiagonals, sudoku.BothDiagonals, sudoku.DiagDown, sudoku.DiagUp}[d.rng.IntN(4)]
	}})
	addKind(kind{name: "windoku", layout: true, draw: func(d *draw) { d.rules.Windoku = true }})
	addKind(kind{name: "disjoint", layout: true, draw: func(d *draw) { d.rules.Disjoint = true }})
	addKind(kind{name: "antiknight", layout: true, sizes: []int{6, 8, 9, 12, 16}, draw: func(d *draw) { d.rules.AntiKnight = true }})
	addKind(kind{name: "antiking", layout: true, sizes: []int{6, 8, 9, 12, 16}, draw: func(d *draw) { d.rules.AntiKing = true }})
	addKind(kind{name: "extraregion", draw: drawExtraRegions})
	addKind(kind{name: "oddeven", draw: drawParity})
	addKind(kind{name: "killer", draw: drawCages(false, false)})
	addKind(kind{name: "killer-overlap", weight: 2, draw: drawCages(true, false)})
	addKind(kind{name: "sumcage", weight: 2, draw: drawCages(true, true)})
	covers("killer-overlap", "killer")
	covers("sumcage", "sum")
	addKind(kind{name: "marks", draw: drawMarks})
	addKind(kind{name: "drawing", draw: drawDrawings})
	covers("drawing", "text", "line", "rectangle", "circle", "cage")
}

// drawSplitRegions draws jigsaw regions of which some are not connected:
// a connected layout, then cells of different regions swapped anywhere.
func drawSplitRegions(d *draw) {
	reg := generate.Regions(d.rules, d.rng)
	for i := 0; i < 2*d.n && (i < 2 || len(splitOf(d.rules, reg)) == 0); i++ {
		a, b := d.rng.IntN(d.n*d.n), d.rng.IntN(d.n*d.n)
		reg[a], reg[b] = reg[b], reg[a]
	}
	d.rules.Regions = reg
}

// splitOf returns the regions of reg that are not connected.
func splitOf(r *sudoku.Rules, reg []uint8) []int {
	c := r.Clone()
	c.Regions = reg
	return c.SplitRegions()
}

// drawExtraRegions draws extra regions of 2..N cells anywhere whose
// digits differ (at random, any cells).
func drawExtraRegions(d *draw) {
	for range d.between(1, 3) {
		var cells []int
		var seen sudoku.Digits
		size := d.between(2, d.n)
		for _, c := range d.shuffled(d.n * d.n) {
			if len(cells) == size {
				break
			}
			if !d.truth || !seen.Has(int(d.sol[c])) {
				cells = append(cells, c)
				seen |= sudoku.DigitOf(int(d.sol[c]))
			}
		}
		slices.Sort(cells)
		d.rules.Extra = append(d.rules.Extra, cells)
	}
}

// drawParity marks cells odd or even: their digit's parity, or at random.
func drawParity(d *draw) {
	d.rules.Parity = make([]sudoku.Parity, d.n*d.n)
	for _, c := range d.shuffled(d.n * d.n)[:d.count(4)] {
		odd := d.sol[c]%2 == 1
		if !d.truth {
			odd = d.chance(0.5)
		}
		d.rules.Parity[c] = map[bool]sudoku.Parity{true: sudoku.Odd, false: sudoku.Even}[odd]
	}
}

// drawCages draws cages of connected cells: killer cages (digits differ,
// apart from each other, or overlap: some cells in two cages) or sum
// cages (repeat: digits may repeat where no house forbids it). The sum
// is the solution's (sometimes none for a killer cage), or at random.
func drawCages(overlap, repeat bool) func(d *draw) {
	return func(d *draw) {
		used := make([]bool, d.n*d.n)
		k := d.count(6)
		if repeat || overlap {
			k = d.between(1, max(2, d.n/2))
		}
		var all [][]int
		for range k {
			start := d.rng.IntN(d.n * d.n)
			if overlap && len(all) > 0 && d.chance(0.6) {
				prev := all[d.rng.IntN(len(all))]
				start = prev[d.rng.IntN(len(prev))]
			}
			cells := d.cage(used, start, repeat, d.between(1, min(d.n, 6)))
			if cells == nil {
				continue
			}
			if !overlap {
				for _, c := range cells {
					used[c] = true
				}
			}
			all = append(all, cells)
			d.addCage(cells, repeat)
		}
	}
}

// cage grows a cage of up to k connected cells from start, a free cell:
// a killer cage's solution digits differ.
func (d *draw) cage(used []bool, start int, repeat bool, k int) []int {
	if used[start] {
		return nil
	}
	cells := []int{start}
	for len(cells) < k {
		var next []int
		for _, c := range cells {
			for _, o := range d.neighbours(c, orthoSteps) {
				if !used[o] && !slices.Contains(cells, o) && (repeat || !slices.Contains(values(d.sol, cells), int(d.sol[o]))) {
					next = append(next, o)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		cells = append(cells, next[d.rng.IntN(len(next))])
	}
	if repeat && len(cells) < 2 {
		return nil
	}
	return cells
}

// addCage adds a cage with its sum: a killer cage to the rules
// (Rules.AddCage keeps those that overlap as constraints), a sum cage
// to our board once read (f-puzzles has no such cage).
func (d *draw) addCage(cells []int, repeat bool) {
	sum := sumOf(d.sol, cells)
	lo, hi := sudoku.SumRange(d.n, len(cells))
	if repeat {
		lo, hi = len(cells), d.n*len(cells)
	}
	switch {
	case !d.truth:
		sum = d.between(lo, hi)
	case !repeat && d.chance(0.1):
		sum = 0
	}
	what := fmt.Sprintf("cage %d %s", sum, d.cellList(cells))
	if repeat {
		d.later(func(b *sudoku.Board) error { return b.Rules.AddCage(cells, sum, true) })
		d.rule("sum "+what, func(g []uint8) bool { return sumOf(g, cells) == sum })
		return
	}
	if err := d.rules.AddCage(cells, sum, false); err != nil {
		panic(err) // a cage of distinct cells of the grid with a sum in range is always taken
	}
	d.rule("killer "+what, func(g []uint8) bool {
		return distinct(values(g, cells)) && (sum == 0 || sumOf(g, cells) == sum)
	})
}

// drawMarks gives pencil marks in some cells: a few digits, the
// solution's among them (at random, any digits).
func drawMarks(d *draw) {
	d.marks = make([]sudoku.Digits, d.n*d.n)
	for c := range d.marks {
		d.marks[c] = sudoku.AllDigits(d.n)
	}
	for _, c := range d.shuffled(d.n * d.n)[:d.count(3)] {
		var m sudoku.Digits
		if d.truth {
			m = sudoku.DigitOf(int(d.sol[c]))
		}
		for range d.between(1, d.n/2) {
			m |= sudoku.DigitOf(d.between(1, d.n))
		}
		d.marks[c] = m
	}
}

// drawDrawings adds drawings that carry no rule (text, lines, circles,
// rectangles, cages without a rule): the count stays that of the rest.
func drawDrawings(d *draw) {
	cells := func() []string { return d.names(d.shuffled(d.n * d.n)[:d.between(1, 3)]) }
	d.add("text", map[string]any{"cells": cells(), "value": "?", "fontC": "#000000", "size": 0.5})
	d.add("line", map[string]any{"lines": [][]string{cells()}, "outlineC": "#FF0000", "width": 0.2})
	d.add("circle", map[string]any{"cells": cells(), "baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000", "width": 0.8, "height": 0.8, "value": ""})
	d.add("rectangle", map[string]any{"cells": cells(), "baseC": "#FFFFFF", "outlineC": "#000000", "fontC": "#000000", "width": 0.5, "height": 0.5, "value": ""})
	d.add("cage", map[string]any{"cells": cells(), "outlineC": "#000000", "fontC": "#000000", "value": "7"})
}
