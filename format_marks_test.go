package sudoku

import "testing"

func TestAppendLine(t *testing.T) {
	g, err := Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	for _, empty := range []byte{'.', '0'} {
		if got, want := string(g.AppendLine([]byte("x"), empty)), "x"+g.Line(empty); got != want {
			t.Errorf("AppendLine(%q) = %q, want %q", empty, got, want)
		}
	}
}

func TestFormatMarks(t *testing.T) {
	r := BoardOf(Grid{}).Rules
	cells := make([]Digits, 81)
	for i := range cells {
		cells[i] = DigitOf(i%9 + 1)
	}
	cells[0] = DigitOf(1) | DigitOf(2)
	cells[1] = 0
	got := FormatMarks(r, cells)
	want := "12 .  3  | 4  5  6  | 7  8  9\n"
	if line := got[:len(want)]; line != want {
		t.Errorf("first line %q, want %q", line, want)
	}
}
