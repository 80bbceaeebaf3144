package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sudoku/bank"
	"testing"
	"time"

	"sudoku/sqlite"
)

// cliCommand returns a command running the test binary as the sudoku
// command (see TestMain), its stderr gathered in the buffer.
func cliCommand(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot run the test binary as the command: %v", err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "SUDOKU_TEST_AS_CLI=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	return cmd, &stderr
}

// started is a command started in the background: done delivers Wait's
// result.
type started struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	done   chan error
}

func startCLI(t *testing.T, args ...string) *started {
	t.Helper()
	cmd, stderr := cliCommand(t, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &started{cmd: cmd, stderr: stderr, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		select {
		case err := <-s.done:
			s.done <- err
		default:
			cmd.Process.Kill()
			<-s.done
		}
	})
	return s
}

// wait returns the command's Wait error, failing the test after a minute.
func (s *started) wait(t *testing.T) error {
	t.Helper()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
		return err
	case <-time.After(time.Minute):
		t.Fatalf("the command did not end within a minute: stderr %q", s.stderr)
		return nil
	}
}

// waitCommitted polls the bank at path through a read-only connection
// until it holds at least min puzzles of the level, and returns how many
// it saw. It fails the test if the command ends first or a minute goes by.
func waitCommitted(t *testing.T, path string, level bank.Level, min int, s *started) int {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(time.Minute)
	var ro *sqlite.DB
	defer func() {
		if ro != nil {
			ro.Close()
		}
	}()
	for time.Now().Before(deadline) {
		select {
		case err := <-s.done:
			s.done <- err
			t.Fatalf("the command ended (%v) before %d puzzles were committed: stderr %q", err, min, s.stderr)
		default:
		}
		if ro == nil {
			ro, _ = sqlite.OpenReadOnly(ctx, path)
		}
		if ro != nil {
			if c, err := ro.Count(ctx, level); err == nil && c.Total >= min {
				return c.Total
			}
		}
		time.Sleep(3 * time.Millisecond)
	}
	t.Fatalf("no %d puzzles committed within a minute", min)
	return 0
}

// checkBank checks the bank after a fill stopped: the database is intact,
// holds at least min puzzles of the level, every one numbered below the
// cursor and none twice. It returns the count and the cursor.
func checkBank(t *testing.T, path string, level bank.Level, min int) (int, bank.Cursor) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Errorf("integrity: %v", err)
	}
	c, err := db.Count(ctx, level)
	if err != nil || c.Total < min {
		t.Errorf("got %d puzzles (%v), want at least the %d seen committed", c.Total, err, min)
	}
	cur, ok, err := db.Cursor(ctx, level, "none")
	if !ok || err != nil {
		t.Fatalf("got no cursor (%v) after a committed batch", err)
	}
	numbers := map[int]bool{}
	canon := map[string]bool{}
	for _, e := range exportAll(t, db) {
		i := strings.LastIndexByte(e.Source, '#')
		n, err := strconv.Atoi(e.Source[i+1:])
		if i < 0 || err != nil || n >= cur.Next || numbers[n] || canon[e.Canonical] {
			t.Errorf("got puzzle %d from %q (cursor at %d), want a number below the cursor, stored once", e.ID, e.Source, cur.Next)
		}
		numbers[n], canon[e.Canonical] = true, true
	}
	return c.Total, cur
}

// TestBankFillSurvivesKill kills a real fill process with SIGKILL after it
// committed a batch, checks that nothing committed was lost and that the
// database is intact, then runs the fill again to its target: it goes on
// from the cursor and generates nothing twice.
func TestBankFillSurvivesKill(t *testing.T) {
	path := tempBankPath(t)
	const target = 200
	args := []string{"bank", "fill", "--db", path, "--level", "medium", "-n", strconv.Itoa(target), "--batch", "5", "--seed", "11", "-j", "2"}
	fill := startCLI(t, args...)
	seen := waitCommitted(t, path, bank.Medium, 5, fill)
	time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond) // land anywhere in the next batch
	if err := fill.cmd.Process.Kill(); err != nil {
		t.Fatalf("kill: %v (stderr %q)", err, fill.stderr)
	}
	err := fill.wait(t)
	if fill.cmd.ProcessState.Exited() {
		t.Fatalf("the fill ended by itself (%v) before the kill: stderr %q", err, fill.stderr)
	}
	stored, cur := checkBank(t, path, bank.Medium, seen)
	t.Logf("killed with %d puzzles seen, %d stored, cursor at #%d", seen, stored, cur.Next)

	out, errOut, code := runCLI(t, "", args...)
	if code != 0 || out != "" {
		t.Fatalf("fill again: got exit %d, %q, %q, want 0", code, out, errOut)
	}
	got := parseFillSummary(t, errOut)
	want := fillStats{added: target - stored, left: target, from: cur.Next, to: got.to}
	if got != want {
		t.Errorf("fill again: got %+v, want %+v", got, want)
	}
	final, _ := checkBank(t, path, bank.Medium, target)
	if final != target {
		t.Errorf("got %d puzzles, want %d", final, target)
	}
}

// TestBankFillInterrupted stops a real fill with SIGINT: it commits what it
// finished, prints its summary and exits with 130.
func TestBankFillInterrupted(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	path := tempBankPath(t)
	fill := startCLI(t, "bank", "fill", "--db", path, "--level", "easy", "-n", "1000000", "--batch", "5", "--seed", "12")
	waitCommitted(t, path, bank.Easy, 5, fill)
	if err := fill.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := fill.wait(t)
	stderr := fill.stderr
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("got %v, want exit status %d (stderr %q)", err, exitInterrupted, stderr)
	}
	if !strings.Contains(stderr.String(), "interrupted;") {
		t.Errorf("got stderr %q, want it to say interrupted", stderr)
	}
	sum := parseFillSummary(t, stderr.String())
	stored, cur := checkBank(t, path, bank.Easy, 5)
	if stored != sum.added || cur.Next != sum.to+1 || sum.from != 0 {
		t.Errorf("got %d stored, cursor #%d, want the summary's %d added, numbers #%d-#%d", stored, cur.Next, sum.added, sum.from, sum.to)
	}
}

// TestBankFillsCooperate runs two real fills of one level on one bank, the
// second 50 ms after the first, as in the report that found 5,950 puzzles
// left for a target of 3,000 and half of them duplicates: the second stops
// at once naming the first, and the bank ends at the target with no
// puzzle twice.
func TestBankFillsCooperate(t *testing.T) {
	path := tempBankPath(t)
	const target = 60
	args := []string{"bank", "fill", "--db", path, "--level", "easy", "-n", strconv.Itoa(target), "--batch", "5", "-j", "1"}
	first := startCLI(t, args...)
	time.Sleep(50 * time.Millisecond)
	second := startCLI(t, args...)
	errSecond := second.wait(t)
	errFirst := first.wait(t)
	// On a busy machine the second process may start first and take the
	// level: then the first is the one that stops.
	if errFirst != nil && errSecond == nil {
		first, second, errFirst, errSecond = second, first, errSecond, errFirst
		t.Log("the second fill took the level first")
	}
	if errFirst != nil {
		t.Fatalf("both fills failed: %v (stderr %q), %v (stderr %q)", errFirst, first.stderr, errSecond, second.stderr)
	}
	var exit *exec.ExitError
	switch {
	case errSecond == nil:
		t.Logf("one fill ended before the other began (stderr %q)", second.stderr)
	case !errors.As(errSecond, &exit) || exit.ExitCode() != 1 || !strings.Contains(second.stderr.String(), "another fill of Easy is running on this bank (pid "):
		t.Errorf("the other fill: got %v, stderr %q, want exit 1 naming the fill that runs", errSecond, second.stderr)
	}
	stored, _ := checkBank(t, path, bank.Easy, target)
	if stored != target {
		t.Errorf("got %d puzzles, want the target %d", stored, target)
	}
	// Once the first is done, a fill of the level runs again.
	if _, errOut, code := runCLI(t, "", append(args[:len(args)-6], "-n", strconv.Itoa(target+2))...); code != 0 {
		t.Errorf("a fill after the first ended: exit %d, %q", code, errOut)
	}
}
