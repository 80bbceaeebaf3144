package sqlite

import (
	"context"
	"fmt"
	"os"
	"strings"

	"sudoku/logic"
)

// LevelCount counts the puzzles of a level.
type LevelCount struct {
	Level     logic.Level
	Total     int // stored
	HandedOut int // handed out by Pick
	Daily     int // chosen as daily puzzles
	Left      int // neither: what Pick can still hand out
}

// Stats describes the whole bank.
type Stats struct {
	Path     string
	Size     int64        // bytes of the database file and its write-ahead log
	Levels   []LevelCount // every level, Easy first, also when empty
	Versions []VersionCount
	Schema   int // migrations applied
}

// VersionCount counts the puzzles rated with one rating version.
type VersionCount struct {
	Version string
	Count   int
}

// Total returns the number of puzzles in the bank.
func (s *Stats) Total() (n int) {
	for _, l := range s.Levels {
		n += l.Total
	}
	return n
}

const countSQL = `SELECT level, count(*), count(handed_out), count(daily),
	coalesce(sum(handed_out IS NULL AND daily IS NULL), 0) FROM puzzles`

// Count counts the puzzles of one level.
func (db *DB) Count(ctx context.Context, level logic.Level) (LevelCount, error) {
	c := LevelCount{Level: level}
	var l any
	err := db.sql.QueryRowContext(ctx, countSQL+" WHERE level = ?", int(level)).Scan(&l, &c.Total, &c.HandedOut, &c.Daily, &c.Left)
	if err != nil {
		return LevelCount{}, fmt.Errorf("sqlite: count %v: %w", level, err)
	}
	return c, nil
}

// Stats counts the puzzles per level and rating version.
func (db *DB) Stats(ctx context.Context) (Stats, error) {
	s := Stats{Path: db.path}
	for _, l := range logic.Levels {
		s.Levels = append(s.Levels, LevelCount{Level: l.Level})
	}
	rows, err := db.sql.QueryContext(ctx, countSQL+" GROUP BY level ORDER BY level")
	if err != nil {
		return Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c LevelCount
		if err := rows.Scan(&c.Level, &c.Total, &c.HandedOut, &c.Daily, &c.Left); err != nil {
			return Stats{}, fmt.Errorf("sqlite: stats: %w", err)
		}
		if c.Level >= 0 && int(c.Level) < len(s.Levels) {
			s.Levels[c.Level] = c
		} else {
			s.Levels = append(s.Levels, c)
		}
	}
	if err := rows.Err(); err != nil {
		return Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	if s.Versions, err = db.versions(ctx); err != nil {
		return Stats{}, err
	}
	if s.Schema, err = db.SchemaVersion(ctx); err != nil {
		return Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	for _, f := range []string{db.path, db.path + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			s.Size += st.Size()
		}
	}
	return s, nil
}

func (db *DB) versions(ctx context.Context) ([]VersionCount, error) {
	rows, err := db.sql.QueryContext(ctx, "SELECT rating_version, count(*) FROM puzzles GROUP BY rating_version ORDER BY rating_version")
	if err != nil {
		return nil, fmt.Errorf("sqlite: stats: %w", err)
	}
	defer rows.Close()
	var vs []VersionCount
	for rows.Next() {
		var v VersionCount
		if err := rows.Scan(&v.Version, &v.Count); err != nil {
			return nil, fmt.Errorf("sqlite: stats: %w", err)
		}
		vs = append(vs, v)
	}
	return vs, rows.Err()
}

// Export calls f with every puzzle of the given levels (all levels when
// none is given), oldest first, and stops at the first error f returns,
// returning it.
func (db *DB) Export(ctx context.Context, f func(Entry) error, levels ...logic.Level) error {
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
