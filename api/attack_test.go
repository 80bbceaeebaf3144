package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The attack battery of issue 40 that runs in a test: malformed bodies
// through every route, boards as large as a body may carry, each request
// answered in bounded time with a client error that names what is wrong
// and nothing of the server's insides. The slow body, the slow reader,
// the special files, the failing books and the 25x25 timeouts have tests
// of their own (slowbody_test.go, slowreader_test.go, cmd/sudoku's
// out_test.go, book_test.go and timeout_test.go).

// attackBodies are bodies no route may answer with a 5xx.
func attackBodies() []struct{ name, body string } {
	r := rand.New(rand.NewPCG(40, 40))
	junk := make([]byte, 4096)
	for i := range junk {
		junk[i] = byte(r.UintN(256))
	}
	return []struct{ name, body string }{
		{"empty", ""},
		{"unclosed", "{"},
		{"null", "null"},
		{"array", "[]"},
		{"number", "1e400"},
		{"binary", string(junk)},
		{"nested", strings.Repeat("[", 10000) + strings.Repeat("]", 10000)},
		{"puzzle a number", `{"puzzle": 5}`},
		{"puzzle empty", `{"puzzle": ""}`},
		{"puzzle junk", `{"puzzle": "hello, world"}`},
		{"puzzle control", `{"puzzle": "\u0000\u001b[31m\u202e"}`},
		{"sum 2^63", `{"puzzle": "................ 1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8 1=9223372036854775808 2=7 3=7 4=3 5=5 6=5 7=5 8=5"}`},
		{"negative options", `{"puzzle": "` + easy + `", "size": -1, "count": -5, "solutions": -1, "offset": -1, "level": "x", "variant": 7}`},
		{"huge options", `{"puzzle": "` + easy + `", "size": 1e30, "count": 9223372036854775807, "solutions": 1000000000, "offset": 9223372036854775807}`},
		{"fields of the wrong type", `{"puzzle": ["` + easy + `"], "marks": {}, "notes": 3, "filled": false}`},
		{"f-puzzles of size 0", `{"puzzle": "{\"size\":0,\"grid\":[]}"}`},
		{"f-puzzles of size 1000", `{"puzzle": "{\"size\":1000,\"grid\":[]}"}`},
		{"f-puzzles cage out of the grid", `{"puzzle": "{\"size\":9,\"grid\":[],\"killercage\":[{\"cells\":[\"R10C1\"],\"value\":\"3\"}]}"}`},
	}
}

// attackRoutes are every route that reads a request.
var attackRoutes = []struct{ method, path string }{
	{"POST", "/api/parse"}, {"POST", "/api/solve"}, {"POST", "/api/hint"}, {"POST", "/api/board"},
	{"POST", "/api/explain"}, {"POST", "/api/candidates"}, {"POST", "/api/rate"},
	{"POST", "/api/generate"}, {"POST", "/api/render"}, {"POST", "/api/scan"}, {"POST", "/api/bank/pick"}, {"POST", "/api/book"},
}

// TestAttackMalformed: every malformed body through every route gets an
// answer within the compute limit, never a 5xx, and an error body names
// a code and a message without the server's paths, hosts or stack.
func TestAttackMalformed(t *testing.T) {
	if testing.Short() {
		t.Skip("the attack battery is skipped in -short mode")
	}
	var log lockedBuffer
	ts := serverWith(t, &Server{Scanner: PhotoReader{}, Limits: Limits{Compute: 2 * time.Second}, Log: slog.New(slog.NewTextHandler(&log, nil))})
	for _, rt := range attackRoutes {
		for _, b := range attackBodies() {
			t.Run(rt.path+"/"+b.name, func(t *testing.T) {
				start := time.Now()
				resp, body := send(t, rt.method, ts.URL+rt.path, b.body)
				if d := time.Since(start); d > 8*time.Second {
					t.Errorf("answered after %v", d)
				}
				checkAttackAnswer(t, resp.StatusCode, body)
			})
		}
	}
	if strings.Contains(log.String(), "panic") {
		t.Errorf("the log holds a panic:\n%s", log.String())
	}
}

// checkAttackAnswer fails a 5xx, and an error body without a code and a
// message or with the server's insides.
func checkAttackAnswer(t *testing.T, status int, body []byte) {
	t.Helper()
	if status >= 500 {
		t.Fatalf("status %d: %s", status, body)
	}
	if status < 400 {
		return
	}
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
		t.Errorf("status %d with body %.200q: want {\"error\": {code, message}}", status, body)
	}
	for _, inside := range []string{"goroutine", "panic", ".go:", "/home/", "/root/", "/tmp/", "runtime."} {
		if bytes.Contains(body, []byte(inside)) {
			t.Errorf("status %d: the body holds %q: %.300s", status, inside, body)
		}
	}
}

// send posts body (or GETs) and returns the status and the whole answer.
func send(t *testing.T, method, url, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	return resp, buf.Bytes()
}

// TestAttackLargeBoards: the largest boards a body carries (25x25 with a
// cage on every cell, 9x9 with 81 cages, 16x16 of 2x2 cages whose sums
// cannot all hold) are answered by the board, candidates and solve routes
// within the compute limit, as a client error or an answer.
func TestAttackLargeBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("the attack battery is skipped in -short mode")
	}
	ts := serverWith(t, &Server{Limits: Limits{Compute: 2 * time.Second}})
	for _, tt := range []struct{ name, puzzle string }{
		{"25x25, 625 cages", cagedBoard(25, 1)},
		{"9x9, 81 cages", cagedBoard(9, 1)},
		{"16x16, 64 cages of 4", cagedBoard(16, 2)},
	} {
		body, err := json.Marshal(map[string]any{"puzzle": tt.puzzle})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/api/board", "/api/candidates", "/api/solve", "/api/hint", "/api/render"} {
			t.Run(tt.name+path, func(t *testing.T) {
				start := time.Now()
				resp, answer := send(t, "POST", ts.URL+path, string(body))
				if d := time.Since(start); d > 8*time.Second {
					t.Errorf("answered after %v", d)
				}
				if resp.StatusCode >= 500 && !bytes.Contains(answer, []byte(`"timeout"`)) {
					t.Errorf("status %d: %.300s", resp.StatusCode, answer)
				}
			})
		}
	}
}

// cagedBoard is an n x n f-puzzles board tiled with k x k cages (n a
// multiple of k), each of sum k*k*(n+1)/2 rounded: a board whose sums a
// solver must weigh, not a real puzzle.
func cagedBoard(n, k int) string {
	var cages []string
	for r := 0; r < n; r += k {
		for c := 0; c < n; c += k {
			var cells []string
			for i := 0; i < k*k; i++ {
				cells = append(cells, fmt.Sprintf(`"R%dC%d"`, r+i/k+1, c+i%k+1))
			}
			sum := (k*k*(n+1) + 1) / 2
			if k == 1 {
				sum = (r/k+c/k)%n + 1
			}
			cages = append(cages, fmt.Sprintf(`{"cells":[%s],"value":"%d"}`, strings.Join(cells, ","), sum))
		}
	}
	grid := "[" + strings.TrimSuffix(strings.Repeat("["+strings.TrimSuffix(strings.Repeat("{},", n), ",")+"],", n), ",") + "]"
	return fmt.Sprintf(`{"size":%d,"grid":%s,"killercage":[%s]}`, n, grid, strings.Join(cages, ","))
}
