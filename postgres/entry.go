package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"sudoku/bank"
)

// columns lists the stored fields in the order scanEntry reads them.
const columns = "id, puzzle, solution, er, ep, ed, level, rating_version, symmetry, clues, canonical, source, created, handed_out, to_char(daily, 'YYYY-MM-DD'), " + needsColumn

// needsColumn gathers a puzzle's needs rows as bank.FormatNeeds writes them.
const needsColumn = "(SELECT string_agg(technique || '/' || kind, ';') FROM needs WHERE needs.puzzle = puzzles.id)"

// insertSQL stores a puzzle and its needs ($13 techniques, $14 kinds) in
// one statement; it returns 1 when the puzzle was added, 0 for a duplicate.
const insertSQL = `WITH p AS (
	INSERT INTO puzzles (puzzle, solution, er, ep, ed, level, rating_version, symmetry, clues, canonical, source, created)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (canonical) DO NOTHING RETURNING id
), n AS (
	INSERT INTO needs (technique, kind, puzzle) SELECT t, k, p.id FROM p, unnest($13::text[], $14::text[]) AS u(t, k)
)
SELECT count(*) FROM p`

// Add stores entries in one transaction: all of them or, on error, none.
// A classic entry goes in the puzzles table, one of other rules in the
// boards table. An entry whose canonical form (or, of other rules, plain
// line) is in the bank already, or earlier in entries, is a duplicate:
// skipped and counted in dupes.
func (db *DB) Add(ctx context.Context, entries []bank.Entry) (added, dupes int, err error) {
	err = db.write(ctx, func(tx pgx.Tx) error {
		added, dupes, err = db.insert(ctx, tx, entries)
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	return added, dupes, nil
}

// insert sends the entries in one batch.
func (db *DB) insert(ctx context.Context, tx pgx.Tx, entries []bank.Entry) (added, dupes int, err error) {
	if len(entries) == 0 {
		return 0, 0, nil
	}
	now := db.Now()
	b := &pgx.Batch{}
	for i := range entries {
		e := &entries[i]
		if err := e.Check(); err != nil {
			return 0, 0, fmt.Errorf("postgres: entry %d: %w", i+1, err)
		}
		created := e.Created
		if created.IsZero() {
			created = now
		}
		if !e.Classic() {
			b.Queue(insertBoardSQL, e.Rules, e.Plain, e.SolutionLine, e.Source, created.UTC())
			continue
		}
		techs, kinds := make([]string, len(e.Needs)), make([]string, len(e.Needs))
		for j, n := range e.Needs {
			techs[j], kinds[j] = n.Technique, n.Before
		}
		b.Queue(insertSQL, e.Puzzle.Line('.'), e.Solution.Line('.'), int(e.ER), int(e.EP), int(e.ED),
			int(e.Level), e.RatingVersion, e.Symmetry, e.Puzzle.Clues(), e.Canonical, e.Source, created.UTC(), techs, kinds)
	}
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	for i := range entries {
		var n int
		if err := br.QueryRow().Scan(&n); err != nil {
			return 0, 0, fmt.Errorf("postgres: entry %d: %w", i+1, err)
		}
		if n == 1 {
			added++
		} else {
			dupes++
		}
	}
	return added, dupes, br.Close()
}

// scanEntry reads the columns of one row (in the order of columns).
func scanEntry(row pgx.Row) (bank.Entry, error) {
	var (
		e                 bank.Entry
		puzzle, solution  string
		er, ep, ed, level int
		handedOut         *time.Time
		daily, needs      *string
	)
	err := row.Scan(&e.ID, &puzzle, &solution, &er, &ep, &ed, &level, &e.RatingVersion, &e.Symmetry,
		&e.Clues, &e.Canonical, &e.Source, &e.Created, &handedOut, &daily, &needs)
	if err != nil {
		return bank.Entry{}, err
	}
	if needs != nil {
		e.Needs = bank.ParseNeeds(*needs)
	}
	e.ER, e.EP, e.ED, e.Level = bank.Rating(er), bank.Rating(ep), bank.Rating(ed), bank.Level(level)
	if handedOut != nil {
		e.HandedOut = *handedOut
	}
	if daily != nil {
		e.Daily = *daily
	}
	if e.Puzzle, err = bank.ParseGrid(puzzle); err != nil {
		return bank.Entry{}, fmt.Errorf("postgres: puzzle %d: %w", e.ID, err)
	}
	if e.Solution, err = bank.ParseGrid(solution); err != nil {
		return bank.Entry{}, fmt.Errorf("postgres: solution of puzzle %d: %w", e.ID, err)
	}
	return e, nil
}
