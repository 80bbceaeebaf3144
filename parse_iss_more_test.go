package sudoku

import (
	"strings"
	"testing"
)

// TestISSMoreKinds: the ISS types of the kinds f-puzzles has no key for
// read into those kinds, count as ISS counts them (the counts are ISS's
// own, on these puzzles of ours: the kinds' helpers' fixtures), and write
// back to the same string.
func TestISSMoreKinds(t *testing.T) {
	for _, tc := range []struct {
		name, iss string
		kind      string
		count     int
	}{
		{"sum lines 4x4", ".Shape~4x4.SumLine~15~R1C1~R1C2~R1C3~R2C2~R3C1.SumLine~8~R2C3~R1C4~R1C3.SumLine~6~R1C3~R2C4.SumLine~17~R2C1~R2C2~R3C2~R4C2~R4C1~R3C1~LOOP.SumLine~10~R2C2~R3C1~R4C1.SumLine~5~R3C4~R4C4~R4C3~R3C3~LOOP.~R2C3_1.~R4C3_3.~R3C1_4.~R2C1_3.~R4C4_4.~R3C4_1.~R4C1_2", "sumline", 1},
		{"lunchboxes 4x4", ".Shape~4x4.Lunchbox~0~R3C2~R3C3.Lunchbox~3~R2C4~R2C3~R2C2~R2C1.~R1C4_4.~R1C1_3.~R2C1_2.~R1C2_1.~R4C3_1", "lunchbox", 2},
		{"numbered rooms 4x4", ".Shape~4x4.NumberedRoom~R1~2~.NumberedRoom~R1~~3.NumberedRoom~C4~2~.NumberedRoom~C3~1~.NumberedRoom~C1~~1.~R2C1_4.~R3C3_3", "numberedroom", 1},
		{"numbered rooms without givens 4x4", ".Shape~4x4.NumberedRoom~R4~4~.NumberedRoom~R4~~1.NumberedRoom~C4~~1", "numberedroom", 24},
		{"rellik cages 4x4", ".Shape~4x4.RellikCage~4~R3C2~R4C2.RellikCage~6~R2C2~R1C2~R3C2.RellikCage~2~R2C2~R1C2~R2C1.~R4C3_1~R3C1_1", "rellik", 3},
		{"parity lines 4x4", ".Shape~4x4.~R1C1_1.Pair~apF~R1C1~R1C2~R2C2~R3C2.Pair~apF~R1C4~R2C3~R3C3.Pair~apF~R4C1~R4C2", "parityline", 4},
		{"parity lines with two givens 4x4", ".Shape~4x4.~R1C1_2~R3C3_1.Pair~apF~R1C1~R1C2~R2C2~R3C2.Pair~apF~R1C4~R2C3~R3C3.Pair~apF~R4C1~R4C2", "parityline", 1},
		{"counting circles 4x4", ".Shape~4x4.CountingCircles~R1C1~R1C2~R1C3~R1C4~R2C1~R2C2~R2C3~R3C1~R3C3~R4C2.~R3C4_2~R4C3_1~R1C4_4~R3C1_3", "countingcircles", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseISS(tc.iss)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, c := range b.Rules.Constraints {
				found = found || c.Kind() == tc.kind
			}
			if !found {
				t.Fatalf("no %s read from %s", tc.kind, tc.iss)
			}
			if got := countSolutions(t, b, 100); got != tc.count {
				t.Errorf("%d solutions, want ISS's %d", got, tc.count)
			}
			out, err := FormatISS(b)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseISS(out)
			if err != nil {
				t.Fatalf("%s written as %s: %v", tc.iss, out, err)
			}
			again, _ := FormatISS(back)
			if again != out || countSolutions(t, back, 100) != tc.count {
				t.Errorf("written as %s, then as %s", out, again)
			}
		})
	}
}

// TestISSLatinSquare: a grid without boxes or regions (ISS's NoBoxes
// alone, or a size ISS has no boxes for) is read as rows and columns
// only, counts as ISS counts it (ISS's own counts) and is written back.
func TestISSLatinSquare(t *testing.T) {
	for _, tc := range []struct {
		iss   string
		count int
	}{
		{".Shape~4x4.NoBoxes.~R1C1_1~R2C2_1~R3C3_1~R1C2_2~R2C1_3~R3C4_2~R4C1_2", 1},
		{".Shape~4x4.NoBoxes.~R1C1_1~R2C2_2", 32},
		{".Shape~5x5.~R1C1_1~R2C2_1~R3C3_1~R1C2_2~R2C1_3~R3C4_2~R4C1_2~R5C5_5", 2},
	} {
		b, err := ParseISS(tc.iss)
		if err != nil {
			t.Fatalf("%s: %v", tc.iss, err)
		}
		if !b.Rules.NoBoxes() {
			t.Errorf("%s read as %s, want no boxes", tc.iss, b.Rules.Name())
		}
		if got := countSolutions(t, b, 100); got != tc.count {
			t.Errorf("%s: %d solutions, want ISS's %d", tc.iss, got, tc.count)
		}
		out, err := FormatISS(b)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseISS(out)
		if err != nil || !back.Rules.NoBoxes() || back.String() != b.String() {
			t.Errorf("%s written as %s, read back as %v (%v)", tc.iss, out, back, err)
		}
	}
}

// TestISSWhisperLoop: a whisper that comes back to a cell (ISS's Merry
// X/V-mas has one) is read as the same neighbours, in lines of distinct
// cells, and counts as ISS counts it (ISS's own counts); one that stays
// on a cell is refused by name.
func TestISSWhisperLoop(t *testing.T) {
	for _, tc := range []struct {
		iss   string
		count int
	}{
		{".Shape~6x6.Whisper~3~R1C1~R1C2~R2C2~R2C1~R1C1.~R3C3_1~R1C1_1~R4C4_2~R5C5_3~R6C6_4", 112},
		{".Shape~6x6.Whisper~2~R1C1~R2C2~R1C3~R2C4~R3C3~R2C2~R3C1.~R1C1_1~R4C4_4~R5C5_3~R6C6_2~R4C1_6", 17},
	} {
		b, err := ParseISS(tc.iss)
		if err != nil {
			t.Fatalf("%s: %v", tc.iss, err)
		}
		if got := countSolutions(t, b, 1000); got != tc.count {
			t.Errorf("%s: %d solutions, want ISS's %d", tc.iss, got, tc.count)
		}
	}
	if _, err := ParseISS(".Shape~4x4.Whisper~2~R1C1~R1C1"); err == nil || !strings.Contains(err.Error(), "lists R1C1 twice in a row") {
		t.Errorf("a whisper staying on R1C1: %v, want it refused", err)
	}
}

// TestISSNumberedRoomTwice: a numbered room clue given twice is one clue
// (as ISS's other clues beside the grid are); two different ones at one
// place are refused.
func TestISSNumberedRoomTwice(t *testing.T) {
	b, err := ParseISS(".Shape~4x4.NumberedRoom~R1~2~.NumberedRoom~R1~2~")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.Rules.Constraints); n != 1 {
		t.Errorf("%d constraints, want 1: %v", n, b.Rules.Constraints)
	}
	if _, err := ParseISS(".Shape~4x4.NumberedRoom~R1~2~.NumberedRoom~R1~3~"); err == nil || !strings.Contains(err.Error(), "a second clue") {
		t.Errorf("two clues at one place: %v, want refused", err)
	}
}
