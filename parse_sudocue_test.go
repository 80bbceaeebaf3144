package sudoku

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// sudocueFixture is the killer of cagetext_test.go under the X rules as
// FormatSudocue writes it; sums and ids checked by hand at r1c1 (15*256,
// id 0), r1c8 (no cage: 7, its own index) and r9c7 (1*256 + 78).
const sudocueFixture = "3x3:d:k:3840:3840:3586:7171:4356:7171:10246:7:10246:4105:3840:3586:4356:7171:4356:10246:1040:10246:4105:4105:3586:7171:4356:7171:10246:10246:10246:5659:5659:5659:6174:3359:2080:11553:11553:11553:3108:3108:3108:6174:3359:2080:11553:11553:11553:2861:2861:2861:6174:3359:2080:11553:11553:11553:2358:1591:312:3897:3897:7739:5180:5180:5180:575:2112:1857:7739:3897:7739:5180:6214:6214:840:1097:1354:7739:7739:3897:334:6214:6214:"

// sudocueWith returns id with the number of cell c replaced by v.
func sudocueWith(id string, c int, v string) string {
	fs := strings.Split(id, ":")
	fs[3+c] = v
	return strings.Join(fs, ":")
}

// sudocueCol is the column where the number of cell c starts in id.
func sudocueCol(id string, c int) int {
	fs := strings.Split(id, ":")
	return len(strings.Join(fs[:3+c], ":")) + 2
}

func TestSudocueFixture(t *testing.T) {
	want := killerFromMap(t, fixtureSolution, fixtureCageMap, BothDiagonals)
	if got, err := FormatSudocue(want); err != nil || got != sudocueFixture {
		t.Errorf("FormatSudocue: got %q, %v; want %q", got, err, sudocueFixture)
	}
	for _, tc := range []struct{ name, text string }{
		{"as written", sudocueFixture},
		{"without the last colon", strings.TrimSuffix(sudocueFixture, ":")},
		{"spaces around", "  " + sudocueFixture + "\t"},
		{"ids other than first cells", sudocueWith(sudocueWith(sudocueWith(sudocueFixture, 0, "4095"), 1, "4095"), 10, "4095")}, // id 255
		{"a 0 among a cage's ids", sudocueWith(sudocueFixture, 7, "0")},                                                         // r1c8 in no cage, id 0 as cage a's
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseSudocue(tc.text)
			if err != nil || !sameKiller(got, want) {
				t.Fatalf("got %v, %v; want the fixture (cages %s)", got, err, cageSet(want.Rules))
			}
		})
	}
	plain := strings.Replace(sudocueFixture, "3x3:d:", "3x3::", 1)
	if b, err := ParseSudocue(plain); err != nil || b.Rules.Diagonals != 0 || len(b.Rules.Cages) != len(want.Rules.Cages) {
		t.Errorf("%q: got %v, %v; want the killer without diagonals", plain, b, err)
	}
}

func TestSudocueErrors(t *testing.T) {
	id := sudocueFixture
	for _, tc := range []struct {
		name, text string
		col        int
		want       string
	}{
		{"size", strings.Replace(id, "3x3", "4x4", 1), 1, `sudocue killer ID: unexpected "4x4" (want 3x3`},
		{"diagonals", strings.Replace(id, ":d:", ":x:", 1), 5, `unexpected "x" in the field of the diagonals`},
		{"not killer", strings.Replace(id, ":k:", ":j:", 1), 7, `unexpected "j" (want k, for killer)`},
		{"short", "3x3:d", 6, "want 3x3:D:k: and 81 cell numbers"},
		{"80 cells", strings.TrimSuffix(id, "334:6214:6214:"), len(id) - 13, "got 78 cell numbers, want 81"},
		{"82 cells", id + "12:", len(id) + 1, `unexpected "12:" after the 81 cell numbers`},
		{"trailing text", id + "junk", len(id) + 1, `unexpected "junk" after the 81 cell numbers (the ID ends with a colon)`},
		{"letter", sudocueWith(id, 30, "12a"), sudocueCol(id, 30) + 2, "cell r4c4: unexpected 'a' (want a number"},
		{"sign", sudocueWith(id, 0, "-3840"), sudocueCol(id, 0), "cell r1c1: unexpected '-'"},
		{"empty", sudocueWith(id, 9, ""), sudocueCol(id, 9), "cell r2c1: empty field"},
		{"sum over 45", sudocueWith(id, 0, strconv.Itoa(46*256)), sudocueCol(id, 0), "cell r1c1: 11776 is sum 46, more than 45"},
		{"huge", sudocueWith(id, 0, strings.Repeat("9", 30)), sudocueCol(id, 0), "is sum too large, more than 45"},
		{"id with two sums", sudocueWith(id, 1, strconv.Itoa(16*256)), sudocueCol(id, 1), "cell r1c2: cage id 0 has sum 16 here but 15 at r1c1"},
		{"impossible sum", sudocueWith(sudocueWith(sudocueWith(id, 0, "6400"), 1, "6400"), 10, "6400"), sudocueCol(id, 0), "cell r1c1: sum 25 is impossible for the 3 cells of its cage (3 different digits: 6..24)"},
		{"ten cells", sudocueWith(id, 7, "11553"), sudocueCol(sudocueWith(id, 7, "11553"), 53), "cell r6c9: cage id 33 (sum 45 at r1c8) has more than 9 cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSudocue(tc.text)
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(pe.Msg, tc.want) || pe.Col != tc.col || pe.Line != 1 {
				t.Errorf("got %v (column %d), want line 1, column %d: %s", err, colOfErr(err), tc.col, tc.want)
			}
		})
	}
}

// colOfErr is the column of a *ParseError, -1 for another error.
func colOfErr(err error) int {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe.Col
	}
	return -1
}

// TestSudocueDetect: ParseBoard and the Scanner take SudoCue IDs, with an
// annotation, and leave Solo IDs to Solo.
func TestSudocueDetect(t *testing.T) {
	b, ann, err := ParseBoard(sudocueFixture + " Wecoc-style, hard")
	if err != nil || ann != "Wecoc-style, hard" || len(b.Rules.Cages) != 28 || b.Rules.Diagonals != BothDiagonals {
		t.Fatalf("ParseBoard: got %v, %q, %v", b, ann, err)
	}
	solo := "3x3k:zzzc,b_a_baaaab____a__________aa_____a___________a___abc__ab____ba___aaa_aa____ab__a_aba__a__a__a_aaaa,15b23_13a14_8a10c3c12_5a14b12_17_11a13_6a3_16c8a20_9b11c16b7_26_6_13a8b12c5_11b11c34e13f"
	for _, s := range []string{solo, "3x3:zzzc", "3x3x:zzzc", "3x3::zzzc"} {
		if isSudocue(s) {
			t.Errorf("isSudocue(%q) = true, want false (Solo's)", s)
		}
	}
	if _, _, err := ParseBoard(solo); err != nil {
		t.Errorf("a Solo killer: %v", err)
	}
	bad := sudocueWith(sudocueFixture, 30, "12a")
	text := "# killers\n" + sudocueFixture + "\n   " + bad + "\n"
	got := boardRecords(text, true)
	want := []string{"x killer 9x9", fmt.Sprintf("err: line 3, column %d: sudocue killer ID: cell r4c4: unexpected 'a' (want a number: the cage's sum*256 + its id)", sudocueCol(bad, 30)+5)}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Scanner: got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func FuzzSudocue(f *testing.F) {
	f.Add(sudocueFixture)
	f.Add(strings.Replace(sudocueFixture, "3x3:d:", "3x3::", 1))
	f.Add(sudocueWith(sudocueFixture, 7, "0"))
	f.Add("3x3::k:" + strings.Repeat("0:", 81))
	f.Add("3x3::k:" + strings.Repeat("11520:", 9) + strings.Repeat("0:", 72))
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseSudocue(s)
		if isSudocue(strings.TrimSpace(s)) && !strings.ContainsAny(strings.TrimSpace(s), " \t\n\v\f\r") {
			pb, _, perr := ParseBoard(s)
			if (perr == nil) != (err == nil) || err == nil && !sameKiller(pb, b) {
				t.Fatalf("ParseBoard(%q) = %v, %v; ParseSudocue: %v, %v", s, pb, perr, b, err)
			}
		}
		if err != nil {
			if !strings.ContainsAny(s, "\r\n") {
				checkParseError(t, s, err)
			} else if !errors.As(err, new(*ParseError)) {
				t.Fatalf("got %v (%T), want a *ParseError", err, err)
			}
			return
		}
		out, err := FormatSudocue(b)
		if err != nil {
			t.Fatalf("%q read but not written: %v", s, err)
		}
		back, err := ParseSudocue(out)
		if err != nil || !sameKiller(back, b) {
			t.Fatalf("%q written as %q, read back as %v, %v", s, out, back, err)
		}
	})
}
