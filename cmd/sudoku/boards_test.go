package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Puzzles of other rules, made for these tests: a 6x6 (Solo ID and its
// line), a 4x4 killer with no givens in the line form, and a jigsaw.
const (
	six        = "2x3:d4a5d6a1a3d4a1a1d2a2d"
	sixLine    = "....4.5....6.1.3....4.1.1....2.2...." // the same puzzle as a line
	sixSol     = "362541541236615324234615153462426153"
	killer4    = "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"
	sixSeven   = "7..................................."
	jigsaw9    = "..........2.8...6..........4..5..6...........6..79...8.7....8.6.8......4364...5.. aabbbbbbcaaabbcbccaaaecccccdadeeffffdddeeefiiddgehefiidggghefiidggghffiigghhhhhhi"
	jigsaw9Sol = "842356791527849163136978245493581672258614937615793428971432856789265314364127589"
)

func TestSolveBoards(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		wantOut    string
		wantErrHas []string
	}{
		{"solo id", []string{"solve", six}, 0, sixSol + "\n", []string{"1 puzzle: 1 solved"}},
		{"line", []string{"solve", sixLine}, 0, sixSol + "\n", nil},
		{"dlx", []string{"solve", "--engine", "dlx", six}, 0, sixSol + "\n", nil},
		{"backtrack", []string{"solve", "--engine", "backtrack", six}, 0, sixSol + "\n", nil},
		{"solo out", []string{"solve", "--format", "solo", six}, 0, "2x3:3_6_2_5_4_1_5_4_1_2_3_6_6_1_5_3_2_4_2_3_4_6_1_5_1_5_3_4_6_2_4_2_6_1_5_3\n", nil},
		{"json", []string{"solve", "--format", "json", six}, 0, `{"source":"argument 1","puzzle":"` + sixLine + `","rules":"6x6","status":"solved","solution":"` + sixSol + `","guesses":1}` + "\n", nil},
		{"killer count", []string{"solve", "--count", "100", killer4}, 0, "................ 8\n", nil}, // backtracking counts 8 too
		{"variant x makes it wrong", []string{"solve", "--variant", "x", six}, 1, "", []string{"no solution"}},
		{"variant jigsaw needs a map", []string{"solve", "--variant", "jigsaw", six}, 2, "", []string{"jigsaw comes with the puzzle"}},
		{"digit too big", []string{"solve", sixSeven}, 1, "", []string{"unexpected '7' in cell r1c1 (a cell is 1-6"}},
		{"dlx refuses sums", []string{"solve", "--engine", "dlx", killer4}, 1, "", []string{"killer cage sums: not supported"}},
		{"ilp", []string{"solve", "--engine", "ilp", six}, 0, sixSol + "\n", nil},
		{"bitboard jigsaw", []string{"solve", "--engine", "bitboard", jigsaw9}, 0, jigsaw9Sol + "\n", []string{"(engine bitboard, -j "}},
		{"bitboard classic", []string{"solve", "--engine", "bitboard", easy}, 0, easySol + "\n", []string{"engine bitboard,"}},
		{"bitboard refuses 6x6", []string{"solve", "--engine", "bitboard", six}, 1, "", []string{"engine bitboard: size 6 (9x9 only): not supported"}},
		{"ilp killer count", []string{"solve", "--engine", "ilp", "--count", "100", killer4}, 0, "................ 8\n", nil},
		{"sums lesson is classic", []string{"model", "--formulation", "sums", six}, 1, "", []string{"the sums lesson is for classic 9x9 puzzles (this is 6x6)"}},
		{"classic-only command", []string{"canon", six}, 1, "", []string{"a 6x6 puzzle: this command takes classic 9x9 puzzles only"}},
		{"rate other rules", []string{"rate", six}, 0, sixLine + " 2.8/1.2/1.2 Hard\n", []string{"other rules any-0.8"}},
		{"rate a killer", []string{"rate", killer4}, 1, "", []string{"1 not unique"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if out != tt.wantOut {
				t.Errorf("stdout: got %q, want %q", out, tt.wantOut)
			}
			for _, w := range tt.wantErrHas {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr: got %q, want it to contain %q", stderr, w)
				}
			}
		})
	}
}

func TestSolveBoardFile(t *testing.T) {
	file := writeFile(t, "boards.txt", "# mixed rules\n"+six+"\n"+sixLine+" rules=anti-king\n"+sixSeven+"\n")
	out, stderr, code := runCLI(t, "", "solve", "--format", "json", file)
	if code != 1 || strings.Count(out, "\n") != 3 || !strings.Contains(stderr, file+":4:1: unexpected '7'") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if !strings.Contains(out, `"rules":"anti-king 6x6"`) {
		t.Errorf("the rules= field was not read: %s", out)
	}
}

// TestModelBoards writes the 0-1 model of a killer in each format and
// checks its rows.
func TestModelBoards(t *testing.T) {
	for _, tc := range []struct{ format, want string }{
		{"lp", "sum_k1: x_r1_c1_d1 + 2 x_r1_c1_d2 + 3 x_r1_c1_d3 + 4 x_r1_c1_d4 + x_r1_c2_d1\n   + 2 x_r1_c2_d2 + 3 x_r1_c2_d3 + 4 x_r1_c2_d4 = 3"},
		{"lp", "cage_k1_d1: x_r1_c1_d1 + x_r1_c2_d1 <= 1"},
		{"mps", " L cage_k1_d1"},
		{"opb", "-1 x1 -1 x5 >= -1 ;"},
	} {
		out, stderr, code := runCLI(t, "", "model", "--format", tc.format, killer4)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; output lacks %q:\n%s", tc.format, code, stderr, tc.want, out)
		}
	}
}

// TestBankBoards imports puzzles of other rules, picks them by rule set
// and exports them.
func TestBankBoards(t *testing.T) {
	db := t.TempDir() + "/bank.db"
	file := writeFile(t, "boards.txt", six+"\n"+killer4+"\n")
	_, stderr, code := runCLI(t, "", "bank", "import", "--db", db, file)
	if code != 1 || !strings.Contains(stderr, "not unique") || !strings.Contains(stderr, "1 added") {
		t.Fatalf("import: exit %d, %s", code, stderr)
	}
	out, _, _ := runCLI(t, "", "bank", "stats", "--db", db)
	if !strings.Contains(out, "6x6 (unrated): 1 puzzles, 0 handed out, 1 left") {
		t.Errorf("stats: %s", out)
	}
	out, stderr, code = runCLI(t, "", "bank", "pick", "--db", db, "--rules", "6x6")
	if code != 0 || out != sixLine+"\n" {
		t.Errorf("pick: exit %d, %q, %s", code, out, stderr)
	}
	if _, stderr, code = runCLI(t, "", "bank", "pick", "--db", db, "--rules", "6x6"); code != 1 || !strings.Contains(stderr, "no 6x6 puzzle") {
		t.Errorf("second pick: exit %d, %s", code, stderr)
	}
	if out, _, _ = runCLI(t, "", "bank", "export", "--db", db, "-q"); out != sixLine+"\n" {
		t.Errorf("export: %q", out)
	}
}

// TestGenerateBoards: generate makes puzzles of other rules in every form;
// each line read back and counted by another engine has one solution;
// the flags that do not apply are refused.
func TestGenerateBoards(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		engine string
	}{
		{"killer solo", []string{"--variant", "killer", "--format", "solo"}, "ilp"},
		{"jigsaw x line", []string{"--variant", "jigsaw,x"}, "dlx"},
		{"6x6 fpuzzles", []string{"--size", "6", "--format", "fpuzzles"}, "dlx"},
		{"anti-knight minimal", []string{"--variant", "anti-knight", "--minimal"}, "dlx"},
		{"16x16", []string{"--size", "16", "--symmetry", "rot180"}, "dlx"},
		{"killer with givens", []string{"--variant", "killer", "--givens", "--cage-max", "3"}, "ilp"},
		{"jigsaw hard", []string{"--variant", "jigsaw", "--level", "hard"}, "dlx"},
		{"symmetric jigsaw", []string{"--variant", "jigsaw", "--symmetric-regions", "--symmetry", "rot180"}, "dlx"},
	}
	// Each puzzle is counted by an engine the generator does not use; for
	// killers (cages of 2+ cells) the 0-1 program, as backtracking took
	// over a minute on some.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"generate", "-n", "3", "--seed", "5", "-q"}, tt.args...)
			out, errOut, code := runCLI(t, "", args...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != 0 || len(lines) != 3 {
				t.Fatalf("exit %d, %d lines; stderr %s", code, len(lines), errOut)
			}
			again, _, _ := runCLI(t, "", args...)
			if again != out {
				t.Error("the same seed gave other puzzles")
			}
			for _, l := range lines {
				got, errOut, code := runCLI(t, l+"\n", "solve", "--count", "2", "--engine", tt.engine, "-q")
				if code != 0 || !strings.HasSuffix(strings.TrimSpace(got), " 1") && !strings.HasSuffix(strings.TrimSpace(got), "\t1") {
					t.Errorf("%s counts %q (exit %d, %s)", l, got, code, errOut)
				}
			}
		})
	}
	for _, bad := range [][]string{
		{"--variant", "odd-even"}, {"--variant", "killer", "--level", "impossible"}, {"--size", "7"}, {"--size", "30"},
		{"--variant", "killer", "--cage-max", "12"}, {"--variant", "killer", "--cage-min", "3"}, {"--variant", "x", "--clues", "20-30"}, {"--variant", "x", "--format", "pdf"},
		{"--variant", "windoku", "--level", "diabolical"},
	} {
		if _, errOut, code := runCLI(t, "", append([]string{"generate"}, bad...)...); code != 2 {
			t.Errorf("generate %v: exit %d, want 2 (%s)", bad, code, errOut)
		}
	}
}

// TestBankBook: bank fill makes puzzles of other rules at a level, and
// bank book prints sections of rule sets with answers; a book the bank
// cannot fill fails and leaves no file.
func TestBankBook(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bank.db")
	for _, args := range [][]string{
		{"bank", "fill", "--db", db, "--variant", "jigsaw", "--level", "hard", "-n", "2", "--seed", "1", "-q"},
		{"bank", "fill", "--db", db, "--size", "6", "-n", "1", "--seed", "2", "-q"},
		{"bank", "fill", "--db", db, "--level", "easy", "-n", "2", "-q"},
	} {
		if _, errOut, code := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	out, _, _ := runCLI(t, "", "bank", "stats", "--db", db)
	if !strings.Contains(out, "jigsaw 9x9 (unrated): 2 puzzles") || !strings.Contains(out, "6x6 (unrated): 1 puzzles") {
		t.Errorf("stats after the fills:\n%s", out)
	}
	book := filepath.Join(dir, "book.pdf")
	_, errOut, code := runCLI(t, "", "bank", "book", "--db", db, "--section", "classic:easy:2", "--section", "jigsaw 9x9:2", "--section", "6x6:1", "--out", book)
	data, err := os.ReadFile(book)
	if code != 0 || err != nil || !bytes.HasPrefix(data, []byte("%PDF")) || !strings.Contains(errOut, "5 puzzles") {
		t.Fatalf("book: exit %d, %v, %s", code, err, errOut)
	}
	// The bank is empty now: a second book fails and writes nothing.
	again := filepath.Join(dir, "again.pdf")
	if _, errOut, code := runCLI(t, "", "bank", "book", "--db", db, "--section", "6x6:1", "--out", again); code != 1 || !strings.Contains(errOut, "6x6") {
		t.Errorf("book from an empty bank: exit %d, %s", code, errOut)
	}
	if _, err := os.Stat(again); err == nil {
		t.Error("a failed book left a file")
	}
	for _, bad := range [][]string{{"--section", "classic:3"}, {"--section", "killer 9x9:0", "--out", again}, {"--out", again}} {
		if _, _, code := runCLI(t, "", append([]string{"bank", "book", "--db", db}, bad...)...); code != 2 {
			t.Errorf("book %v: exit %d, want 2", bad, code)
		}
	}
}

// TestGenerateNeedsCLI: generate --needs makes puzzles whose explain path
// holds the technique; a name it does not know is a usage error.
func TestGenerateNeedsCLI(t *testing.T) {
	out, errOut, code := runCLI(t, "", "generate", "--needs", "XY wing", "-n", "2", "--seed", "3", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		path, _, _ := runCLI(t, "", "explain", strings.Fields(l)[0])
		if !strings.Contains(path, "XY-Wing (") {
			t.Errorf("%s: its path has no XY-Wing:\n%s", l, path)
		}
	}
	for _, bad := range [][]string{{"--needs", "xx"}, {"--only-before", "singles"}, {"--needs", "x-wing", "--only-before", "chains"}} {
		if _, _, code := runCLI(t, "", append([]string{"generate"}, bad...)...); code != 2 {
			t.Errorf("generate %v: exit %d, want 2", bad, code)
		}
	}
}
