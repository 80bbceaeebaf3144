// Package postgres is the puzzle bank on a PostgreSQL server, for several
// replicas of `sudoku serve` sharing one bank: it implements bank.Store
// through github.com/jackc/pgx/v5 (pure Go) and passes the same suite as
// package sqlite (bank/banktest).
//
// Pick hands out a puzzle with one statement that locks the row it takes
// and skips rows other transactions hold (FOR UPDATE SKIP LOCKED), so
// replicas and goroutines picking at once never get the same puzzle and
// never wait for each other. Daily takes a transaction-scoped advisory
// lock per date and level, so every replica gets the same daily puzzle.
// The schema is built by the numbered migrations in migrations/, embedded,
// applied at Open in one transaction under an advisory lock: two replicas
// starting at once take turns, and the second finds nothing to do.
//
// It repeats package sqlite's shape on purpose, written plainly for
// PostgreSQL; package sqlite's documentation says why, and bank/banktest
// keeps the two alike in behaviour.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"sudoku/bank"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrateLock is the advisory lock key migrations hold.
const migrateLock = 0x5ad0_0001

// DB is a puzzle bank on a PostgreSQL server. It is safe for concurrent
// use, and any number of processes may use the same database.
type DB struct {
	pool *pgxpool.Pool
	name string // the URL without its password, for people
	// Now gives the time stored with new puzzles and hand-outs; Open sets
	// it to time.Now. Tests replace it.
	Now    func() time.Time
	picker *bank.Coalescer
}

var _ bank.Store = (*DB)(nil)

// IsURL reports whether s names a PostgreSQL database (it starts with
// postgres:// or postgresql://) rather than a file.
func IsURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Open connects to the database at url (postgres://user:password@host:port/db?...)
// and applies the migrations it lacks. Errors never show the password.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %v", Redact(rawURL), redactErr(err, rawURL))
	}
	if cfg.MaxConns < 16 {
		cfg.MaxConns = 16
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %v", Redact(rawURL), redactErr(err, rawURL))
	}
	db := &DB{pool: pool, name: Redact(rawURL), Now: time.Now}
	db.picker = bank.NewCoalescer(db.pickMany)
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, &redacted{fmt.Sprintf("postgres: %s: %s", db.name, redactErr(err, rawURL)), err}
	}
	return db, nil
}

var (
	userPassword  = regexp.MustCompile(`(://[^:/@?#]*):([^@]*)@`)
	passwordParam = regexp.MustCompile(`(?i)(password=)([^&\s]*)`)
)

// Redact returns url without its password, even when it is malformed.
func Redact(rawURL string) string {
	s := userPassword.ReplaceAllString(rawURL, "${1}:xxxxx@")
	return passwordParam.ReplaceAllString(s, "${1}xxxxx")
}

// passwords returns the passwords written in rawURL.
func passwords(rawURL string) []string {
	var ps []string
	for _, m := range userPassword.FindAllStringSubmatch(rawURL, -1) {
		ps = append(ps, m[2])
	}
	for _, m := range passwordParam.FindAllStringSubmatch(rawURL, -1) {
		ps = append(ps, m[2])
	}
	return ps
}

// redacted is an error whose text has no password, which still unwraps to
// the error it tells of (errors.Is finds bank.ErrSchemaTooNew in it).
type redacted struct {
	msg string
	err error
}

func (r *redacted) Error() string { return r.msg }
func (r *redacted) Unwrap() error { return r.err }

// redactErr returns err's text on one line, without the passwords of
// rawURL: pgx lists each address it tried on a line of its own.
func redactErr(err error, rawURL string) string {
	msg := err.Error()
	for _, p := range passwords(rawURL) {
		if p != "" {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
		}
	}
	var parts []string
	seen := map[string]bool{}
	for _, line := range strings.Split(msg, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !seen[line] {
			seen[line] = true
			parts = append(parts, line)
		}
	}
	return strings.Join(parts, " ")
}

// Close closes the pool.
func (db *DB) Close() error {
	db.pool.Close()
	return nil
}

// Path names the bank: its URL without the password.
func (db *DB) Path() string { return db.name }

// Ping checks that the server answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.pool.Ping(ctx); err != nil {
		return fmt.Errorf("postgres: %s: %w", db.name, err)
	}
	return nil
}

// Writable checks that the bank can be written: the server is not a
// read-only standby and the user may write the tables.
func (db *DB) Writable(ctx context.Context) error {
	err := db.write(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE fill_leases SET level = level WHERE false")
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: %s is not writable: %w", db.name, err)
	}
	return nil
}

// IntegrityCheck checks the schema is this program's and the tables
// answer (the server checks its own pages).
func (db *DB) IntegrityCheck(ctx context.Context) error {
	v, err := db.SchemaVersion(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", db.name, err)
	}
	ms, _ := bank.LoadMigrations(migrationFiles)
	if v != len(ms) {
		return fmt.Errorf("postgres: %s: schema version %d, want %d", db.name, v, len(ms))
	}
	var n int64
	return db.pool.QueryRow(ctx, "SELECT count(*) FROM fill_cursors").Scan(&n)
}

// write runs f in a transaction and commits it when f returns nil.
func (db *DB) write(ctx context.Context, f func(pgx.Tx) error) error {
	tx, err := db.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer tx.Rollback(ctx)
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: commit: %w", err)
	}
	return nil
}

// SchemaVersion returns the number of the last migration applied.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := db.pool.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&v)
	return v, err
}

// migrate applies the migrations the database lacks, all in one
// transaction under an advisory lock.
func (db *DB) migrate(ctx context.Context) error {
	ms, err := bank.LoadMigrations(migrationFiles)
	if err != nil {
		return err
	}
	return db.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrateLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
	version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var v int
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&v); err != nil {
			return err
		}
		if v > len(ms) {
			return fmt.Errorf("%w: version %d, this program knows up to %d", bank.ErrSchemaTooNew, v, len(ms))
		}
		for _, m := range ms[v:] {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", m.Version, m.Name); err != nil {
				return err
			}
		}
		return nil
	})
}

// isNoRows reports pgx's "no rows" error.
func isNoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }
