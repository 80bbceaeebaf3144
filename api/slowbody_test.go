package api

import (
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// slowPost sends path's headers (Content-Length 500) and 11 bytes of body
// on a raw connection, then a byte every 100 ms; it returns the channel
// that gets the raw answer once the server has answered and closed.
func slowPost(t *testing.T, ts *httptest.Server, path, ctype, start string) <-chan string {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: test\r\nContent-Type: %s\r\nContent-Length: 500\r\n\r\n%s", path, ctype, start[:11])
	answer, done := make(chan string, 1), make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := conn.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	go func() {
		b, _ := io.ReadAll(conn)
		close(done)
		answer <- string(b)
	}()
	return answer
}

// TestSlowBodyHoldsNoSlot: clients sending the body of every heavy route
// slowly hold no heavy slot while they send: /api/rate is answered 200 at
// once, and each slow client gets 408 body_timeout after BodyTimeout.
func TestSlowBodyHoldsNoSlot(t *testing.T) {
	s := &Server{Scanner: fakeScanner{}, Limits: Limits{Heavy: 1, Queue: 1, BodyTimeout: time.Second}}
	ts := serverWith(t, s)
	routes := []struct{ path, ctype, start string }{
		{"/api/hint", "application/json", `{"puzzle":"`},
		{"/api/board", "application/json", `{"puzzle":"`},
		{"/api/explain", "application/json", `{"puzzle":"`},
		{"/api/rate", "application/json", `{"puzzle":"`},
		{"/api/generate", "application/json", `{"level":"easy"`},
		{"/api/render", "application/json", `{"puzzle":"`},
		{"/api/book", "application/json", `{"sections":[`},
		{"/api/scan", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition"},
	}
	answers := make([]<-chan string, len(routes))
	for i, rt := range routes {
		answers[i] = slowPost(t, ts, rt.path, rt.ctype, rt.start)
	}
	time.Sleep(200 * time.Millisecond) // every slow request is in its handler
	start := time.Now()
	resp, m := do(t, "POST", ts.URL+"/api/rate", "application/json", `{"puzzle":"`+easy+`"}`)
	took := time.Since(start)
	t.Logf("/api/rate: %d in %v while %d slow bodies are sent", resp.StatusCode, took, len(routes))
	if resp.StatusCode != 200 || took > time.Second {
		t.Errorf("/api/rate while bodies are slow: got %d %q in %v, want 200 within 1 s", resp.StatusCode, errCode(m), took)
	}
	for i, rt := range routes {
		t.Run(rt.path, func(t *testing.T) {
			got := <-answers[i]
			if !strings.HasPrefix(got, "HTTP/1.1 408 ") || !strings.Contains(got, `"code":"body_timeout"`) {
				t.Errorf("got %.200q, want 408 body_timeout", got)
			}
		})
	}
}
