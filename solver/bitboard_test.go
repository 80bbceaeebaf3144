package solver

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/constraint"
	"sudoku/internal/dataset"
)

// TestBitboardSolo: on every shared 9x9 Solo set (classic, X, jigsaw,
// killer), Bitboard finds the solution given and proves it unique, and so
// do the general search, dancing links (where it takes the rules: not
// cage sums) and SolveBoard (General, which hands these boards to
// Bitboard).
func TestBitboardSolo(t *testing.T) {
	ctx := context.Background()
	for _, file := range []string{"solo-3x3di.txt", "solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt"} {
		t.Run(file, func(t *testing.T) {
			var nodes, guesses int64
			for i, vc := range dataset.Variants(t, file, 0) {
				r, err := Bitboard.Search(ctx, vc.Board, 2)
				if err != nil || r.Count != 1 || string(r.Solution) != string(vc.Solution) {
					t.Fatalf("puzzle %d: got %d solutions %v (%v), want the one given", i+1, r.Count, r.Solution, err)
				}
				nodes += r.Nodes
				guesses += r.Guesses
				for name, search := range map[string]func() (Result, error){
					"general's own": func() (Result, error) { return searchCompiled(ctx, vc.Board, nil, 2, 0) },
					"dlx":           func() (Result, error) { return DLX.Search(ctx, vc.Board, 2) },
					"SolveBoard":    func() (Result, error) { return Solve(ctx, nil, vc.Board) },
				} {
					g, err := search()
					if errors.Is(err, ErrUnsupported) && name == "dlx" {
						continue
					}
					if err != nil || g.Count != 1 || string(g.Solution) != string(vc.Solution) {
						t.Fatalf("puzzle %d: %s search got %d solutions %v (%v), want the one given", i+1, name, g.Count, g.Solution, err)
					}
				}
			}
			t.Logf("%d nodes, %d guesses", nodes, guesses)
		})
	}
}

// jigsaw9 is a 9x9 region map of nine connected regions.
var jigsaw9 = []uint8{
	0, 0, 0, 1, 1, 1, 1, 2, 2,
	0, 3, 3, 1, 1, 2, 2, 2, 2,
	0, 3, 1, 1, 1, 4, 2, 5, 2,
	0, 3, 3, 3, 4, 4, 2, 5, 5,
	0, 3, 3, 3, 4, 4, 5, 5, 5,
	0, 0, 4, 4, 4, 7, 8, 5, 5,
	6, 6, 6, 7, 4, 7, 8, 8, 5,
	6, 7, 7, 7, 7, 7, 8, 8, 8,
	6, 6, 6, 6, 6, 7, 8, 8, 8,
}

// bitsRule is a 9x9 rule set; those drawn from a solution (odd and even
// cells, cages with sums) get it through fromSolution.
type bitsRule struct {
	name         string
	rules        func() *sudoku.Rules
	fromSolution func(r *sudoku.Rules, sol []uint8, rng *rand.Rand)
}

// bitsRules are 9x9 rule sets of every rule Bitboard takes. Those drawn
// from a solution (odd and even cells, cages with sums) get it through
// fromSolution.
var bitsRules = []bitsRule{
	{"x", func() *sudoku.Rules { r := sudoku.Classic(); r.Diagonals = sudoku.BothDiagonals; return r }, nil},
	{"one diagonal", func() *sudoku.Rules { r := sudoku.Classic(); r.Diagonals = sudoku.DiagUp; return r }, nil},
	{"windoku", func() *sudoku.Rules { r := sudoku.Classic(); r.Windoku = true; return r }, nil},
	{"jigsaw", func() *sudoku.Rules { r := sudoku.Classic(); r.Regions = jigsaw9; return r }, nil},
	{"disjoint", func() *sudoku.Rules { r := sudoku.Classic(); r.Disjoint = true; return r }, nil},
	{"anti-knight", func() *sudoku.Rules { r := sudoku.Classic(); r.AntiKnight = true; return r }, nil},
	{"anti-king", func() *sudoku.Rules { r := sudoku.Classic(); r.AntiKing = true; return r }, nil},
	{"extra regions", func() *sudoku.Rules {
		r := sudoku.Classic()
		r.Extra = [][]int{{0, 10, 20, 30, 40, 50, 60, 70, 80}, {4, 12, 22}, {44, 53, 62, 71}}
		return r
	}, nil},
	{"jigsaw x", func() *sudoku.Rules {
		r := sudoku.Classic()
		r.Regions, r.Diagonals = jigsaw9, sudoku.BothDiagonals
		return r
	}, nil},
	{"odd-even", sudoku.Classic, drawParity},
	{"killer", sudoku.Classic, drawCages(2, 5, true)},
	{"killer jigsaw", func() *sudoku.Rules { r := sudoku.Classic(); r.Regions = jigsaw9; return r }, drawCages(2, 4, true)},
	{"killer windoku anti-king", func() *sudoku.Rules {
		r := sudoku.Classic()
		r.Windoku, r.AntiKing = true, true
		return r
	}, drawCages(2, 4, true)},
	{"cages without sums, some cells free", sudoku.Classic, drawCages(1, 9, false)},
}

// drawParity marks a third of the cells odd or even as sol has them.
func drawParity(r *sudoku.Rules, sol []uint8, rng *rand.Rand) {
	r.Parity = make([]sudoku.Parity, 81)
	for _, c := range rng.Perm(81)[:27] {
		r.Parity[c] = sudoku.Even - sudoku.Parity(sol[c]%2)
	}
}

// drawCages returns a function that draws cages of lo..hi cells over sol
// (each cage's digits distinct, the cells taken in random order, not
// always side by side), with their sums when sums is set; else every
// other cage has a sum and some cells stay free.
func drawCages(lo, hi int, sums bool) func(r *sudoku.Rules, sol []uint8, rng *rand.Rand) {
	return func(r *sudoku.Rules, sol []uint8, rng *rand.Rand) {
		var cur sudoku.Cage
		seen := 0
		flush := func() {
			if len(cur.Cells) > 0 && (sums || len(r.Cages)%3 != 2) {
				if sums || len(r.Cages)%2 == 0 {
					for _, c := range cur.Cells {
						cur.Sum += int(sol[c])
					}
				}
				r.Cages = append(r.Cages, cur)
			}
			cur, seen = sudoku.Cage{}, 0
		}
		size := lo + rng.IntN(hi-lo+1)
		for _, c := range rng.Perm(81) {
			if seen&(1<<sol[c]) != 0 || len(cur.Cells) == size {
				flush()
				size = lo + rng.IntN(hi-lo+1)
			}
			cur.Cells = append(cur.Cells, c)
			seen |= 1 << sol[c]
		}
		flush()
	}
}

// bitsCase is a generated board and what the general search (its
// compiled rules, not Bitboard) says of it.
type bitsCase struct {
	name string
	b    *sudoku.Board
}

// genBitsCases makes, for each rule set of bitsRules, boards with one
// solution (a random solution dug until no given can go), several (one
// given fewer than a unique board, or half the givens) and none (a wrong
// digit that clashes with no given).
func genBitsCases(t testing.TB, perRule int, seed uint64) []bitsCase {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 28))
	var out []bitsCase
	for _, rs := range bitsRules {
		for i := 0; i < perRule; i++ {
			r := rs.rules()
			sol := randomGrid(t, r, rng)
			if rs.fromSolution != nil {
				r = r.Clone()
				rs.fromSolution(r, sol, rng)
			}
			unique := digUnique(t, &sudoku.Board{Rules: r, Cells: slices.Clone(sol)}, rng)
			name := fmt.Sprintf("%s %d", rs.name, i)
			out = append(out, bitsCase{name + " unique", unique})
			out = append(out, bitsCase{name + " several", several(unique, rng)})
			if none := wrongGiven(unique, sol, rng); none != nil {
				out = append(out, bitsCase{name + " none", none})
			}
		}
	}
	return out
}

// randomGrid returns a solution of an empty board of r: General's random
// search from a random first row, tried again from another row when it
// takes more than 2,000 nodes (empty anti-knight boards have heavy
// tails).
func randomGrid(t testing.TB, r *sudoku.Rules, rng *rand.Rand) []uint8 {
	for try := 0; try < 100; try++ {
		b := sudoku.NewBoard(r)
		for c, d := range rng.Perm(9) {
			b.Cells[c] = uint8(d + 1)
		}
		if sol, err := RandomSolution(context.Background(), b, rng, 2000); err == nil {
			return sol
		}
	}
	t.Fatalf("%s: no solution grid found", r.Name())
	return nil
}

// digUnique empties the cells of a full board in random order, each
// kept empty while the general search proves one solution.
func digUnique(t testing.TB, b *sudoku.Board, rng *rand.Rand) *sudoku.Board {
	ctx := context.Background()
	for _, c := range rng.Perm(81) {
		d := b.Cells[c]
		b.Cells[c] = 0
		if r, err := searchCompiled(ctx, b, nil, 2, refBudget); err != nil || r.Count != 1 {
			b.Cells[c] = d
		}
	}
	return b
}

// refBudget bounds the nodes of the general search when it serves as
// the reference: it has heavy tails on killers with few sums left (minutes
// for a board Bitboard answers in microseconds).
const refBudget = 20_000

// several returns b with a given fewer, again until it has several
// solutions (as Bitboard counts them: the general search checks it
// later). A board without givens (a killer) loses the sums of every other
// cage instead, or of all when that leaves one solution or takes long
// to tell (a unique killer short of a few sums can take a million nodes).
func several(b *sudoku.Board, rng *rand.Rand) *sudoku.Board {
	out := b.Clone()
	out.Rules = b.Rules.Clone() // General caches the compiled rules by pointer
	if out.Clues() == 0 {
		for step := 2; step >= 1; step-- {
			out.Rules.Cages = slices.Clone(b.Rules.Cages)
			for i := 0; i < len(out.Rules.Cages); i += step {
				out.Rules.Cages[i].Sum = 0
			}
			if r, err := searchBits(context.Background(), out, 2, 20_000); err == nil && r.Count > 1 {
				break
			}
		}
		return out
	}
	for _, c := range rng.Perm(81) {
		if r, err := searchBits(context.Background(), out, 2, 0); err == nil && r.Count > 1 {
			break
		}
		for out.Cells[c] == 0 {
			c = (c + 1) % 81
		}
		out.Cells[c] = 0
	}
	return out
}

// wrongGiven returns b with an empty cell given a digit other than sol's
// that clashes with no given (nil when none is found).
func wrongGiven(b *sudoku.Board, sol []uint8, rng *rand.Rand) *sudoku.Board {
	for _, c := range rng.Perm(81) {
		if b.Cells[c] != 0 {
			continue
		}
		for _, d := range rng.Perm(9) {
			out := b.Clone()
			out.Cells[c] = uint8(d + 1)
			if uint8(d+1) != sol[c] && out.Validate() == nil {
				return out
			}
		}
	}
	return nil
}

// TestBitboardAgrees: on generated boards of every rule Bitboard takes,
// with one solution, several and none, Bitboard, the general search and
// dancing links (where it takes the rules) count the same solutions up to
// 10, find the same one when it is unique, and every solution keeps the
// rules; SolveBoard and CountBoard (through General) answer the same.
func TestBitboardAgrees(t *testing.T) {
	ctx := context.Background()
	perRule := 3
	if testing.Short() {
		perRule = 1
	}
	kinds := map[string]int{}
	cases := genBitsCases(t, perRule, 1)
	for _, tc := range cases {
		want, err := searchCompiled(ctx, tc.b, nil, 10, refBudget)
		if errors.Is(err, ErrBudget) {
			kinds["over budget"]++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		kinds[tc.name[strings.LastIndexByte(tc.name, ' ')+1:]+fmt.Sprint(min(want.Count, 2))]++
		for _, e := range []Engine{Bitboard, DLX} {
			got, err := e.Search(ctx, tc.b, 10)
			if errors.Is(err, ErrUnsupported) && e == DLX {
				continue
			}
			if err != nil || got.Count != want.Count {
				t.Fatalf("%s: %s finds %d solutions (%v), General %d", tc.name, e.Name(), got.Count, err, want.Count)
			}
			checkBitsSolutions(t, tc, e.Name(), got)
			if want.Count == 1 && string(got.Solution) != string(want.Solution) {
				t.Fatalf("%s: %s finds another solution than General", tc.name, e.Name())
			}
		}
		if n, err := Count(ctx, tc.b, 10); err != nil || n != want.Count {
			t.Fatalf("%s: CountBoard %d (%v), want %d", tc.name, n, err, want.Count)
		}
	}
	if kinds["unique1"] == 0 || kinds["several2"] == 0 || kinds["none0"] == 0 || kinds["over budget"] > len(cases)/10 {
		t.Errorf("the cases lack a kind or General gave up on many: %v (want unique1, several2, none0)", kinds)
	}
	t.Logf("%d cases: %v", len(cases), kinds)
}

// checkBitsSolutions checks that the solutions a search returned keep the
// rules and the givens, and that the second differs from the first.
func checkBitsSolutions(t *testing.T, tc bitsCase, engine string, r Result) {
	t.Helper()
	sols := [][]uint8{r.Solution}
	if r.Count > 1 && r.Second != nil {
		sols = append(sols, r.Second)
		if string(r.Second) == string(r.Solution) {
			t.Fatalf("%s: %s returns the same solution twice", tc.name, engine)
		}
	}
	for _, s := range sols[:min(len(sols), r.Count)] {
		b := &sudoku.Board{Rules: tc.b.Rules, Cells: s}
		if err := b.Validate(); err != nil || !b.Full() {
			t.Fatalf("%s: %s: a solution breaks the rules: %v", tc.name, engine, err)
		}
		for c, v := range tc.b.Cells {
			if v != 0 && s[c] != v {
				t.Fatalf("%s: %s: a solution changes the given at %d", tc.name, engine, c)
			}
		}
	}
}

// TestBitboardCases checks named boards: dead ends found by each rule,
// candidates given, budgets and the rules Bitboard refuses.
func TestBitboardCases(t *testing.T) {
	ctx := context.Background()
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	windoku := sudoku.Classic()
	windoku.Windoku = true
	cage := sudoku.Classic()
	cage.Cages = []sudoku.Cage{{Cells: []int{0, 1}, Sum: 3}, {Cells: []int{2, 3, 4}, Sum: 24}}
	empty := strings.Repeat(".", 81)
	marked := board(t, x, empty)
	marked.Marks = make([]sudoku.Digits, 81)
	for c := range marked.Marks {
		marked.Marks[c] = sudoku.AllDigits(9)
	}
	marked.Marks[0] = sudoku.DigitOf(5)
	for _, tc := range []struct {
		name  string
		b     *sudoku.Board
		limit int
		want  int
	}{
		{"X no place for 1 on a diagonal", board(t, x, ".1......."+strings.Repeat(".", 18)+"....1...."+strings.Repeat(".", 18)+".......1."+strings.Repeat(".", 18)), 2, 0},
		{"windoku implied clash", board(t, windoku, "12345678."+strings.Repeat(".", 63)+"........1"), 2, 0},
		{"windoku empty, several", board(t, windoku, empty), 5, 5},
		{"cage 3 holds 1 and 2, cage 24 holds 7 8 9", board(t, cage, "1.3"+strings.Repeat(".", 78)), 2, 0},
		{"cage sum reached exactly", board(t, cage, "12789"+strings.Repeat(".", 76)), 2, 2},
		{"marks: r1c1 can only be 5", marked, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Bitboard.Search(ctx, tc.b, tc.limit)
			if err != nil || got.Count != tc.want {
				t.Fatalf("got %d solutions (%v), want %d", got.Count, err, tc.want)
			}
			if tc.b.Marks != nil && got.Solution[0] != 5 {
				t.Errorf("r1c1 holds %d, want 5 (its only mark)", got.Solution[0])
			}
		})
	}
}

// TestBitboardRefuses: other sizes and constraints are refused with
// ErrUnsupported naming them, and General still solves those boards;
// malformed rules give the error Layout gives.
func TestBitboardRefuses(t *testing.T) {
	ctx := context.Background()
	thermo, err := constraint.NewThermometer(9, []int{0, 1, 2}, false)
	if err != nil {
		t.Fatal(err)
	}
	withThermo := sudoku.Classic()
	withThermo.Constraints = []sudoku.Constraint{thermo}
	for _, tc := range []struct {
		name, want string
		b          *sudoku.Board
	}{
		{"6x6", "size 6", board(t, sized(t, 6), strings.Repeat(".", 36))},
		{"thermometer", "constraints", board(t, withThermo, strings.Repeat(".", 81))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Bitboard.Search(ctx, tc.b, 2)
			if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want ErrUnsupported naming %q", err, tc.want)
			}
			if r, err := Fast.Search(ctx, tc.b, 2); err != nil || r.Count != 2 {
				t.Errorf("General: %d solutions (%v), want 2", r.Count, err)
			}
		})
	}
	bad := sudoku.Classic()
	bad.Regions = slices.Clone(jigsaw9)
	bad.Regions[0] = bad.Regions[80] // one region of 8 cells, one of 10
	b := board(t, bad, strings.Repeat(".", 81))
	_, want := bad.Layout()
	for _, e := range []Engine{Bitboard, Fast} {
		if _, err := e.Search(ctx, b, 2); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%s: got %v, want %v", e.Name(), err, want)
		}
	}
	// Regions whose cells do not touch are rules like any other.
	split := sudoku.Classic()
	split.Regions = slices.Clone(jigsaw9)
	split.Regions[0], split.Regions[80] = split.Regions[80], split.Regions[0]
	b = board(t, split, strings.Repeat(".", 81))
	for _, e := range []Engine{Bitboard, Fast} {
		if r, err := e.Search(ctx, b, 2); err != nil || r.Count != 2 {
			t.Errorf("%s on split regions: %d solutions (%v), want 2", e.Name(), r.Count, err)
		}
	}
}

// TestBitboardBudget: a Bitboard search stopped by its budget says so and counts
// no more nodes than allowed; one within its budget does not.
func TestBitboardBudget(t *testing.T) {
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	b := board(t, x, strings.Repeat(".", 81))
	r, err := searchBits(context.Background(), b, 1000, 20)
	if !errors.Is(err, ErrBudget) || r.Nodes > 21 {
		t.Errorf("got %v after %d nodes, want ErrBudget within 21", err, r.Nodes)
	}
	if r, err := searchBits(context.Background(), b, 1, 1000); err != nil || r.Count != 1 {
		t.Errorf("got %d solutions (%v), want 1", r.Count, err)
	}
}

// TestBitboardAllocates: a search allocates only its answer.
func TestBitboardAllocates(t *testing.T) {
	vcs := dataset.Variants(t, "solo-3x3kdi.txt", 10)
	ctx := context.Background()
	allocs := testing.AllocsPerRun(50, func() {
		for _, vc := range vcs {
			searchBits(ctx, vc.Board, 2, 0)
		}
	})
	if allocs > float64(len(vcs)) {
		t.Errorf("%.0f allocations for %d searches, want one each (the solution)", allocs, len(vcs))
	}
}

// FuzzBitboard builds 9x9 boards of any rules Bitboard takes from the
// fuzzer's bytes (rule flags, givens, cages) and checks that Bitboard and
// the general search, each stopped after 100 ms, agree on the count.
func FuzzBitboard(f *testing.F) {
	f.Add([]byte{0x01, 5, 1, 17, 2, 40, 9})
	f.Add([]byte{0x3e, 0, 1, 10, 2, 20, 3, 30, 4})
	f.Add([]byte{0x40, 0, 3, 1, 8, 9, 12, 2, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		b := fuzzBitsBoard(data)
		if b == nil || b.Validate() != nil {
			return
		}
		var counts [2]int
		for i, search := range []func(ctx context.Context) (Result, error){
			func(ctx context.Context) (Result, error) { return Bitboard.Search(ctx, b, 3) },
			func(ctx context.Context) (Result, error) { return searchCompiled(ctx, b, nil, 3, 0) },
		} {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			r, err := search(ctx)
			cancel()
			if errors.Is(err, context.DeadlineExceeded) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkBitsSolutions(t, bitsCase{"fuzz", b}, "search", r)
			counts[i] = r.Count
		}
		if counts[0] != counts[1] {
			t.Errorf("bitboard finds %d solutions, general %d", counts[0], counts[1])
		}
	})
}

// fuzzBitsBoard reads a board: the first byte's bits set X, one
// diagonal, windoku, disjoint, anti-knight, anti-king, the jigsaw regions
// and odd cells; then pairs (cell, value): a value 1..9 is a given, 10..
// puts the cell in the cage of that number with sum (value*7)%45.
func fuzzBitsBoard(data []byte) *sudoku.Board {
	if len(data) == 0 {
		return nil
	}
	r, f := sudoku.Classic(), data[0]
	r.Diagonals = sudoku.Diagonals(f & 3)
	r.Windoku, r.Disjoint, r.AntiKnight, r.AntiKing = f&4 != 0, f&8 != 0, f&16 != 0, f&32 != 0
	if f&64 != 0 {
		r.Regions, r.Disjoint = jigsaw9, false
	}
	b := sudoku.NewBoard(r)
	cages := map[int]*sudoku.Cage{}
	for i := 1; i+1 < len(data); i += 2 {
		c, v := int(data[i])%81, int(data[i+1])
		switch {
		case v >= 1 && v <= 9:
			b.Cells[c] = uint8(v)
		case v >= 10 && v < 20 && f&128 != 0:
			if r.Parity == nil {
				r.Parity = make([]sudoku.Parity, 81)
			}
			r.Parity[c] = sudoku.Parity(1 + v%2)
		case v >= 10:
			k := cages[v]
			if k == nil {
				k = &sudoku.Cage{Sum: v * 7 % 46}
				cages[v] = k
			}
			if !slices.Contains(k.Cells, c) {
				k.Cells = append(k.Cells, c)
			}
		}
	}
	for _, v := range slices.Sorted(maps.Keys(cages)) {
		r.Cages = append(r.Cages, *cages[v])
	}
	return b
}

// FuzzBitboardText parses text in any form the parser reads (Solo IDs,
// lines with maps, f-puzzles, ...) and runs every board Bitboard takes
// through it and the general search, each stopped after 100 ms: no
// panic, solutions that keep the rules, the same count; and a board that
// fails Validate has no solution.
func FuzzBitboardText(f *testing.F) {
	for _, file := range []string{"solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt"} {
		for _, vc := range dataset.Variants(f, file, 3) {
			f.Add(vc.ID)
		}
	}
	f.Add("9j:a1b,aaaaaaaa")
	f.Add("3x3k:i,a,1")
	f.Fuzz(func(t *testing.T, text string) {
		b, _, err := sudoku.ParseBoard(text)
		if err != nil || bitsUnsupported(b) != "" {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		got, err := Bitboard.Search(ctx, b, 3)
		if errors.Is(err, context.DeadlineExceeded) {
			return
		}
		if b.Validate() != nil {
			if err == nil && got.Count > 0 {
				t.Fatalf("a board that fails Validate has %d solutions", got.Count)
			}
			return
		}
		want, werr := searchCompiled(ctx, b, nil, 3, 0)
		if err != nil || werr != nil {
			return // a deadline, or a rule error both report
		}
		checkBitsSolutions(t, bitsCase{"fuzz", b}, "bitboard", got)
		if got.Count != want.Count {
			t.Errorf("bitboard finds %d solutions, general %d", got.Count, want.Count)
		}
	})
}

// TestInnies: the rule of 45's innies of a house are a cage of the
// bitboard engine when every cage inside has a sum and 1 to 5 cells are
// left; not when a cage inside has no sum, or none or too many are left.
func TestInnies(t *testing.T) {
	row := cells{}
	for c := range 9 {
		row = row.or(cellOf(c))
	}
	cage := func(sum int, cs ...int) bitsCage {
		var m cells
		for _, c := range cs {
			m = m.or(cellOf(c))
		}
		return bitsCage{cells: m, sum: sum}
	}
	tests := []struct {
		name  string
		cages []bitsCage
		want  bitsCage
		ok    bool
	}{
		{"two left", []bitsCage{cage(10, 0, 1, 2), cage(20, 3, 4, 5), cage(7, 6, 9)}, cage(15, 6, 7, 8), true},
		{"one left", []bitsCage{cage(10, 0, 1), cage(30, 2, 3, 4, 5, 6, 7)}, cage(5, 8), true},
		{"a cage inside without a sum", []bitsCage{cage(0, 0, 1), cage(30, 2, 3, 4, 5, 6, 7)}, bitsCage{}, false},
		{"none left", []bitsCage{cage(45, 0, 1, 2, 3, 4, 5, 6, 7, 8)}, bitsCage{}, false},
		{"six left", []bitsCage{cage(6, 0, 1, 2)}, bitsCage{}, false},
	}
	for _, tt := range tests {
		got, ok := innies(row, tt.cages)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%s: got %v %v, want %v %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}
