package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sudoku/bank"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// The errors of package bank, which callers branch on.
var (
	ErrEmpty        = bank.ErrEmpty
	ErrInvalidEntry = bank.ErrInvalidEntry
	ErrSchemaTooNew = bank.ErrSchemaTooNew
)

var _ bank.Store = (*DB)(nil)

// BusyTimeout is how long a statement waits for another connection or
// process holding the write lock.
const BusyTimeout = 10 * time.Second

// DB is an open puzzle bank. It is safe for concurrent use, and several
// processes may use the same file.
type DB struct {
	sql  *sql.DB
	path string
	// Now gives the time stored with new puzzles and hand-outs; Open sets
	// it to time.Now. Tests replace it.
	Now      func() time.Time
	picker   *bank.Coalescer
	pickStmt *sql.Stmt // pickSQL, prepared once
}

// Open opens the bank at path, creating the file and its directory if
// needed, and applies the migrations it lacks.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty database path")
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	s, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	db := &DB{sql: s, path: path, Now: time.Now}
	db.picker = bank.NewCoalescer(db.pickMany)
	if err := migrate(ctx, s, migrationFiles); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	if db.pickStmt, err = s.PrepareContext(ctx, pickSQL); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	return db, nil
}

// dsn is the data source name of path for the driver: WAL journal synced
// at each commit, busy timeout, foreign keys, and transactions that take the write lock at
// BEGIN (no deadlock upgrading a read lock); readOnly opens it for
// reading only.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Set("mode", "ro")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(FULL)") // a commit survives a power cut, not only a crash
		q.Set("_txlock", "immediate")
	}
	u := url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}
	if runtime.GOOS == "windows" {
		u.Path = "/" + filepath.ToSlash(path)
	}
	return u.String()
}

// OpenReadOnly opens an existing bank for reading only, without migrating
// it or writing anything: for the commands that only read (stats, export)
// and for watching a bank another process writes. A bank in a directory
// this process cannot write (where SQLite cannot make its WAL index) is
// opened as immutable: no other process can be writing it then either.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	path, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	var first error
	for _, immutable := range []bool{false, true} {
		s, err := sql.Open("sqlite", roDSN(path, immutable))
		if err == nil {
			err = ping(ctx, s)
		}
		if err == nil {
			db := &DB{sql: s, path: path, Now: time.Now}
			db.picker = bank.NewCoalescer(db.pickMany)
			if db.pickStmt, err = s.PrepareContext(ctx, pickSQL); err == nil {
				return db, nil
			}
		}
		if s != nil {
			s.Close()
		}
		if first == nil {
			first = err
		}
	}
	return nil, fmt.Errorf("sqlite: %s: %w", path, first)
}

// ping reads the schema version, which fails on a file that is not a
// database or cannot be read (Ping alone opens lazily).
func ping(ctx context.Context, s *sql.DB) error {
	var v int
	return s.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
}

func roDSN(path string, immutable bool) string {
	d := dsn(path, true)
	if immutable {
		d += "&immutable=1"
	}
	return d
}

// Writable checks that the bank can be written: it takes the write lock
// and lets it go. A bank opened on a read-only file or directory opens
// and reads fine, then fails its first write; servers check at start.
func (db *DB) Writable(ctx context.Context) error {
	err := db.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE fill_leases SET level = level WHERE 0")
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: %s is not writable: %w", db.path, err)
	}
	return nil
}

// Ping checks that the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	if err := ping(ctx, db.sql); err != nil {
		return fmt.Errorf("sqlite: %s: %w", db.path, err)
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error { return db.sql.Close() }

// Path returns the file the bank is in.
func (db *DB) Path() string { return db.path }

// IntegrityCheck runs PRAGMA integrity_check and returns nil when it says
// "ok", else an error with what it found.
func (db *DB) IntegrityCheck(ctx context.Context) error {
	rows, err := db.sql.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(msgs) == 1 && msgs[0] == "ok" {
		return nil
	}
	return fmt.Errorf("sqlite: integrity check: %q", msgs)
}

// DefaultPath returns where the bank lives when no path is given:
// $XDG_DATA_HOME/sudoku/bank.db, or ~/.local/share/sudoku/bank.db when
// XDG_DATA_HOME is unset, on Linux and the other Unix systems; the user's
// configuration directory (os.UserConfigDir: ~/Library/Application Support
// on macOS, %AppData% on Windows) followed by sudoku/bank.db elsewhere.
func DefaultPath() (string, error) {
	return defaultPath(runtime.GOOS, os.Getenv, os.UserHomeDir, os.UserConfigDir)
}

func defaultPath(goos string, getenv func(string) string, home, config func() (string, error)) (string, error) {
	if goos == "darwin" || goos == "windows" || goos == "ios" || goos == "plan9" {
		dir, err := config()
		if err != nil {
			return "", fmt.Errorf("sqlite: no default bank path: %w", err)
		}
		return filepath.Join(dir, "sudoku", "bank.db"), nil
	}
	if d := getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "sudoku", "bank.db"), nil
	}
	h, err := home()
	if err != nil {
		return "", fmt.Errorf("sqlite: no default bank path: %w", err)
	}
	return filepath.Join(h, ".local", "share", "sudoku", "bank.db"), nil
}
