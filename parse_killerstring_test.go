package sudoku

import (
	"errors"
	"strings"
	"testing"
)

// killerStringFixture is the killer of cagetext_test.go as
// FormatKillerString writes it, checked by hand: row 1 is F (15: r1c1,
// r1c2, r2c2) <, E (14) for the column below it, S (28) and H (17) for
// box 2's two cages that touch only at corners, e (40) for the U of box 3,
// 0 (r1c8, in no cage) and v (the U's far arm, reached round its foot).
const killerStringFixture = "F<ESH,e0v" + "G^^'``^4v" + "^<^'``^<<" +
	"M<<OD8j<<" + "C<<^^^^^^" + "B<<^^^^^^" +
	"961F<UK<<" + "287v^^^O<" + "345>'`1^^"

// killerStringWith returns s with cell c set to ch.
func killerStringWith(s string, c int, ch byte) string {
	b := []byte(s)
	b[c] = ch
	return string(b)
}

func TestKillerStringFixture(t *testing.T) {
	want := killerFromMap(t, fixtureSolution, fixtureCageMap, 0)
	if got, err := FormatKillerString(want); err != nil || got != killerStringFixture {
		t.Errorf("FormatKillerString: got %q, %v; want %q", got, err, killerStringFixture)
	}
	for _, tc := range []struct{ name, text string }{
		{"as written", killerStringFixture},
		{"spaces around", " " + killerStringFixture + "  "},
		// the same cages with other heads and arrows: box 1's at r2c2,
		// r3c2 and r3c3, box 2's at r2c5 and r3c5, the U's at its foot
		{"other heads", ">vv.,,v0v" + "vFv.S,v4v" + ">GE'H`>e<" + killerStringFixture[27:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.text
			got, err := ParseKillerString(text)
			if err != nil || !sameKiller(got, want) {
				t.Fatalf("%q: got %v, %v; want the fixture (cages %s)", text, got, err, cageSet(want.Rules))
			}
		})
	}
}

func TestKillerStringErrors(t *testing.T) {
	s := killerStringFixture
	for _, tc := range []struct {
		name, text string
		col        int
		want       string
	}{
		{"length", s[:80], 0, "killer string: got 80 characters, want 81 (one per cell)"},
		{"character", killerStringWith(s, 40, 'w'), 41, "killer string: cell r5c5: unexpected 'w' (want a sum 0-9, A-Z, a-j or an arrow < > ^ v ` ' , .)"},
		{"off the left", killerStringWith(s, 0, '<'), 1, "cell r1c1: '<' points off the grid"},
		{"off the top", killerStringWith(s, 4, '\''), 5, "cell r1c5: '\\'' points off the grid"},
		{"not round the edge", killerStringWith(s, 26, '>'), 27, "cell r3c9: '>' points off the grid"},
		{"off the bottom", killerStringWith(s, 80, '.'), 81, "cell r9c9: '.' points off the grid"},
		{"loop", killerStringWith(s, 0, '>'), 1, "cell r1c1: the arrows of r1c1, r1c2 go round without reaching a cage's sum"},
		{"loop of three", killerStringWith(s, 0, '.'), 1, "cell r1c1: the arrows of r1c1, r2c2, r1c2 go round"},
		{"impossible sum", killerStringWith(s, 0, '1'), 1, "cell r1c1: sum 1 is impossible for the 3 cells of its cage (3 different digits: 6..24)"},
		{"large sum", killerStringWith(s, 2, 'j'), 3, "cell r1c3: sum 45 is impossible for the 3 cells of its cage (3 different digits: 6..24)"},
		{"too many cells", killerStringWith(s, 60, '^'), 34, "cell r4c7: the cage of this sum has 13 cells, more than 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseKillerString(tc.text)
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(pe.Msg, tc.want) || pe.Col != tc.col || pe.Line != 1 {
				t.Errorf("got %v (column %d), want line 1, column %d: %s", err, colOfErr(err), tc.col, tc.want)
			}
		})
	}
}

// TestKillerStringNoSum: a head of 0 is a cage without a sum, or, alone,
// a cell in no cage; both are written back as they came.
func TestKillerStringNoSum(t *testing.T) {
	text := killerStringWith(killerStringFixture, 0, '0')
	b, err := ParseKillerString(text)
	if err != nil {
		t.Fatal(err)
	}
	if k := b.Rules.Cages[0]; k.Sum != 0 || len(k.Cells) != 3 {
		t.Errorf("cage 1: got %+v, want r1c1, r1c2, r2c2 without a sum", k)
	}
	if got := cageOf(b.Rules)[7]; got != -1 {
		t.Errorf("r1c8 in cage %d, want none", got+1)
	}
	if got := checkKillerRoundTrip(t, b, FormKillerString); got != text {
		t.Errorf("written back as %q, want %q", got, text)
	}
}

// TestKillerStringDetect: ParseBoard and the Scanner take killer strings,
// with an annotation, and leave the 81-character line (digits and dots)
// to the classic forms.
func TestKillerStringDetect(t *testing.T) {
	b, ann, err := ParseBoard(killerStringFixture + " 1.5")
	if err != nil || ann != "1.5" || len(b.Rules.Cages) != 28 {
		t.Fatalf("ParseBoard: got %v, %q, %v", b, ann, err)
	}
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	for _, s := range []string{classic, strings.Repeat(".", 81), "1" + strings.Repeat(".", 80)} {
		if isKillerString(s) {
			t.Errorf("isKillerString(%q) = true, want false (a classic line)", s)
		}
		if b, _, err := ParseBoard(s); err != nil || !b.Rules.IsClassic() {
			t.Errorf("ParseBoard(%q): got %v, %v; want a classic grid", s, b, err)
		}
	}
	bad := killerStringWith(killerStringFixture, 0, '>')
	text := "Killers\n" + killerStringFixture + "\n" + classic + "\n  " + bad + " x\n"
	got := boardRecords(text, true)
	want := []string{"killer 9x9", "classic", "err: line 4, column 3: killer string: cell r1c1: the arrows of r1c1, r1c2 go round without reaching a cage's sum"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Scanner: got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func FuzzKillerString(f *testing.F) {
	f.Add(killerStringFixture)
	f.Add(killerStringWith(killerStringFixture, 0, '0'))
	f.Add(strings.Repeat("j<<<<<<<<", 9))
	f.Add(strings.Repeat("0", 81))
	f.Add(strings.Repeat("3<", 40) + "1")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseKillerString(s)
		if f := strings.TrimSpace(s); isKillerString(f) && !strings.ContainsAny(f, " \t\n\v\f\r") {
			pb, _, perr := ParseBoard(s)
			if (perr == nil) != (err == nil) || err == nil && !sameKiller(pb, b) {
				t.Fatalf("ParseBoard(%q) = %v, %v; ParseKillerString: %v, %v", s, pb, perr, b, err)
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
		out, err := FormatKillerString(b)
		if err != nil {
			for _, k := range b.Rules.Cages {
				if len(k.Cells) > 1 {
					t.Fatalf("%q read but not written: %v", s, err)
				}
			}
			return
		}
		back, err := ParseKillerString(out)
		if err != nil || !sameKiller(back, b) {
			t.Fatalf("%q written as %q, read back as %v, %v", s, out, back, err)
		}
	})
}
