package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"sudoku/bank"
)

// Cursor returns the fill cursor of level and symmetry; ok is false when
// no fill of them has committed yet.
func (db *DB) Cursor(ctx context.Context, level bank.Level, symmetry string) (c bank.Cursor, ok bool, err error) {
	c = bank.Cursor{Level: level, Symmetry: symmetry}
	var seed int64
	err = db.pool.QueryRow(ctx, "SELECT seed, next FROM fill_cursors WHERE level = $1 AND symmetry = $2",
		int(level), symmetry).Scan(&seed, &c.Next)
	if isNoRows(err) {
		return c, false, nil
	}
	if err != nil {
		return c, false, fmt.Errorf("postgres: cursor: %w", err)
	}
	c.Seed = uint64(seed)
	return c, true, nil
}

// AddFill stores the entries a fill made (as Add does) and moves its
// cursor to c, in one transaction. The cursor may only move forward, and
// a stored cursor's seed cannot change.
func (db *DB) AddFill(ctx context.Context, c bank.Cursor, entries []bank.Entry) (added, dupes int, err error) {
	err = db.write(ctx, func(tx pgx.Tx) error {
		var seed int64
		var next int
		err := tx.QueryRow(ctx, "SELECT seed, next FROM fill_cursors WHERE level = $1 AND symmetry = $2 FOR UPDATE",
			int(c.Level), c.Symmetry).Scan(&seed, &next)
		switch {
		case isNoRows(err):
		case err != nil:
			return fmt.Errorf("postgres: cursor: %w", err)
		case uint64(seed) != c.Seed:
			return fmt.Errorf("postgres: cursor of %v %s: seed %d stored, got %d", c.Level, c.Symmetry, uint64(seed), c.Seed)
		case c.Next < next:
			return fmt.Errorf("postgres: cursor of %v %s: at %d, cannot move back to %d", c.Level, c.Symmetry, next, c.Next)
		}
		if added, dupes, err = db.insert(ctx, tx, entries); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO fill_cursors (level, symmetry, seed, next) VALUES ($1, $2, $3, $4)
ON CONFLICT (level, symmetry) DO UPDATE SET next = excluded.next`, int(c.Level), c.Symmetry, int64(c.Seed), c.Next)
		if err != nil {
			return fmt.Errorf("postgres: cursor: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	return added, dupes, nil
}

// TakeLease takes the fill lease of level for owner, or returns a
// *bank.LeaseError when another owner holds one seen less than
// bank.LeaseTTL ago (unless dead says that owner is gone).
func (db *DB) TakeLease(ctx context.Context, level bank.Level, owner string, dead func(owner string) bool) (bank.Lease, error) {
	now := db.Now().UTC()
	err := db.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO fill_leases (level, owner, since, seen) VALUES ($1, '', $2, $2) ON CONFLICT DO NOTHING",
			int(level), now.Add(-2*bank.LeaseTTL)); err != nil {
			return err
		}
		var o string
		var since, seen time.Time
		if err := tx.QueryRow(ctx, "SELECT owner, since, seen FROM fill_leases WHERE level = $1 FOR UPDATE", int(level)).Scan(&o, &since, &seen); err != nil {
			return err
		}
		if o != "" && o != owner && now.Sub(seen) < bank.LeaseTTL && (dead == nil || !dead(o)) {
			return &bank.LeaseError{Level: level, Owner: o, Since: since, Seen: seen}
		}
		_, err := tx.Exec(ctx, "UPDATE fill_leases SET owner = $2, since = $3, seen = $3 WHERE level = $1", int(level), owner, now)
		return err
	})
	if err != nil {
		if _, ok := err.(*bank.LeaseError); ok {
			return nil, err
		}
		return nil, fmt.Errorf("postgres: lease %v: %w", level, err)
	}
	return &lease{db: db, level: level, owner: owner}, nil
}

type lease struct {
	db    *DB
	level bank.Level
	owner string
}

func (l *lease) Renew(ctx context.Context) error {
	tag, err := l.db.pool.Exec(ctx, "UPDATE fill_leases SET seen = $3 WHERE level = $1 AND owner = $2", int(l.level), l.owner, l.db.Now().UTC())
	if err != nil {
		return fmt.Errorf("postgres: lease %v: %w", l.level, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: lease %v: taken over by another fill", l.level)
	}
	return nil
}

func (l *lease) Release(ctx context.Context) error {
	if _, err := l.db.pool.Exec(ctx, "DELETE FROM fill_leases WHERE level = $1 AND owner = $2", int(l.level), l.owner); err != nil {
		return fmt.Errorf("postgres: lease %v: %w", l.level, err)
	}
	return nil
}
