// Package pgtest gives tests a throwaway PostgreSQL server: the first call
// in a test binary runs initdb in a temporary directory and starts
// postgres on a Unix socket there (no TCP), as a child that dies with the
// test process; each test gets a database of its own. Without PostgreSQL
// installed the tests skip, or fail when SUDOKU_REQUIRE_TOOLS=1 (CI).
// SUDOKU_PG_URL points the tests at a server of yours instead.
package pgtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

var (
	once    sync.Once
	baseURL string // the server's maintenance database
	dbURL   func(name string) string
	startEr error
	cmd     *exec.Cmd
	dir     string
	counter atomic.Int64
)

// URL returns the URL of a new, empty database for t on the throwaway
// server, dropped when t ends.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(start)
	if startEr != nil {
		if os.Getenv("SUDOKU_REQUIRE_TOOLS") != "" {
			t.Fatalf("PostgreSQL: %v", startEr)
		}
		t.Skipf("skipping: no PostgreSQL server: %v (install Debian's postgresql, or set SUDOKU_PG_URL)", startEr)
	}
	name := fmt.Sprintf("t_%d_%d", os.Getpid(), counter.Add(1))
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, baseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(ctx, baseURL)
		if err == nil {
			c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			c.Close(ctx)
		}
	})
	return dbURL(name)
}

// Stop stops the server this process started, if any: call it from
// TestMain after m.Run.
func Stop() {
	if cmd != nil && cmd.Process != nil {
		cmd.Process.Signal(syscall.SIGQUIT)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	}
	if dir != "" {
		os.RemoveAll(dir)
	}
}

func start() {
	if u := os.Getenv("SUDOKU_PG_URL"); u != "" {
		pu, err := url.Parse(u)
		if err != nil {
			startEr = fmt.Errorf("SUDOKU_PG_URL: %v", err)
			return
		}
		baseURL = u
		dbURL = func(name string) string {
			c := *pu
			c.Path = "/" + name
			return c.String()
		}
		return
	}
	startEr = startLocal()
}

// bin finds a PostgreSQL program: on PATH, or in Debian's
// /usr/lib/postgresql/N/bin, the newest N.
func bin(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found", name)
}

func version(dir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return v
}

func startLocal() error {
	initdb, err := bin("initdb")
	if err != nil {
		return err
	}
	postgres, err := bin("postgres")
	if err != nil {
		return err
	}
	if dir, err = os.MkdirTemp("", "sudoku-pg-"); err != nil {
		return err
	}
	data := filepath.Join(dir, "data")
	asUser, err := runAs(dir)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	init := exec.Command(initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
	init.SysProcAttr = asUser
	init.Stdout, init.Stderr = &out, &out
	if err := init.Run(); err != nil {
		return fmt.Errorf("initdb: %v: %s", err, out.String())
	}
	port := freePort()
	cmd = exec.Command(postgres, "-D", data, "-k", dir, "-p", strconv.Itoa(port), "-c", "listen_addresses=",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300")
	cmd.SysProcAttr = asUser
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	var logBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logBuf, &logBuf
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("postgres: %v", err)
	}
	dbURL = func(name string) string {
		return fmt.Sprintf("postgres://postgres@/%s?host=%s&port=%d&sslmode=disable", name, dir, port)
	}
	baseURL = dbURL("postgres")
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, err := pgx.Connect(ctx, baseURL)
		cancel()
		if err == nil {
			c.Close(context.Background())
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("postgres did not start within 30 s: %s", logBuf.String())
}

// runAs returns the process attributes to run PostgreSQL with: as root,
// the user postgres (or nobody), owning dir; otherwise as ourselves.
func runAs(dir string) (*syscall.SysProcAttr, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		if u, err = user.Lookup("nobody"); err != nil {
			return nil, fmt.Errorf("running as root with no postgres or nobody user: %v", err)
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	os.Chmod(dir, 0o755)
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}, nil
}

// freePort returns a TCP port number nobody listens on: it names the
// server's socket file.
func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 55432
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
