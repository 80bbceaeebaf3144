package generate

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"sudoku"
	"sudoku/ilp"
	"sudoku/logic"
	"sudoku/solver"
)

// TestBoardLevelsMade: every level offered for 6x6 (Levels), and Hard
// with a half-turn symmetry, is made for every seed tried: no give-ups
// (ErrTooManyTries), each puzzle unique by dancing links, rated within the
// level by logic.RateBoard, its givens symmetric when asked. Hard on X,
// jigsaw and killer boards too, the levels the comparison with Solo
// measures (killers: cages of 2 to 5 cells, unique by the 0-1 model).
func TestBoardLevelsMade(t *testing.T) {
	six, err := sudoku.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	type tc struct {
		name  string
		o     Options
		level logic.Level
	}
	var cases []tc
	for _, l := range Levels("6x6") {
		cases = append(cases, tc{"6x6/" + l.String(), Options{Rules: six}, l})
	}
	cases = append(cases,
		tc{"6x6/Hard/rot180", Options{Rules: six, Symmetry: Rot180}, logic.Hard},
		tc{"x/Hard", Options{Rules: x}, logic.Hard},
		tc{"x/Hard/rot180", Options{Rules: x, Symmetry: Rot180}, logic.Hard},
		tc{"jigsaw/Hard", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw}, logic.Hard},
		tc{"killer/Hard", Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller}, logic.Hard})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			o.MinER, o.MaxER = c.level.Range()
			n := 12
			if o.draws(sudoku.VariantKiller) {
				n = 4 // a second each
			}
			for i := range n {
				p, err := Generate(context.Background(), o, Source(3, i))
				if err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				checkAtLevel(t, fmt.Sprintf("puzzle %d", i), p, o)
			}
		})
	}
}

// checkAtLevel checks that p is unique, rated within o's range, and
// symmetric as o asks.
func checkAtLevel(t *testing.T, what string, p Puzzle, o Options) {
	t.Helper()
	check := solver.DLX
	if o.draws(sudoku.VariantKiller) {
		check = ilp.Engine // dancing links takes no sums
	}
	res, err := check.Search(context.Background(), p.Puzzle, 2)
	if err != nil || res.Count != 1 || !slices.Equal(res.Solution, p.Solution.Cells) {
		t.Fatalf("%s: %s finds %d solutions (%v)", what, check.Name(), res.Count, err)
	}
	if err := p.Solution.Validate(); err != nil {
		t.Fatalf("%s: solution: %v", what, err)
	}
	for _, cg := range p.Puzzle.Rules.Cages {
		if len(cg.Cells) < 2 || len(cg.Cells) > 5 {
			t.Fatalf("%s: a cage of %d cells, want 2 to 5", what, len(cg.Cells))
		}
	}
	rt, err := logic.RateBoard(context.Background(), p.Puzzle)
	if err != nil || rt.ER < o.MinER || (o.MaxER > 0 && rt.ER > o.MaxER) || rt.ER != p.Rating.ER {
		t.Fatalf("%s: rated %v (%v), reported %v, want %v to %v", what, rt.ER, err, p.Rating.ER, o.MinER, o.MaxER)
	}
	if o.Symmetry == Rot180 {
		n := len(p.Puzzle.Cells)
		for c, v := range p.Puzzle.Cells {
			if (v == 0) != (p.Puzzle.Cells[n-1-c] == 0) {
				t.Fatalf("%s: givens not symmetric at cell %d", what, c)
			}
		}
	}
}

// TestPairSets: each set of two digits is unavoidable (swapping its two
// digits gives another solution), and the sets of a pair of digits cover
// their cells once.
func TestPairSets(t *testing.T) {
	for _, k := range boardKinds(t)[:10] {
		if k.o.draws(sudoku.VariantKiller) {
			continue
		}
		t.Run(k.name, func(t *testing.T) {
			p, err := Generate(context.Background(), k.o, Source(2, 0))
			if err != nil {
				t.Fatal(err)
			}
			l, err := p.Solution.Rules.Layout()
			if err != nil {
				t.Fatal(err)
			}
			sol := p.Solution.Cells
			if !housesOnly(l) {
				if u := newUnavoidable(l, sol); len(u.sets) != 0 {
					t.Fatalf("%d sets of two digits under rules of more than houses, want none", len(u.sets))
				}
				return
			}
			sets := pairSets(l, sol)
			n := l.N
			if len(sets) < n*(n-1)/2 {
				t.Fatalf("%d sets, want at least one per pair of digits", len(sets))
			}
			covered := map[[2]int]int{}
			for _, s := range sets {
				swapped := slices.Clone(sol)
				a, b := sol[s[0]], uint8(0)
				for _, c := range s {
					if sol[c] != a {
						b = sol[c]
					}
				}
				for _, c := range s {
					swapped[c] = a + b - sol[c]
				}
				q := &sudoku.Board{Rules: p.Solution.Rules, Cells: swapped}
				if err := q.Validate(); err != nil || slices.Equal(swapped, sol) {
					t.Fatalf("set %v: swapping %d and %d: %v", s, a, b, err)
				}
				covered[[2]int{int(min(a, b)), int(max(a, b))}] += len(s)
			}
			for pair, cells := range covered {
				if cells != 2*n {
					t.Errorf("digits %v: sets cover %d cells, want %d", pair, cells, 2*n)
				}
			}
		})
	}
}

// TestUnavoidableCheck: a board that empties a set is refused without a
// search, and a search's second solution adds the cells where it differs.
func TestUnavoidableCheck(t *testing.T) {
	rules, err := sudoku.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Fill(context.Background(), rules, Source(4, 0))
	if err != nil {
		t.Fatal(err)
	}
	l, _ := rules.Layout()
	u := newUnavoidable(l, sol)
	first := slices.Clone(u.sets[0])
	b := &sudoku.Board{Rules: rules, Cells: slices.Clone(sol)}
	for _, c := range first {
		b.Cells[c] = 0
	}
	checks := 0
	if ok, err := u.check(context.Background(), b, sol, first, 0, &checks); ok || err != nil || checks != 0 {
		t.Fatalf("a board without givens in a set: unique %v (%v) after %d searches, want false after none", ok, err, checks)
	}
	u = &unavoidable{setsOf: make([][]int32, len(sol))} // no sets known
	if ok, err := u.check(context.Background(), b, sol, first, 0, &checks); ok || err != nil || checks != 1 || len(u.sets) != 1 {
		t.Fatalf("searched: unique %v (%v) after %d searches, %d sets found, want false, 1, 1", ok, err, checks, len(u.sets))
	}
	for _, c := range u.sets[0] {
		if b.Cells[c] != 0 {
			t.Fatalf("the set found %v holds the given at %d", u.sets[0], c)
		}
	}
}

// TestMergeable: the pairs of cages offered for a merge touch, hold other
// digits and stay within the size asked; none is left out.
func TestMergeable(t *testing.T) {
	p, err := Generate(context.Background(), Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller}, Source(5, 0))
	if err != nil {
		t.Fatal(err)
	}
	rules, sol := p.Puzzle.Rules, p.Solution.Cells
	touch := func(a, b []int) bool {
		for _, x := range a {
			for _, y := range b {
				if d := x - y; (d == 1 || d == -1) && x/9 == y/9 || d == 9 || d == -9 {
					return true
				}
			}
		}
		return false
	}
	for _, limit := range []int{4, 6, 9} {
		got := mergeable(rules, sol, limit)
		var want [][2]int
		for i, a := range rules.Cages {
			for j := i + 1; j < len(rules.Cages); j++ {
				b := rules.Cages[j]
				if touch(a.Cells, b.Cells) && len(a.Cells)+len(b.Cells) <= limit && cageDigits(sol, a.Cells)&cageDigits(sol, b.Cells) == 0 {
					want = append(want, [2]int{i, j})
				}
			}
		}
		slices.SortFunc(got, func(x, y [2]int) int { return (x[0]-y[0])*100 + x[1] - y[1] })
		if !slices.Equal(got, want) || len(want) == 0 {
			t.Errorf("limit %d: got %v, want %v (not empty)", limit, got, want)
		}
	}
}
