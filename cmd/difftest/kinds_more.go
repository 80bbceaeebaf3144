package main

import (
	"fmt"
	"slices"

	"sudoku"
	"sudoku/constraint"
)

// The kinds f-puzzles has no key for (ISS and SudokuPad puzzles bring
// them): sum lines, lunchboxes, rellik cages, counting circles, numbered
// rooms and parity lines. Each is added to our board once it is read
// (draw.later), so SVJS, which reads f-puzzles, is left out of their
// cases and ISS, whose strings hold them, is the anchor.

func init() {
	addKind(kind{name: "sumline", weight: 2, draw: drawSumLines})
	covers("sumline", "sumline")
	addKind(kind{name: "lunchbox", draw: drawLunchboxes})
	covers("lunchbox", "lunchbox")
	addKind(kind{name: "rellik", draw: drawRellik})
	covers("rellik", "rellik")
	addKind(kind{name: "countingcircles", draw: drawCountingCircles})
	covers("countingcircles", "countingcircles")
	addKind(kind{name: "numberedroom", draw: drawNumberedRooms})
	covers("numberedroom", "numberedroom")
	addKind(kind{name: "parityline", draw: drawParityLines})
	covers("parityline", "parityline")
	notDrawn["sudokupad"] = "SudokuPad's drawings without a rule: read only from SudokuPad puzzles, never a rule to count"
}

// addMade adds a constraint made by mk on the rules, the rule's words
// what and its definition holds, when mk takes it on the case's rules
// (a clue drawn at random that the constructor refuses is left out);
// the same is made again on our board once it is read.
func (d *draw) addMade(what string, mk func(r *sudoku.Rules) (sudoku.Constraint, error), holds func(g []uint8) bool) {
	if _, err := mk(d.rules); err != nil {
		return
	}
	d.later(func(b *sudoku.Board) error {
		k, err := mk(b.Rules)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		b.Rules.Constraints = append(b.Rules.Constraints, k)
		return nil
	})
	d.rule(what, holds)
}

// drawSumLines draws sum lines of one value V: lines whose digits cut
// into segments of V (on a loop, from any cell); V is 10 on a 9x9 half
// the time.
func drawSumLines(d *draw) {
	v := d.between(d.n/2+1, min(2*d.n, 40))
	if d.n == 9 && d.chance(0.5) {
		v = 10
	}
	grow := func(_ []int, x []int) bool { return sumLineRest(v, x) >= 0 }
	holds := func(_ []int, x []int) bool { return sumLineRest(v, x) == 0 }
	for _, line := range d.lines(d.count(40), 2, min(d.n, 10), grow, holds) {
		loop := d.adjacent(line[0], line[len(line)-1]) && len(line) > 2 && d.chance(0.5)
		what := fmt.Sprintf("sumline %d %s", v, d.cellList(line))
		if loop {
			what += " loop"
		}
		d.addMade(what, func(r *sudoku.Rules) (sudoku.Constraint, error) { return constraint.NewSumLine(r, line, v, loop) },
			func(g []uint8) bool { return sumLineHolds(v, values(g, line), loop) })
	}
}

// sumLineRest cuts x greedily into segments of v and returns what the
// last one still lacks (0: cut exactly), -1 when a segment passes v.
func sumLineRest(v int, x []int) int {
	acc := 0
	for _, d := range x {
		acc += d
		if acc > v {
			return -1
		}
		if acc == v {
			acc = 0
		}
	}
	if acc == 0 {
		return 0
	}
	return v - acc
}

// sumLineHolds reports whether x cuts into segments of v, on a loop
// starting at any of its cells.
func sumLineHolds(v int, x []int, loop bool) bool {
	if !loop {
		return sumLineRest(v, x) == 0
	}
	for s := range x {
		if sumLineRest(v, append(slices.Clone(x[s:]), x[:s]...)) == 0 {
			return true
		}
	}
	return false
}

// adjacent reports whether two cells touch by a king's move.
func (d *draw) adjacent(a, b int) bool {
	return a != b && abs(a/d.n-b/d.n) <= 1 && abs(a%d.n-b%d.n) <= 1
}

// drawLunchboxes draws lunchboxes: lines of different digits and whole
// rows or columns read from a side, their sums those of the digits
// between the smallest and the largest.
func drawLunchboxes(d *draw) {
	var groups [][]int
	grow := func(_ []int, x []int) bool { return distinct(x) }
	groups = append(groups, d.lines(d.count(40), 2, d.n, grow, grow)...)
	ps := d.places()
	for _, i := range d.shuffled(len(ps))[:d.between(0, 3)] {
		groups = append(groups, ps[i].cells)
	}
	for _, cells := range groups {
		sum := lunchboxSum(values(d.sol, cells))
		if !d.truth {
			sum = d.between(0, d.n*(d.n+1)/2)
		}
		d.addMade(fmt.Sprintf("lunchbox %d %s", sum, d.cellList(cells)),
			func(r *sudoku.Rules) (sudoku.Constraint, error) { return constraint.NewLunchbox(r, cells, sum) },
			func(g []uint8) bool { x := values(g, cells); return distinct(x) && lunchboxSum(x) == sum })
	}
}

// lunchboxSum adds up the digits between the smallest and the largest.
func lunchboxSum(x []int) int {
	a, b := slices.Index(x, slices.Min(x)), slices.Index(x, slices.Max(x))
	if a == b { // one digit throughout (a line drawn at random)
		return 0
	}
	return sumInts(x[min(a, b)+1 : max(a, b)])
}

// drawRellik draws rellik cages: connected cells of different digits
// and a number no one or more of them add up to.
func drawRellik(d *draw) {
	used := make([]bool, d.n*d.n)
	for range d.between(1, max(2, d.n/2)) {
		cells := d.cage(used, d.rng.IntN(d.n*d.n), false, d.between(1, min(d.n, 5)))
		if cells == nil {
			continue
		}
		for _, c := range cells {
			used[c] = true
		}
		x := values(d.sol, cells)
		var free []int
		for v := 1; v <= sumInts(x)+1; v++ {
			if !subsetSums(x)[v] {
				free = append(free, v)
			}
		}
		v := free[d.rng.IntN(len(free))]
		if !d.truth {
			v = d.between(1, d.n*len(cells))
		}
		d.addMade(fmt.Sprintf("rellik %d %s", v, d.cellList(cells)),
			func(r *sudoku.Rules) (sudoku.Constraint, error) { return constraint.NewRellik(r, cells, v) },
			func(g []uint8) bool { x := values(g, cells); return distinct(x) && !subsetSums(x)[v] })
	}
}

// subsetSums marks the sums of the non-empty subsets of x.
func subsetSums(x []int) map[int]bool {
	sums := map[int]bool{}
	for m := 1; m < 1<<len(x); m++ {
		s := 0
		for i, v := range x {
			if m>>i&1 == 1 {
				s += v
			}
		}
		sums[s] = true
	}
	return sums
}

// drawCountingCircles draws one set of counting circles: for some
// digits v, v of the cells holding v (or, at random, any cells).
func drawCountingCircles(d *draw) {
	var cells []int
	for _, v := range d.shuffled(min(d.n, 5))[:d.between(1, 3)] {
		v++
		var of []int
		for c, x := range d.sol {
			if int(x) == v {
				of = append(of, c)
			}
		}
		d.rng.Shuffle(len(of), func(i, j int) { of[i], of[j] = of[j], of[i] })
		cells = append(cells, of[:v]...)
	}
	if !d.truth {
		cells = d.shuffled(d.n * d.n)[:d.between(1, 2*d.n)]
	}
	slices.Sort(cells)
	d.addMade("countingcircles "+d.cellList(cells),
		func(r *sudoku.Rules) (sudoku.Constraint, error) { return constraint.NewCountingCircles(r, cells) },
		func(g []uint8) bool { return countingHolds(values(g, cells)) })
}

// countingHolds: each digit in the circles is in as many of them.
func countingHolds(x []int) bool {
	for _, v := range x {
		if n := len(slices.DeleteFunc(slices.Clone(x), func(y int) bool { return y != v })); n != v {
			return false
		}
	}
	return true
}

// drawNumberedRooms draws numbered room clues beside rows and columns:
// the digit in the Xth cell from that side, X the first cell's digit.
func drawNumberedRooms(d *draw) {
	ps := d.places()
	for _, i := range d.shuffled(len(ps))[:d.between(1, max(1, len(ps)/3))] {
		p := ps[i]
		v := roomOf(values(d.sol, p.cells))
		if !d.truth {
			v = d.between(1, d.n)
		}
		d.addMade(fmt.Sprintf("numberedroom %d at %s", v, d.outside(p.row, p.col)),
			func(r *sudoku.Rules) (sudoku.Constraint, error) {
				return constraint.NewNumberedRoom(r, p.row, p.col, v)
			},
			func(g []uint8) bool { return roomOf(values(g, p.cells)) == v })
	}
}

// roomOf is the digit in the Xth cell, X the first digit.
func roomOf(x []int) int { return x[x[0]-1] }

// drawParityLines draws lines whose neighbours differ in parity.
func drawParityLines(d *draw) {
	holds := func(_ []int, x []int) bool { return parityHolds(x) }
	for _, line := range d.lines(d.count(40), 2, min(d.n, 8), holds, holds) {
		d.addMade("parityline "+d.cellList(line),
			func(r *sudoku.Rules) (sudoku.Constraint, error) { return constraint.NewParityLine(r.Size, line) },
			func(g []uint8) bool { return parityHolds(values(g, line)) })
	}
}

func parityHolds(x []int) bool {
	for i := 1; i < len(x); i++ {
		if x[i]%2 == x[i-1]%2 {
			return false
		}
	}
	return true
}
