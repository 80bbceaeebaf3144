package logic

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sudoku"
)

// killerLines returns the puzzles of a file of testdata.
func killerLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines
}

// killerKind names a puzzle line's rule set: "killer", "killer+x", ...
func killerKind(line string) string {
	if i := strings.LastIndex(line, "rules="); i >= 0 {
		return "killer+" + line[i+len("rules="):]
	}
	return "killer"
}

// TestKillerPathsSound solves the generated killers of the fixture (120:
// cages of up to 5 and up to 9 cells, with givens, with the X, windoku
// and anti-knight rules) with the classic engine: every step agrees with
// the solution and every puzzle is solved to the end; each killer
// technique shows up.
func TestKillerPathsSound(t *testing.T) {
	solved, total, used := map[string]int{}, map[string]int{}, map[string]int{}
	levels := map[Level]int{}
	for _, line := range killerLines(t, "killers-generated.txt") {
		kind := killerKind(line)
		b, sol := variantBoard(t, line)
		if b.geo.killer == nil {
			t.Fatalf("%s: no cages in the geometry", line)
		}
		total[kind]++
		sound := true
		var r PuzzleRating
		placed := false
		err := walkBoard(context.Background(), &b, true, 0, func(s *Step, sr Rating, pl bool) {
			sound = sound && checkStep(t, line, s, sol)
			used[s.Technique.Name]++
			if len(s.Houses) > 1 && strings.HasPrefix(s.Technique.Name, "Rule of 45") {
				used["Rule of 45 on a group of lines"]++
			}
			r.add(sr, placed)
			placed = placed || pl
		})
		switch {
		case err != nil:
			t.Errorf("%s: %v", line, err)
		case sound && b.Grid == sol:
			solved[kind]++
			levels[LevelOf(r.ER)]++
		}
	}
	for k, n := range total {
		t.Logf("%s: %d of %d solved, every step sound", k, solved[k], n)
	}
	t.Logf("levels %v; techniques %v", levels, used)
	for _, name := range []string{"Rule of 45 (innie)", "Rule of 45 (outie)", "Rule of 45 (innie combinations)",
		"Rule of 45 (outie combinations)", "Cage combinations", "Cage pointing", "Rule of 45 on a group of lines"} {
		if used[name] == 0 {
			t.Errorf("no step by %s", name)
		}
	}
	for _, name := range []string{"Unique rectangle", "Unique loop", "BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4"} {
		if used[name] > 0 {
			t.Errorf("%d steps by %s on killers", used[name], name)
		}
	}
}

// killerPosition returns the empty board of 9x9 rules with the given
// cages, as the classic engine sees it.
func killerPosition(t *testing.T, cages ...sudoku.Cage) Board {
	t.Helper()
	r := sudoku.Classic()
	r.Cages = cages
	g, ok := geometryOfRules(r)
	if !ok {
		t.Fatal("killer rules not taken by the classic engine")
	}
	b, _, err := geoBoardOf(sudoku.NewBoard(r), g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cage is a cage of the given cells and sum.
func cage(sum int, cells ...int) sudoku.Cage { return sudoku.Cage{Cells: cells, Sum: sum} }

// TestKillerSteps: each killer technique on a position made for it, its
// rating, placements, eliminations and words.
func TestKillerSteps(t *testing.T) {
	rowCages := []sudoku.Cage{cage(6, 0, 1, 2), cage(15, 3, 4, 5)} // row 1: c1-c3 hold 1-3, c4-c6 4-6
	tests := []struct {
		name  string
		find  func(b *Board) (Step, bool)
		cages []sudoku.Cage
		want  string // rating, placements, eliminations
		words string // the explanation
	}{
		{"cage combinations", finders["CageCombination"], []sudoku.Cage{cage(3, 0, 1)},
			"2.0 +[] -[r1c1#3 r1c1#4 r1c1#5 r1c1#6 r1c1#7 r1c1#8 r1c1#9 r1c2#3 r1c2#4 r1c2#5 r1c2#6 r1c2#7 r1c2#8 r1c2#9]",
			"r1c1, r1c2: a cage of 3 allows only 1+2, so r1c1<>3/4/5/6/7/8/9, r1c2<>3/4/5/6/7/8/9"},
		{"innie", finders["RuleOf45"], append(rowCages, cage(15, 6, 7), cage(10, 8, 17)),
			"1.5 +[r1c9#9] -[]", "r1c9 = 9: row 1 sums to 45, and the cages wholly inside leave 9 for this cell alone (rule of 45)"},
		{"outie", finders["RuleOf45"], append(rowCages, cage(25, 6, 7, 8, 17)),
			"1.5 +[r2c9#1] -[]", "r2c9 = 1: the cages reaching out of row 1 hold 1 more than it leaves them, and this is their one cell outside it (rule of 45)"},
		{"innie combinations", func(b *Board) (Step, bool) { return b.geo.killer.eachArea(b, 1, 1, (*Board).combos45) },
			append(rowCages, cage(10, 6, 15), cage(10, 7, 16), cage(10, 8, 17)),
			"2.0 +[] -[r1c7#1 r1c7#2 r1c7#3 r1c7#4 r1c7#5 r1c7#6 r1c8#1 r1c8#2 r1c8#3 r1c8#4 r1c8#5 r1c8#6 r1c9#1 r1c9#2 r1c9#3 r1c9#4 r1c9#5 r1c9#6]",
			"r1c7, r1c8, r1c9: the innies of row 1 sum to 24 (rule of 45), which allows only 7+8+9, so r1c7<>1/2/3/4/5/6, r1c8<>1/2/3/4/5/6, r1c9<>1/2/3/4/5/6"},
		{"outie combinations", func(b *Board) (Step, bool) { return b.geo.killer.eachArea(b, 1, 1, (*Board).outieCombos45) },
			append(rowCages, cage(27, 6, 7, 8, 16, 17)),
			"2.0 +[] -[r2c8#3 r2c8#4 r2c8#5 r2c8#6 r2c8#7 r2c8#8 r2c8#9 r2c9#3 r2c9#4 r2c9#5 r2c9#6 r2c9#7 r2c9#8 r2c9#9]",
			"r2c8, r2c9: the outies of row 1 sum to 3 (rule of 45), which allows only 1+2, so r2c8<>3/4/5/6/7/8/9, r2c9<>3/4/5/6/7/8/9"},
		{"innie on two rows", finders["RuleOf45Group"], []sudoku.Cage{cage(3, 0, 9), cage(5, 1, 10), cage(7, 2, 11), cage(9, 3, 12),
			cage(11, 4, 13), cage(13, 5, 14), cage(15, 6, 15), cage(17, 7, 16), cage(9, 8)},
			"2.6 +[r2c9#1] -[]", "r2c9 = 1: rows 1 to 2 sum to 90, and the cages wholly inside leave 1 for this cell alone (rule of 45)"},
		{"cage pointing", finders["CagePointing"], []sudoku.Cage{cage(17, 0, 1)},
			"2.7 +[] -[r1c3#8 r1c4#8 r1c5#8 r1c6#8 r1c7#8 r1c8#8 r1c9#8 r2c1#8 r2c2#8 r2c3#8 r3c1#8 r3c2#8 r3c3#8]",
			"r1c1, r1c2: every combination of this cage of 17 needs an 8, so r1c3<>8, r1c4<>8, r1c5<>8, r1c6<>8, r1c7<>8, r1c8<>8, r1c9<>8, r2c1<>8, r2c2<>8, r2c3<>8, r3c1<>8, r3c2<>8, r3c3<>8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := killerPosition(t, tt.cages...)
			s, ok := tt.find(&b)
			if !ok {
				t.Fatalf("got no step, want %s", tt.want)
			}
			sortCandidates(s.Eliminations)
			if got := fmt.Sprintf("%v +%v -%v", s.Rating, s.Placements, s.Eliminations); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if got := s.Explain(); got != tt.words {
				t.Errorf("words: got %q, want %q", got, tt.words)
			}
		})
	}
}

// TestKillerCageSingle: a 9-cell cage is a house: a digit with one place
// left in it goes there.
func TestKillerCageSingle(t *testing.T) {
	b := killerPosition(t, cage(45, 0, 1, 2, 3, 4, 9, 10, 11, 12))
	for _, c := range []sudoku.Cell{0, 1, 2, 3, 4, 9, 10, 11} {
		b.Eliminate(c, 5)
	}
	s, ok := b.geo.killer.cageSingles(&b)
	if got := fmt.Sprintf("%v %v %v", ok, s.Rating, s.Placements); got != "true 2.0 [r2c4#5]" {
		t.Errorf("got %s, want r2c4 = 5 at 2.0", got)
	}
}

// TestKillerNoUniqueness: the first unique rectangle case of the fixture
// is found on the classic board and not on the same position with a cage
// (a swap of the rectangle's digits could change a cage's sum).
func TestKillerNoUniqueness(t *testing.T) {
	var c reglibCase
	for _, line := range killerLines(t, "unique-loop-cases.txt") {
		var err error
		if c, err = parseReglibLine(line); err != nil {
			t.Fatal(err)
		}
		break
	}
	filled := c.board.Empty.AndNot(allCells).First() // any cell
	for cell := range sudoku.Cell(81) {
		if c.board.Grid[cell] != 0 {
			filled = cell
			break
		}
	}
	r := sudoku.Classic()
	r.Cages = []sudoku.Cage{cage(int(c.board.Grid[filled]), int(filled))}
	g, ok := geometryOfRules(r)
	if !ok {
		t.Fatal("killer rules not taken")
	}
	killer := newBoardIn(g, c.board.Grid)
	for cell := range sudoku.Cell(81) {
		for _, d := range killer.Cands[cell].Digits() {
			if !c.board.Has(cell, d) {
				killer.Eliminate(cell, d)
			}
		}
	}
	for _, tc := range []struct {
		name string
		b    Board
		want bool
	}{{"classic", c.board, true}, {"killer", killer, false}} {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := finders["UniqueRectangle"](&tc.b); ok != tc.want {
				t.Errorf("unique rectangle found: %v, want %v", ok, tc.want)
			}
		})
	}
}

// BenchmarkRateKiller rates the solved killers of the fixture through
// RateBoard (geometry built per board, as a request does).
func BenchmarkRateKiller(b *testing.B) {
	var boards []*sudoku.Board
	for _, line := range killerLines(&testing.T{}, "killers-generated.txt") {
		bd, _, err := sudoku.ParseBoard(line)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, bd)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := RateBoard(context.Background(), boards[i%len(boards)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWithCages: a killer's geometry made from the cached one of its
// rules without cages is the one newGeometry builds with the cages, field
// for field, under every rule a killer may add.
func TestWithCages(t *testing.T) {
	var boards []*sudoku.Board
	for _, line := range killerLines(t, "killers-generated.txt")[:20] {
		b, _, err := sudoku.ParseBoard(line)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	for _, tc := range []struct {
		name string
		key  geoRules
	}{
		{"classic", geoRules{}},
		{"x", geoRules{diagonals: sudoku.DiagDown | sudoku.DiagUp}},
		{"windoku", geoRules{windoku: true}},
		{"disjoint", geoRules{disjoint: true}},
		{"anti-knight", geoRules{knight: true}},
		{"anti-king", geoRules{antiKing: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i, b := range boards {
				got := withCages(cachedGeometry(tc.key), b.Rules.Cages)
				if want := newGeometry(tc.key, b.Rules.Cages...); !reflect.DeepEqual(got, want) {
					t.Fatalf("killer %d: withCages differs from newGeometry", i)
				}
			}
		})
	}
}

// TestAllowedBySum checks the cage combinations against every assignment
// of digits to up to five cells, on random candidates, sums and digits
// placed elsewhere in the cage.
func TestAllowedBySum(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var b Board
	found := 0
	for i := range 2000 {
		n := 1 + r.IntN(5)
		open := make([]sudoku.Cell, n)
		for j := range open {
			open[j] = sudoku.Cell(j)
			b.Cands[j] = sudoku.Candidates(r.IntN(512))
		}
		placed := sudoku.Candidates(r.IntN(512)) & sudoku.Candidates(r.IntN(512))
		sum := n + r.IntN(9*n)
		want, wantSets := allowedBrute(&b, open, sum, placed)
		got, sets := b.allowedBySum(open, sum, placed, true)
		if len(wantSets) > 0 {
			found++
		}
		if got != want || !slices.Equal(sets, wantSets) {
			t.Fatalf("case %d: %d cells, sum %d: got %v %v, want %v %v", i, n, sum, got, sets, want, wantSets)
		}
		if got, _ := b.allowedBySum(open, sum, placed, false); got != want {
			t.Fatalf("case %d without sets: got %v, want %v", i, got, want)
		}
	}
	if found < 500 {
		t.Errorf("%d cases of 2000 have an assignment: too few to test", found)
	}
}

// allowedBrute is allowedBySum by trying every assignment.
func allowedBrute(b *Board, open []sudoku.Cell, sum int, placed sudoku.Candidates) (allowed [9]sudoku.Candidates, sets []sudoku.Candidates) {
	digits := make([]int, len(open))
	var try func(i int, used sudoku.Candidates, total int)
	try = func(i int, used sudoku.Candidates, total int) {
		if i == len(open) {
			if total == sum {
				for j, d := range digits {
					allowed[j] |= 1 << (d - 1)
				}
				if !slices.Contains(sets, used) {
					sets = append(sets, used)
				}
			}
			return
		}
		for d := 1; d <= 9; d++ {
			bit := sudoku.Candidates(1) << (d - 1)
			if b.Cands[open[i]]&bit != 0 && (used|placed)&bit == 0 {
				digits[i] = d
				try(i+1, used|bit, total+d)
			}
		}
	}
	try(0, 0, 0)
	slices.Sort(sets)
	return allowed, sets
}
