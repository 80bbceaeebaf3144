package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"sudoku"
)

// fixture is a case that once disagreed, kept as a test of our own
// (testdata/difftest in the root package, read by TestDiffFixtures):
// the rules as f-puzzles JSON (without the givens, which may break a
// rule: the reader refuses such a board), the givens, the sum cages
// f-puzzles cannot hold, our count and, when it is one, the solution.
type fixture struct {
	Case     string        `json:"case"`
	Found    string        `json:"found"`
	FPuzzles string        `json:"fpuzzles"`
	Givens   string        `json:"givens"`
	SumCages []fixtureCage `json:"sumCages,omitempty"`
	Count    int           `json:"count"`
	Solution string        `json:"solution,omitempty"`
}

type fixtureCage struct {
	Cells []int `json:"cells"`
	Sum   int   `json:"sum"`
}

// writeFixture writes the case as a fixture in dir, with what was found
// (the disagreement, in words). The count is general's, and only when
// it finished, is right by the definitions and agrees with our other
// engines that finished: a case where ours is in doubt is left for study.
func writeFixture(dir string, o outcomeOf, found string) (string, error) {
	gen := o.results[0]
	if o.c.board == nil {
		return "", fmt.Errorf("%s: our reader refuses the rules as impossible: study the case first", o.c.spec)
	}
	if gen.out != finished || o.v.wrong["general"] != "" {
		return "", fmt.Errorf("%s: general did not finish, or is wrong by definition: study the case first", o.c.spec)
	}
	for _, r := range o.results[1:] {
		if (r.side == "backtrack" || r.side == "ilp") && r.out == finished && (r.count != gen.count || o.v.wrong[r.side] != "") {
			return "", fmt.Errorf("%s: %s counts %d, general %d: study the case first", o.c.spec, r.side, r.count, gen.count)
		}
	}
	fp, cages, err := fixtureBoard(o.c.board)
	if err != nil {
		return "", err
	}
	f := fixture{Case: o.c.spec.String(), Found: found, FPuzzles: string(fp), Givens: o.c.board.String(), SumCages: cages, Count: gen.count}
	if gen.count == 1 {
		f.Solution = gridText(gen.sols[0])
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", o.c.spec.label(), o.c.seed))
	return path, os.WriteFile(path, append(b, '\n'), 0o644)
}

// fixtureBoard writes b as f-puzzles JSON without its givens and its sum
// cages (whose digits may repeat: f-puzzles has no such cage), returned
// apart.
func fixtureBoard(b *sudoku.Board) (json.RawMessage, []fixtureCage, error) {
	r := b.Rules.Clone()
	var cages []fixtureCage
	r.Constraints = slices.DeleteFunc(r.Constraints, func(c sudoku.Constraint) bool {
		s, ok := c.(interface{ Sum() int })
		if !ok || c.Kind() != "sum" {
			return false
		}
		cages = append(cages, fixtureCage{Cells: c.Cells(), Sum: s.Sum()})
		return true
	})
	fb := b.Clone()
	fb.Rules = r
	clear(fb.Cells)
	fp, err := sudoku.FormatFPuzzles(fb)
	return fp, cages, err
}

// fixturesFrom writes a fixture for every disagreement written to from
// (difftest's -out), into dir: each case is made again from its spec and
// counted by our engines; the words say who was found wrong and the
// counts, as the file records them.
func (r *runner) fixturesFrom(from, dir string, w io.Writer) error {
	paths, err := filepath.Glob(filepath.Join(from, "*.json"))
	if err != nil {
		return err
	}
	for _, path := range paths {
		var cf caseFile
		data, err := os.ReadFile(path)
		if err == nil {
			err = json.Unmarshal(data, &cf)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if strings.HasSuffix(path, "-shrunk.json") {
			continue
		}
		if err := r.fixtureOf(cf, dir, w); err != nil {
			fmt.Fprintln(w, "not written:", err)
		}
	}
	return nil
}

// fixtureOf makes the case of cf again, counts it with ours and writes
// its fixture.
func (r *runner) fixtureOf(cf caseFile, dir string, w io.Writer) error {
	sp, err := parseSpec(cf.Case)
	if err != nil {
		return err
	}
	c, err := makeCase(sp)
	if err != nil {
		return err
	}
	path, err := writeFixture(dir, r.runCase(c), foundWords(cf))
	if err == nil {
		fmt.Fprintln(w, "wrote", path)
	}
	return err
}

// foundWords says what a disagreement showed: who was wrong, why, and
// every side's count.
func foundWords(cf caseFile) string {
	var wrong, counts []string
	for side, why := range cf.Wrong {
		why = solutionDigits.ReplaceAllString(why, "reports a grid that breaks")
		wrong = append(wrong, side+": "+why)
	}
	slices.Sort(wrong)
	for _, r := range cf.Results {
		if r.Outcome == "finished" {
			counts = append(counts, fmt.Sprintf("%s %d", r.Side, r.Count))
		}
	}
	return strings.Join(wrong, "; ") + " (counts: " + strings.Join(counts, ", ") + ")"
}

// solutionDigits is a reported solution in the words of a verdict.
var solutionDigits = regexp.MustCompile(`its solution [0-9A-G]+ breaks`)
