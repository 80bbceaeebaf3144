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

// Tests of rellik cages: propagation and Check against every filling of
// random small cages, named cases, the 0-1 rows on full grids, words,
// soundness on random grids, no allocation, the constructor's errors.

// rellikHolds is the rule by hand: different digits, and no one or more
// of them adding up to value (every subset tried).
func rellikHolds(v []int, value int) bool {
	for i := range v {
		for j := range i {
			if v[i] == v[j] {
				return false
			}
		}
	}
	for sub := 1; sub < 1<<len(v); sub++ {
		s := 0
		for i, x := range v {
			if sub>>i&1 != 0 {
				s += x
			}
		}
		if s == value {
			return false
		}
	}
	return true
}

// checkMatchesFillings fails t unless k.Check(grid) passes exactly when
// some filling of in holds; it reports whether one does.
func checkMatchesFillings(t *testing.T, k sudoku.Constraint, grid []uint8, in []sudoku.Digits, holds func(v []int) bool) bool {
	t.Helper()
	want := false
	fillings(in, func(v []int) { want = want || holds(v) })
	if err := k.Check(grid); (err == nil) != want {
		t.Fatalf("%v on %v: Check says %v, a filling exists %v", k, grid, err, want)
	}
	return want
}

// fillings calls f with every filling of k cells from in (the digits of
// each cell).
func fillings(in []sudoku.Digits, f func(v []int)) {
	v := make([]int, len(in))
	var try func(i int)
	try = func(i int) {
		if i == len(in) {
			f(v)
			return
		}
		for x := in[i]; x != 0; x &= x - 1 {
			v[i] = x.Min()
			try(i + 1)
		}
	}
	try(0)
}

// randomIn returns random candidates for k cells of an n-grid, a quarter
// of them placed (one digit), none empty.
func randomIn(rng *rand.Rand, n, k int) (in []sudoku.Digits, placed []bool) {
	in, placed = make([]sudoku.Digits, k), make([]bool, k)
	for i := range in {
		switch rng.IntN(4) {
		case 0:
			in[i], placed[i] = sudoku.DigitOf(1+rng.IntN(n)), true
		case 1:
			in[i] = sudoku.AllDigits(n)
		default:
			for in[i] == 0 {
				in[i] = sudoku.Digits(rng.Uint32()) & sudoku.AllDigits(n)
			}
		}
	}
	return in, placed
}

// domainsOf puts in on cells of an n-grid, placing the cells marked.
func domainsOf(n int, cells []int, in []sudoku.Digits, placed []bool) *sudoku.Domains {
	d := sudoku.NewDomains(n)
	for i, c := range cells {
		if placed[i] {
			d.Open[c], d.Placed[c] = 0, in[i]
		} else {
			d.Open[c] = in[i]
		}
	}
	return d
}

// TestRellikExact: from random candidates on grids of 4 to 16, one
// propagation keeps exactly the digits some filling keeping the rule
// uses (a dead end when none does); on 25x25 (the filter by the digits
// placed) it keeps at least those. Check, on random partial fillings,
// passes exactly when the empty cells can be filled.
func TestRellikExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	sizes := []int{4, 6, 9, 9, 9, 12, 16, 25}
	dead, narrowed := 0, 0
	for round := range 3000 {
		n := sizes[round%len(sizes)]
		L := 1 + rng.IntN(min(n, 5))
		if n > 9 {
			L = 1 + rng.IntN(3)
		}
		cells := rng.Perm(n * n)[:L]
		_, hi := sudoku.SumRange(n, L)
		k := newRellik(n, cells, 1+rng.IntN(min(hi, sumSetMax)))
		in, placed := randomIn(rng, n, L)
		sup := make([]sudoku.Digits, L)
		any := false
		fillings(in, func(v []int) {
			if rellikHolds(v, k.value) {
				any = true
				for i, x := range v {
					sup[i] |= sudoku.DigitOf(x)
				}
			}
		})
		d := domainsOf(n, cells, in, placed)
		ok := k.Propagate(d)
		exact := k.good != nil
		switch {
		case !any && ok && exact:
			t.Fatalf("%v from %v: no filling keeps it, but no dead end", k, in)
		case any && !ok:
			t.Fatalf("%v from %v: a dead end, but a filling keeps it", k, in)
		case !any:
			dead++
			continue
		}
		for i, c := range cells {
			got := d.Of(c)
			if exact && got != sup[i] || !exact && got&sup[i] != sup[i] {
				t.Fatalf("%v from %v: %s keeps %v, want %v", k, in, sudoku.CellName(n, c), got, sup[i])
			}
			if got != in[i] {
				narrowed++
			}
		}
	}
	if dead < 100 || narrowed < 1000 {
		t.Errorf("%d dead ends, %d cells narrowed: want more of both", dead, narrowed)
	}
}

// TestRellikCheck: on random partial fillings, Check passes exactly when
// the empty cells can take digits that keep the rule.
func TestRellikCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	pass, fail := 0, 0
	for range 2000 {
		n := []int{4, 6, 9}[rng.IntN(3)]
		L := 1 + rng.IntN(min(n, 4))
		cells := rng.Perm(n * n)[:L]
		k := newRellik(n, cells, 1+rng.IntN(2*n))
		grid := make([]uint8, n*n)
		in := make([]sudoku.Digits, L)
		for i, c := range cells {
			in[i] = sudoku.AllDigits(n)
			if rng.IntN(2) == 0 {
				grid[c] = uint8(1 + rng.IntN(n))
				in[i] = sudoku.DigitOf(int(grid[c]))
			}
		}
		if checkMatchesFillings(t, k, grid, in, func(v []int) bool { return rellikHolds(v, k.value) }) {
			pass++
		} else {
			fail++
		}
	}
	if pass < 300 || fail < 300 {
		t.Errorf("%d passed, %d failed: want both", pass, fail)
	}
}

// TestRellikPropagate: named cases of what a rellik cage finds.
func TestRellikPropagate(t *testing.T) {
	all := sudoku.AllDigits(9)
	tests := []sumCase{
		{name: "one and nine cannot both go in a 10", c: newRellik(9, cells9("r1c1", "r1c2"), 10),
			open: map[string]sudoku.Digits{"r1c1": ds(1, 9), "r1c2": ds(1, 9)}, dead: true},
		{name: "a placed 3 takes 7 from a 10", c: newRellik(9, cells9("r1c1", "r1c2", "r1c3"), 10),
			placed: map[string]int{"r1c1": 3}, want: map[string]sudoku.Digits{"r1c2": all &^ ds(3, 7), "r1c3": all &^ ds(3, 7)}},
		{name: "the value itself never goes in", c: newRellik(9, cells9("r1c1", "r1c2"), 5),
			want: map[string]sudoku.Digits{"r1c1": all &^ ds(5), "r1c2": all &^ ds(5)}},
		{name: "a 1 and a 2 leave 3 and 4 and 6 out of a 6", c: newRellik(9, cells9("r1c1", "r1c2", "r1c3"), 6),
			placed: map[string]int{"r1c1": 1, "r1c2": 2}, want: map[string]sudoku.Digits{"r1c3": ds(7, 8, 9)}},
		{name: "placed digits adding up to the value", c: newRellik(9, cells9("r1c1", "r1c2", "r1c3"), 9),
			placed: map[string]int{"r1c1": 4, "r1c2": 5}, dead: true},
		{name: "a 4 in a 6 needs a 1 and a 3", c: newRellik(9, cells9("r1c1", "r1c2", "r1c3"), 6),
			open: map[string]sudoku.Digits{"r1c1": sudoku.Range(1, 3), "r1c2": sudoku.Range(1, 3), "r1c3": ds(4, 6)},
			want: map[string]sudoku.Digits{"r1c1": ds(1, 3), "r1c2": ds(1, 3), "r1c3": ds(4)}},
		{name: "a 2, a 3 and a 5 of small digits need a 5", c: newRellik(9, cells9("r1c1", "r1c2", "r1c3"), 6),
			open: map[string]sudoku.Digits{"r1c1": ds(2, 3), "r1c2": ds(2, 3), "r1c3": sudoku.Range(1, 5)},
			want: map[string]sudoku.Digits{"r1c1": ds(2, 3), "r1c2": ds(2, 3), "r1c3": ds(5)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runSumCase(t, tc, 9) })
	}
}

// ds is the set of digits listed.
func ds(digits ...int) sudoku.Digits {
	var m sudoku.Digits
	for _, d := range digits {
		m |= sudoku.DigitOf(d)
	}
	return m
}

// rellikKept returns a rellik cage of random cells of a box of grid whose
// digits keep it: the value is a sum no subset of them makes.
func rellikKept(grid []uint8, rng *rand.Rand) *rellik {
	b := rng.IntN(9)
	var cells []int
	var v []int
	for _, i := range rng.Perm(9)[:1+rng.IntN(5)] {
		c := (b/3*3+i/3)*9 + b%3*3 + i%3
		cells = append(cells, c)
		v = append(v, int(grid[c]))
	}
	total := 0
	for _, x := range v {
		total += x
	}
	for {
		value := 1 + rng.IntN(total+1)
		if rellikHolds(v, value) {
			return newRellik(9, cells, value)
		}
	}
}

func TestRellikSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for range 200 {
		g := randomGrid(rng)
		checkSound(t, rellikKept(g, rng), g, rng, 10)
	}
}

// TestRellikRowsExact: on full grids, the rows hold exactly when Check
// passes (the cage in one box, so its digits differ).
func TestRellikRowsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	held, broke := 0, 0
	for range 300 {
		g := randomGrid(rng)
		k := rellikKept(g, rng)
		m := &linesModel{n: 9}
		k.Rows(m)
		rowsAgree(t, k, m.holds, [][]uint8{g, randomGrid(rng)}, &held, &broke)
	}
	if held < 300 || broke < 50 {
		t.Errorf("held %d, broke %d: want both", held, broke)
	}
}

func TestRellikWords(t *testing.T) {
	k := newRellik(9, cells9("r1c1", "r1c2"), 10)
	d := sudoku.NewDomains(9)
	d.Explain = true
	d.Open[0], d.Placed[0] = 0, sudoku.DigitOf(3)
	if !k.Propagate(d) {
		t.Fatal("dead end")
	}
	want := "the digits of the rellik cage ≠10 r1c1, r1c2 differ and no one or more of them add up to 10, so 3 and 7 leave r1c2"
	if len(d.Deductions) != 1 || d.Deductions[0].Text != want {
		t.Errorf("deductions %+v, want %q", d.Deductions, want)
	}
	if err := k.Check([]uint8{3, 7, 79: 0}); err == nil || !strings.Contains(err.Error(), "3 + 7 add up to 10") {
		t.Errorf("Check: %v, want 3 + 7 add up to 10", err)
	}
}

func TestRellikAllocs(t *testing.T) {
	for _, n := range []int{9, 16, 25} {
		k := newRellik(n, []int{0, 1, 2, n, n + 1}, 12)
		d := sudoku.NewDomains(n)
		d.Open[1] = sudoku.DigitOf(2)
		if a := testing.AllocsPerRun(20, func() { k.Propagate(d) }); a != 0 {
			t.Errorf("%dx%d: %v allocations per propagation", n, n, a)
		}
	}
}

func TestNewRellik(t *testing.T) {
	r := sudoku.Classic()
	tests := []struct {
		name  string
		cells []int
		value int
		want  string // "" for no error
	}{
		{"a pair", []int{0, 1}, 10, ""},
		{"no cells", nil, 10, "rellik: has 0 cells, want at least 1"},
		{"a cell off the grid", []int{0, 81}, 10, "rellik: cell 81 is outside the grid or listed twice"},
		{"a cell twice", []int{0, 0}, 10, "rellik: cell 0 is outside the grid or listed twice"},
		{"too many cells", make([]int, 10), 10, "cannot hold different digits 1..9"},
		{"value 0", []int{0, 1}, 0, "rellik (r1c1, r1c2): value 0 outside 1 to 255"},
		{"nine cells of 1 to 9 make every sum", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, 10, "no 9 different digits avoid adding up to 10"},
	}
	for i := range tests[4].cells {
		tests[4].cells[i] = i
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := NewRellik(r, tt.cells, tt.value)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.want == "":
				if k.Kind() != "rellik" || k.String() != "rellik cage ≠10 r1c1, r1c2" {
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

// TestRellikDeadEnds: a cage no set of different digits fills.
func TestRellikDeadEnds(t *testing.T) {
	for _, k := range []*rellik{newRellik(4, []int{0, 1, 2}, 5), newRellik(4, []int{0, 1, 2, 3}, 5), newRellik(9, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, 45)} {
		if k.Propagate(sudoku.NewDomains(k.n)) {
			t.Errorf("%v: no dead end", k)
		}
	}
}

// TestFPuzzlesHasNoRellik: f-puzzles keys named after the kinds without
// a reader are refused, and the list of what is read leaves those kinds
// out.
func TestFPuzzlesHasNoRellik(t *testing.T) {
	_, err := sudoku.ParseFPuzzles([]byte(fpJSON(`,"rellik":[{"cells":["R1C1"],"value":"3"}],"countingcircles":[{"cells":["R1C1"]}]`)))
	if err == nil || !strings.Contains(err.Error(), "not supported: countingcircles, rellik") {
		t.Fatalf("error %v, want the two keys refused", err)
	}
	_, supported, _ := strings.Cut(err.Error(), "(supported: ")
	for _, name := range []string{"rellik", "countingcircles", "sum"} {
		if slices.Contains(strings.Split(strings.TrimSuffix(supported, ")"), ", "), name) {
			t.Errorf("%q listed as read: %s", name, supported)
		}
	}
}

func ExampleNewRellik() {
	k, err := NewRellik(sudoku.Classic(), []int{0, 1}, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	d := sudoku.NewDomains(9)
	d.Open[0], d.Placed[0] = 0, sudoku.DigitOf(3) // r1c1 holds 3
	k.Propagate(d)
	fmt.Println(k, "leaves r1c2", d.Open[1])
	_, err = NewRellik(sudoku.Classic(), []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, 10)
	fmt.Println(err)
	// Output:
	// rellik cage ≠10 r1c1, r1c2 leaves r1c2 1245689
	// rellik (r1c1, r1c2, r1c3, r1c4 and 5 more): no 9 different digits avoid adding up to 10
}
