package solver

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"sudoku"
)

// mustGrid parses an 81-character line ('.' or '0' empty) for tests.
func mustGrid(tb testing.TB, line string) sudoku.Grid {
	tb.Helper()
	var g sudoku.Grid
	if len(line) != 81 {
		tb.Fatalf("grid %q: %d characters", line, len(line))
	}
	for i := 0; i < 81; i++ {
		switch ch := line[i]; {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			g[i] = ch - '0'
		default:
			tb.Fatalf("grid %q: bad character %q", line, ch)
		}
	}
	return g
}

// bruteCount counts the solutions of g up to limit by plain backtracking
// on the cell with the fewest candidates, with used-digit masks per row,
// column and box: an independent reference, simpler than any engine.
func bruteCount(g sudoku.Grid, limit int) int {
	if g.Validate() != nil {
		return 0
	}
	var row, col, box [9]uint16
	for c, v := range g {
		if v != 0 {
			bit := uint16(1) << v
			row[c/9] |= bit
			col[c%9] |= bit
			box[c/27*3+c%9/3] |= bit
		}
	}
	n := 0
	var rec func() bool
	rec = func() bool {
		best, bestN, bestFree := -1, 10, uint16(0)
		for c := 0; c < 81; c++ {
			if g[c] != 0 {
				continue
			}
			free := ^(row[c/9] | col[c%9] | box[c/27*3+c%9/3]) & 0x3fe
			if k := bits.OnesCount16(free); k < bestN {
				best, bestN, bestFree = c, k, free
				if k == 0 {
					return false
				}
			}
		}
		if best < 0 {
			n++
			return n >= limit
		}
		r, k, x := best/9, best%9, best/27*3+best%9/3
		for d := uint8(1); d <= 9; d++ {
			bit := uint16(1) << d
			if bestFree&bit == 0 {
				continue
			}
			g[best] = d
			row[r], col[k], box[x] = row[r]|bit, col[k]|bit, box[x]|bit
			stop := rec()
			row[r], col[k], box[x] = row[r]&^bit, col[k]&^bit, box[x]&^bit
			g[best] = 0
			if stop {
				return true
			}
		}
		return false
	}
	rec()
	return n
}

// checkFast searches g with Fast and checks the result against
// bruteCount: the count, and that the solution keeps the givens.
func checkFast(t *testing.T, g sudoku.Grid, limit int) gridResult {
	t.Helper()
	r := fastEngine.Search(g, limit)
	want := bruteCount(g, limit)
	if r.Count != want {
		t.Fatalf("%v: Fast found %d solutions (limit %d), want %d", g, r.Count, limit, want)
	}
	if r.Count > 0 && !r.Solution.IsSolutionOf(&g) {
		t.Fatalf("%v: Fast's solution %v is not a solution", g, r.Solution)
	}
	return r
}

var fastKnown = []string{
	// Arto Inkala's "world's hardest" (2012), unique.
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	// A classic easy one: singles only.
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
	// 17 clues.
	".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
	// Norvig's hard1: many solutions, and slow for simple search orders.
	".....6....59.....82....8....45........3........6..3.54...325..6..................",
}

func TestFastKnown(t *testing.T) {
	for i, line := range fastKnown {
		g := mustGrid(t, line)
		for _, limit := range []int{1, 2, 3, 10} {
			if i < 3 {
				checkFast(t, g, limit)
				continue
			}
			// Too slow for bruteCount; it has more than ten solutions.
			r := fastEngine.Search(g, limit)
			if r.Count != limit || !r.Solution.IsSolutionOf(&g) {
				t.Fatalf("%s limit %d: count %d, solution %v", line, limit, r.Count, r.Solution)
			}
		}
	}
}

func TestFastEmptyAndFull(t *testing.T) {
	var empty sudoku.Grid
	r := fastEngine.Search(empty, 1)
	if r.Count != 1 || !r.Solution.IsSolutionOf(&empty) {
		t.Fatalf("empty grid: count %d, solution %v", r.Count, r.Solution)
	}
	if r := fastEngine.Search(empty, 1000); r.Count != 1000 {
		t.Fatalf("empty grid, limit 1000: count %d", r.Count)
	}
	full := r.Solution
	r = fastEngine.Search(full, 2)
	if r.Count != 1 || r.Solution != full || r.Guesses != 0 {
		t.Fatalf("full grid: count %d guesses %d solution %v", r.Count, r.Guesses, r.Solution)
	}
	// Limit below one behaves as one.
	if r := fastEngine.Search(full, 0); r.Count != 1 {
		t.Fatalf("limit 0: count %d", r.Count)
	}
}

func TestFastUnsolvable(t *testing.T) {
	for _, prefix := range []string{
		// Valid givens, but r1c9 has no candidate.
		"12345678.........9",
		// Digit 1 has no place in box 1.
		"...1....." + "......1.." + "234",
		// r2c9 can only hold 9, which r1c8 holds.
		".......9.12345678.",
	} {
		line := prefix + strings.Repeat(".", 81-len(prefix))
		g := mustGrid(t, line)
		if g.Validate() != nil {
			t.Fatalf("%s: test grid does not validate", line)
		}
		if r := checkFast(t, g, 2); r.Count != 0 {
			t.Fatalf("%s: %d solutions", line, r.Count)
		}
	}
}

// randomPuzzle takes a random solution grid and keeps about keep of its
// cells, giving puzzles with zero, one or many solutions once some cells
// are changed.
func randomPuzzle(rng *rand.Rand, keep int, corrupt bool) sudoku.Grid {
	var seed sudoku.Grid
	for i := 0; i < 11; i++ {
		c := rng.IntN(81)
		d := uint8(1 + rng.IntN(9))
		seed[c] = d
		if seed.Validate() != nil {
			seed[c] = 0
		}
	}
	sol := fastEngine.Search(seed, 1).Solution
	if fastEngine.Search(seed, 1).Count == 0 {
		sol = fastEngine.Search(sudoku.Grid{}, 1).Solution
	}
	var g sudoku.Grid
	for _, c := range rng.Perm(81)[:keep] {
		g[c] = sol[c]
	}
	if corrupt {
		for i := 0; i < 2; i++ {
			c := rng.IntN(81)
			old := g[c]
			g[c] = uint8(1 + rng.IntN(9))
			if g.Validate() != nil {
				g[c] = old
			}
		}
	}
	return g
}

func TestFastRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		keep := 20 + rng.IntN(45)
		g := randomPuzzle(rng, keep, i%2 == 1)
		checkFast(t, g, 1+rng.IntN(4))
	}
}

// TestFastDataSets checks Fast on a sample of every benchmark set against
// bruteCount, and that the first four sets are unique and the last not.
func TestFastDataSets(t *testing.T) {
	sets := []struct {
		file   string
		unique bool
	}{
		{"17-clue.txt", true},
		{"magictour-top1465.txt", true},
		{"forum-hardest-1905-11plus.txt", true},
		{"forum-hardest-1106.txt", true},
		{"serg-benchmark.txt", false},
	}
	for _, set := range sets {
		t.Run(set.file, func(t *testing.T) {
			ps := loadPuzzles(t, set.file)
			n := 60
			if set.file == "serg-benchmark.txt" {
				n = 500 // fast for bruteCount
			}
			if testing.Short() {
				n = 10
			}
			step := max(1, len(ps)/n)
			for i := 0; i < len(ps); i += step {
				r := checkFast(t, ps[i], 2)
				if (r.Count == 1) != set.unique {
					t.Fatalf("%v: %d solutions", ps[i], r.Count)
				}
			}
		})
	}
}

// TestFastAllSets solves every puzzle of every set (limit 2) and checks
// the solution and the count; skipped in -short mode.
func TestFastAllSets(t *testing.T) {
	if testing.Short() {
		t.Skip("slow in -short mode")
	}
	for _, set := range []string{"17-clue.txt", "magictour-top1465.txt", "forum-hardest-1905-11plus.txt", "forum-hardest-1106.txt", "serg-benchmark.txt"} {
		ps := loadPuzzles(t, set)
		want := 1
		if set == "serg-benchmark.txt" {
			want = 2
		}
		for _, g := range ps {
			r := fastEngine.Search(g, 2)
			if r.Count != want || !r.Solution.IsSolutionOf(&g) {
				t.Fatalf("%s: %v: count %d, solution %v", set, g, r.Count, r.Solution)
			}
		}
	}
}

func TestFastNoAllocs(t *testing.T) {
	var grids []sudoku.Grid
	for _, line := range fastKnown {
		grids = append(grids, mustGrid(t, line))
	}
	grids = append(grids, sudoku.Grid{})
	check := func(t *testing.T, grids []sudoku.Grid, limits ...int) {
		for _, g := range grids {
			for _, limit := range limits {
				allocs := testing.AllocsPerRun(10, func() {
					fastEngine.Search(g, limit)
				})
				if allocs != 0 {
					t.Errorf("%v limit %d: %v allocations per Search, want 0", g, limit, allocs)
				}
			}
		}
	}
	check(t, grids, 1, 2, 100)
	t.Run("hardest", func(t *testing.T) {
		ps := loadPuzzles(t, "forum-hardest-1106.txt")
		check(t, ps[:min(len(ps), 20)], 2)
	})
}

func TestFastConcurrent(t *testing.T) {
	var grids []sudoku.Grid
	for _, line := range fastKnown {
		grids = append(grids, mustGrid(t, line))
	}
	want := make([]gridResult, len(grids))
	for i, g := range grids {
		want[i] = fastEngine.Search(g, 2)
	}
	done := make(chan bool)
	for w := 0; w < 4; w++ {
		go func() {
			ok := true
			for k := 0; k < 50; k++ {
				for i, g := range grids {
					if fastEngine.Search(g, 2) != want[i] {
						ok = false
					}
				}
			}
			done <- ok
		}()
	}
	for w := 0; w < 4; w++ {
		if !<-done {
			t.Error("concurrent Search gave a different result")
		}
	}
}

// TestFastTables checks the band table on hand-made minirow patterns.
func TestFastTables(t *testing.T) {
	// Minirows of row r and box k are bit 3*r + k; cells of a minirow.
	tri := func(r, k int) uint32 { return 7 << (9*r + 3*k) }
	if got := bandTbl[511]; got != all27 {
		t.Errorf("all minirows open: %#o, want all cells", got)
	}
	// The diagonal only: row r in box r.
	diag := 1 | 1<<4 | 1<<8
	if got, want := bandTbl[diag], tri(0, 0)|tri(1, 1)|tri(2, 2); got != want {
		t.Errorf("diagonal: %#o, want %#o", got, want)
	}
	// Row 0 only in box 0: box 0 is taken, so rows 1 and 2 share boxes
	// 1 and 2; minirows (1,0) and (2,0) go.
	if got, want := bandTbl[1|0o770], tri(0, 0)|tri(1, 1)|tri(1, 2)|tri(2, 1)|tri(2, 2); got != want {
		t.Errorf("row 0 in box 0: %#o, want %#o", got, want)
	}
	// Box 2 empty: no placement.
	if got := bandTbl[0o333]; got != 0 {
		t.Errorf("box 2 empty: %#o, want 0", got)
	}
	// Rows 0 and 1 both only in box 0: no placement.
	if got := bandTbl[0o711]; got != 0 {
		t.Errorf("rows 0 and 1 in box 0 only: %#o, want 0", got)
	}
	// A box whose candidates lie in one column claims it in other bands.
	if got, want := otherBandTbl[0b111_111_010], uint32(all27&^(colBits<<1)); got != want {
		t.Errorf("column 1 alone in box 0: %#o, want %#o", got, want)
	}
}

// TestFastStats checks the statistics: no guess on a puzzle solved by
// propagation, and some guesses, never more than the nodes, on hard ones.
func TestFastStats(t *testing.T) {
	easy := mustGrid(t, fastKnown[1])
	if r := fastEngine.Search(easy, 2); r.Guesses != 0 || r.Nodes != 1 {
		t.Errorf("easy puzzle: %d guesses, %d nodes; want 0, 1", r.Guesses, r.Nodes)
	}
	hard := mustGrid(t, fastKnown[0])
	if r := fastEngine.Search(hard, 2); r.Guesses == 0 || r.Nodes <= r.Guesses {
		t.Errorf("hard puzzle: %d guesses, %d nodes", r.Guesses, r.Nodes)
	}
}
