package constraint

import (
	"math/rand/v2"
	"strings"
	"sudoku"
	"testing"
)

// Named cases of what the sums family's propagation must find.

// sumCase is a position: some cells' candidates or digits, the rest open.
type sumCase struct {
	name   string
	c      sudoku.Constraint
	open   map[string]sudoku.Digits // candidates by cell name ("r1c1")
	placed map[string]int
	want   map[string]sudoku.Digits // what cells end with (candidates, or the digit placed)
	dead   bool                     // a dead end is expected
}

// cellAt reads "r1c2" on a 9x9.
func cellAt(name string) int {
	c, _ := sudoku.FPCellIndex(9, strings.ToUpper(name))
	return c
}

func runSumCase(t *testing.T, tc sumCase, n int) {
	t.Helper()
	d := sudoku.NewDomains(n)
	d.Explain = true
	for name, m := range tc.open {
		c, _ := sudoku.FPCellIndex(n, strings.ToUpper(name))
		d.Open[c] = m
	}
	for name, v := range tc.placed {
		c, _ := sudoku.FPCellIndex(n, strings.ToUpper(name))
		d.Open[c], d.Placed[c] = 0, sudoku.DigitOf(v)
	}
	ok := true
	for range 3 {
		ok = ok && tc.c.Propagate(d)
	}
	if ok == tc.dead {
		t.Fatalf("%v: Propagate %v, want dead end %v", tc.c, ok, tc.dead)
	}
	for name, w := range tc.want {
		c, _ := sudoku.FPCellIndex(n, strings.ToUpper(name))
		if got := d.Of(c); got != w {
			t.Errorf("%s: %v, want %v", name, got, w)
		}
	}
	for _, ded := range d.Deductions {
		if ded.Text == "" {
			t.Errorf("a deduction without words")
		}
	}
}

// cells9 reads cell names on a 9x9.
func cells9(names ...string) []int {
	out := make([]int, len(names))
	for i, s := range names {
		out[i], _ = sudoku.FPCellIndex(9, strings.ToUpper(s))
	}
	return out
}

func TestSumKindsPropagate(t *testing.T) {
	h := boxHouseMap(9)
	o := func(row, col int) outsideClue { return newOutsideClue(9, row, col) }
	all := sudoku.AllDigits(9)
	tests := []sumCase{
		{name: "arrow: the circle is at least 1+2, the line at most 9-1", c: newArrow(9, cells9("r1c1"), cells9("r1c1", "r1c2", "r1c3"), h),
			want: map[string]sudoku.Digits{"r1c1": sudoku.Range(3, 9), "r1c2": sudoku.Range(1, 8), "r1c3": sudoku.Range(1, 8)}},
		{name: "arrow: a circle of 3 leaves 1 and 2 on a line in one row", c: newArrow(9, cells9("r1c1"), cells9("r1c1", "r1c2", "r1c3"), h),
			placed: map[string]int{"r1c1": 3}, want: map[string]sudoku.Digits{"r1c2": sudoku.Range(1, 2), "r1c3": sudoku.Range(1, 2)}},
		{name: "arrow: repeats allowed across boxes", c: newArrow(9, cells9("r3c3"), cells9("r3c3", "r4c4", "r5c3"), h),
			placed: map[string]int{"r3c3": 2}, want: map[string]sudoku.Digits{"r4c4": sudoku.DigitOf(1), "r5c3": sudoku.DigitOf(1)}},
		{name: "arrow: no repeat in a box", c: newArrow(9, cells9("r1c1"), cells9("r1c1", "r2c2", "r3c3"), h),
			placed: map[string]int{"r1c1": 2}, dead: true},
		{name: "arrow: a pill's tens digit is at most the line's sum over 10", c: newArrow(9, cells9("r1c1", "r1c2"), cells9("r1c2", "r2c2", "r3c2", "r4c2"), h),
			want: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 2)}},
		{name: "arrow: a pill of 1_ and a line of two in a column", c: newArrow(9, cells9("r1c1", "r1c2"), cells9("r1c2", "r2c2", "r3c2"), h),
			placed: map[string]int{"r1c1": 1}, open: map[string]sudoku.Digits{"r2c2": sudoku.Range(1, 5)},
			want: map[string]sudoku.Digits{"r1c2": sudoku.Range(2, 4), "r2c2": sudoku.Range(3, 5), "r3c2": sudoku.Range(7, 9)}},
		{name: "double arrow: the middle is the sum of the ends", c: newDoubleArrow(9, cells9("r1c1", "r1c2", "r1c3"), h),
			placed: map[string]int{"r1c1": 1}, want: map[string]sudoku.Digits{"r1c2": sudoku.Range(3, 9), "r1c3": sudoku.Range(2, 8)}},
		{name: "double arrow: ends of 9 and 8 want 17 from the middle", c: newDoubleArrow(9, cells9("r1c1", "r2c1", "r3c1", "r4c1"), h),
			placed: map[string]int{"r1c1": 9, "r4c1": 8}, dead: true},
		{name: "little killer: two cells of one box adding up to 3", c: newLittleKiller(9, -1, 2, "DL", 3, h),
			want: map[string]sudoku.Digits{"r1c2": sudoku.Range(1, 2), "r2c1": sudoku.Range(1, 2)}},
		{name: "little killer: digits repeat across boxes", c: newLittleKiller(9, -1, 4, "DL", 6, h),
			want: map[string]sudoku.Digits{"r1c4": sudoku.Range(1, 2), "r2c3": sudoku.Range(1, 3), "r3c2": sudoku.Range(1, 3), "r4c1": sudoku.Range(1, 2)}},
		{name: "little killer: one cell is the sum", c: newLittleKiller(9, 9, 1, "UL", 7, h),
			want: map[string]sudoku.Digits{"r9c1": sudoku.DigitOf(7)}},
		{name: "sandwich 35: the crusts at the ends", c: &sandwich{o(0, -1), 35},
			want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(1) | sudoku.DigitOf(9), "r1c9": sudoku.DigitOf(1) | sudoku.DigitOf(9), "r1c5": sudoku.Range(2, 8)}},
		{name: "sandwich 3 after a 1: the 3 then the 9", c: &sandwich{o(0, -1), 3},
			placed: map[string]int{"r1c1": 1}, want: map[string]sudoku.Digits{"r1c2": sudoku.DigitOf(3), "r1c3": sudoku.DigitOf(9), "r1c4": sudoku.Range(2, 8)}},
		{name: "sandwich 0: the crusts side by side", c: &sandwich{o(-1, 0), 0},
			placed: map[string]int{"r4c1": 9}, open: map[string]sudoku.Digits{"r3c1": sudoku.Range(2, 8)}, want: map[string]sudoku.Digits{"r5c1": sudoku.DigitOf(1), "r9c1": sudoku.Range(2, 8)}},
		{name: "sandwich from below: 1 and 9 placed", c: &sandwich{o(9, 0), 5},
			placed: map[string]int{"r9c1": 9, "r6c1": 1}, open: map[string]sudoku.Digits{"r8c1": sudoku.Range(2, 3)}, want: map[string]sudoku.Digits{"r7c1": sudoku.Range(2, 3)}},
		{name: "x-sum 3: X is 2, then 1", c: &xsum{o(0, -1), 3}, want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(2), "r1c2": sudoku.DigitOf(1), "r1c3": all &^ sudoku.DigitOf(2)}},
		{name: "x-sum 1: X is 1", c: &xsum{o(-1, 4), 1}, want: map[string]sudoku.Digits{"r1c5": sudoku.DigitOf(1), "r2c5": sudoku.Range(2, 9)}},
		{name: "x-sum 45: X is 9", c: &xsum{o(3, 9), 45}, want: map[string]sudoku.Digits{"r4c9": sudoku.DigitOf(9), "r4c1": sudoku.Range(1, 8)}},
		{name: "x-sum 2: no X", c: &xsum{o(3, 9), 2}, dead: true},
		{name: "skyscraper 1: the 9 in front", c: &skyscraper{o(0, -1), 1}, want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(9), "r1c2": sudoku.Range(1, 8)}},
		{name: "skyscraper 9: in order", c: &skyscraper{o(-1, 0), 9}, want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(1), "r5c1": sudoku.DigitOf(5), "r9c1": sudoku.DigitOf(9)}},
		{name: "skyscraper 3: the first two low enough", c: &skyscraper{o(0, 9), 3}, want: map[string]sudoku.Digits{"r1c9": sudoku.Range(1, 7), "r1c8": sudoku.Range(1, 8)}},
		{name: "skyscraper 2 behind a 9: dead", c: &skyscraper{o(0, -1), 2}, placed: map[string]int{"r1c1": 9}, dead: true},
		{name: "skyscraper 2 with 8 in front: the 9 next seen", c: &skyscraper{o(0, -1), 2}, placed: map[string]int{"r1c1": 8},
			want: map[string]sudoku.Digits{"r1c2": all &^ sudoku.DigitOf(8)}},
		{name: "quadruple 1234 in one box", c: &quadruple{n: 9, cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), values: []int{1, 2, 3, 4}, differ: h.differ(cells9("r1c1", "r1c2", "r2c1", "r2c2"))},
			want: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 4), "r2c2": sudoku.Range(1, 4)}},
		{name: "quadruple 123 beside a 5", c: &quadruple{n: 9, cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), values: []int{1, 2, 3}, differ: h.differ(cells9("r1c1", "r1c2", "r2c1", "r2c2"))},
			placed: map[string]int{"r1c1": 5}, want: map[string]sudoku.Digits{"r1c2": sudoku.Range(1, 3), "r2c1": sudoku.Range(1, 3), "r2c2": sudoku.Range(1, 3)}},
		{name: "quadruple: a digit with one place goes there", c: &quadruple{n: 9, cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), values: []int{7}, differ: h.differ(cells9("r1c1", "r1c2", "r2c1", "r2c2"))},
			open: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(7) | sudoku.DigitOf(8), "r1c2": sudoku.Range(1, 6), "r2c1": sudoku.Range(1, 6), "r2c2": sudoku.Range(1, 6)}, want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(7)}},
		{name: "quadruple 1 1 across boxes: the diagonal", c: &quadruple{n: 9, cells: cells9("r3c3", "r3c4", "r4c3", "r4c4"), values: []int{1, 1}, differ: h.differ(cells9("r3c3", "r3c4", "r4c3", "r4c4"))},
			open: map[string]sudoku.Digits{"r3c3": sudoku.Range(2, 9)}, want: map[string]sudoku.Digits{"r3c4": sudoku.DigitOf(1), "r4c3": sudoku.DigitOf(1), "r4c4": sudoku.Range(2, 9)}},
		{name: "minimum: below its neighbours' tops", c: &extremum{n: 9, cell: cellAt("r5c5"), nbrs: cells9("r4c5", "r6c5", "r5c4", "r5c6")},
			open: map[string]sudoku.Digits{"r4c5": sudoku.Range(1, 4)}, placed: map[string]int{"r5c6": 6}, want: map[string]sudoku.Digits{"r5c5": sudoku.Range(1, 3), "r6c5": sudoku.Range(2, 9), "r4c5": sudoku.Range(2, 4)}},
		{name: "maximum: above its neighbours", c: &extremum{n: 9, max: true, cell: cellAt("r1c1"), nbrs: cells9("r2c1", "r1c2")},
			placed: map[string]int{"r1c1": 2}, want: map[string]sudoku.Digits{"r2c1": sudoku.DigitOf(1), "r1c2": sudoku.DigitOf(1)}},
		{name: "column indexer: r1c1 is 3 only where r1c3 is 1", c: newIndexer(columnIndex, 9, cells9("r1c1"), nil),
			open: map[string]sudoku.Digits{"r1c3": sudoku.Range(2, 9), "r1c1": all &^ sudoku.DigitOf(5)}, want: map[string]sudoku.Digits{"r1c1": all &^ sudoku.DigitOf(5) &^ sudoku.DigitOf(3), "r1c5": sudoku.Range(2, 9)}},
		{name: "row indexer: r2c3 = 4 puts 2 in r4c3", c: newIndexer(rowIndex, 9, cells9("r2c3"), nil),
			placed: map[string]int{"r2c3": 4}, want: map[string]sudoku.Digits{"r4c3": sudoku.DigitOf(2), "r1c3": all &^ sudoku.DigitOf(2)}},
		{name: "box indexer: place 5 of box 1 holding 7 puts 5 at place 7", c: newIndexer(boxIndex, 9, cells9("r2c2"), h.regionCells()),
			placed: map[string]int{"r2c2": 7}, want: map[string]sudoku.Digits{"r3c1": sudoku.DigitOf(5), "r3c2": all &^ sudoku.DigitOf(5)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runSumCase(t, tc, 9) })
	}
}

// TestArrowPillSixteen: on a 16x16 a pill reads figure by figure (1 then
// 12 is 112).
func TestArrowPillSixteen(t *testing.T) {
	h := boxHouseMap(16)
	cells := func(names ...string) []int {
		out := make([]int, len(names))
		for i, s := range names {
			out[i], _ = sudoku.FPCellIndex(16, strings.ToUpper(s))
		}
		return out
	}
	a := newArrow(16, cells("r1c1", "r1c2"), cells("r1c2", "r2c2", "r3c2", "r4c2"), h)
	// the line of three in one column adds up to 6..45: 12..19, 21..29
	// (2 then 10 is 210), 31..39, 41..45
	runSumCase(t, sumCase{c: a, want: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 4), "r1c2": sudoku.Range(1, 9)}}, 16)
	runSumCase(t, sumCase{c: a, placed: map[string]int{"r1c1": 4}, want: map[string]sudoku.Digits{"r1c2": sudoku.Range(1, 5) &^ sudoku.DigitOf(4)}}, 16)
	runSumCase(t, sumCase{c: a, placed: map[string]int{"r2c2": 16, "r3c2": 15, "r4c2": 14}, want: map[string]sudoku.Digits{"r1c1": sudoku.DigitOf(4), "r1c2": sudoku.DigitOf(5)}}, 16)
	g := make([]uint8, 256)
	g[0], g[1] = 1, 12
	if a.Check(g) == nil {
		t.Errorf("a pill of 1 and 12 is 112, which no line of three reaches: Check passes")
	}
	for c, v := range []uint8{2, 13} {
		g[c] = v
	}
	g[17], g[33], g[49] = 10, 1, 2
	if err := a.Check(g); err == nil || !strings.Contains(err.Error(), "adds up to 13, its circle holds 213") {
		t.Errorf("Check: %v", err)
	}
	m := newRowModel(16)
	a.Rows(m)
	g[0], g[1], g[17], g[33], g[49] = 1, 3, 2, 5, 6
	if !m.feasible(g) {
		t.Errorf("rows refuse 13 = 2+5+6")
	}
	g[49] = 7
	if m.feasible(g) {
		t.Errorf("rows take 13 = 2+5+7")
	}
}

// TestSumKindsWords: deductions are worded for players.
func TestSumKindsWords(t *testing.T) {
	d := sudoku.NewDomains(9)
	d.Explain = true
	d.Placed[0], d.Open[0] = sudoku.DigitOf(3), 0
	a := newArrow(9, []int{0}, []int{0, 1, 2}, boxHouseMap(9))
	if !a.Propagate(d) {
		t.Fatal("dead end")
	}
	want := "the digits along the arrow from r1c1 add up to the number in its circle, so 3, 4, 5, 6, 7, 8 and 9 leave r1c2, 3, 4, 5, 6, 7, 8 and 9 leave r1c3"
	if len(d.Deductions) != 1 || d.Deductions[0].Text != want {
		t.Errorf("deductions %+v\nwant %q", d.Deductions, want)
	}
}

// grid16 returns a random valid 16x16 grid: the pattern grid with its
// digits, bands and rows within bands shuffled.
func grid16(rng *rand.Rand) []uint8 {
	perm := rng.Perm(16)
	var rows []int
	for _, b := range rng.Perm(4) {
		for _, x := range rng.Perm(4) {
			rows = append(rows, 4*b+x)
		}
	}
	g := make([]uint8, 256)
	for r := range 16 {
		for c := range 16 {
			rr := rows[r]
			g[16*r+c] = uint8(perm[(4*(rr%4)+rr/4+c)%16] + 1)
		}
	}
	return g
}

// TestArrowPillSixteenSound: pills read figure by figure on random 16x16
// grids (lines down a column from the pill's second cell): propagation
// from random candidates holding the grid's digits keeps them, and the
// rows take the grid.
func TestArrowPillSixteenSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	h := boxHouseMap(16)
	found := 0
	for range 400 {
		g := grid16(rng)
		r, c := rng.IntN(8), rng.IntN(15)
		pill := []int{16*r + c, 16*r + c + 1}
		for k := 2; k <= 7; k++ {
			path := []int{pill[1]}
			for i := 1; i <= k; i++ {
				path = append(path, pill[1]+16*i)
			}
			want := appendFigures(int(g[pill[0]]), int(g[pill[1]]))
			if s, _ := sumOf(g, path[1:]); s != want {
				continue
			}
			found++
			a := newArrow(16, pill, path, h)
			checkSound16(t, a, g, rng)
			m := newRowModel(16)
			a.Rows(m)
			if !m.feasible(g) {
				t.Fatalf("%v: rows refuse the grid", a)
			}
		}
	}
	if found < 5 {
		t.Fatalf("only %d pills found", found)
	}
}

// checkSound16 is checkSound on a 16x16.
func checkSound16(t *testing.T, k sudoku.Constraint, g []uint8, rng *rand.Rand) {
	t.Helper()
	if err := k.Check(g); err != nil {
		t.Fatalf("%v: %v", k, err)
	}
	for range 20 {
		d := &sudoku.Domains{N: 16, Open: make([]sudoku.Digits, 256), Placed: make([]sudoku.Digits, 256)}
		for c, v := range g {
			if rng.IntN(4) == 0 {
				d.Placed[c] = sudoku.DigitOf(int(v))
			} else {
				d.Open[c] = sudoku.DigitOf(int(v)) | sudoku.Digits(rng.Uint32())&sudoku.AllDigits(16)
			}
		}
		for range 3 {
			if !k.Propagate(d) {
				t.Fatalf("%v: a dead end", k)
			}
		}
		for c, v := range g {
			if !d.Of(c).Has(int(v)) {
				t.Fatalf("%v: %d left %s", k, v, sudoku.CellName(16, c))
			}
		}
	}
}
