package api

import "testing"

// TestBoardWords: a board's hints name cells as classic hints do.
func TestBoardWords(t *testing.T) {
	for _, tt := range []struct {
		text  string
		plain bool
		want  string
	}{
		{"Look for a thermometer in r1c1 and r1c2.", false, "Look for a thermometer in row 1, column 1 and row 1, column 2."},
		{"On the thermometer from r1c1, r1c2 is above r1c1, which is at least 1, so 1 leaves r1c2.", false,
			"On the thermometer from row 1, column 1; row 1, column 2 is above row 1, column 1, which is at least 1, so 1 leaves row 1, column 2."},
		{"digits next to each other on the parity line r1c1-r3c3 alternate odd and even, and r2c2 can only be odd, so 2 and 4 leave r1c2, 1 and 5 leave r2c3", false,
			"digits next to each other on the parity line from row 1, column 1 to row 3, column 3 alternate odd and even, and row 2, column 2 can only be odd, so 2 and 4 leave row 1, column 2; 1 and 5 leave row 2, column 3"},
		{"r10c12 is 11: it is the last empty cell of row 10", false, "Row 10, column 12 is 11: it is the last empty cell of row 10"},
		{"Look for a naked pair in r12c1, r12c2 and r3c16.", false, "Look for a naked pair in row 12, column 1; row 12, column 2 and row 3, column 16."},
		{"r1c9 = 6, so r2c8<>1, r4c4<>3", true, "Row 1, column 9 is 6, so remove 1 from row 2, column 8; remove 3 from row 4, column 4"},
		{"the cage at r1c1 sums to 10", false, "the cage at row 1, column 1 sums to 10"},
		{"no cells here: row 3 and box 4", false, "no cells here: row 3 and box 4"},
		{"arrow r2c2: r2c3-r2c5", false, "arrow row 2, column 2: from row 2, column 3 to row 2, column 5"},
	} {
		if got := boardWords(tt.text, tt.plain); got != tt.want {
			t.Errorf("boardWords(%q)\n got %q\nwant %q", tt.text, got, tt.want)
		}
	}
}
