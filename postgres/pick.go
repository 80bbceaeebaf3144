package postgres

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"sudoku/bank"
)

// leftWhere selects the puzzles of a level that are left; the partial
// index puzzles_left holds exactly them, in id order.
const leftWhere = "level = $1 AND handed_out IS NULL AND daily IS NULL"

// pickSQL hands out the oldest puzzle left, skipping rows other
// transactions are handing out at the same moment.
const pickSQL = `UPDATE puzzles SET handed_out = $2
WHERE id = (SELECT id FROM puzzles WHERE ` + leftWhere + ` ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING ` + columns

// Pick hands out the oldest puzzle of the kind that is left, and marks it
// handed out in the same statement: two callers, in any process, never
// get the same puzzle. It returns an error wrapping bank.ErrEmpty when
// none is left.
//
// Concurrent picks in one process are served together (bank.Coalescer):
// one statement hands out as many puzzles as picks wait.
//
// A kind of other rules is picked from the boards table, in a statement
// of its own.
func (db *DB) Pick(ctx context.Context, kind bank.Kind) (bank.Entry, error) {
	if !kind.Classic() {
		return db.pickBoard(ctx, kind.Rules)
	}
	return db.picker.Pick(kind.Level)
}

// pickMany hands out up to want[level] puzzles of each level in one
// transaction, oldest first, skipping rows other replicas are handing out.
func (db *DB) pickMany(ctx context.Context, want map[bank.Level]int) (map[bank.Level][]bank.Entry, error) {
	got := map[bank.Level][]bank.Entry{}
	err := db.write(ctx, func(tx pgx.Tx) error {
		now := db.Now().UTC()
		for level, n := range want {
			rows, err := tx.Query(ctx, `UPDATE puzzles SET handed_out = $2
WHERE id IN (SELECT id FROM puzzles WHERE `+leftWhere+` ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
RETURNING `+columns, int(level), now, n)
			if err != nil {
				return err
			}
			es, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (bank.Entry, error) { return scanEntry(r) })
			if err != nil {
				return err
			}
			slices.SortFunc(es, func(a, b bank.Entry) int { return cmp.Compare(a.ID, b.ID) })
			got[level] = es
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: pick: %w", err)
	}
	return got, nil
}

// PickCount is Pick, and counts the level afterwards, in one transaction.
func (db *DB) PickCount(ctx context.Context, level bank.Level) (bank.Entry, bank.LevelCount, error) {
	var e bank.Entry
	var c bank.LevelCount
	err := db.write(ctx, func(tx pgx.Tx) error {
		var err error
		if e, err = scanEntry(tx.QueryRow(ctx, pickSQL, int(level), db.Now().UTC())); err != nil {
			if isNoRows(err) {
				return bank.ErrEmpty
			}
			return err
		}
		c, err = count(ctx, tx, level)
		return err
	})
	if err != nil {
		return bank.Entry{}, bank.LevelCount{}, fmt.Errorf("postgres: pick %v: %w", level, err)
	}
	return e, c, nil
}

// Daily returns the daily puzzle of the level for date (its year, month
// and day in date's location): the same puzzle for the same date, every
// call, from every replica. The first call for a date chooses it among the
// puzzles left, at a place that depends on the date (bank.DailyOffset),
// under an advisory lock of that date and level.
func (db *DB) Daily(ctx context.Context, date time.Time, level bank.Level) (bank.Entry, error) {
	day := date.Format(bank.DateFormat)
	var e bank.Entry
	err := db.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", dailyLock(day, level)); err != nil {
			return err
		}
		var err error
		e, err = scanEntry(tx.QueryRow(ctx, "SELECT "+columns+" FROM puzzles WHERE daily = $1 AND level = $2", day, int(level)))
		if !isNoRows(err) {
			return err
		}
		var n int64
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM puzzles WHERE "+leftWhere, int(level)).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return bank.ErrEmpty
		}
		e, err = scanEntry(tx.QueryRow(ctx, `UPDATE puzzles SET daily = $2
WHERE id = (SELECT id FROM puzzles WHERE `+leftWhere+` ORDER BY id LIMIT 1 OFFSET $3)
RETURNING `+columns, int(level), day, bank.DailyOffset(day, level, n)))
		return err
	})
	if err != nil {
		return bank.Entry{}, fmt.Errorf("postgres: daily %v %s: %w", level, day, err)
	}
	return e, nil
}

// dailyLock is the advisory lock key of a date and level.
func dailyLock(day string, level bank.Level) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "daily/%s/%d", day, int(level))
	return int64(h.Sum64())
}

// PickAll hands out the puzzles of every spec in one transaction, which
// commits only when use, called inside it, returns nil. Concurrent
// pickers skip the rows it holds (SKIP LOCKED), and it skips theirs.
func (db *DB) PickAll(ctx context.Context, specs []bank.PickSpec, use func([]bank.Picked) error) error {
	return db.write(ctx, func(tx pgx.Tx) error {
		picked := make([]bank.Picked, len(specs))
		now := db.Now().UTC()
		for i, s := range specs {
			p, err := pickSpec(ctx, tx, now, s)
			if err != nil {
				return fmt.Errorf("postgres: pick %v: %w", s, err)
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
func pickSpec(ctx context.Context, tx pgx.Tx, now time.Time, s bank.PickSpec) (p bank.Picked, err error) {
	if !s.Classic() {
		p.Entries, err = pickBoards(ctx, tx, now, s.Rules, s.N)
		return p, err
	}
	rows, err := tx.Query(ctx, `UPDATE puzzles SET handed_out = $2
WHERE id IN (SELECT id FROM puzzles WHERE `+leftWhere+` ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
RETURNING `+columns, int(s.Level), now, s.N)
	if err == nil {
		p.Entries, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (bank.Entry, error) { return scanEntry(r) })
	}
	slices.SortFunc(p.Entries, func(a, b bank.Entry) int { return cmp.Compare(a.ID, b.ID) })
	return p, err
}
