package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"sudoku/bank"
)

// needLeft selects the puzzles left that need the technique $1 with the
// kind $2, in the order of the partial index needs_left (which holds the
// rows of puzzles left; the join checks the puzzle all the same).
const needLeft = `SELECT p.id FROM needs n JOIN puzzles p ON p.id = n.puzzle
WHERE n.technique = $1 AND n.kind = $2 AND NOT n.taken AND p.handed_out IS NULL AND p.daily IS NULL`

// PickNeed hands out the oldest puzzle left that needs the need's first
// technique (then its second, when it names two), skipping rows other
// replicas are handing out, and marks it handed out in the same
// statement. It returns an error wrapping bank.ErrEmpty when none is left.
func (db *DB) PickNeed(ctx context.Context, need bank.Need) (bank.Entry, error) {
	if len(need.Techniques) == 0 {
		return bank.Entry{}, errors.New("postgres: pick: the need names no technique")
	}
	var e bank.Entry
	err := db.write(ctx, func(tx pgx.Tx) error {
		for _, name := range need.Techniques {
			var err error
			e, err = scanEntry(tx.QueryRow(ctx, `UPDATE puzzles SET handed_out = $3
WHERE id = (`+needLeft+` ORDER BY n.technique, n.kind, n.puzzle LIMIT 1 FOR UPDATE OF p SKIP LOCKED)
RETURNING `+columns, name, need.Before, db.Now().UTC()))
			if !isNoRows(err) {
				return err
			}
		}
		return bank.ErrEmpty
	})
	if err != nil {
		return bank.Entry{}, fmt.Errorf("postgres: pick a puzzle that needs %s: %w", strings.Join(need.Techniques, " or "), err)
	}
	return e, nil
}

// CountNeed counts the puzzles left that need one of the need's techniques.
func (db *DB) CountNeed(ctx context.Context, need bank.Need) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, `SELECT count(DISTINCT p.id) FROM needs n JOIN puzzles p ON p.id = n.puzzle
WHERE n.technique = ANY($1) AND n.kind = $2 AND NOT n.taken AND p.handed_out IS NULL AND p.daily IS NULL`, need.Techniques, need.Before).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: count: %w", err)
	}
	return n, nil
}
