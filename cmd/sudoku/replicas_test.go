package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sudoku/api"
	"sudoku/bank"
	"sudoku/generate"
	"sudoku/internal/pgtest"
	"sudoku/logic"
	"sudoku/postgres"

	"github.com/jackc/pgx/v5"
)

// dockerBuild builds the command as the Dockerfile does: the same go build
// line, its output moved to a temporary directory.
func dockerBuild(t *testing.T) string {
	t.Helper()
	df, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^RUN (CGO_ENABLED=0 go build .*) -o (\S+) (\./cmd/sudoku)$`).FindSubmatch(df)
	if m == nil {
		t.Fatal("the Dockerfile has no RUN CGO_ENABLED=0 go build ... -o OUT ./cmd/sudoku line")
	}
	out := filepath.Join(t.TempDir(), "sudoku")
	cmd := exec.Command("sh", "-c", string(m[1])+" -o "+out+" "+string(m[3]))
	cmd.Dir = filepath.Join("..", "..")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, b)
	}
	return out
}

// fillPG stores n distinct generated puzzles as Medium in the bank at url.
func fillPG(t *testing.T, url string, n int) {
	t.Helper()
	ctx := context.Background()
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var es []bank.Entry
	for i := range n {
		p, err := generate.Generate(context.Background(), generate.Options{NoRating: true}, generate.Source(99, i))
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, bank.Entry{Puzzle: p.Grid(), Solution: p.SolutionGrid(), ER: 30, EP: 12, ED: 12, Level: bank.Medium,
			RatingVersion: logic.RatingVersion, Symmetry: "none", Canonical: generate.Canonical(p.Grid()).Line('.'),
			Source: fmt.Sprintf("replicas #%d", i)})
	}
	if added, _, err := db.Add(ctx, es); err != nil || added != n {
		t.Fatalf("added %d of %d: %v", added, n, err)
	}
}

// replica is one `sudoku serve` process.
type replica struct {
	url string
	cmd *exec.Cmd
	log *syncBuffer
}

func startReplica(t *testing.T, bin, dbURL string) *replica {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := &replica{url: "http://" + addr, log: &syncBuffer{}}
	r.cmd = exec.Command(bin, "serve", "--seed-bank", "0")
	r.cmd.Env = append(os.Environ(), "SUDOKU_ADDR="+addr, "SUDOKU_DB="+dbURL)
	r.cmd.Stderr = r.log
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.cmd.Process.Kill(); r.cmd.Wait() })
	for range 200 {
		if resp, err := http.Get(r.url + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return r
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("replica %s not ready: %s", addr, r.log.String())
	return nil
}

// TestReplicasShareBank runs three servers, built as the Dockerfile builds
// them and configured by environment variables, on one PostgreSQL bank,
// with 50 clients picking at once through all of them; one replica is
// killed with SIGKILL a third of the way. No puzzle is handed out twice,
// no request fails but at the killed replica (its clients go on with the
// others), and every puzzle a client got is marked handed out.
func TestReplicasShareBank(t *testing.T) {
	const puzzles, clients = 300, 50
	dbURL := pgtest.URL(t)
	bin := dockerBuild(t)
	fillPG(t, dbURL, puzzles)
	reps := []*replica{startReplica(t, bin, dbURL), startReplica(t, bin, dbURL), startReplica(t, bin, dbURL)}
	var (
		mu        sync.Mutex
		got       = map[string]int{}
		picks     atomic.Int64
		killed    atomic.Bool
		apiErrors []string
		wg        sync.WaitGroup
	)
	client := &http.Client{Timeout: 10 * time.Second}
	for c := range clients {
		wg.Go(func() {
			for i := c; ; i++ {
				r := reps[i%3]
				if killed.Load() && r == reps[0] {
					continue
				}
				resp, err := client.Post(r.url+"/api/bank/pick?level=medium", "application/json", strings.NewReader("{}"))
				if err != nil {
					if r != reps[0] || !killed.Load() {
						mu.Lock()
						apiErrors = append(apiErrors, err.Error())
						mu.Unlock()
					}
					continue // the killed replica: go on with another
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				switch {
				case resp.StatusCode == 404 && strings.Contains(string(body), "bank_empty"):
					return
				case resp.StatusCode != 200:
					mu.Lock()
					apiErrors = append(apiErrors, fmt.Sprintf("%d %s", resp.StatusCode, body))
					mu.Unlock()
					return
				}
				m := regexp.MustCompile(`"puzzle":"([^"]+)"`).FindSubmatch(body)
				mu.Lock()
				got[string(m[1])]++
				mu.Unlock()
				if picks.Add(1) == puzzles/3 {
					// Marked killed first: a request failing on it between
					// the kill and the mark would count as an error.
					killed.Store(true)
					reps[0].cmd.Process.Kill()
				}
			}
		})
	}
	wg.Wait()
	if len(apiErrors) > 0 {
		t.Errorf("%d failed requests, first: %s", len(apiErrors), apiErrors[0])
	}
	for p, n := range got {
		if n > 1 {
			t.Errorf("puzzle %s handed out %d times", p, n)
		}
	}
	db, err := postgres.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.Count(context.Background(), bank.Medium)
	if err != nil {
		t.Fatal(err)
	}
	handed := map[string]bool{}
	db.Export(context.Background(), func(e bank.Entry) error {
		if !e.HandedOut.IsZero() {
			handed[e.Puzzle.Line('.')] = true
		}
		return nil
	})
	for p := range got {
		if !handed[p] {
			t.Errorf("puzzle %s was handed out but is not marked so", p)
		}
	}
	lost := c.HandedOut - len(got)
	if c.Left != 0 || lost < 0 || lost > clients {
		t.Errorf("bank: %+v; %d delivered, %d handed out by the killed replica and never delivered (at most %d in flight)", c, len(got), lost, clients)
	}
	t.Logf("%d puzzles delivered through 3 replicas (one killed after %d), %d committed by the killed one in flight", len(got), puzzles/3, lost)
	for _, r := range reps[1:] {
		if resp, err := http.Get(r.url + "/readyz"); err != nil || resp.StatusCode != 200 {
			t.Errorf("a surviving replica is not ready: %v", err)
		}
	}
	_ = strconv.Itoa
}

// TestBankComesBack: a server whose PostgreSQL bank cannot be reached at
// start answers 503 on /readyz and the bank's routes, says why, and serves
// the bank as soon as it is there.
func TestBankComesBack(t *testing.T) {
	url := pgtest.URL(t)
	// A database that does not exist yet: until it does, the bank cannot
	// be opened.
	name := fmt.Sprintf("later_%d", os.Getpid())
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	missing := u.String()
	log := &syncBuffer{}
	live := newServeBank(missing, slog.New(slog.NewTextHandler(log, nil)))
	live.live.Every = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if live.start(ctx) {
		t.Fatal("opened a database that does not exist")
	}
	defer live.close()
	if err := live.Ping(ctx); err == nil || !strings.Contains(err.Error(), "no puzzle bank") {
		t.Errorf("Ping before the database exists: %v", err)
	}
	if _, err := live.Pick(ctx, logic.Easy); !errors.Is(err, api.ErrNoBank) {
		t.Errorf("Pick before the database exists: %v, want api.ErrNoBank", err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	deadline := time.Now().Add(10 * time.Second)
	for live.Ping(ctx) != nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if err := live.Ping(ctx); err != nil {
		t.Fatalf("the bank did not come back: %v; log %s", err, log.String())
	}
	if strings.Count(log.String(), "no puzzle bank") != 1 {
		t.Errorf("the cause should be logged once: %s", log.String())
	}
}
