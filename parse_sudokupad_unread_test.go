package sudoku

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestSudokuPadUnread: what the reader cannot read is kept as a drawing
// and listed as unread with its words and cells, so the engines refuse
// the puzzle; what says nothing (invisible elements, the bounds of the
// grid, shading the rules do not speak of, thanks in the rules) is not.
func TestSudokuPadUnread(t *testing.T) {
	const n = 6
	tests := []struct {
		name  string
		rules string
		doc   func(d spDoc) spDoc
		want  []string // the unread elements' words, in order; none for a puzzle read whole
		cells [][]int  // their cells, where the test says
	}{
		{"a red line without rules", "", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#FF0000", 10, 0, 1, 2)) },
			[]string{"red line r1c1-r1c3 (what a plain line means is in the rules, and there are none)"}, [][]int{{0, 1, 2}}},
		{"a grey circle with a number", "", func(d spDoc) spDoc {
			e := spCircle(spAt(n, 14), 0.8, "#CFCFCF", "#000000")
			e["text"] = "5"
			return d.add("overlays", e)
		}, []string{"grey circle with text 5 at r3c3"}, [][]int{{14}}},
		{"a colour the rules do not give", "Digits on green lines differ by at least 3.", func(d spDoc) spDoc {
			d.add("lines", spLine(n, "#00C000", 10, 0, 1))
			return d.add("lines", spLine(n, "#FF0000", 10, 6, 7))
		}, []string{"red line r2c1-r2c2 (the rules give red lines no meaning read here, or several)"}, nil},
		{"a colour with two meanings", "Purple lines are renban lines. Purple lines are also palindromes.", func(d spDoc) spDoc {
			return d.add("lines", spLine(n, "#8000FF", 10, 0, 1))
		}, []string{"purple line r1c1-r1c2 (the rules give purple lines no meaning read here, or several)",
			`rules text "Purple lines are renban lines"`, `rules text "Purple lines are also palindromes"`}, nil},
		{"a dot the rules do not speak of", "Normal sudoku rules apply.", func(d spDoc) spDoc { return d.dot(n, 0, 1, "#FFFFFF", "") },
			[]string{"white circle at r1c1|r1c2 (drawn as kropki white dot, but the rules do not speak of one)"}, nil},
		{"rules of arrows without arrows", "Normal sudoku rules apply. Digits along an arrow sum to the digit in its circle.", func(d spDoc) spDoc { return d },
			[]string{`rules text "Digits along an arrow sum to the digit in its circle" (it speaks of arrow, and no element or setting read is one)`}, nil},
		{"a sum line without a sum", "Blue lines are sum lines.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#2ECBFF", 10, 0, 1, 2)) },
			[]string{"blue line r1c1-r1c3 (the rules give sum lines no sum read here)", `rules text "Blue lines are sum lines" (it speaks of sum line,`}, [][]int{{0, 1, 2}}},
		{"killer and rellik cages", "Digits in killer cages sum to the clue. Rellik cages: no digits in the cage add up to the clue.", func(d spDoc) spDoc {
			return d.cage(n, "4", nil, 0, 1)
		}, []string{"cage 4 at r1c1, r1c2 (the rules speak of killer cages and of rellik cages, and which cage is which is not read)",
			`rules text "Digits in killer cages sum to the clue"`, `rules text "Rellik cages: no digits in the cage add up to the clue"`}, nil},
		{"counting and odd circles", "Counting circles: a digit in a circle is the number of circles that hold it. Grey circles are odd.", func(d spDoc) spDoc {
			return d.add("underlays", spCircle(spAt(n, 14), 0.7, "#CFCFCF", "#CFCFCF"))
		}, []string{"grey circle at r3c3 (the rules speak of counting circles and of odd circles", `rules text "Counting circles`, `rules text "Grey circles are odd"`}, nil},
		{"digits from 0", "Place the digits 0-8 once each in every row, column and box.", func(d spDoc) spDoc { return d },
			[]string{`rules text "Place the digits 0-8 once each in every row, column and box" (it speaks of digits from 0 (only 1 to N are read), and no element or setting read is one)`}, nil},
		{"digits 0 to 5", "Normal sudoku rules apply, but with the digits 0 to 5.", func(d spDoc) spDoc { return d },
			[]string{`rules text "Normal sudoku rules apply, but with the digits 0 to 5" (it speaks of digits from 0 (only 1 to N are read), and no element or setting read is one)`}, nil},
		{"a rule not read", "Digits in shaded cells are prime. Good luck!", func(d spDoc) spDoc { return d },
			[]string{`rules text "Digits in shaded cells are prime" (it speaks of shaded cells, and no element or setting read is one)`}, nil},
		{"a background image", "", func(d spDoc) spDoc {
			d["metadata"] = map[string]any{"bgimage": "https://example.com/lines.png"}
			return d
		}, []string{"background image https://example.com/lines.png (what it draws is not read)"}, nil},
		{"a global rule not known", "", func(d spDoc) spDoc { d["global"] = []any{"antiwhatever"}; return d },
			[]string{`global rule "antiwhatever"`}, nil},
		{"a key not known", "", func(d spDoc) spDoc { d["magic"] = []any{1}; return d }, []string{`SudokuPad key "magic"`}, nil},
		{"corner marks", "", func(d spDoc) spDoc { return d.cell(3, "pencilMarks", []any{1, 2}) },
			[]string{"corner pencil marks 12 given in r1c4"}, [][]int{{3}}},
		{"no regions, no word of rows and columns", "Digits on thermometers increase.", func(d spDoc) spDoc {
			delete(d, "regions")
			return d.thermo(n, 0, 1)
		}, []string{"no regions drawn, and the rules do not say that rows and columns hold each digit once"}, nil},
		{"no regions, normal sudoku rules", "Normal sudoku rules apply.", func(d spDoc) spDoc { delete(d, "regions"); return d },
			[]string{"no regions drawn", `rules text "Normal sudoku rules apply"`}, nil},
		{"a number beside the grid, no kind of clue", "Normal sudoku rules apply.", func(d spDoc) spDoc { return d.add("overlays", spText([]any{-0.5, 2.5}, "5")) },
			[]string{"text 5 above c3 (the rules speak of no kind of clue beside the grid, or of several)"}, nil},
		{"a cage of a question mark", "Digits in cages sum to the clue.", func(d spDoc) spDoc { return d.cage(n, "?", nil, 0, 1) },
			[]string{`cage ? at r1c1, r1c2 (its value "?" is not a sum)`, `rules text "Digits in cages sum to the clue" (it speaks of killer cage`}, [][]int{{0, 1}}},
		{"a thermometer too long", "Thermometers increase from the bulb.", func(d spDoc) spDoc { return d.thermo(n, 0, 1, 2, 3, 4, 5, 11) },
			[]string{"grey line r1c1-r2c6 (as thermometer: a thermometer of 7 cells cannot rise through 6 digits)", `rules text "Thermometers increase from the bulb"`}, nil},
		{"an f-puzzles cage drawing", "", func(d spDoc) spDoc {
			d.cage(n, "", nil, 0, 1)
			d["cages"].([]any)[0].(map[string]any)["outlineC"] = "#ff0000"
			return d
		}, []string{"cage at r1c1, r1c2"}, nil},
		{"a sum cage without a sum", "Digits in cages may repeat.", func(d spDoc) spDoc { return d.cage(n, "", false, 0, 1) },
			[]string{"cage at r1c1, r1c2 (as a sum cage: a cage whose digits may repeat needs a sum)"}, nil},
		{"disjoint groups of a jigsaw", "", func(d spDoc) spDoc {
			d["global"] = []any{"disjoint"}
			d["regions"] = spRowRegions(n)
			return d
		}, []string{`global rule "disjoint" (disjoint groups need the boxes of the grid's size)`}, nil},
		{"cages whose digits multiply", "Digits in cages multiply to the clue.", func(d spDoc) spDoc { return d.cage(n, "6", true, 0, 1) },
			[]string{"cage 6 at r1c1, r1c2 (drawn as killer cage, but the rules say more of it than is read here)", `rules text "Digits in cages multiply to the clue"`}, nil},
		{"thermometers that decrease", "Digits decrease along thermometers from the bulb.", func(d spDoc) spDoc { return d.thermo(n, 0, 1, 2) },
			[]string{"grey line r1c1-r1c3 (drawn as thermometer, but the rules say more of it than is read here)", `rules text "Digits decrease along thermometers`}, nil},
		{"a line the rules say more of", "Digits on a green line differ by at least 3 and sum to 10.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#00C000", 10, 0, 1)) },
			[]string{"green line r1c1-r1c2 (drawn as german whispers, but the rules say more of it than is read here)", `rules text "Digits on a green line`}, nil},
		{"normal rules that do not apply", "Normal sudoku rules do not apply: digits may repeat in boxes.", func(d spDoc) spDoc { return d },
			[]string{`rules text "Normal sudoku rules do not apply: digits may repeat in boxes"`}, nil},
		{"odd squares and even circles", "Odd digits go in grey squares, even digits in grey circles.", func(d spDoc) spDoc {
			return d.add("underlays", spCircle(spAt(n, 5), 0.7, "#CFCFCF", "#CFCFCF"))
		}, []string{"grey circle at r1c6 (the rules give circles and squares parities in another order)", `rules text "Odd digits go in grey squares`}, nil},
		{"cells of a colour with a rule", "Digits in green cells are even.", func(d spDoc) spDoc {
			return d.add("underlays", map[string]any{"center": spAt(n, 7), "width": 1, "height": 1, "backgroundColor": "#a0ffa0"})
		}, []string{"green square at r2c2", `rules text "Digits in green cells are even" (it speaks of shaded cells`}, nil},

		{"non-consecutive on a line only", "Digits on a yellow line are non-consecutive.", func(d spDoc) spDoc { return d },
			[]string{`rules text "Digits on a yellow line are non-consecutive" (it speaks of nonconsecutive`}, nil},

		{"read whole: invisible things, bounds, thanks", "Place 1 to 6 once in every row, column and box. Thanks to our testers!", func(d spDoc) spDoc {
			d.add("lines", map[string]any{"color": "#FF000000", "thickness": 5, "wayPoints": spWay(n, 0, 1)})
			d.add("lines", map[string]any{"color": "#FF0000", "thickness": 5, "opacity": 0, "wayPoints": spWay(n, 0, 1)})
			d.add("cages", map[string]any{"cells": []any{[]any{0, 0}, []any{5, 5}}, "unique": false, "hidden": true})
			return d
		}, nil, nil},
		{"read whole: shading the rules do not speak of", "Normal sudoku rules apply.", func(d spDoc) spDoc {
			return d.add("underlays", map[string]any{"center": spAt(n, 7), "width": 1, "height": 1, "backgroundColor": "#ffa0a0"})
		}, nil, nil},
		{"read whole: rows and columns without regions", "Place the digits 1 to 6 once in each row and each column.", func(d spDoc) spDoc {
			delete(d, "regions")
			return d
		}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParseSudokuPad(tt.doc(spNew(n, tt.rules)).link(t))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			if b.Meta != nil {
				for _, u := range b.Meta.Unread {
					got = append(got, u.What)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("unread %q, want %q", got, tt.want)
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("unread %d: %q, want %q", i+1, got[i], w)
				}
				if i < len(tt.cells) && !slices.Equal(b.Meta.Unread[i].Cells, tt.cells[i]) {
					t.Errorf("unread %d: cells %v, want %v", i+1, b.Meta.Unread[i].Cells, tt.cells[i])
				}
			}
			err = b.Unreadable()
			if (err != nil) != (len(tt.want) > 0) || err != nil && !errors.Is(err, ErrUnread) {
				t.Errorf("Unreadable: %v", err)
			}
		})
	}
}

// spRowRegions returns the rows of an n-grid as regions (a jigsaw whose
// regions are not boxes).
func spRowRegions(n int) []any {
	out := make([]any, n)
	for r := range n {
		row := make([]any, n)
		for c := range n {
			row[c] = []any{r, c}
		}
		out[r] = row
	}
	return out
}

// TestSudokuPadUnreadDrawn: an element not read is drawn as it was, and
// the board is still valid and played.
func TestSudokuPadUnreadDrawn(t *testing.T) {
	d := spNew(6, "").add("lines", spLine(6, "#FF0000", 16, 0, 1, 7))
	b, err := ParseSudokuPad(d.link(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Rules.Constraints) != 1 || !IsCosmetic(b.Rules.Constraints[0]) {
		t.Fatalf("constraints %v, want one drawing", b.Rules.Constraints)
	}
	s := b.Rules.Constraints[0].Shapes()
	want := []Point{{0.5, 0.5}, {0.5, 1.5}, {1.5, 1.5}}
	if len(s) != 1 || s[0].Kind != ShapeLine || s[0].Stroke != "#ff0000" || s[0].Size != 0.25 || !slices.Equal(s[0].Points, want) {
		t.Errorf("shapes %+v", s)
	}
	if !b.Rules.IsClassic() && b.Rules.HasConstraints() {
		t.Errorf("a drawing made the rules %s", b.Rules.Name())
	}
}

// TestSudokuPadClassicUnread: a classic 9x9 with an element not read is
// never taken for a classic Grid (which would drop what went unread and
// be solved without it): Grid says no, a Scanner of classic puzzles
// gives the unread error, one of boards the board.
func TestSudokuPadClassicUnread(t *testing.T) {
	const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	d := spNew(9, "")
	for c := range 81 {
		if wiki[c] != '.' {
			d.cell(c, "value", int(wiki[c]-'0'))
		}
	}
	link := d.link(t)
	b, err := ParseSudokuPad(link)
	if err != nil || b.Unreadable() != nil {
		t.Fatalf("without the line: %v, %v", err, b.Unreadable())
	}
	if _, ok := b.Grid(); !ok {
		t.Fatal("a classic puzzle read whole is not a Grid")
	}
	link = d.add("lines", spLine(9, "#FF0000", 10, 2, 3, 4)).link(t)
	if b, err = ParseSudokuPad(link); err != nil {
		t.Fatal(err)
	}
	if _, ok := b.Grid(); ok {
		t.Error("a classic puzzle with an unread line is a Grid")
	}
	for _, boards := range []bool{false, true} {
		sc := NewScanner(strings.NewReader(link + "\n"))
		sc.Boards = boards
		if !sc.Scan() {
			t.Fatal("no record")
		}
		p := sc.Puzzle()
		switch {
		case !boards && !errors.Is(p.Err, ErrUnread):
			t.Errorf("classic scanner: %v, want the unread error", p.Err)
		case boards && (p.Board == nil || p.Board.Unreadable() == nil):
			t.Errorf("board scanner: %+v, want the board with what went unread", p)
		}
	}
}

// TestSudokuPadNoRegions: a puzzle that draws no regions and whose rules
// say rows and columns hold each digit once is a grid without boxes.
func TestSudokuPadNoRegions(t *testing.T) {
	d := spNew(6, "Place the digits 1 to 6 once in each row and each column.")
	delete(d, "regions")
	b, err := ParseSudokuPad(d.link(t))
	if err != nil {
		t.Fatal(err)
	}
	if !b.Rules.NoBoxes() || b.Rules.Name() != "6x6 without boxes" || b.Unreadable() != nil {
		t.Errorf("rules %q (no boxes %v), unread %v", b.Rules.Name(), b.Rules.NoBoxes(), b.Unreadable())
	}
}

// TestSPZeroDigits: the clauses that say the digits run from 0, and some
// that do not.
func TestSPZeroDigits(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Place the digits 0-8 once each in every row, column and box", true},
		{"Fill the grid with the digits 0 to 8", true},
		{"Each row contains 0 through 5 once", true},
		{"Digits are zero-based", true},
		{"Normal sudoku rules apply", false},
		{"Digits in a cage sum to 10", false},
		{"Place the digits 1-9 once each", false},
		{"A cage's total is between 10 and 20", false},
		{"Clues give sums of 10-20", false},
		{"Arrows sum to 0.5 of the circle", false},
	} {
		if got := spZeroDigits(spPlain(tc.text)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.text, got, tc.want)
		}
	}
}
