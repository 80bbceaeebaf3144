package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sudoku/bank"
	"time"
)

// LeaseTTL is bank.LeaseTTL.
const LeaseTTL = bank.LeaseTTL

// ErrLeased is bank.ErrLeased.
var ErrLeased = bank.ErrLeased

// LeaseError is bank.LeaseError.
type LeaseError = bank.LeaseError

// Lease is a fill's hold on a level: while it holds it, no other fill of
// the level starts.
type Lease struct {
	db    *DB
	level bank.Level
	owner string
}

// TakeLease takes the fill lease of level for owner (a name for people:
// "pid 1234 on host"), or returns a *LeaseError when another owner holds a
// lease seen less than LeaseTTL ago, unless dead (when not nil) says that
// owner is gone (a process of this machine that no longer runs).
func (db *DB) TakeLease(ctx context.Context, level bank.Level, owner string, dead func(owner string) bool) (bank.Lease, error) {
	now := db.Now()
	err := db.write(ctx, func(tx *sql.Tx) error {
		var o, since, seen string
		err := tx.QueryRowContext(ctx, "SELECT owner, since, seen FROM fill_leases WHERE level = ?", int(level)).Scan(&o, &since, &seen)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err == nil && o != owner && (dead == nil || !dead(o)) {
			s, _ := time.Parse(timeFormat, seen)
			if now.Sub(s) < LeaseTTL {
				t, _ := time.Parse(timeFormat, since)
				return &LeaseError{Level: level, Owner: o, Since: t, Seen: s}
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO fill_leases (level, owner, since, seen) VALUES (?, ?, ?, ?)
ON CONFLICT (level) DO UPDATE SET owner = excluded.owner, since = excluded.since, seen = excluded.seen`,
			int(level), owner, formatTime(now), formatTime(now))
		return err
	})
	if err != nil {
		var le *LeaseError
		if errors.As(err, &le) {
			return nil, err
		}
		return nil, fmt.Errorf("sqlite: lease %v: %w", level, err)
	}
	return &Lease{db: db, level: level, owner: owner}, nil
}

// Renew marks the lease seen now. It fails if the lease was taken over.
func (l *Lease) Renew(ctx context.Context) error {
	res, err := l.db.sql.ExecContext(ctx, "UPDATE fill_leases SET seen = ? WHERE level = ? AND owner = ?",
		formatTime(l.db.Now()), int(l.level), l.owner)
	if err != nil {
		return fmt.Errorf("sqlite: lease %v: %w", l.level, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("sqlite: lease %v: taken over by another fill", l.level)
	}
	return nil
}

// Release gives the lease up.
func (l *Lease) Release(ctx context.Context) error {
	_, err := l.db.sql.ExecContext(ctx, "DELETE FROM fill_leases WHERE level = ? AND owner = ?", int(l.level), l.owner)
	if err != nil {
		return fmt.Errorf("sqlite: lease %v: %w", l.level, err)
	}
	return nil
}
