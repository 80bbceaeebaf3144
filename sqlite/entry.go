package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"sudoku/bank"
	"time"
)

// timeFormat is how times are stored: UTC, milliseconds, sortable as text.
const timeFormat = "2006-01-02T15:04:05.000Z"

// dateFormat is how daily dates are stored.
const dateFormat = bank.DateFormat

func formatTime(t time.Time) string { return t.UTC().Format(timeFormat) }

// columns lists the stored fields in the order scan reads them.
const columns = "id, puzzle, solution, er, ep, ed, level, rating_version, symmetry, clues, canonical, source, created, handed_out, daily, " + needsColumn

// needsColumn gathers a puzzle's needs rows as bank.FormatNeeds writes them.
const needsColumn = "(SELECT group_concat(technique || '/' || kind, ';') FROM needs WHERE needs.puzzle = puzzles.id)"

const insertNeedSQL = "INSERT INTO needs (technique, kind, puzzle) VALUES (?, ?, ?)"

const insertSQL = `INSERT INTO puzzles (puzzle, solution, er, ep, ed, level, rating_version, symmetry, clues, canonical, source, created)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (canonical) DO NOTHING`

// Add stores entries in one transaction: all of them or, on error, none.
// A classic entry goes in the puzzles table, one of other rules in the
// boards table. An entry whose canonical form (or, of other rules, plain
// line) is in the bank already, or earlier in entries, is a duplicate:
// skipped and counted in dupes.
func (db *DB) Add(ctx context.Context, entries []bank.Entry) (added, dupes int, err error) {
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

func (db *DB) insert(ctx context.Context, tx *sql.Tx, entries []bank.Entry) (added, dupes int, err error) {
	if len(entries) == 0 {
		return 0, 0, nil
	}
	stmt, err := tx.PrepareContext(ctx, insertSQL)
	if err != nil {
		return 0, 0, fmt.Errorf("sqlite: %w", err)
	}
	defer stmt.Close()
	needStmt, err := tx.PrepareContext(ctx, insertNeedSQL)
	if err != nil {
		return 0, 0, fmt.Errorf("sqlite: %w", err)
	}
	defer needStmt.Close()
	now := db.Now()
	for i := range entries {
		e := &entries[i]
		if err := e.Check(); err != nil {
			return 0, 0, fmt.Errorf("sqlite: entry %d: %w", i+1, err)
		}
		created := e.Created
		if created.IsZero() {
			created = now
		}
		if !e.Classic() {
			res, err := tx.ExecContext(ctx, insertBoardSQL, e.Rules, e.Plain, e.SolutionLine, e.Source, formatTime(created))
			if err != nil {
				return 0, 0, fmt.Errorf("sqlite: entry %d: %w", i+1, err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				added++
			} else {
				dupes++
			}
			continue
		}
		res, err := stmt.ExecContext(ctx, e.Puzzle.Line('.'), e.Solution.Line('.'), int(e.ER), int(e.EP), int(e.ED),
			int(e.Level), e.RatingVersion, e.Symmetry, e.Puzzle.Clues(), e.Canonical, e.Source, formatTime(created))
		if err != nil {
			return 0, 0, fmt.Errorf("sqlite: entry %d: %w", i+1, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			dupes++
			continue
		}
		added++
		id, err := res.LastInsertId()
		for _, nd := range e.Needs {
			if err == nil {
				_, err = needStmt.ExecContext(ctx, nd.Technique, nd.Before, id)
			}
		}
		if err != nil {
			return 0, 0, fmt.Errorf("sqlite: entry %d: needs: %w", i+1, err)
		}
	}
	return added, dupes, nil
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(...any) error }

// scanEntry reads the columns of one row (in the order of columns).
func scanEntry(s scanner) (bank.Entry, error) {
	var (
		e                 bank.Entry
		puzzle, solution  string
		er, ep, ed, level int
		created           string
		handedOut, daily  sql.NullString
		needs             sql.NullString
	)
	err := s.Scan(&e.ID, &puzzle, &solution, &er, &ep, &ed, &level, &e.RatingVersion, &e.Symmetry,
		&e.Clues, &e.Canonical, &e.Source, &created, &handedOut, &daily, &needs)
	if err != nil {
		return bank.Entry{}, err
	}
	e.Needs = bank.ParseNeeds(needs.String)
	e.ER, e.EP, e.ED, e.Level = bank.Rating(er), bank.Rating(ep), bank.Rating(ed), bank.Level(level)
	e.Daily = daily.String
	if e.Puzzle, err = bank.ParseGrid(puzzle); err != nil {
		return bank.Entry{}, fmt.Errorf("sqlite: puzzle %d: %w", e.ID, err)
	}
	if e.Solution, err = bank.ParseGrid(solution); err != nil {
		return bank.Entry{}, fmt.Errorf("sqlite: solution of puzzle %d: %w", e.ID, err)
	}
	if e.Created, err = time.Parse(timeFormat, created); err != nil {
		return bank.Entry{}, fmt.Errorf("sqlite: puzzle %d: %w", e.ID, err)
	}
	if handedOut.Valid {
		if e.HandedOut, err = time.Parse(timeFormat, handedOut.String); err != nil {
			return bank.Entry{}, fmt.Errorf("sqlite: puzzle %d: %w", e.ID, err)
		}
	}
	return e, nil
}
