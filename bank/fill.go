package bank

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// Generator makes puzzle number n of a fill's run seeded with seed: the
// entry to store and the puzzles tried to make it, or an error when it
// gave up on that number. It must make the same puzzle for the same seed
// and number, so that a fill resumes from its cursor; it may stop with
// ctx's error when ctx is done.
type Generator func(ctx context.Context, seed uint64, n int) (e Entry, tries int, err error)

// Fill is what a fill is asked to do: generate puzzles of a level and
// symmetry until the bank holds Target puzzles of the level left or, with
// Need, puzzles that need a technique until the bank holds Target of them.
type Fill struct {
	Level    Level
	Symmetry string
	Target   int    // puzzles of the level left when done
	Batch    int    // puzzles committed per transaction (at least 1)
	Workers  int    // puzzles generated at once (at least 1)
	Max      int    // the most numbers to try in this fill; 0: no bound
	Seed     uint64 // the seed of the run, on the level and symmetry's first fill
	// SeedSet says that Seed was asked for: a run of another seed is then
	// an error (a *SeedError) rather than gone on with.
	SeedSet bool
	Owner   string                  // the lease's owner, for people: "pid 1234 on host"
	Dead    func(owner string) bool // see Store.TakeLease; may be nil
	Make    Generator
	Step    func() // called as each numbered puzzle is done (progress); may be nil
	// Need, when set, makes the fill one of puzzles that need it, of any
	// level: Target counts them (CountNeed), and they are stored as they
	// come (Add), without a lease or a cursor: the numbers run from 0 each
	// time, and the puzzles stored before come again as duplicates.
	Need *Need
}

// FillReport says what a fill did.
type FillReport struct {
	Added, Dupes, GaveUp int // puzzles stored, skipped as duplicates, given up on
	Tries                int // puzzles tried in all
	// Cursor is where the run is: its seed, and the next number. The
	// numbers generated run from Cursor.Next-(Added+Dupes+GaveUp).
	Cursor      Cursor
	Left        int  // puzzles of the level left at the end
	Interrupted bool // ctx was done before the target was reached
}

// SeedError is StartFill's error when Fill.SeedSet asks for a seed other
// than the one the level and symmetry's run has.
type SeedError struct {
	Level       Level
	Symmetry    string
	Asked, Seed uint64
}

func (e *SeedError) Error() string {
	return fmt.Sprintf("seed %d: the %v %v fill of this bank has seed %d; it goes on with it", e.Asked, e.Level, e.Symmetry, e.Seed)
}

// A Filling is a fill under way. A fill of a level holds the level's
// lease, renewed in the background, from StartFill until Run returns: one
// fill of a level runs at a time on a bank, whatever process or machine
// runs it.
type Filling struct {
	spec   Fill
	db     Store
	bg     context.Context // the bank's writes outlive the caller's ctx
	lease  Lease
	stop   func() // stops renewing the lease
	rep    FillReport
	need   int     // puzzles to add
	first  int     // the cursor's Next at the last commit
	tried  int     // numbers emitted
	batch  []Entry // generated, not committed yet
	done   bool    // target reached, interrupted or failed
	err    error
	window chan struct{} // numbers taken and not yet emitted, bounded
}

// StartFill takes the lease of the fill's level (a *LeaseError when
// another fill holds it), reads the cursor of its level and symmetry and
// counts the puzzles left (a fill for a Need only counts). Run must
// follow: it gives the lease up.
func StartFill(ctx context.Context, db Store, spec Fill) (*Filling, error) {
	bg := context.WithoutCancel(ctx)
	if spec.Need != nil {
		f := &Filling{spec: spec, db: db, bg: bg, stop: func() {}, rep: FillReport{Cursor: Cursor{Seed: spec.Seed}}}
		if err := f.count(); err != nil {
			return nil, err
		}
		return f, nil
	}
	lease, err := db.TakeLease(bg, spec.Level, spec.Owner, spec.Dead)
	if err != nil {
		return nil, err
	}
	keep, stop := context.WithCancel(bg)
	go Keep(keep, lease)
	f := &Filling{spec: spec, db: db, bg: bg, lease: lease, stop: stop}
	if err := f.start(); err != nil {
		f.release()
		return nil, err
	}
	return f, nil
}

// start reads the cursor and the puzzles left.
func (f *Filling) start() error {
	cur, ok, err := f.db.Cursor(f.bg, f.spec.Level, f.spec.Symmetry)
	if err != nil {
		return err
	}
	cur.Level, cur.Symmetry = f.spec.Level, f.spec.Symmetry
	switch {
	case !ok:
		cur.Seed = f.spec.Seed
	case f.spec.SeedSet && cur.Seed != f.spec.Seed:
		return &SeedError{Level: f.spec.Level, Symmetry: f.spec.Symmetry, Asked: f.spec.Seed, Seed: cur.Seed}
	}
	f.rep.Cursor, f.first = cur, cur.Next
	return f.count()
}

// count counts the puzzles left, and those the fill is to add.
func (f *Filling) count() error {
	var err error
	if f.spec.Need != nil {
		f.rep.Left, err = f.db.CountNeed(f.bg, *f.spec.Need)
	} else {
		var c LevelCount
		c, err = f.db.Count(f.bg, f.spec.Level)
		f.rep.Left = c.Left
	}
	f.need = f.spec.Target - f.rep.Left
	return err
}

func (f *Filling) release() {
	f.stop()
	if f.lease != nil {
		f.lease.Release(f.bg)
	}
}

// Run generates puzzles until the bank holds the target, ctx is done or
// the bank fails, then gives the lease up. Puzzles are numbered from the
// cursor on, generated on Workers goroutines and committed in number
// order, Batch at a time, each batch in one transaction with the cursor:
// an interrupted fill (ctx done, a crash, kill -9) loses nothing it
// committed, and the next fill goes on from the cursor. When ctx is done
// the puzzles finished are committed (the bank's writes outlive ctx) and
// the report says Interrupted. The report holds what was done also with
// an error.
func (f *Filling) Run(ctx context.Context) (FillReport, error) {
	defer f.release()
	if f.need > 0 {
		f.generate(ctx)
		f.commit()
	}
	if err := f.count(); f.err == nil {
		f.err = err
	}
	return f.rep, f.err
}

// outcome is one numbered puzzle of a fill, or why there is none.
type outcome struct {
	n        int
	entry    Entry
	tries    int
	err      error
	canceled bool // not generated: the fill was interrupted
}

// generate runs the workers and emits their outcomes in number order
// until the fill is done. At most 4 numbers per worker are taken and not
// yet emitted, so one slow puzzle does not let the others run ahead
// without bound.
func (f *Filling) generate(ctx context.Context) {
	workers := max(1, f.spec.Workers)
	f.window = make(chan struct{}, 4*workers)
	results := make(chan outcome, workers)
	quit := make(chan struct{})
	var next atomic.Int64
	next.Store(int64(f.rep.Cursor.Next))
	seed := f.rep.Cursor.Seed
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { f.worker(ctx, seed, &next, results, quit) })
	}
	go func() { wg.Wait(); close(results) }()
	pending := map[int]outcome{}
	want := f.rep.Cursor.Next
	for o := range results {
		if f.done {
			continue // draining: the workers are stopping
		}
		pending[o.n] = o
		for p, ok := pending[want]; ok && !f.done; p, ok = pending[want] {
			delete(pending, want)
			f.emit(p)
			want++
			<-f.window
		}
		if f.done {
			close(quit)
		}
	}
}

// worker generates the numbers it takes until quit is closed.
func (f *Filling) worker(ctx context.Context, seed uint64, next *atomic.Int64, results chan<- outcome, quit <-chan struct{}) {
	for {
		select {
		case f.window <- struct{}{}:
		case <-quit:
			return
		}
		select {
		case <-quit:
			return
		default:
		}
		o := f.work(ctx, seed, int(next.Add(1)-1))
		select {
		case results <- o:
		case <-quit:
			return
		}
	}
}

// work generates puzzle number n, unless ctx is done.
func (f *Filling) work(ctx context.Context, seed uint64, n int) outcome {
	if ctx.Err() != nil {
		return outcome{n: n, canceled: true}
	}
	e, tries, err := f.spec.Make(ctx, seed, n)
	if err != nil && ctx.Err() != nil {
		return outcome{n: n, canceled: true}
	}
	if err == nil && f.spec.Need == nil && e.Level != f.spec.Level {
		err = fmt.Errorf("got a %v puzzle (ER %v), want %v", e.Level, e.ER, f.spec.Level)
	}
	return outcome{n: n, entry: e, tries: tries, err: err}
}

// emit takes the outcome of the next number.
func (f *Filling) emit(o outcome) {
	if f.spec.Step != nil {
		f.spec.Step()
	}
	if o.canceled {
		f.rep.Interrupted, f.done = true, true
		return
	}
	f.rep.Tries += o.tries
	f.rep.Cursor.Next = o.n + 1
	f.tried++
	if o.err != nil {
		f.rep.GaveUp++
	} else {
		f.batch = append(f.batch, o.entry)
	}
	if len(f.batch) >= max(1, f.spec.Batch) || f.rep.Added+len(f.batch) >= f.need {
		f.commit()
	}
	if f.rep.Added >= f.need || f.spec.Max > 0 && f.tried >= f.spec.Max {
		f.done = true
	}
}

// commit stores the batch and moves the cursor, in one transaction.
func (f *Filling) commit() {
	if f.err != nil || len(f.batch) == 0 && (f.spec.Need != nil || f.rep.Cursor.Next == f.first) {
		return
	}
	var added, dupes int
	var err error
	if f.spec.Need != nil {
		added, dupes, err = f.db.Add(f.bg, f.batch)
	} else {
		added, dupes, err = f.db.AddFill(f.bg, f.rep.Cursor, f.batch)
	}
	if err != nil {
		f.err, f.done = err, true
		return
	}
	f.rep.Added += added
	f.rep.Dupes += dupes
	f.first = f.rep.Cursor.Next
	f.batch = f.batch[:0]
}
