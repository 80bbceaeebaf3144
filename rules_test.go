package sudoku

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sudoku/internal/words"
	"testing"
)

func mustSized(t testing.TB, n int) *Rules {
	t.Helper()
	r, err := Sized(n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// jigsaw6 is a 6x6 region map: six connected regions of six cells.
var jigsaw6 = []uint8{
	0, 0, 0, 1, 1, 1,
	0, 0, 0, 1, 1, 1,
	2, 2, 3, 3, 3, 3,
	2, 2, 2, 2, 3, 3,
	4, 4, 4, 5, 5, 5,
	4, 4, 4, 5, 5, 5,
}

func TestLayoutUnits(t *testing.T) {
	x := Classic()
	x.Diagonals = BothDiagonals
	w := Classic()
	w.Windoku = true
	d := Classic()
	d.Disjoint = true
	k := Classic()
	k.Cages = []Cage{{Cells: []int{0, 1}, Sum: 3}, {Cells: []int{80}}}
	e := Classic()
	e.Extra = [][]int{{0, 10, 20, 30, 40, 50, 60, 70, 80}, {5, 6, 7}}
	j := mustSized(t, 6)
	j.Regions = jigsaw6
	for _, tc := range []struct {
		name          string
		r             *Rules
		units, houses int
		peers0        int // peers of cell 0
	}{
		{"classic", Classic(), 27, 27, 20},
		{"4x4", mustSized(t, 4), 12, 12, 7},
		{"6x6", mustSized(t, 6), 18, 18, 12},
		{"16x16", mustSized(t, 16), 48, 48, 39},
		{"25x25", mustSized(t, 25), 75, 75, 64},
		{"x", x, 29, 29, 26},
		{"windoku", w, 31, 31, 20},
		{"disjoint", d, 36, 36, 24},
		{"killer", k, 29, 27, 20},
		{"extra", e, 29, 28, 20 + 6},
		{"jigsaw 6x6", j, 18, 18, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := tc.r.Layout()
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Units) != tc.units || l.Houses != tc.houses || len(l.Peers[0]) != tc.peers0 {
				t.Errorf("got %d units, %d houses, %d peers of r1c1; want %d, %d, %d", len(l.Units), l.Houses, len(l.Peers[0]), tc.units, tc.houses, tc.peers0)
			}
			for i, u := range l.Units[:l.Houses] {
				if len(u.Cells) != l.N {
					t.Errorf("house %d (%v) has %d cells", i, &u, len(u.Cells))
				}
			}
		})
	}
}

func TestLayoutMoves(t *testing.T) {
	r := Classic()
	r.AntiKnight = true
	l, err := r.Layout()
	if err != nil {
		t.Fatal(err)
	}
	// r5c5 (40): 8 knight moves, all outside its row and column.
	if got := len(l.Moves[40]); got != 8 {
		t.Errorf("knight moves of r5c5: got %d, want 8", got)
	}
	if got := l.Why(2, 13); got != "anti-knight (a knight's move apart)" {
		t.Errorf("Why(r1c3, r2c5) = %q", got)
	}
	if got := l.Why(0, 19); got != "box 1" {
		t.Errorf("Why(r1c1, r3c2) = %q, want box 1 (a knight's move inside a box is a box peer)", got)
	}
	r.AntiKing = true
	l, _ = r.Layout()
	if got := len(l.Moves[0]); got != 2+3 {
		t.Errorf("knight and king moves of r1c1: got %d, want 5", got)
	}
}

func TestWindows(t *testing.T) {
	for _, tc := range []struct{ n, br, bc, want int }{{9, 3, 3, 4}, {16, 4, 4, 9}, {4, 2, 2, 1}, {6, 2, 3, 1}, {8, 2, 4, 2}, {12, 3, 4, 4}} {
		if got := len(Windows(tc.n, tc.br, tc.bc)); got != tc.want {
			t.Errorf("Windows(%d, %d, %d): got %d windows, want %d", tc.n, tc.br, tc.bc, got, tc.want)
		}
	}
}

func TestRuleErrors(t *testing.T) {
	notN := mustSized(t, 6)
	notN.Regions = append([]uint8(nil), jigsaw6...)
	notN.Regions[0] = 1
	cage := Classic()
	cage.Cages = []Cage{{Cells: []int{0, 1}, Sum: 18}}
	one := Classic()
	one.Cages = []Cage{{Cells: []int{0}, Sum: 12}}
	oneCell := mustSized(t, 4)
	oneCell.Regions = []uint8{0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}
	overlap := Classic()
	overlap.Cages = []Cage{{Cells: []int{0, 1}, Sum: 3}, {Cells: []int{1, 2}, Sum: 5}}
	twice := Classic()
	twice.Extra = [][]int{{3, 4, 3}}
	outside := Classic()
	outside.Extra = [][]int{{3, 81}}
	disjointJigsaw := mustSized(t, 6)
	disjointJigsaw.Regions, disjointJigsaw.Disjoint = jigsaw6, true
	windoku5 := &Rules{Size: 5, Regions: []uint8{0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4}, Windoku: true}
	for _, tc := range []struct {
		name string
		r    *Rules
		want string
	}{
		{"size", &Rules{Size: 26}, "size: size 26 out of range 4..25"},
		{"boxes", &Rules{Size: 7}, "boxes: boxes of 0x0 do not tile a 7x7 grid; give regions (jigsaw)"},
		{"region not N", notN, "region 1 ("},
		{"cage sum", cage, "cage 1 (r1c1, r1c2): sum 18 is impossible for 2 different digits (3..17)"},
		{"cage sum of one cell", one, "cage 1 (r1c1): sum 12 is impossible for one digit (1..9)"},
		{"cage overlap", overlap, "cage 2 (r1c2): overlaps cage 1"},
		{"region of one cell", oneCell, "region 1 (r1c1): has 1 cell, want 4"},
		{"cell twice", twice, "extra region 1 (r1c4): lists this cell twice"},
		{"cell outside", outside, "extra region 1: cell index 81 is outside the 9x9 grid"},
		{"disjoint jigsaw", disjointJigsaw, "disjoint groups: disjoint groups need boxes"},
		{"windoku 5x5", windoku5, "windoku: no windoku boxes fit a 5x5 grid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.r.Layout()
			var re *RuleError
			if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want a *RuleError starting %q", err, tc.want)
			}
		})
	}
}

func TestBoardValidate(t *testing.T) {
	knight := Classic()
	knight.AntiKnight = true
	odd := mustSized(t, 4)
	odd.Parity = make([]Parity, 16)
	odd.Parity[5] = Odd
	killer := Classic()
	killer.Cages = []Cage{{Cells: []int{0, 1, 2}, Sum: 6}}
	big := mustSized(t, 16)
	board := func(r *Rules, set map[int]uint8) *Board {
		b := NewBoard(r)
		for c, v := range set {
			b.Cells[c] = v
		}
		return b
	}
	for _, tc := range []struct {
		name string
		b    *Board
		want string
	}{
		{"classic ok", board(Classic(), map[int]uint8{0: 5, 80: 5}), ""},
		{"row", board(Classic(), map[int]uint8{0: 5, 8: 5}), "r1c1 and r1c9 are both 5 in row 1"},
		{"knight", board(knight, map[int]uint8{2: 5, 13: 5}), "r1c3 and r2c5 are both 5 in anti-knight (a knight's move apart)"},
		{"parity", board(odd, map[int]uint8{5: 2}), "r2c2: holds 2 in an odd cell (odd cell)"},
		{"cage over", board(killer, map[int]uint8{0: 5}), "r1c1: the givens of the cage add up to 5 with 2 cells empty, its sum is 6 (cage 1)"},
		{"cage ok", board(killer, map[int]uint8{0: 3}), ""},
		{"letters", board(big, map[int]uint8{0: 16, 17: 16}), "r1c1 and r2c2 are both G in box 1"},
		{"value", board(mustSized(t, 6), map[int]uint8{7: 7}), "r2c2 holds 7, want 1..6 or empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.b.Validate()
			if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestDigits(t *testing.T) {
	for d := 1; d <= 25; d++ {
		s := DigitString(d)
		got, ok := ParseDigit(s[0])
		if !ok || got != d || DigitByte(d, '.') != s[0] {
			t.Errorf("digit %d: written %q, read back %d, %v", d, s, got, ok)
		}
	}
	if got := (DigitOf(1) | DigitOf(10) | DigitOf(25)).String(); got != "1AP" {
		t.Errorf("got %q, want 1AP", got)
	}
	if got := AllDigits(16).Count(); got != 16 {
		t.Errorf("AllDigits(16) has %d digits", got)
	}
	if got := (DigitOf(1) | DigitOf(10) | DigitOf(25)).Digits(); !slices.Equal(got, []int{1, 10, 25}) {
		t.Errorf("Digits: got %v, want [1 10 25]", got)
	}
	if got := Digits(0).Digits(); got == nil || len(got) != 0 {
		t.Errorf("Digits of none: got %#v, want an empty list", got)
	}
}

func TestParseVariant(t *testing.T) {
	v, err := ParseVariant("killer, X ,anti-knight")
	if err != nil || v != VariantKiller|VariantX|VariantAntiKnight || v.String() != "x,killer,anti-knight" {
		t.Errorf("got %v (%q), %v", v, v, err)
	}
	if v, err := ParseVariant("thermometers,kropki"); err != nil || v != VariantThermo|VariantKropki {
		t.Errorf("thermometers,kropki: %v, %v", v, err)
	}
	if _, err := ParseVariant("sandwich"); err == nil || !strings.Contains(err.Error(), `unknown variant "sandwich"`) {
		t.Errorf("got %v, want unknown variant", err)
	}
	r := Classic()
	(VariantX | VariantWindoku).Apply(r)
	if r.Name() != "x,windoku 9x9" && r.Name() != "x windoku 9x9" {
		t.Errorf("Name() = %q", r.Name())
	}
}

func TestBoardGrid(t *testing.T) {
	var g Grid
	g[3] = 7
	b := BoardOf(g)
	back, ok := b.Grid()
	if !ok || back != g {
		t.Errorf("round trip: %v, %v", back, ok)
	}
	b.Rules = mustSized(t, 9)
	b.Rules.AntiKing = true
	if _, ok := b.Grid(); ok {
		t.Error("anti-king board converted to a classic Grid")
	}
}

func ExampleRules_Layout() {
	r := Classic()
	r.Diagonals = BothDiagonals
	r.Cages = []Cage{{Cells: []int{0, 1}, Sum: 3}}
	l, err := r.Layout()
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Name(), len(l.Units), "units,", l.Houses, "houses;", &l.Units[27], "and", &l.Units[29])
	b := NewBoard(r)
	b.Cells[0], b.Cells[10] = 1, 1
	fmt.Println(b.Validate())
	// Output:
	// x killer 9x9 30 units, 29 houses; the down diagonal and cage 1
	// r1c1 and r2c2 are both 1 in box 1
}

// TestAOrAn: sizes and rule sets as they are said.
func TestAOrAn(t *testing.T) {
	for _, tc := range []struct{ s, want string }{
		{"9x9", "a 9x9"}, {"8x8", "an 8x8"}, {"11x11", "an 11x11"}, {"18x18", "an 18x18"}, {"16x16", "a 16x16"},
		{"anti-knight 9x9", "an anti-knight 9x9"}, {"x 9x9", "an x 9x9"}, {"odd-even 9x9", "an odd-even 9x9"},
		{"one-diagonal 9x9", "a one-diagonal 9x9"}, {"killer jigsaw 9x9", "a killer jigsaw 9x9"}, {"windoku 9x9", "a windoku 9x9"},
	} {
		if got := words.A(tc.s); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	sc := NewScanner(strings.NewReader(strings.Repeat(".", 81) + " rules=anti-knight\n" + strings.Repeat(".", 64) + "\n"))
	var got []string
	for sc.Scan() {
		got = append(got, sc.Puzzle().Err.Error())
	}
	want := "line 1: an anti-knight 9x9 puzzle: only classic 9x9 puzzles are read here|line 2: an 8x8 puzzle: only classic 9x9 puzzles are read here"
	if strings.Join(got, "|") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
