package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"sudoku"
	"sudoku/logic"
)

// Entry is one puzzle of the bank.
type Entry struct {
	ID            int64       // set by the bank; ignored by Add
	Puzzle        sudoku.Grid // the clues
	Solution      sudoku.Grid // the unique solution
	ER, EP, ED    logic.Rating
	Level         logic.Level
	RatingVersion string // logic.RatingVersion of the rating
	Symmetry      string // name of the clues' symmetry: "none", "rot180", ...
	Clues         int    // Puzzle's clue count; Add derives it from Puzzle
	// Canonical is the canonical form of Puzzle (generate.Canonical, as an
	// 81-character line): unique in the bank.
	Canonical string
	Source    string    // where it came from: a fill's seed and number, a file and line
	Created   time.Time // when it was stored; Add uses DB.Now when zero
	HandedOut time.Time // when Pick handed it out; zero when not
	Daily     string    // the date it is the daily puzzle of (2006-01-02), or ""
}

// timeFormat is how times are stored: UTC, milliseconds, sortable as text.
const timeFormat = "2006-01-02T15:04:05.000Z"

// dateFormat is how daily dates are stored.
const dateFormat = "2006-01-02"

func formatTime(t time.Time) string { return t.UTC().Format(timeFormat) }

// columns lists the stored fields in the order scan reads them.
const columns = "id, puzzle, solution, er, ep, ed, level, rating_version, symmetry, clues, canonical, source, created, handed_out, daily"

const insertSQL = `INSERT INTO puzzles (puzzle, solution, er, ep, ed, level, rating_version, symmetry, clues, canonical, source, created)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (canonical) DO NOTHING`

// Add stores entries in one transaction: all of them or, on error, none.
// An entry whose canonical form is in the bank already (or earlier in
// entries) is a duplicate: skipped and counted in dupes.
func (db *DB) Add(ctx context.Context, entries []Entry) (added, dupes int, err error) {
	err = db.write(ctx, func(tx *sql.Tx) error {
		added, dupes, err = db.insert(ctx, tx, entries)
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	return added, dupes, nil
}

// write runs f in a transaction that holds the write lock from its start,
// and commits it when f returns nil.
func (db *DB) write(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: commit: %w", err)
	}
	return nil
}

func (db *DB) insert(ctx context.Context, tx *sql.Tx, entries []Entry) (added, dupes int, err error) {
	if len(entries) == 0 {
		return 0, 0, nil
	}
	stmt, err := tx.PrepareContext(ctx, insertSQL)
	if err != nil {
		return 0, 0, fmt.Errorf("sqlite: %w", err)
	}
	defer stmt.Close()
	now := db.Now()
	for i := range entries {
		e := &entries[i]
		if err := e.check(); err != nil {
			return 0, 0, fmt.Errorf("sqlite: entry %d: %w", i+1, err)
		}
		created := e.Created
		if created.IsZero() {
			created = now
		}
		res, err := stmt.ExecContext(ctx, e.Puzzle.Line('.'), e.Solution.Line('.'), int(e.ER), int(e.EP), int(e.ED),
			int(e.Level), e.RatingVersion, e.Symmetry, e.Puzzle.Clues(), e.Canonical, e.Source, formatTime(created))
		if err != nil {
			return 0, 0, fmt.Errorf("sqlite: entry %d: %w", i+1, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			added++
		} else {
			dupes++
		}
	}
	return added, dupes, nil
}

// check reports what makes e unfit to store.
func (e *Entry) check() error {
	switch {
	case len(e.Canonical) != 81:
		return fmt.Errorf("%w: canonical form has %d characters, want 81", ErrInvalidEntry, len(e.Canonical))
	case !e.Solution.Full():
		return fmt.Errorf("%w: solution has %d digits, want 81", ErrInvalidEntry, e.Solution.Clues())
	case e.Level < 0 || int(e.Level) >= len(logic.Levels):
		return fmt.Errorf("%w: level %d", ErrInvalidEntry, int(e.Level))
	case e.RatingVersion == "":
		return fmt.Errorf("%w: no rating version", ErrInvalidEntry)
	case e.Symmetry == "":
		return fmt.Errorf("%w: no symmetry", ErrInvalidEntry)
	}
	return nil
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(...any) error }

// scanEntry reads the columns of one row (in the order of columns).
func scanEntry(s scanner) (Entry, error) {
	var (
		e                 Entry
		puzzle, solution  string
		er, ep, ed, level int
		created           string
		handedOut, daily  sql.NullString
	)
	err := s.Scan(&e.ID, &puzzle, &solution, &er, &ep, &ed, &level, &e.RatingVersion, &e.Symmetry,
		&e.Clues, &e.Canonical, &e.Source, &created, &handedOut, &daily)
	if err != nil {
		return Entry{}, err
	}
	e.ER, e.EP, e.ED, e.Level = logic.Rating(er), logic.Rating(ep), logic.Rating(ed), logic.Level(level)
	e.Daily = daily.String
	if e.Puzzle, err = parseGrid(puzzle); err != nil {
		return Entry{}, fmt.Errorf("sqlite: puzzle %d: %w", e.ID, err)
	}
	if e.Solution, err = parseGrid(solution); err != nil {
		return Entry{}, fmt.Errorf("sqlite: solution of puzzle %d: %w", e.ID, err)
	}
	if e.Created, err = time.Parse(timeFormat, created); err != nil {
		return Entry{}, fmt.Errorf("sqlite: puzzle %d: %w", e.ID, err)
	}
	if handedOut.Valid {
		if e.HandedOut, err = time.Parse(timeFormat, handedOut.String); err != nil {
			return Entry{}, fmt.Errorf("sqlite: puzzle %d: %w", e.ID, err)
		}
	}
	return e, nil
}

// parseGrid reads a stored 81-character line, '.' for empty.
func parseGrid(s string) (sudoku.Grid, error) {
	var g sudoku.Grid
	if len(s) != 81 {
		return g, fmt.Errorf("stored grid has %d characters, want 81", len(s))
	}
	for i := range 81 {
		switch c := s[i]; {
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		case c != '.':
			return g, fmt.Errorf("stored grid has %q at %d", c, i+1)
		}
	}
	return g, nil
}
