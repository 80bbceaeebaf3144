package main

import (
	"fmt"
	"slices"
	"strconv"
)

// The kinds drawn on cells: dots between two cells (kropki, XV, and the
// rules that every dot is given), quadruples, minimum and maximum cells,
// indexing cells and clones.

func init() {
	addDots("difference", func(v, a, b int) bool { return abs(a-b) == v }, 1)
	addDots("ratio", func(v, a, b int) bool { return a == v*b || b == v*a }, 2)
	addDots("xv", func(v, a, b int) bool { return a+b == v }, 10)
	addKind(kind{name: "nonconsecutive", draw: drawNegative("nonconsecutive"), excludes: []string{"difference", "ratio", "negative"}})
	addKind(kind{name: "negative", draw: drawNegative("negative"), excludes: []string{"difference", "ratio", "xv", "nonconsecutive"}})
	addKind(kind{name: "quadruple", draw: drawQuadruples})
	covers("quadruple", "quadruple")
	addKind(kind{name: "extremum", draw: drawExtrema})
	covers("extremum", "minimum", "maximum")
	for _, key := range []string{"rowindexer", "columnindexer", "boxindexer"} {
		addKind(kind{name: key, draw: drawIndexers(key)})
		covers(key, key)
	}
	addKind(kind{name: "clone", draw: drawClones})
	covers("clone", "clone")
}

// dotRule is the relation of a dot of value v.
type dotRule func(v, a, b int) bool

// dotKind is a kind of dot with its default value.
type dotKind struct {
	key   string
	def   int
	holds dotRule
}

// addDots adds a kind of dot between side-by-side cells.
func addDots(key string, holds dotRule, def int) {
	addKind(kind{name: key, draw: func(d *draw) {
		pairs := d.pairs()
		for _, p := range d.shuffled(len(pairs))[:d.count(8)] {
			a, b := pairs[p][0], pairs[p][1]
			v := dotValue(d, key, def, a, b, holds)
			if v < 0 {
				continue
			}
			d.dot(key, def, a, b, v)
			d.rule(fmt.Sprintf("%s %d %s", key, v, d.cellList([]int{a, b})), func(g []uint8) bool { return holds(v, int(g[a]), int(g[b])) })
		}
	}})
	covers(key, key)
}

// dotValue picks a dot's value for cells a and b: one that holds on the
// solution (the kind's default most often), or at random; -1 for none.
func dotValue(d *draw, key string, def, a, b int, holds dotRule) int {
	x, y := int(d.sol[a]), int(d.sol[b])
	if !d.truth {
		if key == "xv" {
			return []int{5, 10}[d.rng.IntN(2)]
		}
		return []int{def, def, d.between(1, d.n-1)}[d.rng.IntN(3)]
	}
	switch {
	case holds(def, x, y):
		return def
	case key == "difference" && d.chance(0.3):
		return abs(x - y)
	case key == "ratio" && max(x, y)%min(x, y) == 0 && x != y && d.chance(0.3):
		return max(x, y) / min(x, y)
	case key == "xv" && x+y == 5:
		return 5
	}
	return -1
}

// dot writes a dot's entry (its value only when not the default).
func (d *draw) dot(key string, def, a, b, v int) {
	e := map[string]any{"cells": d.names([]int{a, b})}
	switch {
	case key == "xv" && v == 10:
		e["value"] = "X"
	case key == "xv":
		e["value"] = "V"
	case v != def:
		e["value"] = strconv.Itoa(v)
	}
	d.add(key, e)
}

// pairs returns every pair of side-by-side cells, the lower first.
func (d *draw) pairs() [][2]int {
	var out [][2]int
	for c := range d.n * d.n {
		if c%d.n+1 < d.n {
			out = append(out, [2]int{c, c + 1})
		}
		if c+d.n < d.n*d.n {
			out = append(out, [2]int{c, c + d.n})
		}
	}
	return out
}

// drawNegative draws every dot of some kinds that the solution holds,
// and the rule that they are all given: "nonconsecutive" (no pair of
// neighbours is consecutive where no dot stands) or "negative" over
// white and black dots or X and V. At random,
// some dots are left out (the rule is then false).
func drawNegative(mode string) func(d *draw) {
	return func(d *draw) {
		white := dotKind{"difference", 1, func(v, a, b int) bool { return abs(a-b) == v }}
		black := dotKind{"ratio", 2, func(v, a, b int) bool { return a == v*b || b == v*a }}
		x := dotKind{"xv", 10, func(v, a, b int) bool { return a+b == v }}
		v := dotKind{"xv", 5, func(v, a, b int) bool { return a+b == v }}
		var drawn, neg []dotKind
		switch {
		case mode == "nonconsecutive":
			drawn, neg = []dotKind{white, black}, []dotKind{white}
			d.flags["nonconsecutive"] = true
		case d.chance(0.5):
			drawn, neg = []dotKind{x, v}, []dotKind{x, v}
			d.flags["negative"] = []string{"xv"}
		default:
			drawn = []dotKind{white, black}
			neg = []dotKind{white, black}[:d.between(1, 2)]
			keys := []string{}
			for _, k := range neg {
				keys = append(keys, k.key)
			}
			d.flags["negative"] = keys
		}
		has := map[[2]int]bool{}
		for _, p := range d.pairs() {
			a, b := p[0], p[1]
			for _, k := range drawn {
				if k.holds(k.def, int(d.sol[a]), int(d.sol[b])) && (d.truth || d.chance(0.8)) {
					d.dot(k.key, k.def, a, b, k.def)
					has[p] = true
					break
				}
			}
		}
		d.negativeRule(mode, neg, has)
	}
}

// negativeRule records the rule of the pairs without a dot: none holds
// the relation of a kind that is all given.
func (d *draw) negativeRule(mode string, neg []dotKind, has map[[2]int]bool) {
	for _, k := range neg {
		d.rule(fmt.Sprintf("%s: no %s %d where none is drawn", mode, k.key, k.def), func(g []uint8) bool {
			for _, p := range d.pairs() {
				if !has[p] && k.holds(k.def, int(g[p[0]]), int(g[p[1]])) {
					return false
				}
			}
			return true
		})
	}
}

// drawQuadruples draws circles at the corner of four cells with digits
// that appear among them (a digit twice, twice); at random, any digits.
func drawQuadruples(d *draw) {
	n := d.n
	for range d.count(20) {
		r, c := d.rng.IntN(n-1), d.rng.IntN(n-1)
		cells := []int{r*n + c, r*n + c + 1, (r+1)*n + c, (r+1)*n + c + 1}
		vs := values(d.sol, cells)
		d.rng.Shuffle(4, func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
		vs = vs[:d.between(1, 4)]
		if !d.truth {
			for i := range vs {
				vs[i] = d.between(1, n)
			}
		}
		slices.Sort(vs)
		d.add("quadruple", map[string]any{"cells": d.names(cells), "values": vs})
		d.rule(fmt.Sprintf("quadruple %v at %s", vs, d.cellList(cells)), func(g []uint8) bool { return quadHolds(values(g, cells), vs) })
	}
}

func quadHolds(have, want []int) bool {
	for _, x := range want {
		need := 0
		for _, y := range want {
			if y == x {
				need++
			}
		}
		got := 0
		for _, y := range have {
			if y == x {
				got++
			}
		}
		if got < need {
			return false
		}
	}
	return true
}

// drawExtrema draws minimum and maximum cells: lower (higher) than each
// side-by-side neighbour that is not of the same kind.
func drawExtrema(d *draw) {
	for _, key := range []string{"minimum", "maximum"} {
		var cells []int
		for _, c := range d.shuffled(d.n * d.n)[:d.count(10)] {
			cells = append(cells, c)
		}
		isMax := key == "maximum"
		holds := func(g []uint8, c int, marked []int) bool {
			for _, o := range d.neighbours(c, orthoSteps) {
				if !slices.Contains(marked, o) && (isMax && g[o] >= g[c] || !isMax && g[o] <= g[c]) {
					return false
				}
			}
			return true
		}
		var marked []int
		for _, c := range cells {
			if !d.truth || holds(d.sol, c, append(slices.Clone(marked), c)) {
				marked = append(marked, c)
			}
		}
		if d.truth { // a cell added later may have changed an earlier one's neighbours
			marked = slices.DeleteFunc(marked, func(c int) bool { return !holds(d.sol, c, marked) })
		}
		for _, c := range marked {
			d.add(key, map[string]any{"cell": d.name(c)})
			d.rule(fmt.Sprintf("%s %s", key, d.cellList([]int{c})), func(g []uint8) bool { return holds(g, c, marked) })
		}
	}
}

// drawIndexers draws indexing cells of a kind: true ones are the cells
// whose digit points to a cell holding their index.
func drawIndexers(key string) func(d *draw) {
	return func(d *draw) {
		var cells []int
		for _, c := range d.shuffled(d.n * d.n) {
			if len(cells) >= d.count(12) {
				break
			}
			if !d.truth || d.indexHolds(key, d.sol, c) {
				cells = append(cells, c)
			}
		}
		if len(cells) == 0 {
			return
		}
		d.add(key, map[string]any{"cells": d.names(cells)})
		d.rule(key+" "+d.cellList(cells), func(g []uint8) bool {
			for _, c := range cells {
				if !d.indexHolds(key, g, c) {
					return false
				}
			}
			return true
		})
	}
}

// indexHolds reports whether indexing cell c of kind key points right on
// g: its digit x names the cell of its column (row, box) that holds its
// own row (column, place in the box).
func (d *draw) indexHolds(key string, g []uint8, c int) bool {
	n, x := d.n, int(g[c])
	r, col := c/n, c%n
	switch key {
	case "rowindexer":
		return int(g[(x-1)*n+col]) == r+1
	case "columnindexer":
		return int(g[r*n+x-1]) == col+1
	}
	reg := d.region()
	var box []int
	for o := range n * n {
		if reg[o] == reg[c] {
			box = append(box, o)
		}
	}
	return int(g[box[x-1]]) == slices.Index(box, c)+1
}

// drawClones draws pairs of areas of the same shape whose cells at the
// same place hold the same digit: true ones grown over cells equal to
// their twin one shift away.
func drawClones(d *draw) {
	n := d.n
	for range d.count(60) {
		dr, dc := d.between(-n/2, n/2), d.between(-n/2, n/2)
		if dr == 0 && dc == 0 {
			continue
		}
		twin := func(c int) int {
			r, col := c/n+dr, c%n+dc
			if r < 0 || r >= n || col < 0 || col >= n {
				return -1
			}
			return r*n + col
		}
		ok := func(c int) bool {
			t := twin(c)
			return t >= 0 && (!d.truth || d.sol[t] == d.sol[c])
		}
		area := d.area(ok, twin, d.between(1, 6))
		if len(area) == 0 {
			continue
		}
		clones := make([]int, len(area))
		for i, c := range area {
			clones[i] = twin(c)
		}
		d.add("clone", map[string]any{"cells": d.names(area), "cloneCells": d.names(clones)})
		d.rule("clone "+d.cellList(area), func(g []uint8) bool {
			for i, c := range area {
				if g[c] != g[clones[i]] {
					return false
				}
			}
			return true
		})
	}
}

// area grows a connected set of up to k cells that pass ok and whose
// twins are not in it.
func (d *draw) area(ok func(int) bool, twin func(int) int, k int) []int {
	start := d.rng.IntN(d.n * d.n)
	if !ok(start) {
		return nil
	}
	area := []int{start}
	for len(area) < k {
		var next []int
		for _, c := range area {
			for _, o := range d.neighbours(c, orthoSteps) {
				if ok(o) && !slices.Contains(area, o) && !slices.Contains(next, o) {
					next = append(next, o)
				}
			}
		}
		next = slices.DeleteFunc(next, func(o int) bool {
			return slices.ContainsFunc(area, func(a int) bool { return twin(a) == o || twin(o) == a })
		})
		if len(next) == 0 {
			break
		}
		area = append(area, next[d.rng.IntN(len(next))])
	}
	if slices.ContainsFunc(area, func(a int) bool { return slices.Contains(area, twin(a)) }) {
		return nil
	}
	return area
}
