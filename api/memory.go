package api

import (
	"runtime/debug"
	"sync"
	"time"
)

// A photo scan allocates what decoding the photo takes (up to
// vision.DefaultMaxDecodedBytes for a JPEG; a non-interlaced PNG is
// shrunk row by row). When the scans stop, the Go runtime keeps the freed
// pages until its next collection, which an idle server may not run for
// minutes, and then returns them to the system only slowly: a server
// idle after a burst of six 6320x6320 scans held 1.1 GiB of resident
// memory for minutes. idleRelease gives that memory back once no scan
// has run for a moment.

// scanIdle is how long the scans must have stopped before the memory is
// given back: a burst of scans waiting for their turn frees nothing
// between them.
const scanIdle = 2 * time.Second

// scanMemory gives the memory of the photo scans back when they stop.
var scanMemory = &idleRelease{wait: scanIdle, free: debug.FreeOSMemory}

// idleRelease calls free once no work has been running for wait.
type idleRelease struct {
	wait time.Duration
	free func()

	mu      sync.Mutex
	running int
	started uint64      // works started; a timer frees only if none started since it was set
	timer   *time.Timer // set while waiting to free
}

// start marks a work running; the function it returns marks it done.
func (r *idleRelease) start() (done func()) {
	r.mu.Lock()
	r.running++
	r.started++
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.mu.Unlock()
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.running--
		if r.running > 0 {
			return
		}
		started := r.started
		r.timer = time.AfterFunc(r.wait, func() {
			r.mu.Lock()
			idle := r.running == 0 && r.started == started
			if idle {
				r.timer = nil
			}
			r.mu.Unlock()
			if idle {
				r.free()
			}
		})
	}
}
