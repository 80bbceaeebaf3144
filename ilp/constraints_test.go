package ilp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gs "github.com/crillab/gophersat/solver"

	"sudoku"
	"sudoku/internal/dataset"
	"sudoku/solver"
)

// sol6 is a 6x6 solution (boxes of 2 rows by 3 columns) that the
// constraints of the table cases keep, row by row.
const sol6 = "123456" + "456123" + "231564" + "564231" + "312645" + "645312"

// fpBoard builds a board of size n from f-puzzles JSON: the givens as a
// line of n*n characters ('.' empty) and constraints under their keys.
func fpBoard(t *testing.T, n int, givens string, keys map[string]any) *sudoku.Board {
	t.Helper()
	grid := make([][]map[string]any, n)
	for r := range grid {
		grid[r] = make([]map[string]any, n)
		for c := range grid[r] {
			cell := map[string]any{}
			if ch := givens[r*n+c]; ch != '.' {
				cell["value"], cell["given"] = int(ch-'0'), true
			}
			grid[r][c] = cell
		}
	}
	doc := map[string]any{"size": n, "grid": grid}
	maps.Copy(doc, keys)
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sudoku.ParseFPuzzles(data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return b
}

// lines is the f-puzzles entry of lines of cells ("R1C1").
func lines(ls ...string) []map[string]any {
	out := make([]map[string]any, len(ls))
	for i, l := range ls {
		out[i] = map[string]any{"lines": [][]string{strings.Fields(l)}}
	}
	return out
}

// dotsOf returns the f-puzzles dots of every side-by-side pair of cells
// of the n-grid sol whose digits keep rel, with value (none when "").
func dotsOf(n int, sol string, value string, rel func(a, b int) bool) []map[string]any {
	var out []map[string]any
	name := func(c int) string { return fmt.Sprintf("R%dC%d", c/n+1, c%n+1) }
	for c := 0; c < n*n; c++ {
		for _, o := range []int{c + 1, c + n} {
			if o >= n*n || o == c+1 && o%n == 0 || !rel(int(sol[c]-'0'), int(sol[o]-'0')) {
				continue
			}
			dot := map[string]any{"cells": []string{name(c), name(o)}}
			if value != "" {
				dot["value"] = value
			}
			out = append(out, dot)
		}
	}
	return out
}

func consecutive(a, b int) bool { return a-b == 1 || b-a == 1 }
func double(a, b int) bool      { return a == 2*b || b == 2*a }
func sumsTo(v int) func(a, b int) bool {
	return func(a, b int) bool { return a+b == v }
}

// xvDots returns the X and V of sol6.
func xvDots() []map[string]any {
	return append(dotsOf(6, sol6, "X", sumsTo(10)), dotsOf(6, sol6, "V", sumsTo(5))...)
}

// constraintCases are small boards of every kind of constraint that
// exists: the 6x6 ones drawn from sol6 (but one, made impossible), some
// with one solution, most with several.
func constraintCases(t *testing.T) []struct {
	name string
	b    *sudoku.Board
} {
	empty6, empty4 := strings.Repeat(".", 36), strings.Repeat(".", 16)
	thermos := lines("R1C1 R1C2 R1C3 R1C4", "R5C2 R5C3 R4C3 R3C4", "R6C5 R6C6 R5C6", "R2C4 R2C5 R2C6")
	cases := []struct {
		name string
		b    *sudoku.Board
	}{
		{"thermometer", fpBoard(t, 6, empty6, map[string]any{"thermometer": thermos})},
		{"thermometer, givens", fpBoard(t, 6, "......"+"......"+"2....."+"....3."+"......"+"6.....", map[string]any{"thermometer": thermos})},
		{"thermometer, no solution", fpBoard(t, 6, "6"+empty6[1:], map[string]any{"thermometer": thermos})},
		{"slow thermometer", fpBoard(t, 6, empty6, map[string]any{"slowthermometer": lines("R3C3 R2C4 R1C5 R1C6", "R4C6 R5C5 R5C6", "R5C1 R6C1")})},
		{"slow thermometer, givens", fpBoard(t, 6, "1....."+"......"+"......"+"..4..."+"......"+"......", map[string]any{"slowthermometer": lines("R3C3 R2C4 R1C5 R1C6", "R4C6 R5C5 R5C6", "R5C1 R6C1")})},
		{"difference", fpBoard(t, 6, empty6, map[string]any{"difference": dotsOf(6, sol6, "", consecutive)})},
		{"difference, negative", fpBoard(t, 6, empty6, map[string]any{"difference": dotsOf(6, sol6, "", consecutive), "negative": []string{"difference"}})},
		{"difference 3, negative", fpBoard(t, 6, empty6, map[string]any{"difference": dotsOf(6, sol6, "3", func(a, b int) bool { return a-b == 3 || b-a == 3 }), "negative": []string{"difference"}})},
		{"nonconsecutive", fpBoard(t, 6, empty6, map[string]any{"difference": dotsOf(6, sol6, "", consecutive), "nonconsecutive": true})},
		{"nonconsecutive 4x4", fpBoard(t, 4, "1"+empty4[1:], map[string]any{"nonconsecutive": true})},
		{"ratio", fpBoard(t, 6, empty6, map[string]any{"ratio": dotsOf(6, sol6, "", double)})},
		{"ratio, negative", fpBoard(t, 6, empty6, map[string]any{"ratio": dotsOf(6, sol6, "", double), "negative": []string{"ratio"}})},
		{"ratio 3, negative 4x4", fpBoard(t, 4, empty4, map[string]any{"ratio": []map[string]any{{"cells": []string{"R1C1", "R1C2"}, "value": "3"}}, "negative": []string{"ratio"}})},
		{"xv", fpBoard(t, 6, empty6, map[string]any{"xv": xvDots()})},
		{"xv, negative", fpBoard(t, 6, empty6, map[string]any{"xv": xvDots(), "negative": []string{"xv"}})},
		{"difference, negative, a given", fpBoard(t, 6, "1"+empty6[1:], map[string]any{"difference": dotsOf(6, sol6, "", consecutive), "negative": []string{"difference"}})},
		{"nonconsecutive, a given", fpBoard(t, 6, "1"+empty6[1:], map[string]any{"difference": dotsOf(6, sol6, "", consecutive), "nonconsecutive": true})},
		{"xv, negative, givens", fpBoard(t, 6, ".2"+empty6[2:10]+"2"+empty6[11:], map[string]any{"xv": xvDots(), "negative": []string{"xv"}})},
		{"slow thermometer and xv", fpBoard(t, 6, empty6, map[string]any{"slowthermometer": lines("R3C3 R2C4 R1C5 R1C6", "R4C6 R5C5 R5C6", "R5C1 R6C1"), "xv": xvDots()})},
		{"mixed, unique", fpBoard(t, 6, empty6, map[string]any{"thermometer": lines("R5C2 R5C3 R4C3", "R1C1 R1C2 R1C3 R1C4"),
			"slowthermometer": lines("R4C6 R5C5 R5C6"), "ratio": dotsOf(6, sol6, "", double), "xv": xvDots()})},
		{"mixed, first dots", fpBoard(t, 6, "1"+empty6[1:], map[string]any{"thermometer": lines("R5C2 R5C3 R4C3"), "slowthermometer": lines("R4C6 R5C5 R5C6"),
			"difference": dotsOf(6, sol6, "", consecutive)[:6], "ratio": dotsOf(6, sol6, "", double)[:4], "xv": xvDots()[:3]})},
	}
	return append(cases, kindCases(t)...)
}

// The gophersat engine counts the solutions of boards of every kind of
// constraint as the general engine does (limit 2, and 100 to test the
// rows over many solutions), with the same solution when there is one.
func TestConstraintRowsCounts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range constraintCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			for _, limit := range []int{2, 100} {
				want, err := solver.Fast.Search(ctx, tc.b, limit)
				if err != nil {
					t.Fatal(err)
				}
				got, err := Engine.Search(ctx, tc.b, limit)
				if err != nil || got.Count != want.Count {
					t.Fatalf("limit %d: ilp finds %d solutions (%v), general %d", limit, got.Count, err, want.Count)
				}
				if want.Count == 1 && (!slices.Equal(got.Solution, want.Solution) || !slices.Equal(got.Solution, digitsOf(sol6, 6))) {
					t.Errorf("ilp's solution %v, general's %v", got.Solution, want.Solution)
				}
				if got.Count > 0 {
					checkSolution(t, tc.b, got.Solution)
				}
				t.Logf("limit %d: %d solutions", limit, got.Count)
			}
		})
	}
}

// checkSolution fails when cells break a rule of b or a constraint.
func checkSolution(t *testing.T, b *sudoku.Board, cells []uint8) {
	t.Helper()
	sol := &sudoku.Board{Rules: b.Rules, Cells: cells}
	if err := sol.Validate(); err != nil || !sol.Full() {
		t.Errorf("a solution breaks the rules: %v", err)
	}
	for _, c := range b.Rules.Constraints {
		if err := c.Check(cells); err != nil {
			t.Errorf("a solution breaks %v: %v", c, err)
		}
	}
}

// eitherOne is a constraint of the tests with an auxiliary binary that
// the cells do not always fix: cell a or cell b (or both) holds d, as
// x(a,d) >= y and x(b,d) >= 1-y.
type eitherOne struct{ a, b, d int }

func (e eitherOne) Kind() string              { return "either one" }
func (e eitherOne) Cells() []int              { return []int{e.a, e.b} }
func (e eitherOne) Shapes() []sudoku.Shape    { return nil }
func (e eitherOne) String() string            { return "either one" }
func (e eitherOne) Check(cells []uint8) error { return nil }

func (e eitherOne) Propagate(d *sudoku.Domains) bool {
	one := sudoku.DigitOf(e.d)
	if !d.Of(e.a).Has(e.d) && !d.Keep(e.b, one) {
		return false
	}
	return d.Of(e.b).Has(e.d) || d.Keep(e.a, one)
}

func (e eitherOne) Rows(m sudoku.Model) {
	y := m.Binary("pick")
	m.Row("either one", []sudoku.Term{{Coef: 1, Var: m.Cell(e.a, e.d)}, {Coef: -1, Var: y}}, sudoku.AtLeast, 0)
	m.Row("either one", []sudoku.Term{{Coef: 1, Var: m.Cell(e.b, e.d)}, {Coef: 1, Var: y}}, sudoku.AtLeast, 1)
}

// A grid counts once whatever its auxiliary binaries hold: when r1c1 and
// r4c4 both hold 1, y may be 0 or 1, and the blocking clause leaves y
// out (r1c4 and r4c1 may both hold 2 at the same time). The names follow the kind: either_one_1, either_one_2 (rows),
// either_one_1_pick (the binary).
func TestConstraintAuxiliary(t *testing.T) {
	r, err := sudoku.Sized(4)
	if err != nil {
		t.Fatal(err)
	}
	r.Constraints = []sudoku.Constraint{eitherOne{0, 15, 1}, eitherOne{3, 12, 2}}
	b := sudoku.NewBoard(r)
	ctx := context.Background()
	want, err := solver.Fast.Search(ctx, b, 1000)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Engine.Search(ctx, b, 1000)
	if err != nil || got.Count != want.Count {
		t.Errorf("ilp finds %d grids (%v), general %d", got.Count, err, want.Count)
	}
	m, err := New(b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, row := range m.Rows[len(m.Rows)-4:] {
		names = append(names, row.Name)
	}
	names = append(names, m.Vars[64].Name, m.Vars[65].Name)
	if w := []string{"either_one_1_1", "either_one_1_2", "either_one_2_1", "either_one_2_2", "either_one_1_pick", "either_one_2_pick"}; !slices.Equal(names, w) {
		t.Errorf("names %v, want %v", names, w)
	}
	if len(m.Vars) != 66 || len(m.Objective) != 66 || m.Objective[64] != 0 {
		t.Errorf("%d variables, %d costs (binary's %d), want 66, 66, 0", len(m.Vars), len(m.Objective), m.Objective[64])
	}
}

// Row merges the terms of one variable, drops zeros and keeps a row
// that nothing can satisfy.
func TestModelRow(t *testing.T) {
	b := fpBoard(t, 4, strings.Repeat(".", 16), nil)
	m, err := New(b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := len(m.Rows)
	x, y := m.Cell(0, 1), m.Cell(5, 2)
	m.Row("a:b", []sudoku.Term{{Coef: 2, Var: x}, {Coef: 3, Var: y}, {Coef: -2, Var: x}}, sudoku.AtMost, 1)
	m.Row("true", []sudoku.Term{{Coef: 1, Var: x}, {Coef: -1, Var: x}}, sudoku.AtMost, 0)
	m.Row("false", nil, sudoku.AtLeast, 1)
	got := m.Rows[rows:]
	if len(got) != 2 || got[0].Name != "a_b" || !slices.Equal(got[0].Terms, []Term{{Var: int(y), Coef: 3}}) || got[0].Sense != LE {
		t.Fatalf("rows %+v", got)
	}
	if got[1].Name != "false" || got[1].Sense != GE || got[1].RHS != 1 || slices.ContainsFunc(got[1].Terms, func(t Term) bool { return t.Coef != 0 }) {
		t.Errorf("the impossible row: %+v", got[1])
	}
	if m.Cell(16, 1) != -1 || m.Cell(0, 5) != -1 || m.Cell(0, 0) != -1 {
		t.Error("Cell of a cell or digit off the grid is not -1")
	}
	r, err := Engine.Search(context.Background(), b, 2)
	if err != nil || r.Count != 2 {
		t.Errorf("the board without the rows: %d, %v", r.Count, err)
	}
	for _, f := range Formats {
		if err := Write(&bytes.Buffer{}, m, f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// opbLine is a valid OPB constraint: signed integer coefficients, each
// variable once, >= or =.
var opbLine = regexp.MustCompile(`^([+-][0-9]+ x[0-9]+ )+(>=|=) -?[0-9]+ ;$`)

// The OPB of every case is valid (each constraint line well formed,
// gophersat's own parser reads it) and has the board's solutions: with
// the general engine's solution fixed it is satisfiable, and its first
// solution keeps the constraints.
func TestConstraintOPB(t *testing.T) {
	for _, tc := range constraintCases(t) {
		m, err := New(tc.b, Options{Objective: ObjNone})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteOPB(&buf, m); err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if !strings.HasPrefix(l, "*") && !opbLine.MatchString(l) {
				t.Fatalf("%s: line %d is not OPB: %q", tc.name, i+1, l)
			}
		}
		pb, err := gs.ParseOPB(&buf)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		st := gs.New(pb).Solve()
		want, _ := solver.Fast.Search(context.Background(), tc.b, 1)
		if (st == gs.Sat) != (want.Count > 0) {
			t.Errorf("%s: gophersat on the OPB says %v, general finds %d solutions", tc.name, st, want.Count)
		}
	}
}

// corpusPuzzle is a puzzle of ../shared/data/variants/fpuzzles-ci.json
// (CC BY 4.0 by its author: never copied into the repository).
type corpusPuzzle struct {
	Title, Author, License string
	Puzzle, Solution       string
	board                  *sudoku.Board
	solution               []uint8
}

// fpuzzlesCorpus reads the shared f-puzzles corpus, skipping the test
// when ../shared is absent. It returns the puzzles that read, and logs
// how many do not yet (kinds still to come), with their reasons.
func fpuzzlesCorpus(t *testing.T) []corpusPuzzle {
	t.Helper()
	data, err := os.ReadFile(dataset.Path(t, "data/variants/fpuzzles-ci.json"))
	if err != nil {
		t.Fatal(err)
	}
	var all []corpusPuzzle
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var out []corpusPuzzle
	skipped := map[string]int{}
	for _, p := range all {
		b, err := sudoku.ParseFPuzzlesLink(p.Puzzle)
		if err == nil {
			p.board, p.solution, err = b, digitsOf(p.Solution, b.Size()), nil
			if p.solution == nil {
				err = fmt.Errorf("solution %q is not %d digits", p.Solution, len(b.Cells))
			}
		}
		if err != nil {
			reason, _, _ := strings.Cut(err.Error(), " (supported")
			skipped[reason]++
			continue
		}
		out = append(out, p)
	}
	t.Logf("fpuzzles-ci.json: %d of %d puzzles read; %d skipped: %v", len(out), len(all), len(all)-len(out), skipped)
	return out
}

// digitsOf reads a solution of N*N digits (sizes up to 9); nil if it is
// not one.
func digitsOf(s string, n int) []uint8 {
	if len(s) != n*n {
		return nil
	}
	out := make([]uint8, len(s))
	for i := range s {
		if s[i] < '1' || int(s[i]-'0') > n {
			return nil
		}
		out[i] = s[i] - '0'
	}
	return out
}

// cbcSlow names the corpus puzzles CBC (2.10, defaults) does not solve
// within a minute on this kind of machine: the coverage puzzles, whose
// few givens leave the LP relaxation loose (Anti-Ratio Coverage took 28 s,
// Anti-XV Coverage 159 s, Modular Nabner DA Coverage no solution after
// 345 s of CPU).
// They get a short limit and are reported, not failed; -cbc.all gives
// them the full limit.
var cbcSlow = map[string]bool{
	"Anti-Ratio Coverage":        true,
	"Anti-XV Coverage":           true,
	"Modular Nabner DA Coverage": true,
}

var cbcAll = flag.Bool("cbc.all", false, "give CBC the full time limit on the corpus puzzles it is known to be slow on")

// CBC solves the LP of every corpus puzzle that reads to the solution its
// setter gives (and the MPS of the first few), each within a minute,
// except those of cbcSlow.
func TestCBCFPuzzles(t *testing.T) {
	cbc := needTool(t, "cbc", "coinor-cbc")
	puzzles := fpuzzlesCorpus(t)
	start := time.Now()
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range jobs {
				cbcCorpus(t, cbc, puzzles[i], i < 6 && !cbcSlow[puzzles[i].Title])
			}
		})
	}
	for i := range puzzles {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	t.Logf("CBC on %d puzzles (2 at a time): %v", len(puzzles), time.Since(start).Round(time.Millisecond))
}

// cbcCorpus runs CBC on the LP (and the MPS when mps) of one corpus
// puzzle.
func cbcCorpus(t *testing.T, cbc string, p corpusPuzzle, mps bool) {
	m, err := New(p.board, Options{})
	if err != nil {
		t.Errorf("%s: %v", p.Title, err)
		return
	}
	limit := time.Minute
	if cbcSlow[p.Title] && !*cbcAll {
		limit = 5 * time.Second
	}
	formats := []string{"lp"}
	if mps {
		formats = append(formats, "mps")
	}
	for _, format := range formats {
		t0 := time.Now()
		s, _, err := runCBCWithin(t, cbc, m, format, limit)
		switch {
		case errors.Is(err, errCBCTime) && cbcSlow[p.Title]:
			t.Logf("%s (%s): CBC stopped at its limit of %v, as expected (-cbc.all for the full limit)", p.Title, format, limit)
		case err != nil:
			t.Errorf("%s (%s): %v", p.Title, format, err)
		default:
			if cells, err := m.Cells(s.Values); err != nil || !slices.Equal(cells, p.solution) {
				t.Errorf("%s by %s (%s): CBC's cells %v (%v), want %s", p.Title, p.Author, format, cells, err, p.Solution)
			}
			if cbcSlow[p.Title] {
				t.Logf("%s (%s): CBC solved it in %v: drop it from cbcSlow", p.Title, format, time.Since(t0).Round(time.Millisecond))
			}
		}
	}
}

// Gophersat solves every corpus puzzle that reads to its solution and
// proves it unique; the median time is logged.
func TestBoardEngineFPuzzles(t *testing.T) {
	puzzles := fpuzzlesCorpus(t)
	var times []time.Duration
	for _, p := range puzzles {
		t0 := time.Now()
		r, err := Engine.Search(context.Background(), p.board, 2)
		times = append(times, time.Since(t0))
		if err != nil || r.Count != 1 || !slices.Equal(r.Solution, p.solution) {
			t.Errorf("%s by %s: %d solutions (%v), %v, want %s", p.Title, p.Author, r.Count, err, r.Solution, p.Solution)
		}
		t.Logf("%s: %v (%d decisions, %d conflicts)", p.Title, times[len(times)-1].Round(time.Microsecond), r.Guesses, r.Nodes)
	}
	if len(times) > 0 {
		slices.Sort(times)
		t.Logf("gophersat, proving uniqueness: median %v over %d puzzles (max %v)", times[len(times)/2].Round(time.Microsecond), len(times), times[len(times)-1].Round(time.Microsecond))
	}
}
