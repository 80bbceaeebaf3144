package constraint

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sudoku"
	"testing"
)

// Tests of the sums family (arrows, double arrows, little killers,
// sandwiches, x-sums, skyscrapers, quadruples, minimum and maximum cells,
// indexers): soundness against random grids, exact 0-1 rows, round trip,
// read errors, no allocation.

// sumInstances returns constraints of every kind of the family that
// grid keeps, built from it.
func sumInstances(grid []uint8, rng *rand.Rand) []sudoku.Constraint {
	h := boxHouseMap(9)
	var cs []sudoku.Constraint
	cs = append(cs, arrowsKept(grid, rng, h)...)
	cs = append(cs, doubleArrowsKept(grid, rng, h)...)
	for _, dir := range []string{"DL", "DR", "UL", "UR"} {
		row, col := -1, rng.IntN(11)-1
		if dir[0] == 'U' {
			row = 9
		}
		k := newLittleKiller(9, row, col, dir, 0, h)
		if len(k.shape.cells) > 0 {
			k.value, _ = sumOf(grid, k.shape.cells)
			cs = append(cs, k)
		}
	}
	for range 3 {
		o := randomSide(rng)
		cs = append(cs, &sandwich{o, sandwichOf(grid, o)}, &xsum{o, xsumOf(grid, o)}, &skyscraper{o, seenOf(grid, o)})
	}
	cs = append(cs, quadruplesKept(grid, rng, h)...)
	cs = append(cs, extremaKept(grid, rng)...)
	return append(cs, indexersKept(grid, h)...)
}

// randomSide returns a random clue beside a 9x9.
func randomSide(rng *rand.Rand) outsideClue {
	i := rng.IntN(9)
	switch rng.IntN(4) {
	case 0:
		return newOutsideClue(9, -1, i)
	case 1:
		return newOutsideClue(9, 9, i)
	case 2:
		return newOutsideClue(9, i, -1)
	}
	return newOutsideClue(9, i, 9)
}

func sandwichOf(grid []uint8, o outsideClue) int {
	in, sum := 0, 0
	for _, c := range o.cells {
		switch v := int(grid[c]); {
		case v == 1 || v == 9:
			in++
		case in == 1:
			sum += v
		}
	}
	return sum
}

func xsumOf(grid []uint8, o outsideClue) int {
	s, _ := sumOf(grid, o.cells[:grid[o.cells[0]]])
	return s
}

func seenOf(grid []uint8, o outsideClue) int {
	s := &skyscraper{outsideClue: o}
	n, _ := s.seen(grid)
	return n
}

// kingWalk returns a walk of up to max cells, each a king's move from the
// last, none twice.
func kingWalk(rng *rand.Rand, max int) []int {
	path := []int{rng.IntN(81)}
	for len(path) < max {
		c := path[len(path)-1]
		var next []int
		for _, s := range kingSteps {
			r, col := c/9+s[0], c%9+s[1]
			if o := r*9 + col; r >= 0 && r < 9 && col >= 0 && col < 9 && !slices.Contains(path, o) {
				next = append(next, o)
			}
		}
		if len(next) == 0 {
			break
		}
		path = append(path, next[rng.IntN(len(next))])
	}
	return path
}

// arrowsKept finds arrows (one circle, and pills of two) along random
// walks whose sums the grid keeps.
func arrowsKept(grid []uint8, rng *rand.Rand, h *houseMap) []sudoku.Constraint {
	var out []sudoku.Constraint
	for range 200 {
		p := kingWalk(rng, 8)
		for j := 2; j <= len(p); j++ {
			if s, _ := sumOf(grid, p[1:j]); s == int(grid[p[0]]) {
				out = append(out, newArrow(9, p[:1], p[:j], h))
			}
			if j >= 3 && adjacent(9, p[0], p[1]) {
				if s, _ := sumOf(grid, p[2:j]); s == 10*int(grid[p[0]])+int(grid[p[1]]) {
					out = append(out, newArrow(9, p[:2], p[1:j], h))
				}
			}
		}
		if len(out) > 6 {
			break
		}
	}
	return out
}

func doubleArrowsKept(grid []uint8, rng *rand.Rand, h *houseMap) []sudoku.Constraint {
	var out []sudoku.Constraint
	for range 100 {
		p := kingWalk(rng, 8)
		for j := 3; j <= len(p); j++ {
			if s, _ := sumOf(grid, p[1:j-1]); s == int(grid[p[0]])+int(grid[p[j-1]]) {
				out = append(out, newDoubleArrow(9, p[:j], h))
			}
		}
		if len(out) > 4 {
			break
		}
	}
	return out
}

// quadruplesKept lists some digits of random 2x2 squares.
func quadruplesKept(grid []uint8, rng *rand.Rand, h *houseMap) []sudoku.Constraint {
	var out []sudoku.Constraint
	for range 4 {
		c := rng.IntN(8)*9 + rng.IntN(8)
		cells := []int{c, c + 1, c + 9, c + 10}
		var vals []int
		for _, i := range rng.Perm(4)[:1+rng.IntN(4)] {
			vals = append(vals, int(grid[cells[i]]))
		}
		out = append(out, &quadruple{n: 9, cells: cells, values: vals, differ: h.differ(cells)})
	}
	return out
}

// extremaKept marks cells lower (higher) than their neighbours, in pairs
// side by side where both are.
func extremaKept(grid []uint8, rng *rand.Rand) []sudoku.Constraint {
	var out []sudoku.Constraint
	for _, max := range []bool{false, true} {
		for range 20 {
			set := []int{rng.IntN(81)}
			if nb := sideNeighbours(9, set[0]); rng.IntN(2) == 0 {
				set = append(set, nb[rng.IntN(len(nb))])
			}
			cs := extremaOf(grid, set, max)
			out = append(out, cs...)
		}
	}
	return out
}

// extremaOf returns the extrema of set, none when the grid breaks one.
func extremaOf(grid []uint8, set []int, max bool) []sudoku.Constraint {
	var out []sudoku.Constraint
	for _, c := range set {
		e := &extremum{n: 9, max: max, cell: c}
		for _, o := range sideNeighbours(9, c) {
			e.sides = append(e.sides, o)
			if !slices.Contains(set, o) {
				e.nbrs = append(e.nbrs, o)
			}
		}
		if e.Check(grid) != nil {
			return nil
		}
		out = append(out, e)
	}
	return out
}

// indexersKept makes indexers of the cells the grid indexes right.
func indexersKept(grid []uint8, h *houseMap) []sudoku.Constraint {
	var out []sudoku.Constraint
	for _, k := range []*indexKind{rowIndex, columnIndex, boxIndex} {
		var cells []int
		for c := range 81 {
			x := newIndexer(k, 9, []int{c}, h.regionCells())
			if x.Check(grid) == nil {
				cells = append(cells, c)
			}
		}
		if len(cells) > 0 {
			out = append(out, newIndexer(k, 9, cells, h.regionCells()))
		}
	}
	return out
}

func TestSumKindsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	seen := map[string]int{}
	for range 60 {
		g := randomGrid(rng)
		for _, k := range sumInstances(g, rng) {
			seen[k.Kind()]++
			if a, ok := k.(*arrow); ok && len(a.circle) > 1 {
				seen["pill"]++
			}
			checkSound(t, k, g, rng, 8)
		}
	}
	for _, kind := range []string{"arrow", "doublearrow", "littlekillersum", "sandwichsum", "xsum", "skyscraper", "quadruple", "minimum", "maximum", "rowindexer", "columnindexer", "boxindexer", "pill"} {
		if seen[kind] == 0 {
			t.Errorf("no %s was tested", kind)
		}
	}
	t.Logf("instances: %v", seen)
}

// TestSumKindsExactOnFullGrids: with every cell placed, Propagate fails
// exactly when Check does (engines rely on it at the leaves).
func TestSumKindsExactOnFullGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 30 {
		g, other := randomGrid(rng), randomGrid(rng)
		for _, k := range sumInstances(g, rng) {
			for _, grid := range [][]uint8{g, other} {
				d := &sudoku.Domains{N: 9, Open: make([]sudoku.Digits, 81), Placed: make([]sudoku.Digits, 81)}
				for c, v := range grid {
					d.Placed[c] = sudoku.DigitOf(int(v))
				}
				if got, want := k.Propagate(d), k.Check(grid) == nil; got != want {
					t.Fatalf("%v on a full grid: Propagate %v, Check %v", k, got, k.Check(grid))
				}
			}
		}
	}
}

// rowModel is a Model that keeps the rows, to test them.
type rowModel struct {
	n, nx int
	bins  []string
	rows  []modelRow
}

type modelRow struct {
	name  string
	terms []sudoku.Term
	sense sudoku.Sense
	rhs   int
}

func newRowModel(n int) *rowModel { return &rowModel{n: n, nx: n * n * n} }

func (m *rowModel) Cell(c, d int) sudoku.Var { return sudoku.Var(c*m.n + d - 1) }
func (m *rowModel) Binary(name string) sudoku.Var {
	m.bins = append(m.bins, name)
	return sudoku.Var(m.nx + len(m.bins) - 1)
}

// Row keeps the row with its terms merged by variable.
func (m *rowModel) Row(name string, terms []sudoku.Term, sense sudoku.Sense, rhs int) {
	var merged []sudoku.Term
	for _, t := range terms {
		if i := slices.IndexFunc(merged, func(u sudoku.Term) bool { return u.Var == t.Var }); i >= 0 {
			merged[i].Coef += t.Coef
		} else {
			merged = append(merged, t)
		}
	}
	m.rows = append(m.rows, modelRow{name, merged, sense, rhs})
}

// feasible reports whether some values of the binaries meet every row,
// the cells' variables fixed by grid: bounds propagation and branching.
func (m *rowModel) feasible(grid []uint8) bool {
	vals := make([]int8, m.nx+len(m.bins))
	for i := range vals {
		vals[i] = -1
		if i < m.nx {
			vals[i] = 0
			if int(grid[i/m.n]) == i%m.n+1 {
				vals[i] = 1
			}
		}
	}
	return m.search(vals)
}

func (m *rowModel) search(vals []int8) bool {
	if !m.fix(vals) {
		return false
	}
	for i := m.nx; i < len(vals); i++ {
		if vals[i] < 0 {
			for _, v := range []int8{1, 0} {
				try := slices.Clone(vals)
				try[i] = v
				if m.search(try) {
					return true
				}
			}
			return false
		}
	}
	return true
}

// fix propagates the bounds of the rows until nothing changes; false on
// a row that cannot hold.
func (m *rowModel) fix(vals []int8) bool {
	for changed := true; changed; {
		changed = false
		for _, r := range m.rows {
			lo, hi := 0, 0
			for _, t := range r.terms {
				switch v := vals[t.Var]; {
				case v >= 0:
					lo, hi = lo+t.Coef*int(v), hi+t.Coef*int(v)
				case t.Coef > 0:
					hi += t.Coef
				default:
					lo += t.Coef
				}
			}
			if r.sense <= 0 && lo > r.rhs || r.sense >= 0 && hi < r.rhs {
				return false
			}
			for _, t := range r.terms {
				if vals[t.Var] >= 0 {
					continue
				}
				a := abs(t.Coef)
				if r.sense <= 0 && lo+a > r.rhs || r.sense >= 0 && hi-a < r.rhs {
					// the term cannot take its high (low) side
					if (r.sense <= 0 && lo+a > r.rhs) == (t.Coef > 0) {
						vals[t.Var] = 0
					} else {
						vals[t.Var] = 1
					}
					changed = true
				}
			}
		}
	}
	return true
}

// TestSumKindsRowsExact: a grid meets a constraint's rows (for some
// values of its binaries) exactly when it keeps the constraint.
func TestSumKindsRowsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	kept, broken := map[string]int{}, map[string]int{}
	for range 12 {
		g, other := randomGrid(rng), randomGrid(rng)
		for _, k := range sumInstances(g, rng) {
			m := newRowModel(9)
			k.Rows(m)
			for _, grid := range [][]uint8{g, other} {
				want := k.Check(grid) == nil
				if got := m.feasible(grid); got != want {
					t.Fatalf("%v: rows met %v, Check %v", k, got, k.Check(grid))
				}
				if want {
					kept[k.Kind()]++
				} else {
					broken[k.Kind()]++
				}
			}
		}
	}
	t.Logf("kept %v; broken %v", kept, broken)
}

// fp9 returns the f-puzzles JSON of an empty 9x9 with the keys extra
// (",\"xsum\":[...]").
func fp9(extra string) string {
	return strings.TrimSuffix(fpGrid(9, `{}`), "}") + extra + "}"
}

// sumKindsJSON holds one or more of each kind of the family.
const sumKindsJSON = `,"arrow":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]],"cells":["R1C1"]},{"lines":[["R3C2","R4C2","R5C2"]],"cells":["R3C1","R3C2"]}],` +
	`"doublearrow":[{"lines":[["R9C1","R9C2","R9C3","R8C4"]]}],` +
	`"littlekillersum":[{"cell":"R0C3","cells":["R1C2","R2C1"],"direction":"DL","value":"11"},{"cell":"R10C10","direction":"UL","value":"45"},{"cell":"R0C0","direction":"DR"}],` +
	`"sandwichsum":[{"cell":"R1C0","value":"9"},{"cell":"R0C5","value":"0"}],` +
	`"xsum":[{"cell":"R10C6","value":"11"}],"skyscraper":[{"cell":"R4C10","value":"3"}],` +
	`"quadruple":[{"cells":["R6C3","R6C4","R7C3","R7C4"],"values":[1,2,3,4]},{"cells":["R3C8","R3C9","R4C8","R4C9"],"values":[4,"7"]}],` +
	`"minimum":[{"cell":"R5C5"},{"cell":"R5C6"}],"maximum":[{"cell":"R8C8"}],` +
	`"rowindexer":[{"cells":["R1C5","R2C5"]}],"columnindexer":[{"cells":["R9C9"]}],"boxindexer":[{"cells":["R5C4"]}]`

func TestSumKindsRoundTrip(t *testing.T) {
	b, err := sudoku.ParseFPuzzles([]byte(fp9(sumKindsJSON)))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, c := range b.Rules.Constraints {
		kinds[c.Kind()]++
		if len(c.Shapes()) == 0 {
			t.Errorf("%v draws nothing", c)
		}
	}
	want := map[string]int{"arrow": 3, "doublearrow": 1, "littlekillersum": 3, "sandwichsum": 2, "xsum": 1, "skyscraper": 1, "quadruple": 2,
		"minimum": 2, "maximum": 1, "rowindexer": 1, "columnindexer": 1, "boxindexer": 1}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d %s read, want %d", kinds[k], k, n)
		}
	}
	if rules := sudoku.ConstraintRules(b.Rules.Constraints); len(rules) != len(want) {
		t.Errorf("rules %q", rules)
	}
	checkRoundTrip(t, b.Rules.Constraints)
}

// TestSumKindsStrings names constraints as people read them.
func TestSumKindsStrings(t *testing.T) {
	b, err := sudoku.ParseFPuzzles([]byte(fp9(sumKindsJSON)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range b.Rules.Constraints {
		got = append(got, c.String())
	}
	for _, w := range []string{"arrow r1c1: r1c1-r1c2-r1c3", "arrow r3c1-r3c2: r3c2-r4c2-r5c2", "doublearrow r9c1-r9c2-r9c3-r8c4",
		"littlekillersum 11 above c3 going down-left: r1c2-r2c1", "littlekillersum (no sum) the top left corner going down-right: r1c1-r2c2-r3c3-r4c4-r5c5-r6c6-r7c7-r8c8-r9c9",
		"sandwichsum 9 left of r1", "xsum 11 below c6", "skyscraper 3 right of r4", "quadruple 47 at r3c8-r3c9-r4c8-r4c9",
		"minimum r5c5", "maximum r8c8", "rowindexer r1c5-r2c5", "boxindexer r5c4"} {
		if !slices.Contains(got, w) {
			t.Errorf("no %q among %q", w, got)
		}
	}
}

func TestSumKindsReadErrors(t *testing.T) {
	for _, tc := range []struct{ extra, want string }{
		{`,"arrow":[{"cells":["R1C1"]}]`, "arrow 1: no line"},
		{`,"arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R0C1"]}]`, `arrow 1: cell "R0C1" outside a 9x9 grid`},
		{`,"arrow":[{"lines":[["R1C1"]],"cells":["R1C1"]}]`, "arrow 1: has 1 cell, want at least 2"},
		{`,"arrow":[{"lines":[["R1C2","R1C1"]],"cells":["R1C1","R1C2"]}]`, "arrow 1: its line comes back through its circle at r1c1"},
		{`,"arrow":[{"lines":"R1C1"}]`, "f-puzzles arrow:"},
		{`,"doublearrow":[{"lines":[["R1C1","R1C2"]]}]`, "doublearrow 1: has 2 cells, want at least 3"},
		{`,"littlekillersum":[{"cell":"R0C3","direction":"DD","value":"5"}]`, `littlekillersum 1: direction "DD" is not DL, DR, UL or UR`},
		{`,"littlekillersum":[{"cell":"R1C3","direction":"DL","value":"5"}]`, `littlekillersum 1: clue place "R1C3" is not beside a 9x9 grid`},
		{`,"littlekillersum":[{"cell":"R0C3","direction":"UL","value":"5"}]`, "littlekillersum 1: its arrow up-left points away from the grid"},
		{`,"littlekillersum":[{"cell":"R0C3","direction":"DL","value":"x"}]`, `littlekillersum 1: value "x" is not a whole number`},
		{`,"littlekillersum":[{"cell":"R0C3","direction":"DL","value":"30"}]`, "littlekillersum 1: value 30 is impossible (want 2 to 18)"},
		{`,"sandwichsum":[{"cell":"R0C0","value":"5"}]`, `sandwichsum 1: clue place "R0C0" is a corner, beside no row or column`},
		{`,"sandwichsum":[{"cell":"R0C1"}]`, "sandwichsum 1: has no value"},
		{`,"sandwichsum":[{"cell":"R0C1","value":"36"}]`, "sandwichsum 1: value 36 is impossible (want 0 to 35)"},
		{`,"xsum":[{"cell":"R0C1","value":"0"}]`, "xsum 1: value 0 is impossible (want 1 to 45)"},
		{`,"skyscraper":[{"cell":"R0C1","value":"10"}]`, "skyscraper 1: value 10 is impossible (want 1 to 9)"},
		{`,"skyscraper":[{"cell":"R99999999999999999999C1","value":"1"}]`, "skyscraper 1: clue place"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1"],"values":[1]}]`, "quadruple 1: has 3 cells, want at least 4"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2,3,4,5]}]`, "quadruple 1: has 5 digits, want 1 to 4"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[10]}]`, "quadruple 1: digit 10 outside 1 to 9"},
		{`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[]}]`, "quadruple 1: has 0 digits, want 1 to 4"},
		{`,"minimum":[{"cell":"R1C1"},{"cell":"R1C1"}]`, "minimum 2: lists r1c1 twice"},
		{`,"maximum":[{"cell":"R1C10"}]`, `maximum 1: cell "R1C10" outside a 9x9 grid`},
		{`,"rowindexer":[{"cells":["R1C1","R1C1"]}]`, "rowindexer 1: lists r1c1 twice"},
		{`,"boxindexer":[{"cells":[]}]`, "boxindexer 1: has 0 cells, want at least 1"},
	} {
		_, err := sudoku.ParseFPuzzles([]byte(fp9(tc.extra)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.extra, err, tc.want)
		}
	}
}

// TestSumKindsNoAlloc: propagation allocates nothing without words.
func TestSumKindsNoAlloc(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	g := randomGrid(rng)
	for _, k := range sumInstances(g, rng) {
		d := sudoku.NewDomains(9)
		allocs := testing.AllocsPerRun(20, func() {
			for c := range d.Open {
				d.Open[c] = sudoku.AllDigits(9)
			}
			d.Changed = d.Changed[:0]
			k.Propagate(d)
		})
		if allocs > 0 {
			t.Errorf("%v: %v allocations a propagation", k, allocs)
		}
	}
}

func FuzzParseFPuzzlesSums(f *testing.F) {
	f.Add(fp9(sumKindsJSON))
	f.Add(fp9(`,"littlekillersum":[{"cell":"R0C3","direction":"DL","value":"5","cells":[]}]`))
	f.Add(fp9(`,"xsum":[{"cell":"R10C1","value":1}]`))
	f.Fuzz(func(t *testing.T, s string) {
		b, err := sudoku.ParseFPuzzles([]byte(s))
		if err != nil {
			return
		}
		out, err := sudoku.FormatFPuzzles(b)
		if err != nil {
			return
		}
		back, err := sudoku.ParseFPuzzles(out)
		if err != nil {
			t.Fatalf("%q written as %s, not read back: %v", s, out, err)
		}
		if len(back.Rules.Constraints) != len(b.Rules.Constraints) {
			t.Fatalf("%d constraints read back, want %d", len(back.Rules.Constraints), len(b.Rules.Constraints))
		}
	})
}

// BenchmarkSumKindsPropagate: one propagation of each kind on an empty
// grid (the widest search) and on a grid a third placed.
func BenchmarkSumKindsPropagate(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 14))
	g := randomGrid(rng)
	seen := map[string]bool{}
	for _, k := range sumInstances(g, rng) {
		if seen[k.Kind()] {
			continue
		}
		seen[k.Kind()] = true
		for _, part := range []int{0, 3} {
			b.Run(k.Kind()+[]string{"/empty", "", "", "/third"}[part], func(b *testing.B) {
				d := sudoku.NewDomains(9)
				for b.Loop() {
					for c := range d.Open {
						d.Open[c], d.Placed[c] = sudoku.AllDigits(9), 0
						if part > 0 && c%part == 0 {
							d.Open[c], d.Placed[c] = 0, sudoku.DigitOf(int(g[c]))
						}
					}
					d.Changed = d.Changed[:0]
					k.Propagate(d)
				}
			})
		}
	}
}

// TestSkyscraperExact: on lines of every size up to skyPermMax, from
// random candidates, a skyscraper clue keeps in each cell exactly the
// digits some filling of the line with different digits and the clue's
// count uses, and is dead exactly when none is left.
func TestSkyscraperExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 9))
	for k := range 3000 {
		n := []int{4, 6, 8, 9}[k%4]
		o := newOutsideClue(n, -1, rng.IntN(n))
		s := &skyscraper{outsideClue: o, value: 1 + rng.IntN(n)}
		d := sudoku.NewDomains(n)
		for _, c := range o.cells {
			m := sudoku.Digits(rng.Uint32()) & sudoku.AllDigits(n)
			if rng.IntN(3) == 0 {
				m |= sudoku.AllDigits(n) // a cell left open
			}
			d.Open[c] = max(m, 1)
		}
		before := slices.Clone(d.Open)
		want := make([]sudoku.Digits, n)
		vals := make([]int, n)
		var walk func(i int, used sudoku.Digits)
		walk = func(i int, used sudoku.Digits) {
			if i == n {
				seen, top := 0, 0
				for _, v := range vals {
					if v > top {
						seen, top = seen+1, v
					}
				}
				if seen == s.value {
					for j, v := range vals {
						want[j] |= sudoku.DigitOf(v)
					}
				}
				return
			}
			for m := before[o.cells[i]] &^ used; m != 0; m &= m - 1 {
				v := m.Min()
				vals[i] = v
				walk(i+1, used|sudoku.DigitOf(v))
			}
		}
		walk(0, 0)
		dead := slices.Contains(want, 0)
		ok := s.Propagate(d)
		if ok == dead {
			t.Fatalf("case %d (%v from %v): alive %v, want %v", k, s, before, ok, !dead)
		}
		if !ok {
			continue
		}
		for i, c := range o.cells {
			if d.Open[c] != want[i] {
				t.Fatalf("case %d (%v): cell %d keeps %v of %v, want %v", k, s, i, d.Open[c], before[c], want[i])
			}
		}
	}
}
