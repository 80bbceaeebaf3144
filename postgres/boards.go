package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"sudoku/bank"
)

// The puzzles of other rules live in the boards table (migration 4): the
// plain line, unique, and the rule set's name, what picks select on. The
// methods of DB take them with the classic ones and come here for them.

// boardColumns lists a board row's fields in the order scanBoard reads
// them.
const boardColumns = "id, rules, puzzle, solution, source, created, handed_out"

// insertBoardSQL stores a board; it returns 1 when the board was added,
// 0 for a duplicate, as insertSQL does.
const insertBoardSQL = `WITH b AS (
	INSERT INTO boards (rules, puzzle, solution, source, created)
	VALUES ($1, $2, $3, $4, $5) ON CONFLICT (puzzle) DO NOTHING RETURNING id
)
SELECT count(*) FROM b`

// pickBoardsSQL hands out up to $3 boards of a rule set, skipping rows
// other transactions are handing out at the same moment.
const pickBoardsSQL = `UPDATE boards SET handed_out = $2
WHERE id IN (SELECT id FROM boards WHERE rules = $1 AND handed_out IS NULL ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
RETURNING ` + boardColumns

// pickBoard hands out the oldest board of the rule set left; concurrent
// pickers skip the rows others hold (SKIP LOCKED), so none gets a board
// twice.
func (db *DB) pickBoard(ctx context.Context, rules string) (bank.Entry, error) {
	e, err := scanBoard(db.pool.QueryRow(ctx, pickBoardsSQL, rules, db.Now().UTC(), 1))
	if errors.Is(err, pgx.ErrNoRows) {
		return e, fmt.Errorf("no %s puzzle: %w", rules, bank.ErrEmpty)
	}
	if err != nil {
		return e, fmt.Errorf("postgres: %w", err)
	}
	return e, nil
}

// pickBoards hands out up to n boards of the rule set in tx, oldest first.
func pickBoards(ctx context.Context, tx pgx.Tx, now time.Time, rules string, n int) ([]bank.Entry, error) {
	rows, err := tx.Query(ctx, pickBoardsSQL, rules, now, n)
	if err != nil {
		return nil, err
	}
	es, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (bank.Entry, error) { return scanBoard(r) })
	slices.SortFunc(es, func(a, b bank.Entry) int { return cmp.Compare(a.ID, b.ID) })
	return es, err
}

// rulesCounts counts the boards of every rule set.
func (db *DB) rulesCounts(ctx context.Context) ([]bank.RulesCount, error) {
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

// exportBoards calls f with every board of the rule sets (all when none
// is given), oldest first.
func (db *DB) exportBoards(ctx context.Context, f func(bank.Entry) error, rules []string) error {
	q := "SELECT " + boardColumns + " FROM boards"
	args := make([]any, len(rules))
	if len(rules) > 0 {
		marks := make([]string, len(rules))
		for i, r := range rules {
			marks[i], args[i] = fmt.Sprintf("$%d", i+1), r
		}
		q += " WHERE rules IN (" + strings.Join(marks, ", ") + ")"
	}
	rows, err := db.pool.Query(ctx, q+" ORDER BY id", args...)
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

func scanBoard(row pgx.Row) (bank.Entry, error) {
	var (
		e         bank.Entry
		handedOut *time.Time
	)
	if err := row.Scan(&e.ID, &e.Rules, &e.Plain, &e.SolutionLine, &e.Source, &e.Created, &handedOut); err != nil {
		return e, err
	}
	if handedOut != nil {
		e.HandedOut = *handedOut
	}
	return e, nil
}
