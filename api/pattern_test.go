package api

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
)

// TestPattern: the worked example of each technique carries the
// candidates of its pattern, which the web app colours: an X-Wing's four
// corners (two rows by two columns, its digit); a chain's nodes (the
// ends of its links); a naked pair's two cells with both digits. No
// candidate of the pattern is one the step takes out, and every one is a
// candidate of the position.
func TestPattern(t *testing.T) {
	for _, tt := range []struct {
		needs string
		seed  uint64
		check func(t *testing.T, st *stepJSON, got []candJSON)
	}{
		{"x-wing", 7, checkXWing},
		{"x-chain", 3, checkLinkEnds},
		{"xy-chain", 3, checkLinkEnds},
		{"naked pair", 3, checkCellsDigits},
		{"xy-wing", 3, checkWing},
	} {
		t.Run(tt.needs, func(t *testing.T) {
			need, err := logic.ParseNeed(tt.needs, "")
			if err != nil {
				t.Fatal(err)
			}
			p, err := generate.Generate(context.Background(), generate.Options{Needs: need}, generate.Source(tt.seed, 0))
			if err != nil {
				t.Fatal(err)
			}
			pr := practiceOf(context.Background(), p.Grid(), need)
			if pr == nil || pr.Example == nil || pr.Example.Step == nil {
				t.Fatalf("no worked example for %s", p.Grid().Line('.'))
			}
			st := pr.Example.Step
			got := st.Pattern
			t.Logf("%s %v: pattern %v", st.Technique.Name, st.Digits, got)
			for _, c := range got {
				cell := cellOf(t, c.Cell)
				if pr.Marks[cell]&(1<<(c.Digit-1)) == 0 {
					t.Errorf("%v is not a candidate of the position", c)
				}
				if slices.Contains(st.Eliminations, logic.Candidate{Cell: cell, Digit: c.Digit}) {
					t.Errorf("%v is in the pattern and taken out", c)
				}
			}
			tt.check(t, st, got)
			checkJSON(t, st)
		})
	}
}

func cellOf(t *testing.T, name string) sudoku.Cell {
	t.Helper()
	var r, c int
	if _, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err != nil {
		t.Fatalf("cell %q: %v", name, err)
	}
	return sudoku.Cell((r-1)*9 + c - 1)
}

// checkXWing: four candidates of the one digit, on two rows and two
// columns.
func checkXWing(t *testing.T, st *stepJSON, got []candJSON) {
	rows, cols := map[int]bool{}, map[int]bool{}
	for _, c := range got {
		cell := cellOf(t, c.Cell)
		rows[cell.Row()], cols[cell.Col()] = true, true
		if c.Digit != st.Digits[0] {
			t.Errorf("%v: not the X-Wing's digit %d", c, st.Digits[0])
		}
	}
	if len(got) != 4 || len(rows) != 2 || len(cols) != 2 {
		t.Errorf("pattern %v: want 4 corners on 2 rows and 2 columns", got)
	}
}

// checkLinkEnds: the pattern is the links' ends, each once.
func checkLinkEnds(t *testing.T, st *stepJSON, got []candJSON) {
	want := map[candJSON]bool{}
	for _, l := range st.Links {
		want[candJSON{l.From.Cell.String(), l.From.Digit}] = true
		want[candJSON{l.To.Cell.String(), l.To.Digit}] = true
	}
	if len(st.Links) < 3 || len(got) != len(want) {
		t.Errorf("pattern %v, want the %d ends of %d links", got, len(want), len(st.Links))
	}
	for _, c := range got {
		if !want[c] {
			t.Errorf("%v is no link's end", c)
		}
	}
}

// checkCellsDigits: every candidate of the step's digits in its cells.
func checkCellsDigits(t *testing.T, st *stepJSON, got []candJSON) {
	if len(st.Cells) != 2 || len(st.Digits) != 2 || len(got) != 4 {
		t.Errorf("pattern %v of cells %v and digits %v: want both digits in both cells", got, st.Cells, st.Digits)
	}
}

// checkWing: an XY-Wing's three cells with every candidate, the
// pivot's two included (it holds none of the digit the step removes).
func checkWing(t *testing.T, st *stepJSON, got []candJSON) {
	if len(st.Cells) != 3 || len(got) != 6 {
		t.Fatalf("pattern %v of cells %v: want the 2 candidates of each of the 3 cells", got, st.Cells)
	}
	pivot := 0
	for _, c := range got {
		if cellOf(t, c.Cell) == st.Cells[0] {
			pivot++
		}
	}
	if pivot != 2 {
		t.Errorf("pattern %v: %d candidates of the pivot %v, want its 2", got, pivot, st.Cells[0])
	}
}

// checkJSON: the step's JSON is logic's, with "pattern" added.
func checkJSON(t *testing.T, st *stepJSON) {
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	for _, k := range []string{"technique", "eliminations", "words", "pattern"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON has no %q: %s", k, b)
		}
	}
	if links, _ := m["links"].([]any); len(links) != len(st.Links) {
		t.Errorf("JSON has %d links, want %d", len(links), len(st.Links))
	}
}
