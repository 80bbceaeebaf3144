package logic

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// This file makes and checks the technique cases of testdata: positions,
// written in the line form of HoDoKu's regression library, where a
// technique of ours finds a step, with the step's eliminations and
// placements. They are our own: positions met on the solving paths of
// puzzles of our generator, each step checked against the solution when
// recorded and again by every run.

var casePool = flag.String("casepool", "", "with -update: puzzles (a file in any form loadLines reads) whose paths are scanned for new technique cases")

// caseFinder finds, on a board, the step a case of key records.
type caseFinder func(b *Board, key string) (Step, bool)

// caseFile is a file of technique cases: its keys (technique codes and
// the like), how a step of each is found, and the key of a case read.
type caseFile struct {
	name   string // in testdata
	header string
	keys   []string
	find   caseFinder
	keyOf  func(c *reglibCase) string
}

// cases returns the cases of f, after recording them with -update: from
// the puzzles of -casepool, up to two per key; without it, the step of
// each case's position found again.
func (f caseFile) cases(t *testing.T) []reglibCase {
	t.Helper()
	path := filepath.Join("testdata", f.name)
	if *update {
		var lines []string
		if *casePool != "" {
			lines = f.scan(t, gridsOf(readRated(t, *casePool, 0)), 2)
		} else {
			lines = f.rerecord(t, readReglib(t, path))
		}
		if err := os.WriteFile(path, []byte(f.header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d cases to %s", len(lines), path)
	}
	return readReglib(t, path)
}

// scan walks the solving path of each puzzle and keeps, for each key, the
// first board where a step of the key is found, in up to per puzzles.
func (f caseFile) scan(t *testing.T, gs []sudoku.Grid, per int) []string {
	byKey := map[string][]string{}
	for _, g := range gs {
		path, _ := Path(g)
		b := NewBoard(g)
		taken := map[string]bool{}
		for i := 0; i <= len(path) && !b.Solved(); i++ { // enumBUG panics on a solved board
			for _, key := range f.keys {
				if taken[key] || len(byKey[key]) >= per {
					continue
				}
				if s, ok := f.find(&b, key); ok {
					taken[key] = true
					byKey[key] = append(byKey[key], caseLine(t, &b, &s))
				}
			}
			if i < len(path) {
				b.Apply(&path[i])
			}
		}
	}
	var lines []string
	for _, key := range f.keys {
		if len(byKey[key]) == 0 {
			t.Logf("no case of %s in the pool", key)
		}
		lines = append(lines, byKey[key]...)
	}
	return lines
}

// rerecord finds again the step of each case from its position.
func (f caseFile) rerecord(t *testing.T, cs []reglibCase) []string {
	var lines []string
	for _, c := range cs {
		s, ok := f.find(&c.board, f.keyOf(&c))
		if !ok {
			t.Fatalf("line %d: no step of %s found again", c.line, f.keyOf(&c))
		}
		lines = append(lines, caseLine(t, &c.board, &s))
	}
	return lines
}

// caseLine writes a position and a step as a line of HoDoKu's regression
// library, ":code::givens:deleted:eliminations:placements:name", after
// checking the step against the solution.
func caseLine(t *testing.T, b *Board, s *Step) string {
	sol, err := solver.SolveGrid(b.Grid)
	if err != nil || !stepSound(s, sol) {
		t.Fatalf("%s on %v: %v (solution %v)", s, b.Grid, err, sol)
	}
	var givens strings.Builder
	var deleted []Candidate
	all := NewBoard(b.Grid)
	for c := range sudoku.Cell(81) {
		switch {
		case b.Grid[c] == 0:
			givens.WriteByte('.')
		case b.Given[c]:
			givens.WriteByte('0' + b.Grid[c])
		default:
			givens.WriteString("+" + string('0'+b.Grid[c]))
		}
		for _, d := range (all.Cands[c] &^ b.Cands[c]).Digits() {
			deleted = append(deleted, Candidate{c, d})
		}
	}
	return fmt.Sprintf(":%s::%s:%s:%s:%s:%s", s.Technique.Code, givens.String(), caseCands(deleted), caseCands(s.Eliminations),
		caseCands(s.Placements), s.Technique.Name)
}

// caseCands writes candidates as the library does, "<digit><row><col>".
func caseCands(cs []Candidate) string {
	cs = slices.Clone(cs)
	sortCandidates(cs)
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%d%d%d", c.Digit, c.Cell.Row()+1, c.Cell.Col()+1))
	}
	return strings.Join(out, " ")
}

// checkCaseSound checks a case against the solution of its puzzle, found
// by the solver: its givens have one solution, every digit placed is the
// solution's, every candidate deleted is not, and so are the expected
// eliminations and placements. It reports whether the case is sound.
func checkCaseSound(t *testing.T, c *reglibCase) bool {
	t.Helper()
	var g sudoku.Grid
	for i := range g {
		if c.board.Given[i] {
			g[i] = c.board.Grid[i]
		}
	}
	sol, err := solver.SolveGrid(g)
	if err != nil {
		t.Errorf("line %d: the givens: %v", c.line, err)
		return false
	}
	for i := range sudoku.Cell(81) {
		if v := c.board.Grid[i]; (v != 0 && v != sol[i]) || (v == 0 && !c.board.Cands[i].Has(int(sol[i]))) {
			t.Errorf("line %d: the position has lost the solution's %d at %v", c.line, sol[i], i)
			return false
		}
	}
	s := Step{Eliminations: c.eliminations, Placements: c.placements}
	if !stepSound(&s, sol) || len(s.Eliminations)+len(s.Placements) == 0 {
		t.Errorf("line %d: expected -%v +%v: none, or against the solution %v", c.line, c.eliminations, c.placements, sol)
		return false
	}
	return true
}
