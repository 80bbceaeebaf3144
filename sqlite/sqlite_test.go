package sqlite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"sudoku"
	"sudoku/logic"
)

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

// openTest opens a new bank in a temporary directory with a fake clock.
func openTest(t testing.TB) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "bank.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Now = newClock().now
	t.Cleanup(func() { db.Close() })
	return db
}

func mustGrid(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// entry makes an entry of the level with a made-up canonical form built
// from key: entries with the same key are duplicates.
func entry(t testing.TB, key int, level logic.Level) Entry {
	t.Helper()
	lo, _ := level.Range()
	return Entry{
		Puzzle: mustGrid(t, testPuzzle), Solution: mustGrid(t, testSolution),
		ER: lo, EP: 12, ED: 12, Level: level, RatingVersion: logic.RatingVersion,
		Symmetry: "none", Canonical: fmt.Sprintf("%081d", key), Source: fmt.Sprintf("test %d", key),
	}
}

func add(t testing.TB, db *DB, es ...Entry) {
	t.Helper()
	if _, _, err := db.Add(context.Background(), es); err != nil {
		t.Fatal(err)
	}
}

func TestOpenFreshAndMigrated(t *testing.T) {
	ctx := context.Background()
	ms, err := loadMigrations(migrationFiles)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "a", "b", "bank.db")
	for round := range 3 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("open %d: %v", round, err)
		}
		if v, err := db.SchemaVersion(ctx); err != nil || v != len(ms) {
			t.Errorf("open %d: got schema version %d (%v), want %d", round, v, err, len(ms))
		}
		add(t, db, entry(t, round, logic.Easy))
		c, err := db.Count(ctx, logic.Easy)
		if err != nil || c.Total != round+1 {
			t.Errorf("open %d: got %d puzzles (%v), want %d", round, c.Total, err, round+1)
		}
		var mode string
		if err := db.sql.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("got journal mode %q (%v), want wal", mode, err)
		}
		var fk, busy, sync int
		db.sql.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk)
		db.sql.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy)
		db.sql.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync)
		if fk != 1 || busy != int(BusyTimeout.Milliseconds()) || sync != 2 {
			t.Errorf("got foreign_keys %d, busy_timeout %d, synchronous %d, want 1, %d, 2 (FULL)", fk, busy, sync, BusyTimeout.Milliseconds())
		}
		if err := db.IntegrityCheck(ctx); err != nil {
			t.Error(err)
		}
		db.Close()
	}
}

func TestOpenSchemaTooNew(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if _, err := db.sql.ExecContext(ctx, "PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err := Open(ctx, db.Path())
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("got %v, want ErrSchemaTooNew", err)
	}
}

func TestDefaultPath(t *testing.T) {
	home := func() (string, error) { return "/home/ann", nil }
	config := func() (string, error) { return "/cfg", nil }
	noHome := func() (string, error) { return "", errors.New("no home") }
	tests := []struct {
		name, goos, xdg string
		home            func() (string, error)
		want            string
		wantErr         bool
	}{
		{"linux xdg", "linux", "/data", home, "/data/sudoku/bank.db", false},
		{"linux home", "linux", "", home, "/home/ann/.local/share/sudoku/bank.db", false},
		{"relative xdg ignored", "freebsd", "rel", home, "/home/ann/.local/share/sudoku/bank.db", false},
		{"darwin", "darwin", "/data", home, "/cfg/sudoku/bank.db", false},
		{"no home", "linux", "", noHome, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "XDG_DATA_HOME" {
					return tt.xdg
				}
				return ""
			}
			got, err := defaultPath(tt.goos, getenv, tt.home, config)
			if (err != nil) != tt.wantErr || filepath.ToSlash(got) != tt.want {
				t.Errorf("got %q, %v, want %q (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestAdd(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	bad := entry(t, 9, logic.Easy)
	bad.Canonical = "123"
	noSol := entry(t, 10, logic.Easy)
	noSol.Solution = noSol.Puzzle
	tests := []struct {
		name         string
		entries      []Entry
		added, dupes int
		err          error
		total        int
	}{
		{"two", []Entry{entry(t, 1, logic.Easy), entry(t, 2, logic.Hard)}, 2, 0, nil, 2},
		{"duplicate of stored", []Entry{entry(t, 1, logic.Hard), entry(t, 3, logic.Easy)}, 1, 1, nil, 3},
		{"duplicate within", []Entry{entry(t, 4, logic.Easy), entry(t, 4, logic.Easy)}, 1, 1, nil, 4},
		{"bad canonical, nothing stored", []Entry{entry(t, 5, logic.Easy), bad}, 0, 0, ErrInvalidEntry, 4},
		{"no solution", []Entry{noSol}, 0, 0, ErrInvalidEntry, 4},
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

func TestAddRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	want := entry(t, 7, logic.Hard)
	want.ER, want.EP, want.ED = 38, 23, 12
	want.Symmetry = "rot180"
	want.Created = time.Date(2024, 1, 2, 3, 4, 5, 6e6, time.FixedZone("x", 3600))
	add(t, db, want)
	var got []Entry
	if err := db.Export(ctx, func(e Entry) error { got = append(got, e); return nil }); err != nil {
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
	if got[0] != want {
		t.Errorf("got %+v, want %+v", got[0], want)
	}
}

func TestPick(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	add(t, db, entry(t, 1, logic.Easy), entry(t, 2, logic.Medium), entry(t, 3, logic.Easy))
	tests := []struct {
		level  logic.Level
		source string
		err    error
	}{
		{logic.Easy, "test 1", nil},
		{logic.Medium, "test 2", nil},
		{logic.Easy, "test 3", nil},
		{logic.Easy, "", ErrEmpty},
		{logic.Medium, "", ErrEmpty},
		{logic.Hard, "", ErrEmpty},
	}
	for i, tt := range tests {
		e, err := db.Pick(ctx, tt.level)
		if e.Source != tt.source || !errors.Is(err, tt.err) {
			t.Errorf("pick %d (%v): got %q, %v, want %q, %v", i, tt.level, e.Source, err, tt.source, tt.err)
		}
		if err == nil && (e.HandedOut.IsZero() || e.Level != tt.level) {
			t.Errorf("pick %d: got handed out %v, level %v, want a time, %v", i, e.HandedOut, e.Level, tt.level)
		}
	}
	c, err := db.Count(ctx, logic.Easy)
	if want := (LevelCount{Level: logic.Easy, Total: 2, HandedOut: 2}); err != nil || c != want {
		t.Errorf("got %+v (%v), want %+v", c, err, want)
	}
}

// TestPickConcurrent hands out every puzzle once among goroutines with
// their own connections.
func TestPickConcurrent(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	const n = 60
	es := make([]Entry, n)
	for i := range es {
		es[i] = entry(t, i, logic.Medium)
	}
	add(t, db, es...)
	other, err := Open(ctx, db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var mu sync.Mutex
	var got []int64
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Go(func() {
			d := []*DB{db, other}[w%2]
			for {
				e, err := d.Pick(ctx, logic.Medium)
				if errors.Is(err, ErrEmpty) {
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

func TestDaily(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	var es []Entry
	for i := range 20 {
		es = append(es, entry(t, i, logic.Hard))
	}
	add(t, db, es...)
	paris := time.FixedZone("Paris", 3600)
	d1 := time.Date(2025, 6, 1, 23, 30, 0, 0, paris) // June 1 in Paris, June 1 22:30 UTC
	first, err := db.Daily(ctx, d1, logic.Hard)
	if err != nil {
		t.Fatal(err)
	}
	if first.Daily != "2025-06-01" || !first.HandedOut.IsZero() {
		t.Errorf("got daily %q, handed out %v, want 2025-06-01, not handed out", first.Daily, first.HandedOut)
	}
	add(t, db, entry(t, 100, logic.Hard)) // a growing bank keeps the day's choice
	for _, d := range []time.Time{d1, time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)} {
		again, err := db.Daily(ctx, d, logic.Hard)
		if err != nil || again.ID != first.ID {
			t.Errorf("daily of %v: got puzzle %d (%v), want %d", d, again.ID, err, first.ID)
		}
	}
	second, err := db.Daily(ctx, d1.AddDate(0, 0, 1), logic.Hard)
	if err != nil || second.ID == first.ID {
		t.Errorf("next day: got puzzle %d (%v), want another than %d", second.ID, err, first.ID)
	}
	seen := map[int64]bool{}
	for {
		e, err := db.Pick(ctx, logic.Hard)
		if errors.Is(err, ErrEmpty) {
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
	if _, err := db.Daily(ctx, d1.AddDate(0, 0, 2), logic.Hard); !errors.Is(err, ErrEmpty) {
		t.Errorf("got %v, want ErrEmpty", err)
	}
	if e, err := db.Daily(ctx, d1, logic.Hard); err != nil || e.ID != first.ID {
		t.Errorf("after the bank ran dry: got puzzle %d (%v), want %d", e.ID, err, first.ID)
	}
}

// TestDailyDeterministic: two banks with the same puzzles choose the same
// daily puzzle for a date, whatever was asked before.
func TestDailyDeterministic(t *testing.T) {
	ctx := context.Background()
	a, b := openTest(t), openTest(t)
	var es []Entry
	for i := range 50 {
		es = append(es, entry(t, i, logic.Easy))
	}
	add(t, a, es...)
	add(t, b, es...)
	day := time.Date(2030, 1, 15, 0, 0, 0, 0, time.UTC)
	ea, err := a.Daily(ctx, day, logic.Easy)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := b.Daily(ctx, day, logic.Easy)
	if err != nil || ea.Source != eb.Source {
		t.Errorf("got %q and %q (%v), want the same puzzle", ea.Source, eb.Source, err)
	}
	others := map[string]bool{}
	for i := range 10 {
		e, err := a.Daily(ctx, day.AddDate(0, 0, i+1), logic.Easy)
		if err != nil {
			t.Fatal(err)
		}
		others[e.Source] = true
	}
	if len(others) != 10 {
		t.Errorf("got %d different puzzles for 10 days, want 10", len(others))
	}
}

func TestStats(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	e := entry(t, 3, logic.Extreme)
	e.RatingVersion = "se-0.9"
	add(t, db, entry(t, 1, logic.Easy), entry(t, 2, logic.Easy), e)
	if _, err := db.Pick(ctx, logic.Easy); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Daily(ctx, time.Now(), logic.Easy); err != nil {
		t.Fatal(err)
	}
	st, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []LevelCount{
		{logic.Easy, 2, 1, 1, 0}, {Level: logic.Medium}, {Level: logic.Hard}, {Level: logic.Expert},
		{logic.Extreme, 1, 0, 0, 1}, {Level: logic.Diabolical},
	}
	if fmt.Sprint(st.Levels) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", st.Levels, want)
	}
	wantV := []VersionCount{{"se-0.9", 1}, {logic.RatingVersion, 2}}
	if fmt.Sprint(st.Versions) != fmt.Sprint(wantV) {
		t.Errorf("got %v, want %v", st.Versions, wantV)
	}
	if st.Path != db.Path() || st.Size <= 0 || st.Schema != 3 {
		t.Errorf("got path %q, size %d, schema %d, want %q, > 0, 3", st.Path, st.Size, st.Schema, db.Path())
	}
}

func TestExport(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	add(t, db, entry(t, 1, logic.Easy), entry(t, 2, logic.Hard), entry(t, 3, logic.Medium), entry(t, 4, logic.Easy))
	stop := errors.New("stop")
	tests := []struct {
		name   string
		levels []logic.Level
		stopAt int
		want   string
		err    error
	}{
		{"all", nil, 0, "[test 1 test 2 test 3 test 4]", nil},
		{"easy", []logic.Level{logic.Easy}, 0, "[test 1 test 4]", nil},
		{"easy and medium", []logic.Level{logic.Medium, logic.Easy}, 0, "[test 1 test 3 test 4]", nil},
		{"none of expert", []logic.Level{logic.Expert}, 0, "[]", nil},
		{"stopped", nil, 2, "[test 1 test 2]", stop},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			err := db.Export(ctx, func(e Entry) error {
				got = append(got, e.Source)
				if len(got) == tt.stopAt {
					return stop
				}
				return nil
			}, tt.levels...)
			if fmt.Sprint(got) != tt.want && !(len(got) == 0 && tt.want == "[]") || !errors.Is(err, tt.err) {
				t.Errorf("got %v, %v, want %v, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

func TestAddFill(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if _, ok, err := db.Cursor(ctx, logic.Easy, "none"); ok || err != nil {
		t.Fatalf("got a cursor (%v) in a new bank, want none", err)
	}
	c := Cursor{Level: logic.Easy, Symmetry: "none", Seed: 1 << 63, Next: 5}
	bad := entry(t, 9, logic.Easy)
	bad.Canonical = ""
	tests := []struct {
		name    string
		cur     Cursor
		entries []Entry
		wantErr bool
		next    int
		total   int
	}{
		{"first", c, []Entry{entry(t, 1, logic.Easy), entry(t, 2, logic.Easy)}, false, 5, 2},
		{"forward", Cursor{logic.Easy, "none", 1 << 63, 9}, []Entry{entry(t, 3, logic.Easy)}, false, 9, 3},
		{"no puzzles", Cursor{logic.Easy, "none", 1 << 63, 12}, nil, false, 12, 3},
		{"backward", Cursor{logic.Easy, "none", 1 << 63, 11}, []Entry{entry(t, 4, logic.Easy)}, true, 12, 3},
		{"other seed", Cursor{logic.Easy, "none", 7, 20}, []Entry{entry(t, 4, logic.Easy)}, true, 12, 3},
		{"bad entry keeps cursor", Cursor{logic.Easy, "none", 1 << 63, 20}, []Entry{entry(t, 4, logic.Easy), bad}, true, 12, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := db.AddFill(ctx, tt.cur, tt.entries)
			if (err != nil) != tt.wantErr {
				t.Errorf("got error %v, want error %v", err, tt.wantErr)
			}
			got, ok, err := db.Cursor(ctx, logic.Easy, "none")
			if !ok || err != nil || got.Next != tt.next || got.Seed != 1<<63 {
				t.Errorf("got cursor %+v (%v, %v), want next %d, seed %d", got, ok, err, tt.next, uint64(1<<63))
			}
			n, _ := db.Count(ctx, logic.Easy)
			if n.Total != tt.total {
				t.Errorf("got %d puzzles, want %d", n.Total, tt.total)
			}
		})
	}
	if _, ok, _ := db.Cursor(ctx, logic.Easy, "rot180"); ok {
		t.Error("got a cursor for rot180, want none: cursors are per symmetry")
	}
}

func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	add(t, db, entry(t, 1, logic.Easy))
	ro, err := OpenReadOnly(ctx, db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if c, err := ro.Count(ctx, logic.Easy); err != nil || c.Total != 1 {
		t.Errorf("got %d (%v), want 1", c.Total, err)
	}
	if _, _, err := ro.Add(ctx, []Entry{entry(t, 2, logic.Easy)}); err == nil {
		t.Error("got no error adding through a read-only bank, want one")
	}
	if _, err := OpenReadOnly(ctx, filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Error("got no error opening a missing bank read-only, want one")
	}
}
