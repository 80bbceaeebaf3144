// Package banktest is the test suite every bank.Store passes: package
// sqlite and package postgres run it against their own stores, so both
// banks behave the same for fills, imports, picks, counts, exports, daily
// puzzles and leases.
package banktest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"sudoku"
	"sudoku/bank"
)

// Harness says how to get the stores under test.
type Harness struct {
	// Open returns a new, empty bank whose clock is now (it moves a
	// second each call in these tests), closed when the test ends.
	Open func(t *testing.T, now func() time.Time) bank.Store
	// Reopen returns another connection (another pool) to the bank of s.
	Reopen func(t *testing.T, s bank.Store) bank.Store
	// Schema is the schema version Stats reports.
	Schema int
}

func (h Harness) open(t *testing.T) bank.Store { return h.Open(t, newClock().now) }

// Run runs the suite.
func Run(t *testing.T, h Harness) {
	for _, tc := range []struct {
		name string
		f    func(*testing.T, Harness)
	}{
		{"Add", testAdd}, {"AddRoundTrip", testAddRoundTrip}, {"Pick", testPick}, {"PickCount", testPickCount},
		{"PickConcurrent", testPickConcurrent}, {"Daily", testDaily}, {"DailyDeterministic", testDailyDeterministic},
		{"Stats", testStats}, {"Export", testExport}, {"AddFill", testAddFill}, {"Lease", testLease},
		{"Writable", testWritable}, {"PickNeed", testPickNeed}, {"Boards", testBoards}, {"BoardsConcurrent", testBoardsConcurrent},
		{"Mixed", testMixed},
		{"PickAll", testPickAll}, {"Fill", testFill}, {"FillInterrupted", testFillInterrupted},
		{"FillLeased", testFillLeased}, {"FillNeed", testFillNeed}, {"TopUp", testTopUp}, {"TopUpOneFiller", testTopUpOneFiller},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.f(t, h) })
	}
}

const (
	testPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	testSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// clock is a fake time that moves one second each call.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func mustGrid(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// RatingVersion is the rating version of the entries Entry makes.
const RatingVersion = "se-test"

// lowestER is the lowest ER of each level (logic.Level.Range).
var lowestER = [bank.NumLevels]bank.Rating{10, 16, 26, 41, 60, 90}

// Entry makes an entry of the level with a made-up canonical form built
// from key: entries with the same key are duplicates.
func Entry(t testing.TB, key int, level bank.Level) bank.Entry {
	t.Helper()
	return bank.Entry{
		Puzzle: mustGrid(t, testPuzzle), Solution: mustGrid(t, testSolution),
		ER: lowestER[level], EP: 12, ED: 12, Level: level, RatingVersion: RatingVersion,
		Symmetry: "none", Canonical: fmt.Sprintf("%081d", key), Source: fmt.Sprintf("test %d", key),
	}
}

func entry(t testing.TB, key int, level bank.Level) bank.Entry { return Entry(t, key, level) }

func add(t testing.TB, db bank.Store, es ...bank.Entry) {
	t.Helper()
	if _, _, err := db.Add(context.Background(), es); err != nil {
		t.Fatal(err)
	}
}

func testAdd(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	bad := entry(t, 9, bank.Easy)
	bad.Canonical = "123"
	noSol := entry(t, 10, bank.Easy)
	noSol.Solution = noSol.Puzzle
	tests := []struct {
		name         string
		entries      []bank.Entry
		added, dupes int
		err          error
		total        int
	}{
		{"two", []bank.Entry{entry(t, 1, bank.Easy), entry(t, 2, bank.Hard)}, 2, 0, nil, 2},
		{"duplicate of stored", []bank.Entry{entry(t, 1, bank.Hard), entry(t, 3, bank.Easy)}, 1, 1, nil, 3},
		{"duplicate within", []bank.Entry{entry(t, 4, bank.Easy), entry(t, 4, bank.Easy)}, 1, 1, nil, 4},
		{"bad canonical, nothing stored", []bank.Entry{entry(t, 5, bank.Easy), bad}, 0, 0, bank.ErrInvalidEntry, 4},
		{"no solution", []bank.Entry{noSol}, 0, 0, bank.ErrInvalidEntry, 4},
		{"none", nil, 0, 0, nil, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			added, dupes, err := db.Add(ctx, tt.entries)
			if added != tt.added || dupes != tt.dupes || !errors.Is(err, tt.err) {
				t.Errorf("got %d added, %d dupes, %v, want %d, %d, %v", added, dupes, err, tt.added, tt.dupes, tt.err)
			}
			st, err := db.Stats(ctx)
			if err != nil || st.Total() != tt.total {
				t.Errorf("got %d stored (%v), want %d", st.Total(), err, tt.total)
			}
		})
	}
}

func testAddRoundTrip(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	want := entry(t, 7, bank.Hard)
	want.ER, want.EP, want.ED = 38, 23, 12
	want.Symmetry = "rot180"
	want.Needs = []bank.Trained{{Technique: "Naked pair", Before: ""}, {Technique: "Naked pair", Before: "subsets"}, {Technique: "X-Wing", Before: ""}}
	want.Created = time.Date(2024, 1, 2, 3, 4, 5, 6e6, time.FixedZone("x", 3600))
	add(t, db, want)
	var got []bank.Entry
	if err := db.Export(ctx, func(e bank.Entry) error { got = append(got, e); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("got %d entries, want 1", len(got))
	}
	want.ID, want.Clues = got[0].ID, 30
	if !got[0].Created.Equal(want.Created) {
		t.Errorf("got created %v, want %v", got[0].Created, want.Created)
	}
	got[0].Created = want.Created
	if !reflect.DeepEqual(got[0], want) {
		t.Errorf("got %+v, want %+v", got[0], want)
	}
}

func testPick(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	add(t, db, entry(t, 1, bank.Easy), entry(t, 2, bank.Medium), entry(t, 3, bank.Easy))
	tests := []struct {
		level  bank.Level
		source string
		err    error
	}{
		{bank.Easy, "test 1", nil},
		{bank.Medium, "test 2", nil},
		{bank.Easy, "test 3", nil},
		{bank.Easy, "", bank.ErrEmpty},
		{bank.Medium, "", bank.ErrEmpty},
		{bank.Hard, "", bank.ErrEmpty},
	}
	for i, tt := range tests {
		e, err := db.Pick(ctx, bank.Kind{Level: tt.level})
		if e.Source != tt.source || !errors.Is(err, tt.err) {
			t.Errorf("pick %d (%v): got %q, %v, want %q, %v", i, tt.level, e.Source, err, tt.source, tt.err)
		}
		if err == nil && (e.HandedOut.IsZero() || e.Level != tt.level) {
			t.Errorf("pick %d: got handed out %v, level %v, want a time, %v", i, e.HandedOut, e.Level, tt.level)
		}
	}
	c, err := db.Count(ctx, bank.Easy)
	if want := (bank.LevelCount{Level: bank.Easy, Total: 2, HandedOut: 2}); err != nil || c != want {
		t.Errorf("got %+v (%v), want %+v", c, err, want)
	}
}

// TestPickConcurrent hands out every puzzle once among goroutines with
// their own connections.
func testPickConcurrent(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	const n = 60
	es := make([]bank.Entry, n)
	for i := range es {
		es[i] = entry(t, i, bank.Medium)
	}
	add(t, db, es...)
	other := h.Reopen(t, db)
	var mu sync.Mutex
	var got []int64
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Go(func() {
			d := []bank.Store{db, other}[w%2]
			for {
				e, err := d.Pick(ctx, bank.Kind{Level: bank.Medium})
				if errors.Is(err, bank.ErrEmpty) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				got = append(got, e.ID)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	if len(got) != n {
		t.Fatalf("got %d picks, want %d", len(got), n)
	}
	for i := 1; i < n; i++ {
		if got[i] == got[i-1] {
			t.Errorf("got puzzle %d handed out twice, want once", got[i])
		}
	}
}

func testDaily(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	var es []bank.Entry
	for i := range 20 {
		es = append(es, entry(t, i, bank.Hard))
	}
	add(t, db, es...)
	paris := time.FixedZone("Paris", 3600)
	d1 := time.Date(2025, 6, 1, 23, 30, 0, 0, paris) // June 1 in Paris, June 1 22:30 UTC
	first, err := db.Daily(ctx, d1, bank.Hard)
	if err != nil {
		t.Fatal(err)
	}
	if first.Daily != "2025-06-01" || !first.HandedOut.IsZero() {
		t.Errorf("got daily %q, handed out %v, want 2025-06-01, not handed out", first.Daily, first.HandedOut)
	}
	add(t, db, entry(t, 100, bank.Hard)) // a growing bank keeps the day's choice
	for _, d := range []time.Time{d1, time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)} {
		again, err := db.Daily(ctx, d, bank.Hard)
		if err != nil || again.ID != first.ID {
			t.Errorf("daily of %v: got puzzle %d (%v), want %d", d, again.ID, err, first.ID)
		}
	}
	second, err := db.Daily(ctx, d1.AddDate(0, 0, 1), bank.Hard)
	if err != nil || second.ID == first.ID {
		t.Errorf("next day: got puzzle %d (%v), want another than %d", second.ID, err, first.ID)
	}
	seen := map[int64]bool{}
	for {
		e, err := db.Pick(ctx, bank.Kind{Level: bank.Hard})
		if errors.Is(err, bank.ErrEmpty) {
			break
		}
		if e.ID == first.ID || e.ID == second.ID || seen[e.ID] {
			t.Errorf("pick: got puzzle %d, a daily puzzle or picked before", e.ID)
		}
		seen[e.ID] = true
	}
	if len(seen) != 19 {
		t.Errorf("got %d picks, want 19", len(seen))
	}
	if _, err := db.Daily(ctx, d1.AddDate(0, 0, 2), bank.Hard); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("got %v, want bank.ErrEmpty", err)
	}
	if e, err := db.Daily(ctx, d1, bank.Hard); err != nil || e.ID != first.ID {
		t.Errorf("after the bank ran dry: got puzzle %d (%v), want %d", e.ID, err, first.ID)
	}
}

// TestDailyDeterministic: two banks with the same puzzles choose the same
// daily puzzle for a date, whatever was asked before.
func testDailyDeterministic(t *testing.T, h Harness) {
	ctx := context.Background()
	a, b := h.open(t), h.open(t)
	var es []bank.Entry
	for i := range 50 {
		es = append(es, entry(t, i, bank.Easy))
	}
	add(t, a, es...)
	add(t, b, es...)
	day := time.Date(2030, 1, 15, 0, 0, 0, 0, time.UTC)
	ea, err := a.Daily(ctx, day, bank.Easy)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := b.Daily(ctx, day, bank.Easy)
	if err != nil || ea.Source != eb.Source {
		t.Errorf("got %q and %q (%v), want the same puzzle", ea.Source, eb.Source, err)
	}
	others := map[string]bool{}
	for i := range 10 {
		e, err := a.Daily(ctx, day.AddDate(0, 0, i+1), bank.Easy)
		if err != nil {
			t.Fatal(err)
		}
		others[e.Source] = true
	}
	if len(others) != 10 {
		t.Errorf("got %d different puzzles for 10 days, want 10", len(others))
	}
}

func testStats(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	e := entry(t, 3, bank.Extreme)
	e.RatingVersion = "se-0.9"
	add(t, db, entry(t, 1, bank.Easy), entry(t, 2, bank.Easy), e)
	if _, err := db.Pick(ctx, bank.Kind{Level: bank.Easy}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Daily(ctx, time.Now(), bank.Easy); err != nil {
		t.Fatal(err)
	}
	st, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []bank.LevelCount{
		{Level: bank.Easy, Total: 2, HandedOut: 1, Daily: 1}, {Level: bank.Medium}, {Level: bank.Hard}, {Level: bank.Expert},
		{Level: bank.Extreme, Total: 1, Left: 1}, {Level: bank.Diabolical},
	}
	if fmt.Sprint(st.Levels) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", st.Levels, want)
	}
	wantV := []bank.VersionCount{{Version: "se-0.9", Count: 1}, {Version: RatingVersion, Count: 2}}
	if fmt.Sprint(st.Versions) != fmt.Sprint(wantV) {
		t.Errorf("got %v, want %v", st.Versions, wantV)
	}
	if st.Path != db.Path() || st.Size <= 0 || st.Schema != h.Schema {
		t.Errorf("got path %q, size %d, schema %d, want %q, > 0, %d", st.Path, st.Size, st.Schema, db.Path(), h.Schema)
	}
}

func testExport(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	add(t, db, entry(t, 1, bank.Easy), entry(t, 2, bank.Hard), entry(t, 3, bank.Medium), entry(t, 4, bank.Easy))
	stop := errors.New("stop")
	tests := []struct {
		name   string
		kinds  []bank.Kind
		stopAt int
		want   string
		err    error
	}{
		{"all", nil, 0, "[test 1 test 2 test 3 test 4]", nil},
		{"easy", []bank.Kind{{Level: bank.Easy}}, 0, "[test 1 test 4]", nil},
		{"easy and medium", []bank.Kind{{Level: bank.Medium}, {Level: bank.Easy}}, 0, "[test 1 test 3 test 4]", nil},
		{"none of expert", []bank.Kind{{Level: bank.Expert}}, 0, "[]", nil},
		{"none of a rule set", []bank.Kind{{Rules: "6x6"}}, 0, "[]", nil},
		{"stopped", nil, 2, "[test 1 test 2]", stop},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			err := db.Export(ctx, func(e bank.Entry) error {
				got = append(got, e.Source)
				if len(got) == tt.stopAt {
					return stop
				}
				return nil
			}, tt.kinds...)
			if fmt.Sprint(got) != tt.want && !(len(got) == 0 && tt.want == "[]") || !errors.Is(err, tt.err) {
				t.Errorf("got %v, %v, want %v, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

func testAddFill(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	if _, ok, err := db.Cursor(ctx, bank.Easy, "none"); ok || err != nil {
		t.Fatalf("got a cursor (%v) in a new bank, want none", err)
	}
	c := bank.Cursor{Level: bank.Easy, Symmetry: "none", Seed: 1 << 63, Next: 5}
	bad := entry(t, 9, bank.Easy)
	bad.Canonical = ""
	tests := []struct {
		name    string
		cur     bank.Cursor
		entries []bank.Entry
		wantErr bool
		next    int
		total   int
	}{
		{"first", c, []bank.Entry{entry(t, 1, bank.Easy), entry(t, 2, bank.Easy)}, false, 5, 2},
		{"forward", bank.Cursor{Level: bank.Easy, Symmetry: "none", Seed: 1 << 63, Next: 9}, []bank.Entry{entry(t, 3, bank.Easy)}, false, 9, 3},
		{"no puzzles", bank.Cursor{Level: bank.Easy, Symmetry: "none", Seed: 1 << 63, Next: 12}, nil, false, 12, 3},
		{"backward", bank.Cursor{Level: bank.Easy, Symmetry: "none", Seed: 1 << 63, Next: 11}, []bank.Entry{entry(t, 4, bank.Easy)}, true, 12, 3},
		{"other seed", bank.Cursor{Level: bank.Easy, Symmetry: "none", Seed: 7, Next: 20}, []bank.Entry{entry(t, 4, bank.Easy)}, true, 12, 3},
		{"bad entry keeps cursor", bank.Cursor{Level: bank.Easy, Symmetry: "none", Seed: 1 << 63, Next: 20}, []bank.Entry{entry(t, 4, bank.Easy), bad}, true, 12, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := db.AddFill(ctx, tt.cur, tt.entries)
			if (err != nil) != tt.wantErr {
				t.Errorf("got error %v, want error %v", err, tt.wantErr)
			}
			got, ok, err := db.Cursor(ctx, bank.Easy, "none")
			if !ok || err != nil || got.Next != tt.next || got.Seed != 1<<63 {
				t.Errorf("got cursor %+v (%v, %v), want next %d, seed %d", got, ok, err, tt.next, uint64(1<<63))
			}
			n, _ := db.Count(ctx, bank.Easy)
			if n.Total != tt.total {
				t.Errorf("got %d puzzles, want %d", n.Total, tt.total)
			}
		})
	}
	if _, ok, _ := db.Cursor(ctx, bank.Easy, "rot180"); ok {
		t.Error("got a cursor for rot180, want none: cursors are per symmetry")
	}
}

func testPickCount(t *testing.T, h Harness) {
	db := h.open(t)
	ctx := context.Background()
	add(t, db, entry(t, 1, bank.Easy), entry(t, 2, bank.Easy))
	e, c, err := db.PickCount(ctx, bank.Easy)
	if err != nil || e.HandedOut.IsZero() || c.Left != 1 || c.HandedOut != 1 {
		t.Fatalf("got %+v, %+v, %v", e, c, err)
	}
	db.PickCount(ctx, bank.Easy)
	if _, _, err := db.PickCount(ctx, bank.Easy); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("empty level: got %v, want ErrEmpty", err)
	}
}

func testLease(t *testing.T, h Harness) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	db := h.Open(t, func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	step := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ctx := context.Background()
	a, err := db.TakeLease(ctx, bank.Easy, "pid 1 on a", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.TakeLease(ctx, bank.Easy, "pid 2 on b", nil)
	var le *bank.LeaseError
	if !errors.As(err, &le) || !errors.Is(err, bank.ErrLeased) || le.Owner != "pid 1 on a" {
		t.Fatalf("second fill of Easy: got %v, want a *bank.LeaseError naming pid 1", err)
	}
	if _, err := db.TakeLease(ctx, bank.Hard, "pid 2 on b", nil); err != nil {
		t.Errorf("a fill of another level: %v", err)
	}
	gone := func(o string) bool { return o == "pid 2 on b" }
	if _, err := db.TakeLease(ctx, bank.Hard, "pid 3 on c", gone); err != nil {
		t.Errorf("the lease of a dead owner: %v", err)
	}
	step(bank.LeaseTTL - time.Second)
	if err := a.Renew(ctx); err != nil {
		t.Fatal(err)
	}
	step(bank.LeaseTTL - time.Second)
	if _, err := db.TakeLease(ctx, bank.Easy, "pid 2 on b", nil); !errors.Is(err, bank.ErrLeased) {
		t.Errorf("a renewed lease was taken over: %v", err)
	}
	step(2 * time.Second) // a killed fill: not seen for LeaseTTL
	b, err := db.TakeLease(ctx, bank.Easy, "pid 2 on b", nil)
	if err != nil {
		t.Fatalf("taking over a stale lease: %v", err)
	}
	if err := a.Renew(ctx); err == nil {
		t.Error("the old holder renewed a lease taken over")
	}
	if err := b.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.TakeLease(ctx, bank.Easy, "pid 3 on c", nil); err != nil {
		t.Errorf("after release: %v", err)
	}
}

func testWritable(t *testing.T, h Harness) {
	db := h.open(t)
	ctx := context.Background()
	for name, f := range map[string]func(context.Context) error{"Writable": db.Writable, "Ping": db.Ping, "IntegrityCheck": db.IntegrityCheck} {
		if err := f(ctx); err != nil {
			t.Errorf("%s of a new bank: %v", name, err)
		}
	}
}
