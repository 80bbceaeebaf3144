package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"sudoku/bank"
)

const countSQL = `SELECT level, count(*), count(handed_out), count(daily),
	count(*) FILTER (WHERE handed_out IS NULL AND daily IS NULL) FROM puzzles`

// querier is a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func count(ctx context.Context, q querier, level bank.Level) (bank.LevelCount, error) {
	c := bank.LevelCount{Level: level}
	var l *int
	err := q.QueryRow(ctx, countSQL+" WHERE level = $1 GROUP BY level", int(level)).Scan(&l, &c.Total, &c.HandedOut, &c.Daily, &c.Left)
	if isNoRows(err) {
		return c, nil
	}
	return c, err
}

// Count counts the puzzles of one level.
func (db *DB) Count(ctx context.Context, level bank.Level) (bank.LevelCount, error) {
	c, err := count(ctx, db.pool, level)
	if err != nil {
		return bank.LevelCount{}, fmt.Errorf("postgres: count %v: %w", level, err)
	}
	return c, nil
}

// Stats counts the puzzles per level and rating version, and those of
// other rules per rule set.
func (db *DB) Stats(ctx context.Context) (bank.Stats, error) {
	s := bank.Stats{Path: db.name}
	for _, l := range bank.Levels() {
		s.Levels = append(s.Levels, bank.LevelCount{Level: l})
	}
	rows, err := db.pool.Query(ctx, countSQL+" GROUP BY level ORDER BY level")
	if err != nil {
		return bank.Stats{}, fmt.Errorf("postgres: stats: %w", err)
	}
	for rows.Next() {
		var c bank.LevelCount
		var l int
		if err := rows.Scan(&l, &c.Total, &c.HandedOut, &c.Daily, &c.Left); err != nil {
			rows.Close()
			return bank.Stats{}, fmt.Errorf("postgres: stats: %w", err)
		}
		c.Level = bank.Level(l)
		if l >= 0 && l < len(s.Levels) {
			s.Levels[l] = c
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return bank.Stats{}, fmt.Errorf("postgres: stats: %w", err)
	}
	if s.Versions, err = db.versions(ctx); err != nil {
		return bank.Stats{}, err
	}
	if s.Rules, err = db.rulesCounts(ctx); err != nil {
		return bank.Stats{}, err
	}
	if err := db.pool.QueryRow(ctx, "SELECT pg_total_relation_size('puzzles')").Scan(&s.Size); err != nil {
		return bank.Stats{}, fmt.Errorf("postgres: stats: %w", err)
	}
	if s.Schema, err = db.SchemaVersion(ctx); err != nil {
		return bank.Stats{}, fmt.Errorf("postgres: stats: %w", err)
	}
	return s, nil
}

func (db *DB) versions(ctx context.Context) ([]bank.VersionCount, error) {
	rows, err := db.pool.Query(ctx, "SELECT rating_version, count(*) FROM puzzles GROUP BY rating_version ORDER BY rating_version")
	if err != nil {
		return nil, fmt.Errorf("postgres: stats: %w", err)
	}
	defer rows.Close()
	var vs []bank.VersionCount
	for rows.Next() {
		var v bank.VersionCount
		if err := rows.Scan(&v.Version, &v.Count); err != nil {
			return nil, fmt.Errorf("postgres: stats: %w", err)
		}
		vs = append(vs, v)
	}
	return vs, rows.Err()
}

// Export calls f with every puzzle of the given kinds (every puzzle when
// none is given): the classic ones of the levels, oldest first, then
// those of the rule sets, oldest first. It stops at the first error f
// returns, returning it. Rows are streamed, not held.
func (db *DB) Export(ctx context.Context, f func(bank.Entry) error, kinds ...bank.Kind) error {
	return bank.ExportKinds(kinds,
		func(levels []bank.Level) error { return db.export(ctx, f, levels) },
		func(rules []string) error { return db.exportBoards(ctx, f, rules) })
}

// export calls f with every classic puzzle of the levels (all when none
// is given), oldest first.
func (db *DB) export(ctx context.Context, f func(bank.Entry) error, levels []bank.Level) error {
	q := "SELECT " + columns + " FROM puzzles"
	args := make([]any, len(levels))
	if len(levels) > 0 {
		marks := make([]string, len(levels))
		for i, l := range levels {
			marks[i], args[i] = fmt.Sprintf("$%d", i+1), int(l)
		}
		q += " WHERE level IN (" + strings.Join(marks, ", ") + ")"
	}
	rows, err := db.pool.Query(ctx, q+" ORDER BY id", args...)
	if err != nil {
		return fmt.Errorf("postgres: export: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return fmt.Errorf("postgres: export: %w", err)
		}
		if err := f(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgres: export: %w", err)
	}
	return nil
}
