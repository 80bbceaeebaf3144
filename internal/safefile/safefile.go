// Package safefile writes the output files of the commands so that a
// failed write never destroys the file that was there, and never replaces
// what is not a file:
//
//   - a regular file, or no file: the new content goes to a temporary
//     file in the same directory, which replaces the old one by a rename
//     only once it is complete and synced (the old file's mode is kept);
//   - a symlink (or a chain of them): the same, beside the file the last
//     link names, which is replaced; the links stay links. A dangling
//     link is refused: what it names may be anywhere;
//   - a character device or a FIFO, and anything reached through a link of /proc
//     (/dev/stdout, /dev/fd/N): opened and written directly, never
//     created, truncated or replaced (a regular file reached so is
//     appended to, as the shell's >> would);
//   - a directory, a socket or a block device (a disk): refused;
//   - "-": standard output.
package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Stdout is the path that names standard output.
const Stdout = "-"

// maxLinks bounds a chain of symlinks, as the kernel's ELOOP does.
const maxLinks = 40

// File is an output being written: Write it, then Commit it, or Abort it
// to leave the target as it was (as far as a device or FIFO allows: what
// was written to them is gone).
type File struct {
	path   string        // as given, for errors
	target string        // the file a rename replaces; "" when written directly
	mode   fs.FileMode   // the replaced file's permissions
	f      *os.File      // the temporary file, or the device or FIFO; nil for stdout
	w      *bufio.Writer // buffers f or stdout
	done   bool
}

// Create opens path for writing, as the package comment says, checking
// all it can before anything is written: the directory exists, the
// temporary file can be made there, the target is not a directory. For
// "-" it writes to stdout (os.Stdout when nil). Opening a FIFO waits for
// its reader.
func Create(path string, stdout io.Writer) (*File, error) {
	if path == Stdout {
		if stdout == nil {
			stdout = os.Stdout
		}
		return &File{path: path, w: bufio.NewWriterSize(stdout, 64<<10)}, nil
	}
	if path == "" {
		return nil, errors.New("no file name to write (- for stdout)")
	}
	t, err := resolve(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	f, err := t.open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	return f, nil
}

// Write calls write with a File created on path (see Create) and commits
// it when write returns nil; otherwise, or when the commit fails, the
// target is left as it was.
func Write(path string, stdout io.Writer, write func(w io.Writer) error) error {
	f, err := Create(path, stdout)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return err
	}
	return f.Commit()
}

// Write writes p through f's buffer.
func (f *File) Write(p []byte) (int, error) { return f.w.Write(p) }

// Commit finishes the output: flushes it and, for a file, syncs it and
// renames it over the target.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("%s: already committed or aborted", f.path)
	}
	err := f.w.Flush()
	if err == nil && f.f != nil {
		err = f.finish()
	}
	if err != nil {
		f.Abort()
		return fmt.Errorf("cannot write %s: %w", f.path, unwrap(err))
	}
	f.done = true
	return nil
}

// finish closes the file written and, if it is a temporary file, makes
// it the target.
func (f *File) finish() error {
	if f.target == "" {
		return f.f.Close()
	}
	if err := f.f.Chmod(f.mode); err != nil {
		return err
	}
	if err := f.f.Sync(); err != nil {
		return err
	}
	if err := f.f.Close(); err != nil {
		return err
	}
	return os.Rename(f.f.Name(), f.target)
}

// Abort gives the output up: the temporary file is removed and the target
// left as it was. It does nothing once the output is committed.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if f.f == nil {
		return
	}
	f.f.Close()
	if f.target != "" {
		os.Remove(f.f.Name())
	}
}

// target is what a path names once its symlinks are followed.
type target struct {
	path   string      // the final file, its directories' links resolved
	fi     fs.FileInfo // its Lstat; nil when absent
	direct bool        // reached through a link of /proc: written in place
}

// resolve follows path's chain of symlinks to the file it names.
func resolve(path string) (target, error) {
	cur := path
	for range maxLinks {
		fi, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) && cur != path {
			return target{}, fmt.Errorf("it is a symlink to %s, which does not exist", cur)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: cur}, checkDir(filepath.Dir(cur))
		}
		if err != nil || fi.Mode().Type() != fs.ModeSymlink {
			return target{path: cur, fi: fi}, unwrap(err)
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(cur))
		if err != nil {
			return target{}, unwrap(err)
		}
		if dir == "/proc" || strings.HasPrefix(dir, "/proc/") {
			fi, err := os.Stat(path)
			return target{path: path, fi: fi, direct: true}, unwrap(err)
		}
		link, err := os.Readlink(cur)
		if err != nil {
			return target{}, unwrap(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		cur = link
	}
	return target{}, errors.New("too many levels of symlinks")
}

// checkDir checks that the directory a new file goes in exists.
func checkDir(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("directory %s does not exist", dir)
	case err != nil:
		return unwrap(err)
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// open opens the output to t: a temporary file beside a file (or where
// none is), else the target itself.
func (t target) open(path string) (*File, error) {
	switch {
	case t.fi != nil && t.fi.IsDir():
		return nil, errors.New("it is a directory")
	case t.fi != nil && t.fi.Mode().Type() == fs.ModeSocket:
		return nil, errors.New("it is a socket")
	case t.fi != nil && t.fi.Mode().Type() == fs.ModeDevice:
		return nil, errors.New("it is a block device (a disk): write to a file")
	case t.inPlace():
		return t.openDirect(path)
	}
	mode := fs.FileMode(0o644)
	if t.fi != nil {
		mode = t.fi.Mode().Perm()
	}
	dir, base := filepath.Split(t.path)
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("cannot make a temporary file in %s: %w", filepath.Clean(dir), unwrap(err))
	}
	return &File{path: path, target: t.path, mode: mode, f: tmp, w: bufio.NewWriterSize(tmp, 64<<10)}, nil
}

// inPlace reports whether t is written in place: a device or FIFO, or
// reached through /proc.
func (t target) inPlace() bool {
	return t.direct || t.fi != nil && !t.fi.Mode().IsRegular()
}

// openDirect opens a device or FIFO (or a file reached through /proc) to
// write in place: never created, never truncated.
func (t target) openDirect(path string) (*File, error) {
	flag := os.O_WRONLY
	if t.fi != nil && t.fi.Mode().IsRegular() {
		flag |= os.O_APPEND
	}
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return nil, unwrap(err)
	}
	return &File{path: path, f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// unwrap drops the operation and path of a *fs.PathError, which the
// caller's message names better.
func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
