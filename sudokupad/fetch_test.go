package sudokupad

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku"
)

// A 4x4 SudokuPad puzzle (a given and a thermometer) as SudokuPad's API
// answers it: its JSON, zipped.
const puzzle4 = `{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],` +
	`l:[{c:CFCFCF,th:21,wp:[[2.5,0.5],[2.5,1.5],[2.5,2.5]]}],u:[{ct:[2.5,0.5],w:0.85,h:0.85,r:t,c2:CFCFCF}],metadata:{rules:'Thermometers increase from the bulb.'}}`

// server answers the three endpoints from a table of path to answer
// (status 404 for the rest), and records the paths asked.
type server struct {
	*httptest.Server
	mu     sync.Mutex
	asked  []string
	answer map[string]string
	delay  time.Duration
}

func newServer(t *testing.T, answer map[string]string) *server {
	s := &server{answer: answer}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.asked = append(s.asked, r.Host+r.URL.EscapedPath())
		s.mu.Unlock()
		if s.delay > 0 {
			select {
			case <-time.After(s.delay):
			case <-r.Context().Done():
				return
			}
		}
		body, ok := s.answer[r.Host+r.URL.EscapedPath()]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(body))
	}))
	t.Cleanup(s.Close)
	return s
}

// client sends every request to the test server, keeping the host it
// was meant for in the Host header.
func (s *server) client() *http.Client {
	target, _ := url.Parse(s.URL)
	return &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		r.Host = r.URL.Host
		r.URL.Scheme, r.URL.Host = target.Scheme, target.Host
		return http.DefaultTransport.RoundTrip(r)
	})}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestFetch(t *testing.T) {
	s := newServer(t, map[string]string{
		"sudokupad.app/api/puzzle/psxc3j9q0f":                                 "  " + puzzle4 + "\n",
		"sudokupad.svencodes.com/ctclegacy/OLD123":                            puzzle4,
		"firebasestorage.googleapis.com/v0/b/sudoku-sandbox.appspot.com/o/FB": `{"cells":[[{}]]}`,
		"sudokupad.app/api/puzzle/marty-sears/parity-fish":                    "scl" + "N4Ig",
		"sudokupad.app/api/puzzle/wrapped":                                    `{"result":"fpuzzlesN4Ig"}`,
	})
	for _, tt := range []struct{ id, want, asked string }{
		{"psxc3j9q0f", puzzle4, "sudokupad.app/api/puzzle/psxc3j9q0f"},
		{"OLD123", puzzle4, "sudokupad.svencodes.com/ctclegacy/OLD123"},
		{"FB", `{"cells":[[{}]]}`, "firebasestorage.googleapis.com/v0/b/sudoku-sandbox.appspot.com/o/FB"},
		{"marty-sears/parity-fish", "sclN4Ig", "sudokupad.app/api/puzzle/marty-sears/parity-fish"},
		{"wrapped", "fpuzzlesN4Ig", "sudokupad.app/api/puzzle/wrapped"},
	} {
		s.asked = nil
		got, err := Fetch(context.Background(), s.client(), tt.id)
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.id, got, err, tt.want)
		}
		if len(s.asked) == 0 || s.asked[len(s.asked)-1] != tt.asked {
			t.Errorf("%s: asked %v, want last %s", tt.id, s.asked, tt.asked)
		}
	}
}

func TestFetchErrors(t *testing.T) {
	s := newServer(t, map[string]string{"sudokupad.app/api/puzzle/big": strings.Repeat("x", 100)})
	ctx := context.Background()
	if _, err := Fetch(ctx, s.client(), "nothing"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nothing"`) {
		t.Errorf("unknown id: %v, want ErrNotFound naming it", err)
	}
	if len(s.asked) != 3 {
		t.Errorf("asked %v, want the three places", s.asked)
	}
	f := &Fetcher{Client: s.client(), MaxBytes: 50}
	if _, err := f.Fetch(ctx, "big"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a large answer: %v, want ErrTooLarge", err)
	}
	for _, id := range []string{"", "a b", "../etc", "a//b", "é", strings.Repeat("a", 300), "a?b"} {
		s.asked = nil
		if _, err := Fetch(ctx, s.client(), id); err == nil || len(s.asked) > 0 {
			t.Errorf("id %q: %v after asking %v, want an error before asking", id, err, s.asked)
		}
	}
	s.delay = time.Second
	f = &Fetcher{Client: s.client(), Timeout: 50 * time.Millisecond}
	start := time.Now()
	if _, err := f.Fetch(ctx, "big"); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 900*time.Millisecond {
		t.Errorf("a slow server: %v after %v, want the timeout", err, time.Since(start))
	}
}

// TestParseBoard: a short link is fetched and read; other text is read
// as sudoku.ParseBoard reads it, without asking anything.
func TestParseBoard(t *testing.T) {
	s := newServer(t, map[string]string{"sudokupad.app/api/puzzle/psxc3j9q0f": puzzle4, "sudokupad.app/api/puzzle/loop": "https://sudokupad.app/loop"})
	f := &Fetcher{Client: s.client()}
	ctx := context.Background()
	b, _, err := ParseBoard(ctx, f, "https://sudokupad.app/psxc3j9q0f")
	if err != nil || b.Cells[0] != 1 || len(b.Rules.Constraints) != 1 || b.Rules.Constraints[0].Kind() != "thermometer" {
		t.Fatalf("%v, %v", b, err)
	}
	s.asked = nil
	if b, _, err := ParseBoard(ctx, f, "1..."+strings.Repeat(".", 12)); err != nil || b.Size() != 4 || len(s.asked) > 0 {
		t.Errorf("a plain 4x4: %v, %v, asked %v", b, err, s.asked)
	}
	if _, _, err := ParseBoard(ctx, f, "https://sudokupad.app/loop"); !errors.Is(err, sudoku.ErrShortLink) {
		t.Errorf("a short link to a short link: %v, want it not followed", err)
	}
	if _, _, err := ParseBoard(ctx, f, "https://sudokupad.app/gone"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a short link nobody knows: %v", err)
	}
}
