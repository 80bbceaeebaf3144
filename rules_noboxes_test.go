package sudoku

import (
	"strings"
	"testing"
)

// fpGrid4 is the f-puzzles grid of a 4x4 with the givens of line (0 for
// empty) and each cell's region JSON (region(i) == "" for none given).
func fpGrid4(line string, region func(i int) string) string {
	var sb strings.Builder
	sb.WriteString(`{"size":4,"grid":[`)
	for r := 0; r < 4; r++ {
		if r > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte('[')
		for c := 0; c < 4; c++ {
			i := r*4 + c
			if c > 0 {
				sb.WriteByte(',')
			}
			var fields []string
			if line[i] != '0' {
				fields = append(fields, `"value":`+line[i:i+1]+`,"given":true`)
			}
			if g := region(i); g != "" {
				fields = append(fields, `"region":`+g)
			}
			sb.WriteString("{" + strings.Join(fields, ",") + "}")
		}
		sb.WriteByte(']')
	}
	sb.WriteString("]}")
	return sb.String()
}

// TestNoBoxes: an f-puzzles grid whose cells are in no region (region
// null) is a grid of rows and columns only: read so, named so, solved so
// (it has solutions a 2x2-boxed grid has not), drawn without box lines,
// written back with null regions, refused by the forms that need boxes.
func TestNoBoxes(t *testing.T) {
	// 1 2 . . / 2 1 . . / . . . . / . . . . : a Latin square with these
	// givens has 8 completions; with 2x2 boxes it breaks box 1 at once.
	line := "1200210000000000"
	b, err := ParseFPuzzles([]byte(fpGrid4(line, func(int) string { return "null" })))
	if err != nil {
		t.Fatal(err)
	}
	if !b.Rules.NoBoxes() || b.Rules.Name() != "4x4 without boxes" {
		t.Fatalf("rules %q (no boxes %v), want 4x4 without boxes", b.Rules.Name(), b.Rules.NoBoxes())
	}
	if got := countSolutions(t, b, 100); got != 8 {
		t.Errorf("%d solutions, want 8", got)
	}
	out, err := FormatFPuzzles(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(out), `"region":null`) != 16 {
		t.Errorf("written back as %s", out)
	}
	again, err := ParseFPuzzles(out)
	if err != nil || !again.Rules.NoBoxes() {
		t.Errorf("reads back as %v, %v", again, err)
	}
	for name, format := range map[string]func(*Board) (string, error){"solo": FormatSolo, "line": FormatPlain} {
		if _, err := format(b); err == nil || !strings.Contains(err.Error(), "without boxes") {
			t.Errorf("%s: %v, want a refusal naming a grid without boxes", name, err)
		}
	}

	// Half the cells in two regions of four, the rest in none: the two
	// regions are houses, the grid has no boxes.
	part := func(i int) string {
		switch {
		case i < 4:
			return "0"
		case i >= 12:
			return "1"
		}
		return "null"
	}
	b, err = ParseFPuzzles([]byte(fpGrid4(line, part)))
	if err != nil {
		t.Fatal(err)
	}
	if !b.Rules.NoBoxes() || len(b.Rules.Extra) != 2 {
		t.Errorf("rules %q with %d extra regions, want no boxes and 2", b.Rules.Name(), len(b.Rules.Extra))
	}
	short := func(i int) string {
		if i < 3 {
			return "0"
		}
		return "null"
	}
	if _, err := ParseFPuzzles([]byte(fpGrid4(line, short))); err == nil || !strings.Contains(err.Error(), "region 0 has 3 cells") {
		t.Errorf("a region of 3 cells among cells of none: %v", err)
	}
}

// countSolutions counts the solutions of a small board up to limit by
// plain backtracking over its layout's peers and its constraints' checks.
func countSolutions(t *testing.T, b *Board, limit int) int {
	t.Helper()
	l, err := b.Rules.Layout()
	if err != nil {
		t.Fatal(err)
	}
	cells := append([]uint8(nil), b.Cells...)
	var walk func(c int) int
	walk = func(c int) int {
		for c < len(cells) && cells[c] != 0 {
			c++
		}
		if c == len(cells) {
			return 1
		}
		found := 0
		for d := 1; d <= l.N && found < limit; d++ {
			ok := true
			for _, p := range l.Peers[c] {
				if cells[p] == uint8(d) {
					ok = false
					break
				}
			}
			if !ok || b.Marks != nil && !b.Marks[c].Has(d) {
				continue
			}
			cells[c] = uint8(d)
			if b.Rules.Constraints == nil || constraintsHold(b.Rules.Constraints, cells) {
				found += walk(c + 1)
			}
			cells[c] = 0
		}
		return found
	}
	return walk(0)
}

func constraintsHold(cs []Constraint, cells []uint8) bool {
	for _, k := range cs {
		if k.Check(cells) != nil {
			return false
		}
	}
	return true
}

// TestRowsAsRegions: f-puzzles regions that are the rows (as setters give
// them to say there are no boxes) read as a grid without boxes.
func TestRowsAsRegions(t *testing.T) {
	b, err := ParseFPuzzles([]byte(fpGrid4("1200210000000000", func(i int) string { return string(rune('0' + i/4)) })))
	if err != nil {
		t.Fatal(err)
	}
	if !b.Rules.NoBoxes() || b.Rules.Regions != nil {
		t.Errorf("rules %q, regions %v: want no boxes", b.Rules.Name(), b.Rules.Regions)
	}
	if got := countSolutions(t, b, 100); got != 8 {
		t.Errorf("%d solutions, want 8", got)
	}
}
