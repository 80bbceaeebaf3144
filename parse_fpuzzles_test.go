package sudoku

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func fpJSON(extra string) string {
	row := `[{},{},{},{}]`
	return `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],` + row + "," + row + "," + row + `]` + extra + `}`
}

// fpGrid returns the f-puzzles JSON of an n x n grid of the same cell.
func fpGrid(n int, cell string) string {
	row := "[" + strings.TrimSuffix(strings.Repeat(cell+",", n), ",") + "]"
	return fmt.Sprintf(`{"size":%d,"grid":[%s]}`, n, strings.TrimSuffix(strings.Repeat(row+",", n), ","))
}

func TestParseFPuzzles(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		variants   Variant
		want       string // error
	}{
		{"plain", fpJSON(""), 0, ""},
		{"rules", fpJSON(`,"diagonal+":true,"diagonal-":true,"antiking":true`), VariantX | VariantAntiKing, ""},
		{"killer", fpJSON(`,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R4C4","R4C3"]}]`), VariantKiller, ""},
		{"odd even", fpJSON(`,"odd":[{"cell":"R1C1"}],"even":[{"cell":"R2C2"}]`), VariantOddEven, ""},
		{"empty unsupported", fpJSON(`,"thermometer":[],"arrow":null`), 0, ""},
		{"unknown constraint", fpJSON(`,"thermometer":[{"lines":[["R1C1","R1C2"]]}],"sillyline":[{}],"negative":["sillyline"]`), 0, "f-puzzles constraints not supported: negative sillyline, sillyline"},
		{"thermometer too long", fpJSON(`,"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4"]]}]`), 0, "thermometer 1: a thermometer of 5 cells cannot rise through 4 digits"},
		{"dot not side by side", fpJSON(`,"ratio":[{"cells":["R1C1","R2C2"]}]`), 0, "ratio 1: a dot joins two side-by-side cells, not r1c1, r2c2"},
		{"xv value", fpJSON(`,"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]`), 0, `xv 1: value "Y" is not X or V`},
		{"cell outside", fpJSON(`,"killercage":[{"cells":["R1C1"]},{"cells":["R5C1"]}]`), 0, `killercage 2: cell "R5C1" outside a 4x4 grid`},
		{"bad sum", fpJSON(`,"killercage":[{"cells":["R1C1","R1C2"],"value":"99"}]`), 0, "sum 99 is impossible"},
		{"bad value", strings.Replace(fpJSON(""), `"value":1`, `"value":7`, 1), 0, "r1c1 holds 7, want 1 to 4"},
		{"syntax", `{"size":4,"grid":[[}`, 0, "f-puzzles JSON: line 1 (byte 20)"},
		{"size", strings.Replace(fpJSON(""), `"size":4`, `"size":25`, 1), 0, "f-puzzles size 25: want 4 to 16"},
		{"scl", "https://sudokupad.app/sclN4Ig", 0, "scl) links are not supported"},
		{"7x7 without regions", fpGrid(7, `{}`), 0, "f-puzzles grid: r1c1 has no region, and a 7x7 grid has no boxes to take it from"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _, err := ParseBoard(tc.text)
			if tc.want != "" {
				var pe *ParseError
				if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &pe) {
					t.Errorf("got %v, want a *ParseError saying %q", err, tc.want)
				}
				return
			}
			if err != nil || b.Rules.Variants() != tc.variants || b.Cells[0] != 1 {
				t.Fatalf("got %v (%v)", b, err)
			}
			out, err := FormatBoard(b, FormFPuzzles)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseFPuzzles([]byte(out))
			if err != nil || !sameRules(back.Rules, b.Rules) || !reflect.DeepEqual(back.Rules.Parity, b.Rules.Parity) {
				t.Errorf("%s read back as %v (%v)", out, back, err)
			}
		})
	}
}

func TestFPuzzlesLinks(t *testing.T) {
	b, _, err := ParseBoard(fpJSON(`,"antiknight":true`))
	if err != nil {
		t.Fatal(err)
	}
	link, err := FormatFPuzzlesLink(b)
	if err != nil {
		t.Fatal(err)
	}
	code := strings.TrimPrefix(link, "https://www.f-puzzles.com/?load=")
	for _, l := range []string{link, code, "https://sudokupad.app/fpuzzles" + code, "https://sudokupad.app/?puzzleid=fpuzzles" + code, strings.ReplaceAll(link, "+", " ")} {
		got, _, err := ParseBoard(l)
		if err != nil || !got.Rules.AntiKnight || got.Cells[0] != 1 {
			t.Errorf("%s: %v", l, err)
		}
	}
}

func ExampleFormatFPuzzlesLink() {
	b, _, _ := ParseBoard("1.....2.....3.....4.....5.....6..... rules=x")
	link, _ := FormatFPuzzlesLink(b)
	back, _, _ := ParseBoard(link)
	fmt.Println(back.Rules.Name(), back)
	// Output: x 6x6 1.....2.....3.....4.....5.....6.....
}

func FuzzParseFPuzzles(f *testing.F) {
	f.Add(fpJSON(`,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"odd":[{"cell":"R2C2"}]`))
	f.Add(fpJSON(`,"thermometer":[{"lines":[["R1C1"]]}]`))
	f.Add("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF8BdEooA")
	f.Add(fpGrid(7, `{"region":0}`))
	f.Add(fpGrid(5, `{}`))
	f.Add(fpGrid(4, `{"region":null}`))
	f.Add(fpGrid(4, `{"givenPencilMarks":[1,3]}`))
	f.Add(fpJSON(`,"title":"T","author":"A","ruleset":"R","solution":[1,2,3],"successMessage":"!"`))
	f.Add(fpJSON(`,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C2","R1C3"],"value":"5"}]`))
	f.Fuzz(func(t *testing.T, s string) {
		b, _, err := ParseBoard(s)
		if err != nil || !IsFPuzzles(s) {
			return
		}
		if out, err := FormatFPuzzles(b); err == nil {
			back, err := ParseFPuzzles(out)
			if err != nil {
				t.Fatalf("%q written as %s, not read back: %v", s, out, err)
			}
			// Nothing is lost on the way: written again, the same text.
			if again, err := FormatFPuzzles(back); err != nil || string(again) != string(out) {
				t.Fatalf("%q written as\n%s\nthen as\n%s (%v)", s, out, again, err)
			}
		}
	})
}
