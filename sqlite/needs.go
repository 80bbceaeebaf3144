package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"sudoku/bank"
)

// needLeft selects, with args from needArgs, the puzzles left that need
// one of a need's techniques (the partial index needs_left holds the rows
// of puzzles left; the join checks the puzzle all the same).
func needLeft(need bank.Need) string {
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(need.Techniques)), ", ")
	return `SELECT p.id FROM needs n JOIN puzzles p ON p.id = n.puzzle
WHERE n.technique IN (` + marks + `) AND n.kind = ? AND n.taken = 0 AND p.handed_out IS NULL AND p.daily IS NULL`
}

func needArgs(need bank.Need) []any {
	args := make([]any, 0, len(need.Techniques)+1)
	for _, n := range need.Techniques {
		args = append(args, n)
	}
	return append(args, need.Before)
}

// PickNeed hands out the oldest puzzle left that needs one of the need's
// techniques, and marks it handed out in the same statement. It returns
// an error wrapping ErrEmpty when none is left.
func (db *DB) PickNeed(ctx context.Context, need bank.Need) (bank.Entry, error) {
	if len(need.Techniques) == 0 {
		return bank.Entry{}, errors.New("sqlite: pick: the need names no technique")
	}
	var e bank.Entry
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		args := append([]any{formatTime(db.Now())}, needArgs(need)...)
		e, err = scanEntry(tx.QueryRowContext(ctx, `UPDATE puzzles SET handed_out = ?
WHERE id = (`+needLeft(need)+` ORDER BY n.puzzle LIMIT 1)
RETURNING `+columns, args...))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrEmpty
		}
		return err
	})
	if err != nil {
		return bank.Entry{}, fmt.Errorf("sqlite: pick a puzzle that needs %s: %w", strings.Join(need.Techniques, " or "), err)
	}
	return e, nil
}

// CountNeed counts the puzzles left that need one of the need's techniques.
func (db *DB) CountNeed(ctx context.Context, need bank.Need) (int, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, "SELECT count(DISTINCT id) FROM ("+needLeft(need)+")", needArgs(need)...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: count: %w", err)
	}
	return n, nil
}
