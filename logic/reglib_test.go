package logic

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// reglibCase is one line of HoDoKu's regression library:
// :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>
type reglibCase struct {
	line         int
	code         string // base code, "0300"
	variant      string // "", "1", "x", ...
	board        Board
	eliminations []Candidate // sorted
	placements   []Candidate // sorted
	name         string      // the technique's name, in our own cases
}

// fail reports whether the case is a fail case: no instance may be found.
func (c *reglibCase) fail() bool { return c.variant == "x" }

// parseReglibCandidates reads HoDoKu's "<digit><row><col> ..." list.
func parseReglibCandidates(s string) ([]Candidate, error) {
	var out []Candidate
	for _, f := range strings.Fields(s) {
		if len(f) != 3 || f[0] < '1' || f[0] > '9' || f[1] < '1' || f[1] > '9' || f[2] < '1' || f[2] > '9' {
			return nil, fmt.Errorf("bad candidate %q", f)
		}
		out = append(out, Candidate{Cell: sudoku.CellAt(int(f[1]-'1'), int(f[2]-'1')), Digit: int(f[0] - '0')})
	}
	sortCandidates(out)
	return out, nil
}

func sortCandidates(cs []Candidate) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Cell != cs[j].Cell {
			return cs[i].Cell < cs[j].Cell
		}
		return cs[i].Digit < cs[j].Digit
	})
}

// parseReglibBoard builds the board of a case from its givens ('+' before a
// placed, not given, digit) and deleted candidates.
func parseReglibBoard(givens, deleted string) (Board, error) {
	var g sudoku.Grid
	var placed [81]bool
	n := 0
	plus := false
	for i := 0; i < len(givens); i++ {
		ch := givens[i]
		switch {
		case ch == '+':
			plus = true
			continue
		case n >= 81:
			return Board{}, fmt.Errorf("givens longer than 81 cells")
		case ch >= '1' && ch <= '9':
			g[n] = ch - '0'
			placed[n] = plus
		case ch == '.' || ch == '0':
		default:
			return Board{}, fmt.Errorf("bad character %q in givens", ch)
		}
		plus = false
		n++
	}
	if n != 81 {
		return Board{}, fmt.Errorf("givens have %d cells, want 81", n)
	}
	b := NewBoard(g)
	for c := range 81 {
		b.Given[c] = g[c] != 0 && !placed[c]
	}
	del, err := parseReglibCandidates(deleted)
	if err != nil {
		return Board{}, err
	}
	for _, d := range del {
		b.Eliminate(d.Cell, d.Digit)
	}
	return b, nil
}

// parseReglibLine parses one case line.
func parseReglibLine(line string) (reglibCase, error) {
	f := strings.Split(line, ":")
	if len(f) < 7 || f[0] != "" {
		return reglibCase{}, fmt.Errorf("want 7 or more ':'-separated fields, got %d", len(f)-1)
	}
	var c reglibCase
	c.code, c.variant, _ = strings.Cut(f[1], "-")
	var err error
	if c.board, err = parseReglibBoard(f[3], f[4]); err != nil {
		return c, err
	}
	if c.eliminations, err = parseReglibCandidates(f[5]); err != nil {
		return c, err
	}
	if c.placements, err = parseReglibCandidates(f[6]); err != nil {
		return c, err
	}
	if len(f) > 7 {
		c.name = f[7]
	}
	return c, nil
}

// loadReglib reads HoDoKu's regression library from ../shared.
func loadReglib(tb testing.TB) []reglibCase {
	tb.Helper()
	return readReglib(tb, dataset.Path(tb, "data/rated/hodoku-reglib-1.4.txt"))
}

// readReglib reads a file of cases in the library's line form.
func readReglib(tb testing.TB, p string) []reglibCase {
	tb.Helper()
	f, err := os.Open(p)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cases []reglibCase
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		c, err := parseReglibLine(line)
		if err != nil {
			tb.Fatalf("%s:%d: %v", p, ln, err)
		}
		c.line = ln
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// sameCandidates reports whether got, in any order, is exactly want
// (sorted).
func sameCandidates(got, want []Candidate) bool {
	if len(got) != len(want) {
		return false
	}
	g := slices.Clone(got)
	sortCandidates(g)
	return slices.Equal(g, want)
}

// runReglibCase runs every enumerator of the case's code on a copy of its
// board. It reports whether the case passes and, if not, a few of the
// steps found.
func runReglibCase(c *reglibCase, enums []func(*Board, func(Step) bool)) (bool, []string) {
	var found []string
	matched, any := false, false
	for _, enum := range enums {
		b := c.board
		enum(&b, func(s Step) bool {
			any = true
			if sameCandidates(s.Eliminations, c.eliminations) && sameCandidates(s.Placements, c.placements) {
				matched = true
				return false
			}
			if len(found) < 3 {
				found = append(found, fmt.Sprintf("%s -%v +%v", s.Technique.Name, s.Eliminations, s.Placements))
			}
			return !c.fail()
		})
		if matched || (c.fail() && any) {
			break
		}
	}
	if c.fail() {
		return !any, found
	}
	return matched, found
}

// reglibOutOfScope lists the library's case variants a registered code
// does not cover, and why: chains through ALS nodes (HoDoKu's; Sukaku
// Explainer, whose ratings we follow, has none).
var reglibOutOfScope = map[string]string{
	"0709-2": "ALS nodes", "0710-3": "ALS nodes", "0710-4": "ALS nodes", "0711-3": "ALS nodes", "0711-4": "ALS nodes",
}

// reglibKnownMisses are the library's cases (by line) a registered code
// misses, and why.
var reglibKnownMisses = map[int]string{
	1154: "continuous nice loop: the loop found is the shortest back to its start; HoDoKu's is longer",
	1157: "continuous nice loop: the loop found is the shortest back to its start; HoDoKu's is longer",
}

// TestHodokuRegression checks every implemented technique against cases
// of HoDoKu's regression-library form: from each case's position, some
// instance found by the technique's enumerators has exactly the listed
// eliminations or placements. The fixture testdata/technique-cases.txt
// holds our own cases, up to two per technique code (see
// techniqueCaseFile); with ../shared, see hodokuRegressionShared.
func TestHodokuRegression(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		checkOwnCases(t, techniqueCaseFile(), func(c *reglibCase) []func(*Board, func(Step) bool) {
			return codeEnumerators[c.code]
		})
	})
	withShared(t, hodokuRegressionShared)
}

// techniqueCaseFile is testdata/technique-cases.txt: for each code of
// codeEnumerators, positions where the code's enumerators find a step of
// that code, with the first such step.
func techniqueCaseFile() caseFile {
	return caseFile{
		name: "technique-cases.txt",
		header: `# Technique cases of our own, in the line form of HoDoKu's regression library
# (:code::givens:deleted candidates:eliminations:placements:name; '+' marks a digit placed, not
# given). Positions met on the solving paths of puzzles of this project's generator (public domain),
# up to two per HoDoKu code our engine has; each step is the first of the code found there and was
# checked against the solution. Made by: go test ./logic -run TestHodokuRegression/fixture -update
# -casepool FILE (see README.md); -update alone finds each position's step again.
`,
		keys: Codes(),
		find: func(b *Board, code string) (Step, bool) {
			return firstStep(b, codeEnumerators[code], func(s *Step) bool { return s.Technique.Code == code })
		},
		keyOf: func(c *reglibCase) string { return c.code },
	}
}

// firstStep returns the first step of the enumerators that keep accepts
// and that changes the board.
func firstStep(b *Board, enums []func(*Board, func(Step) bool), keep func(s *Step) bool) (Step, bool) {
	var out Step
	found := false
	for _, enum := range enums {
		enum(b, func(s Step) bool {
			found = keep(&s) && len(s.Eliminations)+len(s.Placements) > 0
			if found {
				out = s
			}
			return !found
		})
		if found {
			break
		}
	}
	return out, found
}

// checkOwnCases checks the cases of f: each sound (checkCaseSound), and
// some step of its enumerators exactly the case's. It logs the keys with
// no case.
func checkOwnCases(t *testing.T, f caseFile, enums func(c *reglibCase) []func(*Board, func(Step) bool)) {
	cs := f.cases(t)
	if len(cs) == 0 {
		t.Fatalf("no cases in %s", f.name)
	}
	per := map[string]int{}
	for i := range cs {
		c := &cs[i]
		if !checkCaseSound(t, c) {
			continue
		}
		if ok, found := runReglibCase(c, enums(c)); !ok {
			t.Errorf("line %d (%s, %s): got %v, want -%v +%v", c.line, c.code, c.name, found, c.eliminations, c.placements)
		}
		per[f.keyOf(c)]++
	}
	var missing []string
	for _, k := range f.keys {
		if per[k] == 0 {
			missing = append(missing, k)
		}
	}
	t.Logf("%d cases of %d keys; none for %v", len(cs), len(per), missing)
}

// hodokuRegressionShared checks every implemented technique against
// HoDoKu's regression library: from each case's position, some instance
// found by the technique's enumerators has exactly the listed
// eliminations or placements; for fail cases ("-x"), none is found at
// all. Codes with no enumerator are reported as not implemented.
func hodokuRegressionShared(t *testing.T) {
	cases := loadReglib(t)
	byCode := map[string][]*reglibCase{}
	var codes []string
	for i := range cases {
		c := &cases[i]
		if byCode[c.code] == nil {
			codes = append(codes, c.code)
		}
		byCode[c.code] = append(byCode[c.code], c)
	}
	sort.Strings(codes)
	var missing []string
	for _, code := range codes {
		cs := byCode[code]
		enums := codeEnumerators[code]
		if len(enums) == 0 {
			missing = append(missing, fmt.Sprintf("%s (%d)", code, len(cs)))
			continue
		}
		t.Run(code, func(t *testing.T) {
			passed, skipped := 0, 0
			for _, c := range cs {
				if reglibOutOfScope[c.code+"-"+c.variant] != "" {
					skipped++
					continue
				}
				ok, found := runReglibCase(c, enums)
				if ok {
					passed++
					continue
				}
				if why := reglibKnownMisses[c.line]; why != "" {
					t.Logf("line %d: known miss (%s)", c.line, why)
					continue
				}
				if c.fail() {
					t.Errorf("line %d: fail case, but found %v", c.line, found)
				} else {
					t.Errorf("line %d: got %v, want -%v +%v", c.line, found, c.eliminations, c.placements)
				}
			}
			t.Logf("HoDoKu %s: passed %d/%d (%d out of scope)", code, passed, len(cs)-skipped, skipped)
		})
	}
	t.Logf("not implemented: %s", strings.Join(missing, ", "))
}

func TestParseReglibLine(t *testing.T) {
	// The first example of the library's header: a naked single placing
	// 8 in r2c9.
	line := ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:"
	c, err := parseReglibLine(line)
	if err != nil {
		t.Fatal(err)
	}
	want := Candidate{Cell: sudoku.CellAt(1, 8), Digit: 8}
	if len(c.placements) != 1 || c.placements[0] != want {
		t.Errorf("placements: got %v, want [%v]", c.placements, want)
	}
	if got := c.board.Cands[want.Cell]; got != sudoku.CandidateOf(8) {
		t.Errorf("candidates of %v: got %v, want 8", want.Cell, got)
	}
	if c.board.Given[4] || !c.board.Given[0] {
		t.Errorf("given flags: got r1c5 %v r1c1 %v, want false true", c.board.Given[4], c.board.Given[0])
	}
	if c.code != "0003" || c.variant != "" {
		t.Errorf("code: got %q-%q, want 0003", c.code, c.variant)
	}
	if _, err := parseReglibLine(":0003:8:123:::829:"); err == nil {
		t.Errorf("short givens: got no error, want one")
	}
}
