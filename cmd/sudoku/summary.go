package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Outcomes counted in batch summaries.
const (
	statusSolved    = "solved"
	statusNone      = "no solution"
	statusSeveral   = "several solutions"
	statusInvalid   = "invalid"
	statusCounted   = "counted"
	statusRated     = "rated"
	statusStuck     = "stuck"
	statusNotUnique = "not unique"
	statusFull      = "already solved"
	statusTimeout   = "timed out"
)

// summary counts outcomes over a batch and prints them in a fixed order:
// the statuses it was made with always, any other only when seen.
type summary struct {
	n     int
	by    map[string]int
	order []string
}

func newSummary(order ...string) *summary {
	return &summary{by: map[string]int{}, order: order}
}

func (s *summary) add(status string) {
	s.n++
	s.by[status]++
	for _, o := range s.order {
		if o == status {
			return
		}
	}
	s.order = append(s.order, status)
}

// print writes "N puzzles: a solved, b invalid; 0.120s wall, 1000 puzzles/s (tail)".
func (s *summary) print(w io.Writer, wall time.Duration, tail string) {
	noun := "puzzles"
	if s.n == 1 {
		noun = "puzzle"
	}
	parts := make([]string, len(s.order))
	for i, o := range s.order {
		parts[i] = fmt.Sprintf("%d %s", s.by[o], o)
	}
	rate := float64(s.n) / wall.Seconds()
	fmt.Fprintf(w, "%d %s: %s; %.3fs wall, %.0f puzzles/s (%s)\n", s.n, noun, strings.Join(parts, ", "), wall.Seconds(), rate, tail)
}
