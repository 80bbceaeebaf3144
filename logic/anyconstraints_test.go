package logic_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
	. "sudoku/logic"
)

// fp9 returns a 9x9 f-puzzles puzzle with the givens ("R5C5": 4) and the
// constraints' JSON extra (`"thermometer":[...]`).
func fp9(t *testing.T, givens map[string]int, extra string) *sudoku.Board {
	t.Helper()
	rows := make([]string, 9)
	for r := range rows {
		cells := make([]string, 9)
		for c := range cells {
			cells[c] = "{}"
			if v, ok := givens[fmt.Sprintf("R%dC%d", r+1, c+1)]; ok {
				cells[c] = fmt.Sprintf(`{"value":%d,"given":true}`, v)
			}
		}
		rows[r] = "[" + strings.Join(cells, ",") + "]"
	}
	js := `{"size":9,"grid":[` + strings.Join(rows, ",") + `]`
	if extra != "" {
		js += "," + extra
	}
	b, err := sudoku.ParseFPuzzles([]byte(js + "}"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestConstraintSteps: the first step on named positions with
// thermometers and dots, its name, words, eliminations and cells.
func TestConstraintSteps(t *testing.T) {
	thermo := `"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]`
	for _, tc := range []struct {
		name, extra string
		givens      map[string]int
		technique   string
		rating      float64
		text        string
		elims       string // r1c2#1 ...
		cells       []int
	}{
		{"thermometer on an empty grid", thermo, nil, "Thermometer", 2.0,
			"on the thermometer from r1c1, r1c2 is above r1c1, which is at least 1, so 1 leaves r1c2", "r1c2#1", []int{0, 1}},
		{"thermometer from a given bulb", thermo, map[string]int{"R1C1": 4}, "Thermometer", 2.0,
			"on the thermometer from r1c1, r1c2 is above r1c1, which is at least 4, so 1, 2 and 3 leave r1c2", "r1c2#1 r1c2#2 r1c2#3", []int{0, 1}},
		{"thermometer's tip", `"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4","R1C5","R1C6","R1C7","R1C8"]]}]`, map[string]int{"R1C1": 1, "R1C2": 2},
			"Thermometer", 2.2, "on the thermometer from r1c1, r1c4 is above r1c3, which is at least 3, so 3 leaves r1c4", "r1c4#3", []int{0, 1, 2, 3}},
		{"black dot by a 4", `"ratio":[{"cells":["R5C5","R5C6"]}]`, map[string]int{"R5C5": 4}, "Kropki black dot", 2.0,
			"a black dot joins two digits in a ratio of 2, so 1, 3, 5, 6, 7 and 9 leave r5c6",
			"r5c6#1 r5c6#3 r5c6#5 r5c6#6 r5c6#7 r5c6#9", []int{40, 41}},
		{"white dot by a 9", `"difference":[{"cells":["R2C2","R3C2"]}]`, map[string]int{"R2C2": 9}, "Kropki white dot", 2.0,
			"a white dot joins consecutive digits, so 1, 2, 3, 4, 5, 6 and 7 leave r3c2",
			"r3c2#1 r3c2#2 r3c2#3 r3c2#4 r3c2#5 r3c2#6 r3c2#7", []int{10, 19}},
		{"an X by a 3", `"xv":[{"cells":["R9C8","R9C9"],"value":"X"}]`, map[string]int{"R9C9": 3}, "XV", 2.0,
			"an X joins two digits that add up to 10, so 1, 2, 4, 5, 6, 8 and 9 leave r9c8",
			"r9c8#1 r9c8#2 r9c8#4 r9c8#5 r9c8#6 r9c8#8 r9c8#9", []int{79, 80}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := NextBoard(context.Background(), fp9(t, tc.givens, tc.extra))
			if err != nil {
				t.Fatal(err)
			}
			if st.Technique != tc.technique || st.Rating.Float() != tc.rating || st.Text != tc.text {
				t.Errorf("step %s (%v): %q\nwant %s (%v): %q", st.Technique, st.Rating, st.Text, tc.technique, tc.rating, tc.text)
			}
			if got := candNames(st.Eliminations); got != tc.elims {
				t.Errorf("eliminations %s, want %s", got, tc.elims)
			}
			if fmt.Sprint(st.Cells) != fmt.Sprint(tc.cells) || len(st.Placements) != 0 {
				t.Errorf("cells %v, placements %v; want cells %v", st.Cells, st.Placements, tc.cells)
			}
		})
	}
}

// candNames writes candidates as "r1c2#1 r1c2#3" (9x9).
func candNames(cs []BoardCandidate) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("r%dc%d#%d", c.Cell/9+1, c.Cell%9+1, c.Digit)
	}
	return strings.Join(parts, " ")
}

// TestConstraintStepsOrder: the singles come first, then of the
// constraints' deductions the one about the fewest cells.
func TestConstraintStepsOrder(t *testing.T) {
	// A 5-cell thermometer with a 9 at its tip, and a dot: the thermometer
	// is listed first, but its deductions are about 3 cells or more.
	b := fp9(t, map[string]int{"R9C5": 9}, `"thermometer":[{"lines":[["R9C1","R9C2","R9C3","R9C4","R9C5"]]}],"difference":[{"cells":["R1C8","R1C9"],"value":"7"}]`)
	st, err := NextBoard(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if st.Technique != "Kropki white dot" || st.Rating.Float() != 2.0 {
		t.Errorf("first step %s (%v): %s; want the dot's, 2.0", st.Technique, st.Rating, st.Text)
	}
	path, err := PathBoard(context.Background(), b)
	if !errors.Is(err, ErrStuck) {
		t.Fatalf("path: %v", err)
	}
	titles := map[string]bool{}
	for _, s := range path {
		titles[s.Technique] = true
		if s.Technique == "Thermometer" && (s.Rating.Float() < 2.0 || s.Rating.Float() > 2.5) {
			t.Errorf("thermometer step rated %v: %s", s.Rating, s.Text)
		}
	}
	if !titles["Thermometer"] {
		t.Errorf("no thermometer step in %d steps", len(path))
	}
}

// quiet is a constraint that narrows without words: r1c1 is not 1.
type quiet struct{ broken bool }

func (q quiet) Kind() string              { return "quiet" }
func (q quiet) Cells() []int              { return []int{0} }
func (q quiet) Check(cells []uint8) error { return nil }
func (q quiet) Rows(m sudoku.Model)       {}
func (q quiet) Shapes() []sudoku.Shape    { return nil }
func (q quiet) String() string            { return "quiet r1c1" }
func (q quiet) Propagate(d *sudoku.Domains) bool {
	if q.broken {
		return d.Keep(0, 0)
	}
	return d.Remove(0, sudoku.DigitOf(1))
}

// TestConstraintStepsAnyKind: a constraint of a kind no one registered
// still gives steps (named from its kind, worded from its name when it
// has no words), and one that cannot hold is a contradiction.
func TestConstraintStepsAnyKind(t *testing.T) {
	rules := func(c sudoku.Constraint) *sudoku.Board {
		r := &sudoku.Rules{Size: 9, BoxRows: 3, BoxCols: 3, Constraints: []sudoku.Constraint{c}}
		return &sudoku.Board{Rules: r, Cells: make([]uint8, 81)}
	}
	st, err := NextBoard(context.Background(), rules(quiet{}))
	if err != nil {
		t.Fatal(err)
	}
	if st.Technique != "Quiet" || st.Text != "quiet r1c1 rules them out: r1c1<>1" || candNames(st.Eliminations) != "r1c1#1" {
		t.Errorf("step %s: %q %s", st.Technique, st.Text, candNames(st.Eliminations))
	}
	_, err = NextBoard(context.Background(), rules(quiet{broken: true}))
	if !errors.Is(err, sudoku.ErrNoSolution) || !strings.Contains(err.Error(), "quiet r1c1 cannot hold") {
		t.Errorf("broken constraint: %v", err)
	}
}

// TestBoardSummaryConstraint: a constraint step's summary is its rule.
func TestBoardSummaryConstraint(t *testing.T) {
	b := fp9(t, nil, `"thermometer":[{"lines":[["R1C1","R1C2"]]}]`)
	if got := BoardSummary(b.Rules, "Thermometer"); !strings.Contains(got, "increase from the bulb") {
		t.Errorf("summary %q", got)
	}
	if got := BoardSummary(b.Rules, "Naked single"); got != Summary("Naked single") {
		t.Errorf("summary of a naked single %q", got)
	}
	if got := WithArticle("Kropki white dot"); got != "a kropki white dot" {
		t.Errorf("with article: %q", got)
	}
}

// TestConstraintStepsCorpus replays the logic on puzzles with constraints
// in the form of the f-puzzles corpus: every step agrees with the
// solution; puzzles whose constraints do not read yet are skipped and
// counted; the share solved is logged. The fixture
// testdata/constraints.json (our generator's) runs always; with ../shared,
// the corpus itself (setters' puzzles, CC BY 4.0).
func TestConstraintStepsCorpus(t *testing.T) {
	t.Run("fixture", func(t *testing.T) { replayCorpus(t, "testdata/constraints.json") })
	withShared(t, func(t *testing.T) { replayCorpus(t, dataset.Path(t, "data/variants/fpuzzles-ci.json")) })
}

// replayCorpus replays the logic on the puzzles of a file of the
// f-puzzles corpus form.
func replayCorpus(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var es []struct{ Title, Author, Puzzle, Solution string }
	if err := json.Unmarshal(data, &es); err != nil {
		t.Fatal(err)
	}
	read, solved := 0, 0
	for _, e := range es {
		b, err := sudoku.ParseFPuzzlesLink(e.Puzzle)
		if err != nil {
			continue
		}
		read++
		sol := make([]uint8, len(e.Solution))
		for i := range e.Solution {
			sol[i] = e.Solution[i] - '0'
		}
		if len(sol) != len(b.Cells) {
			t.Fatalf("%s by %s: solution of %d cells", e.Title, e.Author, len(sol))
		}
		ok, _ := replayBoard(t, b, sol)
		if ok {
			solved++
		}
	}
	t.Logf("%s: %d of %d puzzles read (%d skipped); logic solves %d of those read", filepath.Base(path), read, len(es), len(es)-read, solved)
	if read > 0 && solved == 0 {
		t.Error("no puzzle of the corpus solved by logic")
	}
}
