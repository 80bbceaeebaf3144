package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// outTarget is a kind of file --out names: setup makes it in dir and
// returns the path to give and a check of what is left after the command,
// which returns what was written there (ok false when it cannot tell).
type outTarget struct {
	name    string
	wantErr string // exit 1 with this on stderr; "" for success
	setup   func(t *testing.T, dir string) (path string, check func() (got string, ok bool))
}

// TestOutTargets: every command with --out writes to each kind of target
// as package safefile does: a symlink's target replaced (the link kept), a
// FIFO and a device written in place, a directory or a missing directory
// refused, - to stdout. What it writes is what it prints without --out.
func TestOutTargets(t *testing.T) {
	const p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	db := tempBankPath(t)
	if _, stderr, code := runCLI(t, "", "bank", "fill", "--db", db, "--level", "easy", "-n", "2", "--seed", "1", "-q"); code != 0 {
		t.Fatalf("fill: exit %d (%s)", code, stderr)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"render", []string{"render", "--format", "png", p}},
		{"model", []string{"model", p}},
		{"bank export", []string{"bank", "export", "--db", db, "-q"}},
	} {
		want, stderr, code := runCLI(t, "", c.args...)
		if code != 0 || want == "" {
			t.Fatalf("%s: exit %d (%s)", c.name, code, stderr)
		}
		for _, tc := range outTargets() {
			t.Run(c.name+"/"+tc.name, func(t *testing.T) {
				dir := t.TempDir()
				t.Chdir(dir)
				path, check := tc.setup(t, dir)
				stdout, stderr, code := runCLI(t, "", append(c.args, "--out", path)...)
				switch {
				case tc.wantErr == "" && code != 0:
					t.Fatalf("exit %d (%s)", code, stderr)
				case tc.wantErr != "" && (code != 1 || !strings.Contains(stderr, tc.wantErr)):
					t.Errorf("exit %d, %q; want 1 and %q", code, stderr, tc.wantErr)
				}
				got, ok := check()
				if path == "-" {
					got, ok = stdout, true
				}
				if tc.wantErr == "" && ok && got != want {
					t.Errorf("wrote %d bytes, want the %d printed without --out", len(got), len(want))
				}
			})
		}
	}
}

func outTargets() []outTarget {
	return []outTarget{
		{"symlink", "", setupSymlink},
		{"fifo", "", setupFIFO},
		{"device", "", setupDevice},
		{"directory", "is a directory", func(t *testing.T, dir string) (string, func() (string, bool)) {
			return dir, entries(t, dir, 0)
		}},
		{"missing directory", "does not exist", func(t *testing.T, dir string) (string, func() (string, bool)) {
			return filepath.Join(dir, "no", "f"), entries(t, dir, 0)
		}},
		{"stdout", "", func(t *testing.T, dir string) (string, func() (string, bool)) {
			return "-", entries(t, dir, 0)
		}},
	}
}

// entries checks that dir holds n entries: nothing written beside.
func entries(t *testing.T, dir string, n int) func() (string, bool) {
	return func() (string, bool) {
		if es, _ := os.ReadDir(dir); len(es) != n {
			t.Errorf("the directory holds %v, want %d entries", es, n)
		}
		return "", false
	}
}

// setupSymlink makes link -> real, a file of mode 0640.
func setupSymlink(t *testing.T, dir string) (string, func() (string, bool)) {
	real, link := filepath.Join(dir, "real"), filepath.Join(dir, "link")
	if err := os.WriteFile(real, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", link); err != nil {
		t.Fatal(err)
	}
	return link, func() (string, bool) {
		if l, err := os.Readlink(link); err != nil || l != "real" {
			t.Errorf("the link became %q (%v)", l, err)
		}
		b, err := os.ReadFile(real)
		if fi, _ := os.Stat(real); err != nil || fi.Mode().Perm() != 0o640 {
			t.Errorf("the link's target: %v, mode %v; want mode 0640", err, fi.Mode())
		}
		entries(t, dir, 2)()
		return string(b), true
	}
}

// setupFIFO makes a FIFO with a reader.
func setupFIFO(t *testing.T, dir string) (string, func() (string, bool)) {
	path := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	read := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(path)
		read <- string(b)
	}()
	return path, func() (string, bool) {
		if fi, err := os.Lstat(path); err != nil || fi.Mode().Type() != fs.ModeNamedPipe {
			t.Errorf("the FIFO became %v (%v)", fi.Mode(), err)
		}
		select {
		case s := <-read:
			return s, true
		case <-time.After(5 * time.Second):
			t.Error("the FIFO's reader got nothing")
			return "", false
		}
	}
}

// setupDevice makes a null device in dir (never a device of the machine).
func setupDevice(t *testing.T, dir string) (string, func() (string, bool)) {
	path := filepath.Join(dir, "null")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node: %v", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("cannot open a device node here: %v", err)
	}
	f.Close()
	return path, func() (string, bool) {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode().Type() != fs.ModeDevice|fs.ModeCharDevice {
			t.Errorf("the device became %v (%v)", fi.Mode(), err)
		}
		entries(t, dir, 1)()
		return "", false
	}
}
