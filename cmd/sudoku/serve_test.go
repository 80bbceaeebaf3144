package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sudoku/api"
	"sudoku/bank"
	"sudoku/logic"
	"sudoku/metrics"
	"sudoku/sqlite"
)

// TestServeShutsDown starts the server on a free port, solves a puzzle
// through it, and checks it stops cleanly when its context ends.
func TestServeShutsDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, &api.Server{}, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	var resp *http.Response
	for range 50 {
		resp, err = http.Post("http://"+addr+"/api/solve", "application/json", strings.NewReader(`{"puzzle":"`+renderPuzzle+`"}`))
		if err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "534678912") {
		t.Errorf("solve: got %d %s", resp.StatusCode, b)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeUsage(t *testing.T) {
	if _, stderr, code := runCLI(t, "", "serve", "extra"); code != 2 || !strings.Contains(stderr, `unexpected argument "extra"`) {
		t.Errorf("got %d %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, "", "serve", "--addr", "256.0.0.1:bad"); code != 1 || !strings.Contains(stderr, "sudoku serve:") {
		t.Errorf("bad address: got %d %q", code, stderr)
	}
}

// TestServeBank serves a bank of two Easy puzzles through the API: two
// picks, then bank_empty.
func TestServeBank(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "bank.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	quiet := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	if code := fill(ctx, quiet, db, fillJob{level: logic.Easy, target: 2, batch: 1, jobs: 1, seed: 1, quiet: true}); code != 0 {
		t.Fatalf("fill: exit %d", code)
	}
	ts := httptest.NewServer((&api.Server{Bank: api.StoreBank{DB: db}}).Handler())
	defer ts.Close()
	for i, want := range []int{200, 200, 404} {
		resp, err := http.Post(ts.URL+"/api/bank/pick?level=easy", "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("pick %d: got %d %s, want %d", i+1, resp.StatusCode, b, want)
		}
		if want == 404 && !strings.Contains(string(b), "bank_empty") {
			t.Errorf("pick %d: got %s, want bank_empty", i+1, b)
		}
	}
}

// TestServeBadBank starts the real server on a bank file that is not a
// database: it serves anyway, logs the cause, and the bank's routes and
// /readyz answer 503 while the rest works.
func TestServeBadBank(t *testing.T) {
	path := writeFile(t, "bank.db", strings.Repeat("this is not an SQLite database\n", 200))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	addr := "127.0.0.1:" + strconv.Itoa(port)
	srv := startCLI(t, "serve", "--addr", addr, "--db", path, "--seed-bank", "0")
	var resp *http.Response
	for range 100 {
		if resp, err = http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the server did not start: %v, stderr %q", err, srv.stderr)
	}
	for _, tc := range []struct {
		method, path string
		status       int
	}{{"GET", "/readyz", 503}, {"POST", "/api/bank/pick?level=easy", 503}, {"GET", "/api/bank/daily", 503}, {"GET", "/healthz", 200}, {"GET", "/", 200}} {
		req, _ := http.NewRequest(tc.method, "http://"+addr+tc.path, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s %s: got %d, want %d", tc.method, tc.path, resp.StatusCode, tc.status)
		}
	}
	srv.cmd.Process.Signal(os.Interrupt)
	srv.wait(t)
	if log := srv.stderr.String(); !strings.Contains(log, "no puzzle bank") || !strings.Contains(log, "it cannot be opened") || !strings.Contains(log, path) {
		t.Errorf("the log does not say why there is no bank: %q", log)
	}
}

func TestAllowedHosts(t *testing.T) {
	loop := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	tests := []struct {
		name, list string
		addr       net.Addr
		want       []string
	}{
		{"default", "", loop, []string{"127.0.0.1", "localhost", "127.0.0.1", "::1"}},
		{"list", "a.example,b.example", loop, []string{"a.example", "b.example"}},
		{"spaces", " a.example, b.example ,c.example ", loop, []string{"a.example", "b.example", "c.example"}},
		{"empty names", "a.example,, ,", loop, []string{"a.example"}},
		{"no names", " , ", loop, []string{"127.0.0.1", "localhost", "127.0.0.1", "::1"}},
		{"any", " * ", loop, nil},
		{"not loopback", "a.example", &net.TCPAddr{IP: net.IPv4(10, 0, 0, 1)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := allowedHosts(tt.addr, tt.list); !slices.Equal(got, tt.want) {
				t.Errorf("allowedHosts(%q) = %q, want %q", tt.list, got, tt.want)
			}
		})
	}
}

// TestServeMemory: --memory sets the runtime's memory limit (as the
// metrics show), a size it cannot read is a usage error.
func TestServeMemory(t *testing.T) {
	if _, stderr, code := runCLI(t, "", "serve", "--memory", "1GB"); code != 2 || !strings.Contains(stderr, "512MiB") {
		t.Errorf("--memory 1GB: got %d %q, want a usage error", code, stderr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	srv := startCLI(t, "serve", "--addr", addr, "--db", filepath.Join(t.TempDir(), "bank.db"), "--seed-bank", "0", "--memory", "300MiB")
	var resp *http.Response
	for range 100 {
		if resp, err = http.Get("http://" + addr + "/metrics"); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the server did not start: %v, stderr %q", err, srv.stderr)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "go_gc_gomemlimit_bytes 3.145728e+08") {
		t.Errorf("the metrics do not show a limit of 300 MiB: %s", grepLines(string(b), "gomemlimit"))
	}
	srv.cmd.Process.Signal(os.Interrupt)
	srv.wait(t)
}

// grepLines returns the lines of s that contain sub.
func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestTopUpMarks: every level is kept between --bank-low and --seed-bank,
// Diabolical at 3 at most; a low mark above the high one is the high one.
func TestTopUpMarks(t *testing.T) {
	quiet := newServeBank("", slog.New(slog.NewTextHandler(io.Discard, nil)))
	tests := []struct {
		name             string
		high, low        int
		easy, diabolical bank.Mark
	}{
		{"defaults", 30, 10, bank.Mark{Level: bank.Easy, Low: 10, High: 30}, bank.Mark{Level: bank.Diabolical, Low: 3, High: 3}},
		{"low above high", 5, 8, bank.Mark{Level: bank.Easy, Low: 5, High: 5}, bank.Mark{Level: bank.Diabolical, Low: 3, High: 3}},
		{"small", 2, 1, bank.Mark{Level: bank.Easy, Low: 1, High: 2}, bank.Mark{Level: bank.Diabolical, Low: 1, High: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tu := topUp(tt.high, tt.low, time.Minute, quiet, metrics.New(nil))
			if len(tu.Marks) != bank.NumLevels || tu.Marks[0] != tt.easy || tu.Marks[bank.NumLevels-1] != tt.diabolical {
				t.Errorf("got marks %+v, want Easy %+v ... Diabolical %+v", tu.Marks, tt.easy, tt.diabolical)
			}
			if tu.Every != time.Minute || !strings.HasSuffix(tu.Owner, " (serve)") {
				t.Errorf("got every %v, owner %q", tu.Every, tu.Owner)
			}
		})
	}
}
