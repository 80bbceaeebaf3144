package sudoku

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"sudoku/internal/fixture"
)

// constraintList says a board's constraints, one a line, kind, cells and
// sum where it has one: what two boards must agree on.
func constraintList(r *Rules) string {
	var s []string
	for _, c := range r.Constraints {
		s = append(s, c.String())
	}
	slices.Sort(s)
	return strings.Join(s, "\n")
}

// checkSameBoard checks that got is want: cells, rules (regions up to
// their numbering, cages, constraints), candidates and what the setter
// says.
func checkBoardKept(t *testing.T, how string, got, want *Board) {
	t.Helper()
	switch {
	case !reflect.DeepEqual(got.Cells, want.Cells):
		t.Errorf("%s: cells %v, want %v", how, got.Cells, want.Cells)
	case !sameRules(got.Rules, want.Rules) || !slices.Equal(got.Rules.SplitRegions(), want.Rules.SplitRegions()):
		t.Errorf("%s: rules %+v, want %+v", how, *got.Rules, *want.Rules)
	case constraintList(got.Rules) != constraintList(want.Rules):
		t.Errorf("%s: constraints\n%s\nwant\n%s", how, constraintList(got.Rules), constraintList(want.Rules))
	case !reflect.DeepEqual(got.Marks, want.Marks):
		t.Errorf("%s: candidates %v, want %v", how, got.Marks, want.Marks)
	case !reflect.DeepEqual(got.Meta, want.Meta):
		t.Errorf("%s: meta %+v, want %+v", how, got.Meta, want.Meta)
	}
}

// withMarks gives b the candidates marks at the cells of the map, every
// digit elsewhere.
func withMarks(b *Board, marks map[int][]int) *Board {
	b.Marks = make([]Digits, len(b.Cells))
	for c := range b.Marks {
		b.Marks[c] = AllDigits(b.Size())
		if v := b.Cells[c]; v != 0 {
			b.Marks[c] = DigitOf(int(v))
		}
	}
	for c, ds := range marks {
		b.Marks[c] = 0
		for _, d := range ds {
			b.Marks[c] |= DigitOf(d)
		}
	}
	return b
}

// TestFPuzzlesMetaMarksRoundTrip: what the setter says (Board.Meta:
// title, author, rules, solution, whole or in part) and the candidates
// given (Board.Marks, givenPencilMarks) come back from FormatFPuzzles
// through ParseFPuzzles, the link and ParseBoard, with the overlapping
// cages of a killer and the split regions of a jigsaw.
func TestFPuzzlesMetaMarksRoundTrip(t *testing.T) {
	read := func(t *testing.T, text string) *Board {
		b, _, err := ParseBoard(text)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	killer := func(t *testing.T) *Board {
		b := read(t, fixture.OverlapKiller6.FPuzzles(true))
		b.Meta = &Meta{Title: `Über "two" cages`, Author: "the sudoku tests", Rules: "Normal killer rules.\nCages may overlap: each adds up to its sum.",
			Solution: fixture.Digits(fixture.OverlapKiller6.Solution)}
		return withMarks(b, map[int][]int{0: {5, 6}, 28: {5}, 35: {1, 4, 6}})
	}
	jigsaw := func(t *testing.T) *Board {
		b := read(t, fixture.SplitJigsaw6)
		sol := fixture.Digits(fixture.SplitJigsaw6Solution)
		for c := range sol[:12] {
			sol[c] = 0 // the setter gives the bottom four rows only
		}
		b.Meta = &Meta{Title: "Split", Solution: sol}
		return withMarks(b, map[int][]int{0: {6}, 35: {2, 6}})
	}
	for _, tc := range []struct {
		name string
		make func(t *testing.T) *Board
	}{
		{"killer", killer},
		{"jigsaw", jigsaw},
		{"author alone", func(t *testing.T) *Board {
			b := read(t, fixture.SplitJigsaw6)
			b.Meta = &Meta{Author: "A. Setter"}
			return b
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.make(t)
			if err := b.Validate(); err != nil {
				t.Fatal(err)
			}
			js, err := FormatFPuzzles(b)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseFPuzzles(js)
			if err != nil {
				t.Fatalf("%s: %v", js, err)
			}
			checkBoardKept(t, "ParseFPuzzles", back, b)
			checkBoardKept(t, "ParseBoard", read(t, string(js)), b)
			link, err := FormatFPuzzlesLink(b)
			if err != nil {
				t.Fatal(err)
			}
			checkBoardKept(t, "the link", read(t, link), b)
		})
	}
}

// TestFPuzzlesReadsMetaMarks reads the setter's words, a solution of
// numbers and strings, and pencil marks from f-puzzles JSON written by
// hand.
func TestFPuzzlesReadsMetaMarks(t *testing.T) {
	grid := fpGrid(4, `{}`)
	grid = strings.Replace(grid, `{}`, `{"givenPencilMarks":[1,2]}`, 1)
	grid = strings.Replace(grid, `{}`, `{"value":3,"given":true,"givenPencilMarks":[1]}`, 1)
	js := strings.TrimSuffix(grid, "}") + `,"title":"  Tiny ","author":"Me","ruleset":"Normal sudoku rules.","solution":[1,"2",3,"4",3,4,1,2,2,1,4,3,4,3,2,1]}`
	b, err := ParseFPuzzles([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	want := &Meta{Title: "Tiny", Author: "Me", Rules: "Normal sudoku rules.", Solution: []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	if !reflect.DeepEqual(b.Meta, want) {
		t.Errorf("meta %+v, want %+v", b.Meta, want)
	}
	marks := slices.Repeat([]Digits{AllDigits(4)}, 16)
	marks[0], marks[1] = DigitOf(1)|DigitOf(2), DigitOf(3) // a given's marks are its digit
	if !reflect.DeepEqual(b.Marks, marks) {
		t.Errorf("marks %v, want %v", b.Marks, marks)
	}
	for _, tc := range []struct{ name, js, want string }{
		{"mark out of range", strings.Replace(fpGrid(4, `{}`), `{}`, `{"givenPencilMarks":[5]}`, 1), "f-puzzles grid: r1c1 has the pencil mark 5, want 1 to 4"},
		{"short solution", strings.TrimSuffix(fpGrid(4, `{}`), "}") + `,"solution":[1,2]}`, "f-puzzles solution: 2 cells, want 16"},
		{"bad solution digit", strings.TrimSuffix(fpGrid(4, `{}`), "}") + `,"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,"x"]}`, `f-puzzles solution: r4c4 holds "x", want 1 to 4`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseFPuzzles([]byte(tc.js)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestSplitJigsawForms: a jigsaw whose regions do not all touch is read
// from the plain line and written back in it and as f-puzzles (regions
// given cell by cell), the same puzzle each way; Solo refuses it by name.
func TestSplitJigsawForms(t *testing.T) {
	b, _, err := ParseBoard(fixture.SplitJigsaw6)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Rules.SplitRegions()) != 2 {
		t.Fatalf("split regions %v, want two", b.Rules.SplitRegions())
	}
	for _, form := range []string{FormLine, FormFPuzzles} {
		text, err := FormatBoard(b, form)
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		back, _, err := ParseBoard(text)
		if err != nil {
			t.Fatalf("%s: %q read back: %v", form, text, err)
		}
		checkBoardKept(t, form, back, b)
	}
	if _, err := FormatSolo(b); err == nil || !strings.Contains(err.Error(), "regions whose cells do not touch") {
		t.Errorf("Solo: got %v, want a refusal naming the split regions", err)
	}
}
