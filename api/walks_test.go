package api

import (
	"fmt"
	"testing"

	"sudoku"
	"sudoku/internal/tally"
)

// TestBoardRequestsWalkOnce guards issue 41.2: /api/explain on a board
// of other rules compiles its rules once beyond reading the puzzle and
// solves it once by logic; /api/hint compiles them once and walks no
// path (api -> logic -> api once).
func TestBoardRequestsWalkOnce(t *testing.T) {
	ts := newTestServer(t)
	start := tally.Now()
	if _, _, err := sudoku.ParseBoard(six6); err != nil {
		t.Fatal(err)
	}
	parse := tally.Since(start).Layouts
	tests := []struct {
		name, path, body string
		want             tally.Counts
	}{
		{"explain", "/api/explain", fmt.Sprintf(`{"puzzle":%q}`, six6), tally.Counts{Layouts: parse + 1, Walks: 1}},
		{"hint 1", "/api/hint", fmt.Sprintf(`{"puzzle":%q,"level":1}`, six6), tally.Counts{Layouts: parse + 1}},
		{"hint 2", "/api/hint", fmt.Sprintf(`{"puzzle":%q,"level":2}`, six6), tally.Counts{Layouts: parse + 1}},
		{"hint 3", "/api/hint", fmt.Sprintf(`{"puzzle":%q,"level":3}`, six6), tally.Counts{Layouts: parse + 1}},
	}
	for _, tt := range tests {
		start := tally.Now()
		status, m, _ := post(t, ts, tt.path, tt.body)
		if status != 200 {
			t.Fatalf("%s: status %d: %v", tt.name, status, m)
		}
		if got := tally.Since(start); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
