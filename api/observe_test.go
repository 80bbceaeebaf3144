package api

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku/logic"
)

type fakeObserver struct {
	mu       sync.Mutex
	requests []string
	statuses []int
	work     []string
	picks    []string
}

func (o *fakeObserver) Request(route string, status int, d time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.requests = append(o.requests, route+" "+http.StatusText(status))
	o.statuses = append(o.statuses, status)
}

func (o *fakeObserver) statusList() []int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]int(nil), o.statuses...)
}

func (o *fakeObserver) Work(kind string, d time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.work = append(o.work, kind)
}

func (o *fakeObserver) Pick(level string, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.picks = append(o.picks, level+map[bool]string{true: " ok", false: " empty"}[ok])
}

func TestObserverAndRequestID(t *testing.T) {
	o := &fakeObserver{}
	ts := serverWith(t, &Server{Observer: o, Bank: &fakeBank{given: map[logic.Level]bool{}},
		Metrics: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("metrics")) })})
	resp, _ := do(t, "POST", ts.URL+"/api/solve", "application/json", `{"puzzle":"`+easy+`"}`, "X-Request-Id", "abc-123")
	if got := resp.Header.Get("X-Request-Id"); got != "abc-123" {
		t.Errorf("request id: got %q, want the client's abc-123", got)
	}
	resp, _ = do(t, "POST", ts.URL+"/api/solve", "application/json", `{"puzzle":"`+easy+`"}`, "X-Request-Id", "bad id; \"x\"")
	if got := resp.Header.Get("X-Request-Id"); len(got) != 16 {
		t.Errorf("request id for a bad client id: got %q, want a new 16-hex id", got)
	}
	do(t, "POST", ts.URL+"/api/bank/pick?level=easy", "application/json", "{}")
	do(t, "POST", ts.URL+"/api/bank/pick?level=easy", "application/json", "{}")
	do(t, "GET", ts.URL+"/api/nothing/here", "", "")
	if resp, _ := do(t, "GET", ts.URL+"/metrics", "", ""); resp.StatusCode != 200 {
		t.Errorf("/metrics: got %d", resp.StatusCode)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	got := strings.Join(o.requests, "; ")
	for _, want := range []string{"POST /api/solve OK", "POST /api/bank/pick OK", "POST /api/bank/pick Not Found", "other Not Found", "GET /metrics OK"} {
		if !strings.Contains(got, want) {
			t.Errorf("requests %q lack %q", got, want)
		}
	}
	if strings.Join(o.work, " ") != "solve solve" || strings.Join(o.picks, ", ") != "Easy ok, Easy empty" {
		t.Errorf("work %v, picks %v", o.work, o.picks)
	}
}
