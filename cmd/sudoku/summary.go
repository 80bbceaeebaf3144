package main

import (
	"fmt"
	"io"
	"strconv"
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
	fmt.Fprintf(w, "%d %s: %s; %.3fs wall, %s puzzles/s (%s)\n", s.n, noun, strings.Join(parts, ", "), wall.Seconds(), rateText(float64(s.n)/wall.Seconds()), tail)
}

// rateText writes a rate with two significant digits below 10 (0.50, not
// 0), whole above.
func rateText(r float64) string {
	if r < 10 {
		return strconv.FormatFloat(r, 'g', 2, 64)
	}
	return strconv.FormatFloat(r, 'f', 0, 64)
}
