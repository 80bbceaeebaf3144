package sudoku

import (
	"strings"
	"testing"
)

// issBoard makes a board of f-puzzles JSON for the writer's tests.
func issBoard(t *testing.T, fp string) *Board {
	t.Helper()
	b, err := ParseFPuzzles([]byte(fp))
	if err != nil {
		t.Fatalf("f-puzzles: %v", err)
	}
	return b
}

// issGrid is an f-puzzles grid of n empty cells a row, with r1c1 given
// as first when first > 0.
func issGrid(n, first int) string {
	var b strings.Builder
	b.WriteString("[")
	for r := range n {
		if r > 0 {
			b.WriteString(",")
		}
		b.WriteString("[")
		for c := range n {
			if c > 0 {
				b.WriteString(",")
			}
			if r == 0 && c == 0 && first > 0 {
				b.WriteString(`{"value":` + string(rune('0'+first)) + `,"given":true}`)
			} else {
				b.WriteString("{}")
			}
		}
		b.WriteString("]")
	}
	return b.String() + "]"
}

func TestFormatISS(t *testing.T) {
	g9, g6, g16 := issGrid(9, 0), issGrid(6, 5), issGrid(16, 0)
	cases := []struct {
		name, fp, want string
	}{
		{"empty classic", `{"size":9,"grid":` + g9 + `}`, ".Shape~9x9"},
		{"6x6 given", `{"size":6,"grid":` + g6 + `}`, ".Shape~6x6.~R1C1_5"},
		{"diagonals and moves", `{"size":9,"grid":` + g9 + `,"diagonal+":true,"diagonal-":true,"antiknight":true,"antiking":true}`,
			".Diagonal~1.Diagonal~-1.AntiKnight.AntiKing"},
		{"killer and extra", `{"size":9,"grid":` + g9 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1"]}],"extraregion":[{"cells":["R9C9","R8C8"]}]}`,
			".AllDifferent~R9C9~R8C8.Cage~3~R1C1~R1C2.Cage~0~R2C1"},
		{"odd cell", `{"size":9,"grid":` + g9 + `,"odd":[{"cell":"R2C3"}]}`, ".~R2C3_1_3_5_7_9"},
		{"16x16 ids", `{"size":16,"grid":` + g16 + `,"thermometer":[{"lines":[["R10C11","R16C16"]]}]}`,
			".Shape~16x16.Thermo~RaCb~RgCg"},
		{"dots and strict", `{"size":4,"grid":` + issGrid(4, 0) + `,"difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R2C1","R2C2"],"value":"3"}],"negative":["difference"]}`,
			".Shape~4x4.WhiteDot~R1C1~R1C2.Pair~EE~R2C1~R2C2.Pair~tWL~R1C1~R2C1~~R1C2~R1C3~~R1C2~R2C2~~R1C3~R1C4~~R1C3~R2C3~~R1C4~R2C4~~R2C1~R3C1~~R2C2~R2C3~~R2C2~R3C2~~R2C3~R2C4~~R2C3~R3C3~~R2C4~R3C4~~R3C1~R3C2~~R3C1~R4C1~~R3C2~R3C3~~R3C2~R4C2~~R3C3~R3C4~~R3C3~R4C3~~R3C4~R4C4~~R4C1~R4C2~~R4C2~R4C3~~R4C3~R4C4"},
		{"strict kropki", `{"size":4,"grid":` + issGrid(4, 0) + `,"difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R2C1","R2C2"]}],"negative":["difference","ratio"]}`,
			".Shape~4x4.WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2.StrictKropki"},
		{"strict xv", `{"size":4,"grid":` + issGrid(4, 0) + `,"xv":[{"cells":["R1C1","R1C2"],"value":"V"}],"negative":["xv"]}`,
			".Shape~4x4.V~R1C1~R1C2.StrictXV"},
		{"nonconsecutive", `{"size":4,"grid":` + issGrid(4, 0) + `,"nonconsecutive":true}`, ".Shape~4x4.AntiConsecutive"},
		{"slow thermometer", `{"size":4,"grid":` + issGrid(4, 0) + `,"slowthermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]}`,
			".Shape~4x4.Pair~vzI~R1C1~R1C2~R1C3"},
		{"outside clues", `{"size":9,"grid":` + g9 + `,"xsum":[{"cell":"R3C10","value":"12"}],"sandwichsum":[{"cell":"R0C2","value":"5"},{"cell":"R10C2","value":"5"}]}`,
			".Sandwich~5~C2.XSum~R3~~12"},
		{"little killers", `{"size":9,"grid":` + g9 + `,"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"45"},{"cell":"R10C10","direction":"UL","value":"45"},{"cell":"R0C2","direction":"DL","value":"5"}]}`,
			".LittleKiller~45~R1C1.Sum~45~R9C9~R8C8~R7C7~R6C6~R5C5~R4C4~R3C3~R2C2~R1C1.Sum~5~R1C1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := FormatISS(issBoard(t, c.fp))
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

func TestFormatISSErrors(t *testing.T) {
	cases := []struct {
		name, fp, want string
	}{
		{"box indexer", `{"size":9,"grid":` + issGrid(9, 0) + `,"boxindexer":[{"cells":["R1C1"]}]}`, "ISS cannot hold the boxindexer constraints"},
		{"pill on 12x12", `{"size":12,"grid":` + issGrid(12, 0) + `,"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C2"]]}]}`, "ISS reads a pill's cells as figures 0-9"},
		{"pill out of order", `{"size":9,"grid":` + issGrid(9, 0) + `,"arrow":[{"cells":["R1C2","R1C1"],"lines":[["R1C1","R2C1","R3C1","R4C1"]]}]}`, "ISS reads a pill in reading order"},
		{"entropic 6x6", `{"size":6,"grid":` + issGrid(6, 0) + `,"entropicline":[{"lines":[["R1C1","R1C2"]]}]}`, "ISS's entropic lines are for the digits 1-9"},
		{"two x-sums", `{"size":9,"grid":` + issGrid(9, 0) + `,"xsum":[{"cell":"R0C1","value":"12"},{"cell":"R0C1","value":"13"}]}`, "ISS keeps one XSum clue at C1,1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := FormatISS(issBoard(t, c.fp))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error with %q", err, c.want)
			}
		})
	}
	r, _ := Sized(25)
	if _, err := FormatISS(NewBoard(r)); err == nil || !strings.Contains(err.Error(), "sizes up to 16") {
		t.Errorf("25x25: got %v, want sizes up to 16", err)
	}
}

// TestISSPairKey checks the binary keys against ISS's own for its
// relations: StrictKropki's and the Whisper of 5 on 9x9 (fnToBinaryKey).
func TestISSPairKey(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		rel  PairRule
	}{
		{"consecutive", 9, func(a, b int) bool { return abs(a-b) == 1 }},
		{"whisper 5", 9, func(a, b int) bool { return abs(a-b) >= 5 }},
		{"equal 16", 16, func(a, b int) bool { return a == b }},
	} {
		key := issPairKey(c.n, c.rel)
		tab, ok := issKeyTable(c.n, key)
		if !ok {
			t.Fatalf("%s: key %s does not read back", c.name, key)
		}
		for a := 1; a <= c.n; a++ {
			for b := 1; b <= c.n; b++ {
				if tab[a].Has(b) != c.rel(a, b) {
					t.Errorf("%s: key %s says %d,%d is %v", c.name, key, a, b, tab[a].Has(b))
				}
			}
		}
	}
}

// TestISSFPBridge: the f-puzzles bridge the kinds of other branches will
// write through lays out a value line and a clue beside the grid as the
// writers of whispers and X-sums do.
func TestISSFPBridge(t *testing.T) {
	b := issBoard(t, `{"size":9,"grid":`+issGrid(9, 0)+`,"whispers":[{"lines":[["R1C1","R1C2"]],"value":"3"}],"xsum":[{"cell":"R3C10","value":"12"},{"cell":"R0C2","value":"8"}]}`)
	for _, c := range b.Rules.Constraints {
		typ, lay := "Whisper", ISSValueLine
		if c.Kind() == "xsum" {
			typ, lay = "XSum", ISSOutsideClue
		}
		direct, bridged := &ISSWriter{n: 9, clues: map[string]int{}}, &ISSWriter{n: 9}
		if err := issWriterOf(c.Kind())(direct, c); err != nil {
			t.Fatal(err)
		}
		if err := ISSFPWrite(typ, lay)(bridged, c); err != nil {
			t.Fatal(err)
		}
		if got, want := bridged.out.String(), direct.out.String(); got != want {
			t.Errorf("%s: bridged %s, direct %s", c, got, want)
		}
	}
}
