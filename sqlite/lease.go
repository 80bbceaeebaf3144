package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"sudoku/logic"
)

// LeaseTTL is how long a fill's lease lasts without being renewed: a fill
// renews it every LeaseTTL/6, so a lease older than this belongs to a fill
// that was killed, and may be taken over.
const LeaseTTL = 30 * time.Second

// ErrLeased means another fill holds the level's lease.
var ErrLeased = errors.New("another fill of the level is running")

// LeaseError says who holds a level's lease; it wraps ErrLeased.
type LeaseError struct {
	Level       logic.Level
	Owner       string
	Since, Seen time.Time
}

func (e *LeaseError) Error() string {
	return fmt.Sprintf("another fill of %v is running on this bank (%s, since %s, last seen %s ago; a fill that was killed frees it %s after)",
		e.Level, e.Owner, e.Since.Local().Format("15:04:05"), time.Since(e.Seen).Round(time.Second), LeaseTTL)
}

func (e *LeaseError) Unwrap() error { return ErrLeased }

// Lease is a fill's hold on a level: while it holds it, no other fill of
// the level starts.
type Lease struct {
	db    *DB
	level logic.Level
	owner string
}

// TakeLease takes the fill lease of level for owner (a name for people:
// "pid 1234 on host"), or returns a *LeaseError when another owner holds a
// lease seen less than LeaseTTL ago, unless dead (when not nil) says that
// owner is gone (a process of this machine that no longer runs).
func (db *DB) TakeLease(ctx context.Context, level logic.Level, owner string, dead func(owner string) bool) (*Lease, error) {
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

// Keep renews the lease every LeaseTTL/6 until ctx is done.
func (l *Lease) Keep(ctx context.Context) {
	t := time.NewTicker(LeaseTTL / 6)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			l.Renew(ctx)
		}
	}
}
