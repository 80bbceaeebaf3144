package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sudoku/bank"
)

// migrationFiles holds the schema's migrations, NNNN_name.sql, applied in
// the order of their numbers.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

type migration = bank.Migration

func loadMigrations(fsys fs.FS) ([]migration, error) { return bank.LoadMigrations(fsys) }

// migrate applies the migrations of fsys the database lacks, in order,
// each in a transaction that also sets PRAGMA user_version to its number:
// a migration is applied whole or not at all, and a process that stops
// midway leaves the database at the last migration it committed. Two
// processes migrating at once take turns (the transaction holds the write
// lock from its start and re-reads the version).
func migrate(ctx context.Context, db *sql.DB, fsys fs.FS) error {
	ms, err := loadMigrations(fsys)
	if err != nil {
		return err
	}
	v, err := schemaVersion(ctx, db)
	if err != nil {
		return err
	}
	if v > len(ms) {
		return fmt.Errorf("%w: version %d, this program knows up to %d", ErrSchemaTooNew, v, len(ms))
	}
	for _, m := range ms[v:] {
		if err := apply(ctx, db, m); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}

func schemaVersion(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (int, error) {
	var v int
	err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

// apply runs migration m unless another process applied it first.
func apply(ctx context.Context, db *sql.DB, m migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	v, err := schemaVersion(ctx, tx)
	if err != nil {
		return err
	}
	if v >= m.Version {
		return nil // applied meanwhile by another connection
	}
	if v != m.Version-1 {
		return fmt.Errorf("database at version %d, want %d", v, m.Version-1)
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.Version)); err != nil {
		return err
	}
	return tx.Commit()
}

// SchemaVersion returns the number of the last migration applied.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) { return schemaVersion(ctx, db.sql) }
