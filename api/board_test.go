package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku"
	"sudoku/sudokupad"
)

// The endpoints for puzzles of other rules, with a 6x6 (a Solo game ID)
// and a killer with no givens.
const (
	six6    = "2x3:d4a5d6a1a3d4a1a1d2a2d"
	six6Sol = "362541541236615324234615153462426153"
)

func TestBoardEndpoints(t *testing.T) {
	ts := serverWith(t, &Server{})
	zeros := func(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]" }
	tests := []struct {
		name, path, body string
		status           int
		code             string
		check            func(map[string]any) bool
	}{
		{"board", "/api/board", `{"puzzle":"` + six6 + `","rate":true}`, 200, "", func(m map[string]any) bool {
			sol, _ := m["solution"].([]any)
			got := ""
			for _, d := range sol {
				got += string(rune('0' + int(d.(float64))))
			}
			return m["size"] == 6.0 && got == six6Sol && m["rating"] != nil && len(m["units"].([]any)) == 18 && m["houses"] == 18.0
		}},
		{"board clash", "/api/board", `{"puzzle":"11` + strings.Repeat(".", 34) + `"}`, 422, "conflict", func(m map[string]any) bool {
			c, _ := m["error"].(map[string]any)["conflict"].(map[string]any)
			return c != nil && c["house"] == "row 1" && c["digit"] == 1.0
		}},
		{"board garbage", "/api/board", `{"puzzle":"2x3:zz"}`, 400, "invalid_puzzle", nil},
		{"generate killer", "/api/generate", `{"variant":"killer","seed":3}`, 200, "", func(m map[string]any) bool {
			return m["rules"] == "killer 9x9" && len(m["solution"].([]any)) == 81
		}},
		{"generate 6x6 hard", "/api/generate", `{"size":6,"level":"hard","minimal":true,"seed":1}`, 200, "", func(m map[string]any) bool {
			return m["size"] == 6.0 && m["rating"].(map[string]any)["level"] == "Hard"
		}},
		{"generate bad variant", "/api/generate", `{"variant":"odd-even"}`, 400, "bad_request", nil},
		{"generate prime size", "/api/generate", `{"size":7}`, 400, "bad_request", nil},
		{"hint board", "/api/hint", `{"puzzle":"` + six6 + `","level":3}`, 200, "", func(m map[string]any) bool {
			st, _ := m["step"].(map[string]any)
			return st != nil && strings.HasPrefix(m["text"].(string), "Row ")
		}},
		{"hint board wrong entry", "/api/hint", `{"puzzle":"` + six6 + `","entries":[1` + strings.Repeat(",0", 35) + `],"level":2}`, 200, "", func(m map[string]any) bool {
			w, _ := m["wrong"].([]any)
			return len(w) == 1 && w[0] == "r1c1" && m["text"] == "Check row 1, column 1: it is not right."
		}},
		{"hint board marks length", "/api/hint", `{"puzzle":"` + six6 + `","marks":[1,2]}`, 400, "bad_request", nil},
		{"hint board mark range", "/api/hint", `{"puzzle":"` + six6 + `","marks":[64` + strings.Repeat(",0", 35) + `]}`, 400, "bad_request", nil},
		{"hint board entries length", "/api/hint", `{"puzzle":"` + six6 + `","entries":` + zeros(35) + `}`, 400, "bad_request", nil},
		{"explain board", "/api/explain", `{"puzzle":"` + six6 + `"}`, 200, "", func(m map[string]any) bool {
			steps, _ := m["steps"].([]any)
			return len(steps) > 0 && m["rating"].(map[string]any)["version"] == "any-0.8"
		}},
		{"explain board wrong entry", "/api/explain", `{"puzzle":"` + six6 + `","position":"1` + strings.Repeat(",0", 35) + `"}`, 422, "entries_wrong", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, m, _ := post(t, ts, tt.path, tt.body)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %v", status, tt.status, m)
			}
			if tt.code != "" {
				if e, _ := m["error"].(map[string]any); e == nil || e["code"] != tt.code {
					t.Errorf("error %v, want code %s", m["error"], tt.code)
				}
			}
			if tt.check != nil && !tt.check(m) {
				t.Errorf("unexpected body %v", m)
			}
		})
	}
	// Render draws boards too.
	req, _ := http.NewRequest("POST", ts.URL+"/api/render", strings.NewReader(`{"puzzle":"`+six6+`","format":"svg","solution":true}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("render a 6x6: %v %v", resp, err)
	}
	resp.Body.Close()
}

// thermo4 is a 4x4 of thermometers alone (unique: 1234 3412 2143 4321),
// in f-puzzles JSON: its first step is a thermometer's.
const thermo4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
	`"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]},{"lines":[["R2C3","R2C4"]]},{"lines":[["R2C1","R2C2"]]},` +
	`{"lines":[["R3C1","R4C1"]]},{"lines":[["R3C2","R4C2"]]}]}`

// TestBoardHintConstraint: the hints on a board with constraints give the
// constraint's step, named after it, with its cells to light.
func TestBoardHintConstraint(t *testing.T) {
	ts := serverWith(t, &Server{})
	puzzle, _ := json.Marshal(thermo4)
	want := []struct {
		text  string
		cells string
	}{
		{"Look for a thermometer.", "[]"},
		{"Look for a thermometer in row 1, column 1 and row 1, column 2.", "[r1c1 r1c2]"},
		{"On the thermometer from row 1, column 1; row 1, column 2 is above row 1, column 1, which is at least 1, so 1 leaves row 1, column 2.", "[r1c1 r1c2]"},
	}
	for level, w := range want {
		status, m, _ := post(t, ts, "/api/hint", fmt.Sprintf(`{"puzzle":%s,"level":%d}`, puzzle, level+1))
		if status != 200 {
			t.Fatalf("level %d: status %d: %v", level+1, status, m)
		}
		cells, _ := m["cells"].([]any)
		if m["text"] != w.text || fmt.Sprint(cells) != w.cells || m["technique"] != "Thermometer" {
			t.Errorf("level %d: %v %q %v; want %q %s", level+1, m["technique"], m["text"], cells, w.text, w.cells)
		}
		if level > 0 && !strings.Contains(fmt.Sprint(m["summary"]), "increase from the bulb") {
			t.Errorf("level %d: summary %v", level+1, m["summary"])
		}
		if level == 2 {
			st, _ := m["step"].(map[string]any)
			if st == nil || fmt.Sprint(st["eliminations"]) != "[map[cell:r1c2 digit:1]]" || st["rating"] != 2.0 {
				t.Errorf("step %v", st)
			}
		}
	}
	status, m, _ := post(t, ts, "/api/explain", fmt.Sprintf(`{"puzzle":%s}`, puzzle))
	steps, _ := m["steps"].([]any)
	if status != 200 || len(steps) == 0 || m["stuck"] == true {
		t.Fatalf("explain: %d %v", status, m)
	}
	for _, st := range steps {
		if w := fmt.Sprint(st.(map[string]any)["words"]); cellNameRe.MatchString(w) {
			t.Errorf("explain: %q names a cell r1c1, not row 1, column 1", w)
		}
	}
}

// TestBoardTextEveryRule: /api/board answers every board it reads, with a
// line that reads back as the same board, also for rules the plain line
// cannot hold (they came back as 500 internal).
func TestBoardTextEveryRule(t *testing.T) {
	ts := serverWith(t, &Server{})
	sized := func(n int) *sudoku.Rules { r, _ := sudoku.Sized(n); return r }
	odd := sized(9)
	odd.Parity = make([]sudoku.Parity, 81)
	odd.Parity[0], odd.Parity[80] = sudoku.Odd, sudoku.Even
	diag := sized(9)
	diag.Diagonals = sudoku.DiagDown
	extra := sized(9)
	extra.Extra = [][]int{{0, 10, 20, 30, 40, 50, 60, 70, 80}}
	tests := map[string]*sudoku.Rules{"odd and even": odd, "one diagonal": diag, "extra region": extra, "10x10": sized(10), "plain 6x6": sized(6)}
	for name, r := range tests {
		t.Run(name, func(t *testing.T) {
			b := sudoku.NewBoard(r)
			b.Cells[1] = 1
			js, err := sudoku.FormatBoard(b, sudoku.FormJSON)
			in, ferr := sudoku.FormatBoard(b, sudoku.FormFPuzzles)
			if err != nil || ferr != nil {
				t.Fatal(err, ferr)
			}
			body, _ := json.Marshal(map[string]string{"puzzle": in})
			resp, m := do(t, "POST", ts.URL+"/api/board", "application/json", string(body))
			if resp.StatusCode != 200 {
				t.Fatalf("got %d %v, want 200", resp.StatusCode, m["error"])
			}
			line, _ := m["line"].(string)
			back, _, err := sudoku.ParseBoard(line)
			if err != nil || strings.Contains(line, "\n") {
				t.Fatalf("line %q: %v", line, err)
			}
			if got, _ := sudoku.FormatBoard(back, sudoku.FormJSON); got != js {
				t.Errorf("line %q reads back as\n%s\nwant\n%s", line, got, js)
			}
		})
	}
}

// TestBoardSetterWords: what the setter says (title, author, rules text)
// comes back with the board; a board with elements not read as rules is
// not solved, its setter's solution (when whole and true to the givens)
// comes back for checking play, and its line is the text sent.
func TestBoardSetterWords(t *testing.T) {
	ts := serverWith(t, &Server{})
	fp := `{"size":4,"title":"Tiny","author":"the tests","ruleset":"Normal rules.\nNo tricks.","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	body, _ := json.Marshal(map[string]string{"puzzle": fp})
	status, m, _ := post(t, ts, "/api/board", string(body))
	if status != 200 || m["title"] != "Tiny" || m["author"] != "the tests" || m["setterRules"] != "Normal rules.\nNo tricks." {
		t.Errorf("status %d, title %v, author %v, rules %q", status, m["title"], m["author"], m["setterRules"])
	}

	r, _ := sudoku.Sized(4)
	b := sudoku.NewBoard(r)
	b.Cells[0] = 1
	sol := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	b.Meta = &sudoku.Meta{Title: "Drawn", Solution: sol, Unread: []sudoku.Unread{{What: "red line", Cells: []int{1, 2}}}}
	resp, err := newBoardResponse(t.Context(), b, true)
	if err != nil {
		t.Fatal(err)
	}
	if resp.SolutionBy != "setter" || fmt.Sprint(resp.Solution) != fmt.Sprint(sudoku.Ints(sol)) || resp.Rating != nil || resp.Several {
		t.Errorf("solution %v by %q, rating %v, several %v: want the setter's, no rating", resp.Solution, resp.SolutionBy, resp.Rating, resp.Several)
	}
	if len(resp.Unread) != 1 || resp.Unread[0] != "red line (r1c2, r1c3)" {
		t.Errorf("unread %q", resp.Unread)
	}
	b.Meta.Solution = append([]uint8{2}, sol[1:]...) // against the given 1
	if resp, _ := newBoardResponse(t.Context(), b, false); resp.Solution != nil {
		t.Errorf("a setter's solution against the givens is kept: %v", resp.Solution)
	}
	if e := classify(b.Unreadable()); e.Code != "unread" || statusOf[e.Code] != http.StatusUnprocessableEntity || !strings.Contains(e.Message, "red line at r1c2, r1c3") {
		t.Errorf("classify: %+v", e)
	}
}

// TestBoardNoBoxes: a grid of rows and columns only says so, and has no
// region edges to draw.
func TestBoardNoBoxes(t *testing.T) {
	r, err := sudoku.Unboxed(4)
	if err != nil {
		t.Fatal(err)
	}
	b := sudoku.NewBoard(r)
	copy(b.Cells, []uint8{1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2})
	resp, err := newBoardResponse(t.Context(), b, false)
	if err != nil {
		t.Fatal(err)
	}
	b.Marks = make([]sudoku.Digits, 16)
	for c := range b.Marks {
		b.Marks[c] = sudoku.AllDigits(4)
	}
	b.Marks[12] = sudoku.DigitOf(4) | sudoku.DigitOf(2)
	resp, err = newBoardResponse(t.Context(), b, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := append(make([]int, 12), 10, 0, 0, 0); fmt.Sprint(resp.GivenMarks) != fmt.Sprint(want) {
		t.Errorf("given marks %v, want %v", resp.GivenMarks, want)
	}
	if !resp.NoBoxes || resp.Rules != "4x4 without boxes" || fmt.Sprint(resp.Region) != fmt.Sprint(make([]int, 16)) || fmt.Sprint(resp.Solution) != "[1 2 3 4 2 3 4 1 3 4 1 2 4 1 2 3]" {
		t.Errorf("no boxes %v, rules %q, region %v, solution %v", resp.NoBoxes, resp.Rules, resp.Region, resp.Solution)
	}
}

// TestBoardShortLink: /api/board fetches the puzzle of a SudokuPad short
// link when the server fetches, and says what went wrong when it cannot;
// a server that does not fetch refuses the link, saying so.
func TestBoardShortLink(t *testing.T) {
	link, err := os.ReadFile(filepath.Join("..", "testdata", "sudokupad", "parity-lines.txt"))
	if err != nil {
		t.Fatal(err)
	}
	body := `{"puzzle":"https://sudokupad.app/psxc3j9q0f"}`
	asked := ""
	fetch := func(_ context.Context, id string) (string, error) {
		asked = id
		switch id {
		case "psxc3j9q0f":
			return string(link), nil
		case "gone":
			return "", sudokupad.ErrNotFound
		}
		return "", errors.New("dial tcp 10.1.2.3:443: connection refused")
	}
	ts := serverWith(t, &Server{FetchSudokuPad: fetch})
	status, m, _ := post(t, ts, "/api/board", body)
	if status != 200 || asked != "psxc3j9q0f" || m["title"] != "Parity lines" || m["solution"] == nil {
		t.Errorf("status %d, asked %q, title %v, solution %v", status, asked, m["title"], m["solution"])
	}
	for _, tc := range []struct {
		id, code string
		status   int
	}{{"gone", "not_found", 404}, {"down1", "unavailable", 503}} {
		status, m, _ := post(t, ts, "/api/board", `{"puzzle":"https://sudokupad.app/`+tc.id+`"}`)
		if e, _ := m["error"].(map[string]any); status != tc.status || e == nil || e["code"] != tc.code || strings.Contains(fmt.Sprint(m), "10.1.2.3") {
			t.Errorf("%s: status %d, body %v", tc.id, status, m)
		}
	}
	off := serverWith(t, &Server{})
	status, m, _ = post(t, off, "/api/board", body)
	if e, _ := m["error"].(map[string]any); status != 400 || e == nil || e["code"] != "short_link" || !strings.Contains(e["message"].(string), "does not fetch") {
		t.Errorf("a server that does not fetch: status %d, %v", status, m)
	}
}

// TestBoardLineReadsBack: every /api/board answer has a line the API
// reads again, as hints and shares send it; a board of a kind no other
// form writes (SudokuPad's parity lines) keeps the text sent (its line
// was "", and its hints answered "puzzle: missing").
func TestBoardLineReadsBack(t *testing.T) {
	ts := serverWith(t, &Server{})
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "sudokupad", "parity-lines.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, text string }{
		{"parity lines", strings.TrimSpace(string(raw))},
		{"thermometers", thermo4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text, _ := json.Marshal(tt.text)
			status, m, _ := post(t, ts, "/api/board", fmt.Sprintf(`{"puzzle":%s}`, text))
			line, _ := m["line"].(string)
			if status != 200 || line == "" {
				t.Fatalf("board: %d, line %q", status, line)
			}
			l, _ := json.Marshal(line)
			if status, h, _ := post(t, ts, "/api/hint", fmt.Sprintf(`{"puzzle":%s,"level":1}`, l)); status != 200 || h["text"] == "" {
				t.Errorf("hint on the line: %d %v", status, h)
			}
		})
	}
}
