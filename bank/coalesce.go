package bank

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// PickMany hands out, in one transaction, up to want[level] puzzles of
// each level, oldest first: what a Coalescer runs.
type PickMany func(ctx context.Context, want map[Level]int) (map[Level][]Entry, error)

// maxBatch bounds the picks one transaction serves.
const maxBatch = 256

// pickTimeout bounds one batch: the callers it serves wait for it whatever
// their own contexts say, since a puzzle the batch hands out must reach
// its caller.
const pickTimeout = 30 * time.Second

// Coalescer serves concurrent picks together, as a database commits
// concurrent transactions together: while one batch is being handed out,
// the picks that arrive wait, and the next batch serves all of them, of
// every level, in one transaction (one statement per level). An idle bank
// serves a pick at once; a busy one pays one commit for many picks
// instead of one each, and its picks never wait for each other's locks:
// fifty clients picking at once wait for a batch or two, not for
// forty-nine commits.
type Coalescer struct {
	pick    PickMany
	mu      sync.Mutex
	waiting []pickRequest
	running bool
}

type pickRequest struct {
	level Level
	done  chan pickResult
}

type pickResult struct {
	e   Entry
	err error
}

// NewCoalescer returns a Coalescer running pick.
func NewCoalescer(pick PickMany) *Coalescer { return &Coalescer{pick: pick} }

// Pick hands out one puzzle of the level: the oldest left, once. It
// returns an error wrapping ErrEmpty when none is left.
func (c *Coalescer) Pick(level Level) (Entry, error) {
	done := make(chan pickResult, 1)
	c.mu.Lock()
	c.waiting = append(c.waiting, pickRequest{level, done})
	if !c.running {
		c.running = true
		go c.run()
	}
	c.mu.Unlock()
	r := <-done
	return r.e, r.err
}

// run serves the waiting picks, batch after batch, until none waits.
func (c *Coalescer) run() {
	for {
		c.mu.Lock()
		n := min(len(c.waiting), maxBatch)
		if n == 0 {
			c.running = false
			c.mu.Unlock()
			return
		}
		batch := c.waiting[:n:n]
		c.waiting = c.waiting[n:]
		c.mu.Unlock()
		c.serve(batch)
	}
}

// serve hands out one batch and gives each request its puzzle.
func (c *Coalescer) serve(batch []pickRequest) {
	want := map[Level]int{}
	for _, r := range batch {
		want[r.level]++
	}
	ctx, cancel := context.WithTimeout(context.Background(), pickTimeout)
	got, err := c.pick(ctx, want)
	cancel()
	for _, r := range batch {
		switch es := got[r.level]; {
		case err != nil:
			r.done <- pickResult{err: err}
		case len(es) > 0:
			r.done <- pickResult{e: es[0]}
			got[r.level] = es[1:]
		default:
			r.done <- pickResult{err: fmt.Errorf("pick %v: %w", r.level, ErrEmpty)}
		}
	}
}
