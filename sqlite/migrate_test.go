package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// chain returns n migrations named without zero padding (1_, 2_, ..., 10_,
// so that text order is not number order): the first creates table t with
// column c1 and a log, each next one renames column c(k-1) to ck, which
// fails unless they run in order, and logs its number.
func chain(n int) fstest.MapFS {
	fsys := fstest.MapFS{}
	for k := 1; k <= n; k++ {
		s := fmt.Sprintf("ALTER TABLE t RENAME COLUMN c%d TO c%d;\nINSERT INTO log VALUES (%d);", k-1, k, k)
		if k == 1 {
			s = "CREATE TABLE t (c1 INTEGER);\nCREATE TABLE log (n INTEGER);\nINSERT INTO log VALUES (1);"
		}
		fsys[fmt.Sprintf("migrations/%d_step.sql", k)] = &fstest.MapFile{Data: []byte(s)}
	}
	return fsys
}

func openRaw(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(filepath.Join(t.TempDir(), "m.db"), false))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func logOf(t *testing.T, db *sql.DB) string {
	t.Helper()
	rows, err := db.Query("SELECT n FROM log ORDER BY rowid")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ns []string
	for rows.Next() {
		var n int
		rows.Scan(&n)
		ns = append(ns, fmt.Sprint(n))
	}
	return strings.Join(ns, ",")
}

func TestMigrateInOrder(t *testing.T) {
	ctx := context.Background()
	db := openRaw(t)
	if err := migrate(ctx, db, chain(3)); err != nil {
		t.Fatal(err)
	}
	if got := logOf(t, db); got != "1,2,3" {
		t.Errorf("after 3: got log %s, want 1,2,3", got)
	}
	// A newer program brings migrations 4..11: only they run, in order.
	if err := migrate(ctx, db, chain(11)); err != nil {
		t.Fatal(err)
	}
	if got, want := logOf(t, db), "1,2,3,4,5,6,7,8,9,10,11"; got != want {
		t.Errorf("after 11: got log %s, want %s", got, want)
	}
	// Already migrated: nothing runs.
	if err := migrate(ctx, db, chain(11)); err != nil {
		t.Fatal(err)
	}
	if got, want := logOf(t, db), "1,2,3,4,5,6,7,8,9,10,11"; got != want {
		t.Errorf("again: got log %s, want %s", got, want)
	}
	if v, _ := schemaVersion(ctx, db); v != 11 {
		t.Errorf("got user_version %d, want 11", v)
	}
}

func TestMigrateFailureRollsBack(t *testing.T) {
	ctx := context.Background()
	db := openRaw(t)
	fsys := chain(2)
	fsys["migrations/3_bad.sql"] = &fstest.MapFile{Data: []byte("CREATE TABLE half (x);\nINSERT INTO nowhere VALUES (1);")}
	err := migrate(ctx, db, fsys)
	if err == nil || !strings.Contains(err.Error(), "3_bad.sql") {
		t.Fatalf("got %v, want an error naming 3_bad.sql", err)
	}
	if v, _ := schemaVersion(ctx, db); v != 2 {
		t.Errorf("got user_version %d, want 2", v)
	}
	var n int
	db.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = 'half'").Scan(&n)
	if n != 0 {
		t.Errorf("got table half from the failed migration, want it rolled back")
	}
}

func TestLoadMigrationsErrors(t *testing.T) {
	file := &fstest.MapFile{Data: []byte("SELECT 1;")}
	tests := []struct {
		name  string
		files []string
		want  string
	}{
		{"gap", []string{"1_a.sql", "3_c.sql"}, "got number 3, want 2"},
		{"twice", []string{"1_a.sql", "2_b.sql", "0002_c.sql"}, "got number 2, want 3"},
		{"no number", []string{"1_a.sql", "init.sql"}, "want a name NNNN_what.sql"},
		{"zero", []string{"0_a.sql"}, "want a name NNNN_what.sql"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, f := range tt.files {
				fsys["migrations/"+f] = file
			}
			_, err := loadMigrations(fsys)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestEmbeddedMigrations(t *testing.T) {
	ms, err := loadMigrations(migrationFiles)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range ms {
		names = append(names, m.Name)
	}
	if want := "0001_puzzles.sql 0002_fill_cursors.sql 0003_fill_leases.sql 0004_boards.sql 0005_needs.sql"; strings.Join(names, " ") != want {
		t.Errorf("got %v, want %s", names, want)
	}
}
