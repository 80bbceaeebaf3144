package sudoku

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// refUnits lists the units of r by their definitions, one cell at a time:
// the reference Layout's units must equal.
func refUnits(r *Rules) []Unit {
	n, nn := r.Size, r.Cells()
	var units []Unit
	where := func(kind UnitKind, index int, in func(c int) bool) {
		var cells []int
		for c := 0; c < nn; c++ {
			if in(c) {
				cells = append(cells, c)
			}
		}
		units = append(units, Unit{Kind: kind, Index: index, Cells: cells})
	}
	box := UnitBox
	if r.Regions != nil {
		box = UnitRegion
	}
	for _, part := range []struct {
		kind UnitKind
		of   func(c int) int
		on   bool
	}{
		{UnitRow, func(c int) int { return c / n }, true},
		{UnitColumn, func(c int) int { return c % n }, true},
		{box, func(c int) int {
			if r.Regions != nil {
				return int(r.Regions[c])
			}
			return c/n/r.BoxRows*(n/r.BoxCols) + c%n/r.BoxCols
		}, true},
	} {
		for i := 0; i < n; i++ {
			where(part.kind, i, func(c int) bool { return part.of(c) == i })
		}
	}
	if r.Diagonals&DiagDown != 0 {
		where(UnitDiagonal, 0, func(c int) bool { return c/n == c%n })
	}
	if r.Diagonals&DiagUp != 0 {
		where(UnitDiagonal, 1, func(c int) bool { return c/n+c%n == n-1 })
	}
	if r.Windoku {
		for i, w := range Windows(n, r.BoxRows, r.BoxCols) {
			where(UnitWindow, i, func(c int) bool {
				return c/n >= w[0] && c/n < w[0]+r.BoxRows && c%n >= w[1] && c%n < w[1]+r.BoxCols
			})
		}
	}
	if r.Disjoint {
		for g := 0; g < n; g++ {
			where(UnitDisjoint, g, func(c int) bool { return c/n%r.BoxRows*r.BoxCols+c%n%r.BoxCols == g })
		}
	}
	sorted := func(cells []int) []int { s := slices.Clone(cells); slices.Sort(s); return s }
	for _, houses := range []bool{true, false} {
		for i, e := range r.Extra {
			if (len(e) == n) == houses {
				units = append(units, Unit{Kind: UnitExtra, Index: i, Cells: sorted(e)})
			}
		}
		if !houses {
			for i, k := range r.Cages {
				units = append(units, Unit{Kind: UnitCage, Index: i, Cells: sorted(k.Cells), Sum: k.Sum})
			}
		}
	}
	return units
}

// refPeers says whether cells a and b must differ: a unit holds both, or
// a knight's or king's move the rules forbid joins them.
func refPeers(r *Rules, units []Unit, a, b int) (peer, move bool) {
	n := r.Size
	dr, dc := a/n-b/n, a%n-b%n
	d2 := dr*dr + dc*dc
	move = r.AntiKnight && d2 == 5 || r.AntiKing && (d2 == 1 || d2 == 2)
	for _, u := range units {
		if slices.Contains(u.Cells, a) && slices.Contains(u.Cells, b) {
			return true, move
		}
	}
	return move, move
}

// layoutCases are rule sets of every kind of unit and move, on several
// sizes.
func layoutCases(t *testing.T) map[string]*Rules {
	cases := map[string]*Rules{"classic": Classic()}
	for _, n := range []int{4, 6, 8, 12, 16, 25} {
		cases[fmt.Sprintf("%dx%d", n, n)] = mustSized(t, n)
	}
	all := Classic()
	all.Diagonals, all.Windoku, all.Disjoint, all.AntiKnight, all.AntiKing = BothDiagonals, true, true, true, true
	all.Extra = [][]int{{80, 70, 60, 50, 40, 30, 20, 10, 0}, {7, 5, 6}, {44}}
	all.Cages = []Cage{{Cells: []int{3, 2, 1}, Sum: 6}, {Cells: []int{78}}, {Cells: []int{62, 71, 61}, Sum: 20}}
	cases["every rule 9x9"] = all
	up := mustSized(t, 16)
	up.Diagonals, up.Windoku, up.AntiKing = DiagUp, true, true
	up.Extra = [][]int{{255, 0}}
	cases["16x16 up diagonal windoku anti-king"] = up
	knight := mustSized(t, 6)
	knight.AntiKnight, knight.Disjoint, knight.Diagonals = true, true, DiagDown
	cases["6x6 anti-knight disjoint down diagonal"] = knight
	j := mustSized(t, 6)
	j.Regions, j.Cages = jigsaw6, []Cage{{Cells: []int{35, 29, 34, 28}, Sum: 14}}
	cases["jigsaw 6x6 killer"] = j
	return cases
}

// TestLayoutReference: the units, each cell's units, peers and moves of
// Layout equal those given by the rules' definitions, cell pair by cell
// pair, on rule sets of every kind.
func TestLayoutReference(t *testing.T) {
	for name, r := range layoutCases(t) {
		t.Run(name, func(t *testing.T) {
			l, err := r.Layout()
			if err != nil {
				t.Fatal(err)
			}
			units := refUnits(r)
			if !reflect.DeepEqual(l.Units, units) {
				t.Fatalf("units: got %v, want %v", l.Units, units)
			}
			for a := 0; a < l.NN; a++ {
				var peers, moves, of []int
				for b := 0; b < l.NN; b++ {
					if peer, move := refPeers(r, units, a, b); a != b && peer {
						peers = append(peers, b)
						if move {
							moves = append(moves, b)
						}
					}
				}
				for i, u := range units {
					if slices.Contains(u.Cells, a) {
						of = append(of, i)
					}
				}
				if !slices.Equal(l.Peers[a], peers) || !slices.Equal(l.Moves[a], moves) || !slices.Equal(l.UnitsOf[a], of) {
					t.Fatalf("cell %d: got peers %v moves %v units %v; want %v %v %v", a, l.Peers[a], l.Moves[a], l.UnitsOf[a], peers, moves, of)
				}
			}
		})
	}
}

// refUnconnected is unconnected by a walk from the first cell, one step
// at a time.
func refUnconnected(n int, cells []int) []int {
	in := map[int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[int]bool{cells[0]: true}
	for stack := []int{cells[0]}; len(stack) > 0; {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, o := range []int{c - n, c + n, c - 1, c + 1} {
			if in[o] && !seen[o] && (o/n == c/n || o%n == c%n) {
				seen[o] = true
				stack = append(stack, o)
			}
		}
	}
	var rest []int
	for _, c := range cells {
		if !seen[c] {
			rest = append(rest, c)
		}
	}
	return rest
}

// TestUnconnected compares the bit set flood with a walk on random sets
// of cells (in random order: the first cell is where the walk starts) of
// every size, and checks named shapes.
func TestUnconnected(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	for i := 0; i < 4000; i++ {
		n := MinSize + rng.IntN(MaxSize-MinSize+1)
		k := 1 + rng.IntN(2*n)
		cells := rng.Perm(n * n)[:k]
		if i%2 == 0 { // denser: a random walk's cells
			cells = cells[:1]
			for c := cells[0]; len(cells) < k; {
				c = (c + []int{1, -1, n, -n}[rng.IntN(4)] + n*n) % (n * n)
				if !slices.Contains(cells, c) {
					cells = append(cells, c)
				}
			}
		}
		got, want := unconnected(n, cells), refUnconnected(n, cells)
		if !slices.Equal(got, want) {
			t.Fatalf("n=%d cells %v: got %v, want %v", n, cells, got, want)
		}
		var s rowSet
		for _, c := range cells {
			s[c/n] |= 1 << (c % n)
		}
		if s.connected(n) != (want == nil) {
			t.Fatalf("n=%d cells %v: connected %v, want %v", n, cells, s.connected(n), want == nil)
		}
	}
	for _, tc := range []struct {
		name  string
		n     int
		cells []int
		want  []int
	}{
		{"one cell", 9, []int{40}, nil},
		{"row wrap is no step", 9, []int{8, 9}, []int{9}},
		{"diagonal is no step", 4, []int{0, 5}, []int{5}},
		{"U shape", 4, []int{0, 4, 8, 9, 10, 6, 2}, nil},
		{"spiral up and back", 6, []int{35, 29, 23, 17, 11, 5, 4, 3, 9, 15, 21, 20, 19}, nil},
		{"last column to next row", 25, []int{24, 25, 49}, []int{25}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := unconnected(tc.n, tc.cells); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
