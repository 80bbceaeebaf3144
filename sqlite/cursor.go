package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sudoku/bank"
)

// Cursor returns the fill cursor of level and symmetry; ok is false when
// no fill of them has committed yet.
func (db *DB) Cursor(ctx context.Context, level bank.Level, symmetry string) (c bank.Cursor, ok bool, err error) {
	c = bank.Cursor{Level: level, Symmetry: symmetry}
	var seed int64
	err = db.sql.QueryRowContext(ctx, "SELECT seed, next FROM fill_cursors WHERE level = ? AND symmetry = ?",
		int(level), symmetry).Scan(&seed, &c.Next)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, fmt.Errorf("sqlite: cursor: %w", err)
	}
	c.Seed = uint64(seed)
	return c, true, nil
}

// AddFill stores the entries a fill made (as Add does) and moves its
// cursor to c, in one transaction: either both happen or neither. The
// cursor may only move forward, and a stored cursor's seed cannot change.
func (db *DB) AddFill(ctx context.Context, c bank.Cursor, entries []bank.Entry) (added, dupes int, err error) {
	err = db.write(ctx, func(tx *sql.Tx) error {
		var seed int64
		var next int
		err := tx.QueryRowContext(ctx, "SELECT seed, next FROM fill_cursors WHERE level = ? AND symmetry = ?",
			int(c.Level), c.Symmetry).Scan(&seed, &next)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("sqlite: cursor: %w", err)
		case uint64(seed) != c.Seed:
			return fmt.Errorf("sqlite: cursor of %v %s: seed %d stored, got %d", c.Level, c.Symmetry, uint64(seed), c.Seed)
		case c.Next < next:
			return fmt.Errorf("sqlite: cursor of %v %s: at %d, cannot move back to %d", c.Level, c.Symmetry, next, c.Next)
		}
		if added, dupes, err = db.insert(ctx, tx, entries); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO fill_cursors (level, symmetry, seed, next) VALUES (?, ?, ?, ?)
ON CONFLICT (level, symmetry) DO UPDATE SET next = excluded.next`, int(c.Level), c.Symmetry, int64(c.Seed), c.Next)
		if err != nil {
			return fmt.Errorf("sqlite: cursor: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	return added, dupes, nil
}
