package constraint

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sudoku"
	"testing"
)

// Tests of sum lines, lunchboxes and numbered rooms (the kinds setters
// use that f-puzzles has no key for): propagation against every
// filling of the constraint's cells from random candidates, Check on
// fillings and on partial grids, exact 0-1 rows, words, named cases.

// setterRule is each kind's rule on the digits of its cells (in Cells
// order), written out plainly to check propagation and Check against.
func setterRule(k sudoku.Constraint, v []int) bool {
	switch k := k.(type) {
	case *sumLine:
		return sumLineKept(v, k.value, k.loop)
	case *lunchbox:
		return lunchboxKept(v, k.value)
	case *numberedRoom:
		x := v[0]
		if x == 1 {
			return k.value == 1
		}
		return v[x-1] == k.value && v[0] != v[x-1] // two cells of one row differ
	}
	panic("no rule for " + k.Kind())
}

// sumLineKept tries every set of cuts: a line is cut at its ends and
// any gaps between, a loop at one gap or more; every piece adds up to
// value.
func sumLineKept(v []int, value int, loop bool) bool {
	L := len(v)
	for mask := 1; mask < 1<<L; mask++ { // bit g: a cut at the gap before cell g
		if !loop && mask&1 == 0 {
			continue
		}
		first := -1
		for g := range L {
			if mask>>g&1 != 0 {
				first = g
				break
			}
		}
		ok, sum := true, 0
		for i := range L {
			c := (first + i) % L // from the first cut on, round a loop
			if i > 0 && mask>>c&1 != 0 {
				ok, sum = ok && sum == value, 0
			}
			sum += v[c]
		}
		if ok && sum == value {
			return true
		}
	}
	return false
}

// lunchboxKept: different digits, those between the smallest and the
// largest adding up to value.
func lunchboxKept(v []int, value int) bool {
	lo, hi := 0, 0
	for i, x := range v {
		if slices.Contains(v[:i], x) {
			return false
		}
		if x < v[lo] {
			lo = i
		}
		if x > v[hi] {
			hi = i
		}
	}
	sum := 0
	for _, x := range v[min(lo, hi)+1 : max(lo, hi)] {
		sum += x
	}
	return sum == value
}

// setterFillings tries every filling of k's cells from in: the digits
// each cell takes in some filling that keeps the rule, whether there is
// one, and Check agrees with the rule on each (the other cells empty).
func setterFillings(t *testing.T, k sudoku.Constraint, n int, in []sudoku.Digits) ([]sudoku.Digits, bool) {
	t.Helper()
	cells := k.Cells()
	sup := make([]sudoku.Digits, len(cells))
	v := make([]int, len(cells))
	grid := make([]uint8, n*n)
	any := false
	var try func(i int)
	try = func(i int) {
		if i == len(cells) {
			ok := setterRule(k, v)
			if err := k.Check(grid); (err == nil) != ok {
				t.Fatalf("%v on %v: rule %v, Check %v", k, v, ok, err)
			}
			if ok {
				any = true
				for j, x := range v {
					sup[j] |= sudoku.DigitOf(x)
				}
			}
			return
		}
		for x := in[i]; x != 0; x &= x - 1 {
			v[i] = x.Min()
			grid[cells[i]] = uint8(v[i])
			try(i + 1)
		}
		grid[cells[i]] = 0
	}
	try(0)
	return sup, any
}

// randomDomains draws candidates for cells so that there are at most
// limit fillings: each cell a random set, some of one or two digits.
func randomDomains(rng *rand.Rand, n, cells, limit int) []sudoku.Digits {
	for {
		in := make([]sudoku.Digits, cells)
		product := 1
		for i := range in {
			switch rng.IntN(4) {
			case 0:
				in[i] = sudoku.DigitOf(1 + rng.IntN(n))
			case 1:
				in[i] = sudoku.Digits(rng.Uint32()) & sudoku.AllDigits(n)
			default:
				in[i] = (sudoku.Digits(rng.Uint32()) | sudoku.Digits(rng.Uint32())) & sudoku.AllDigits(n)
			}
			if in[i] == 0 {
				in[i] = sudoku.DigitOf(1 + rng.IntN(n))
			}
			product *= in[i].Count()
		}
		if product <= limit {
			return in
		}
	}
}

// setterMaker makes random constraints of the three kinds on n-grids.
type setterMaker struct {
	rng *rand.Rand
	n   int
}

// path returns a random walk of L cells, each beside the last, none
// twice (shorter when it runs into a corner).
func (sm setterMaker) path(L int) []int {
	n := sm.n
	p := []int{sm.rng.IntN(n * n)}
	for len(p) < L {
		c := p[len(p)-1]
		var next []int
		for _, s := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, col := c/n+s[0], c%n+s[1]
			if o := r*n + col; r >= 0 && r < n && col >= 0 && col < n && !slices.Contains(p, o) {
				next = append(next, o)
			}
		}
		if len(next) == 0 {
			break
		}
		p = append(p, next[sm.rng.IntN(len(next))])
	}
	return p
}

func (sm setterMaker) rules() *sudoku.Rules {
	r, err := sudoku.Sized(sm.n)
	if err != nil {
		panic(err)
	}
	return r
}

func (sm setterMaker) sumLine(L int) sudoku.Constraint {
	cells := sm.path(max(2, L))
	for len(cells) < 2 {
		cells = sm.path(L)
	}
	value := 1 + sm.rng.IntN(3*sm.n)
	if sm.rng.IntN(3) == 0 {
		value = sumLineDefault
	}
	k, err := NewSumLine(sm.rules(), cells, min(value, len(cells)*sm.n), sm.rng.IntN(2) == 0)
	if err != nil {
		panic(err)
	}
	return k
}

func (sm setterMaker) lunchbox(L int) sudoku.Constraint {
	var cells []int
	if sm.rng.IntN(3) == 0 {
		cells = sm.path(max(2, L))
	} else {
		r, c := sm.rng.IntN(sm.n), sm.rng.IntN(sm.n-L+1)
		for i := range L {
			cells = append(cells, r*sm.n+c+i)
		}
	}
	hi := lunchboxMax(sm.n, len(cells))
	sum := 0
	if hi >= 2 && sm.rng.IntN(5) > 0 {
		sum = 2 + sm.rng.IntN(hi-1)
	}
	k, err := NewLunchbox(sm.rules(), cells, sum)
	if err != nil {
		panic(err)
	}
	return k
}

func (sm setterMaker) numberedRoom() sudoku.Constraint {
	n := sm.n
	i := sm.rng.IntN(n)
	at := [][2]int{{-1, i}, {n, i}, {i, -1}, {i, n}}[sm.rng.IntN(4)]
	k, err := NewNumberedRoom(sm.rules(), at[0], at[1], 1+sm.rng.IntN(n))
	if err != nil {
		panic(err)
	}
	return k
}

// TestSettersExact: from random candidates, one propagation keeps
// exactly the digits some filling of the constraint's cells that keeps
// its rule uses (found by trying every filling), and fails exactly when
// there is none; a second changes nothing; Check agrees with the rule on
// every filling.
func TestSettersExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	tried, kept := map[string]int{}, map[string]int{}
	for round := range 2400 {
		n := []int{4, 6, 9}[rng.IntN(3)]
		sm := setterMaker{rng, n}
		var k sudoku.Constraint
		switch round % 3 {
		case 0:
			k = sm.sumLine(2 + rng.IntN(6))
		case 1:
			k = sm.lunchbox(2 + rng.IntN(min(n, 6)-1))
		default:
			if n == 9 {
				n, sm.n = 6, 6
			}
			k = sm.numberedRoom()
		}
		in := randomDomains(rng, n, len(k.Cells()), 3000)
		want, any := setterFillings(t, k, n, in)
		d := sudoku.NewDomains(n)
		d.Explain = rng.IntN(2) == 0
		for i, c := range k.Cells() {
			d.Open[c] = in[i]
		}
		tried[k.Kind()]++
		ok := k.Propagate(d)
		if ok != any {
			t.Fatalf("%v from %v: Propagate %v, but a filling keeps it: %v", k, in, ok, any)
		}
		if !any {
			continue
		}
		kept[k.Kind()]++
		for i, c := range k.Cells() {
			if d.Open[c] != want[i] {
				t.Fatalf("%v from %v: %s keeps %v, want %v", k, in, sudoku.CellName(n, c), d.Open[c], want[i])
			}
		}
		d.Changed = d.Changed[:0]
		if !k.Propagate(d) || len(d.Changed) > 0 {
			t.Fatalf("%v from %v: a second propagation changed %v", k, in, d.Changed)
		}
		for _, ded := range d.Deductions {
			if strings.TrimSpace(ded.Text) == "" || len(ded.Removed) == 0 {
				t.Fatalf("%v: a deduction without words or removals: %+v", k, ded)
			}
		}
	}
	for _, kind := range []string{"sumline", "lunchbox", "numberedroom"} {
		if kept[kind] < 100 || tried[kind]-kept[kind] < 20 {
			t.Errorf("%s: %d cases, %d with a filling: want both kinds of case", kind, tried[kind], kept[kind])
		}
	}
	t.Logf("cases %v, with a filling %v", tried, kept)
}

// TestSettersCheckPartial: on random partial grids (the constraint's
// cells some placed, the rest empty), Check fails exactly when no
// filling of the empty cells with any digits keeps the rule.
func TestSettersCheckPartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	broken := 0
	for round := range 1500 {
		n := []int{4, 6}[rng.IntN(2)]
		sm := setterMaker{rng, n}
		k := []func() sudoku.Constraint{func() sudoku.Constraint { return sm.sumLine(2 + rng.IntN(5)) },
			func() sudoku.Constraint { return sm.lunchbox(2 + rng.IntN(n-1)) }, sm.numberedRoom}[round%3]()
		cells := k.Cells()
		grid := make([]uint8, n*n)
		in := make([]sudoku.Digits, len(cells))
		for i, c := range cells {
			in[i] = sudoku.AllDigits(n)
			if rng.IntN(2) == 0 {
				grid[c] = uint8(1 + rng.IntN(n))
				in[i] = sudoku.DigitOf(int(grid[c]))
			}
		}
		_, any := setterFillings(t, k, n, in)
		if err := k.Check(grid); (err == nil) != any {
			t.Fatalf("%v on %v: a filling %v, Check %v", k, grid, any, err)
		} else if err != nil {
			broken++
			if !strings.Contains(err.Error(), k.Kind()) {
				t.Errorf("%v: error %q does not name the kind", k, err)
			}
		}
	}
	if broken < 100 {
		t.Errorf("only %d partial grids broke a constraint", broken)
	}
}

// settersKept returns constraints of the three kinds that the 9x9 grid
// keeps, built from it.
func settersKept(grid []uint8, rng *rand.Rand) []sudoku.Constraint {
	sm := setterMaker{rng, 9}
	var out []sudoku.Constraint
	for range 200 {
		p := sm.path(2 + rng.IntN(10))
		if len(p) < 2 {
			continue
		}
		v := make([]int, len(p))
		for i, c := range p {
			v[i] = int(grid[c])
		}
		for _, value := range []int{10, 5 + rng.IntN(15)} {
			for _, loop := range []bool{false, true} {
				if sumLineKept(v, value, loop) {
					k, _ := NewSumLine(sm.rules(), p, value, loop)
					out = append(out, k)
				}
			}
		}
		if s, differ := lunchboxOf(v); differ && rng.IntN(3) == 0 {
			if k, err := NewLunchbox(sm.rules(), p, s); err == nil {
				out = append(out, k)
			}
		}
	}
	for range 4 {
		o := randomSide(rng)
		v, _ := lunchboxOf(digitsAt(grid, o.cells))
		k, _ := NewLunchbox(sm.rules(), o.cells, v)
		out = append(out, k, &numberedRoom{o, int(grid[o.cells[grid[o.cells[0]]-1]])})
	}
	return out
}

func digitsAt(grid []uint8, cells []int) []int {
	v := make([]int, len(cells))
	for i, c := range cells {
		v[i] = int(grid[c])
	}
	return v
}

// lunchboxOf returns the sum between the smallest and the largest of v,
// and whether v's digits differ.
func lunchboxOf(v []int) (int, bool) {
	for s := 0; s <= 45; s++ {
		if lunchboxKept(v, s) {
			return s, true
		}
	}
	return 0, false
}

// TestSettersSound: constraints a grid keeps pass Check on it and on
// partial grids of it, and propagation from random candidates holding
// the grid's digits keeps them.
func TestSettersSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	seen := map[string]int{}
	for range 40 {
		g := randomGrid(rng)
		for _, k := range settersKept(g, rng) {
			seen[k.Kind()]++
			if l, ok := k.(*sumLine); ok && l.loop {
				seen["loop"]++
			}
			checkSound(t, k, g, rng, 6)
		}
	}
	for _, kind := range []string{"sumline", "loop", "lunchbox", "numberedroom"} {
		if seen[kind] < 20 {
			t.Errorf("%d %s tested, want 20", seen[kind], kind)
		}
	}
	t.Logf("instances: %v", seen)
}

// TestSettersRowsExact: a full grid meets a constraint's rows (for some
// values of its binaries) exactly when it keeps the constraint (a
// lunchbox's digits differing, as the layout's rows make them).
func TestSettersRowsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	kept, broken := map[string]int{}, map[string]int{}
	for range 10 {
		g, other := randomGrid(rng), randomGrid(rng)
		for _, k := range settersKept(g, rng) {
			m := newRowModel(9)
			k.Rows(m)
			for _, grid := range [][]uint8{g, other} {
				if l, ok := k.(*lunchbox); ok {
					if _, differ := lunchboxOf(digitsAt(grid, l.cells)); !differ {
						continue
					}
				}
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
	for _, kind := range []string{"sumline", "lunchbox", "numberedroom"} {
		if kept[kind] == 0 || broken[kind] == 0 {
			t.Errorf("%s: %d grids kept, %d broken: want both", kind, kept[kind], broken[kind])
		}
	}
	t.Logf("kept %v; broken %v", kept, broken)
}

// setterMust returns a function that passes on the constraint a
// constructor made, failing t on an error.
func setterMust(t *testing.T) func(sudoku.Constraint, error) sudoku.Constraint {
	return func(k sudoku.Constraint, err error) sudoku.Constraint {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
}

func TestSettersPropagate(t *testing.T) {
	r := sudoku.Classic()
	all := sudoku.AllDigits(9)
	line := func(value int, loop bool, names ...string) sudoku.Constraint {
		return setterMust(t)(NewSumLine(r, cells9(names...), value, loop))
	}
	box := func(sum int, names ...string) sudoku.Constraint {
		return setterMust(t)(NewLunchbox(r, cells9(names...), sum))
	}
	room := func(row, col, value int) sudoku.Constraint {
		return setterMust(t)(NewNumberedRoom(r, row, col, value))
	}
	row1 := []string{"r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"}
	tests := []sumCase{
		{name: "10 line of two: the digits add up to 10", c: line(10, false, "r1c1", "r1c2"),
			placed: map[string]int{"r1c1": 3}, want: map[string]sudoku.Digits{"r1c2": sudoku.DigitOf(7)}},
		{name: "10 line of two: no 10 alone", c: line(10, false, "r1c1", "r1c2"), want: map[string]sudoku.Digits{"r1c1": all, "r1c2": all}},
		{name: "10 line of three starting with a 9: dead", c: line(10, false, "r1c1", "r1c2", "r1c3"), placed: map[string]int{"r1c1": 9}, dead: true},
		{name: "5 line of three from a 4: 4+1, then 5", c: line(5, false, "r1c1", "r1c2", "r1c3"), placed: map[string]int{"r1c1": 4},
			want: map[string]sudoku.Digits{"r1c2": sudoku.DigitOf(1), "r1c3": sudoku.DigitOf(5)}},
		{name: "5 loop of three at a 4: the 1 on either side", c: line(5, true, "r1c1", "r1c2", "r2c2"), placed: map[string]int{"r1c1": 4},
			want: map[string]sudoku.Digits{"r1c2": sudoku.DigitOf(1) | sudoku.DigitOf(5), "r2c2": sudoku.DigitOf(1) | sudoku.DigitOf(5)}},
		{name: "15 line: digits up to 9", c: line(15, false, "r1c1", "r1c2", "r1c3"), open: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 5)},
			want: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 5), "r1c2": all, "r1c3": sudoku.Range(1, 9)}},
		{name: "lunchbox of a row, 35: the 1 and 9 at the ends", c: box(35, row1...),
			want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(1) | sudoku.DigitOf(9), "r1c9": sudoku.DigitOf(1) | sudoku.DigitOf(9), "r1c5": sudoku.Range(2, 8)}},
		{name: "lunchbox of three, 8: the 8 between a 9 and a lower digit", c: box(8, "r1c1", "r1c2", "r1c3"),
			want: map[string]sudoku.Digits{"r1c2": sudoku.DigitOf(8), "r1c1": sudoku.Range(1, 7) | sudoku.DigitOf(9), "r1c3": sudoku.Range(1, 7) | sudoku.DigitOf(9)}},
		{name: "lunchbox of three, 0: the middle digit at an end", c: box(0, "r1c1", "r1c2", "r1c3"), placed: map[string]int{"r1c2": 5},
			open: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 4)}, want: map[string]sudoku.Digits{"r1c3": sudoku.Range(1, 4)}},
		{name: "lunchbox across boxes: digits differ", c: box(0, "r3c3", "r4c3"), placed: map[string]int{"r3c3": 5},
			want: map[string]sudoku.Digits{"r4c3": all &^ sudoku.DigitOf(5)}},
		{name: "numbered room 5: the first is neither 1 nor 5", c: room(0, -1, 5), want: map[string]sudoku.Digits{"r1c1": all &^ sudoku.DigitOf(1) &^ sudoku.DigitOf(5)}},
		{name: "numbered room 1: a first of 1 is its own clue", c: room(0, -1, 1), placed: map[string]int{"r1c1": 1}, want: map[string]sudoku.Digits{"r1c2": all}},
		{name: "numbered room 5 above c3: a 4 first puts 5 in r4c3", c: room(-1, 2, 5), placed: map[string]int{"r1c3": 4},
			want: map[string]sudoku.Digits{"r4c3": sudoku.DigitOf(5), "r5c3": all}},
		{name: "numbered room 7 from the right: the only X left", c: room(1, 9, 7), open: map[string]sudoku.Digits{"r2c9": sudoku.DigitOf(2) | sudoku.DigitOf(3), "r2c8": sudoku.Range(1, 6)},
			want: map[string]sudoku.Digits{"r2c9": sudoku.DigitOf(3), "r2c7": sudoku.DigitOf(7)}},
		{name: "numbered room 3 from below, a 3 first: dead", c: room(9, 0, 3), placed: map[string]int{"r9c1": 3}, dead: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runSumCase(t, tc, 9) })
	}
}

func TestSettersConstructorErrors(t *testing.T) {
	r := sudoku.Classic()
	row := cells9("r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"sum line of one cell", second(NewSumLine(r, cells9("r1c1"), 10, false)), "sumline (r1c1): has 1 cell, want at least 2"},
		{"sum line twice through a cell", second(NewSumLine(r, cells9("r1c1", "r1c2", "r1c1"), 10, true)), "sumline: cell 0 is outside the grid or listed twice"},
		{"sum line off the grid", second(NewSumLine(r, []int{80, 81}, 10, false)), "sumline: cell 81 is outside the grid"},
		{"sum line of 0", second(NewSumLine(r, cells9("r1c1", "r1c2", "r1c3"), 0, false)), "sumline (r1c1, r1c2, r1c3): value 0 is impossible for 3 cells (want 1 to 27)"},
		{"sum line of 28 over three cells", second(NewSumLine(r, cells9("r1c1", "r1c2", "r1c3"), 28, false)), "value 28 is impossible for 3 cells (want 1 to 27)"},
		{"sum line past 81", second(NewSumLine(r, row, 300, false)), "value 300 is impossible for 9 cells (want 1 to 81)"},
		{"sum line past 63", second(NewSumLine(r, row, 64, false)), "value 64 is past 63, the greatest a sum line may have"},
		{"lunchbox of ten cells", second(NewLunchbox(r, append(row, 9), 5)), "lunchbox (r1c1, r1c2, r1c3, r1c4 and 6 more): 10 cells cannot hold different digits 1..9"},
		{"lunchbox of 1", second(NewLunchbox(r, cells9("r1c1", "r1c2", "r1c3"), 1)), "sum 1 is impossible for 3 cells (want 0 or 2 to 8)"},
		{"lunchbox of two with a sum", second(NewLunchbox(r, cells9("r1c1", "r1c2"), 3)), "sum 3 is impossible for 2 cells (want 0)"},
		{"lunchbox of a row, 36", second(NewLunchbox(r, row, 36)), "sum 36 is impossible for 9 cells (want 0 or 2 to 35)"},
		{"lunchbox of one cell", second(NewLunchbox(r, cells9("r1c1"), 0)), "lunchbox (r1c1): has 1 cell, want at least 2"},
		{"numbered room in a corner", second(NewNumberedRoom(r, -1, -1, 3)), "numberedroom: place row -1, column -1 (0-based) is not beside a row or column of a 9x9 grid"},
		{"numbered room inside", second(NewNumberedRoom(r, 2, 2, 3)), "is not beside a row or column"},
		{"numbered room of 10", second(NewNumberedRoom(r, 2, 9, 10)), "numberedroom (r3c9): value 10 right of r3 is not a digit (want 1 to 9)"},
		{"numbered room of 0", second(NewNumberedRoom(r, 9, 2, 0)), "value 0 below c3 is not a digit"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, tc.err, tc.want)
		}
	}
}

func second(_ sudoku.Constraint, err error) error { return err }

// TestSettersWords: names and deductions as players read them.
func TestSettersWords(t *testing.T) {
	must := setterMust(t)
	r := sudoku.Classic()
	row := cells9("r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9")
	line := must(NewSumLine(r, cells9("r1c1", "r1c2"), 10, false))
	loop := must(NewSumLine(r, cells9("r1c1", "r1c2", "r2c2", "r2c1"), 5, true))
	rowBox := must(NewLunchbox(r, append([]int(nil), row[8], row[7], row[6], row[5], row[4], row[3], row[2], row[1], row[0]), 35))
	cellsBox := must(NewLunchbox(r, cells9("r1c1", "r1c2", "r1c3"), 8))
	room := must(NewNumberedRoom(r, -1, 2, 5))
	roomLeft := must(NewNumberedRoom(r, 0, -1, 5))
	for _, tc := range []struct {
		k      sudoku.Constraint
		name   string
		placed map[int]int
		words  string
	}{
		{line, "sum line r1c1-r1c2", map[int]int{0: 3}, "the sum line r1c1-r1c2 cuts into segments that each add up to 10, so 1, 2, 3, 4, 5, 6, 8 and 9 leave r1c2"},
		{loop, "sum loop (5) through r1c1, r1c2, r2c2 and 1 more", map[int]int{0: 5}, "the sum loop (5) through r1c1, r1c2, r2c2 and 1 more cuts into segments that each add up to 5, so 6, 7, 8 and 9 leave r1c2, 6, 7, 8 and 9 leave r2c2, 6, 7, 8 and 9 leave r2c1"},
		{rowBox, "lunchbox 35 right of r1", nil, "the digits of the lunchbox 35 right of r1 differ, and those between the smallest and the largest add up to 35, so 2, 3, 4, 5, 6, 7 and 8 leave r1c9, 1 and 9 leave r1c8, 1 and 9 leave r1c7, 1 and 9 leave r1c6, 1 and 9 leave r1c5, 1 and 9 leave r1c4, 1 and 9 leave r1c3, 1 and 9 leave r1c2, 2, 3, 4, 5, 6, 7 and 8 leave r1c1"},
		{cellsBox, "lunchbox 8 r1c1-r1c3", map[int]int{0: 9}, "the digits of the lunchbox 8 r1c1-r1c3 differ, and those between the smallest and the largest add up to 8, so 1, 2, 3, 4, 5, 6, 7 and 9 leave r1c2, 8 and 9 leave r1c3"},
		{roomLeft, "numbered room 5 left of r1", nil, "the numbered room 5 left of r1 is the digit in the Xth cell of row 1 from the left, X being the digit in r1c1, so 1 and 5 leave r1c1"},
		{room, "numbered room 5 above c3", map[int]int{2: 4}, "r1c3 can only be 4, and the numbered room 5 above c3 is the digit in cell 4 from the top, r4c3, so 1, 2, 3, 4, 6, 7, 8 and 9 leave r4c3"},
	} {
		if got := tc.k.String(); got != tc.name {
			t.Errorf("String %q, want %q", got, tc.name)
		}
		d := sudoku.NewDomains(9)
		d.Explain = true
		for c, v := range tc.placed {
			d.Open[c], d.Placed[c] = 0, sudoku.DigitOf(v)
		}
		if !tc.k.Propagate(d) {
			t.Fatalf("%v: a dead end", tc.k)
		}
		if len(d.Deductions) != 1 || d.Deductions[0].Text != tc.words {
			t.Errorf("%v: deductions %+v\nwant %q", tc.k, d.Deductions, tc.words)
		}
		if len(tc.k.Shapes()) == 0 {
			t.Errorf("%v draws nothing", tc.k)
		}
	}
	if got := sudoku.ConstraintRules([]sudoku.Constraint{line, loop, rowBox, room}); len(got) != 3 {
		t.Errorf("rules %q, want one per kind", got)
	}
	for k, want := range map[sudoku.Constraint]string{line: "Sum line", rowBox: "Lunchbox", room: "Numbered room"} {
		if got := sudoku.ConstraintTitle(k); got != want {
			t.Errorf("%v: title %q, want %q", k, got, want)
		}
		r := sudoku.Classic()
		r.Constraints = []sudoku.Constraint{k}
		want := "f-puzzles cannot hold the " + k.Kind() + " constraints"
		if _, err := sudoku.FormatFPuzzles(sudoku.NewBoard(r)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v written as f-puzzles: %v, want %q", k, err, want)
		}
	}
}

// TestLunchboxGroup: a lunchbox in one house needs no group of its own;
// one across houses is a group, so the layout keeps its digits apart.
func TestLunchboxGroup(t *testing.T) {
	must := setterMust(t)
	r := sudoku.Classic()
	for _, tc := range []struct {
		cells []string
		group bool
	}{
		{[]string{"r1c1", "r1c2", "r1c3"}, false},
		{[]string{"r1c1", "r2c2", "r3c3"}, false},
		{[]string{"r3c3", "r3c4", "r4c4"}, true},
	} {
		k := must(NewLunchbox(r, cells9(tc.cells...), 0))
		if got := len(k.(sudoku.Distinct).Distinct()) > 0; got != tc.group {
			t.Errorf("%v: a group %v, want %v", k, got, tc.group)
		}
	}
	k := must(NewLunchbox(r, cells9("r3c3", "r4c4"), 0))
	r.Constraints = []sudoku.Constraint{k}
	b := sudoku.NewBoard(r)
	b.Cells[cellAt("r3c3")], b.Cells[cellAt("r4c4")] = 5, 5
	if err := b.Validate(); err == nil {
		t.Errorf("a lunchbox across boxes takes 5 twice")
	}
}

// TestSettersDrawing: a lunchbox of a row draws its number beside the
// row, on the side its cells are read from; other lunchboxes shade their
// cells; a sum line's value shows when it is not 10.
func TestSettersDrawing(t *testing.T) {
	must := setterMust(t)
	r := sudoku.Classic()
	row := cells9("r2c9", "r2c8", "r2c7", "r2c6", "r2c5", "r2c4", "r2c3", "r2c2", "r2c1")
	s := must(NewLunchbox(r, row, 12)).Shapes()
	if len(s) != 1 || s[0].Kind != sudoku.ShapeText || s[0].Points[0] != (sudoku.Point{R: 1.5, C: 9.5}) || s[0].Text != "12" {
		t.Errorf("row lunchbox draws %+v", s)
	}
	s = must(NewLunchbox(r, cells9("r2c1", "r2c2"), 0)).Shapes()
	if len(s) != 2 || s[0].Kind != sudoku.ShapeShade || len(s[0].Cells) != 2 {
		t.Errorf("lunchbox draws %+v", s)
	}
	if s := must(NewSumLine(r, cells9("r1c1", "r1c2"), 10, false)).Shapes(); len(s) != 1 {
		t.Errorf("a 10 line draws %+v", s)
	}
	s = must(NewSumLine(r, cells9("r1c1", "r1c2", "r2c2"), 7, true)).Shapes()
	if len(s) != 2 || len(s[0].Points) != 4 || s[0].Points[3] != s[0].Points[0] || s[1].Text != "7" {
		t.Errorf("a 7 loop draws %+v", s)
	}
	if s := must(NewNumberedRoom(r, 9, 4, 6)).Shapes(); len(s) != 1 || s[0].Points[0] != (sudoku.Point{R: 9.5, C: 4.5}) {
		t.Errorf("numbered room draws %+v", s)
	}
}

// TestSettersNoAlloc: propagation allocates nothing without words.
func TestSettersNoAlloc(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	g := randomGrid(rng)
	seen := map[string]bool{}
	for _, k := range settersKept(g, rng) {
		if seen[k.Kind()] {
			continue
		}
		seen[k.Kind()] = true
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

// BenchmarkSettersPropagate: one propagation of each kind on an empty
// 9x9 (the widest search) and on a grid a third placed.
func BenchmarkSettersPropagate(b *testing.B) {
	rng := rand.New(rand.NewPCG(31, 32))
	g := randomGrid(rng)
	r := sudoku.Classic()
	row := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	cases := map[string]sudoku.Constraint{}
	cases["sumline/6"], _ = NewSumLine(r, []int{0, 1, 2, 11, 20, 19}, 10, false)
	cases["sumline/loop8"], _ = NewSumLine(r, []int{0, 1, 2, 11, 20, 19, 18, 9}, 15, true)
	cases["lunchbox/row"], _ = NewLunchbox(r, row, 20)
	cases["lunchbox/4"], _ = NewLunchbox(r, []int{30, 31, 40, 41}, 7)
	cases["numberedroom"], _ = NewNumberedRoom(r, 0, -1, 5)
	for name, k := range cases {
		for _, part := range []int{0, 3} {
			b.Run(name+[]string{"/empty", "", "", "/third"}[part], func(b *testing.B) {
				b.ReportAllocs()
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

// FuzzSetters builds the three kinds from arbitrary arguments: the
// constructors refuse what is malformed with an error, and what they
// make checks any grid, propagates any candidates and writes its rows
// without a panic; propagation never takes a digit of a grid Check
// passes.
func FuzzSetters(f *testing.F) {
	f.Add(uint8(0), []byte{0, 1, 2, 11}, 10, false, []byte{1, 9, 3, 4})
	f.Add(uint8(1), []byte{0, 1, 2}, 8, false, []byte{9, 8, 1})
	f.Add(uint8(2), []byte{255, 3}, 5, true, []byte{4, 0, 0, 5})
	f.Fuzz(func(t *testing.T, kind uint8, at []byte, value int, loop bool, digits []byte) {
		r := sudoku.Classic()
		cells := make([]int, len(at))
		for i, b := range at {
			cells[i] = int(b) - 10
		}
		var k sudoku.Constraint
		var err error
		switch kind % 3 {
		case 0:
			k, err = NewSumLine(r, cells, value, loop)
		case 1:
			k, err = NewLunchbox(r, cells, value)
		default:
			if len(cells) < 2 {
				return
			}
			k, err = NewNumberedRoom(r, cells[0]%11, cells[1]%11, value)
		}
		if err != nil {
			return
		}
		grid := make([]uint8, 81)
		d := sudoku.NewDomains(9)
		for i, c := range k.Cells() {
			if i < len(digits) {
				grid[c] = digits[i] % 10
				if grid[c] != 0 {
					d.Open[c], d.Placed[c] = 0, sudoku.DigitOf(int(grid[c]))
				}
			}
		}
		kept := k.Check(grid) == nil
		if k.Propagate(d) != kept && kept {
			t.Fatalf("%v: Check passes %v, Propagate finds a dead end", k, grid)
		}
		k.Rows(newRowModel(9))
		_, _ = k.Shapes(), k.String()
	})
}
