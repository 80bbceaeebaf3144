package api

import (
	"context"
	"testing"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
)

// needBank is a bank holding one puzzle that needs an X-Wing.
type needBank struct {
	fakeBank
	p     generate.Puzzle
	given bool
}

func (b *needBank) PickNeed(ctx context.Context, need logic.Need) (BankPuzzle, error) {
	if b.given || need.Names[0] != "X-Wing" {
		return BankPuzzle{}, ErrBankEmpty
	}
	b.given = true
	return BankPuzzle{Puzzle: b.p.Grid(), Solution: b.p.SolutionGrid(), Rating: b.p.Rating}, nil
}

// TestPractice: a practice request answers a puzzle that needs the
// technique with the position just before it (every clue kept, every
// empty cell noted, the technique needed from there); from the bank when
// it has one, generated when not.
func TestPractice(t *testing.T) {
	need, _ := logic.ParseNeed("x-wing", "")
	stored, err := generate.Generate(context.Background(), generate.Options{Needs: need}, generate.Source(7, 0))
	if err != nil {
		t.Fatal(err)
	}
	ts := serverWith(t, &Server{Bank: &needBank{fakeBank: fakeBank{given: map[logic.Level]bool{}}, p: stored},
		Now: func() time.Time { return time.Unix(1e9, 0) }})
	for _, tt := range []struct {
		name, body, source string
	}{
		{"from the bank", `{"needs":"x-wing"}`, "bank"},
		{"bank empty: generated", `{"needs":"X wing"}`, ""},
		{"with a seed: generated", `{"needs":"0300","seed":5}`, ""},
		{"only before intersections", `{"needs":"x-wing","onlyBefore":"intersections"}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, m, _ := post(t, ts, "/api/generate", tt.body)
			if status != 200 {
				t.Fatalf("status %d: %v", status, m)
			}
			if src, _ := m["source"].(string); src != tt.source {
				t.Errorf("source %q, want %q", src, tt.source)
			}
			g, err := sudoku.Parse(m["puzzle"].(string))
			if err != nil {
				t.Fatal(err)
			}
			if tt.source == "bank" && g != stored.Grid() {
				t.Errorf("got %s, want the bank's %s", g.Line('.'), stored.Grid().Line('.'))
			}
			checkPractice(t, g, m["practice"])
		})
	}
	status, m, _ := post(t, ts, "/api/generate", `{"needs":"x-wingz"}`)
	if status != 400 || errCode(m) != "bad_request" {
		t.Errorf("unknown technique: %d %v, want 400 bad_request", status, m)
	}
}

// checkPractice checks a practice position of puzzle g: the clues kept,
// candidates on every empty cell, and an X-Wing as the next step there.
func checkPractice(t *testing.T, g sudoku.Grid, v any) {
	t.Helper()
	pr, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("no practice object: %v", v)
	}
	pos, err := sudoku.Parse(pr["position"].(string))
	if err != nil {
		t.Fatal(err)
	}
	marks := pr["marks"].([]any)
	var m logic.Marks
	for c := range 81 {
		if g[c] != 0 && pos[c] != g[c] {
			t.Fatalf("position %s loses the clue at r%dc%d", pos.Line('.'), c/9+1, c%9+1)
		}
		m[c] = sudoku.Candidates(marks[c].(float64))
		if pos[c] == 0 && m[c] == 0 {
			t.Fatalf("r%dc%d is empty with no candidate", c/9+1, c%9+1)
		}
	}
	if pr["technique"] != "X-Wing" || pr["summary"] == "" {
		t.Errorf("technique %v, summary %v", pr["technique"], pr["summary"])
	}
	h, err := logic.NextHintMarks(context.Background(), g, pos, &m, 3)
	if err != nil || h.Step == nil || h.Step.Technique.Name != "X-Wing" {
		t.Errorf("the next step from the practice position is %+v (%v), want an X-Wing", h.Step, err)
	}
}
