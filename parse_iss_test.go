package sudoku

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// issFixtures reads testdata/iss/puzzles.txt: our own small ISS puzzles,
// one a line (the last an ISS page link), each with one solution.
func issFixtures(t testing.TB) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "iss", "puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func TestIsISS(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{".~R1C1_5", true},
		{".Shape~6x6", true},
		{".AntiKnight.~R1C1_5", true},
		{".Regex~MS4~R1C1", true}, // an ISS type, refused by the reader by name
		{".X~R1C1~R1C2", true},
		{"https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1C2", true},
		{"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", false},
		{"..3.5....", false},
		{".X.", false},
		{".Foo~R1C1", false},
		{".", false},
		{"https://example.com/?q=hello", false},
	}
	for _, c := range cases {
		if got := IsISS(c.text); got != c.want {
			t.Errorf("IsISS(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestParseISSFixtures reads each fixture, through ParseBoard's
// detection, to a board that writes back to the same string.
func TestParseISSFixtures(t *testing.T) {
	for _, s := range issFixtures(t) {
		b, _, err := ParseBoard(s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		text, err := FormatISS(b)
		if q, ok := issQuery(s); ok {
			s = q
		}
		if err != nil || text != s {
			t.Errorf("written back as %q (%v), want %q", text, err, s)
		}
	}
}

// TestScannerISS reads the fixtures as a file of puzzles.
func TestScannerISS(t *testing.T) {
	want := issFixtures(t)
	sc := NewScanner(strings.NewReader(strings.Join(want, "\n") + "\n"))
	sc.Boards = true
	n := 0
	for sc.Scan() {
		p := sc.Puzzle()
		if p.Err != nil || p.Board == nil {
			t.Errorf("record %d: %v", n+1, p.Err)
		}
		n++
	}
	if n != len(want) {
		t.Errorf("got %d records, want %d", n, len(want))
	}
}

func TestParseISSValues(t *testing.T) {
	b, err := ParseISS(".Shape~4x4.~R1C1_1_2.~R1C1_2_3~R2C2_4.Diagonal~1.NoBoxes.Jigsaw~0001201122312333")
	if err != nil {
		t.Fatal(err)
	}
	if b.Cells[0] != 2 || b.Cells[5] != 4 || b.Marks != nil {
		t.Errorf("givens %v, marks %v: want r1c1 2 (its givens' one common value) and r2c2 4", b.Cells, b.Marks)
	}
	if r := b.Rules; r.Regions == nil || r.Diagonals != DiagUp {
		t.Errorf("regions %v, diagonals %v: want the jigsaw and the diagonal up", r.Regions, r.Diagonals)
	}
	b, err = ParseISS(".Shape~6x6.NoBoxes.Jigsaw~001122001122001122334455334455334455.~R1C1_1_3_5")
	if err != nil {
		t.Fatal(err)
	}
	if r := b.Rules; r.Regions != nil || r.BoxRows != 3 || r.BoxCols != 2 || b.Marks == nil || b.Marks[0] != DigitOf(1)|DigitOf(3)|DigitOf(5) {
		t.Errorf("boxes %dx%d, regions %v, marks %v: want boxes of 3x2 and r1c1's candidates 135", r.BoxRows, r.BoxCols, r.Regions, b.Marks)
	}
}

// TestParseISSText reads a text of several lines as ISS does: comment
// lines left out, white space and sections joined.
func TestParseISSText(t *testing.T) {
	text := "# a 4x4\n.Shape~4x4\n  .~R1C1_1\n\n.~R2C3_2 .Thermo~R4C1~\nR4C2"
	b, _, err := ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := FormatISS(b)
	if want := ".Shape~4x4.~R1C1_1~R2C3_2.Thermo~R4C1~R4C2"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestParseISSErrors(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"unsupported", ".~R1C1_5.Thermo~R1C2~R1C3.Regex~MS4~R1C1", "column 26: ISS constraint 3 (Regex): not supported (supported: AllDifferent,"},
		{"not a type", ".Foo~R1C1", "ISS constraint 1 (Foo): not an ISS type"},
		{"composite", ".Or.Thermo~R1C1~R1C2.End", "ISS constraint 1 (Or): ISS's composite constraints are not supported"},
		{"var", ".Var~A~x~3", "ISS constraint 1 (Var): ISS's var cells"},
		{"value range", ".Shape~9x9~0-8", "ISS constraint 1 (Shape): values 0-8: only 1-9 is supported"},
		{"not square", ".Shape~6x9", "a grid of 6x9 is not square"},
		{"raw grid", ".Shape~9x9~~Raw", `grid type "Raw": only Sudoku is supported`},
		{"small", ".Shape~3x3", "size 3: want 4 to 16"},
		{"bad cell", ".Thermo~R1C1~R1CA", `ISS constraint 1 (Thermo): cell "R1CA" is not a cell of a 9x9 grid`},
		{"cell outside", ".Shape~6x6.Thermo~R1C1~R7C1", `ISS constraint 2 (Thermo): cell "R7C1" is not a cell of a 6x6 grid (R1C1 to R6C6)`},
		{"given value", ".~R1C1_10", `ISS constraint 1 (Given): R1C1: value "10" is not 1 to 9`},
		{"givens empty", ".~R1C1_1.~R1C1_2", "ISS constraint 2 (Given): R1C1: no value left with its other givens"},
		{"cage sum", ".Cage~x~R1C1~R1C2", `ISS constraint 1 (Cage): sum "x" is not a whole number`},
		{"cage twice", ".Cage~3~R1C1~R1C1", "ISS constraint 1 (Cage): lists R1C1 twice"},
		{"impossible cage", ".Cage~30~R1C1~R1C2", "ISS constraint 1 (Cage): sum 30 is impossible for 2 cells of different digits 1 to 9"},
		{"jigsaw size", ".Jigsaw~00", "ISS constraint 1 (Jigsaw): the layout has 2 labels, want one a cell (81)"},
		{"jigsaw region", ".Shape~4x4.NoBoxes.Jigsaw~0000000011112222", `ISS constraint 3 (Jigsaw): region "0" has 8 cells, want 4`},
		{"diagonal", ".Diagonal~2", `ISS constraint 1 (Diagonal): want 1 (up to the right) or -1 (down to the right), got "2"`},
		{"flag args", ".AntiKnight~1", "ISS constraint 1 (AntiKnight): takes no arguments, got 1"},
		{"modular", ".Modular~4~R1C1~R1C2", `ISS constraint 1 (Modular): mod "4": only mod 3 is supported`},
		{"entropic", ".Shape~6x6.Entropic~R1C1~R1C2", "ISS constraint 2 (Entropic): ISS's entropic lines need the digits 1-9"},
		{"thermo long", ".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4~R2C4", "ISS constraint 2 (Thermo): a thermometer of 5 cells cannot rise through 4 digits"},
		{"whisper value", ".Shape~4x4.Whisper~R1C1~R1C2", "ISS constraint 2 (Whisper): value 5 out of range 1..3"},
		{"pill size", ".PillArrow~4~R1C1~R1C2~R1C3~R1C4~R2C4", `ISS constraint 1 (PillArrow): pill size "4": want 2 or 3`},
		{"pill 16x16", ".Shape~16x16.PillArrow~2~R1C1~R1C2~R2C2", "ISS constraint 2 (PillArrow): ISS reads a pill's cells as figures 0-9"},
		{"pill order", ".PillArrow~2~R1C1~R2C3~R3C3~R4C4", "ISS constraint 1 (PillArrow): ISS reads a pill in reading order"},
		{"sum coefficients", ".Sum~0_=_1_-1~R1C1~R1C2", "ISS constraint 1 (Sum): sums with coefficients (0_=_1_-1) are not supported"},
		{"dot apart", ".WhiteDot~R1C1~R3C3", "ISS constraint 1 (WhiteDot): no two of its cells are side by side"},
		{"little killer", ".LittleKiller~10~R5C5", `ISS constraint 1 (LittleKiller): "R5C5" starts no diagonal of ISS's little killers`},
		{"two clues", ".XSum~R1~10~.XSum~R1~12~", "ISS constraint 2 (XSum): a second clue at R1,0 (12 after 10): ISS keeps only the last"},
		{"clue line", ".XSum~R10~10", `ISS constraint 1 (XSum): "R10" is not a row or column (R1 to R9, C1 to C9)`},
		{"quad corner", ".Quad~R9C1~1", "ISS constraint 1 (Quad): R9C1 is the corner of no 2x2 square"},
		{"two quads", ".Quad~R1C1~1.Quad~R1C1~2", "ISS constraint 2 (Quad): a second clue at R1C1 (2 after 1)"},
		{"contain", ".ContainAtLeast~1_2~R1C1~R1C2", "ISS constraint 1 (ContainAtLeast): only four cells (a quadruple's) are supported, not 2"},
		{"indexing", ".Indexing~B~R1C1", "ISS constraint 1 (Indexing): want R (row) or C (column) indexing first"},
		{"pair key", ".Pair~!!~R1C1~R1C2", `ISS constraint 1 (Pair): key "!!" is not a relation of the digits 1 to 9`},
		{"pair relation", ".Pair~C~R1C1~R1C2", "ISS constraint 1 (Pair): its relation (key C) is none of ours"},
		{"pair dot apart", ".Pair~CoAKgCoAKgCoAC~R1C1~R3C3", "ISS constraint 1 (Pair): R1C1 and R3C3 are not side by side, as a dot's cells are"},
		{"no dot", "Thermo~R1C1~R1C2", "ISS: a constraint string starts with"},
		{"windoku 7x7", ".Shape~7x7.NoBoxes.Jigsaw~0000000111111122222223333333444444455555556666666.Windoku", "Windoku on a 7x7 grid, where ISS has no windows"},
		{"clash", ".~R1C1_5~R1C2_5", "ISS: r1c1 and r1c2"},
		{"other section", ".Thermo~R1C1~R1C2\n\n53..7....", "line 3, column 1: ISS: this section is not a constraint string"},
		{"place on line 2", "# a comment\n.Shape~6x6\n  .Thermo~R1C1~R7C1", `line 3, column 3: ISS constraint 2 (Thermo): cell "R7C1"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseISS(c.text)
			switch {
			case err == nil:
				t.Fatalf("read, want an error with %q", c.want)
			case !strings.Contains(err.Error(), c.want):
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// FuzzISS: no text makes ParseISS panic, and what it reads writes back
// to a string that reads back the same (written again the same).
func FuzzISS(f *testing.F) {
	for _, s := range issFixtures(f) {
		f.Add(s)
	}
	for _, s := range []string{".~R1C1_5", ".Shape~16x16.Thermo~RaCb~RgCg", ".StrictKropki.WhiteDot~R1C1~R1C2~R2C2",
		".Pair~tWL~R1C1~R1C2~~R2C1~R2C2", ".PillArrow~2~R1C1~R1C2~R2C3~R3C3", ".LittleKiller~5~R1C2.Sandwich~0~C3",
		".GreaterThan~R1C1~R1C2~R2C1~R2C2", ".Cage~~R1C1~R1C2.Cage~3~R1C2~R1C3.Sum~10~R5C5~R9C9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseISS(s)
		if err != nil {
			return
		}
		text, err := FormatISS(b)
		if err != nil {
			t.Fatalf("read %q, not written: %v", s, err)
		}
		b2, err := ParseISS(text)
		if err != nil {
			t.Fatalf("wrote %q, not read: %v", text, err)
		}
		if again, err := FormatISS(b2); err != nil || again != text {
			t.Fatalf("wrote %q, read back and written %q (%v)", text, again, err)
		}
	})
}
