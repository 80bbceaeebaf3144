package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sudoku/bank"
	"time"
)

// leftWhere selects the puzzles of a level that are left; the partial
// index puzzles_left holds exactly them, in id order.
const leftWhere = "level = ? AND handed_out IS NULL AND daily IS NULL"

// Pick hands out the oldest puzzle of the kind that is left, and marks it
// handed out in the same statement: two callers never get the same puzzle.
// It returns an error wrapping ErrEmpty when none is left. Concurrent
// picks are served together (bank.Coalescer), one transaction for all of
// those waiting.
//
// A kind of other rules is picked from the boards table, in a statement
// of its own.
func (db *DB) Pick(ctx context.Context, kind bank.Kind) (bank.Entry, error) {
	if kind.Classic() {
		return db.picker.Pick(kind.Level)
	}
	var e bank.Entry
	err := db.write(ctx, func(tx *sql.Tx) error {
		es, err := pickBoards(ctx, tx, formatTime(db.Now()), kind.Rules, 1)
		if err == nil && len(es) == 0 {
			return fmt.Errorf("no %s puzzle: %w", kind.Rules, ErrEmpty)
		}
		if err == nil {
			e = es[0]
		}
		return err
	})
	return e, err
}

// pickMany hands out up to want[level] puzzles of each level in one
// transaction, oldest first.
func (db *DB) pickMany(ctx context.Context, want map[bank.Level]int) (map[bank.Level][]bank.Entry, error) {
	got := map[bank.Level][]bank.Entry{}
	err := db.write(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.Now())
		stmt := tx.StmtContext(ctx, db.pickStmt)
		defer stmt.Close()
		for level, n := range want {
			rows, err := stmt.QueryContext(ctx, now, int(level), n)
			if err != nil {
				return err
			}
			es, err := scanAll(rows, scanEntry)
			if err != nil {
				return err
			}
			got[level] = es
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: pick: %w", err)
	}
	return got, nil
}

// pickSQL hands out up to n puzzles of a level.
const pickSQL = `UPDATE puzzles SET handed_out = ?
WHERE id IN (SELECT id FROM puzzles WHERE ` + leftWhere + ` ORDER BY id LIMIT ?)
RETURNING ` + columns

// scanAll reads every row with scan (scanEntry, or scanBoard for the
// boards table), in the order of their ids.
func scanAll(rows *sql.Rows, scan func(scanner) (bank.Entry, error)) ([]bank.Entry, error) {
	defer rows.Close()
	var es []bank.Entry
	for rows.Next() {
		e, err := scan(rows)
		if err != nil {
			return nil, err
		}
		es = append(es, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(es, func(a, b bank.Entry) int { return cmp.Compare(a.ID, b.ID) })
	return es, nil
}

// PickCount is Pick, and counts the puzzles of the level afterwards, in
// one transaction: when anything fails, nothing is handed out.
func (db *DB) PickCount(ctx context.Context, level bank.Level) (bank.Entry, bank.LevelCount, error) {
	var e bank.Entry
	c := bank.LevelCount{Level: level}
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		e, err = scanEntry(tx.QueryRowContext(ctx, `UPDATE puzzles SET handed_out = ?
WHERE id = (SELECT id FROM puzzles WHERE `+leftWhere+` ORDER BY id LIMIT 1)
RETURNING `+columns, formatTime(db.Now()), int(level)))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrEmpty
		}
		if err != nil {
			return err
		}
		var l any
		return tx.QueryRowContext(ctx, countSQL+" WHERE level = ?", int(level)).Scan(&l, &c.Total, &c.HandedOut, &c.Daily, &c.Left)
	})
	if err != nil {
		return bank.Entry{}, bank.LevelCount{}, fmt.Errorf("sqlite: pick %v: %w", level, err)
	}
	return e, c, nil
}

// Daily returns the daily puzzle of the level for date (its year, month and
// day in date's location): the same puzzle for the same date, every call.
// The first call for a date chooses it among the puzzles left, at a place
// that depends on the date, and marks it as that date's daily puzzle, so
// Pick never hands it out; it is not marked handed out. It returns an
// error wrapping ErrEmpty when no puzzle of the level is left to choose.
func (db *DB) Daily(ctx context.Context, date time.Time, level bank.Level) (bank.Entry, error) {
	day := date.Format(dateFormat)
	var e bank.Entry
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		e, err = scanEntry(tx.QueryRowContext(ctx, "SELECT "+columns+" FROM puzzles WHERE daily = ? AND level = ?", day, int(level)))
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var n int64
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM puzzles WHERE "+leftWhere, int(level)).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrEmpty
		}
		e, err = scanEntry(tx.QueryRowContext(ctx, `UPDATE puzzles SET daily = ?
WHERE id = (SELECT id FROM puzzles WHERE `+leftWhere+` ORDER BY id LIMIT 1 OFFSET ?)
RETURNING `+columns, day, int(level), bank.DailyOffset(day, level, n)))
		return err
	})
	if err != nil {
		return bank.Entry{}, fmt.Errorf("sqlite: daily %v %s: %w", level, day, err)
	}
	return e, nil
}

// PickAll hands out the puzzles of every spec in one transaction, which
// commits only when use, called inside it, returns nil. The transaction
// holds the bank's write lock while use runs: other writers wait for it
// (up to BusyTimeout), so use should be quick.
func (db *DB) PickAll(ctx context.Context, specs []bank.PickSpec, use func([]bank.Picked) error) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		picked := make([]bank.Picked, len(specs))
		now := formatTime(db.Now())
		for i, s := range specs {
			p, err := db.pickSpec(ctx, tx, now, s)
			if err != nil {
				return fmt.Errorf("sqlite: pick %v: %w", s, err)
			}
			if n := len(p.Entries); n < s.N {
				return &bank.ShortError{Spec: s, Left: n}
			}
			picked[i] = p
		}
		return use(picked)
	})
}

// pickSpec hands out up to s.N puzzles of s's level or rule set in tx.
func (db *DB) pickSpec(ctx context.Context, tx *sql.Tx, now string, s bank.PickSpec) (p bank.Picked, err error) {
	if !s.Classic() {
		p.Entries, err = pickBoards(ctx, tx, now, s.Rules, s.N)
		return p, err
	}
	stmt := tx.StmtContext(ctx, db.pickStmt)
	defer stmt.Close()
	rows, err := stmt.QueryContext(ctx, now, int(s.Level), s.N)
	if err == nil {
		p.Entries, err = scanAll(rows, scanEntry)
	}
	return p, err
}
