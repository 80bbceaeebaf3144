package postgres

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"sudoku/bank"
	"sudoku/bank/banktest"
	"sudoku/internal/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

func openTest(t *testing.T, url string) *DB {
	t.Helper()
	db, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestStore runs the suite every bank passes, against a throwaway server.
func TestStore(t *testing.T) {
	urls := map[bank.Store]string{}
	var mu sync.Mutex
	banktest.Run(t, banktest.Harness{
		Open: func(t *testing.T, now func() time.Time) bank.Store {
			url := pgtest.URL(t)
			db := openTest(t, url)
			db.Now = now
			mu.Lock()
			urls[db] = url
			mu.Unlock()
			return db
		},
		Reopen: func(t *testing.T, s bank.Store) bank.Store {
			mu.Lock()
			url := urls[s]
			mu.Unlock()
			return openTest(t, url)
		},
		Schema: 5,
	})
}

// TestMigrateTogether: replicas starting at once migrate one after the
// other; every one opens.
func TestMigrateTogether(t *testing.T) {
	url := pgtest.URL(t)
	var wg sync.WaitGroup
	errs := make(chan error, 5)
	for range 5 {
		wg.Go(func() {
			db, err := Open(context.Background(), url)
			if err == nil {
				db.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	db := openTest(t, url)
	if v, err := db.SchemaVersion(context.Background()); err != nil || v != 5 {
		t.Errorf("schema version %d (%v), want 4", v, err)
	}
}

func TestSchemaTooNew(t *testing.T) {
	url := pgtest.URL(t)
	db := openTest(t, url)
	if _, err := db.pool.Exec(context.Background(), "INSERT INTO schema_migrations (version, name) VALUES (99, 'future')"); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), url); !errors.Is(err, bank.ErrSchemaTooNew) {
		t.Errorf("got %v, want ErrSchemaTooNew", err)
	}
}

// TestPasswordsStaySecret: a URL's password never shows in errors or
// names.
func TestPasswordsStaySecret(t *testing.T) {
	for _, u := range []string{
		"postgres://ann:s3cr3t@127.0.0.1:1/bank?connect_timeout=1",
		"postgres://ann@127.0.0.1:1/bank?password=s3cr3t&connect_timeout=1",
		"postgres://ann:s3cr3t@[::1:bad/bank",
		"postgresql://ann:s3cr3t@127.0.0.1:1/bank?sslmode=bogus",
	} {
		_, err := Open(context.Background(), u)
		if err == nil {
			t.Fatalf("%s: opened", Redact(u))
		}
		if strings.Contains(err.Error(), "s3cr3t") || strings.Contains(Redact(u), "s3cr3t") {
			t.Errorf("the password shows: %v", err)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("the error is not one line: %q", err)
		}
	}
	if !IsURL("postgres://h/db") || !IsURL("PostgreSQL://h/db") || !IsURL("postgres://a:b@[bad") || IsURL("/var/bank.db") || IsURL("bank.db") {
		t.Error("IsURL")
	}
}
