package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"sudoku/bank"
)

// boardColumns lists a board row's fields in the order scanBoard reads
// them.
const boardColumns = "id, rules, puzzle, solution, source, created, handed_out"

// AddBoards stores puzzles of other rules in one transaction; a puzzle
// stored already (or twice in entries) is skipped and counted in dupes.
func (db *DB) AddBoards(ctx context.Context, entries []bank.BoardEntry) (added, dupes int, err error) {
	for i := range entries {
		if err := entries[i].Check(); err != nil {
			return 0, 0, fmt.Errorf("sqlite: board %d: %w", i+1, err)
		}
	}
	err = db.write(ctx, func(tx *sql.Tx) error {
		now := db.Now()
		for _, e := range entries {
			created := e.Created
			if created.IsZero() {
				created = now
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO boards (rules, puzzle, solution, source, created)
VALUES (?, ?, ?, ?, ?) ON CONFLICT (puzzle) DO NOTHING`, e.Rules, e.Puzzle, e.Solution, e.Source, formatTime(created))
			if err != nil {
				return fmt.Errorf("sqlite: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				added++
			} else {
				dupes++
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	return added, dupes, nil
}

// PickBoard hands out the oldest board of the rule set left, marking it in
// the same statement.
func (db *DB) PickBoard(ctx context.Context, rules string) (bank.BoardEntry, error) {
	var e bank.BoardEntry
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		e, err = scanBoard(tx.QueryRowContext(ctx, `UPDATE boards SET handed_out = ?
WHERE id = (SELECT id FROM boards WHERE rules = ? AND handed_out IS NULL ORDER BY id LIMIT 1)
RETURNING `+boardColumns, formatTime(db.Now()), rules))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("no %s puzzle: %w", rules, ErrEmpty)
		}
		return err
	})
	return e, err
}

// BoardStats counts the boards of every rule set.
func (db *DB) BoardStats(ctx context.Context) ([]bank.RulesCount, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT rules, count(*), count(handed_out) FROM boards GROUP BY rules ORDER BY rules`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	defer rows.Close()
	var out []bank.RulesCount
	for rows.Next() {
		var c bank.RulesCount
		if err := rows.Scan(&c.Rules, &c.Total, &c.HandedOut); err != nil {
			return nil, fmt.Errorf("sqlite: %w", err)
		}
		c.Left = c.Total - c.HandedOut
		out = append(out, c)
	}
	return out, rows.Err()
}

// ExportBoards calls f with every board, oldest first.
func (db *DB) ExportBoards(ctx context.Context, f func(bank.BoardEntry) error) error {
	rows, err := db.sql.QueryContext(ctx, "SELECT "+boardColumns+" FROM boards ORDER BY id")
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanBoard(rows)
		if err != nil {
			return err
		}
		if err := f(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

func scanBoard(s scanner) (bank.BoardEntry, error) {
	var (
		e         bank.BoardEntry
		created   string
		handedOut sql.NullString
	)
	if err := s.Scan(&e.ID, &e.Rules, &e.Puzzle, &e.Solution, &e.Source, &created, &handedOut); err != nil {
		return e, err
	}
	var err error
	if e.Created, err = time.Parse(timeFormat, created); err != nil {
		return e, fmt.Errorf("sqlite: board %d: %w", e.ID, err)
	}
	if handedOut.Valid {
		if e.HandedOut, err = time.Parse(timeFormat, handedOut.String); err != nil {
			return e, fmt.Errorf("sqlite: board %d: %w", e.ID, err)
		}
	}
	return e, nil
}
