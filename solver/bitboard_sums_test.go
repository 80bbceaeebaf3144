package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"sudoku"
)

// TestBitsSumAgainstBruteForce checks the implied sums' narrowing on
// random sums of 2 to 6 cells of a classic grid, some taken away, with
// random candidates: every digit of every assignment that makes the
// total (cells that see each other differing) must be kept, and with
// three cells or fewer open, only those. One case in four is a cage
// (cageSum: cells that differ, whether they see each other or not).
func TestBitsSumAgainstBruteForce(t *testing.T) {
	var s bitsSearch
	s.compile(&sudoku.Board{Rules: sudoku.Classic(), Cells: make([]uint8, 81)})
	rng := rand.New(rand.NewPCG(38, 45))
	exact, pruned, dead := 0, 0, 0
	for trial := range 4000 {
		k, m := randomSum(rng, &s.peers)
		distinct := trial%4 == 0 // a cage: every two cells differ
		if distinct {
			k = cageSum(bitsCage{cells: k.set, sum: abs(k.total)})
		}
		want, any := bruteSupports(&k, &m, distinct)
		got := m
		ok := true
		for range 4 {
			var more bool
			if ok, more = k.bounds(&got); !ok || !more {
				break
			}
		}
		if ok {
			ok = k.exact(&got)
		}
		open := 0
		for i := range k.n {
			if got[i]&(got[i]-1) != 0 {
				open++
			}
		}
		if !ok {
			if any {
				t.Fatalf("trial %d: %+v at %v: refused, but an assignment exists (%v)", trial, k, m[:k.n], want[:k.n])
			}
			dead++
			continue
		}
		for i := range k.n {
			if want[i]&^got[i] != 0 {
				t.Fatalf("trial %d: %+v at %v: cell %d keeps %09b, an assignment uses %09b", trial, k, m[:k.n], i, got[i], want[i])
			}
			if open <= 3 && got[i] != want[i] {
				t.Fatalf("trial %d: %+v at %v, %d open: cell %d keeps %09b, want exactly %09b", trial, k, m[:k.n], open, i, got[i], want[i])
			}
			if got[i] != m[i] {
				pruned++
			}
		}
		if open <= 3 {
			exact++
		}
	}
	t.Logf("4000 sums: %d exact, %d refused, %d cells narrowed", exact, dead, pruned)
	if exact == 0 || dead == 0 || pruned == 0 {
		t.Fatalf("the cases did not reach every path: %d exact, %d refused, %d narrowed", exact, dead, pruned)
	}
}

// randomSum returns a sum of random cells of a 9x9 grid (some taken
// away), a total near a random assignment's, and random candidates.
func randomSum(rng *rand.Rand, peers *[81]cells) (bitsSum, sumState) {
	n := 2 + rng.IntN(5)
	var pos, neg cells
	for pos.or(neg).count() < n {
		c := cellOf(rng.IntN(27)) // the top three rows: cells that see each other, and not
		if rng.IntN(4) == 0 {
			neg = neg.or(c).andNot(pos)
		} else {
			pos = pos.or(c).andNot(neg)
		}
	}
	k := newBitsSum(pos, neg, 0, peers)
	var m sumState
	for i := range k.n {
		for m[i] == 0 {
			m[i] = uint16(rng.IntN(512))
		}
		if rng.IntN(5) == 0 {
			m[i] = 1 << rng.IntN(9)
		}
		v := 1 + rng.IntN(9)
		k.total += k.sign(i) * v
	}
	k.total += rng.IntN(5) - 2
	return k, m
}

// bruteSupports returns the digits each cell of k takes in some
// assignment within m that makes the total, and whether there is one;
// with distinct every two cells differ, else those k.differ says.
func bruteSupports(k *bitsSum, m *sumState, distinct bool) (sumState, bool) {
	var keep sumState
	var val [maxSumCells]int
	found := false
	var walk func(i, sum int)
	walk = func(i, sum int) {
		if i == k.n {
			if sum == k.total {
				found = true
				for j := range k.n {
					keep[j] |= 1 << (val[j] - 1)
				}
			}
			return
		}
		for b := m[i]; b != 0; b &= b - 1 {
			v := bits.TrailingZeros16(b) + 1
			clash := false
			for j := range i {
				if val[j] == v && (distinct || k.differ[i]>>j&1 != 0) {
					clash = true
				}
			}
			if !clash {
				val[i] = v
				walk(i+1, sum+k.sign(i)*v)
			}
		}
	}
	walk(0, 0)
	return keep, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestImpliedSumsFound checks that a killer's compile finds the sums of
// groups of houses: on a killer of 4- and 5-cell cages over the whole
// grid, the sweeps give sums, and each holds on the solution.
func TestImpliedSumsFound(t *testing.T) {
	b, err := sudoku.ParseKillerString("S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<")
	if err != nil {
		t.Fatal(err)
	}
	sol := "283197546967542813415368729591726384876439152324851967149275638752683491638914275"
	var s bitsSearch
	s.compile(b)
	s.sums.deepen(s.houses[:s.nHouses], &s.peers)
	if len(s.sums.sums) == 0 {
		t.Fatal("no implied sums")
	}
	for _, k := range s.sums.sums {
		got := 0
		for i := range k.n {
			got += k.sign(i) * int(sol[k.list[i]]-'0')
		}
		if got != k.total {
			t.Errorf("implied sum %+v: the solution gives %d", k, got)
		}
	}
	for _, k := range s.sums.cages {
		got := 0
		for m := k.cells; !m.empty(); m = m.withoutFirst() {
			got += int(sol[m.first()] - '0')
		}
		if got != k.sum {
			t.Errorf("cage %+v: the solution gives %d", k, got)
		}
	}
	t.Logf("%d implied sums, %d cages with the innies", len(s.sums.sums), len(s.sums.cages))
}
