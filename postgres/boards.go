package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

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
			return 0, 0, fmt.Errorf("postgres: board %d: %w", i+1, err)
		}
	}
	err = db.write(ctx, func(tx pgx.Tx) error {
		now := db.Now()
		for _, e := range entries {
			created := e.Created
			if created.IsZero() {
				created = now
			}
			tag, err := tx.Exec(ctx, `INSERT INTO boards (rules, puzzle, solution, source, created)
VALUES ($1, $2, $3, $4, $5) ON CONFLICT (puzzle) DO NOTHING`, e.Rules, e.Puzzle, e.Solution, e.Source, created.UTC())
			if err != nil {
				return fmt.Errorf("postgres: %w", err)
			}
			if tag.RowsAffected() == 1 {
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

// PickBoard hands out the oldest board of the rule set left; concurrent
// pickers skip the rows others hold (SKIP LOCKED), so none gets a board
// twice.
func (db *DB) PickBoard(ctx context.Context, rules string) (bank.BoardEntry, error) {
	e, err := scanBoard(db.pool.QueryRow(ctx, `UPDATE boards SET handed_out = $2
WHERE id = (SELECT id FROM boards WHERE rules = $1 AND handed_out IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING `+boardColumns, rules, db.Now().UTC()))
	if errors.Is(err, pgx.ErrNoRows) {
		return e, fmt.Errorf("no %s puzzle: %w", rules, bank.ErrEmpty)
	}
	if err != nil {
		return e, fmt.Errorf("postgres: %w", err)
	}
	return e, nil
}

// BoardStats counts the boards of every rule set.
func (db *DB) BoardStats(ctx context.Context) ([]bank.RulesCount, error) {
	rows, err := db.pool.Query(ctx, `SELECT rules, count(*), count(handed_out) FROM boards GROUP BY rules ORDER BY rules`)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	defer rows.Close()
	var out []bank.RulesCount
	for rows.Next() {
		var c bank.RulesCount
		var total, handed int64
		if err := rows.Scan(&c.Rules, &total, &handed); err != nil {
			return nil, fmt.Errorf("postgres: %w", err)
		}
		c.Total, c.HandedOut = int(total), int(handed)
		c.Left = c.Total - c.HandedOut
		out = append(out, c)
	}
	return out, rows.Err()
}

// ExportBoards calls f with every board, oldest first.
func (db *DB) ExportBoards(ctx context.Context, f func(bank.BoardEntry) error) error {
	rows, err := db.pool.Query(ctx, "SELECT "+boardColumns+" FROM boards ORDER BY id")
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanBoard(rows)
		if err != nil {
			return fmt.Errorf("postgres: %w", err)
		}
		if err := f(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	return nil
}

func scanBoard(row pgx.Row) (bank.BoardEntry, error) {
	var (
		e         bank.BoardEntry
		handedOut *time.Time
	)
	if err := row.Scan(&e.ID, &e.Rules, &e.Puzzle, &e.Solution, &e.Source, &e.Created, &handedOut); err != nil {
		return e, err
	}
	if handedOut != nil {
		e.HandedOut = *handedOut
	}
	return e, nil
}
