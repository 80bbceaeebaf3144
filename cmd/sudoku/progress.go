package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progress draws a one-line progress bar on a terminal: puzzles done, the
// share of input bytes read when the inputs are files, and the rate. It
// draws nothing when disabled (stderr is not a terminal).
type progress struct {
	w       io.Writer
	enabled bool
	start   time.Time
	mu      sync.Mutex
	total   int64 // bytes in the input files, 0 if unknown (stdin)
	read    int64
	done    int
	last    time.Time
	drawn   bool
}

func newProgress(w io.Writer, enabled bool) *progress {
	return &progress{w: w, enabled: enabled, start: time.Now()}
}

func (p *progress) addTotal(n int64) {
	p.mu.Lock()
	p.total += n
	p.mu.Unlock()
}

func (p *progress) addRead(n int64) {
	p.mu.Lock()
	p.read += n
	p.mu.Unlock()
}

// step records one finished puzzle and redraws at most ten times a second,
// and only once the batch has run for half a second.
func (p *progress) step() {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	now := time.Now()
	if now.Sub(p.start) < 500*time.Millisecond || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	p.draw(now)
}

func (p *progress) draw(now time.Time) {
	rate := float64(p.done) / now.Sub(p.start).Seconds()
	line := fmt.Sprintf("%d puzzles  %.0f/s", p.done, rate)
	if p.total > 0 {
		frac := min(float64(p.read)/float64(p.total), 1)
		const width = 30
		n := int(frac * width)
		line = fmt.Sprintf("[%s%s] %3.0f%%  %s", strings.Repeat("=", n), strings.Repeat(" ", width-n), 100*frac, line)
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	p.drawn = true
}

// finish clears the bar so the summary starts on a clean line.
func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
