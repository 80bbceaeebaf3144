package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sudoku/logic"
)

func TestLease(t *testing.T) {
	db := openTest(t)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	ctx := context.Background()
	a, err := db.TakeLease(ctx, logic.Easy, "pid 1 on a", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.TakeLease(ctx, logic.Easy, "pid 2 on b", nil)
	var le *LeaseError
	if !errors.As(err, &le) || !errors.Is(err, ErrLeased) || le.Owner != "pid 1 on a" || !strings.Contains(err.Error(), "another fill of Easy is running") {
		t.Fatalf("second fill of Easy: got %v, want a *LeaseError naming pid 1", err)
	}
	if _, err := db.TakeLease(ctx, logic.Hard, "pid 2 on b", nil); err != nil {
		t.Errorf("a fill of another level: %v", err)
	}
	gone := func(o string) bool { return o == "pid 2 on b" }
	if _, err := db.TakeLease(ctx, logic.Hard, "pid 3 on c", gone); err != nil {
		t.Errorf("the lease of a dead owner: %v", err)
	}
	now = now.Add(LeaseTTL - time.Second)
	if err := a.Renew(ctx); err != nil {
		t.Fatal(err)
	}
	now = now.Add(LeaseTTL - time.Second)
	if _, err := db.TakeLease(ctx, logic.Easy, "pid 2 on b", nil); !errors.Is(err, ErrLeased) {
		t.Errorf("a renewed lease was taken over: %v", err)
	}
	now = now.Add(2 * time.Second) // a killed fill: not seen for LeaseTTL
	b, err := db.TakeLease(ctx, logic.Easy, "pid 2 on b", nil)
	if err != nil {
		t.Fatalf("taking over a stale lease: %v", err)
	}
	if err := a.Renew(ctx); err == nil {
		t.Error("the old holder renewed a lease taken over")
	}
	if err := b.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.TakeLease(ctx, logic.Easy, "pid 3 on c", nil); err != nil {
		t.Errorf("after release: %v", err)
	}
}

func TestPickCount(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	if _, _, err := db.Add(ctx, []Entry{entry(t, 1, logic.Easy), entry(t, 2, logic.Easy)}); err != nil {
		t.Fatal(err)
	}
	e, c, err := db.PickCount(ctx, logic.Easy)
	if err != nil || e.HandedOut.IsZero() || c.Left != 1 || c.HandedOut != 1 {
		t.Fatalf("got %+v, %+v, %v", e, c, err)
	}
	db.PickCount(ctx, logic.Easy)
	if _, _, err := db.PickCount(ctx, logic.Easy); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty level: got %v, want ErrEmpty", err)
	}
}

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
