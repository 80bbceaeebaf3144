package logic

import (
	"context"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// The Wikipedia example puzzle (public domain) and its solution.
const (
	wikiPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	wikiSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func mustLine(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, _, err := sudoku.ParseLine(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNextHintLevels(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	var steps [4]Hint
	for level := 1; level <= 3; level++ {
		h, err := NextHint(p, p, level)
		if err != nil {
			t.Fatalf("level %d: %v", level, err)
		}
		steps[level] = h
		if h.Level != level || h.Step == nil || len(h.Wrong) != 0 {
			t.Errorf("level %d: got %+v, want a step hint at that level", level, h)
		}
	}
	name := withArticle(steps[1].Step.Technique.Name)
	if got, want := steps[1].Text, "Look for "+name+"."; got != want {
		t.Errorf("level 1: got %q, want %q", got, want)
	}
	if len(steps[1].Cells)+len(steps[1].Houses) != 0 {
		t.Errorf("level 1 highlights %v %v, want nothing", steps[1].Cells, steps[1].Houses)
	}
	if !strings.HasPrefix(steps[2].Text, "Look for "+name+" in ") || len(steps[2].Cells)+len(steps[2].Houses) == 0 {
		t.Errorf("level 2: got %q highlighting %v %v, want where to look", steps[2].Text, steps[2].Cells, steps[2].Houses)
	}
	if got, want := steps[3].Text, sentence(steps[3].Step.Explain()); got != want || got == "" {
		t.Errorf("level 3: got %q, want the step's explanation %q", got, want)
	}
	sol := mustLine(t, wikiSolution)
	for _, pl := range steps[3].Step.Placements {
		if int(sol[pl.Cell]) != pl.Digit {
			t.Errorf("level 3 places %v, but the solution has %d there", pl, sol[pl.Cell])
		}
	}
}

func TestNextHintWrongEntries(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	pos := p
	pos[2] = 1 // r1c3 is 4 in the solution
	pos[3] = 6 // r1c4 is right
	tests := []struct {
		level int
		want  string
		cells int
	}{
		{1, "One of your entries is wrong", 0},
		{2, "Check r1c3: it is not right.", 1},
		{3, "Wrong entries: r1c3 is 4, not 1.", 1},
	}
	for _, tt := range tests {
		h, err := NextHint(p, pos, tt.level)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(h.Text, tt.want) || len(h.Cells) != tt.cells || h.Step != nil {
			t.Errorf("level %d: got %q (cells %v, step %v), want %q with %d cells and no step", tt.level, h.Text, h.Cells, h.Step, tt.want, tt.cells)
		}
		if len(h.Wrong) != 1 || h.Wrong[0] != 2 {
			t.Errorf("level %d: wrong = %v, want [r1c3]", tt.level, h.Wrong)
		}
	}
}

func TestNextHintErrors(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	changed := p
	changed[0] = 4
	two := mustLine(t, "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179")
	tests := []struct {
		name        string
		puzzle, pos sudoku.Grid
		level       int
		want        error
	}{
		{"level 0", p, p, 0, nil},
		{"given changed", p, changed, 1, ErrEntriesBreakGivens},
		{"several solutions", two, two, 1, sudoku.ErrMultipleSolutions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NextHint(tt.puzzle, tt.pos, tt.level)
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestNextHintSolved(t *testing.T) {
	p := mustLine(t, wikiPuzzle)
	h, err := NextHint(p, mustLine(t, wikiSolution), 2)
	if err != nil || h.Text != "The puzzle is solved." {
		t.Errorf("got %q, %v, want the puzzle solved", h.Text, err)
	}
}

// TestNextHintMarksReplay plays Expert puzzles of the fixture by hints
// alone, as the web app does: each level-3 hint's placements become
// entries and its eliminations come out of the player's marks (every
// cell's marks filled in first). Every hint must change the position (a
// hint that repeats a step already made is the bug this guards), agree
// with the solution, and the puzzle must end solved.
func TestNextHintMarksReplay(t *testing.T) {
	ps := readRated(t, "testdata/se-rated-sample.txt", 0)
	played := 0
	for _, p := range ps {
		if p.er < RatingOf(3.0) || p.er > RatingOf(7.0) || played >= 12 {
			continue
		}
		played++
		sol, err := solver.SolveGrid(p.grid)
		if err != nil {
			t.Fatal(err)
		}
		pos := p.grid
		var marks Marks
		b := NewBoard(pos)
		for c := range marks {
			marks[c] = b.Cands[c]
		}
		for n := 0; !pos.Full(); n++ {
			if n > 200 {
				t.Fatalf("%v: not solved after 200 hints", p.grid)
			}
			h, err := NextHintMarks(context.Background(), p.grid, pos, &marks, 3)
			if err != nil {
				t.Fatalf("%v: hint %d: %v", p.grid, n, err)
			}
			if h.Step == nil || len(h.Wrong)+len(h.WrongMarks) > 0 {
				t.Fatalf("hint %d: %+v, want a step", n, h)
			}
			if fresh := BoardWithMarks(p.grid, pos, &marks); !reflect.DeepEqual(h.Pattern, h.Step.Pattern(&fresh)) {
				t.Fatalf("hint %d: pattern %v, want the step's on the player's board, %v", n, h.Pattern, h.Step.Pattern(&fresh))
			}
			changed := false
			for _, e := range h.Step.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Fatalf("hint %d (%v) removes the solution's %v", n, h.Step, e)
				}
				changed = changed || marks[e.Cell].Has(e.Digit)
				marks[e.Cell] = marks[e.Cell].Remove(e.Digit)
			}
			for _, pl := range h.Step.Placements {
				if sol[pl.Cell] != uint8(pl.Digit) {
					t.Fatalf("hint %d (%v) places a wrong digit", n, h.Step)
				}
				changed = changed || pos[pl.Cell] == 0
				pos[pl.Cell] = uint8(pl.Digit)
				marks[pl.Cell] = 0
				for _, q := range pl.Cell.Peers() {
					marks[q] = marks[q].Remove(pl.Digit)
				}
			}
			if !changed {
				t.Fatalf("hint %d (%v) changes nothing: the step was already made", n, h.Step)
			}
		}
	}
	if played < 5 {
		t.Fatalf("played %d puzzles, want at least 5 of ER 3-7", played)
	}
}

func TestNextHintWrongMarks(t *testing.T) {
	p, sol := mustLine(t, wikiPuzzle), mustLine(t, wikiSolution)
	var marks Marks
	c := sudoku.Cell(2) // r1c3, 4 in the solution
	marks[c] = sudoku.AllCandidates.Remove(int(sol[c]))
	for level, want := range map[int]string{1: "One of your pencil marks", 2: "Check your notes in r1c3", 3: "r1c3 is 4"} {
		h, err := NextHintMarks(context.Background(), p, p, &marks, level)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(h.Text, want) || h.Step != nil || len(h.WrongMarks) != 1 || h.WrongMarks[0] != c {
			t.Errorf("level %d: %+v, want the wrong marks of r1c3 (%q)", level, h, want)
		}
	}
	marks[c] = sudoku.CandidateOf(int(sol[c])) // right: a naked single now
	h, err := NextHintMarks(context.Background(), p, p, &marks, 3)
	if err != nil || h.Step == nil || len(h.Step.Placements) == 0 {
		t.Fatalf("marks of one right digit: %+v, %v; want a step", h, err)
	}
}

// techniqueNames lists every technique name a step can carry: the solving
// order's (the technique table), the boards of any rules', and the multiple
// forcing chains' names as chains.go builds them.
func techniqueNames() []string {
	var names []string
	for _, t := range techniqueTable {
		if t.Name != "" {
			names = append(names, t.Name)
		}
	}
	names = append(names, anyFullHouse, anyHiddenSingle, anyNakedSingle, anyInnie, anyOutie, anyCombos, anyInnieCombos,
		anyOutieCombos, anyPointing, anyClaiming, anyCagePointing, anySight)
	for _, m := range []map[int]struct {
		name   string
		rating Rating
	}{nakedNames, hiddenNames, fishNames} {
		for _, nm := range m {
			names = append(names, nm.name)
		}
	}
	for _, prefix := range []string{"", "Dynamic ", "Nishio "} {
		for _, kind := range []string{"Contradiction Forcing", "Forcing", "Double Forcing", "Cell Forcing", "Region Forcing"} {
			for _, suffix := range []string{"", " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)", " (+ Dynamic Forcing Chains)"} {
				names = append(names, prefix+kind+" Chains"+suffix)
			}
		}
	}
	return names
}

// TestLookForNamed: level-1 hints of names that once read wrong.
func TestLookForNamed(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Cage combinations", "Look for cage combinations."},
		{"X-Wing", "Look for an X-Wing."},
		{"XY-chain", "Look for an XY-chain."},
		{"XYZ-Wing", "Look for an XYZ-Wing."},
		{"ALS-XZ", "Look for an ALS-XZ."},
		{"AIC", "Look for an AIC."},
		{"Empty rectangle", "Look for an empty rectangle."},
		{"Aligned pair exclusion", "Look for an aligned pair exclusion."},
		{"Unique rectangle", "Look for a unique rectangle."},
		{"W-Wing", "Look for a W-Wing."},
		{"VWXYZ-Wing", "Look for a VWXYZ-Wing."},
		{"Hidden single", "Look for a hidden single."},
		{"2-String kite", "Look for a 2-String kite."},
		{"3 Skyscrapers", "Look for 3 Skyscrapers."},
		{"Skyscraper", "Look for a Skyscraper."},
		{"Swordfish", "Look for a Swordfish."},
		{"Turbot fish", "Look for a Turbot fish."},
		{"3 strong links X-loop", "Look for a 3 strong links X-loop."},
		{"Grouped 2 strong links", "Look for grouped 2 strong links."},
		{"Pointing", "Look for pointing."},
		{"Direct claiming", "Look for direct claiming."},
		{"Cage pointing", "Look for cage pointing."},
		{"Knight and king sight", "Look for knight and king sight."},
		{"Simple colouring (trap)", "Look for simple colouring (trap)."},
		{"Multi-colouring (type 1)", "Look for multi-colouring (type 1)."},
		{"Rule of 45 (innie)", "Look for the rule of 45 (innie)."},
		{"Bidirectional X-Cycle", "Look for a bidirectional X-Cycle."},
		{"Nishio Forcing Chains", "Look for Nishio forcing chains."},
		{"Dynamic Cell Forcing Chains (+)", "Look for dynamic cell forcing chains (+)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := stepHint(1, &Step{Technique: Technique{Name: tc.name}}).Text; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestLookForGrammar: the level-1 hint of every technique name agrees in
// article and number: no article before a plural ("... links",
// "... chains") or a mass noun ("pointing", "sight", "colouring"), "an"
// before a vowel sound (an X-, XY-, ALS, AIC, empty, aligned), "a" before
// any other, and the name's capitals kept past its first letter.
func TestLookForGrammar(t *testing.T) {
	vowel := regexp.MustCompile(`^(?:[aeioAEIO]|[AEFHILMNORSX](?:[A-Z]*(?:-|$))|8|11|18)`)
	for _, name := range techniqueNames() {
		text := stepHint(1, &Step{Technique: Technique{Name: name}}).Text
		phrase, ok := strings.CutPrefix(text, "Look for ")
		phrase, ok2 := strings.CutSuffix(phrase, ".")
		if !ok || !ok2 {
			t.Errorf("%s: %q", name, text)
			continue
		}
		article, rest, _ := strings.Cut(phrase, " ")
		head := strings.Fields(strings.Split(name, " (")[0])
		last := strings.ToLower(head[len(head)-1])
		mass := strings.HasSuffix(last, "s") || last == "sight" || regexp.MustCompile(`(pointing|claiming|colouring)$`).MatchString(last)
		switch {
		case mass && (article == "a" || article == "an"):
			t.Errorf("%s: %q has an article before a plural or mass noun", name, text)
		case !mass && article == "the" && !strings.HasPrefix(name, "Rule of 45"):
			t.Errorf("%s: %q", name, text)
		case !mass && article != "the" && article != map[bool]string{true: "an", false: "a"}[vowel.MatchString(rest)]:
			t.Errorf("%s: %q: want %s", name, text, map[bool]string{true: "an", false: "a"}[vowel.MatchString(rest)])
		}
		for _, w := range strings.Fields(name)[1:] {
			if w != strings.ToLower(w) && strings.ToUpper(w[:1])+strings.ToLower(w[1:]) != w && !strings.Contains(text, w) {
				t.Errorf("%s: %q loses the capitals of %s", name, text, w)
			}
		}
	}
}

// TestAOrAn: digits of every size as they are said.
func TestAOrAn(t *testing.T) {
	for s, want := range map[string]string{"8": "an", "2": "a", "11": "an", "18": "an", "1": "a",
		"A": "an", "B": "a", "E": "an", "F": "an", "G": "a", "H": "an", "L": "an", "M": "an", "N": "an", "O": "an", "P": "a", "U": "a"} {
		if got := aOrAn(s); got != want+" "+s {
			t.Errorf("%s: got %q, want %q", s, got, want+" "+s)
		}
	}
}
