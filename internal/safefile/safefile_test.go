package safefile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// put writes s to path through Write.
func put(path, s string) error {
	return Write(path, nil, func(w io.Writer) error { _, err := io.WriteString(w, s); return err })
}

func mustWrite(t *testing.T, path, s string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func mustLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// wantFile checks path's content and permissions.
func wantFile(t *testing.T, path, s string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(path)
	fi, _ := os.Lstat(path)
	if err != nil || string(b) != s || !fi.Mode().IsRegular() || fi.Mode().Perm() != mode {
		t.Errorf("%s: %q, %v, mode %v; want a regular file %q, mode %v", filepath.Base(path), b, err, fi.Mode(), s, mode)
	}
}

// wantLink checks that link is still a symlink to target.
func wantLink(t *testing.T, link, target string) {
	t.Helper()
	if got, err := os.Readlink(link); err != nil || got != target {
		t.Errorf("%s: links to %q (%v), want %q", filepath.Base(link), got, err, target)
	}
}

// wantNoTemp checks that no temporary file is left in dir.
func wantNoTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestWriteTargets writes to each kind of target: a regular file is
// replaced (its mode kept), a symlink's final target is replaced (the link
// stays), and what cannot be replaced safely is refused with the old
// state intact.
func TestWriteTargets(t *testing.T) {
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, dir string) string // returns the path written
		wantErr string                                // "" for success
		check   func(t *testing.T, dir string)
	}{
		{"absent", func(t *testing.T, dir string) string { return filepath.Join(dir, "new") }, "",
			func(t *testing.T, dir string) { wantFile(t, filepath.Join(dir, "new"), "new", 0o644) }},
		{"regular, mode kept", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "f"), "old content", 0o600)
			return filepath.Join(dir, "f")
		}, "", func(t *testing.T, dir string) { wantFile(t, filepath.Join(dir, "f"), "new", 0o600) }},
		{"absolute symlink", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "real", "f"), "old", 0o640)
			mustLink(t, filepath.Join(dir, "real", "f"), filepath.Join(dir, "link"))
			return filepath.Join(dir, "link")
		}, "", func(t *testing.T, dir string) {
			wantLink(t, filepath.Join(dir, "link"), filepath.Join(dir, "real", "f"))
			wantFile(t, filepath.Join(dir, "real", "f"), "new", 0o640)
			wantNoTemp(t, dir)
			wantNoTemp(t, filepath.Join(dir, "real"))
		}},
		{"relative symlink", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "f"), "old", 0o600)
			mustLink(t, "../f", filepath.Join(dir, "sub", "link"))
			return filepath.Join(dir, "sub", "link")
		}, "", func(t *testing.T, dir string) {
			wantLink(t, filepath.Join(dir, "sub", "link"), "../f")
			wantFile(t, filepath.Join(dir, "f"), "new", 0o600)
		}},
		{"chain through a symlinked directory", func(t *testing.T, dir string) string {
			// alias -> a/b; alias/l2 -> ../f is a/f (not dir/f, as a
			// lexical join would have it); l1 -> alias/l2.
			mustWrite(t, filepath.Join(dir, "a", "f"), "old", 0o600)
			mustWrite(t, filepath.Join(dir, "f"), "decoy", 0o600)
			mustLink(t, "../f", filepath.Join(dir, "a", "b", "l2"))
			mustLink(t, "a/b", filepath.Join(dir, "alias"))
			mustLink(t, "alias/l2", filepath.Join(dir, "l1"))
			return filepath.Join(dir, "l1")
		}, "", func(t *testing.T, dir string) {
			wantLink(t, filepath.Join(dir, "l1"), "alias/l2")
			wantLink(t, filepath.Join(dir, "a", "b", "l2"), "../f")
			wantFile(t, filepath.Join(dir, "a", "f"), "new", 0o600)
			wantFile(t, filepath.Join(dir, "f"), "decoy", 0o600)
		}},
		{"dangling symlink", func(t *testing.T, dir string) string {
			mustLink(t, "nowhere/f", filepath.Join(dir, "link"))
			return filepath.Join(dir, "link")
		}, "does not exist", func(t *testing.T, dir string) {
			wantLink(t, filepath.Join(dir, "link"), "nowhere/f")
		}},
		{"symlink loop", func(t *testing.T, dir string) string {
			mustLink(t, "b", filepath.Join(dir, "a"))
			mustLink(t, "a", filepath.Join(dir, "b"))
			return filepath.Join(dir, "a")
		}, "too many", func(t *testing.T, dir string) { wantLink(t, filepath.Join(dir, "a"), "b") }},
		{"directory", func(t *testing.T, dir string) string {
			mustWrite(t, filepath.Join(dir, "d", "inside"), "kept", 0o644)
			return filepath.Join(dir, "d")
		}, "is a directory", func(t *testing.T, dir string) {
			wantFile(t, filepath.Join(dir, "d", "inside"), "kept", 0o644)
			if entries, _ := os.ReadDir(filepath.Join(dir, "d")); len(entries) != 1 {
				t.Errorf("the directory holds %v", entries)
			}
		}},
		{"symlink to a directory", func(t *testing.T, dir string) string {
			mustLink(t, ".", filepath.Join(dir, "link"))
			return filepath.Join(dir, "link")
		}, "is a directory", func(t *testing.T, dir string) { wantLink(t, filepath.Join(dir, "link"), ".") }},
		{"missing directory", func(t *testing.T, dir string) string { return filepath.Join(dir, "no", "f") },
			"does not exist", func(t *testing.T, dir string) {}},
		{"no name", func(t *testing.T, dir string) string { t.Chdir(dir); return "" }, "no file name",
			func(t *testing.T, dir string) {}},
		{"socket", func(t *testing.T, dir string) string {
			l, err := net.Listen("unix", filepath.Join(dir, "sock"))
			if err != nil {
				t.Skip(err)
			}
			t.Cleanup(func() { l.Close() })
			return filepath.Join(dir, "sock")
		}, "socket", func(t *testing.T, dir string) {
			if fi, err := os.Lstat(filepath.Join(dir, "sock")); err != nil || fi.Mode().Type() != fs.ModeSocket {
				t.Errorf("the socket became %v (%v)", fi.Mode(), err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			err := put(tc.setup(t, dir), "new")
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("got %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("got %v, want an error saying %q", err, tc.wantErr)
			}
			tc.check(t, dir)
			wantNoTemp(t, dir)
		})
	}
}

// TestWriteFIFO: a FIFO is written to, not replaced.
func TestWriteFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := put(fifo, "through the pipe"); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "through the pipe" {
			t.Errorf("the reader got %q", s)
		}
	case <-time.After(5 * time.Second):
		t.Error("the reader got nothing")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode().Type() != fs.ModeNamedPipe {
		t.Errorf("the FIFO became %v (%v)", fi.Mode(), err)
	}
}

// TestWriteCharDevice writes to a null device made in a temporary
// directory (never a device of the machine): it stays a device.
// TestWriteBlockDevice: a block device is a disk: refused before it is
// opened (the node made here names loop device 7,0; nothing is written).
func TestWriteBlockDevice(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "disk")
	if err := syscall.Mknod(dev, syscall.S_IFBLK|0o600, 7<<8); err != nil {
		t.Skipf("cannot make a device node: %v", err)
	}
	err := put(dev, "gone")
	if err == nil || !strings.Contains(err.Error(), "block device") {
		t.Fatalf("err = %v, want a block device refused", err)
	}
	fi, err := os.Lstat(dev)
	if err != nil || fi.Mode().Type() != fs.ModeDevice {
		t.Fatalf("the node is now %v (%v)", fi.Mode(), err)
	}
	wantNoTemp(t, filepath.Dir(dev))
}

func TestWriteCharDevice(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node: %v", err)
	}
	if f, err := os.OpenFile(dev, os.O_WRONLY, 0); err != nil {
		t.Skipf("cannot open a device node here: %v", err)
	} else {
		f.Close()
	}
	if err := put(dev, "gone"); err != nil {
		t.Fatal(err)
	}
	wantCharDevice(t, dev, 1<<8|3)
	wantNoTemp(t, filepath.Dir(dev))
}

func wantCharDevice(t *testing.T, path string, rdev uint64) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode().Type() != fs.ModeDevice|fs.ModeCharDevice {
		t.Fatalf("%s: %v (%v), want a character device", path, fi.Mode(), err)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && uint64(st.Rdev) != rdev {
		t.Errorf("%s: device %#x, want %#x", path, st.Rdev, rdev)
	}
}

// TestWriteProcFD writes through /proc/self/fd/N and /dev/fd/N, as to
// /dev/stdout: into the open file, appended, not replaced beside a link
// of /proc.
func TestWriteProcFD(t *testing.T) {
	for _, prefix := range []string{"/proc/self/fd/", "/dev/fd/"} {
		t.Run(prefix, func(t *testing.T) {
			if _, err := os.Stat(prefix + "0"); err != nil {
				t.Skip(err)
			}
			path := filepath.Join(t.TempDir(), "out")
			mustWrite(t, path, "before;", 0o600)
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			before, _ := os.Stat(path)
			if err := put(prefix+strconv.Itoa(int(f.Fd())), "after"); err != nil {
				t.Fatal(err)
			}
			wantFile(t, path, "before;after", 0o600)
			if now, _ := os.Stat(path); !os.SameFile(before, now) {
				t.Error("the file was replaced, not written")
			}
			wantNoTemp(t, filepath.Dir(path))
		})
	}
}

// TestWriteFails: a write that fails midway, after more than the buffer
// holds, leaves the old file (and a symlink's target) as they were.
func TestWriteFails(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "f"), "precious", 0o600)
	mustLink(t, "f", filepath.Join(dir, "link"))
	boom := errors.New("boom")
	for _, name := range []string{"f", "link"} {
		err := Write(filepath.Join(dir, name), nil, func(w io.Writer) error {
			w.Write(bytes.Repeat([]byte("x"), 200<<10))
			return boom
		})
		if !errors.Is(err, boom) {
			t.Errorf("%s: got %v, want boom", name, err)
		}
		wantFile(t, filepath.Join(dir, "f"), "precious", 0o600)
		wantLink(t, filepath.Join(dir, "link"), "f")
		wantNoTemp(t, dir)
	}
}

// TestWriteMachineDevices writes to /dev/null and /dev/full, only once
// resolve says they are written in place (never replaced): /dev/full's
// error is reported, and both stay the devices they were.
func TestWriteMachineDevices(t *testing.T) {
	for _, tc := range []struct {
		path, wantErr string
	}{
		{"/dev/null", ""},
		{"/dev/full", "no space left"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			before, err := os.Lstat(tc.path)
			if err != nil || before.Mode()&fs.ModeCharDevice == 0 {
				t.Skipf("%s: %v, %v", tc.path, before, err)
			}
			if tg, err := resolve(tc.path); err != nil || !tg.inPlace() {
				t.Fatalf("refusing to write %s: it would not be written in place (%+v, %v)", tc.path, tg, err)
			}
			err = put(tc.path, "new")
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("got %v, want %q", err, tc.wantErr)
			}
			wantCharDevice(t, tc.path, uint64(before.Sys().(*syscall.Stat_t).Rdev))
		})
	}
}

// TestWriteStdout: "-" writes to the writer given, and makes no file.
func TestWriteStdout(t *testing.T) {
	t.Chdir(t.TempDir())
	var buf bytes.Buffer
	err := Write("-", &buf, func(w io.Writer) error { _, err := io.WriteString(w, "to stdout"); return err })
	if err != nil || buf.String() != "to stdout" {
		t.Errorf("got %q, %v", buf.String(), err)
	}
	if _, err := os.Lstat("-"); err == nil {
		t.Error("a file named - was made")
	}
}

// TestCreateAbort: Create checks the target before anything is written,
// and an aborted output leaves the old file; Commit then fails.
func TestCreateAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	mustWrite(t, path, "old", 0o600)
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "half")
	f.Abort()
	wantFile(t, path, "old", 0o600)
	wantNoTemp(t, dir)
	if err := f.Commit(); err == nil {
		t.Error("an aborted output committed")
	}
	wantFile(t, path, "old", 0o600)
}

// TestWriteDevStdout runs this test binary with its stdout a pipe, then a
// regular file, and has it write to /dev/stdout (only once resolve says
// it is written in place): the bytes arrive, the file is appended to, not
// replaced, and /dev/stdout stays the link it was.
func TestWriteDevStdout(t *testing.T) {
	if os.Getenv("SAFEFILE_DEV_STDOUT") == "1" {
		if tg, err := resolve("/dev/stdout"); err != nil || !tg.inPlace() {
			os.Exit(3)
		}
		if err := put("/dev/stdout", "via /dev/stdout"); err != nil {
			os.Exit(4)
		}
		os.Exit(0)
	}
	link, err := os.Readlink("/dev/stdout")
	if err != nil {
		t.Skip(err)
	}
	cmd := func() *exec.Cmd {
		c := exec.Command(os.Args[0], "-test.run=^TestWriteDevStdout$")
		c.Env = append(os.Environ(), "SAFEFILE_DEV_STDOUT=1")
		return c
	}
	if out, err := cmd().Output(); err != nil || string(out) != "via /dev/stdout" {
		t.Errorf("to a pipe: %q, %v", out, err)
	}
	path := filepath.Join(t.TempDir(), "out")
	mustWrite(t, path, "before;", 0o600)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := cmd()
	c.Stdout = f
	if err := c.Run(); err != nil {
		t.Errorf("to a file: %v", err)
	}
	wantFile(t, path, "before;via /dev/stdout", 0o600)
	wantNoTemp(t, filepath.Dir(path))
	if now, err := os.Readlink("/dev/stdout"); err != nil || now != link {
		t.Errorf("/dev/stdout links to %q (%v), was %q", now, err, link)
	}
}
