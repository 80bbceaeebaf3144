package sudoku

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The example puzzle of Wikipedia's Sudoku article (public domain), its
// solution, and puzzles derived from it.
const (
	wiki    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	wikiSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// seedB is the clue list of the seed article (MathWorks' "Solve Sudoku
// Puzzles via Integer Programming", Japanese page run through machine
// translation, hence the mixed separators), and the grid it describes.
const (
	seedB     = "B = [1,2,2;1、5、3;1、8、4;2、1、6;2、9、3;3、3、4;3、7、5;4、4、8;4、6、6;5 1 8; 5,5,1; 5,9,6; 6,4,7; 6,6,5; 7,3,7; 7,7,6; 8,1,4; 8,9,8; 9,2,3; 9,5,4; 9,8,2]"
	seedBGrid = ".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2."
)

func mustGrid(t testing.TB, line string) Grid {
	t.Helper()
	g, _, err := ParseLine(line)
	if err != nil {
		t.Fatalf("ParseLine(%q): %v", line, err)
	}
	return g
}

// rowsOf splits an 81-character line into its 9 rows.
func rowsOf(line string) []string {
	var rows []string
	for i := 0; i < 81; i += 9 {
		rows = append(rows, line[i:i+9])
	}
	return rows
}

func TestParseForms(t *testing.T) {
	wikiRows := rowsOf(wiki)
	tests := []struct {
		name, in, want string
	}{
		{"line dots", wiki, wiki},
		{"line zeros", strings.ReplaceAll(wiki, ".", "0"), wiki},
		{"line other empties", strings.NewReplacer(".", "-").Replace(wiki[:40]) + strings.NewReplacer(".", "_").Replace(wiki[40:60]) + strings.NewReplacer(".", "*").Replace(wiki[60:]), wiki},
		{"line annotation", wiki + "  2.5 hard", wiki},
		{"line tab annotation", wiki + "\t#42", wiki},
		{"line surrounding space", "  " + wiki + "  \n", wiki},
		{"line crlf", wiki + "\r\n", wiki},
		{"line bom", "\uFEFF" + wiki, wiki},
		{"line after comments", "# title\n% matlab comment\n\n" + wiki + "\n", wiki},
		{"line hash first", "000694f16758 " + wiki + " 2.5", wiki},
		{"line digit hash first", "123456789012 " + wiki + " 2.5", wiki},
		{"line label first", "puzzle: " + wiki, wiki},
		{"block compact", strings.Join(wikiRows, "\n"), wiki},
		{"block pretty", mustGrid(t, wiki).Pretty(), wiki},
		{"block groups", strings.ReplaceAll(strings.Join(wikiRows, "\n"), "...", "... "), wiki},
		{"block blank lines between bands", strings.Join(wikiRows[:3], "\n") + "\n\n" + strings.Join(wikiRows[3:6], "\n") + "\n\n" + strings.Join(wikiRows[6:], "\n"), wiki},
		{"block fixed width blanks", strings.ReplaceAll(strings.Join(wikiRows, "\n"), ".", " "), wiki},
		{"block pretty blanks", strings.ReplaceAll(mustGrid(t, wiki).Pretty(), ".", " "), wiki},
		{"block title", "Grid 01\n" + strings.Join(wikiRows, "\n"), wiki},
		{"block box drawing", "┌───┬───┬───┐\n│53.│.7.│...│\n│6..│195│...│\n│.98│...│.6.│\n├───┼───┼───┤\n│8..│.6.│..3│\n│4..│8.3│..1│\n│7..│.2.│..6│\n├───┼───┼───┤\n│.6.│...│28.│\n│...│419│..5│\n│...│.8.│.79│\n└───┴───┴───┘", wiki},
		{"block spaced 81", strings.Join(strings.Split(wiki, ""), " "), wiki},
		{"block 3 lines of 27", wiki[:27] + "\n" + wiki[27:54] + "\n" + wiki[54:], wiki},
		{"matlab matrix", "[5 3 0 0 7 0 0 0 0; 6 0 0 1 9 5 0 0 0; 0 9 8 0 0 0 0 6 0; 8 0 0 0 6 0 0 0 3; 4 0 0 8 0 3 0 0 1; 7 0 0 0 2 0 0 0 6; 0 6 0 0 0 0 2 8 0; 0 0 0 4 1 9 0 0 5; 0 0 0 0 8 0 0 7 9]", wiki},
		{"matlab matrix commas no brackets", "5,3,0,0,7,0,0,0,0;6,0,0,1,9,5,0,0,0;0,9,8,0,0,0,0,6,0;8,0,0,0,6,0,0,0,3;4,0,0,8,0,3,0,0,1;7,0,0,0,2,0,0,0,6;0,6,0,0,0,0,2,8,0;0,0,0,4,1,9,0,0,5;0,0,0,0,8,0,0,7,9", wiki},
		{"matlab 81 numbers", "sudokuMat=[5 3 0 0 7 0 0 0 0     6 0 0 1 9 5 0 0 0     0 9 8 0 0 0 0 6 0     8 0 0 0 6 0 0 0 3     4 0 0 8 0 3 0 0 1     7 0 0 0 2 0 0 0 6     0 6 0 0 0 0 2 8 0     0 0 0 4 1 9 0 0 5     0 0 0 0 8 0 0 7 9];% comment", wiki},
		{"matlab 81 numbers bare", "5 3 0 0 7 0 0 0 0 6 0 0 1 9 5 0 0 0 0 9 8 0 0 0 0 6 0 8 0 0 0 6 0 0 0 3 4 0 0 8 0 3 0 0 1 7 0 0 0 2 0 0 0 6 0 6 0 0 0 0 2 8 0 0 0 0 4 1 9 0 0 5 0 0 0 0 8 0 0 7 9", wiki},
		{"matlab rows on lines", "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9", wiki},
		{"matlab clue list seed", seedB, seedBGrid},
		{"matlab clue list seed with tail", seedB + ";  % the clues", seedBGrid},
		{"matlab clue list lines", "1 2 2\n1 5 3\n1 8 4\n2 1 6\n2 9 3\n3 3 4\n3 7 5\n4 4 8\n4 6 6\n5 1 8\n5 5 1\n5 9 6\n6 4 7\n6 6 5\n7 3 7\n7 7 6\n8 1 4\n8 9 8\n9 2 3\n9 5 4\n9 8 2", seedBGrid},
		{"matlab clue list full-width", "B = ［1，2，2；1、5、3］", ".2..3" + strings.Repeat(".", 76)},
		{"matlab clue repeated", "[1 2 2; 1 2 2]", ".2" + strings.Repeat(".", 79)},
		{"json rows", `[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]`, wiki},
		{"json string", `"` + wiki + `"`, wiki},
		{"json string escaped", `"\u0035` + wiki[1:] + `"`, wiki},
		{"json object", `{"id": 1, "more": [1, {"a": [true, false, null]}], "puzzle": "` + wiki + `", "rating": 2.5e0}`, wiki},
		{"json row strings", `["53..7....","6..195...",".98....6.","8...6...3","4..8.3..1","7...2...6",".6....28.","...419..5","....8..79"]`, wiki},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("got error %v, want %v", err, tc.want)
			}
			if got := g.Line('.'); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	wikiRows := rowsOf(wiki)
	wikiMatrix := "[5 3 0 0 7 0 0 0 0; 6 0 0 1 9 5 0 0 0; 0 9 8 0 0 0 0 6 0; 8 0 0 0 6 0 0 0 3; 4 0 0 8 0 3 0 0 1; 7 0 0 0 2 0 0 0 6; 0 6 0 0 0 0 2 8 0; 0 0 0 4 1 9 0 0 5; 0 0 0 0 8 0 0 7 9]"
	wikiJSON := `[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]`
	tests := []struct {
		name      string
		in        string
		line, col int
		msg       string // the whole message of the *ParseError
		conflict  bool   // the error wraps a *ConflictError
	}{
		{"empty", "", 0, 0, "no puzzle found: the text is empty, blank or only comments", false},
		{"only comments", "# a\n\n% b\n", 0, 0, "no puzzle found: the text is empty, blank or only comments", false},
		{"line 80 cells", wiki[:80], 1, 0, "got 80 cells, want 81", false},
		{"line 82 cells", wiki + "1", 1, 0, "got 82 cells, want 81", false},
		{"line 80 cells annotated", wiki[:80] + " 2.5", 1, 0, "got 80 cells, want 81", false},
		{"line bad character", wiki[:6] + "x" + wiki[7:], 1, 7, "unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)", false},
		{"line bad character after comment", "# c\n\n" + wiki[:6] + "x" + wiki[7:], 3, 7, "unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)", false},
		{"line glued annotation", wiki + "#7", 1, 82, "unexpected '#' after the 81 cells (separate an annotation with a space)", false},
		{"line hash bad puzzle", "000694f16758 " + wiki[:80] + " 2.5", 1, 0, "got 80 cells, want 81", false},
		{"line conflict row", wiki[:2] + "5" + wiki[3:], 1, 3, "r1c1 and r1c3 are both 5 in row 1 (r1c1 is at column 1)", true},
		{"line conflict column", wiki[:72] + "5" + wiki[73:], 1, 73, "r1c1 and r9c1 are both 5 in column 1 (r1c1 is at column 1)", true},
		{"two puzzles", wiki + "\n" + wiki, 2, 1, "more text after the puzzle on line 1: Parse reads one puzzle (a Scanner reads a list)", false},
		{"block row with 10 cells", strings.Replace(mustGrid(t, wiki).Pretty(), "6 . . | 1 9 5 | . . .", "6 . . | 1 9 5 | . . . 4", 1), 2, 23, "row 2 has 10 cells, want 9", false},
		{"block row with 8 cells", strings.Join(append(append(wikiRows[:4:4], "4..8.3.."), wikiRows[5:]...), "\n"), 5, 0, "row 5 has 8 cells, want 9 (write 0 or . for an empty cell)", false},
		{"block 8 rows", strings.Join(wikiRows[:8], "\n"), 1, 0, "got 8 rows of 9 cells, want 9 rows", false},
		{"block bad character", strings.Join(wikiRows[:3], "\n") + "\n8...6..x3\n" + strings.Join(wikiRows[4:], "\n"), 4, 8, "unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)", false},
		{"block bad character after box drawing", "║53.│.7.│...║\n║6..│195│.?.║", 2, 11, "unexpected '?' (a cell is 1-9, or one of 0 . - _ * when empty)", false},
		{"block conflict column", strings.Join(append(wikiRows[:8:8], "5...8..79"), "\n"), 9, 1, "r1c1 and r9c1 are both 5 in column 1 (r1c1 is at line 1, column 1)", true},
		{"block pretty conflict box", strings.Replace(mustGrid(t, wiki).Pretty(), "6 . . | 1 9 5", "6 . 3 | 1 9 5", 1), 2, 5, "r1c2 and r2c3 are both 3 in box 1 (r1c2 is at line 1, column 3)", true},
		{"matrix value 12", strings.Replace(wikiMatrix, "7 9]", "7 12]", 1), 1, 170, "12 is not a digit 1-9, or 0 for an empty cell", false},
		{"matrix value -1", strings.Replace(wikiMatrix, "; 0 6 0", "; -1 6 0", 1), 1, 116, "-1 is not a digit 1-9, or 0 for an empty cell", false},
		{"matrix 3 rows of 9", "[1 0 5 0 2 0 0 0 0; 0 0 0 7 4 3 0 0 5; 3 0 7 0 0 0 0 0 9]", 1, 2, "got 3 rows of 9 numbers, want 9 rows", false},
		{"matrix short row", "A = [1 0 5 0 2 0 0 0 0\n0 0 0 7 4 3 0 0 5\n3 0 7 0 0 0 0 9\n0 2 0 0 0 0 4 5 0]", 3, 1, "row 3 has 8 numbers, want 9", false},
		{"matrix long row", "[1 0 5 0 2 0 0 0 0; 0 0 0 7 4 3 0 0 5 8; 3 0 7 0 0 0 0 0 9]", 1, 39, "row 2 has 10 numbers, want 9", false},
		{"matrix 80 numbers", "[" + strings.Repeat("0 ", 79) + "0]", 1, 2, "got 80 numbers, want 81 (a 9x9 matrix) or 3 (row, column, value)", false},
		{"matrix missing bracket", "A = [1 0 5 0 2 0 0 0 0;\n0 0 0 7 4 3 0 0 5", 2, 18, "missing ']' to close the '[' at line 1, column 5", false},
		{"matrix text after bracket", seedB + "; drawSudoku(B)", 1, 145, "unexpected 'd' after the closing ']'", false},
		{"matrix dot", "[5 3 . 0 7 0 0 0 0]", 1, 6, "unexpected '.' in a MATLAB matrix (write 0 for an empty cell)", false},
		{"matrix letter", "[5 3 x 0 7 0 0 0 0]", 1, 6, "unexpected 'x' in a MATLAB matrix", false},
		{"matrix conflict", strings.Replace(wikiMatrix, "7 9]", "7 5]", 1), 1, 170, "r8c9 and r9c9 are both 5 in column 9 (r8c9 is at column 151)", true},
		{"clue row 10", "B = [1,2,2;1,5,3;10,8,4;2,1,6]", 1, 18, "clue 3 has row 10, want 1-9", false},
		{"clue column 0", "B = [1,2,2;1,0,3]", 1, 14, "clue 2 has column 0, want 1-9", false},
		{"clue value 0", "B = [1,2,2;1,5,3;1,8,0;2,1,6]", 1, 22, "clue 3 has value 0, want 1-9", false},
		{"clue value -1", "1 2 2\n1 5 -1", 2, 5, "clue 2 has value -1, want 1-9", false},
		{"clue cell twice", "B = [1,3,7;1,5,3;1,8,4;2,1,6;1,3,4]", 1, 30, "clue 5 sets r1c3 to 4 but clue 1 set it to 7", false},
		{"clue conflict", "B = [1,2,2;1,5,3;4,4,8;4,6,8]", 1, 24, "r4c4 and r4c6 are both 8 in row 4 (clues 3 and 4)", true},
		{"clue short", "1 2 2\n1 5 3\n1 8\n2 1 6", 3, 1, "clue 3 has 2 numbers, want 3 (row, column, value)", false},
		{"json row of 8", strings.Replace(wikiJSON, "[0,0,0,0,8,0,0,7,9]", "[0,0,0,8,0,0,7,9]", 1), 1, 178, "row 9 has 8 numbers, want 9", false},
		{"json row of 10", strings.Replace(wikiJSON, "[0,0,0,0,8,0,0,7,9]", "[0,0,0,0,8,0,0,7,9,1]", 1), 1, 181, "row 9 has more than 9 numbers", false},
		{"json 8 rows", strings.Replace(wikiJSON, ",[0,0,0,0,8,0,0,7,9]", "", 1), 1, 161, "got 8 rows, want 9", false},
		{"json value 10", strings.Replace(wikiJSON, "[6,0,0,1,", "[6,0,0,10,", 1), 1, 29, "10 is not a digit 1-9, or 0 for an empty cell", false},
		{"json syntax", strings.Replace(wikiJSON, "[6,0,0,1,", "[6,0,0 1,", 1), 1, 29, "unexpected '1' in row 2: want ',' or ']'", false},
		{"json multi-line syntax", "[\n [5,3,0,0,7,0,0,0,0],\n [6,0,0,1,9,5,0,0,0]\n [0,9,8,0,0,0,0,6,0]", 4, 2, "unexpected '[' after row 2: want ',' or ']'", false},
		{"json no puzzle member", `{"grid": "` + wiki + `"}`, 1, 1, `the JSON object has no "puzzle" member`, false},
		{"json string of 80", `{"puzzle": "` + wiki[:80] + `"}`, 1, 0, "got 80 cells, want 81", false},
		{"json trailing text", `"` + wiki + `" x`, 1, 85, "unexpected 'x' after the JSON value", false},
		{"json conflict", strings.Replace(wikiJSON, "[6,0,0,1,", "[6,5,0,1,", 1), 1, 33, "r2c2 and r2c6 are both 5 in row 2 (r2c2 is at column 25)", true},
		{"block typo in the first row", "x3..7....\n" + strings.Join(wikiRows[1:], "\n"), 1, 1, "unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)", false},
		{"block with a title, 8 rows", "Grid 01\n" + strings.Join(wikiRows[:8], "\n"), 2, 0, "got 8 rows of 9 cells, want 9 rows", false},
		{"prose", "Solve this one, please!", 1, 1, "unexpected 'S' (a cell is 1-9, or one of 0 . - _ * when empty)", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got error %v (%T), want a *ParseError", err, err)
			}
			if pe.Line != tc.line || pe.Col != tc.col {
				t.Errorf("got line %d, column %d, want line %d, column %d (%v)", pe.Line, pe.Col, tc.line, tc.col, err)
			}
			if pe.Msg != tc.msg {
				t.Errorf("got message %q, want %q", pe.Msg, tc.msg)
			}
			var ce *ConflictError
			if got := errors.As(err, &ce); got != tc.conflict {
				t.Errorf("got errors.As(*ConflictError) %v, want %v", got, tc.conflict)
			}
		})
	}
}

func TestHasConflict(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var g Grid
		for range rng.IntN(30) {
			g[rng.IntN(81)] = uint8(rng.IntN(10))
		}
		if got, want := g.HasConflict(), g.Validate() != nil; got != want {
			t.Fatalf("HasConflict(%v) = %v, want %v", g.Line('.'), got, want)
		}
	}
}

func TestParseConflictKeepsGrid(t *testing.T) {
	in := wiki[:2] + "5" + wiki[3:]
	g, err := Parse(in)
	var ce *ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a *ConflictError", err)
	}
	if ce.A != 0 || ce.B != 2 || ce.Digit != 5 || ce.House != 0 {
		t.Errorf("got %+v, want r1c1 and r1c3, digit 5, row 1", *ce)
	}
	if got := g.Line('.'); got != in {
		t.Errorf("got grid %v, want the grid as read %v", got, in)
	}
	if got, want := err.Error(), "line 1, column 3: r1c1 and r1c3 are both 5 in row 1 (r1c1 is at column 1)"; got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParseSeedClueList(t *testing.T) {
	g, err := Parse(seedB)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Line('.'); got != seedBGrid {
		t.Errorf("got %v, want %v", got, seedBGrid)
	}
	if got, want := g.Clues(), 21; got != want {
		t.Errorf("got %v clues, want %v", got, want)
	}
	// The same puzzle as a 9x9 matrix and as MATLAB's sudokuEngine's
	// conversion back to a clue list.
	m, err := Parse(matlabMatrix(g))
	if err != nil || m != g {
		t.Errorf("got %v, %v from the matrix form, want %v", m.Line('.'), err, seedBGrid)
	}
}

// matlabMatrix writes g as a MATLAB 9x9 matrix.
func matlabMatrix(g Grid) string {
	var sb strings.Builder
	sb.WriteString("A = [")
	for r := 0; r < 9; r++ {
		if r > 0 {
			sb.WriteString("; ")
		}
		for c := 0; c < 9; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte('0' + g[r*9+c])
		}
	}
	sb.WriteString("];")
	return sb.String()
}

// clueList writes g as a MATLAB N-by-3 clue list.
func clueList(g Grid) string {
	var parts []string
	for c := Cell(0); c < 81; c++ {
		if g[c] != 0 {
			parts = append(parts, fmt.Sprintf("%d,%d,%d", c.Row()+1, c.Col()+1, g[c]))
		}
	}
	return "B = [" + strings.Join(parts, ";") + "]"
}

func TestParseLine(t *testing.T) {
	tests := []struct {
		name, in, want, ann string
	}{
		{"plain", wiki, wiki, ""},
		{"annotation", wiki + " 2.5", wiki, "2.5"},
		{"annotation spaces", " " + wiki + "\t 2.5  x y \r\n", wiki, "2.5  x y"},
		{"zeros", strings.ReplaceAll(wiki, ".", "0") + " #1", wiki, "#1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, ann, err := ParseLine(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Line('.'); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if ann != tc.ann {
				t.Errorf("got annotation %q, want %q", ann, tc.ann)
			}
		})
	}
}

func TestParseLineStrict(t *testing.T) {
	tests := []struct {
		name, in, err string
	}{
		{"hash first", "000694f16758 " + wiki, "line 1, column 7: unexpected 'f' (a cell is 1-9, or one of 0 . - _ * when empty)"},
		{"block", strings.Join(rowsOf(wiki), "\n"), "line 2, column 1: more text on a second line: ParseLine reads one line (Parse reads multi-line forms)"},
		{"short", wiki[:79], "line 1: got 79 cells, want 81"},
		{"empty", "", "line 1: got 0 cells, want 81"},
		{"conflict", wiki[:2] + "5" + wiki[3:] + " note", "line 1, column 3: r1c1 and r1c3 are both 5 in row 1 (r1c1 is at column 1)"},
		{"not UTF-8", wiki[:10] + "\xff" + wiki[11:], "line 1, column 11: unexpected byte 0xff (a cell is 1-9, or one of 0 . - _ * when empty)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParseLine(tc.in)
			if err == nil || err.Error() != tc.err {
				t.Errorf("got %v, want %v", err, tc.err)
			}
		})
	}
}

func TestRoundTrips(t *testing.T) {
	grids := []string{wiki, wikiSol, seedBGrid, strings.Repeat(".", 81), "1" + strings.Repeat(".", 80)}
	for _, line := range grids {
		g := mustGrid(t, line)
		forms := map[string]string{
			"line .":      g.Line('.'),
			"line 0":      g.Line('0'),
			"String":      g.String(),
			"Pretty":      g.Pretty(),
			"matrix":      matlabMatrix(g),
			"blank block": strings.ReplaceAll(g.Pretty(), ".", " "),
		}
		if g.Clues() > 0 {
			forms["clue list"] = clueList(g)
		}
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		forms["json"] = string(b)
		for name, text := range forms {
			if name == "blank block" && hasEmptyRow(g) {
				continue // a row with no givens is a blank line: not a row
			}
			got, err := Parse(text)
			if err != nil {
				t.Errorf("%s of %s: got error %v, want %v", name, line, err, line)
				continue
			}
			if got != g {
				t.Errorf("%s of %s: got %v, want %v", name, line, got.Line('.'), line)
			}
		}
		var back Grid
		if err := json.Unmarshal(b, &back); err != nil || back != g {
			t.Errorf("json.Unmarshal(%s): got %v, %v, want %v", b, back.Line('.'), err, line)
		}
	}
}

func TestUnmarshalJSON(t *testing.T) {
	type doc struct {
		Name string `json:"name"`
		Grid Grid   `json:"grid"`
	}
	wikiG := mustGrid(t, wiki)
	in := `{"name": "wiki", "grid": "` + wiki + `"}`
	var d doc
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.Grid != wikiG {
		t.Errorf("got %v, want %v", d.Grid.Line('.'), wiki)
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back doc
	if err := json.Unmarshal(out, &back); err != nil || back != d {
		t.Errorf("got %+v, %v, want %+v", back, err, d)
	}

	// null leaves the grid as it is.
	g := wikiG
	if err := g.UnmarshalJSON([]byte("null")); err != nil || g != wikiG {
		t.Errorf("null: got %v, %v, want %v unchanged", g.Line('.'), err, wiki)
	}
	// A grid breaking the rules still round-trips: UnmarshalJSON checks
	// shape and values, not the rules.
	bad := mustGridNoCheck(wiki[:2] + "5" + wiki[3:])
	b, _ := json.Marshal(bad)
	var got Grid
	if err := json.Unmarshal(b, &got); err != nil || got != bad {
		t.Errorf("conflicting grid: got %v, %v, want %v", got.Line('.'), err, bad.Line('.'))
	}

	errTests := []struct {
		name, in, err string
	}{
		{"8 rows", `[[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0]]`, "line 1, column 161: got 8 rows, want 9"},
		{"value", `"` + wiki[:80] + `"`, "line 1: got 80 cells, want 81"},
		{"number", `[[0,0,0,0,0,0,0,0,1.5]]`, "line 1, column 19: 1.5 is not a digit 1-9, or 0 for an empty cell"},
		{"object", `{"x": 1}`, `line 1, column 1: the JSON object has no "puzzle" member`},
		{"bool", `true`, "line 1, column 1: unexpected 't': want a JSON array of 9 arrays of 9 numbers, or a string of 81 cells"},
	}
	for _, tc := range errTests {
		t.Run(tc.name, func(t *testing.T) {
			var g Grid
			err := g.UnmarshalJSON([]byte(tc.in))
			if err == nil || err.Error() != tc.err {
				t.Errorf("got %v, want %v", err, tc.err)
			}
		})
	}
	// Through encoding/json the error comes back as is.
	var dd doc
	err = json.Unmarshal([]byte(`{"grid": [[1,2]]}`), &dd)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Msg != "row 1 has 2 numbers, want 9" {
		t.Errorf("got %v, want a *ParseError: row 1 has 2 numbers, want 9", err)
	}
}

func hasEmptyRow(g Grid) bool {
	for r := 0; r < 9; r++ {
		if [9]uint8(g[r*9:r*9+9]) == [9]uint8{} {
			return true
		}
	}
	return false
}

// mustGridNoCheck reads a line without checking the rules.
func mustGridNoCheck(line string) Grid {
	var g Grid
	for i := range g {
		g[i] = cellValue[line[i]]
	}
	return g
}

// TestGolden parses every testdata/parse/*.txt and compares the result, the
// grid or the error, with the .golden file beside it. Run with -update to
// rewrite the golden files.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "parse", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Parse(string(in))
			var got string
			if err != nil {
				got = "error: " + err.Error() + "\n"
			} else {
				got = g.Line('.') + "\n" + g.Pretty()
			}
			wantErr := strings.HasPrefix(name, "err-")
			if (err != nil) != wantErr {
				t.Errorf("got %q, want an error: %v", got, wantErr)
			}
			compareGolden(t, strings.TrimSuffix(f, ".txt")+".golden", got)
		})
	}
}

func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
