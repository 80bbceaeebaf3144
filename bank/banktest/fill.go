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

// fakeMaker makes the entries of a fill at once, without generating
// anything: number n of the run of seed is an entry of the level keyed
// seed*100000+level*10000+n, so that runs of different seeds and levels
// do not collide. gaveUp lists the numbers it gives up on; wrong those it
// makes of another level.
type fakeMaker struct {
	t      testing.TB
	level  bank.Level
	gaveUp map[int]bool
	wrong  map[int]bool
	mu     sync.Mutex
	made   []int // the numbers asked for
	// hook, when set, runs before each number is made.
	hook func(ctx context.Context, n int)
}

func (m *fakeMaker) make(ctx context.Context, seed uint64, n int) (bank.Entry, int, error) {
	if m.hook != nil {
		m.hook(ctx, n)
	}
	m.mu.Lock()
	m.made = append(m.made, n)
	m.mu.Unlock()
	if m.gaveUp[n] {
		return bank.Entry{}, 3, errors.New("gave up")
	}
	level := m.level
	if m.wrong[n] {
		level = (level + 1) % bank.NumLevels
	}
	e := Entry(m.t, int(seed)*100000+int(m.level)*10000+n, level)
	e.Source = fmt.Sprintf("fill seed %d #%d", seed, n)
	return e, 2, nil
}

// runFill starts and runs a fill.
func runFill(ctx context.Context, db bank.Store, spec bank.Fill) (bank.FillReport, error) {
	f, err := bank.StartFill(ctx, db, spec)
	if err != nil {
		return bank.FillReport{}, err
	}
	return f.Run(ctx)
}

// sources lists the sources of the stored puzzles of level, oldest first.
func sources(t *testing.T, db bank.Store, level bank.Level) []string {
	t.Helper()
	var out []string
	err := db.Export(context.Background(), func(e bank.Entry) error { out = append(out, e.Source); return nil }, bank.Kind{Level: level})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func numbered(seed, from, to int, skip ...int) []string {
	var out []string
	for n := from; n <= to; n++ {
		if !containsInt(skip, n) {
			out = append(out, fmt.Sprintf("fill seed %d #%d", seed, n))
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// testFill: a fill tops its level up to the target in number order on
// several workers, batch by batch with the cursor; a second fill goes on
// from the cursor; numbers given up on or of the wrong level are counted
// and skipped; another seed is refused; Max bounds the numbers tried.
func testFill(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	m := &fakeMaker{t: t, level: bank.Hard, gaveUp: map[int]bool{3: true}, wrong: map[int]bool{5: true}}
	m.hook = func(_ context.Context, n int) {
		if n%3 == 0 { // later numbers come first: they are stored in number order all the same
			time.Sleep(5 * time.Millisecond)
		}
	}
	spec := bank.Fill{Level: bank.Hard, Symmetry: "none", Target: 8, Batch: 3, Workers: 3, Seed: 7, Owner: "test", Make: m.make}
	rep, err := runFill(ctx, db, spec)
	want := bank.FillReport{Added: 8, GaveUp: 2, Tries: 2*9 + 3, Left: 8,
		Cursor: bank.Cursor{Level: bank.Hard, Symmetry: "none", Seed: 7, Next: 10}}
	if err != nil || rep != want {
		t.Fatalf("first fill: got %+v, %v, want %+v", rep, err, want)
	}
	if got, want := sources(t, db, bank.Hard), numbered(7, 0, 9, 3, 5); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("stored %v, want %v", got, want)
	}
	if cur, ok, err := db.Cursor(ctx, bank.Hard, "none"); !ok || err != nil || cur != want.Cursor {
		t.Errorf("cursor %+v (%v, %v), want %+v", cur, ok, err, want.Cursor)
	}
	if rep, err := runFill(ctx, db, spec); err != nil || rep.Added != 0 || rep.Cursor.Next != 10 {
		t.Errorf("again at the target: got %+v, %v, want nothing done", rep, err)
	}
	spec.Target, spec.Seed = 11, 99 // a seed not asked for: the run's goes on
	if rep, err := runFill(ctx, db, spec); err != nil || rep.Added != 3 || rep.Cursor.Seed != 7 || rep.Cursor.Next != 13 {
		t.Errorf("more: got %+v, %v, want 3 added from #10 of seed 7", rep, err)
	}
	spec.SeedSet = true
	var se *bank.SeedError
	if _, err := runFill(ctx, db, spec); !errors.As(err, &se) || se.Seed != 7 || se.Asked != 99 {
		t.Errorf("another seed asked for: got %v, want a *SeedError", err)
	}
	spec.SeedSet, spec.Target, spec.Max = false, 100, 4
	if rep, err := runFill(ctx, db, spec); err != nil || rep.Added != 4 || rep.Cursor.Next != 17 || rep.Left != 15 {
		t.Errorf("Max 4: got %+v, %v, want 4 added, #13-#16", rep, err)
	}
}

// testFillInterrupted: a fill whose context ends commits what it finished,
// in number order, and says it was interrupted; the next goes on from
// the cursor.
func testFillInterrupted(t *testing.T, h Harness) {
	db := h.open(t)
	ctx, cancel := context.WithCancel(context.Background())
	m := &fakeMaker{t: t, level: bank.Easy}
	m.hook = func(_ context.Context, n int) {
		if n == 6 {
			cancel()
		}
	}
	spec := bank.Fill{Level: bank.Easy, Symmetry: "rot180", Target: 50, Batch: 4, Workers: 1, Seed: 1, Owner: "test", Make: m.make}
	rep, err := runFill(ctx, db, spec)
	if err != nil || !rep.Interrupted || rep.Added != 7 || rep.Cursor.Next != 7 {
		t.Fatalf("got %+v, %v, want interrupted after #6: 7 added", rep, err)
	}
	m.hook = nil
	spec.Target = 9
	rep, err = runFill(context.Background(), db, spec)
	if err != nil || rep.Interrupted || rep.Added != 2 || rep.Dupes != 0 || rep.Cursor.Next != 9 {
		t.Errorf("the next fill: got %+v, %v, want #7 and #8 added", rep, err)
	}
	if got, want := sources(t, db, bank.Easy), numbered(1, 0, 8); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("stored %v, want %v", got, want)
	}
}

// testFillLeased: a fill does not start while another holds the level; it
// gives its own lease up when done.
func testFillLeased(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	m := &fakeMaker{t: t, level: bank.Medium}
	spec := bank.Fill{Level: bank.Medium, Symmetry: "none", Target: 2, Batch: 1, Workers: 1, Owner: "second", Make: m.make}
	l, err := db.TakeLease(ctx, bank.Medium, "first", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bank.StartFill(ctx, db, spec); !errors.Is(err, bank.ErrLeased) || len(m.made) > 0 {
		t.Errorf("a fill of a leased level: got %v after making %d, want ErrLeased before any", err, len(m.made))
	}
	l.Release(ctx)
	if rep, err := runFill(ctx, db, spec); err != nil || rep.Added != 2 {
		t.Fatalf("after the release: %+v, %v", rep, err)
	}
	if _, err := db.TakeLease(ctx, bank.Medium, "third", nil); err != nil {
		t.Errorf("the fill kept its lease: %v", err)
	}
}

// testFillNeed: a fill for a need counts, and adds, the puzzles that need
// it, of any level, without a lease.
func testFillNeed(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	m := &fakeMaker{t: t, level: bank.Expert, wrong: map[int]bool{1: true}}
	xw := []bank.Trained{{Technique: "X-Wing"}}
	withNeeds := func(ctx context.Context, seed uint64, n int) (bank.Entry, int, error) {
		e, tries, err := m.make(ctx, seed, n)
		e.Needs = xw
		return e, tries, err
	}
	if _, err := db.TakeLease(ctx, bank.Expert, "someone", nil); err != nil {
		t.Fatal(err)
	}
	need := bank.Need{Techniques: []string{"X-Wing"}}
	spec := bank.Fill{Target: 3, Batch: 1, Workers: 2, Seed: 4, Need: &need, Make: withNeeds}
	rep, err := runFill(ctx, db, spec)
	if err != nil || rep.Added != 3 || rep.Left != 3 || rep.GaveUp != 0 {
		t.Fatalf("got %+v, %v, want 3 added, of two levels", rep, err)
	}
	if n, err := db.CountNeed(ctx, need); n != 3 || err != nil {
		t.Errorf("CountNeed = %d, %v, want 3", n, err)
	}
	spec.Target = 4
	if rep, err := runFill(ctx, db, spec); err != nil || rep.Added != 1 || rep.Dupes != 3 {
		t.Errorf("again: got %+v, %v, want the first 3 as duplicates, 1 added", rep, err)
	}
}
