package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"sudoku/bank"
)

// The puzzles of other rules live in the boards table (migration 4): the
// plain line, unique, and the rule set's name, what picks select on. The
// methods of DB take them with the classic ones and come here for them.

// boardColumns lists a board row's fields in the order scanBoard reads
// them.
const boardColumns = "id, rules, puzzle, solution, source, created, handed_out"

const insertBoardSQL = `INSERT INTO boards (rules, puzzle, solution, source, created)
VALUES (?, ?, ?, ?, ?) ON CONFLICT (puzzle) DO NOTHING`

// pickBoardsSQL hands out up to n boards of a rule set.
const pickBoardsSQL = `UPDATE boards SET handed_out = ?
WHERE id IN (SELECT id FROM boards WHERE rules = ? AND handed_out IS NULL ORDER BY id LIMIT ?)
RETURNING ` + boardColumns

// pickBoards hands out up to n boards of the rule set in tx, oldest first.
func pickBoards(ctx context.Context, tx *sql.Tx, now, rules string, n int) ([]bank.Entry, error) {
	rows, err := tx.QueryContext(ctx, pickBoardsSQL, now, rules, n)
	if err != nil {
		return nil, err
	}
	return scanAll(rows, scanBoard)
}

// rulesCounts counts the boards of every rule set.
func (db *DB) rulesCounts(ctx context.Context) ([]bank.RulesCount, error) {
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

// exportBoards calls f with every board of the rule sets (all when none
// is given), oldest first.
func (db *DB) exportBoards(ctx context.Context, f func(bank.Entry) error, rules []string) error {
	q := "SELECT " + boardColumns + " FROM boards"
	args := make([]any, len(rules))
	if len(rules) > 0 {
		for i, r := range rules {
			args[i] = r
		}
		q += " WHERE rules IN (?" + strings.Repeat(", ?", len(rules)-1) + ")"
	}
	rows, err := db.sql.QueryContext(ctx, q+" ORDER BY id", args...)
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

func scanBoard(s scanner) (bank.Entry, error) {
	var (
		e         bank.Entry
		created   string
		handedOut sql.NullString
	)
	if err := s.Scan(&e.ID, &e.Rules, &e.Plain, &e.SolutionLine, &e.Source, &created, &handedOut); err != nil {
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
