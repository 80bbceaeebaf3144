package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku/logic"
)

// hardest is "Golden Nugget", among the hardest known puzzles (ER 11.9):
// its hint and rating take the slowest techniques.
const hardest = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."

// deepNoSolution has no solution, which plain backtracking finds out only
// after trying most of the grid: it runs for hours.
const deepNoSolution = "........9" + "..............................................................." + "12345678."

func serverWith(t *testing.T, s *Server) *httptest.Server {
	t.Helper()
	if s.Bank == nil {
		s.Bank = &fakeBank{given: map[logic.Level]bool{}}
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func do(t *testing.T, method, url, ctype, body string, hdr ...string) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
		} else {
			req.Header.Set(hdr[i], hdr[i+1])
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	return resp, m
}

// TestComputeLimitStopsWork: a request whose work cannot end in time gets
// 503 timeout with Retry-After when its time is up, because the work itself
// stops (the handlers run it in the request's goroutine).
func TestComputeLimitStopsWork(t *testing.T) {
	ts := serverWith(t, &Server{Limits: Limits{Compute: 20 * time.Millisecond}})
	for _, tc := range []struct{ name, path, body string }{
		{"backtrack", "/api/solve", `{"puzzle":"` + deepNoSolution + `","engine":"backtrack"}`},
		{"generate", "/api/generate", `{"level":"diabolical","symmetry":"dihedral","minimal":true,"seed":1}`},
		{"hint", "/api/hint", `{"puzzle":"` + hardest + `","level":3,"position":"` + hardest + `"}`},
		{"explain", "/api/explain", `{"puzzle":"` + hardest + `"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			var resp *http.Response
			var m map[string]any
			go func() {
				defer close(done)
				resp, m = do(t, "POST", ts.URL+tc.path, "application/json", tc.body)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("no answer 20 s after a 20 ms limit")
			}
			if resp.StatusCode != 503 || errCode(m) != "timeout" || resp.Header.Get("Retry-After") == "" {
				t.Errorf("got %d %q Retry-After %q, want 503 timeout with Retry-After", resp.StatusCode, errCode(m), resp.Header.Get("Retry-After"))
			}
		})
	}
}

// TestBusy: heavy requests beyond the pool and the route's queue get 503
// busy with Retry-After at once, and cheap requests still pass.
func TestBusy(t *testing.T) {
	s := &Server{Limits: Limits{Heavy: 1, Queue: 1, QueueWait: 5 * time.Second}}
	ts := serverWith(t, s)
	// Hold the one heavy slot and the one place in the queue of explain.
	hold, err := s.enterHeavy(context.Background(), s.limits.route["explain"])
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{})
	go func() {
		defer close(waiting)
		do(t, "POST", ts.URL+"/api/explain", "application/json", `{"puzzle":"`+easy+`"}`)
	}()
	deadline := time.Now().Add(5 * time.Second)
	for len(s.limits.route["explain"].queue) < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	resp, m := do(t, "POST", ts.URL+"/api/explain", "application/json", `{"puzzle":"`+easy+`"}`)
	if resp.StatusCode != 503 || errCode(m) != "busy" || resp.Header.Get("Retry-After") != "1" {
		t.Errorf("third explain: got %d %q Retry-After %q, want 503 busy, Retry-After 1", resp.StatusCode, errCode(m), resp.Header.Get("Retry-After"))
	}
	if resp, _ := do(t, "POST", ts.URL+"/api/solve", "application/json", `{"puzzle":"`+easy+`"}`); resp.StatusCode != 200 {
		t.Errorf("solve while heavy routes are full: got %d, want 200", resp.StatusCode)
	}
	hold()
	<-waiting
}

func TestGateWaitsThenRefuses(t *testing.T) {
	g := newGate(1, 1, 20*time.Millisecond)
	free, err := g.enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.enter(context.Background()); err != errBusy {
		t.Errorf("waiting past QueueWait: got %v, want errBusy", err)
	}
	free()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := g.enter(context.Background())
			if err == nil {
				time.Sleep(time.Millisecond)
				f()
			}
		}()
	}
	wg.Wait()
	if len(g.slots) != 0 || len(g.queue) != 0 {
		t.Errorf("gate not empty after use: %d slots, %d queued", len(g.slots), len(g.queue))
	}
}

func TestBankPickIsPost(t *testing.T) {
	bank := &fakeBank{given: map[logic.Level]bool{}}
	ts := serverWith(t, &Server{Bank: bank})
	for _, method := range []string{"GET", "HEAD"} {
		resp, _ := do(t, method, ts.URL+"/api/bank/pick?level=easy", "", "")
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != "POST" {
			t.Errorf("%s pick: got %d Allow %q, want 405 Allow POST", method, resp.StatusCode, resp.Header.Get("Allow"))
		}
	}
	if bank.given[logic.Easy] {
		t.Error("a GET or HEAD handed out a puzzle")
	}
	if resp, _ := do(t, "POST", ts.URL+"/api/bank/pick?level=easy", "application/json", "{}"); resp.StatusCode != 200 {
		t.Errorf("POST pick: got %d, want 200", resp.StatusCode)
	}
	if resp, _ := do(t, "HEAD", ts.URL+"/api/bank/daily?level=easy", "", ""); resp.StatusCode != 200 {
		t.Errorf("HEAD daily: got %d, want 200", resp.StatusCode)
	}
}

func TestMethodNotAllowed(t *testing.T) {
	ts := serverWith(t, &Server{})
	resp, m := do(t, "GET", ts.URL+"/api/solve", "", "")
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "POST" || errCode(m) != "method_not_allowed" {
		t.Errorf("GET /api/solve: got %d Allow %q %q", resp.StatusCode, resp.Header.Get("Allow"), errCode(m))
	}
	resp, _ = do(t, "DELETE", ts.URL+"/api/levels", "", "")
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("DELETE /api/levels: got %d Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	if resp, m := do(t, "GET", ts.URL+"/api/nothing", "", ""); resp.StatusCode != 404 || errCode(m) != "not_found" {
		t.Errorf("unknown route: got %d %q", resp.StatusCode, errCode(m))
	}
}

func TestLevelQuery(t *testing.T) {
	ts := serverWith(t, &Server{})
	for _, q := range []string{"level=%zz", "level=", "level=nope"} {
		if resp, m := do(t, "GET", ts.URL+"/api/bank/daily?"+q, "", ""); resp.StatusCode != 400 || errCode(m) != "bad_request" {
			t.Errorf("?%s: got %d %q, want 400 bad_request", q, resp.StatusCode, errCode(m))
		}
	}
}

func TestContentType(t *testing.T) {
	ts := serverWith(t, &Server{})
	body := `{"puzzle":"` + easy + `"}`
	for _, tc := range []struct {
		ctype  string
		status int
	}{
		{"application/json", 200},
		{"Application/JSON; charset=utf-8", 200},
		{"", 415},
		{"application/jsonx", 415},
		{"text/plain", 415},
		{"application/json; charset", 415},
	} {
		if resp, _ := do(t, "POST", ts.URL+"/api/solve", tc.ctype, body); resp.StatusCode != tc.status {
			t.Errorf("Content-Type %q: got %d, want %d", tc.ctype, resp.StatusCode, tc.status)
		}
	}
}

func TestNoStore(t *testing.T) {
	ts := serverWith(t, &Server{})
	for _, path := range []string{"/api/levels", "/api/bank/daily"} {
		if resp, _ := do(t, "GET", ts.URL+path, "", ""); resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", path, resp.Header.Get("Cache-Control"))
		}
	}
	if resp, _ := do(t, "POST", ts.URL+"/api/solve", "application/json", "{}"); resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("error reply: Cache-Control %q, want no-store", resp.Header.Get("Cache-Control"))
	}
}

func TestHosts(t *testing.T) {
	ts := serverWith(t, &Server{Hosts: []string{"localhost", "127.0.0.1", "::1"}})
	for _, tc := range []struct {
		host   string
		status int
	}{
		{"localhost:8080", 200}, {"127.0.0.1", 200}, {"[::1]:8080", 200}, {"LOCALHOST", 200},
		{"evil.example:8080", 421}, {"127.0.0.1.evil.example", 421},
	} {
		if resp, _ := do(t, "GET", ts.URL+"/api/levels", "", "", "Host", tc.host); resp.StatusCode != tc.status {
			t.Errorf("Host %q: got %d, want %d", tc.host, resp.StatusCode, tc.status)
		}
	}
}
