package bank

import (
	"context"
	"errors"
	"time"
)

// TopUpLease is the lease a TopUp pass holds on the whole bank (a key of
// the leases that no level uses): of several servers sharing a bank, one
// tops it up at a time.
const TopUpLease Level = -1

// Defaults of a TopUp.
const (
	TopUpEvery   = time.Minute // between passes
	TopUpPerPass = 200         // puzzle numbers tried per pass
	TopUpBatch   = 10          // puzzles committed per transaction
)

// Mark is a level's low-water mark and the level it is filled back to.
type Mark struct {
	Level     Level
	Low, High int // when fewer than Low are left, fill to High
}

// LevelFill is what a TopUp pass did for one level.
type LevelFill struct {
	Level Level
	FillReport
	Took time.Duration
	Err  error // a *LeaseError when a fill of the level was running
}

// TopUp keeps every level of a bank above its low-water mark while a
// server runs. A pass looks at the levels in the order of Marks and fills
// each one that has fewer than Low puzzles left back to High: one worker,
// Batch puzzles per transaction, at most PerPass puzzle numbers tried in
// the pass. Run makes a first pass at once, which fills every level below
// its high mark (a server's bank is topped up as it starts), then one
// every Every, which fill the levels below their low marks. A pass holds
// TopUpLease, and each level's lease while it fills it: when another
// server's top-up holds the bank, the pass is skipped (ErrLeased), and a
// level another fill holds is left to it.
type TopUp struct {
	Marks   []Mark
	Every   time.Duration // between passes; 0 means TopUpEvery
	PerPass int           // puzzle numbers tried per pass; 0 means TopUpPerPass
	Batch   int           // puzzles committed per transaction; 0 means TopUpBatch
	Seed    uint64        // the seed of a level's run, on its first fill
	Owner   string        // the leases' owner: ProcessOwner("serve")
	Dead    func(owner string) bool
	Make    func(level Level) Generator // the generator of a level's fill
	// Tick is the clock: a channel that delivers once d has passed;
	// time.After when nil.
	Tick func(d time.Duration) <-chan time.Time
	// Filled, when set, is called after each fill of a level.
	Filled func(LevelFill)
	// Passed, when set, is called after each pass of Run with the fills
	// it ran (none when every level was above its mark) and its error.
	Passed func(fills []LevelFill, err error)
}

// Run makes a first pass (levels below their high marks), then one every
// Every (levels below their low marks), until ctx is done.
func (t *TopUp) Run(ctx context.Context, db Store) {
	for first := true; ; first = false {
		fills, err := t.pass(ctx, db, first)
		if ctx.Err() != nil {
			return
		}
		if t.Passed != nil {
			t.Passed(fills, err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.tick(or(t.Every, TopUpEvery)):
		}
	}
}

func (t *TopUp) tick(d time.Duration) <-chan time.Time {
	if t.Tick != nil {
		return t.Tick(d)
	}
	return time.After(d)
}

// or returns v, or def when v is 0 or less.
func or[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Pass makes one pass over the levels, filling those below their low
// marks: it returns the fills it ran, and ErrLeased (a *LeaseError) when
// another top-up holds the bank.
func (t *TopUp) Pass(ctx context.Context, db Store) ([]LevelFill, error) {
	return t.pass(ctx, db, false)
}

// pass is Pass; first fills the levels below their high marks.
func (t *TopUp) pass(ctx context.Context, db Store, first bool) ([]LevelFill, error) {
	bg := context.WithoutCancel(ctx)
	lease, err := db.TakeLease(bg, TopUpLease, t.Owner, t.Dead)
	if err != nil {
		return nil, err
	}
	keep, stop := context.WithCancel(bg)
	go Keep(keep, lease)
	defer func() { stop(); lease.Release(bg) }()
	var fills []LevelFill
	budget := or(t.PerPass, TopUpPerPass)
	for _, m := range t.Marks {
		if ctx.Err() != nil || budget <= 0 {
			break
		}
		c, err := db.Count(ctx, m.Level)
		if err != nil {
			return fills, err
		}
		if c.Left >= m.Low && (!first || c.Left >= m.High) {
			continue
		}
		lf := t.fill(ctx, db, m, budget)
		fills = append(fills, lf)
		if t.Filled != nil {
			t.Filled(lf)
		}
		budget -= lf.Added + lf.Dupes + lf.GaveUp
		if lf.Err != nil && !errors.Is(lf.Err, ErrLeased) {
			return fills, lf.Err
		}
	}
	return fills, nil
}

// fill fills one level to its high mark, trying at most limit numbers.
func (t *TopUp) fill(ctx context.Context, db Store, m Mark, limit int) LevelFill {
	start := time.Now()
	lf := LevelFill{Level: m.Level}
	f, err := StartFill(ctx, db, Fill{Level: m.Level, Symmetry: "none", Target: m.High, Batch: or(t.Batch, TopUpBatch),
		Workers: 1, Max: limit, Seed: t.Seed, Owner: t.Owner, Dead: t.Dead, Make: t.Make(m.Level)})
	if err == nil {
		lf.FillReport, err = f.Run(ctx)
	}
	lf.Took, lf.Err = time.Since(start), err
	return lf
}
