package main

import (
	"fmt"
	"io"
	"time"
)

// Outcomes counted in a batch summary.
const (
	statusSolved  = "solved"
	statusNone    = "no solution"
	statusSeveral = "several solutions"
	statusInvalid = "invalid"
	statusCounted = "counted"
)

// summary counts outcomes over a batch.
type summary struct {
	n  int
	by map[string]int
}

func (s *summary) add(status string) {
	if s.by == nil {
		s.by = map[string]int{}
	}
	s.n++
	s.by[status]++
}

// failed reports whether the batch should exit 1: any invalid puzzle, and,
// unless solutions were only counted, any puzzle not uniquely solved.
func (s *summary) failed(o solveOpts) bool {
	if s.by[statusInvalid] > 0 {
		return true
	}
	return o.count == 0 && s.by[statusSolved] != s.n-s.by[statusInvalid]
}

func (s *summary) print(w io.Writer, engine string, wall time.Duration, jobs int) {
	rate := float64(s.n) / wall.Seconds()
	noun := "puzzles"
	if s.n == 1 {
		noun = "puzzle"
	}
	fmt.Fprintf(w, "%d %s: %d solved, %d no solution, %d several solutions, %d invalid",
		s.n, noun, s.by[statusSolved], s.by[statusNone], s.by[statusSeveral], s.by[statusInvalid])
	if c := s.by[statusCounted]; c > 0 {
		fmt.Fprintf(w, ", %d counted", c)
	}
	fmt.Fprintf(w, "; %.3fs wall, %.0f puzzles/s (engine %s, -j %d)\n", wall.Seconds(), rate, engine, jobs)
}
