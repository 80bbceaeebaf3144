package banktest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"sudoku/bank"
)

// fixedClock returns a bank clock that stands still: leases never age.
func fixedClock() func() time.Time {
	now := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time { return now }
}

// topUpFor returns a top-up of Easy (low 3, high 5) and Hard (low 2,
// high 4) whose generators make entries at once.
func topUpFor(t *testing.T, owner string) *bank.TopUp {
	return &bank.TopUp{
		Marks:   []bank.Mark{{Level: bank.Easy, Low: 3, High: 5}, {Level: bank.Hard, Low: 2, High: 4}},
		PerPass: 100, Batch: 2, Seed: 3, Owner: owner,
		Make: func(l bank.Level) bank.Generator { return (&fakeMaker{t: t, level: l}).make },
	}
}

// lefts counts the puzzles left of Easy and Hard.
func lefts(t *testing.T, db bank.Store) (easy, hard int) {
	t.Helper()
	e, err := db.Count(context.Background(), bank.Easy)
	if err != nil {
		t.Fatal(err)
	}
	h, err := db.Count(context.Background(), bank.Hard)
	if err != nil {
		t.Fatal(err)
	}
	return e.Left, h.Left
}

// drain picks puzzles of level until n are left.
func drain(t *testing.T, db bank.Store, level bank.Level, n int) {
	t.Helper()
	for {
		c, err := db.Count(context.Background(), level)
		if err != nil {
			t.Fatal(err)
		}
		if c.Left <= n {
			return
		}
		if _, err := db.Pick(context.Background(), bank.Kind{Level: level}); err != nil {
			t.Fatal(err)
		}
	}
}

// testTopUp: a top-up fills an empty bank to the high marks, leaves a
// level at its low mark alone, fills one drained below it back up, and
// tries no more than PerPass numbers a pass. Run passes at once, then at
// each tick of its clock.
func testTopUp(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.Open(t, fixedClock())
	tu := topUpFor(t, "serve")
	tests := []struct {
		name             string
		easyTo, hardTo   int // drained to, before the pass; -1: not
		perPass          int
		fills            int
		wantEasy, wantHd int
	}{
		{"empty bank", -1, -1, 0, 2, 5, 4},
		{"at the low marks", 3, 2, 0, 0, 3, 2},
		{"Easy below", 2, -1, 0, 1, 5, 2},
		{"both below, 2 a pass", 0, 0, 2, 1, 2, 0},
		{"the next pass", -1, -1, 2, 1, 4, 0},
		{"and the next", -1, -1, 2, 1, 4, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.easyTo >= 0 {
				drain(t, db, bank.Easy, tt.easyTo)
			}
			if tt.hardTo >= 0 {
				drain(t, db, bank.Hard, tt.hardTo)
			}
			tu.PerPass = tt.perPass
			fills, err := tu.Pass(ctx, db)
			if err != nil || len(fills) != tt.fills {
				t.Errorf("got %d fills (%+v), %v, want %d", len(fills), fills, err, tt.fills)
			}
			if e, hd := lefts(t, db); e != tt.wantEasy || hd != tt.wantHd {
				t.Errorf("left: got Easy %d, Hard %d, want %d, %d", e, hd, tt.wantEasy, tt.wantHd)
			}
		})
	}
	t.Run("Run", func(t *testing.T) { testTopUpRun(t, db, topUpFor(t, "serve")) })
}

// testTopUpRun runs a top-up on a clock of its own: a pass at once, which
// fills the levels below their high marks (Easy 4 of 5, Hard 2 of 4: both
// at or above their low marks), then one per tick, none after ctx ends.
func testTopUpRun(t *testing.T, db bank.Store, tu *bank.TopUp) {
	ticks := make(chan time.Time)
	var every []time.Duration
	tu.Every = 3 * time.Second
	tu.Tick = func(d time.Duration) <-chan time.Time { every = append(every, d); return ticks }
	passed := make(chan []bank.LevelFill)
	var filled []bank.Level
	tu.Filled = func(f bank.LevelFill) { filled = append(filled, f.Level) }
	tu.Passed = func(fills []bank.LevelFill, err error) {
		if err != nil {
			t.Errorf("pass: %v", err)
		}
		passed <- fills
	}
	// Read before Run starts: its first pass runs at once and may end
	// before a read after the go statement.
	if e, hd := lefts(t, db); e != 4 || hd != 2 {
		t.Fatalf("before Run: Easy %d, Hard %d, want 4 and 2", e, hd)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { tu.Run(ctx, db); close(done) }()
	if fills := <-passed; len(fills) != 2 {
		t.Errorf("the first pass ran %d fills, want 2", len(fills))
	}
	if e, hd := lefts(t, db); e != 5 || hd != 4 {
		t.Errorf("after the first pass: Easy %d left, Hard %d, want the high marks 5 and 4", e, hd)
	}
	drain(t, db, bank.Easy, 1)
	drain(t, db, bank.Hard, 0)
	ticks <- time.Now()
	fills := <-passed
	if e, hd := lefts(t, db); len(fills) != 2 || e != 5 || hd != 4 {
		t.Errorf("after a tick: %d fills, Easy %d left, Hard %d, want 2 fills, 5 and 4", len(fills), e, hd)
	}
	for _, f := range fills {
		if f.Err != nil || f.Took <= 0 || f.Added == 0 {
			t.Errorf("fill of %v: %+v", f.Level, f)
		}
	}
	cancel()
	<-done
	if len(every) != 2 || every[0] != 3*time.Second {
		t.Errorf("waited %v, want 3s after each pass", every)
	}
	if want := []bank.Level{bank.Easy, bank.Hard, bank.Easy, bank.Hard}; fmt.Sprint(filled) != fmt.Sprint(want) {
		t.Errorf("Filled was called for %v, want %v", filled, want)
	}
}

// testTopUpOneFiller: two top-ups on one bank (two servers' replicas) do
// not both fill: while one passes, the other's pass finds the bank held
// and makes nothing; the bank ends at the high marks, not above.
func testTopUpOneFiller(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.Open(t, fixedClock())
	a, b := topUpFor(t, "replica a"), topUpFor(t, "replica b")
	inA, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	makeA := a.Make
	a.Make = func(l bank.Level) bank.Generator {
		g := makeA(l)
		return func(ctx context.Context, seed uint64, n int) (bank.Entry, int, error) {
			once.Do(func() { close(inA); <-release })
			return g(ctx, seed, n)
		}
	}
	made := 0
	b.Make = func(l bank.Level) bank.Generator { made++; return nil }
	errA := make(chan error, 1)
	go func() { _, err := a.Pass(ctx, db); errA <- err }()
	<-inA // a is filling Easy
	fills, err := b.Pass(ctx, db)
	var le *bank.LeaseError
	if !errors.As(err, &le) || le.Owner != "replica a" || len(fills) != 0 || made != 0 {
		t.Errorf("b's pass while a fills: got %v, %d fills, %d generators, want a *LeaseError naming replica a and nothing made", err, len(fills), made)
	}
	close(release)
	if err := <-errA; err != nil {
		t.Fatalf("a's pass: %v", err)
	}
	if e, hd := lefts(t, db); e != 5 || hd != 4 {
		t.Errorf("left: Easy %d, Hard %d, want the high marks 5 and 4", e, hd)
	}
	if fills, err := b.Pass(ctx, db); err != nil || len(fills) != 0 {
		t.Errorf("b's pass after a's: %d fills, %v, want none needed", len(fills), err)
	}
}
