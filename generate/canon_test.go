package generate

import (
	"math/rand/v2"
	"slices"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// transform applies a random symmetry of Sudoku to g: transposition, band,
// row, stack and column permutations, and a relabelling of the digits.
func transform(g sudoku.Grid, r *rand.Rand) sudoku.Grid {
	if r.IntN(2) == 1 {
		transposeGrid(&g)
	}
	rows, cols := groupPerm(r), groupPerm(r)
	relabel := append([]int{0}, r.Perm(9)...)
	var out sudoku.Grid
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			v := g[9*rows[i]+cols[j]]
			if v != 0 {
				v = uint8(relabel[v] + 1)
			}
			out[9*i+j] = v
		}
	}
	return out
}

// groupPerm returns a random permutation of 0..8 that keeps the groups
// {0,1,2}, {3,4,5}, {6,7,8} together (bands or stacks).
func groupPerm(r *rand.Rand) [9]int {
	var p [9]int
	outer := r.Perm(3)
	for b := 0; b < 3; b++ {
		inner := r.Perm(3)
		for k := 0; k < 3; k++ {
			p[3*b+k] = 3*outer[b] + inner[k]
		}
	}
	return p
}

func mustParse(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// canonCases are puzzles of every kind of sparseness.
func canonCases(t testing.TB) []struct {
	name string
	g    sudoku.Grid
} {
	full := Full(rand.New(rand.NewPCG(7, 7)))
	one := sudoku.Grid{}
	one[40] = 5
	invalid := sudoku.Grid{5, 5}
	gen, err := genClassic(Options{}, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	sym, err := genClassic(Options{Symmetry: Dihedral}, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		name string
		g    sudoku.Grid
	}{
		{"empty", sudoku.Grid{}},
		{"one clue", one},
		{"full grid", full},
		{"easy", mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")},
		{"17 clues", mustParse(t, "...8.1..........435............7.8........1...2..3....6......75..34........2..6..")},
		{"generated minimal", gen.Grid()},
		{"generated dihedral", sym.Grid()},
		{"invalid (two 5s in a row)", invalid},
	}
}

func TestCanonicalInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range canonCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			want := Canonical(tc.g)
			if got := Canonical(want); got != want {
				t.Errorf("not idempotent: got %v, want %v", got, want)
			}
			if got, want := want.Clues(), tc.g.Clues(); got != want {
				t.Errorf("clues: got %d, want %d", got, want)
			}
			if got, want := solver.CountGrid(want, 3), solver.CountGrid(tc.g, 3); got != want {
				t.Errorf("solutions: got %d, want %d", got, want)
			}
			if got, want := digitCounts(want), digitCounts(tc.g); !slices.Equal(got, want) {
				t.Errorf("clues per digit: got %v, want %v", got, want)
			}
			for range 20 {
				h := transform(tc.g, r)
				if got := Canonical(h); got != want {
					t.Fatalf("transformed %v: got %v, want %v", h, got, want)
				}
			}
		})
	}
}

// digitCounts returns how many clues each digit has, sorted: invariant
// under every symmetry.
func digitCounts(g sudoku.Grid) []int {
	n := make([]int, 10)
	for _, v := range g {
		if v != 0 {
			n[v]++
		}
	}
	slices.Sort(n[1:])
	return n[1:]
}

// TestCanonicalIsMinimum checks against brute force that the result is
// the smallest of all 2*6^8 arrangements, relabelled by first appearance.
func TestCanonicalIsMinimum(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over 3.4 million arrangements")
	}
	for _, tc := range canonCases(t)[3:6] {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := Canonical(tc.g), bruteCanonical(tc.g); got != want {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

func bruteCanonical(g sudoku.Grid) sudoku.Grid {
	var all [][9]int
	for _, o := range perms3 {
		for _, a := range perms3 {
			for _, b := range perms3 {
				for _, c := range perms3 {
					var p [9]int
					for k, in := range [3][3]uint8{a, b, c} {
						for j := 0; j < 3; j++ {
							p[3*k+j] = 3*int(o[k]) + int(in[j])
						}
					}
					all = append(all, p)
				}
			}
		}
	}
	best := sudoku.Grid{10}
	for t := 0; t < 2; t++ {
		h := g
		if t == 1 {
			transposeGrid(&h)
		}
		for _, rows := range all {
		next:
			for _, cols := range all {
				var lab [10]uint8
				n := uint8(0)
				less := false
				for i := 0; i < 81; i++ {
					v := h[9*rows[i/9]+cols[i%9]]
					if v != 0 {
						if lab[v] == 0 {
							n++
							lab[v] = n
						}
						v = lab[v]
					}
					if !less {
						if v > best[i] {
							continue next
						}
						less = v < best[i]
					}
					if less {
						best[i] = v
					}
				}
			}
		}
	}
	return best
}

func TestCanonicalDistinguishes(t *testing.T) {
	seen := map[sudoku.Grid]int{}
	for i := range 40 {
		p, err := genClassic(Options{}, 11, i)
		if err != nil {
			t.Fatal(err)
		}
		c := Canonical(p.Grid())
		if j, dup := seen[c]; dup {
			t.Fatalf("puzzles %d and %d have the same canonical form %v", j, i, c)
		}
		seen[c] = i
	}
}

func BenchmarkCanonical(b *testing.B) {
	var ps []sudoku.Grid
	for i := range 64 {
		p, err := genClassic(Options{}, 5, i)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p.Grid())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Canonical(ps[i%len(ps)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
