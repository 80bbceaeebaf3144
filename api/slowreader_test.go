package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku"
)

// bigScanner answers every photo with an overlay of 24 MiB: a reply far
// larger than what the sockets between client and server hold.
// Its channel, if any, hears of each scan begun.
type bigScanner struct{ begun chan struct{} }

func (b bigScanner) Scan(ctx context.Context, photo io.Reader, overlay bool) (ScanResult, error) {
	if b.begun != nil {
		b.begun <- struct{}{}
	}
	g, _ := sudoku.Parse(easy)
	return ScanResult{Grid: g, Width: 640, Height: 480, Overlay: make([]byte, 24<<20)}, nil
}

// lockedBuffer is a log sink the server's goroutines may write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSlowReaderHoldsNoSlot: a client that posts /api/scan with an
// overlay and never reads its (large) answer holds no heavy slot: with
// one slot, /api/rate is answered 200 at once, and the unread reply ends
// at ReplyTimeout, logged as not read. Before, the handler wrote inside
// its slot and held it until the server's write limit (60 s).
func TestSlowReaderHoldsNoSlot(t *testing.T) {
	var log lockedBuffer
	begun := make(chan struct{}, 1)
	s := &Server{Scanner: bigScanner{begun}, Limits: Limits{Heavy: 1, Queue: 1, QueueWait: 200 * time.Millisecond, ReplyTimeout: 5 * time.Second},
		Log: slog.New(slog.NewTextHandler(&log, nil))}
	ts := serverWith(t, s)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("photo", "p.jpg")
	fw.Write([]byte("photo"))
	mw.WriteField("overlay", "1")
	mw.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(2048)
	fmt.Fprintf(conn, "POST /api/scan HTTP/1.1\r\nHost: test\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", mw.FormDataContentType(), body.Len(), body.Bytes())
	<-begun // the scan holds the slot
	// The scan's reply is built (32 MB of JSON: a second or more on a
	// loaded machine) and stuck in the socket; the slot comes back well
	// before the reply's deadline of 5 s gives up on the write.
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		resp, m := do(t, "POST", ts.URL+"/api/rate", "application/json", `{"puzzle":"`+easy+`"}`)
		if resp.StatusCode == 200 {
			break
		}
		if time.Since(start) > 3*time.Second {
			t.Fatalf("/api/rate while a reply is not read: %d %q for 3 s, want 200 once the reply is built", resp.StatusCode, errCode(m))
		}
	}
	for i := range 3 {
		start := time.Now()
		resp, m := do(t, "POST", ts.URL+"/api/rate", "application/json", `{"puzzle":"`+easy+`"}`)
		if took := time.Since(start); resp.StatusCode != 200 || took > time.Second {
			t.Fatalf("/api/rate %d while a reply is not read: got %d %q in %v, want 200 within 1 s", i, resp.StatusCode, errCode(m), took)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(log.String(), "reply not read") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := log.String(); !strings.Contains(got, "reply not read") || !strings.Contains(got, "path=/api/scan") {
		t.Fatalf("the log does not say the scan's reply was not read:\n%s", got)
	}
}

// TestClassicRouteRefusesAtOnce: /api/rate takes classic puzzles only; a
// killer sent while every heavy slot is taken is refused at once with
// the reason, not after waiting for a slot (it answered 503 busy after
// 2-4 s).
func TestClassicRouteRefusesAtOnce(t *testing.T) {
	s := &Server{Limits: Limits{Heavy: 1, Queue: 1, QueueWait: 2 * time.Second}}
	ts := serverWith(t, s)
	free, err := s.limits.pool.enter(context.Background()) // every heavy slot taken
	if err != nil {
		t.Fatal(err)
	}
	defer free()
	start := time.Now()
	resp, m := do(t, "POST", ts.URL+"/api/rate", "application/json", `{"puzzle":"................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"}`)
	took := time.Since(start)
	if resp.StatusCode == 200 || resp.StatusCode >= 500 || took > 500*time.Millisecond {
		t.Fatalf("a killer to /api/rate with the slots taken: got %d %q %v in %v, want a 4xx at once", resp.StatusCode, errCode(m), m, took)
	}
	t.Logf("%d %s: %v in %v", resp.StatusCode, errCode(m), m, took)
}
