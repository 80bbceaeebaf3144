package main

import (
	"slices"
	"strconv"
)

// The kinds drawn as lines: each a rule on the digits along a path by
// king's moves, drawn true to the solution (a search over paths whose
// prefixes can still become a line) or at random.

func init() {
	addLine("thermometer", 2, 8, rising(false), rising(false))
	addLine("slowthermometer", 2, 8, rising(true), rising(true))
	addLine("renban", 2, 6, renbanGrows, renbanHolds)
	addLine("nabner", 2, 5, nabnerHolds, nabnerHolds)
	addLine("entropicline", 2, 7, rankHolds(entropicRank), rankHolds(entropicRank))
	addLine("modularline", 2, 7, rankHolds(modularRank), rankHolds(modularRank))
	addKind(kind{name: "whispers", draw: drawWhispers})
	covers("whispers", "whispers")
	addKind(kind{name: "betweenline", draw: drawBetween, weight: 2})
	covers("betweenline", "betweenline")
	addKind(kind{name: "lockout", draw: drawLockout, weight: 2})
	covers("lockout", "lockout")
	addKind(kind{name: "regionsumline", draw: drawRegionSum, weight: 2})
	covers("regionsumline", "regionsumline")
	addKind(kind{name: "palindrome", draw: drawMirrored("palindrome", func(a, b, _ int) bool { return a == b })})
	covers("palindrome", "palindrome")
	addKind(kind{name: "zipperline", draw: drawMirrored("zipperline", func(a, b, sum int) bool { return a+b == sum })})
	covers("zipperline", "zipperline")
	addKind(kind{name: "arrow", draw: drawArrows})
	covers("arrow", "arrow")
	addKind(kind{name: "doublearrow", draw: drawDoubleArrows})
	covers("doublearrow", "doublearrow")
}

// lineRule is a rule on the digits of a line (n the size).
type lineRule func(n int, v []int) bool

// addLine adds a kind of line under its f-puzzles key: lines of minLen
// to maxLen cells (at most n) whose prefixes pass grow and whose digits
// hold.
func addLine(key string, minLen, maxLen int, grow, holds lineRule) {
	addKind(kind{name: key, draw: func(d *draw) {
		on := func(f lineRule) func([]int, []int) bool {
			return func(_ []int, v []int) bool { return f(d.n, v) }
		}
		top := min(maxLen, d.n)
		if key == "nabner" {
			top = min(top, (d.n+1)/2)
		}
		for _, line := range d.lines(d.count(30), minLen, top, on(grow), on(holds)) {
			d.add(key, d.lineEntry(line))
			d.rule(key+" "+d.cellList(line), func(g []uint8) bool { return holds(d.n, values(g, line)) })
		}
	}})
	covers(key, key)
}

// rising: digits increase along the line (slow: or stay).
func rising(slow bool) lineRule {
	return func(_ int, v []int) bool {
		for i := 1; i < len(v); i++ {
			if v[i] < v[i-1] || v[i] == v[i-1] && !slow {
				return false
			}
		}
		return true
	}
}

func renbanGrows(_ int, v []int) bool {
	lo, hi := slices.Min(v), slices.Max(v)
	return distinct(v) && hi-lo+1 <= 6
}

func renbanHolds(_ int, v []int) bool {
	return distinct(v) && slices.Max(v)-slices.Min(v)+1 == len(v)
}

func distinct(v []int) bool {
	seen := map[int]bool{}
	for _, x := range v {
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

func nabnerHolds(_ int, v []int) bool {
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if abs(v[i]-v[j]) < 2 {
				return false
			}
		}
	}
	return true
}

// entropicRank is the rank of digit x on an n-grid: 0 low, 1 middle, 2
// high; low and high take n/3 digits each when the middle then takes
// n/3 rounded up, else n/3 rounded up each (f-puzzles' split).
func entropicRank(n, x int) int {
	lo, up := n/3, (n+2)/3
	side := up
	if 2*lo+up == n {
		side = lo
	}
	switch {
	case x <= side:
		return 0
	case x > n-side:
		return 2
	}
	return 1
}

// modularRank is the residue class of x: 1-4-7, 2-5-8, 3-6-9.
func modularRank(_, x int) int { return (x - 1) % 3 }

// rankHolds: any three cells in a row on the line have three ranks (two
// cells, two).
func rankHolds(rank func(n, x int) int) lineRule {
	return func(n int, v []int) bool {
		for i := range v {
			for j := i + 1; j < len(v) && j < i+3; j++ {
				if rank(n, v[i]) == rank(n, v[j]) {
					return false
				}
			}
		}
		return true
	}
}

// drawWhispers draws whispers lines: neighbours differ by at least the
// entry's value (half the size rounded up when none is written).
func drawWhispers(d *draw) {
	v := (d.n + 1) / 2
	entry := map[string]any{}
	if d.chance(0.3) {
		v = d.between(1, d.n-1)
		entry["value"] = strconv.Itoa(v)
	}
	holds := func(_ []int, x []int) bool {
		for i := 1; i < len(x); i++ {
			if abs(x[i]-x[i-1]) < v {
				return false
			}
		}
		return true
	}
	for _, line := range d.lines(d.count(30), 2, min(8, d.n), holds, holds) {
		e := d.lineEntry(line)
		for k, x := range entry {
			e[k] = x
		}
		d.add("whispers", e)
		d.rule("whispers "+d.cellList(line), func(g []uint8) bool { return holds(line, values(g, line)) })
	}
}

// crossings counts the times a path passes from one region to another,
// and says whether it comes back to a region it left.
func (d *draw) crossings(path []int) (cuts int, back bool) {
	reg := d.region()
	seen := map[int]bool{reg[path[0]]: true}
	for i := 1; i < len(path); i++ {
		a, b := reg[path[i-1]], reg[path[i]]
		if a != b {
			cuts++
			back = back || seen[b]
			seen[b] = true
		}
	}
	return cuts, back
}

// winding reports whether a path is one of the required class: it
// crosses region borders three times or more and comes back to a region.
func (d *draw) winding(path []int) bool {
	cuts, back := d.crossings(path)
	return cuts >= 3 && back
}

// drawBetween draws between lines: every digit between the circles at
// the ends lies strictly between theirs. Half the time the line must
// wind (cross borders three times and come back to a box).
func drawBetween(d *draw) {
	wind := d.chance(0.5)
	grow := func(_ []int, v []int) bool {
		above, below := true, true
		for _, x := range v[1:] {
			above, below = above && x > v[0], below && x < v[0]
		}
		return above || below
	}
	holds := func(path []int, v []int) bool { return betweenHolds(v) && (!wind || d.winding(path)) }
	top := min(d.n+1, 12)
	if wind {
		top = max(top, 9)
	}
	for _, line := range d.lines(d.count(40), 3, top, grow, holds) {
		d.add("betweenline", d.lineEntry(line))
		d.rule("betweenline "+d.cellList(line), func(g []uint8) bool { return betweenHolds(values(g, line)) })
	}
}

func betweenHolds(v []int) bool {
	a, b := v[0], v[len(v)-1]
	lo, hi := min(a, b), max(a, b)
	for _, x := range v[1 : len(v)-1] {
		if x <= lo || x >= hi {
			return false
		}
	}
	return true
}

// drawLockout draws lockout lines: the diamonds at the ends differ by at
// least the value (half the size rounded down when none is written), no
// digit on the line between them or equal to one.
func drawLockout(d *draw) {
	diff := d.n / 2
	entry := map[string]any{}
	if d.chance(0.4) {
		diff = d.between(1, d.n-1)
		entry["value"] = strconv.Itoa(diff)
	}
	holds := func(_ []int, v []int) bool { return lockoutHolds(diff, v) }
	grow := func(_ []int, v []int) bool { return len(v) < 3 || v[len(v)-2] != v[0] }
	for _, line := range d.lines(d.count(40), 2, min(d.n, 8), grow, holds) {
		e := d.lineEntry(line)
		for k, x := range entry {
			e[k] = x
		}
		d.add("lockout", e)
		d.rule("lockout "+d.cellList(line), func(g []uint8) bool { return lockoutHolds(diff, values(g, line)) })
	}
}

func lockoutHolds(diff int, v []int) bool {
	a, b := v[0], v[len(v)-1]
	lo, hi := min(a, b), max(a, b)
	if hi-lo < diff {
		return false
	}
	for _, x := range v[1 : len(v)-1] {
		if x >= lo && x <= hi {
			return false
		}
	}
	return true
}

// drawRegionSum draws region sum lines: cut where the line passes from
// one region to another, every piece adds up to the same. Most must
// wind (cross borders three times and come back to a region).
func drawRegionSum(d *draw) {
	reg := d.region()
	wind := d.chance(0.7)
	grow := func(path []int, v []int) bool {
		sums := pieceSums(reg, path, v)
		for _, s := range sums[:len(sums)-1] {
			if s != sums[0] {
				return false
			}
		}
		return len(sums) == 1 || sums[len(sums)-1] <= sums[0]
	}
	holds := func(path []int, v []int) bool {
		return regionSumHolds(reg, path, v) && len(pieceSums(reg, path, v)) >= 2 && (!wind || d.winding(path))
	}
	for _, line := range d.lines(d.count(40), 2, min(2*d.n, 14), grow, holds) {
		d.add("regionsumline", d.lineEntry(line))
		d.rule("regionsumline "+d.cellList(line), func(g []uint8) bool { return regionSumHolds(reg, line, values(g, line)) })
	}
}

// pieceSums cuts a line where its region changes and adds up each piece.
func pieceSums(reg, path, v []int) []int {
	sums := []int{v[0]}
	for i := 1; i < len(path); i++ {
		if reg[path[i]] != reg[path[i-1]] {
			sums = append(sums, 0)
		}
		sums[len(sums)-1] += v[i]
	}
	return sums
}

func regionSumHolds(reg, path, v []int) bool {
	sums := pieceSums(reg, path, v)
	for _, s := range sums {
		if s != sums[0] {
			return false
		}
	}
	return true
}

// drawMirrored draws lines whose cells equally far from the middle pair
// up (palindromes: equal digits; zipper lines: one sum, the middle
// digit's on a line of odd length): grown outwards from the middle.
func drawMirrored(key string, pair func(a, b, sum int) bool) func(d *draw) {
	return func(d *draw) {
		used := make([]bool, d.n*d.n)
		for range d.count(40) {
			line := d.mirroredLine(used, key == "zipperline", pair)
			if line == nil {
				continue
			}
			for _, c := range line {
				used[c] = true
			}
			d.add(key, d.lineEntry(line))
			d.rule(key+" "+d.cellList(line), func(g []uint8) bool { return mirroredHolds(values(g, line), key == "zipperline", pair) })
		}
	}
}

// mirroredLine grows a line from a middle cell (or two) both ways, the
// new ends paired with each other; at random when not truth.
func (d *draw) mirroredLine(used []bool, zipper bool, pair func(a, b, sum int) bool) []int {
	for range 20 {
		mid := d.rng.IntN(d.n * d.n)
		line := []int{mid}
		if d.chance(0.5) {
			next := d.neighbours(mid, kingSteps)
			line = append(line, next[d.rng.IntN(len(next))])
		}
		if slices.ContainsFunc(line, func(c int) bool { return used[c] }) {
			continue
		}
		if len(line) == 2 && d.truth && !pair(int(d.sol[line[0]]), int(d.sol[line[1]]), int(d.sol[line[0]]+d.sol[line[1]])) {
			continue
		}
		line = d.growMirrored(line, used, zipper, pair, d.between(1, max(1, d.n/2)))
		if len(line) >= 3 {
			return line
		}
	}
	return nil
}

// growMirrored adds up to k pairs of ends to line.
func (d *draw) growMirrored(line []int, used []bool, zipper bool, pair func(a, b, sum int) bool, k int) []int {
	sum := 0
	if d.sol != nil {
		sum = int(d.sol[line[0]])
		if len(line) == 2 {
			sum += int(d.sol[line[1]])
		}
	}
	for range k {
		heads := d.free(line, used, line[0])
		tails := d.free(line, used, line[len(line)-1])
		var ok [][2]int
		for _, h := range heads {
			for _, t := range tails {
				if h != t && (!d.truth || pair(int(d.sol[h]), int(d.sol[t]), sum)) {
					ok = append(ok, [2]int{h, t})
				}
			}
		}
		if len(ok) == 0 {
			break
		}
		p := ok[d.rng.IntN(len(ok))]
		line = append(append([]int{p[0]}, line...), p[1])
	}
	return line
}

// free returns the cells a king's move from c that are not on line or
// used.
func (d *draw) free(line []int, used []bool, c int) []int {
	var out []int
	for _, o := range d.neighbours(c, kingSteps) {
		if !used[o] && !slices.Contains(line, o) {
			out = append(out, o)
		}
	}
	return out
}

func mirroredHolds(v []int, zipper bool, pair func(a, b, sum int) bool) bool {
	L := len(v)
	sum := v[L/2]
	if L%2 == 0 {
		sum = v[L/2-1] + v[L/2]
	}
	for i := 0; i < L/2; i++ {
		if !pair(v[i], v[L-1-i], sum) {
			return false
		}
	}
	return true
}

// drawArrows draws arrows: from a circle (one cell, or on grids up to 9
// sometimes a pill of two read as a number of two figures), a line whose
// digits add up to the circle's number.
func drawArrows(d *draw) {
	used := make([]bool, d.n*d.n)
	for _, c := range d.rng.Perm(d.n * d.n)[:d.count(30)] {
		circle := []int{c}
		if d.chance(0.25) {
			next := d.neighbours(c, orthoSteps)
			o := next[d.rng.IntN(len(next))]
			circle = []int{min(c, o), max(c, o)}
		}
		if slices.ContainsFunc(circle, func(x int) bool { return used[x] }) {
			continue
		}
		target := func(g []uint8) int { return pillValue(values(g, circle)) }
		p := &pathSearch{d: d, minLen: 2, maxLen: min(d.n, 6), used: used}
		if d.truth {
			t := target(d.sol)
			p.grow = func(path []int) bool {
				return sumOf(d.sol, path[1:]) <= t && !slices.Contains(circle, path[len(path)-1]) || len(path) == 1
			}
			p.done = func(path []int) bool { return sumOf(d.sol, path[1:]) == t }
		} else {
			p.grow = func(path []int) bool { return len(path) == 1 || !slices.Contains(circle, path[len(path)-1]) }
		}
		line := p.find(circle[d.rng.IntN(len(circle))])
		if line == nil {
			continue
		}
		for _, x := range append(slices.Clone(line), circle...) {
			used[x] = true
		}
		d.add("arrow", map[string]any{"cells": d.names(circle), "lines": [][]string{d.names(line)}})
		d.rule("arrow "+d.cellList(circle)+" "+d.cellList(line), func(g []uint8) bool { return sumOf(g, line[1:]) == target(g) })
	}
}

// pillValue reads digits as one number, figure by figure (1 then 12
// reads 112).
func pillValue(v []int) int {
	s := ""
	for _, x := range v {
		s += strconv.Itoa(x)
	}
	x, _ := strconv.Atoi(s)
	return x
}

func sumOf(g []uint8, cells []int) int {
	s := 0
	for _, c := range cells {
		s += int(g[c])
	}
	return s
}

// drawDoubleArrows draws double arrows: the digits between the circles
// at the ends add up to the circles' sum.
func drawDoubleArrows(d *draw) {
	holds := func(_ []int, v []int) bool { return sumInts(v[1:len(v)-1]) == v[0]+v[len(v)-1] }
	for _, line := range d.lines(d.count(40), 3, min(d.n, 7), nil, holds) {
		d.add("doublearrow", d.lineEntry(line))
		d.rule("doublearrow "+d.cellList(line), func(g []uint8) bool { return holds(line, values(g, line)) })
	}
}

func sumInts(v []int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}
