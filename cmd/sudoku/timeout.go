package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"
)

// defaultTimeout is the longest one puzzle may take by default: the
// command answers every input in bounded time, as the server does with
// its compute limit (10 s there; a batch on the command line may wait
// longer).
const defaultTimeout = time.Minute

// timeoutFlag adds --timeout to fs.
func timeoutFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("timeout", defaultTimeout, "the longest one puzzle may take, e.g. 10s or 5m; past it the puzzle fails (0: no limit)")
}

// checkTimeout is the usage check of --timeout.
func checkTimeout(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("--timeout %v: want a duration of 0 (no limit) or more", d)
	}
	return nil
}

// puzzleCtx returns the context of one puzzle's work: done after d, or
// never when d is 0.
func puzzleCtx(d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(context.Background())
	}
	return context.WithTimeout(context.Background(), d)
}

// timeoutError is a puzzle given up at --timeout.
type timeoutError struct{ d time.Duration }

func (e *timeoutError) Error() string {
	return fmt.Sprintf("gave up after %v (--timeout; 0 for no limit)", e.d)
}

func (e *timeoutError) Unwrap() error { return context.DeadlineExceeded }

// timedOut turns the deadline of a puzzle's context into a timeoutError
// naming --timeout d; other errors are returned as they are.
func timedOut(err error, d time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) && !errors.As(err, new(*timeoutError)) {
		return &timeoutError{d}
	}
	return err
}
