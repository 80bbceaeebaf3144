package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku/logic"
)

// syncBuffer is a log sink the server's goroutines may share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// logLine is the line of log holding all of want, or "".
func logLine(log string, want ...string) string {
	for line := range strings.SplitSeq(log, "\n") {
		ok := true
		for _, w := range want {
			ok = ok && strings.Contains(line, w)
		}
		if ok {
			return line
		}
	}
	return ""
}

// failingBank fails every pick and daily with err.
type failingBank struct{ err error }

func (b failingBank) Pick(context.Context, logic.Level) (BankPuzzle, error) {
	return BankPuzzle{}, b.err
}

func (b failingBank) Daily(context.Context, time.Time, logic.Level) (BankPuzzle, error) {
	return BankPuzzle{}, b.err
}

// panicScanner panics on every scan.
type panicScanner struct{}

func (panicScanner) Scan(context.Context, io.Reader, bool) (ScanResult, error) {
	panic("scanner broke")
}

func jsonBody(body string) func() (string, string) {
	return func() (string, string) { return "application/json", body }
}

// photoBody is a multipart upload of photo as field "photo".
func photoBody(photo string) func() (string, string) {
	return func() (string, string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		fw, _ := mw.CreateFormFile("photo", "p.jpg")
		fw.Write([]byte(photo))
		mw.Close()
		return mw.FormDataContentType(), b.String()
	}
}

// TestServerErrorCause: every 5xx is logged with its request id and the
// cause's whole chain, while the client gets no internals.
func TestServerErrorCause(t *testing.T) {
	disk := fmt.Errorf("pick: %w", errors.New("disk on fire"))
	tests := []struct {
		name, method, path string
		body               func() (ctype, body string)
		bank               Bank
		status             int
		code, level, cause string
	}{
		{"bank failure", "POST", "/api/bank/pick", jsonBody("{}"), failingBank{disk}, 500, "internal", "level=ERROR", `err="pick: disk on fire"`},
		{"bank down", "GET", "/api/bank/daily", jsonBody(""), failingBank{fmt.Errorf("%w: connection refused", ErrNoBank)}, 503, "unavailable", "level=WARN", `err="no puzzle bank: connection refused"`},
		{"panic", "POST", "/api/scan", photoBody("photo"), failingBank{disk}, 500, "internal", "level=ERROR", `err="panic: scanner broke"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncBuffer
			ts := serverWith(t, &Server{Bank: tt.bank, Scanner: panicScanner{}, Log: slog.New(slog.NewTextHandler(&log, nil))})
			id := "req-" + strings.ReplaceAll(tt.name, " ", "-")
			ctype, body := tt.body()
			resp, m := do(t, tt.method, ts.URL+tt.path, ctype, body, "X-Request-Id", id)
			if resp.StatusCode != tt.status || errCode(m) != tt.code {
				t.Fatalf("got %d %q, want %d %q", resp.StatusCode, errCode(m), tt.status, tt.code)
			}
			if msg := fmt.Sprint(m["error"]); strings.Contains(msg, "disk") || strings.Contains(msg, "scanner") {
				t.Errorf("the client sees internals: %s", msg)
			}
			if logLine(log.String(), "id="+id, fmt.Sprintf("status=%d", tt.status), tt.level, tt.cause) == "" {
				t.Errorf("no log line with the id, status %d, %s and %s in:\n%s", tt.status, tt.level, tt.cause, log.String())
			}
		})
	}
}

// TestClientHangUp: a request whose client hangs up before the answer is
// logged and counted as cancelled (499), not as a server error.
func TestClientHangUp(t *testing.T) {
	tests := []struct {
		name   string
		hangUp func(t *testing.T, url string)
	}{
		{"mid-computation", func(t *testing.T, url string) {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "POST", url+"/api/solve", strings.NewReader(`{"puzzle":"`+deepNoSolution+`","engine":"backtrack"}`))
			req.Header.Set("Content-Type", "application/json")
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
				t.Fatalf("got %d before the client hung up", resp.StatusCode)
			}
		}},
		{"mid-body", func(t *testing.T, url string) {
			conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(conn, "POST /api/hint HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"puzzle\":")
			time.Sleep(100 * time.Millisecond)
			conn.Close()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncBuffer
			o := &fakeObserver{}
			ts := serverWith(t, &Server{Observer: o, Log: slog.New(slog.NewTextHandler(&log, nil))})
			tt.hangUp(t, ts.URL)
			deadline := time.Now().Add(10 * time.Second)
			for len(o.statusList()) == 0 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if got := o.statusList(); len(got) != 1 || got[0] != 499 {
				t.Errorf("observed statuses %v, want [499]", got)
			}
			if logLine(log.String(), "status=499", "level=INFO", "cancelled") == "" || strings.Contains(log.String(), "level=ERROR") {
				t.Errorf("want an INFO line of a cancelled request, status 499, and no error:\n%s", log.String())
			}
		})
	}
}
