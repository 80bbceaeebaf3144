package constraint

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sudoku"
	"testing"
)

// The tests every kind of constraint shares: soundness of propagation
// against random solution grids (a constraint that a grid keeps never
// loses that grid's digits, whatever other candidates are left), the
// check, and the f-puzzles round trip.

// randomGrid returns a random valid 9x9 grid: the pattern grid with its
// digits, bands, stacks, rows within bands and columns within stacks
// shuffled.
func randomGrid(rng *rand.Rand) []uint8 {
	perm := rng.Perm(9)
	order := func() []int {
		var out []int
		for _, b := range rng.Perm(3) {
			for _, x := range rng.Perm(3) {
				out = append(out, 3*b+x)
			}
		}
		return out
	}
	rows, cols := order(), order()
	g := make([]uint8, 81)
	for r := range 9 {
		for c := range 9 {
			rr, cc := rows[r], cols[c]
			g[9*r+c] = uint8(perm[(3*(rr%3)+rr/3+cc)%9] + 1)
		}
	}
	return g
}

// checkSound checks constraint k against grid, which keeps it: Check
// passes on the grid and on partial grids made from it, and Propagate,
// from random candidate sets holding the grid's digits (some cells
// placed), keeps every digit of the grid and reports no dead end.
func checkSound(t *testing.T, k sudoku.Constraint, grid []uint8, rng *rand.Rand, rounds int) {
	t.Helper()
	n := 9
	if err := k.Check(grid); err != nil {
		t.Fatalf("%v: the grid keeps it, but Check says %v", k, err)
	}
	for range rounds {
		d := &sudoku.Domains{N: n, Open: make([]sudoku.Digits, 81), Placed: make([]sudoku.Digits, 81), Explain: rng.IntN(2) == 0}
		part := make([]uint8, 81)
		for c, v := range grid {
			switch rng.IntN(4) {
			case 0:
				d.Placed[c] = sudoku.DigitOf(int(v))
				part[c] = v
			default:
				d.Open[c] = sudoku.DigitOf(int(v)) | sudoku.Digits(rng.Uint32())&sudoku.AllDigits(n)
			}
		}
		if err := k.Check(part); err != nil {
			t.Fatalf("%v: a partial grid of a grid that keeps it: Check says %v", k, err)
		}
		for pass := range 3 {
			if !k.Propagate(d) {
				t.Fatalf("%v: pass %d: a dead end, but the grid keeps it", k, pass)
			}
		}
		for c, v := range grid {
			if !d.Of(c).Has(int(v)) {
				t.Fatalf("%v: propagation took %d from %s, the grid's digit", k, v, sudoku.CellName(n, c))
			}
		}
		for _, ded := range d.Deductions {
			if strings.TrimSpace(ded.Text) == "" || len(ded.Removed) == 0 {
				t.Fatalf("%v: a deduction without words or removals: %+v", k, ded)
			}
		}
	}
}

// checkRoundTrip writes cs as f-puzzles (on an empty 9x9) and reads them
// back: the same constraints (kinds are read in the order of their
// names, so compared as sets).
func checkRoundTrip(t *testing.T, cs []sudoku.Constraint) {
	t.Helper()
	r := sudoku.Classic()
	r.Constraints = cs
	b := sudoku.NewBoard(r)
	data, err := sudoku.FormatFPuzzles(b)
	if err != nil {
		t.Fatalf("write: %v", err)
	}
	back, err := sudoku.ParseFPuzzles(data)
	if err != nil {
		t.Fatalf("read back %s: %v", data, err)
	}
	names := func(cs []sudoku.Constraint) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.String()
		}
		slices.Sort(out)
		return out
	}
	if got, want := names(back.Rules.Constraints), names(cs); !slices.Equal(got, want) {
		t.Errorf("read back %q\nwant %q\n(%s)", got, want, data)
	}
}

// increasingPath returns a path of up to max cells of grid, each a king's
// move from the last and holding a higher digit, from a random start.
func increasingPath(grid []uint8, rng *rand.Rand, max int) []int {
	c := rng.IntN(81)
	path := []int{c}
	for len(path) < max {
		var next []int
		for _, s := range kingSteps {
			r, col := c/9+s[0], c%9+s[1]
			o := r*9 + col
			if r >= 0 && r < 9 && col >= 0 && col < 9 && grid[o] > grid[c] {
				next = append(next, o)
			}
		}
		if len(next) == 0 {
			break
		}
		c = next[rng.IntN(len(next))]
		path = append(path, c)
	}
	return path
}

func TestThermoSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		g := randomGrid(rng)
		path := increasingPath(g, rng, 2+rng.IntN(6))
		if len(path) < 2 {
			continue
		}
		checkSound(t, &thermo{n: 9, cells: path}, g, rng, 20)
		checkSound(t, &thermo{n: 9, cells: path, slow: true}, g, rng, 5)
	}
}

func TestDotsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		g := randomGrid(rng)
		var cs []sudoku.Constraint
		for _, p := range orthogonalPairs(9) {
			a, b := int(g[p.A]), int(g[p.B])
			switch {
			case abs(a-b) == 1:
				cs = append(cs, newDot(differenceDots, 9, p.A, p.B, 1))
			case a == 2*b || b == 2*a:
				cs = append(cs, newDot(ratioDots, 9, p.A, p.B, 2))
			case a+b == 10 || a+b == 5:
				cs = append(cs, newDot(xvDots, 9, p.A, p.B, a+b))
			}
		}
		for _, k := range cs {
			checkSound(t, k, g, rng, 10)
		}
	}
}

// TestThermoPropagate: named cases of what a thermometer finds.
func TestThermoPropagate(t *testing.T) {
	tests := []struct {
		name  string
		cells int
		slow  bool
		in    []sudoku.Digits // the cells' candidates, bulb first
		want  []sudoku.Digits
	}{
		{"bounds of a 4-cell thermometer", 4, false, []sudoku.Digits{sudoku.AllDigits(9), sudoku.AllDigits(9), sudoku.AllDigits(9), sudoku.AllDigits(9)}, []sudoku.Digits{sudoku.Range(1, 6), sudoku.Range(2, 7), sudoku.Range(3, 8), sudoku.Range(4, 9)}},
		{"a high bulb pushes up", 3, false, []sudoku.Digits{sudoku.Range(5, 6), sudoku.AllDigits(9), sudoku.AllDigits(9)}, []sudoku.Digits{sudoku.Range(5, 6), sudoku.Range(6, 8), sudoku.Range(7, 9)}},
		{"slow allows equal", 3, true, []sudoku.Digits{sudoku.Range(5, 6), sudoku.AllDigits(9), sudoku.Range(1, 5)}, []sudoku.Digits{sudoku.DigitOf(5), sudoku.DigitOf(5), sudoku.DigitOf(5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th := &thermo{n: 9, cells: []int{0, 1, 2, 3}[:tt.cells], slow: tt.slow}
			d := &sudoku.Domains{N: 9, Open: make([]sudoku.Digits, 81), Placed: make([]sudoku.Digits, 81)}
			copy(d.Open, tt.in)
			if !th.Propagate(d) {
				t.Fatal("dead end")
			}
			for i, w := range tt.want {
				if d.Open[i] != w {
					t.Errorf("cell %d: %v, want %v", i, d.Open[i], w)
				}
			}
		})
	}
}

func TestDotsRoundTrip(t *testing.T) {
	cs := []sudoku.Constraint{newDot(differenceDots, 9, 0, 1, 1), newDot(differenceDots, 9, 1, 10, 3), newDot(ratioDots, 9, 2, 3, 2), newDot(xvDots, 9, 4, 5, 10), newDot(xvDots, 9, 5, 14, 5),
		&thermo{n: 9, cells: []int{20, 21, 30}}}
	checkRoundTrip(t, cs)
}

// TestExplainWords: a dot says why it removes digits, in players' words.
func TestExplainWords(t *testing.T) {
	d := sudoku.NewDomains(9)
	d.Explain = true
	d.Open[1] = sudoku.DigitOf(6)
	if !newDot(differenceDots, 9, 0, 1, 1).Propagate(d) {
		t.Fatal("dead end")
	}
	want := "a white dot joins consecutive digits, so 1, 2, 3, 4, 6, 8 and 9 leave r1c1"
	if len(d.Deductions) != 1 || d.Deductions[0].Text != want {
		t.Errorf("deductions %+v, want %q", d.Deductions, want)
	}
}

// TestKindsHaveWords: every kind that is a rule has a name and a rule in
// words for players (the logic engine names its steps by the first, the
// web app shows the second).
func TestKindsHaveWords(t *testing.T) {
	for _, k := range sudoku.ConstraintKinds() {
		cosmetic := slices.Contains([]string{"text", "line", "rectangle", "circle", "cage"}, k.Name)
		if !cosmetic && (k.Title == "" || k.Rule == "") {
			t.Errorf("kind %s: title %q, rule %q", k.Name, k.Title, k.Rule)
		}
		// Kinds f-puzzles has no key for (cages that overlap, sum cages)
		// have neither; the others both.
		if (k.Read == nil) != (k.Write == nil) {
			t.Errorf("kind %s: a reader without a writer, or a writer without a reader", k.Name)
		}
	}
}
