package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku/bank"
)

// asOtherUser returns a command running the test binary as the sudoku
// command under a user who cannot write what root made: as root, through
// setpriv as nobody, from a copy of the binary nobody can run.
func asOtherUser(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot run the test binary as the command: %v", err)
	}
	if os.Geteuid() != 0 {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), "SUDOKU_TEST_AS_CLI=1")
		return cmd
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("running as root without setpriv (util-linux): cannot test a read-only bank")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Dir(dir), 0o755)
	copyExe := filepath.Join(dir, "sudoku.test")
	in, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(copyExe, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	out.Close()
	cmd := exec.Command(setpriv, append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", copyExe}, args...)...)
	cmd.Env = []string{"SUDOKU_TEST_AS_CLI=1", "HOME=/nonexistent", "PATH=/usr/bin:/bin"}
	return cmd
}

// TestReadOnlyBank: a bank in a directory its user cannot write. Reading
// commands work (they open it read-only), pick fails without handing a
// puzzle out, and serve says the bank is read-only in its log.
func TestReadOnlyBank(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permissions differ on Windows")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	path := filepath.Join(dir, "bank.db")
	if _, errOut, code := runCLI(t, "", "bank", "fill", "--db", path, "--level", "easy", "-n", "2", "--seed", "3", "-q"); code != 0 {
		t.Fatalf("fill: %d %s", code, errOut)
	}
	for _, p := range []string{filepath.Dir(dir), dir} {
		os.Chmod(p, 0o755)
	}
	os.Chmod(path, 0o444)
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })

	out, err := asOtherUser(t, "bank", "stats", "--db", path).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "2 puzzles") {
		t.Errorf("bank stats on a read-only bank: %v, %q", err, out)
	}
	out, err = asOtherUser(t, "bank", "export", "--db", path, "-q").CombinedOutput()
	if err != nil || strings.Count(string(out), "\n") != 2 {
		t.Errorf("bank export on a read-only bank: %v, %q", err, out)
	}
	out, err = asOtherUser(t, "bank", "pick", "--db", path, "--level", "easy").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "readonly") && !strings.Contains(string(out), "read-only") {
		t.Errorf("bank pick on a read-only bank: got %v, %q, want an error saying read-only", err, out)
	}
	srv := asOtherUser(t, "serve", "--addr", "127.0.0.1:0", "--db", path, "--seed-bank", "0")
	var log syncBuffer
	srv.Stderr = &log
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 500 && !strings.Contains(log.String(), "serving"); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	srv.Process.Kill()
	srv.Wait()
	if !strings.Contains(log.String(), "no puzzle bank") || !strings.Contains(log.String(), path) {
		t.Errorf("serve on a read-only bank: the log does not say why there is no bank: %q", log.String())
	}
	db := openForTest(t, path)
	if c, err := db.Count(t.Context(), bank.Easy); err != nil || c.HandedOut != 0 {
		t.Errorf("after the failed pick: %+v, %v; want nothing handed out", c, err)
	}
	db.Close()
}

// syncBuffer is a bytes.Buffer safe to write from a command's goroutine
// while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
