package metrics

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestMetrics(t *testing.T) {
	calls := 0
	m := New(func(ctx context.Context) (map[string]int, error) {
		calls++
		return map[string]int{"Easy": 7}, nil
	})
	m.Request("POST /api/solve", 200, 3*time.Millisecond)
	m.Work("generate", 2*time.Second)
	m.Pick("Easy", true)
	m.Pick("Hard", false)
	m.Filled("Medium", 3)
	m.Filled("Medium", 2)
	scrape := func() string {
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		b, _ := io.ReadAll(rec.Body)
		return string(b)
	}
	out := scrape()
	for _, want := range []string{
		`sudoku_http_requests_total{route="POST /api/solve",status="200"} 1`,
		`sudoku_http_request_duration_seconds_bucket{route="POST /api/solve",le="0.005"} 1`,
		`sudoku_work_duration_seconds_count{kind="generate"} 1`,
		`sudoku_bank_picks_total{level="Easy",result="ok"} 1`,
		`sudoku_bank_picks_total{level="Hard",result="empty"} 1`,
		`sudoku_bank_left{level="Easy"} 7`,
		`sudoku_bank_filled_total{level="Medium"} 5`,
		`go_goroutines`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the scrape lacks %s", want)
		}
	}
	scrape()
	if calls != 1 {
		t.Errorf("the bank was counted %d times for two scrapes within %v, want once", calls, leftEvery)
	}
}
