package api

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
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
// (Limits.Body or Upload, BodyTimeout), not in number. A heavy reply is
// built in memory inside the slot and written after it is given back,
// within Limits.ReplyTimeout: a client that never reads its answer holds
// a connection, not a slot.

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
		if check := classicOnly[name]; check && !s.classicPuzzle(w, r) {
			return
		}
		if rep := s.computeHeavy(w, r, g, h); rep != nil {
			s.sendReply(w, r, rep)
		}
	}
}

// classicOnly names the heavy routes that take classic puzzles only:
// their puzzle is read before the gate, so that another rule set is
// refused at once, not after a wait for a slot (or a 503 busy).
var classicOnly = map[string]bool{"rate": true}

// classicPuzzle reads the request's puzzle (the body is in memory) as a
// classic grid, writes the error when it is not one, and leaves the body
// to be read again by the handler.
func (s *Server) classicPuzzle(w http.ResponseWriter, r *http.Request) bool {
	var req puzzleRequest
	err := s.decode(w, r, &req)
	if err == nil {
		_, err = parsePuzzle("puzzle", req.Puzzle)
	}
	if mb, ok := r.Body.(memBody); ok {
		mb.Seek(0, io.SeekStart)
	}
	if err != nil {
		writeError(w, r, err)
		return false
	}
	return true
}

// computeHeavy passes gate g and the pool, runs h into a reply kept in
// memory and gives the slot back: the reply is written after (sendReply),
// so a client that does not read it holds no slot. nil when the request
// got no slot (the error is written).
func (s *Server) computeHeavy(w http.ResponseWriter, r *http.Request, g *gate, h http.HandlerFunc) *reply {
	free, err := s.enterHeavy(r.Context(), g)
	if err != nil {
		writeError(w, r, err)
		return nil
	}
	defer free()
	rep := &reply{header: http.Header{}}
	h(rep, r)
	return rep
}

// reply is a heavy route's answer, built before it is written.
type reply struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *reply) Header() http.Header { return p.header }

func (p *reply) WriteHeader(code int) {
	if p.status == 0 {
		p.status = code
	}
}

func (p *reply) Write(b []byte) (int, error) {
	if p.status == 0 {
		p.status = http.StatusOK
	}
	return p.body.Write(b)
}

// sendReply writes rep to the client within Limits.ReplyTimeout; a client
// that has not read it by then loses the connection, and the log line
// says so.
func (s *Server) sendReply(w http.ResponseWriter, r *http.Request, rep *reply) {
	for k, v := range rep.header {
		w.Header()[k] = v
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(s.Limits.ReplyTimeout)) // not every writer has a connection (tests)
	w.WriteHeader(cmp.Or(rep.status, http.StatusOK))
	_, err := w.Write(rep.body.Bytes())
	if err == nil {
		if err = rc.Flush(); errors.Is(err, http.ErrNotSupported) {
			err = nil
		}
	}
	if err != nil {
		noteUnread(r, fmt.Errorf("the client did not read the reply (%d bytes) within %v: %w", rep.body.Len(), s.Limits.ReplyTimeout, err))
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
