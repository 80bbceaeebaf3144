// Package tally counts the costly walks of a run for tests: how often a
// Layout is built and how often a board is solved by logic. A test reads
// the counters before and after the work it guards (issue 41.2: a
// command compiles its rules once and solves by logic once); nothing
// else reads them.
package tally

import "sync/atomic"

var (
	// Layouts counts sudoku.Rules.Layout calls that compiled the rules.
	Layouts atomic.Int64
	// Walks counts boards solved (or rated) by logic: one walk from a
	// position to the end or to where the techniques stop.
	Walks atomic.Int64
)

// Counts are the counters at one moment.
type Counts struct{ Layouts, Walks int64 }

// Now reads the counters.
func Now() Counts { return Counts{Layouts.Load(), Walks.Load()} }

// Since is the work done from c to now.
func Since(c Counts) Counts {
	n := Now()
	return Counts{n.Layouts - c.Layouts, n.Walks - c.Walks}
}
