package logic

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// TestVariantGeometry checks the houses and peers of each rule set.
func TestVariantGeometry(t *testing.T) {
	x := geoRules{diagonals: sudoku.BothDiagonals}
	tests := []struct {
		name   string
		rules  geoRules
		houses int
		cell   sudoku.Cell
		peers  int
	}{
		{"classic", geoRules{}, 27, 0, 20},
		{"X, a corner: 6 more cells of its diagonal", x, 29, 0, 26},
		{"X, the centre: both diagonals", x, 29, 40, 32},
		{"X, off the diagonals", x, 29, 1, 20},
		{"windoku, inside a window", geoRules{windoku: true}, 36, 10, 23},
		{"windoku, a corner: in the implied window of rows and columns 1, 5, 9", geoRules{windoku: true}, 36, 0, 24},
		{"disjoint groups", geoRules{disjoint: true}, 36, 0, 24},
		{"anti-knight, the centre: 8 moves", geoRules{knight: true}, 27, 40, 28},
		{"anti-knight, a corner: its 2 moves stay in its box", geoRules{knight: true}, 27, 0, 20},
		{"anti-king, r3c3: 3 diagonal steps out of its box", geoRules{antiKing: true}, 27, 20, 23},
		{"anti-king, the centre: all in its box", geoRules{antiKing: true}, 27, 40, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGeometry(tt.rules)
			if len(g.houses) != tt.houses {
				t.Errorf("got %d houses, want %d", len(g.houses), tt.houses)
			}
			if n := g.peers[tt.cell].Count(); n != tt.peers {
				t.Errorf("%v: got %d peers, want %d", tt.cell, n, tt.peers)
			}
			for _, h := range g.houses {
				if g.sets[h].Count() != 9 {
					t.Errorf("%s has %d cells", houseName(h), g.sets[h].Count())
				}
			}
		})
	}
}

// variantBoard parses a board of the classic engine's variants and
// returns its position and its solution.
func variantBoard(t *testing.T, line string) (Board, sudoku.Grid) {
	t.Helper()
	b, _, err := sudoku.ParseBoard(line)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := geometryOfRules(b.Rules)
	if !ok {
		t.Fatalf("%s: rules not taken by the classic engine", line)
	}
	bd, _, err := geoBoardOf(b, g)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), solver.Fast, b)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	var sol sudoku.Grid
	copy(sol[:], res.Solution)
	return bd, sol
}

// TestVariantSteps checks steps that only the extra houses and peers
// make, on positions met along the paths of generated puzzles.
func TestVariantSteps(t *testing.T) {
	tests := []struct{ name, board, want string }{
		{"X: hidden single on the up diagonal",
			"...........9.......4.....19..4.....7....3.5..93..2....6..4.....47....6........8.. rules=x",
			"Hidden single (1.5): r4c6 = 9: it is the only place for 9 in the up diagonal"},
		{"X: full house of the up diagonal",
			".5.94..86..9....45.4....2192.4..9137....34592935.2.4686.84..9..47..9.6..59....8.4 rules=x",
			"Full house (1.0): r6c4 = 1: it is the last empty cell of the up diagonal"},
		{"windoku: hidden single in a window",
			"............9....35....2........4.....8.5...2.........7.9...36..........42.76...8 rules=windoku",
			"Hidden single (1.5): r4c8 = 3: it is the only place for 3 in window 2"},
		{"windoku: hidden single in an implied window",
			".....19......9..2.....2.7.....6...949...52...3.6..9..24..2..6.8..8.6.2.926.9..... rules=windoku",
			"Hidden single (1.5): r8c1 = 5: it is the only place for 5 in implied window 4"},
		{"windoku: direct claiming from an implied window into a box",
			"...6.......9..16..6...3....9.67452.....19.567.5.26..9....98...3..43....9.93..2..6 rules=windoku",
			"Direct claiming (1.9): r2c5 = 7: in implied window 1, 7 is confined to box 1, so implied window 3 has only one place left for it"},
		{"disjoint groups: hidden single in a group",
			".5......6..96...........945..1...........857...7..6..4....1...7.....743.47...2.5. rules=disjoint",
			"Hidden single (1.5): r9c9 = 9: it is the only place for 9 in disjoint group 9"},
		{"anti-knight: generalized intersection through a knight's move",
			"..5.2........1..3...........3.2....6..67.............7..9..2.....4.......5....... rules=anti-knight",
			"Generalized intersection (2.9): in box 5, 1 can only go in r5c6,r6c4,r6c6, so it goes from every cell that sees all of them: r6c8<>1"},
		{"anti-king: naked single with a king's step",
			"....29..1296.1..........9...2......3......5...75...1..56..93748..8...259......316 rules=anti-king",
			"Naked single (2.3): r6c9 = 2: it is the only candidate left in the cell"},
		{"anti-king: generalized intersection through king's steps",
			"..56..91...1.7...4....1.2....3.6.......189..2.....26.......1..51....6..9..4..7... rules=anti-king",
			"Generalized intersection (2.9): in box 5, 3 can only go in r6c4,r6c5, so it goes from every cell that sees all of them: r6c8<>3, r6c9<>3, r7c4<>3, r7c5<>3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, sol := variantBoard(t, tt.board)
			checkNext(t, tt.name, &b, sol, tt.want)
		})
	}
}

// TestVariantLoops checks that a unique loop must visit the extra houses
// evenly, and that under anti-knight a loop with a digit a move away is
// not trusted.
func TestVariantLoops(t *testing.T) {
	pair := sudoku.CandidateOf(1) | sudoku.CandidateOf(2)
	x := newGeometry(geoRules{diagonals: sudoku.BothDiagonals})
	tests := []struct {
		name string
		geo  *geometry
		loop []sudoku.Cell
		want bool
	}{
		{"X: off the diagonals", x, []sudoku.Cell{1, 3, 21, 19}, true},
		{"X: r1c1 alone on the down diagonal", x, []sudoku.Cell{0, 3, 12, 9}, false},
		{"X: r1c1 and r1c9 alone on their diagonals", x, []sudoku.Cell{0, 8, 17, 9}, false},
		{"classic: the same loop", classicGeo, []sudoku.Cell{0, 8, 17, 9}, true},
		{"anti-knight: cells a knight's move from the loop hold its digits", newGeometry(geoRules{knight: true}), []sudoku.Cell{1, 3, 21, 19}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBoardIn(tt.geo, sudoku.Grid{})
			if got := ulValid(&b, tt.loop, pair); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestVariantPathsSound solves generated puzzles of each rule set and
// checks every step against the solution.
func TestVariantPathsSound(t *testing.T) {
	f, err := os.Open("testdata/variants-generated.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	solved, total := map[string]int{}, map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rules := line[strings.LastIndex(line, "=")+1:]
		b, sol := variantBoard(t, line)
		total[rules]++
		sound := true
		err := walkBoard(context.Background(), &b, true, 0, func(s *Step, _ Rating, _ bool) {
			sound = sound && checkStep(t, line, s, sol)
		})
		if err == nil && sound && b.Grid == sol {
			solved[rules]++
		} else if err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	for r, n := range total {
		t.Logf("%s: %d of %d solved, every step sound", r, solved[r], n)
	}
	if len(total) != 5 {
		t.Errorf("got %d rule sets, want 5", len(total))
	}
}

// TestBoardEntryVariants checks that RateBoard, PathBoard and NextBoard
// take boards of the variants to the classic engine: ratings on its scale
// and version, steps naming the layout's units, marks honoured.
func TestBoardEntryVariants(t *testing.T) {
	ctx := context.Background()
	line := "...........9.......4.....19..4.....7....3.5..93..2....6..4.....47....6........8.. rules=x"
	b, _, err := sudoku.ParseBoard(line)
	if err != nil {
		t.Fatal(err)
	}
	st, err := NextBoard(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := b.Rules.Layout()
	if st.Technique != "Hidden single" || len(st.Units) != 1 || l.Units[st.Units[0]].Kind != sudoku.UnitDiagonal {
		t.Errorf("NextBoard: got %+v, want a hidden single on a diagonal", st)
	}
	r, err := RateBoard(ctx, b)
	if err != nil || r.Version != RatingVersion {
		t.Fatalf("RateBoard: got %+v, %v; want version %s", r, err, RatingVersion)
	}
	path, err := PathBoard(ctx, b)
	if err != nil || len(path) != r.Steps {
		t.Errorf("PathBoard: %d steps, %v; RateBoard counted %d", len(path), err, r.Steps)
	}
	// With marks that leave r4c6 without 9, the single is gone.
	b.Marks = make([]sudoku.Digits, 81)
	for c := range b.Marks {
		b.Marks[c] = sudoku.AllDigits(9)
		if v := b.Cells[c]; v != 0 {
			b.Marks[c] = sudoku.DigitOf(int(v))
		}
	}
	b.Marks[sudoku.CellAt(3, 5)] &^= sudoku.DigitOf(9)
	st, err = NextBoard(ctx, b)
	if err == nil && len(st.Placements) == 1 && st.Placements[0] == (BoardCandidate{Cell: 32, Digit: 9}) {
		t.Errorf("NextBoard with marks: got %+v, which the marks rule out", st)
	}
	if errors.Is(err, ErrStuck) {
		t.Errorf("NextBoard with marks: stuck")
	}
}

// TestVariantRatingsSE rates generated puzzles of the variants and
// compares with Sukaku Explainer's ratings under its flags
// (testdata/variants-se.txt, a dev set). Floors: 97% same ER in each rule
// set (the target for every band), 99% in all.
func TestVariantRatingsSE(t *testing.T) {
	f, err := os.Open("testdata/variants-se.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	same, all, total := map[string]int{}, 0, 0
	count := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		b, _, err := sudoku.ParseBoard(fs[0] + " " + fs[1])
		if err != nil {
			t.Fatal(err)
		}
		r, err := RateBoard(context.Background(), b)
		if err != nil {
			t.Errorf("%s: %v", fs[0], err)
			continue
		}
		got := fmt.Sprintf("%v/%v/%v", r.ER, r.EP, r.ED)
		count[fs[1]]++
		total++
		if strings.SplitN(got, "/", 2)[0] == strings.SplitN(fs[2], "/", 2)[0] {
			same[fs[1]]++
			all++
		} else {
			t.Logf("%s %s: ours %s, Sukaku Explainer %s", fs[0], fs[1], got, fs[2])
		}
	}
	for r, n := range count {
		pct := 100 * float64(same[r]) / float64(n)
		t.Logf("%s: %d of %d same ER (%.1f%%)", r, same[r], n, pct)
		if pct < 97 {
			t.Errorf("%s: same ER %.1f%%, want >= 97%%", r, pct)
		}
	}
	if pct := 100 * float64(all) / float64(total); pct < 99 {
		t.Errorf("all: same ER %.1f%%, want >= 99%%", pct)
	}
}

// TestVariantRatingsSEHeldOut rates the dev and held-out sets of
// generated X, windoku, disjoint-groups, anti-knight and anti-king
// puzzles rated by Sukaku Explainer (testdata/se-variants-*.txt; the
// held-out one made and rated after the engine was tuned on the dev
// one) and keeps the floors: 99% same ER in all, 97% in every
// band of Sukaku Explainer's ER (<2, 2-4, 4-6, 6-8, 8+) over all rules.
func TestVariantRatingsSEHeldOut(t *testing.T) {
	if testing.Short() {
		t.Skip("rates 1,400 puzzles")
	}
	names := map[string]string{"x": "x", "windoku": "windoku", "disjoint": "disjoint", "antiknight": "anti-knight", "antiking": "anti-king"}
	for _, set := range []string{"dev", "heldout"} {
		t.Run(set, func(t *testing.T) {
			data, err := os.ReadFile("testdata/se-variants-" + set + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			var same, total, bandSame, bandTotal [5]int
			for _, line := range strings.Split(string(data), "\n") {
				fs := strings.Fields(line)
				if len(fs) != 3 || strings.HasPrefix(fs[0], "#") {
					continue
				}
				b, _, err := sudoku.ParseBoard(fs[1] + " rules=" + names[fs[0]])
				if err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				r, _ := RateBoard(context.Background(), b)
				want := strings.SplitN(fs[2], "/", 2)[0]
				er, _ := strconv.ParseFloat(want, 64)
				band := min(int(er)/2, 4)
				bandTotal[band]++
				total[0]++
				if r.ER.String() == want {
					bandSame[band]++
					same[0]++
				} else {
					t.Logf("%s %s: ours %v, Sukaku Explainer %s", fs[0], fs[1], r.ER, fs[2])
				}
			}
			if pct := 100 * float64(same[0]) / float64(total[0]); total[0] < 600 || pct < 99 {
				t.Errorf("same ER %d of %d (%.1f%%), want >= 99%%", same[0], total[0], pct)
			}
			for i := range bandTotal {
				if bandTotal[i] > 0 && 100*bandSame[i] < 97*bandTotal[i] {
					t.Errorf("band %d: same ER %d of %d, want >= 97%%", i, bandSame[i], bandTotal[i])
				}
			}
		})
	}
}

// checkNext checks that the next step on b reads want and is sound
// against the solution sol.
func checkNext(t *testing.T, name string, b *Board, sol sudoku.Grid, want string) {
	t.Helper()
	s, err := Next(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	checkStep(t, name, &s, sol)
}
