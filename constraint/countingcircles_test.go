package constraint

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sudoku"
	"testing"
)

// Tests of counting circles: propagation and Check against every filling
// of random small sets, named cases, the 0-1 rows on full grids, words,
// soundness on random grids (sets up to 45 circles), no allocation, the
// constructor's errors.

// countsHold is the rule by hand: each digit v placed is in exactly v of
// the circles.
func countsHold(v []int) bool {
	for _, x := range v {
		n := 0
		for _, y := range v {
			if y == x {
				n++
			}
		}
		if n != x {
			return false
		}
	}
	return true
}

// peersDiffer reports whether circles that share a house of h hold
// different digits.
func peersDiffer(h *houseMap, cells, v []int) bool {
	for i := range cells {
		for j := range i {
			if v[i] == v[j] && h.same(cells[i], cells[j]) {
				return false
			}
		}
	}
	return true
}

// nearCells returns k different cells of an n-grid in a random band of
// rows, so that some share a house.
func nearCells(rng *rand.Rand, n, k int) []int {
	rows := min(n, max(1+rng.IntN(3), (k+n-1)/n))
	r0 := rng.IntN(n - rows + 1)
	cells := rng.Perm(rows * n)[:k:k]
	for i := range cells {
		cells[i] += r0 * n
	}
	return cells
}

// TestCountingExact: from random candidates, one propagation keeps
// exactly the digits some filling uses (each digit in as many circles as
// its value, circles that share a house different), a dead end when
// none does.
func TestCountingExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	dead, narrowed := 0, 0
	for round := range 3000 {
		n := []int{4, 6, 9}[round%3]
		K := 1 + rng.IntN(6)
		if n == 9 {
			K = 1 + rng.IntN(5)
		}
		h := boxHouseMap(n)
		cells := nearCells(rng, n, K)
		k := newCountingCircles(n, cells, h)
		in, placed := randomIn(rng, n, K)
		if round%4 != 0 {
			plantCounts(rng, n, in, placed)
		}
		sup := make([]sudoku.Digits, K)
		any := false
		fillings(in, func(v []int) {
			if countsHold(v) && peersDiffer(h, k.cells, v) {
				any = true
				for i, x := range v {
					sup[i] |= sudoku.DigitOf(x)
				}
			}
		})
		d := domainsOf(n, k.cells, in, placed)
		ok := k.Propagate(d)
		switch {
		case !any && ok:
			t.Fatalf("%v from %v: no filling keeps it, but no dead end", k, in)
		case any && !ok:
			t.Fatalf("%v from %v: a dead end, but a filling keeps it", k, in)
		case !any:
			dead++
			continue
		}
		for i, c := range k.cells {
			if got := d.Of(c); got != sup[i] {
				t.Fatalf("%v from %v: %s keeps %v, want %v", k, in, sudoku.CellName(n, c), got, sup[i])
			}
			if sup[i] != in[i] {
				narrowed++
			}
		}
	}
	if dead < 100 || narrowed < 500 {
		t.Errorf("%d dead ends, %d cells narrowed: want more of both", dead, narrowed)
	}
}

// plantCounts adds to in the digits of a random filling that keeps the
// counts (houses aside): a random set of digits adding up to len(in),
// each v given to v random circles (placed circles get it alone).
func plantCounts(rng *rand.Rand, n int, in []sudoku.Digits, placed []bool) {
	K := len(in)
	var digits []int
	for left := K; left > 0; {
		v := 1 + rng.IntN(min(n, left))
		if !slices.Contains(digits, v) {
			digits = append(digits, v)
			left -= v
		} else if left <= n && !slices.Contains(digits, left) {
			digits = append(digits, left)
			left = 0
		} else {
			digits, left = nil, K
		}
	}
	order := rng.Perm(K)
	for _, v := range digits {
		for range v {
			if i := order[0]; placed[i] {
				in[i] = sudoku.DigitOf(v)
			} else {
				in[i] |= sudoku.DigitOf(v)
			}
			order = order[1:]
		}
	}
}

// TestCountingCheck: on random partial fillings, Check passes exactly
// when the empty circles can take digits that keep the counts (houses
// aside).
func TestCountingCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	pass, fail := 0, 0
	for range 3000 {
		n := []int{4, 6}[rng.IntN(2)]
		K := 1 + rng.IntN(6)
		cells := rng.Perm(n * n)[:K]
		k := newCountingCircles(n, cells, boxHouseMap(n))
		grid := make([]uint8, n*n)
		in := make([]sudoku.Digits, K)
		for i, c := range k.cells {
			in[i] = sudoku.AllDigits(n)
			if rng.IntN(2) == 0 {
				grid[c] = uint8(1 + rng.IntN(min(n, K)))
				in[i] = sudoku.DigitOf(int(grid[c]))
			}
		}
		if checkMatchesFillings(t, k, grid, in, func(v []int) bool { return countsHold(v) }) {
			pass++
		} else {
			fail++
		}
	}
	if pass < 300 || fail < 300 {
		t.Errorf("%d passed, %d failed: want both", pass, fail)
	}
}

// TestCountingPropagate: named cases of what a set of circles finds.
func TestCountingPropagate(t *testing.T) {
	all := sudoku.AllDigits(9)
	h := boxHouseMap(9)
	tests := []sumCase{
		{name: "one circle holds 1", c: newCountingCircles(9, cells9("r5c5"), h), want: map[string]sudoku.Digits{"r5c5": ds(1)}},
		{name: "two circles apart hold 2 and 2 or none", c: newCountingCircles(9, cells9("r1c1", "r5c5"), h),
			want: map[string]sudoku.Digits{"r1c1": ds(2), "r5c5": ds(2)}},
		{name: "two circles of a row cannot both hold 2", c: newCountingCircles(9, cells9("r1c1", "r1c5"), h), dead: true},
		{name: "three circles of a row: 1 and two 2s cannot", c: newCountingCircles(9, cells9("r1c1", "r1c5", "r1c9"), h), dead: true},
		{name: "three circles, two in a row: 3 is out", c: newCountingCircles(9, cells9("r1c1", "r1c5", "r5c9"), h),
			want: map[string]sudoku.Digits{"r1c1": ds(1, 2), "r1c5": ds(1, 2), "r5c9": ds(2)}},
		{name: "a placed 3 of four circles leaves a 1", c: newCountingCircles(9, cells9("r1c1", "r2c4", "r3c7", "r9c9"), h),
			placed: map[string]int{"r1c1": 3}, want: map[string]sudoku.Digits{"r2c4": ds(1, 3), "r3c7": ds(1, 3), "r9c9": ds(1, 3)}},
		{name: "a 1 in row 1 and 2s in rows 1 and 5 clear those rows", c: newCountingCircles(9, cells9("r1c1", "r1c2", "r5c5"), h),
			want: map[string]sudoku.Digits{"r1c1": ds(1, 2), "r1c2": ds(1, 2), "r5c5": ds(2), "r1c9": all &^ ds(1, 2), "r2c2": all &^ ds(1, 2), "r5c1": all &^ ds(2), "r4c4": all, "r9c9": all, "r9c1": all}},
		{name: "forty-five circles in five rows leave no room for nine 9s", c: newCountingCircles(9, firstCells(45), h), dead: true},
		{name: "a 1 placed of ten circles leaves 2 to 7", c: newCountingCircles(9, cells9("r1c1", "r2c4", "r3c7", "r4c2", "r5c5", "r6c8", "r7c3", "r8c6", "r9c9", "r9c1"), h),
			placed: map[string]int{"r1c1": 1}, want: map[string]sudoku.Digits{"r2c4": sudoku.Range(2, 7), "r9c1": sudoku.Range(2, 7)}},
		{name: "eight circles of a box hold too many digits to count", c: newCountingCircles(9, cells9("r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r4c4", "r5c5"), h), dead: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runSumCase(t, tc, 9) })
	}
}

// firstCells returns cells 0..k-1.
func firstCells(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}

// countingKept returns a set of circles that grid keeps: digits adding up
// to at most max, each v in v random cells holding it.
func countingKept(grid []uint8, rng *rand.Rand, max int) *countingCircles {
	var cells []int
	total := 0
	for _, v := range rng.Perm(9) {
		v++
		if total+v > max || rng.IntN(3) == 0 {
			continue
		}
		total += v
		var at []int
		for c, g := range grid {
			if int(g) == v {
				at = append(at, c)
			}
		}
		for _, i := range rng.Perm(9)[:v] {
			cells = append(cells, at[i])
		}
	}
	if len(cells) == 0 {
		cells = []int{0}
		for c, g := range grid {
			if g == 1 {
				cells[0] = c
			}
		}
	}
	return newCountingCircles(9, cells, boxHouseMap(9))
}

// TestCountingSound: sets of up to 16, 32 (the search, its budget often
// spent) and 45 circles (the filters alone) that random grids keep.
func TestCountingSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	for _, max := range []int{16, 32, 45} {
		for range 60 {
			g := randomGrid(rng)
			checkSound(t, countingKept(g, rng, max), g, rng, 5)
		}
	}
}

// TestCountingRowsExact: on full grids, the rows hold exactly when Check
// passes.
func TestCountingRowsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	held, broke := 0, 0
	for range 100 {
		g := randomGrid(rng)
		k := countingKept(g, rng, 12)
		m := &linesModel{n: 9}
		k.Rows(m)
		model := &countingModel{linesModel: m}
		rowsAgree(t, k, model.holds, [][]uint8{g, randomGrid(rng)}, &held, &broke)
	}
	if held < 100 || broke < 50 {
		t.Errorf("held %d, broke %d: want both", held, broke)
	}
}

// countingModel checks rows whose binaries the cells fix (one per digit):
// each binary is tried as 0 and 1 on its own row, as linesModel.holds
// would try all 2^9 at once.
type countingModel struct{ *linesModel }

func (m *countingModel) holds(grid []uint8) bool {
	base := m.n * m.n * m.n
	x := make([]int, base+m.bins)
	for c, v := range grid {
		x[c*m.n+int(v)-1] = 1
	}
	for _, r := range m.rows {
		ok := false
		for b := range 2 {
			for _, t := range r.terms {
				if int(t.Var) >= base {
					x[t.Var] = b
				}
			}
			ok = ok || (&linesModel{rows: []linesRow{r}}).meets(x)
		}
		if !ok {
			return false
		}
	}
	return true
}

func TestCountingWords(t *testing.T) {
	k := newCountingCircles(9, cells9("r1c1", "r5c5"), boxHouseMap(9))
	d := sudoku.NewDomains(9)
	d.Explain = true
	if !k.Propagate(d) {
		t.Fatal("dead end")
	}
	want := "the digit in each of the counting circles r1c1, r5c5 is the number of the set's circles that hold it, so 1, 3, 4, 5, 6, 7, 8 and 9 leave r1c1, 1, 3, 4, 5, 6, 7, 8 and 9 leave r5c5"
	if len(d.Deductions) != 1 || d.Deductions[0].Text != want {
		t.Errorf("deductions %+v, want %q", d.Deductions, want)
	}
	g := make([]uint8, 81)
	g[0], g[40] = 2, 1
	if err := k.Check(g); err == nil || !strings.Contains(err.Error(), "the digits placed need 1 more circles, and 0 are empty") {
		t.Errorf("Check: %v", err)
	}
}

func TestCountingAllocs(t *testing.T) {
	k := newCountingCircles(9, firstCells(20), boxHouseMap(9))
	d := sudoku.NewDomains(9)
	if a := testing.AllocsPerRun(20, func() { k.Propagate(d) }); a != 0 {
		t.Errorf("%v allocations per propagation", a)
	}
}

func TestNewCountingCircles(t *testing.T) {
	r := sudoku.Classic()
	tests := []struct {
		name  string
		cells []int
		want  string
	}{
		{"two circles", []int{40, 0}, ""},
		{"none", nil, "countingcircles: has 0 cells, want at least 1"},
		{"off the grid", []int{-1}, "countingcircles: cell -1 is outside the grid or listed twice"},
		{"forty-six", firstCells(46), "46 circles cannot be counted by digits 1..9 (at most 45)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := NewCountingCircles(r, tt.cells)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.want == "":
				if k.Kind() != "countingcircles" || k.String() != "counting circles (2) r1c1, r5c5" {
					t.Errorf("made %s %q", k.Kind(), k)
				}
			case err == nil || !strings.Contains(err.Error(), tt.want):
				t.Fatalf("error %v, want %q", err, tt.want)
			default:
				var ce *sudoku.ConstraintError
				if !errors.As(err, &ce) {
					t.Errorf("%T, want a *ConstraintError", err)
				}
			}
		})
	}
}

func ExampleNewCountingCircles() {
	// Three circles: r1c5 shares row 1 with r1c1 and column 5 with r5c5,
	// so no 3 (three circles apart) and the two 2s are r1c1 and r5c5.
	k, err := NewCountingCircles(sudoku.Classic(), []int{0, 4, 40})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := sudoku.NewDomains(9)
	k.Propagate(d)
	fmt.Println(k, "hold", d.Open[0], d.Open[4], d.Open[40])
	// Output: counting circles (3) r1c1, r1c5, r5c5 hold 2 1 2
}
