// Package bank is the puzzle bank as the rest of the toolkit sees it: the
// stored puzzle (Entry), the counts, the fill cursors and leases, and the
// Store interface that package sqlite (one file, embedded) and package
// postgres (one server, several replicas) implement alike. Package
// banktest holds the tests every Store must pass.
//
// Vocabulary:
//
//   - An Entry is one stored puzzle, on any rules (NewEntry makes it from
//     a *sudoku.Board and its solution). A classic one (Rules "") holds
//     the puzzle and its solution, its rating (ER/EP/ED, level, rating
//     version), the symmetry of its clues, its clue count, its canonical
//     form, where it came from and when. One of other rules (another size,
//     jigsaw, killer...: Rules names the rule set) holds its plain line
//     form and its solution, unrated for now.
//   - A Kind is what a pick selects on: a classic level, or a rule set.
//   - The canonical form (generate.Canonical, as 81 digits) is unique in a
//     bank: a puzzle equivalent to one stored (the same up to the
//     symmetries of Sudoku and a relabelling of the digits) is a duplicate,
//     skipped and counted by Add. A puzzle of other rules is a duplicate
//     when its plain line (regions and cages labelled in reading order)
//     is stored.
//   - A puzzle is left when it is neither handed out nor a daily puzzle.
//     Pick hands out the oldest puzzle left of a level or rule set, once,
//     whoever asks and from wherever; Daily makes one classic puzzle the
//     daily puzzle of a date, the same for every caller.
//   - A Cursor records how far a fill has gone: the seed of its run and the
//     next puzzle number, per level and symmetry. AddFill stores puzzles and
//     moves the cursor in one transaction.
//   - A Lease is a fill's hold on a level: one fill of a level at a time.
//     Its owner names a process ("pid 1234 on host": ProcessOwner), so
//     that a fill killed on this machine frees it at once (ProcessGone).
//   - A Fill generates puzzles of a level, numbered in a run, with a
//     Generator the caller gives (package bankgen has the fill policy:
//     the generators of a level, of a technique and of other rules),
//     until the bank holds a target of the level left: StartFill takes
//     the lease, Run generates on workers and commits batches with the
//     cursor in number order.
//   - A TopUp keeps every level of a bank above a low-water mark while a
//     server runs: one worker, small batches, a bounded pass every minute,
//     and one top-up per bank at a time (TopUpLease).
//   - A Live bank is a server's: opened at start, or tried again until it
//     opens, so that a server starts whatever state its bank is in.
//   - Levels, ratings and the techniques a puzzle needs are stored in the
//     bank's own types (Level, Rating, Trained, Need), which mirror package
//     logic's: callers convert, and the bank and its stores depend on
//     nothing but the root package and their database driver.
package bank

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"sudoku"
)

// Errors callers branch on; they come wrapped with details.
var (
	// ErrEmpty: no puzzle of the level is left.
	ErrEmpty = errors.New("no puzzle left")
	// ErrInvalidEntry: Add was given an entry it cannot store.
	ErrInvalidEntry = errors.New("invalid entry")
	// ErrSchemaTooNew: the database was migrated by a newer program.
	ErrSchemaTooNew = errors.New("database schema is newer than this program")
	// ErrLeased: another fill holds the level's lease.
	ErrLeased = errors.New("another fill of the level is running")
)

// LeaseTTL is how long a fill's lease lasts without being renewed: a fill
// renews it every LeaseTTL/6, so a lease older than this belongs to a fill
// that was killed, and may be taken over.
const LeaseTTL = 30 * time.Second

// DateFormat is how daily dates are written.
const DateFormat = "2006-01-02"

// ParseGrid reads a stored 81-character line, '.' for empty.
func ParseGrid(s string) (sudoku.Grid, error) {
	var g sudoku.Grid
	if len(s) != 81 {
		return g, fmt.Errorf("stored grid has %d characters, want 81", len(s))
	}
	for i := range 81 {
		switch c := s[i]; {
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		case c != '.':
			return g, fmt.Errorf("stored grid has %q at %d", c, i+1)
		}
	}
	return g, nil
}

// FormatNeeds writes needs as stored in one text column:
// "technique/kind" items joined by ";".
func FormatNeeds(needs []Trained) string {
	parts := make([]string, len(needs))
	for i, n := range needs {
		parts[i] = n.Technique + "/" + n.Before
	}
	return strings.Join(parts, ";")
}

// ParseNeeds reads what FormatNeeds writes (in any order: a database
// aggregates rows in its own), sorted by technique, then kind.
func ParseNeeds(s string) []Trained {
	if s == "" {
		return nil
	}
	var out []Trained
	for _, part := range strings.Split(s, ";") {
		t, k, _ := strings.Cut(part, "/")
		out = append(out, Trained{Technique: t, Before: k})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Technique != out[j].Technique {
			return out[i].Technique < out[j].Technique
		}
		return out[i].Before < out[j].Before
	})
	return out
}

// LevelCount counts the puzzles of a level.
type LevelCount struct {
	Level     Level
	Total     int // stored
	HandedOut int // handed out by Pick
	Daily     int // chosen as daily puzzles
	Left      int // neither: what Pick can still hand out
}

// Stats describes the whole bank.
type Stats struct {
	Path     string       // the file, or the server and database (no password)
	Size     int64        // bytes the bank takes
	Levels   []LevelCount // every level, Easy first, also when empty
	Versions []VersionCount
	Schema   int          // migrations applied
	Rules    []RulesCount // every rule set of other rules stored, by name
}

// VersionCount counts the puzzles rated with one rating version.
type VersionCount struct {
	Version string
	Count   int
}

// Total returns the number of classic puzzles in the bank (those of the
// levels).
func (s *Stats) Total() (n int) {
	for _, l := range s.Levels {
		n += l.Total
	}
	return n
}

// Cursor is how far the fill of a level and symmetry has gone: puzzles
// are numbered 0, 1, 2, ... in a run seeded with Seed, and every number
// below Next has been tried and its puzzle, if it made one, stored.
type Cursor struct {
	Level    Level
	Symmetry string
	Seed     uint64
	Next     int
}

// LeaseError says who holds a level's lease; it wraps ErrLeased.
type LeaseError struct {
	Level       Level
	Owner       string
	Since, Seen time.Time
}

func (e *LeaseError) Error() string {
	return fmt.Sprintf("another fill of %v is running on this bank (%s, since %s, last seen %s ago; a fill that was killed frees it %s after)",
		e.Level, e.Owner, e.Since.Local().Format("15:04:05"), time.Since(e.Seen).Round(time.Second), LeaseTTL)
}

func (e *LeaseError) Unwrap() error { return ErrLeased }

// Lease is a fill's hold on a level: while it holds it, no other fill of
// the level starts.
type Lease interface {
	// Renew marks the lease seen now; it fails if the lease was taken over.
	Renew(ctx context.Context) error
	// Release gives the lease up.
	Release(ctx context.Context) error
}

// PickSpec asks PickAll for N puzzles of a kind: a classic level or a
// rule set of other rules. It writes as its kind does.
type PickSpec struct {
	Kind
	N int
}

// ShortError is PickAll's error when a spec finds too few puzzles left;
// it wraps ErrEmpty.
type ShortError struct {
	Spec PickSpec
	Left int
}

func (e *ShortError) Error() string {
	return fmt.Sprintf("%v: %d wanted, %d left", e.Spec, e.Spec.N, e.Left)
}

func (e *ShortError) Unwrap() error { return ErrEmpty }

// Picked is what PickAll hands out for one PickSpec, oldest first.
type Picked struct {
	Entries []Entry
}

// Keep renews l every LeaseTTL/6 until ctx is done.
func Keep(ctx context.Context, l Lease) {
	tickUntil(ctx, LeaseTTL/6, func() bool { l.Renew(ctx); return false })
}

// tickUntil calls f every d until f returns true or ctx is done.
func tickUntil(ctx context.Context, d time.Duration, f func() bool) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if f() {
				return
			}
		}
	}
}

// Store is a puzzle bank. Implementations are safe for concurrent use, and
// several processes (several machines, for a server database) may use one
// bank at once: Pick never hands a puzzle out twice, Daily gives every
// caller the same puzzle, AddFill and leases keep fills apart.
//
// Entries of both kinds go through the same methods: classic ones (rated,
// by level) and those of other rules (by rule set). The stores keep them
// in tables of their own, the classic ones with their ratings, needs and
// daily dates, and choose the table by the entry's or the kind's rules;
// the methods that take a level (PickCount, PickNeed, Daily, Count,
// Cursor, AddFill's cursor, leases) are the classic puzzles'.
type Store interface {
	// Add stores entries, classic or of other rules, in one transaction:
	// all of them or, on error, none. A duplicate (a classic puzzle whose
	// canonical form is stored already, a puzzle of other rules whose
	// plain line is, or either earlier in entries) is skipped and counted.
	Add(ctx context.Context, entries []Entry) (added, dupes int, err error)
	// Pick hands out the oldest puzzle of the kind (the level, or the rule
	// set) that is left and marks it handed out, atomically; an error
	// wrapping ErrEmpty when none is.
	Pick(ctx context.Context, kind Kind) (Entry, error)
	// PickCount is Pick, and counts the level afterwards, in one
	// transaction: when anything fails, nothing is handed out.
	PickCount(ctx context.Context, level Level) (Entry, LevelCount, error)
	// PickNeed hands out the oldest puzzle left that needs one of the
	// need's techniques (with its only-before kind), as Pick does; an
	// error wrapping ErrEmpty when none is.
	PickNeed(ctx context.Context, need Need) (Entry, error)
	// CountNeed counts the puzzles left that need one of the need's
	// techniques.
	CountNeed(ctx context.Context, need Need) (int, error)
	// PickAll hands out, in one transaction, the puzzles every spec asks
	// for (oldest first; specs of the same level or rule set get
	// different puzzles) and calls use with them, one Picked per spec,
	// before it commits. When a spec finds too few puzzles left (an error
	// wrapping ErrEmpty) or use returns an error, the transaction is
	// rolled back: nothing is handed out. What use does that cannot be
	// undone should come last in it (as renaming a finished file).
	PickAll(ctx context.Context, specs []PickSpec, use func([]Picked) error) error
	// Daily returns the daily puzzle of the level for date's day: the same
	// puzzle for the same day, every call, from every replica.
	Daily(ctx context.Context, date time.Time, level Level) (Entry, error)
	// Count counts the puzzles of one level.
	Count(ctx context.Context, level Level) (LevelCount, error)
	// Stats describes the bank: the levels, and the rule sets of other
	// rules.
	Stats(ctx context.Context) (Stats, error)
	// Export calls f with every puzzle of the kinds, the classic ones
	// first, then those of other rules, each oldest first (every puzzle
	// when no kind is given), stopping at f's first error.
	Export(ctx context.Context, f func(Entry) error, kinds ...Kind) error
	// Cursor returns the fill cursor of level and symmetry; ok is false
	// when no fill of them has committed yet.
	Cursor(ctx context.Context, level Level, symmetry string) (c Cursor, ok bool, err error)
	// AddFill stores entries (as Add does) and moves the cursor to c, in
	// one transaction. The cursor only moves forward, and its seed cannot
	// change.
	AddFill(ctx context.Context, c Cursor, entries []Entry) (added, dupes int, err error)
	// TakeLease takes the fill lease of level for owner, or returns a
	// *LeaseError when another owner holds a lease seen less than LeaseTTL
	// ago, unless dead (when not nil) says that owner is gone.
	TakeLease(ctx context.Context, level Level, owner string, dead func(owner string) bool) (Lease, error)
	// Writable checks that the bank can be written.
	Writable(ctx context.Context) error
	// IntegrityCheck checks the stored data.
	IntegrityCheck(ctx context.Context) error
	// Ping checks that the bank answers.
	Ping(ctx context.Context) error
	// Path names the bank for people: a file, or a server and database
	// (never a password).
	Path() string
	Close() error
}

// Migration is one numbered schema change of a bank's database.
type Migration struct {
	Version int
	Name    string // the file's name, NNNN_what.sql
	SQL     string
}

// LoadMigrations reads the .sql files of fsys's migrations directory,
// sorted by number. The numbers must run 1, 2, 3, ... without a gap, so a
// missing or doubled file is caught before anything is applied.
func LoadMigrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: want a name NNNN_what.sql with NNNN from 1", base)
		}
		text, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: base, SQL: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration %s: got number %d, want %d (numbers run 1, 2, 3, ... once each)", m.Name, m.Version, i+1)
		}
	}
	return ms, nil
}

// DailyOffset is the place, among the n puzzles of a level left, of the
// daily puzzle of day (2006-01-02): spread over the puzzles, the same for
// every bank holding the same puzzles.
func DailyOffset(day string, level Level, n int64) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", day, int(level))
	return int64(h.Sum64() % uint64(n))
}
