package api

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"time"
)

// This file bounds how much work runs at once. Heavy requests (hints,
// explanations, ratings, generation, rendering, photo scans, the slow
// engines) are first read in full, each within Limits.BodyTimeout, so that
// a slow client holds no slot; then they pass a gate per route, then a
// pool shared by every heavy route: at most Limits.Heavy of them compute
// at once, leaving a core to the cheap requests (solve, parse), which pass
// no gate. A request that finds its route's queue full, or waits longer
// than Limits.QueueWait, gets 503 busy with Retry-After at once: the
// server sheds load instead of piling it up. Memory follows from the same
// bounds: each heavy request holds at most what one computation needs, so
// after a burst the heap shrinks back as the garbage collector returns the
// freed pages. Bodies being read are bounded in size and time each
// (Limits.Body or Upload, BodyTimeout), not in number.

// errBusy means the route's queue is full: 503 with Retry-After.
var errBusy = errors.New("the server is busy")

// ErrBusy is returned to clients as code "busy" (503, Retry-After).
var ErrBusy = errBusy

// gate lets at most cap(slots) requests work at once, and at most
// cap(queue) be inside (working or waiting).
type gate struct {
	slots chan struct{}
	queue chan struct{}
	wait  time.Duration
}

func newGate(work, queue int, wait time.Duration) *gate {
	return &gate{slots: make(chan struct{}, work), queue: make(chan struct{}, work+queue), wait: wait}
}

// enter waits for a slot: it returns the function that frees it, errBusy
// when the queue is full or the wait too long, or ctx's error.
func (g *gate) enter(ctx context.Context) (func(), error) {
	select {
	case g.queue <- struct{}{}:
	default:
		return nil, errBusy
	}
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots; <-g.queue }, nil
	default:
	}
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots; <-g.queue }, nil
	case <-t.C:
		<-g.queue
		return nil, errBusy
	case <-ctx.Done():
		<-g.queue
		return nil, ctx.Err()
	}
}

// limiter holds the gates of the heavy routes and the pool they share.
type limiter struct {
	pool  *gate
	scans *gate
	route map[string]*gate
}

func newLimiter(l Limits) *limiter {
	return &limiter{
		pool:  newGate(l.Heavy, 1<<16, l.QueueWait),
		scans: newGate(l.Scans, l.Queue, l.QueueWait),
		route: map[string]*gate{},
	}
}

// heavy wraps a heavy route: the body is read first (readBody, within
// Limits.BodyTimeout), then the route's gate and the shared pool are
// passed, so that only requests whose input is complete wait for compute.
func (s *Server) heavy(name string, h http.HandlerFunc) http.HandlerFunc {
	g, limit := newGate(s.Limits.Heavy, s.Limits.Queue, s.Limits.QueueWait), s.Limits.Body
	if name == "scan" {
		g, limit = s.limits.scans, s.Limits.Upload
	}
	s.limits.route[name] = g
	return func(w http.ResponseWriter, r *http.Request) {
		if err := s.readBody(w, r, limit); err != nil {
			writeError(w, r, err)
			return
		}
		free, err := s.enterHeavy(r.Context(), g)
		if err != nil {
			writeError(w, r, err)
			return
		}
		defer free()
		h(w, r)
	}
}

// enterHeavy passes gate g, then the shared pool.
func (s *Server) enterHeavy(ctx context.Context, g *gate) (func(), error) {
	free, err := g.enter(ctx)
	if err != nil {
		return nil, err
	}
	freePool, err := s.limits.pool.enter(ctx)
	if err != nil {
		free()
		return nil, err
	}
	return func() { freePool(); free() }, nil
}

// defaultHeavy is the number of heavy requests computing at once: one core
// is left to the cheap requests when there are several.
func defaultHeavy() int { return max(1, runtime.GOMAXPROCS(0)-1) }
