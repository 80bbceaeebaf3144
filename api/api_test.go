package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/logic"
)

const (
	easy     = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	easySol  = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	twoSols  = "........................................................................1234.5678"
	conflict = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	noSol    = "12345678.........9..............................................................."
)

// fakeBank hands out one puzzle per level, then is empty.
type fakeBank struct{ given map[logic.Level]bool }

func (b *fakeBank) Pick(ctx context.Context, l logic.Level) (BankPuzzle, error) {
	if b.given[l] {
		return BankPuzzle{}, ErrBankEmpty
	}
	b.given[l] = true
	return b.Daily(ctx, time.Time{}, l)
}

func (b *fakeBank) Daily(ctx context.Context, day time.Time, l logic.Level) (BankPuzzle, error) {
	p, _ := sudoku.Parse(easy)
	s, _ := sudoku.Parse(easySol)
	return BankPuzzle{Puzzle: p, Solution: s, Rating: logic.PuzzleRating{ER: 15, Level: logic.Easy, Version: logic.RatingVersion}}, nil
}

type fakeScanner struct{}

func (fakeScanner) Scan(ctx context.Context, photo io.Reader, overlay bool) (ScanResult, error) {
	b, _ := io.ReadAll(photo)
	if string(b) != "photo" {
		return ScanResult{}, ErrNoGrid
	}
	g, _ := sudoku.Parse(easy)
	res := ScanResult{Grid: g, Low: []sudoku.Cell{3}, Width: 640, Height: 480}
	if overlay {
		res.Overlay = []byte("png")
	}
	return res, nil
}

func newTestServer(t *testing.T) *httptest.Server {
	t.Helper()
	s := &Server{Bank: &fakeBank{given: map[logic.Level]bool{}}, Scanner: fakeScanner{},
		Now: func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) }}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func post(t *testing.T, ts *httptest.Server, path, body string) (int, map[string]any, http.Header) {
	t.Helper()
	resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	raw, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s: bad JSON %q: %v", path, raw, err)
		}
	}
	return resp.StatusCode, m, resp.Header
}

func errCode(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func TestJSONEndpoints(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		name, path, body string
		status           int
		code             string // error code, or "" for success
		check            func(m map[string]any) bool
	}{
		{"parse grid form", "/api/parse", `{"puzzle":"53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79"}`, 200, "", func(m map[string]any) bool { return m["puzzle"] == easy && m["clues"] == 30.0 }},
		{"solve", "/api/solve", `{"puzzle":"` + easy + `"}`, 200, "", func(m map[string]any) bool { return m["solution"] == easySol && m["unique"] == true }},
		{"solve dlx", "/api/solve", `{"puzzle":"` + easy + `","engine":"dlx"}`, 200, "", func(m map[string]any) bool { return m["engine"] == "dlx" }},
		{"solve ilp", "/api/solve", `{"puzzle":"` + easy + `","engine":"ilp"}`, 200, "", func(m map[string]any) bool { return m["solution"] == easySol }},
		{"backtrack", "/api/solve", `{"puzzle":"` + easy + `","engine":"backtrack"}`, 200, "", func(m map[string]any) bool { return m["solution"] == easySol }},
		{"several solutions", "/api/solve", `{"puzzle":"` + twoSols + `"}`, 200, "", func(m map[string]any) bool { return m["unique"] == false && m["count"] == 2.0 }},
		{"no solution", "/api/solve", `{"puzzle":"` + noSol + `"}`, 422, "no_solution", nil},
		{"conflict", "/api/solve", `{"puzzle":"` + conflict + `"}`, 422, "conflict", func(m map[string]any) bool {
			return m["error"].(map[string]any)["cell"] == "r1c2"
		}},
		{"bad puzzle", "/api/solve", `{"puzzle":"12x"}`, 400, "invalid_puzzle", nil},
		{"missing puzzle", "/api/solve", `{}`, 400, "bad_request", nil},
		{"bad engine", "/api/solve", `{"puzzle":"` + easy + `","engine":"magic"}`, 400, "bad_request", nil},
		{"unknown field", "/api/solve", `{"puzle":"x"}`, 400, "bad_request", nil},
		{"not JSON", "/api/solve", `puzzle=1`, 400, "bad_request", nil},
		{"hint", "/api/hint", `{"puzzle":"` + easy + `","level":2}`, 200, "", func(m map[string]any) bool { return m["text"] != "" && m["technique"] != nil && m["step"] == nil }},
		{"hint level 3", "/api/hint", `{"puzzle":"` + easy + `","level":3}`, 200, "", func(m map[string]any) bool { return m["step"] != nil }},
		{"hint wrong entry", "/api/hint", `{"puzzle":"` + easy + `","position":"` + "531" + easy[3:] + `"}`, 200, "", func(m map[string]any) bool {
			w, _ := m["wrong"].([]any)
			return len(w) == 1 && w[0] == "r1c3"
		}},
		{"hint blames the player's clashing entry, not the given", "/api/hint", `{"puzzle":"` + easy + `","position":"` + "535" + easy[3:] + `"}`, 200, "", func(m map[string]any) bool {
			w, _ := m["wrong"].([]any)
			return len(w) == 1 && w[0] == "r1c3"
		}},
		{"hint wrong marks", "/api/hint", `{"puzzle":"` + easy + `","marks":` + marksJSON(2, 511&^(1<<3)) + `,"level":2}`, 200, "", func(m map[string]any) bool {
			w, _ := m["wrongMarks"].([]any)
			return len(w) == 1 && w[0] == "r1c3" && strings.Contains(m["text"].(string), "row 1, column 3")
		}},
		{"hint follows marks", "/api/hint", `{"puzzle":"` + easy + `","marks":` + marksJSON(2, 1<<3) + `,"level":3}`, 200, "", func(m map[string]any) bool {
			return m["technique"] != "" && strings.Contains(strings.ToLower(m["text"].(string)), "row ") && !strings.Contains(m["text"].(string), "r3c1") && m["summary"] != ""
		}},
		{"hint marks not 81", "/api/hint", `{"puzzle":"` + easy + `","marks":[1,2]}`, 400, "bad_request", nil},
		{"hint mark out of range", "/api/hint", `{"puzzle":"` + easy + `","marks":` + marksJSON(5, 512) + `}`, 400, "bad_request", func(m map[string]any) bool {
			return m["error"].(map[string]any)["cell"] == "r1c6"
		}},
		{"explain from the position", "/api/explain", `{"puzzle":"` + easy + `","position":"` + "534" + easy[3:] + `"}`, 200, "", func(m map[string]any) bool {
			steps, _ := m["steps"].([]any)
			return len(steps) == 50 && steps[0].(map[string]any)["words"] != ""
		}},
		{"explain from a wrong position", "/api/explain", `{"puzzle":"` + easy + `","position":"` + "531" + easy[3:] + `"}`, 422, "entries_wrong", nil},
		{"conflict words", "/api/solve", `{"puzzle":"` + conflict + `"}`, 422, "conflict", func(m map[string]any) bool {
			c, _ := m["error"].(map[string]any)["conflict"].(map[string]any)
			return c != nil && c["house"] == "row 1" && c["digit"] == 5.0
		}},
		{"hint bad level", "/api/hint", `{"puzzle":"` + easy + `","level":4}`, 400, "bad_request", nil},
		{"explain", "/api/explain", `{"puzzle":"` + easy + `"}`, 200, "", func(m map[string]any) bool {
			steps, _ := m["steps"].([]any)
			return len(steps) == 51 && m["rating"].(map[string]any)["level"] != ""
		}},
		{"rate", "/api/rate", `{"puzzle":"` + easy + `"}`, 200, "", func(m map[string]any) bool { return m["er"] != nil && m["version"] == logic.RatingVersion }},
		{"rate several", "/api/rate", `{"puzzle":"` + twoSols + `"}`, 422, "multiple_solutions", nil},
		{"generate", "/api/generate", `{"level":"hard","symmetry":"rot180","seed":7}`, 200, "", func(m map[string]any) bool {
			r := m["rating"].(map[string]any)
			return r["level"] == "Hard" && m["symmetry"] == "rot180" && m["seed"] == 7.0
		}},
		{"generate bad level", "/api/generate", `{"level":"tricky"}`, 400, "bad_request", nil},
		{"generate bad symmetry", "/api/generate", `{"symmetry":"spiral"}`, 400, "bad_request", nil},
		{"render bad format", "/api/render", `{"puzzle":"` + easy + `","format":"gif"}`, 400, "bad_request", nil},
		{"render bad cell", "/api/render", `{"puzzle":"` + easy + `","cell":2}`, 400, "bad_request", nil},
		{"unknown route", "/api/teleport", `{}`, 404, "not_found", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, m, h := post(t, ts, tt.path, tt.body)
			if status != tt.status || errCode(m) != tt.code {
				t.Fatalf("got %d %q (%v), want %d %q", status, errCode(m), m, tt.status, tt.code)
			}
			if tt.check != nil && !tt.check(m) {
				t.Errorf("unexpected body %v", m)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self'") {
				t.Errorf("security headers missing: %v", h)
			}
		})
	}
}

func TestRender(t *testing.T) {
	ts := newTestServer(t)
	for format, ctype := range renderTypes {
		resp, err := http.Post(ts.URL+"/api/render", "application/json", strings.NewReader(`{"puzzle":"`+easy+`","solution":true,"format":"`+format+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != ctype || len(b) < 100 {
			t.Errorf("%s: got %d %q, %d bytes", format, resp.StatusCode, resp.Header.Get("Content-Type"), len(b))
		}
	}
}

func TestBank(t *testing.T) {
	ts := newTestServer(t)
	get := func(path string) (int, map[string]any) {
		method := "GET"
		if strings.HasPrefix(path, "/api/bank/pick") {
			method = "POST"
		}
		req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		json.NewDecoder(resp.Body).Decode(&m)
		return resp.StatusCode, m
	}
	tests := []struct {
		path   string
		status int
		code   string
	}{
		{"/api/bank/pick?level=easy", 200, ""},
		{"/api/bank/pick?level=easy", 404, "bank_empty"},
		{"/api/bank/pick?level=nope", 400, "bad_request"},
		{"/api/bank/daily?level=hard", 200, ""},
		{"/api/levels", 200, ""},
	}
	for _, tt := range tests {
		status, m := get(tt.path)
		if status != tt.status || errCode(m) != tt.code {
			t.Errorf("%s: got %d %q, want %d %q", tt.path, status, errCode(m), tt.status, tt.code)
		}
	}
	noBank := httptest.NewServer((&Server{}).Handler())
	defer noBank.Close()
	resp, err := http.Post(noBank.URL+"/api/bank/pick", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("no bank: got %d, want 503", resp.StatusCode)
	}
}

func TestScan(t *testing.T) {
	ts := newTestServer(t)
	upload := func(content string, overlay bool) (int, map[string]any) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("photo", "p.jpg")
		fw.Write([]byte(content))
		if overlay {
			mw.WriteField("overlay", "1")
		}
		mw.Close()
		resp, err := http.Post(ts.URL+"/api/scan", mw.FormDataContentType(), &body)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		json.NewDecoder(resp.Body).Decode(&m)
		return resp.StatusCode, m
	}
	if status, m := upload("photo", true); status != 200 || m["grid"] == nil || !strings.HasPrefix(m["overlay"].(string), "data:image/png;base64,") {
		t.Errorf("scan: got %d %v", status, m)
	}
	if status, m := upload("not a photo", false); status != 422 || errCode(m) != "no_grid" {
		t.Errorf("scan of no grid: got %d %v", status, m)
	}
}

func TestLimitsAndCrossOrigin(t *testing.T) {
	s := &Server{Limits: Limits{Body: 200}}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	big := `{"puzzle":"` + strings.Repeat(".", 500) + `"}`
	if status, m, _ := post(t, ts, "/api/solve", big); status != 413 || errCode(m) != "too_large" {
		t.Errorf("large body: got %d %v", status, m)
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/solve", strings.NewReader(`{"puzzle":"`+easy+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site POST: got %d, want 403", resp.StatusCode)
	}
	req, _ = http.NewRequest("POST", ts.URL+"/api/solve", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "text/plain")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: got %d, want 415", resp.StatusCode)
	}
}

func TestUIServed(t *testing.T) {
	ts := newTestServer(t)
	resp, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(b), "<html") {
		t.Errorf("got %d %q", resp.StatusCode, b)
	}
}

// FuzzEndpoints posts arbitrary bodies to every JSON route: no panic, and
// no 5xx whatever the body, but 503 timeout (an input may ask more than
// the compute limit): a 500 is a bug, and so is a 503 of another code.
func FuzzEndpoints(f *testing.F) {
	for _, seed := range []string{`{"puzzle":"` + easy + `"}`, `{"puzzle":"` + twoSols + `","level":3}`, `{"level":"hard","seed":1}`, `{`, `[]`, `{"puzzle":5}`, `{"puzzle":"` + easy + `","format":"svg"}`,
		`{"puzzle":"` + killerID + `","rate":true}`, `{"size":4,"level":"diabolical","seed":1}`, `{"level":"easy"}`, `{}`,
		`{"puzzle":"` + oneCellCages() + `"}`, `{"sections":[{"rules":"6x6","count":1}],"perPage":2}`} {
		f.Add(seed)
	}
	s := &Server{Bank: &fakeBank{given: map[logic.Level]bool{}}, Limits: Limits{Compute: 2 * time.Second}}
	h := s.Handler()
	paths := []string{"/api/parse", "/api/solve", "/api/hint", "/api/board", "/api/explain", "/api/rate", "/api/generate", "/api/render", "/api/book", "/api/bank/pick"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, p := range paths {
			req := httptest.NewRequest("POST", p, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code >= 500 && !(w.Code == http.StatusServiceUnavailable && strings.Contains(w.Body.String(), `"code":"timeout"`)) {
				t.Errorf("%s %q: status %d: %s", p, body, w.Code, w.Body.String())
			}
		}
	})
}

// oneCellCages is a killer with 81 one-cell cages as a plain line (its
// plain line ran out of cage labels: 500 internal on /api/board).
func oneCellCages() string {
	const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	labels, sums := make([]string, 81), make([]string, 81)
	for i := range labels {
		labels[i], sums[i] = fmt.Sprint(i+1), fmt.Sprintf("%d=%c", i+1, sol[i])
	}
	return strings.Repeat(".", 81) + " " + strings.Join(labels, ",") + " " + strings.Join(sums, " ")
}

// marksJSON is 81 zero masks but mask at cell c.
func marksJSON(c, mask int) string {
	ms := make([]string, 81)
	for i := range ms {
		ms[i] = "0"
	}
	ms[c] = fmt.Sprint(mask)
	return "[" + strings.Join(ms, ",") + "]"
}
