package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"sudoku/bank"
	"sudoku/bank/banktest"
	"sync"
	"testing"
	"time"
)

// clock is a fake time that moves one second each call.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

// openTest opens a new bank in a temporary directory with a fake clock.
func openTest(t testing.TB) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "bank.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Now = newClock().now
	t.Cleanup(func() { db.Close() })
	return db
}

// entry is banktest.Entry: entries with the same key are duplicates.
func entry(t testing.TB, key int, level bank.Level) bank.Entry { return banktest.Entry(t, key, level) }

func add(t testing.TB, db *DB, es ...bank.Entry) {
	t.Helper()
	if _, _, err := db.Add(context.Background(), es); err != nil {
		t.Fatal(err)
	}
}

// TestStore runs the suite every bank passes.
func TestStore(t *testing.T) {
	banktest.Run(t, banktest.Harness{
		Open: func(t *testing.T, now func() time.Time) bank.Store {
			db := openTest(t)
			db.Now = now
			return db
		},
		Reopen: func(t *testing.T, s bank.Store) bank.Store {
			db, err := Open(context.Background(), s.Path())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		},
		Schema: 5,
	})
}

func TestOpenFreshAndMigrated(t *testing.T) {
	ctx := context.Background()
	ms, err := loadMigrations(migrationFiles)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "a", "b", "bank.db")
	for round := range 3 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("open %d: %v", round, err)
		}
		if v, err := db.SchemaVersion(ctx); err != nil || v != len(ms) {
			t.Errorf("open %d: got schema version %d (%v), want %d", round, v, err, len(ms))
		}
		add(t, db, entry(t, round, bank.Easy))
		c, err := db.Count(ctx, bank.Easy)
		if err != nil || c.Total != round+1 {
			t.Errorf("open %d: got %d puzzles (%v), want %d", round, c.Total, err, round+1)
		}
		var mode string
		if err := db.sql.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("got journal mode %q (%v), want wal", mode, err)
		}
		var fk, busy, sync int
		db.sql.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk)
		db.sql.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy)
		db.sql.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync)
		if fk != 1 || busy != int(BusyTimeout.Milliseconds()) || sync != 2 {
			t.Errorf("got foreign_keys %d, busy_timeout %d, synchronous %d, want 1, %d, 2 (FULL)", fk, busy, sync, BusyTimeout.Milliseconds())
		}
		if err := db.IntegrityCheck(ctx); err != nil {
			t.Error(err)
		}
		db.Close()
	}
}

func TestOpenSchemaTooNew(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if _, err := db.sql.ExecContext(ctx, "PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err := Open(ctx, db.Path())
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("got %v, want ErrSchemaTooNew", err)
	}
}

func TestDefaultPath(t *testing.T) {
	home := func() (string, error) { return "/home/ann", nil }
	config := func() (string, error) { return "/cfg", nil }
	noHome := func() (string, error) { return "", errors.New("no home") }
	tests := []struct {
		name, goos, xdg string
		home            func() (string, error)
		want            string
		wantErr         bool
	}{
		{"linux xdg", "linux", "/data", home, "/data/sudoku/bank.db", false},
		{"linux home", "linux", "", home, "/home/ann/.local/share/sudoku/bank.db", false},
		{"relative xdg ignored", "freebsd", "rel", home, "/home/ann/.local/share/sudoku/bank.db", false},
		{"darwin", "darwin", "/data", home, "/cfg/sudoku/bank.db", false},
		{"no home", "linux", "", noHome, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "XDG_DATA_HOME" {
					return tt.xdg
				}
				return ""
			}
			got, err := defaultPath(tt.goos, getenv, tt.home, config)
			if (err != nil) != tt.wantErr || filepath.ToSlash(got) != tt.want {
				t.Errorf("got %q, %v, want %q (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	add(t, db, entry(t, 1, bank.Easy))
	ro, err := OpenReadOnly(ctx, db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if c, err := ro.Count(ctx, bank.Easy); err != nil || c.Total != 1 {
		t.Errorf("got %d (%v), want 1", c.Total, err)
	}
	if _, _, err := ro.Add(ctx, []bank.Entry{entry(t, 2, bank.Easy)}); err == nil {
		t.Error("got no error adding through a read-only bank, want one")
	}
	if _, err := OpenReadOnly(ctx, filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Error("got no error opening a missing bank read-only, want one")
	}
}
