package bank

import (
	"context"
	"errors"
	"sync"
	"time"
)

// LiveRetry is how often a Live bank that is not open tries again, unless
// its Every says otherwise.
const LiveRetry = 5 * time.Second

// ErrNotOpen is Live.Store's error before the first try to open the bank.
var ErrNotOpen = errors.New("the bank is not open yet")

// Live is the bank of a server: opened at start or, when it cannot be (a
// database down or unreachable, a corrupt or read-only file), tried again
// every Every until it opens, so that a server starts, and serves what
// needs no bank, whatever state its bank is in. Its methods are safe for
// concurrent use.
type Live struct {
	// Open opens the bank (and checks it: writable, intact).
	Open func(ctx context.Context) (Store, error)
	// Every is the time between tries; 0 means LiveRetry.
	Every time.Duration
	// Failed, when set, is called when a try fails for another cause
	// than the try before: a log says each cause once.
	Failed func(err error)
	// Opened, when set, is called once with the bank when it opens.
	Opened func(ctx context.Context, db Store)

	mu   sync.Mutex
	db   Store
	err  error  // why there is no bank yet
	said string // the cause last given to Failed
	shut bool   // closed: a bank that opens now is closed at once
}

// Start tries to open the bank, and reports whether it did; when it did
// not, it tries again in the background every Every until the bank opens
// or ctx is done.
func (b *Live) Start(ctx context.Context) bool {
	if b.open(ctx) {
		return true
	}
	go b.retry(ctx)
	return false
}

// open tries to open the bank once; after Close it does not try.
func (b *Live) open(ctx context.Context) bool {
	b.mu.Lock()
	shut := b.shut
	b.mu.Unlock()
	if shut {
		return true
	}
	db, err := b.Open(ctx)
	b.mu.Lock()
	if err != nil {
		b.err = err
		report := err.Error() != b.said
		b.said = err.Error()
		b.mu.Unlock()
		if report && b.Failed != nil {
			b.Failed(err)
		}
		return false
	}
	if b.shut {
		b.mu.Unlock()
		db.Close()
		return true
	}
	b.db, b.err = db, nil
	b.mu.Unlock()
	if b.Opened != nil {
		b.Opened(ctx, db)
	}
	return true
}

// retry opens the bank every Every until it is open or ctx is done.
func (b *Live) retry(ctx context.Context) {
	tickUntil(ctx, or(b.Every, LiveRetry), func() bool { return b.open(ctx) })
}

// Store returns the bank when it is open; otherwise the error says why
// not: the cause of the last try, or ErrNotOpen.
func (b *Live) Store() (Store, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.db != nil:
		return b.db, nil
	case b.err != nil:
		return nil, b.err
	}
	return nil, ErrNotOpen
}

// Close closes the bank, if it is open, and stops the tries.
func (b *Live) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.shut = true
	if b.db == nil {
		return nil
	}
	return b.db.Close()
}
