package constraint

import (
	"math/rand/v2"
	"strings"
	"sudoku"
	"testing"
)

// Tests of parity lines, as the line kinds' (constraint_lines_test.go):
// sound propagation on lines a random grid keeps, propagation exact
// against every filling, rows exact on full grids, named cases, words.

// parityLineOf builds a parity line of up to 7 cells that g keeps: each
// next cell is an unused one whose digit has the other parity.
func parityLineOf(g []uint8, rng *rand.Rand) sudoku.Constraint {
	lm := newLineMaker(g, rng)
	c := lm.cellIn(sudoku.AllDigits(9))
	cells := []int{c}
	for len(cells) < 2+rng.IntN(6) {
		next := lm.cellIn(parityMask(9, 1-int(g[c])%2))
		if next < 0 {
			break
		}
		cells, c = append(cells, next), next
	}
	return newParityLine(9, cells)
}

// parityKeeps reports whether digits v (in line order) alternate.
func parityKeeps(v []int) bool {
	for i := 1; i < len(v); i++ {
		if v[i]%2 == v[i-1]%2 {
			return false
		}
	}
	return true
}

func TestParityLineSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200 {
		g := randomGrid(rng)
		checkSound(t, parityLineOf(g, rng), g, rng, 10)
	}
}

// TestParityLineExact: on random candidates of a line of 1 to 4 cells,
// Propagate keeps exactly the digits some alternating filling uses, and
// finds a dead end exactly when there is none.
func TestParityLineExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 2000 {
		L := 1 + rng.IntN(4)
		cells := make([]int, L)
		in := make([]sudoku.Digits, L)
		for i := range cells {
			cells[i] = i
			in[i] = sudoku.Digits(rng.Uint32()) & sudoku.AllDigits(9)
			if rng.IntN(3) == 0 {
				in[i] &= parityMask(9, rng.IntN(2))
			}
			if in[i] == 0 {
				in[i] = sudoku.DigitOf(1 + rng.IntN(9))
			}
		}
		want := make([]sudoku.Digits, L)
		v := make([]int, L)
		var walk func(i int)
		walk = func(i int) {
			if i == L {
				if parityKeeps(v) {
					for j, x := range v {
						want[j] |= sudoku.DigitOf(x)
					}
				}
				return
			}
			for m := in[i]; m != 0; m &= m - 1 {
				v[i] = m.Min()
				walk(i + 1)
			}
		}
		walk(0)
		d := lineDomains(in)
		ok := newParityLine(9, cells).Propagate(d)
		if ok != (want[0] != 0) {
			t.Fatalf("%v: Propagate %v, want %v", in, ok, want[0] != 0)
		}
		for i := range cells {
			if ok && d.Open[i] != want[i] {
				t.Fatalf("%v: %s keeps %v, want %v", in, sudoku.CellName(9, i), d.Open[i], want[i])
			}
		}
	}
}

// TestParityLineRowsExact: on full grids, the rows hold exactly when
// Check passes, and both happen.
func TestParityLineRowsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	held, broke := 0, 0
	for range 100 {
		g := randomGrid(rng)
		k := parityLineOf(g, rng)
		m := &linesModel{n: 9}
		k.Rows(m)
		for _, grid := range [][]uint8{g, randomGrid(rng)} {
			ok := k.Check(grid) == nil
			if got := m.holds(grid); got != ok {
				t.Fatalf("%v: rows hold %v, Check passes %v", k, got, ok)
			}
			v := make([]int, len(k.Cells()))
			for i, c := range k.Cells() {
				v[i] = int(grid[c])
			}
			if ok != parityKeeps(v) {
				t.Fatalf("%v on %v: Check passes %v", k, v, ok)
			}
			if ok {
				held++
			} else {
				broke++
			}
		}
	}
	if held == 0 || broke == 0 {
		t.Errorf("held %d, broke %d: want both", held, broke)
	}
}

func TestParityLinePropagate(t *testing.T) {
	all := sudoku.AllDigits(9)
	odd, even := parityMask(9, 1), parityMask(9, 0)
	line := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	tests := []struct {
		name string
		in   []sudoku.Digits
		want []sudoku.Digits // nil: a dead end
	}{
		{"nothing known", []sudoku.Digits{all, all, all}, []sudoku.Digits{all, all, all}},
		{"a 4 starts it", []sudoku.Digits{sudoku.DigitOf(4), all, all, all}, []sudoku.Digits{sudoku.DigitOf(4), odd, even, odd}},
		{"an odd end", []sudoku.Digits{all, all, sudoku.DigitOf(7)}, []sudoku.Digits{odd, even, sudoku.DigitOf(7)}},
		{"odd cells two apart", []sudoku.Digits{odd, all, sudoku.DigitOf(3) | sudoku.DigitOf(4)}, []sudoku.Digits{odd, even, sudoku.DigitOf(3)}},
		{"two odds side by side", []sudoku.Digits{sudoku.DigitOf(1) | sudoku.DigitOf(3), sudoku.DigitOf(5)}, nil},
		{"evens an odd way apart", []sudoku.Digits{sudoku.DigitOf(2), all, all, sudoku.DigitOf(8)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := lineDomains(tt.in)
			ok := newParityLine(9, line(len(tt.in))).Propagate(d)
			if tt.want == nil {
				if ok {
					t.Fatalf("no dead end: %v", d.Open[:len(tt.in)])
				}
				return
			}
			if !ok {
				t.Fatal("dead end")
			}
			for i, w := range tt.want {
				if d.Open[i] != w {
					t.Errorf("%s: %v, want %v", sudoku.CellName(9, i), d.Open[i], w)
				}
			}
		})
	}
}

func TestParityLineWords(t *testing.T) {
	d := lineDomains([]sudoku.Digits{sudoku.AllDigits(9), sudoku.DigitOf(6), sudoku.AllDigits(9)})
	d.Explain = true
	if !newParityLine(9, []int{0, 1, 2}).Propagate(d) {
		t.Fatal("dead end")
	}
	want := "digits next to each other on the parity line r1c1-r1c3 alternate odd and even, and r1c2 can only be even, so 2, 4, 6 and 8 leave r1c1"
	if len(d.Deductions) != 1 || !strings.HasPrefix(d.Deductions[0].Text, want) {
		t.Errorf("deductions %+v, want one starting %q", d.Deductions, want)
	}
}

func TestParityLineCheck(t *testing.T) {
	k := newParityLine(9, []int{0, 1, 2, 3})
	tests := []struct {
		cells []uint8
		want  string // "" for none
	}{
		{[]uint8{1, 0, 0, 0}, ""},
		{[]uint8{1, 2, 3, 4}, ""},
		{[]uint8{1, 0, 5, 0}, ""},
		{[]uint8{1, 3, 0, 0}, "1 in r1c1 and 3 in r1c2, 1 apart"},
		{[]uint8{2, 0, 0, 5}, ""},
		{[]uint8{2, 0, 0, 6}, "2 in r1c1 and 6 in r1c4, 3 apart"},
		{[]uint8{0, 4, 0, 8}, ""},
		{[]uint8{0, 4, 0, 7}, "4 in r1c2 and 7 in r1c4, 2 apart"},
	}
	for _, tt := range tests {
		g := make([]uint8, 81)
		copy(g, tt.cells)
		err := k.Check(g)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v", tt.cells, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%v: error %v, want %q", tt.cells, err, tt.want)
		}
	}
}

func TestNewParityLine(t *testing.T) {
	if _, err := NewParityLine(9, []int{0}); err == nil || !strings.Contains(err.Error(), "want at least 2") {
		t.Errorf("one cell: error %v", err)
	}
	if _, err := NewParityLine(9, []int{0, 81}); err == nil {
		t.Error("a cell outside the grid: no error")
	}
	k, err := NewParityLine(9, []int{0, 1, 2})
	if err != nil || k.Kind() != "parityline" || k.String() != "parity line r1c1-r1c3" || sudoku.ConstraintTitle(k) != "Parity line" {
		t.Errorf("%v %q %q: %v", k, k.Kind(), k.String(), err)
	}
	if rules := sudoku.ConstraintRules([]sudoku.Constraint{k}); len(rules) != 1 || !strings.Contains(rules[0], "red line") {
		t.Errorf("rules %q", rules)
	}
}

// TestParityLineAllocs: propagation allocates nothing when not explaining.
func TestParityLineAllocs(t *testing.T) {
	k := newParityLine(9, []int{0, 1, 10, 11})
	d := sudoku.NewDomains(9)
	d.Open[0] = sudoku.DigitOf(3)
	if n := testing.AllocsPerRun(20, func() { k.Propagate(d) }); n != 0 {
		t.Errorf("%v allocations per propagation", n)
	}
}
