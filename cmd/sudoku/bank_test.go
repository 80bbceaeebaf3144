package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sudoku/bank"
	"sudoku/internal/pgtest"
	"testing"

	"sudoku"
	"sudoku/bank/bankgen"
	"sudoku/generate"
	"sudoku/logic"
	"sudoku/solver"
	"sudoku/sqlite"
)

// TestMain lets the test binary stand in for the sudoku command: with
// SUDOKU_TEST_AS_CLI=1 it runs main with its arguments (see cliCommand).
func TestMain(m *testing.M) {
	if os.Getenv("SUDOKU_TEST_AS_CLI") == "1" {
		main()
		return
	}
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

func tempBankPath(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "data", "bank.db")
}

func openForTest(t *testing.T, path string) bank.Store {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func exportAll(t *testing.T, db bank.Store) []bank.Entry {
	t.Helper()
	var es []bank.Entry
	if err := db.Export(context.Background(), func(e bank.Entry) error { es = append(es, e); return nil }); err != nil {
		t.Fatal(err)
	}
	return es
}

// checkEntry checks a stored puzzle against its level: one solution, the
// stored one, and the stored rating is the puzzle's.
func checkEntry(t *testing.T, e bank.Entry, level logic.Level) {
	t.Helper()
	sol, err := solver.SolveGrid(e.Puzzle)
	if err != nil || sol != e.Solution {
		t.Errorf("puzzle %d: got solution %v (%v), want the stored %v", e.ID, sol, err, e.Solution)
	}
	r, err := logic.Rate(e.Puzzle)
	if stored := bankgen.Rating(e); err != nil || r.ER != stored.ER || r.EP != stored.EP || r.ED != stored.ED || r.Level != stored.Level || stored.Level != level {
		t.Errorf("puzzle %d: got rating %v/%v/%v %v (%v), stored %v/%v/%v %v, want level %v",
			e.ID, r.ER, r.EP, r.ED, r.Level, err, e.ER, e.EP, e.ED, e.Level, level)
	}
	if c := generate.Canonical(e.Puzzle).Line('.'); c != e.Canonical || e.Clues != e.Puzzle.Clues() {
		t.Errorf("puzzle %d: got canonical %s, clues %d, stored %s, %d", e.ID, c, e.Puzzle.Clues(), e.Canonical, e.Clues)
	}
}

func TestBankUsageErrors(t *testing.T) {
	db := tempBankPath(t)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", []string{"bank"}, 2, "usage: sudoku bank"},
		{"help", []string{"bank", "help"}, 0, "fill "},
		{"unknown", []string{"bank", "frob"}, 2, `unknown command "frob"`},
		{"fill no level", []string{"bank", "fill", "--db", db, "-n", "1"}, 2, "--level is required"},
		{"fill bad level", []string{"bank", "fill", "--db", db, "--level", "tricky", "-n", "1"}, 2, `unknown level "tricky"`},
		{"fill no n", []string{"bank", "fill", "--db", db, "--level", "easy"}, 2, "-n is required"},
		{"fill bad symmetry", []string{"bank", "fill", "--db", db, "--level", "easy", "-n", "1", "--symmetry", "spiral"}, 2, `unknown symmetry "spiral"`},
		{"fill batch", []string{"bank", "fill", "--db", db, "--level", "easy", "-n", "1", "--batch", "0"}, 2, "--batch must be at least 1"},
		{"fill j", []string{"bank", "fill", "--db", db, "--level", "easy", "-n", "1", "-j", "0"}, 2, "-j must be at least 1"},
		{"fill seed", []string{"bank", "fill", "--db", db, "--level", "easy", "-n", "1", "--seed", "x"}, 2, "--seed"},
		{"fill argument", []string{"bank", "fill", "--db", db, "--level", "easy", "-n", "1", "more"}, 2, `unexpected argument "more"`},
		{"import j", []string{"bank", "import", "--db", db, "-j", "0"}, 2, "-j must be at least 1"},
		{"pick no level", []string{"bank", "pick", "--db", db}, 2, "--level is required"},
		{"pick no bank", []string{"bank", "pick", "--db", db, "--level", "easy"}, 1, "no bank at " + db},
		{"stats no bank", []string{"bank", "stats", "--db", db}, 1, "no bank at"},
		{"export no bank", []string{"bank", "export", "--db", db}, 1, "no bank at"},
		{"export bad level", []string{"bank", "export", "--db", db, "--level", "x"}, 2, `unknown level "x"`},
		{"stats argument", []string{"bank", "stats", "--db", db, "x"}, 2, `unexpected argument "x"`},
		{"fill only-before alone", []string{"bank", "fill", "--db", db, "--only-before", "singles", "-n", "1"}, 2, "--only-before goes with --needs"},
		{"fill needs unknown", []string{"bank", "fill", "--db", db, "--needs", "x-wingz", "-n", "1"}, 2, `unknown technique "x-wingz"`},
		{"fill needs and level", []string{"bank", "fill", "--db", db, "--needs", "x-wing", "--level", "hard", "-n", "1"}, 2, "--level does not go with --needs"},
		{"fill needs no n", []string{"bank", "fill", "--db", db, "--needs", "x-wing"}, 2, "-n is required"},
		{"pick needs bad before", []string{"bank", "pick", "--db", db, "--needs", "x-wing", "--only-before", "chains"}, 2, "want singles, intersections or subsets"},
		{"pick needs no bank", []string{"bank", "pick", "--db", db, "--needs", "x-wing"}, 1, "no bank at"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("got exit %d, stderr %q, want %d and %q", code, stderr, tt.code, tt.want)
			}
		})
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("got a bank file at %s after failed commands, want none", db)
	}
}

var fillSummary = regexp.MustCompile(`(\d+) puzzles?: (\d+) added, (\d+) duplicates, (\d+) gave up; .*puzzles/s \(([\d.]+) tries/puzzle; (\w+), (\d+) left, target (\d+); seed (\d+) (#(\d+)-#(\d+)|none generated)`)

// fillStats is what a fill's summary says.
type fillStats struct {
	added, dupes, gaveUp, left int
	from, to                   int // numbers generated, -1 when none
}

func parseFillSummary(t *testing.T, stderr string) fillStats {
	t.Helper()
	m := fillSummary.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("got stderr %q, want a fill summary", stderr)
	}
	n := func(i int) int {
		if m[i] == "" {
			return -1
		}
		v, _ := strconv.Atoi(m[i])
		return v
	}
	return fillStats{added: n(2), dupes: n(3), gaveUp: n(4), left: n(7), from: n(11), to: n(12)}
}

func TestBankFillResumes(t *testing.T) {
	db := tempBankPath(t)
	fill := func(n int, extra ...string) fillStats {
		t.Helper()
		args := append([]string{"bank", "fill", "--db", db, "--level", "EASY", "-n", strconv.Itoa(n), "--batch", "4", "-j", "2"}, extra...)
		out, stderr, code := runCLI(t, "", args...)
		if code != 0 || out != "" {
			t.Fatalf("fill -n %d: got exit %d, stdout %q, stderr %q, want 0 and no output", n, code, out, stderr)
		}
		return parseFillSummary(t, stderr)
	}
	tests := []struct {
		name  string
		n     int
		extra []string
		want  fillStats
	}{
		{"first", 10, []string{"--seed", "5"}, fillStats{added: 10, left: 10, from: 0, to: 9}},
		{"again: nothing to do", 10, nil, fillStats{left: 10, from: -1, to: -1}},
		{"more: goes on at #10", 13, nil, fillStats{added: 3, left: 13, from: 10, to: 12}},
		{"same seed again", 14, []string{"--seed", "5"}, fillStats{added: 1, left: 14, from: 13, to: 13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fill(tt.n, tt.extra...); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	_, stderr, code := runCLI(t, "", "bank", "fill", "--db", db, "--level", "easy", "-n", "20", "--seed", "6")
	if code != 1 || !strings.Contains(stderr, "has seed 5") {
		t.Errorf("other seed: got exit %d, %q, want 1 and 'has seed 5'", code, stderr)
	}
	b := openForTest(t, db)
	es := exportAll(t, b)
	if len(es) != 14 {
		t.Fatalf("got %d puzzles, want 14", len(es))
	}
	for i, e := range es {
		checkEntry(t, e, logic.Easy)
		if want := fmt.Sprintf("fill Easy none seed 5 #%d", i); e.Source != want {
			t.Errorf("got source %q, want %q", e.Source, want)
		}
	}
	cur, ok, err := b.Cursor(context.Background(), bank.Easy, "none")
	if !ok || err != nil || cur.Next != 14 || cur.Seed != 5 {
		t.Errorf("got cursor %+v (%v, %v), want seed 5, next 14", cur, ok, err)
	}
}

func TestBankFillLevels(t *testing.T) {
	db := tempBankPath(t)
	for _, l := range []logic.Level{logic.Easy, logic.Medium, logic.Hard} {
		_, stderr, code := runCLI(t, "", "bank", "fill", "--db", db, "--level", l.String(), "-n", "4", "--seed", "9", "--symmetry", "rot180")
		if code != 0 {
			t.Fatalf("%v: got exit %d (%s), want 0", l, code, stderr)
		}
	}
	b := openForTest(t, db)
	es := exportAll(t, b)
	if len(es) != 12 {
		t.Fatalf("got %d puzzles, want 12", len(es))
	}
	grids := map[sudoku.Grid]bool{}
	for i, e := range es {
		checkEntry(t, e, logic.Level(i/4))
		if e.Symmetry != "rot180" || !generate.Rot180.Holds(e.Puzzle) {
			t.Errorf("puzzle %d: got symmetry %q, want rot180", e.ID, e.Symmetry)
		}
		grids[e.Solution] = true
	}
	if len(grids) != 12 {
		t.Errorf("got %d solution grids for 12 puzzles, want 12: the levels' runs must not share grids", len(grids))
	}
}

func TestLevelPuzzle(t *testing.T) {
	for _, l := range []logic.Level{logic.Easy, logic.Medium, logic.Hard} {
		for i := range 3 {
			p, r, tries, err := bankgen.LevelPuzzle(t.Context(), l, generate.None, 77, i)
			if err != nil || r.Level != l || tries < 1 {
				t.Errorf("%v #%d: got level %v, %d tries, %v, want %v", l, i, r.Level, tries, err, l)
				continue
			}
			if sol, err := solver.SolveGrid(p.Grid()); err != nil || sol != p.SolutionGrid() {
				t.Errorf("%v #%d: got solution %v (%v), want %v", l, i, sol, err, p.SolutionGrid())
			}
			q, _, _, _ := bankgen.LevelPuzzle(t.Context(), l, generate.None, 77, i)
			if q.Grid() != p.Grid() {
				t.Errorf("%v #%d: got %v then %v, want the same puzzle", l, i, p.Grid(), q.Grid())
			}
		}
	}
}

func TestBankPickStatsExport(t *testing.T) {
	db := tempBankPath(t)
	if _, stderr, code := runCLI(t, "", "bank", "fill", "--db", db, "--level", "medium", "-n", "5", "--seed", "3"); code != 0 {
		t.Fatalf("fill: got exit %d (%s)", code, stderr)
	}
	seen := map[string]bool{}
	for i := range 2 {
		out, stderr, code := runCLI(t, "", "bank", "pick", "--db", db, "--level", "Medium")
		p := strings.TrimSpace(out)
		g, err := sudoku.Parse(p)
		if code != 0 || err != nil || len(p) != 81 || seen[p] {
			t.Fatalf("pick %d: got exit %d, %q (%v), want a new 81-character puzzle", i, code, out, err)
		}
		seen[p] = true
		if want := fmt.Sprintf("Medium, %d clues, puzzle %d of the bank; %d Medium left", g.Clues(), i+1, 4-i); !strings.Contains(stderr, want) {
			t.Errorf("pick %d: got stderr %q, want %q", i, stderr, want)
		}
	}
	out, _, code := runCLI(t, "", "bank", "pick", "--db", db, "--level", "medium", "--json", "-q")
	var j bank.EntryJSON
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.ID != 3 || j.Level != "Medium" || j.HandedOut == "" || len(j.Solution) != 81 || seen[j.Puzzle] {
		t.Errorf("pick --json: got exit %d, %+v (%v), want puzzle 3, Medium, handed out, with its solution", code, j, err)
	}
	_, stderr, code := runCLI(t, "", "bank", "pick", "--db", db, "--level", "hard")
	if code != 1 || !strings.Contains(stderr, "no Hard puzzle left") {
		t.Errorf("pick hard: got exit %d, %q, want 1, no Hard puzzle left", code, stderr)
	}

	out, _, code = runCLI(t, "", "bank", "stats", "--db", db)
	for _, want := range []string{db + ": 5 puzzles", "Medium             5           3      0        2", "Hard               0           0      0        0", "rating " + logic.RatingVersion + ": 5 puzzles"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("stats: got exit %d, %q, want it to contain %q", code, out, want)
		}
	}
	out, _, _ = runCLI(t, "", "bank", "stats", "--db", db, "--json")
	var st struct {
		Path   string
		Total  int
		Size   int64
		Levels []struct {
			Level                  string
			Total, HandedOut, Left int
		} `json:"levels"`
		Versions map[string]int `json:"rating_versions"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Path != db || st.Total != 5 || st.Size <= 0 || len(st.Levels) != 6 || st.Levels[1].Left != 2 || st.Versions[logic.RatingVersion] != 5 {
		t.Errorf("stats --json: got %+v (%v) from %q", st, err, out)
	}

	tests := []struct {
		name  string
		args  []string
		lines int
	}{
		{"all", nil, 5},
		{"medium", []string{"--level", "medium"}, 5},
		{"easy", []string{"--level", "easy"}, 0},
	}
	line := regexp.MustCompile(`^[1-9.]{81} \d+\.\d/\d+\.\d/\d+\.\d Medium$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", append([]string{"bank", "export", "--db", db}, tt.args...)...)
			lines := strings.Fields(strings.ReplaceAll(out, " ", "_"))
			if code != 0 || len(lines) != tt.lines || !strings.Contains(stderr, fmt.Sprintf("%d puzzles exported", tt.lines)) {
				t.Fatalf("got exit %d, %d lines, %q, want 0, %d lines", code, len(lines), stderr, tt.lines)
			}
			for _, l := range strings.Split(strings.TrimSpace(out), "\n")[:tt.lines] {
				if !line.MatchString(l) {
					t.Errorf("got line %q, want puzzle ER/EP/ED Medium", l)
				}
			}
		})
	}
	out, _, _ = runCLI(t, "", "bank", "export", "--db", db, "--json", "-q")
	handed := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var j bank.EntryJSON
		if err := json.Unmarshal([]byte(l), &j); err != nil || len(j.Canonical) != 81 || j.Source == "" {
			t.Errorf("export --json: got %q (%v)", l, err)
		}
		if j.HandedOut != "" {
			handed++
		}
	}
	if handed != 3 {
		t.Errorf("export --json: got %d handed out, want 3", handed)
	}
}

func TestBankImport(t *testing.T) {
	db := tempBankPath(t)
	// easy with rows 1 and 3 swapped is the same puzzle: a duplicate.
	swapped := easy[18:27] + easy[9:18] + easy[0:9] + easy[27:]
	file := writeFile(t, "in.txt", strings.Join([]string{
		"# puzzles", easy + " from the README", swapped, easy[:10] + "x" + easy[11:], none, twoSols, conflict, easy[:80], "",
	}, "\n"))
	_, stderr, code := runCLI(t, "", "bank", "import", "--db", db, "--batch", "1", file)
	if code != 1 {
		t.Errorf("got exit %d, want 1", code)
	}
	for _, want := range []string{
		file + ":4:11: unexpected 'x'", file + ":5: no solution", file + ":6: not unique: more than one solution",
		file + ":7:2: r1c1 and r1c2 are both 5 in row 1", file + ":8: got 80 cells, want 81",
		"7 puzzles: 1 added, 1 duplicates, 5 rejected;",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("got stderr %q, want it to contain %q", stderr, want)
		}
	}
	if strings.Contains(stderr, file+":2") || strings.Contains(stderr, file+":3") {
		t.Errorf("got stderr %q, want no complaint about lines 2 and 3", stderr)
	}
	// The same puzzles from stdin, with a new one: only the new one is added.
	_, stderr, code = runCLI(t, easy+"\n"+swapped+"\n"+twoSols[:3]+"."+twoSols[4:]+"\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n",
		"bank", "import", "--db", db, "-")
	if code != 1 || !strings.Contains(stderr, "4 puzzles: 1 added, 2 duplicates, 1 rejected") || !strings.Contains(stderr, "stdin:3: not unique") {
		t.Errorf("stdin: got exit %d, %q, want 1 added, 2 duplicates, 1 rejected", code, stderr)
	}
	es := exportAll(t, openForTest(t, db))
	if len(es) != 2 {
		t.Fatalf("got %d puzzles, want 2", len(es))
	}
	r, _ := logic.Rate(es[0].Puzzle)
	checkEntry(t, es[0], r.Level)
	if es[0].Source != file+":2" || es[0].Puzzle.Line('.') != easy || es[0].Symmetry != "rot180" {
		t.Errorf("got %q from %q, symmetry %s, want %q from %s:2, rot180", es[0].Puzzle.Line('.'), es[0].Source, es[0].Symmetry, easy, file)
	}
	if es[1].Source != "stdin:4" || es[1].Symmetry != "horizontal" {
		t.Errorf("got source %q, symmetry %q, want stdin:4, horizontal", es[1].Source, es[1].Symmetry)
	}
	// Clean input: exit 0.
	if _, stderr, code := runCLI(t, easy+"\n", "bank", "import", "--db", db); code != 0 || !strings.Contains(stderr, "1 puzzle: 0 added, 1 duplicates, 0 rejected") {
		t.Errorf("duplicates only: got exit %d, %q, want 0", code, stderr)
	}
}

// TestBankNeeds: a fill by technique stores puzzles that need it, with
// their techniques; pick --needs hands them out once each, then says
// none is left; a fill of a level stores techniques too.
func TestBankNeeds(t *testing.T) {
	db := tempBankPath(t)
	if _, stderr, code := runCLI(t, "", "bank", "fill", "--db", db, "--needs", "xy-wing", "-n", "3", "--seed", "4"); code != 0 || !strings.Contains(stderr, "3 left, target 3") {
		t.Fatalf("fill: exit %d, %s", code, stderr)
	}
	need, _ := logic.ParseNeed("xy-wing", "")
	for i := range 3 {
		stdout, stderr, code := runCLI(t, "", "bank", "pick", "--db", db, "--needs", "XY wing", "--json")
		var j bank.EntryJSON
		if code != 0 || json.Unmarshal([]byte(stdout), &j) != nil {
			t.Fatalf("pick %d: exit %d, %q, %s", i+1, code, stdout, stderr)
		}
		g, _ := sudoku.Parse(j.Puzzle)
		path, err := logic.Path(g)
		if _, ok := need.MetOn(g, path); !ok || err != nil {
			t.Errorf("pick %d: %s does not need an XY-Wing (%v)", i+1, j.Puzzle, err)
		}
		if want := fmt.Sprintf("%d left that need XY-Wing", 2-i); !strings.Contains(stderr, want) {
			t.Errorf("pick %d: stderr %q, want %q", i+1, stderr, want)
		}
		if !slices.Contains(j.Needs, bank.Trained{Technique: "XY-Wing"}) {
			t.Errorf("pick %d: needs %v, want XY-Wing among them", i+1, j.Needs)
		}
	}
	if _, stderr, code := runCLI(t, "", "bank", "pick", "--db", db, "--needs", "xy-wing"); code != 1 || !strings.Contains(stderr, "no puzzle that needs XY-Wing left") {
		t.Errorf("pick from none left: exit %d, %s", code, stderr)
	}
	if _, stderr, code := runCLI(t, "", "bank", "fill", "--db", db, "--level", "hard", "-n", "5", "--seed", "2"); code != 0 {
		t.Fatalf("fill hard: exit %d, %s", code, stderr)
	}
	for _, e := range exportAll(t, openForTest(t, db)) {
		path, _ := logic.Path(e.Puzzle)
		if want := logic.Trains(e.Puzzle, path); !slices.Equal(e.Needs, bank.ParseNeeds(bank.FormatNeeds(bankgen.Trains(want)))) {
			t.Errorf("%s (%s): stored needs %v, want %v", e.Puzzle.Line('.'), e.Source, e.Needs, want)
		}
	}
}
