package api

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku"
)

// thermoDotsXV is the 6x6 thermometer, kropki and XV puzzle of
// render/testdata (our own) as f-puzzles JSON.
func thermoDotsXV(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "render", "testdata", "thermo-dots-xv.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// sudokuPadLink returns a SudokuPad link carrying the puzzle of an
// f-puzzles link.
func sudokuPadLink(t *testing.T, fpLink string) string {
	t.Helper()
	return "https://sudokupad.app/fpuzzles" + strings.TrimPrefix(fpLink, "https://www.f-puzzles.com/?load=")
}

// fpOf writes a board as f-puzzles JSON, to compare boards.
func fpOf(t *testing.T, text string) string {
	t.Helper()
	b, _, err := sudoku.ParseBoard(text)
	if err != nil {
		t.Fatalf("%.60s: %v", text, err)
	}
	out, err := sudoku.FormatBoard(b, sudoku.FormFPuzzles)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBoardConstraints: /api/board answers a puzzle with constraints in
// each form the app takes (f-puzzles JSON, f-puzzles link, SudokuPad
// link) with its shapes and rules in words, and a line that is an
// f-puzzles link reading back as the same puzzle.
func TestBoardConstraints(t *testing.T) {
	ts := serverWith(t, &Server{})
	js := thermoDotsXV(t)
	b, _, err := sudoku.ParseBoard(js)
	if err != nil {
		t.Fatal(err)
	}
	link, err := sudoku.FormatFPuzzlesLink(b)
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{"json": js, "f-puzzles link": link, "SudokuPad link": sudokuPadLink(t, link)} {
		t.Run(name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"puzzle": in, "rate": true})
			status, m, _ := post(t, ts, "/api/board", string(body))
			if status != 200 {
				t.Fatalf("status %d: %v", status, m["error"])
			}
			var resp boardResponse
			raw, _ := json.Marshal(m)
			if err := json.Unmarshal(raw, &resp); err != nil {
				t.Fatal(err)
			}
			if len(resp.Solution) != 36 || resp.Rules != "6x6 with difference, ratio, thermometer, xv" {
				t.Errorf("rules %q, solution %v", resp.Rules, resp.Solution)
			}
			kinds := map[string]int{}
			for _, c := range resp.Constraints {
				kinds[c.Kind] += len(c.Shapes)
			}
			if kinds["thermometer"] != 4 || kinds["difference"] != 2 || kinds["ratio"] != 2 || kinds["xv"] != 3 {
				t.Errorf("shapes per kind: %v", kinds)
			}
			if len(resp.RuleWords) != 4 || !strings.Contains(strings.Join(resp.RuleWords, " "), "thermometer increase") {
				t.Errorf("rules in words: %q", resp.RuleWords)
			}
			if !strings.HasPrefix(resp.Line, "https://www.f-puzzles.com/?load=") || fpOf(t, resp.Line) != fpOf(t, js) {
				t.Errorf("line %q does not read back as the puzzle", resp.Line)
			}
		})
	}
}

// TestBoardDrawingsOnly: a classic puzzle with an f-puzzles drawing is
// played as a board (so the drawing shows) and keeps it in its line;
// hints, explanations and drawings take it.
func TestBoardDrawingsOnly(t *testing.T) {
	ts := serverWith(t, &Server{})
	const easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	rows := make([]string, 9)
	for r := range rows {
		cells := make([]string, 9)
		for c := range cells {
			cells[c] = "{}"
			if d := easy[r*9+c]; d != '.' {
				cells[c] = `{"value":` + string(d) + `,"given":true}`
			}
		}
		rows[r] = "[" + strings.Join(cells, ",") + "]"
	}
	js := `{"size":9,"grid":[` + strings.Join(rows, ",") + `],"text":[{"cells":["R1C3"],"value":"hi","fontC":"#0000FF","size":0.5}]}`
	body, _ := json.Marshal(map[string]any{"puzzle": js})
	status, m, _ := post(t, ts, "/api/board", string(body))
	if status != 200 {
		t.Fatalf("status %d: %v", status, m["error"])
	}
	cs, _ := m["constraints"].([]any)
	if m["rules"] != "9x9" || len(cs) != 1 || cs[0].(map[string]any)["cosmetic"] != true || m["ruleWords"] != nil {
		t.Errorf("rules %v, constraints %v, words %v", m["rules"], m["constraints"], m["ruleWords"])
	}
	line, _ := m["line"].(string)
	if fpOf(t, line) != fpOf(t, js) {
		t.Errorf("line %q loses the drawing", line)
	}
	enc, _ := json.Marshal(line)
	if status, m, _ := post(t, ts, "/api/hint", `{"puzzle":`+string(enc)+`,"level":3}`); status != 200 || m["step"] == nil {
		t.Errorf("hint: %d %v", status, m)
	}
	if status, m, _ := post(t, ts, "/api/explain", `{"puzzle":`+string(enc)+`}`); status != 200 {
		t.Errorf("explain: %d %v", status, m["error"])
	}
	resp, err := http.Post(ts.URL+"/api/render", "application/json", strings.NewReader(`{"puzzle":`+string(enc)+`,"format":"svg"}`))
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(svg), `fill="#0000ff">hi</text>`) {
		t.Errorf("the render endpoint does not draw the drawing:\n%.300s", svg)
	}
}

// TestBoardConstraintHint: a hint on a puzzle with constraints finds a
// wrong entry (one the constraints rule out) and draws the puzzle.
func TestBoardConstraintHint(t *testing.T) {
	ts := serverWith(t, &Server{})
	enc, _ := json.Marshal(thermoDotsXV(t))
	entries := make([]string, 36)
	for i := range entries {
		entries[i] = "0"
	}
	entries[0] = "2" // r1c1, the bulb, is 1
	status, m, _ := post(t, ts, "/api/hint", `{"puzzle":`+string(enc)+`,"entries":[`+strings.Join(entries, ",")+`],"level":2}`)
	if w, _ := m["wrong"].([]any); status != 200 || len(w) != 1 || w[0] != "r1c1" {
		t.Errorf("hint: %d %v", status, m)
	}
	resp, err := http.Post(ts.URL+"/api/render", "application/json", strings.NewReader(`{"puzzle":`+string(enc)+`,"format":"svg","solution":true}`))
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if n := strings.Count(string(svg), "<circle"); n != 6 {
		t.Errorf("render: %d circles, want 6 (2 bulbs, 4 dots)", n)
	}
}
