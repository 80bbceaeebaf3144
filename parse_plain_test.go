package sudoku

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSharedRoundTrip writes every shared Solo puzzle in the plain line
// form and as an f-puzzles link, and reads it back with ParseBoard: same
// size, boxes, regions, cages, rules and givens, and no annotation.
func TestSharedRoundTrip(t *testing.T) {
	solo := []string{"solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt", "solo-2x3di.txt", "solo-4x4di.txt"}
	for _, tc := range []struct {
		form  string
		write func(*Board) (string, error)
		files []string
	}{
		{"plain", FormatPlain, append([]string{"solo-3x3di.txt"}, solo...)},
		{"fpuzzles link", FormatFPuzzlesLink, solo},
	} {
		for _, file := range tc.files {
			t.Run(tc.form+"/"+file, func(t *testing.T) { checkSharedRoundTrip(t, file, tc.write) })
		}
	}
}

// checkSharedRoundTrip writes the Solo puzzles of a shared file with
// write and reads them back.
func checkSharedRoundTrip(t *testing.T, file string, write func(*Board) (string, error)) {
	for i, p := range soloPuzzles(t, file) {
		b, err := ParseSolo(p[0])
		if err != nil {
			t.Fatal(err)
		}
		text, err := write(b)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		got, ann, err := ParseBoard(text)
		if err != nil || ann != "" {
			t.Fatalf("puzzle %d: %q read back: %v (annotation %q)", i+1, text, err, ann)
		}
		if !reflect.DeepEqual(got.Cells, b.Cells) || !sameRules(got.Rules, b.Rules) {
			t.Errorf("puzzle %d: %q read back as %+v, want %+v", i+1, text, *got.Rules, *b.Rules)
		}
	}
}

// sameRules compares rules up to the order of cages and region numbers.
func sameRules(a, b *Rules) bool {
	if a.Size != b.Size || a.BoxRows != b.BoxRows || a.BoxCols != b.BoxCols || a.Variants() != b.Variants() {
		return false
	}
	return samePartition(a.Regions, b.Regions) && cageSet(a) == cageSet(b)
}

func samePartition(a, b []uint8) bool {
	if len(a) != len(b) {
		return false
	}
	ab, ba := map[uint8]uint8{}, map[uint8]uint8{}
	for i := range a {
		if x, ok := ab[a[i]]; ok && x != b[i] {
			return false
		}
		if x, ok := ba[b[i]]; ok && x != a[i] {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}

func cageSet(r *Rules) string {
	var s []string
	for _, k := range r.Cages {
		cells := slices.Sorted(slices.Values(k.Cells))
		s = append(s, fmt.Sprint(cells, k.Sum))
	}
	slices.Sort(s)
	return strings.Join(s, ";")
}

func TestParseBoardForms(t *testing.T) {
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	six := "1.....2.....3.....4.....5.....6....."
	jig := "123456789" + strings.Repeat(".", 72)
	regions := "aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii"
	for _, tc := range []struct {
		name, text string
		size       int
		variants   Variant
		clues      int
		ann        string
	}{
		{"classic line", classic, 9, 0, 30, ""},
		{"classic with annotation", classic + " 2.5 easy", 9, 0, 30, "2.5 easy"},
		{"6x6 line", six, 6, 0, 6, ""},
		{"16x16 letters", "123456789ABCDEFG" + strings.Repeat(".", 240), 16, 0, 16, ""},
		{"jigsaw regions", jig + " " + regions, 9, VariantJigsaw, 9, ""},
		{"killer 4x4", strings.Repeat(".", 16) + " aabbccddeeffgghh a=3 b=7 c=3 d=7 e=7 f=3 g=7 h=?", 4, VariantKiller, 0, ""},
		{"rules", classic + " rules=x", 9, VariantX, 30, ""},
		{"rules then annotation", six + " rules=anti-king hard", 6, VariantAntiKing, 6, "hard"},
		{"rules as long as the cells", strings.Repeat(".", 16) + " rules=x,disjoint", 4, VariantX | VariantDisjoint, 0, ""},
		{"solo", "2x3:d4a5d6a1a3d4a1a1d2a2d", 6, 0, 10, ""},
		{"hodoku", ":0100:3:" + strings.Replace(classic, "5", "+5", 1) + ":::", 9, 0, 30, "hodoku 0100 3"},
		{"sudokuwiki", "https://www.sudokuwiki.org/sudoku.htm?bd=" + strings.ReplaceAll(classic, ".", "0"), 9, 0, 30, ""},
		{"sukaku", strings.Repeat("123456789", 81), 9, 0, 0, ""},
		{"printed block", "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n", 9, 0, 30, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, ann, err := ParseBoard(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if b.Size() != tc.size || b.Rules.Variants() != tc.variants || b.Clues() != tc.clues || ann != tc.ann {
				t.Errorf("size %d, variants %q, %d clues, annotation %q; want %d, %q, %d, %q", b.Size(), b.Rules.Variants(), b.Clues(), ann, tc.size, tc.variants, tc.clues, tc.ann)
			}
		})
	}
}

// checkBoardError checks that ParseBoard refuses text with a *ParseError
// saying want, at column col when col > 0, and returns the error.
func checkBoardError(t *testing.T, text, want string, col int) error {
	t.Helper()
	_, _, err := ParseBoard(text)
	var pe *ParseError
	switch {
	case err == nil:
		t.Fatal("no error")
	case !errors.As(err, &pe):
		t.Errorf("%v is not a *ParseError", err)
	case !strings.Contains(err.Error(), want):
		t.Errorf("got %q, want it to say %q", err, want)
	case col > 0 && pe.Col != col:
		t.Errorf("%v: column %d, want %d", err, pe.Col, col)
	}
	return err
}

// TestSplitRegions: regions whose cells do not touch are read (the
// colouring-book puzzles of f-puzzles have them), written back in the
// plain form, and refused by name where a form cannot hold them (Solo).
func TestSplitRegions(t *testing.T) {
	regions := "aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii"
	text := strings.Repeat(".", 81) + " " + "i" + regions[1:80] + "a"
	b, _, err := ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Rules.SplitRegions(); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("split regions %v, want [0 1] (labels i and a, numbered as they come)", got)
	}
	out, err := FormatBoard(b, FormLine)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := ParseBoard(out)
	if err != nil || !slices.Equal(again.Rules.Regions, b.Rules.Regions) {
		t.Errorf("%s reads back as %v, %v", out, again, err)
	}
	if _, err := FormatSolo(b); err == nil || !strings.Contains(err.Error(), "regions whose cells do not touch") {
		t.Errorf("FormatSolo: %v, want a refusal naming split regions", err)
	}
}

func TestParseBoardErrors(t *testing.T) {
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	regions := "aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii"
	for _, tc := range []struct {
		name, text, want string
		col              int
		rule             bool // wraps a *RuleError
	}{
		{"7 in a 6x6", "7" + strings.Repeat(".", 35), "unexpected '7' in cell r1c1 (a cell is 1-6", 1, false},
		{"region count", classic + " " + strings.ReplaceAll(regions, "i", "h"), "region map has 8 labels", 83, false},
		{"region size", classic + " " + strings.Replace(regions, "i", "h", 1), `region 'h' has 10 cells`, 0, false},
		{"cage without sum", strings.Repeat(".", 16) + " aabb............ a=3", `cage 'b' has no sum`, 20, false},
		{"sum for a missing cage", strings.Repeat(".", 16) + " aabb............ a=3 b=7 z=4", `sum for cage 'z'`, 43, false},
		{"impossible sum", strings.Repeat(".", 16) + " aabb............ a=8 b=7", "sum 8 is impossible", 0, true},
		{"jigsaw in rules", classic + " rules=jigsaw", "jigsaw come with the puzzle", 83, false},
		{"unknown rule", classic + " rules=sandwich", `unknown variant "sandwich"`, 83, false},
		{"drawn rule", classic + " rules=thermo", `thermo come with the puzzle`, 83, false},
		{"clash", "11" + strings.Repeat(".", 34), "r1c1", 1, false},
		{"sukaku digit at the wrong place", "2" + strings.Repeat("123456789", 81)[1:], "unexpected '2' in cell r1c1", 1, false},
		{"hodoku short", ":0100:3:" + classic[:80] + ":::", "80 cells, want 81", 9, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkBoardError(t, tc.text, tc.want, tc.col)
			var re *RuleError
			if tc.rule && !errors.As(err, &re) {
				t.Errorf("%v does not wrap a *RuleError", err)
			}
		})
	}
}

func TestFormatBoard(t *testing.T) {
	b, _, err := ParseBoard("1.....2.....3.....4.....5.....6..... rules=x")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ form, want string }{
		{FormLine, "1.....2.....3.....4.....5.....6..... rules=x"},
		{FormGrid, "1 . . | . . .\n2 . . | . . .\n------+------\n3 . . | . . .\n4 . . | . . .\n------+------\n5 . . | . . .\n6 . . | . . .\n"},
		{FormJSON, `{"size":6,"box":[2,3],"cells":[[1,0,0,0,0,0],[2,0,0,0,0,0],[3,0,0,0,0,0],[4,0,0,0,0,0],[5,0,0,0,0,0],[6,0,0,0,0,0]],"variants":"x"}`},
	} {
		got, err := FormatBoard(b, tc.form)
		if err != nil || got != tc.want {
			t.Errorf("%s: got\n%s (%v), want\n%s", tc.form, got, err, tc.want)
		}
	}
	odd := NewBoard(Classic())
	odd.Rules.Parity = make([]Parity, 81)
	odd.Rules.Parity[0] = Odd
	if _, err := FormatBoard(odd, FormLine); err == nil || !strings.Contains(err.Error(), "odd/even") {
		t.Errorf("odd/even in a line: %v", err)
	}
}

// boardRecords scans text and names its records: "err: " and the error,
// the rules of a board, or "classic".
func boardRecords(text string, boards bool) []string {
	sc := NewScanner(strings.NewReader(text))
	sc.Boards = boards
	var got []string
	for sc.Scan() {
		p := sc.Puzzle()
		switch {
		case p.Err != nil:
			got = append(got, "err: "+p.Err.Error())
		case p.Board != nil:
			got = append(got, p.Board.Rules.Name())
		default:
			got = append(got, "classic")
		}
	}
	return got
}

func TestScannerBoards(t *testing.T) {
	in := "1.....2.....3.....4.....5.....6.....\n2x3:d4a5d6a1a3d4a1a1d2a2d\n" +
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" +
		// an 81-cell line with a region map is a jigsaw, not a classic line
		// with an annotation; a SadMan [Puzzle] header is skipped
		"123456789" + strings.Repeat(".", 72) + " aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii\n" +
		"#Aauthor\n[Puzzle]\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	for _, boards := range []bool{false, true} {
		got := boardRecords(in, boards)
		want := []string{"6x6", "6x6", "classic", "jigsaw 9x9", "classic"}
		if !boards {
			want = []string{"err: line 1: a 6x6 puzzle: only classic 9x9 puzzles are read here", "err: line 2: a 6x6 puzzle: only classic 9x9 puzzles are read here", "classic",
				"err: line 4: a jigsaw 9x9 puzzle: only classic 9x9 puzzles are read here", "classic"}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Boards %v: got %q, want %q", boards, got, want)
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"1.....2.....3.....4.....5.....6..... rules=x", strings.Repeat(".", 16) + " aabbccddeeffgghh a=3 b=7 c=3 d=7 e=7 f=3 g=7 h=?",
		strings.Repeat(".", 81) + " aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii",
		":0100:3:" + strings.Repeat(".", 81) + ":::", "3x2:a1f2_3e", "2x2k:p,aaaaaaaaaaaa_,3a5a3a5g",
		strings.Repeat(".", 81) + " " + strings.TrimSuffix(strings.Repeat("1,1,2,", 27), ",") + " 1=3 2=?",
		strings.Repeat(".", 16) + " 1,1,a.b,a.b,.,.,.,.,.,.,.,.,.,.,.,. 1=3 a.b=? rules=x", fpGrid(7, `{"region":0}`), "https://www.sudokuwiki.org/sudoku.htm?bd=" + strings.Repeat("0", 81), strings.Repeat("123456789", 81)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, _, err := ParseBoard(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: %v is not a *ParseError", s, err)
			}
			return
		}
		if err := b.Rules.validate(); err != nil {
			t.Fatalf("%q read with rules that do not hold: %v", s, err)
		}
		for _, form := range []string{FormLine, FormSolo, FormFPuzzles, FormJSON, FormGrid} {
			out, err := FormatBoard(b, form)
			if err != nil || form == FormJSON || form == FormGrid {
				continue
			}
			back, _, err := ParseBoard(out)
			if err != nil || !reflect.DeepEqual(back.Cells, b.Cells) || !sameRules(back.Rules, b.Rules) && !(form == FormFPuzzles && samePuzzle(back.Rules, b.Rules)) {
				t.Fatalf("%q written as %s %q, read back %v", s, form, out, err)
			}
		}
	})
}

// samePuzzle reports whether a and b make the same puzzle: the same
// groups of cells whose digits differ (with the same sums), the same
// knight and king moves, the same odd and even cells. f-puzzles writes
// boxes of an unusual shape as regions and windoku windows as extra
// regions: the puzzle is the same, the rules read back are not.
func samePuzzle(a, b *Rules) bool {
	la, err1 := a.Layout()
	lb, err2 := b.Layout()
	if err1 != nil || err2 != nil || !reflect.DeepEqual(la.Peers, lb.Peers) {
		return false
	}
	return unitSet(la) == unitSet(lb) && slices.Equal(parities(a), parities(b))
}

func unitSet(l *Layout) string {
	var s []string
	for _, u := range l.Units {
		s = append(s, fmt.Sprint(u.Cells, u.Sum, u.Kind == UnitCage))
	}
	slices.Sort(s)
	return strings.Join(s, ";")
}

func parities(r *Rules) []Parity {
	if r.Parity == nil {
		return make([]Parity, r.Cells())
	}
	return r.Parity
}

// TestPlainCageSumRange: a cage sum past any int (2^63 and more) or past
// maxCageSum is refused with its place, in the letter form and the list
// form alike; before, the sum field was not taken for one, and the
// puzzle read as an empty classic grid (list form) or failed on its
// "region map" (letter form).
func TestPlainCageSumRange(t *testing.T) {
	for _, tt := range []struct{ name, line, want string }{
		{"letters, 2^63", "................ aabbccddeeffgghh a=9223372036854775808 b=7 c=7 d=3 e=5 f=5 g=5 h=5", "column 37: cage 'a': sum 9223372036854775808 is too large"},
		{"list, 2^63", "................ 1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8 1=9223372036854775808 2=7 3=7 4=3 5=5 6=5 7=5 8=5", "column 52: cage '1': sum 9223372036854775808 is too large"},
		{"letters, past the bound", "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=1048577", "cage 'h': sum 1048577 is too large (at most 1048576)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, _, err := ParsePlain(tt.line)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, %v; want an error with %q", b, err, tt.want)
			}
		})
	}
}
