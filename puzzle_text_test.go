package sudoku

import "testing"

func TestLooksLikePuzzle(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"puzzles.txt", false},
		{"my-file", false},
		{"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", true},
		{"1 2\n3 4", true},
		{`{"size":9}`, true},
		{"https://f-puzzles.com/?load=x", true},
		{"3x3:a1b2", true},
		{"123456789", true},
		{"12345678", false},
	} {
		if got := LooksLikePuzzle(tc.s); got != tc.want {
			t.Errorf("LooksLikePuzzle(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
