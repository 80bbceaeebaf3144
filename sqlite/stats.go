package sqlite

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sudoku/bank"
)

const countSQL = `SELECT level, count(*), count(handed_out), count(daily),
	coalesce(sum(handed_out IS NULL AND daily IS NULL), 0) FROM puzzles`

// Count counts the puzzles of one level.
func (db *DB) Count(ctx context.Context, level bank.Level) (bank.LevelCount, error) {
	c := bank.LevelCount{Level: level}
	var l any
	err := db.sql.QueryRowContext(ctx, countSQL+" WHERE level = ?", int(level)).Scan(&l, &c.Total, &c.HandedOut, &c.Daily, &c.Left)
	if err != nil {
		return bank.LevelCount{}, fmt.Errorf("sqlite: count %v: %w", level, err)
	}
	return c, nil
}

// Stats counts the puzzles per level and rating version, and those of
// other rules per rule set.
func (db *DB) Stats(ctx context.Context) (bank.Stats, error) {
	s := bank.Stats{Path: db.path}
	for _, l := range bank.Levels() {
		s.Levels = append(s.Levels, bank.LevelCount{Level: l})
	}
	rows, err := db.sql.QueryContext(ctx, countSQL+" GROUP BY level ORDER BY level")
	if err != nil {
		return bank.Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c bank.LevelCount
		if err := rows.Scan(&c.Level, &c.Total, &c.HandedOut, &c.Daily, &c.Left); err != nil {
			return bank.Stats{}, fmt.Errorf("sqlite: stats: %w", err)
		}
		if c.Level >= 0 && int(c.Level) < len(s.Levels) {
			s.Levels[c.Level] = c
		} else {
			s.Levels = append(s.Levels, c)
		}
	}
	if err := rows.Err(); err != nil {
		return bank.Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	if s.Versions, err = db.versions(ctx); err != nil {
		return bank.Stats{}, err
	}
	if s.Rules, err = db.rulesCounts(ctx); err != nil {
		return bank.Stats{}, err
	}
	if s.Schema, err = db.SchemaVersion(ctx); err != nil {
		return bank.Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	for _, f := range []string{db.path, db.path + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			s.Size += st.Size()
		}
	}
	return s, nil
}

func (db *DB) versions(ctx context.Context) ([]bank.VersionCount, error) {
	rows, err := db.sql.QueryContext(ctx, "SELECT rating_version, count(*) FROM puzzles GROUP BY rating_version ORDER BY rating_version")
	if err != nil {
		return nil, fmt.Errorf("sqlite: stats: %w", err)
	}
	defer rows.Close()
	var vs []bank.VersionCount
	for rows.Next() {
		var v bank.VersionCount
		if err := rows.Scan(&v.Version, &v.Count); err != nil {
			return nil, fmt.Errorf("sqlite: stats: %w", err)
		}
		vs = append(vs, v)
	}
	return vs, rows.Err()
}

// Export calls f with every puzzle of the given kinds (every puzzle when
// none is given): the classic ones of the levels, oldest first, then
// those of the rule sets, oldest first. It stops at the first error f
// returns, returning it.
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
			marks[i], args[i] = "?", int(l)
		}
		q += " WHERE level IN (" + strings.Join(marks, ", ") + ")"
	}
	rows, err := db.sql.QueryContext(ctx, q+" ORDER BY id", args...)
	if err != nil {
		return fmt.Errorf("sqlite: export: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return fmt.Errorf("sqlite: export: %w", err)
		}
		if err := f(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sqlite: export: %w", err)
	}
	return nil
}
