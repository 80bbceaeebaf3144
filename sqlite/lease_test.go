package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bank.db")
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Writable(ctx); err != nil {
		t.Errorf("a new bank: %v", err)
	}
	db.Close()
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Stats(ctx); err != nil {
		t.Errorf("stats of a read-only bank: %v", err)
	}
	if err := ro.Writable(ctx); err == nil {
		t.Error("a bank opened read-only says it is writable")
	}
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("not a database ", 100)), 0o644)
	if _, err := OpenReadOnly(ctx, junk); err == nil {
		t.Error("a file that is not a database opened")
	}
}
