package sudoku

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sudoku/internal/lzstring"
)

// Tests of the SudokuPad reader on puzzles we make: each kind of element
// drawn as SudokuPad draws it (fpuzzlesdecoder.js's shapes), read from
// an scl link and compared with the same puzzle read from f-puzzles;
// the rules text deciding what lines mean; the elements left unread;
// links and their codes; short links.

// spDoc is a SudokuPad puzzle being built, as its JSON.
type spDoc map[string]any

// spNew returns an empty n-grid with its boxes as regions and rules text
// (none when empty).
func spNew(n int, rules string) spDoc {
	cells := make([]any, n)
	for r := range cells {
		row := make([]any, n)
		for c := range row {
			row[c] = map[string]any{}
		}
		cells[r] = row
	}
	d := spDoc{"cellSize": 64, "cells": cells, "regions": spBoxes(n)}
	if rules != "" {
		d["metadata"] = map[string]any{"title": "Test", "author": "us", "rules": rules}
	}
	return d
}

// spBoxes returns the boxes of an n-grid as SudokuPad's regions.
func spBoxes(n int) []any {
	r, _ := Sized(n)
	out := make([]any, n)
	for c := range n * n {
		g := fpBox(r, c)
		if out[g] == nil {
			out[g] = []any{}
		}
		out[g] = append(out[g].([]any), []any{c / n, c % n})
	}
	return out
}

// add appends an element to a list.
func (d spDoc) add(list string, e map[string]any) spDoc {
	a, _ := d[list].([]any)
	d[list] = append(a, e)
	return d
}

// cell sets a key of cell c.
func (d spDoc) cell(c int, key string, v any) spDoc {
	rows := d["cells"].([]any)
	n := len(rows)
	rows[c/n].([]any)[c%n].(map[string]any)[key] = v
	return d
}

// link returns d as an scl link.
func (d spDoc) link(t testing.TB) string {
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return "https://sudokupad.app/scl" + lzstring.CompressToBase64(string(data))
}

// spAt returns the centre of cell c of an n-grid, [row, col].
func spAt(n, c int) []any { return []any{float64(c/n) + 0.5, float64(c%n) + 0.5} }

// spWay returns the centres of cells.
func spWay(n int, cells ...int) []any {
	out := make([]any, len(cells))
	for i, c := range cells {
		out[i] = spAt(n, c)
	}
	return out
}

// spMid returns the middle of the edge between cells a and b.
func spMid(n, a, b int) []any {
	return []any{(float64(a/n+b/n) + 1) / 2, (float64(a%n+b%n) + 1) / 2}
}

// The elements, as SudokuPad draws f-puzzles' constraints.

func spLine(n int, colour string, thickness float64, cells ...int) map[string]any {
	return map[string]any{"color": colour, "thickness": thickness, "wayPoints": spWay(n, cells...)}
}

func spCircle(at []any, w float64, fill, border string) map[string]any {
	return map[string]any{"center": at, "width": w, "height": w, "rounded": true, "backgroundColor": fill, "borderColor": border}
}

func spText(at []any, text string) map[string]any {
	return map[string]any{"center": at, "width": 0.25, "height": 0.25, "rounded": false, "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "text": text, "fontSize": 28}
}

func (d spDoc) thermo(n int, cells ...int) spDoc {
	d.add("underlays", spCircle(spAt(n, cells[0]), 0.85, "#CFCFCF", "#CFCFCF"))
	return d.add("lines", spLine(n, "#CFCFCF", 21, cells...))
}

func (d spDoc) arrow(n int, circle []int, path ...int) spDoc {
	at := spAt(n, circle[0])
	w, h := 0.83, 0.83
	if len(circle) > 1 {
		last := spAt(n, circle[len(circle)-1])
		at = []any{(at[0].(float64) + last[0].(float64)) / 2, (at[1].(float64) + last[1].(float64)) / 2}
		if circle[1]-circle[0] == 1 {
			w += float64(len(circle) - 1)
		} else {
			h += float64(len(circle) - 1)
		}
	}
	c := spCircle(at, w, "#FFFFFF", "#A1A1A1")
	c["height"] = h
	d.add("overlays", c)
	way := spWay(n, path...)
	way[0] = []any{way[0].([]any)[0].(float64) + 0.4*float64(sign(path[1]/n-path[0]/n)), way[0].([]any)[1].(float64) + 0.4*float64(sign(path[1]%n-path[0]%n))}
	return d.add("arrows", map[string]any{"color": "#A1A1A1", "headLength": 0.3, "thickness": 5, "wayPoints": way})
}

func (d spDoc) dot(n, a, b int, fill, text string) spDoc {
	e := spCircle(spMid(n, a, b), 0.3, fill, "#000000")
	e["text"] = text
	return d.add("overlays", e)
}

func (d spDoc) cage(n int, value string, unique any, cells ...int) spDoc {
	rc := make([]any, len(cells))
	for i, c := range cells {
		rc[i] = []any{c / n, c % n}
	}
	e := map[string]any{"cells": rc}
	if value != "" {
		e["value"] = value
	}
	if unique != nil {
		e["unique"] = unique
	}
	return d.add("cages", e)
}

// fp6 is the f-puzzles JSON of an empty 6x6 with extra keys.
func fp6(extra string) string { return strings.TrimSuffix(fpGrid(6, "{}"), "}") + extra + "}" }

// spSig writes what a board's rules and cells are, to compare two reads.
func spSig(b *Board) string {
	r := b.Rules
	var cs []string
	for _, c := range r.Constraints {
		if !IsCosmetic(c) {
			cs = append(cs, c.Kind()+": "+c.String())
		}
	}
	slices.Sort(cs)
	return fmt.Sprintf("%s cells %v regions %v box %dx%d cages %v extra %v parity %v diagonals %d knight %v king %v disjoint %v marks %v constraints %q",
		r.Name(), b.Cells, r.Regions, r.BoxRows, r.BoxCols, r.Cages, r.Extra, r.Parity, r.Diagonals, r.AntiKnight, r.AntiKing, r.Disjoint, b.Marks, cs)
}

// TestSudokuPadKinds: one element of each kind, drawn as SudokuPad draws
// it, reads as the f-puzzles puzzle that holds the same constraint.
func TestSudokuPadKinds(t *testing.T) {
	const n = 6
	cage := func(r *Rules, cells []int, sum int) { r.AddCage(cells, sum, true) }
	later := func(r *Rules) func(Constraint, error) {
		return func(k Constraint, err error) {
			if err != nil {
				t.Fatal(err)
			}
			r.Constraints = append(r.Constraints, k)
		}
	}
	tests := []struct {
		name  string
		rules string
		doc   func(d spDoc) spDoc
		fp    string             // the f-puzzles keys of the same puzzle
		extra func(r *Rules)     // what f-puzzles cannot hold, added to its read
		meta  func(m *Meta) bool // nil: the meta is the rules' only
	}{
		{"thermometer", "Digits along thermometers increase from the bulb.", func(d spDoc) spDoc { return d.thermo(n, 0, 1, 2, 8) },
			`,"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R2C3"]]}]`, nil, nil},
		{"thermometer drawn from its tip", "Thermometers increase from the bulb.", func(d spDoc) spDoc {
			d.add("underlays", spCircle(spAt(n, 14), 0.85, "#CFCFCF", "#CFCFCF"))
			return d.add("lines", spLine(n, "#CFCFCF", 21, 12, 13, 14))
		}, `,"thermometer":[{"lines":[["R3C3","R3C2","R3C1"]]}]`, nil, nil},
		{"slow thermometer", "Digits on a slow thermometer stay the same or increase.", func(d spDoc) spDoc { return d.thermo(n, 0, 1, 2) },
			`,"slowthermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]`, nil, nil},
		{"thermometer branching", "", func(d spDoc) spDoc {
			d.thermo(n, 7, 8, 9)
			return d.add("lines", spLine(n, "#CFCFCF", 21, 7, 13, 19))
		}, `,"thermometer":[{"lines":[["R2C2","R2C3","R2C4"],["R2C2","R3C2","R4C2"]]}]`, nil, nil},
		{"arrow", "Digits along an arrow sum to the digit in its circle.", func(d spDoc) spDoc { return d.arrow(n, []int{7}, 7, 8, 9) },
			`,"arrow":[{"cells":["R2C2"],"lines":[["R2C2","R2C3","R2C4"]]}]`, nil, nil},
		{"arrow diagonal", "", func(d spDoc) spDoc { return d.arrow(n, []int{0}, 0, 7, 14) },
			`,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2","R3C3"]]}]`, nil, nil},
		{"arrow from a pill", "Arrows: the digits on an arrow sum to the number in its circle, read left to right.", func(d spDoc) spDoc { return d.arrow(n, []int{0, 1}, 1, 7, 13, 19, 25) },
			`,"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C2","R3C2","R4C2","R5C2"]]}]`, nil, nil},
		{"white dot", "Cells joined by a white dot are consecutive.", func(d spDoc) spDoc { return d.dot(n, 0, 1, "#FFFFFF", "") },
			`,"difference":[{"cells":["R1C1","R1C2"]}]`, nil, nil},
		{"white dot with a number", "Cells joined by a white dot differ by the number on it.", func(d spDoc) spDoc { return d.dot(n, 0, 6, "#FFFFFF", "3") },
			`,"difference":[{"cells":["R1C1","R2C1"],"value":"3"}]`, nil, nil},
		{"black dot", "Digits joined by a black dot are in a 1:2 ratio.", func(d spDoc) spDoc { return d.dot(n, 20, 26, "#000000", "") },
			`,"ratio":[{"cells":["R4C3","R5C3"]}]`, nil, nil},
		{"black dot with a number", "A black dot: one digit is the other times its number.", func(d spDoc) spDoc { return d.dot(n, 20, 21, "#000000", "3") },
			`,"ratio":[{"cells":["R4C3","R4C4"],"value":"3"}]`, nil, nil},
		{"x and v", "Digits separated by an X sum to 10; by a V to 5.", func(d spDoc) spDoc {
			d.add("overlays", spText(spMid(n, 0, 1), "X"))
			return d.add("overlays", spText(spMid(n, 2, 8), "V"))
		}, `,"xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R1C3","R2C3"],"value":"V"}]`, nil, nil},
		{"killer cage", "Digits in cages sum to the small number and do not repeat.", func(d spDoc) spDoc {
			d.cage(n, "7", true, 0, 1)
			return d.cage(n, "", nil, 2, 3, 4)
		}, `,"killercage":[{"cells":["R1C1","R1C2"],"value":"7"},{"cells":["R1C3","R1C4","R1C5"]}]`, nil, nil},
		{"cage whose digits may repeat", "Digits in a cage sum to its total.", func(d spDoc) spDoc { return d.cage(n, "8", false, 0, 6, 7) },
			"", func(r *Rules) { cage(r, []int{0, 6, 7}, 8) }, nil},
		{"cages the rules let repeat", "Digits in cages sum to the clue; digits may repeat in cages.", func(d spDoc) spDoc { return d.cage(n, "3", nil, 0, 6) },
			"", func(r *Rules) { cage(r, []int{0, 6}, 3) }, nil},
		{"extra region", "Digits do not repeat in the extra region.", func(d spDoc) spDoc {
			d.cage(n, "21", true, 7, 8, 13, 14, 19, 20)
			d["cages"].([]any)[0].(map[string]any)["style"] = "extraregion"
			return d
		}, `,"extraregion":[{"cells":["R2C2","R2C3","R3C2","R3C3","R4C2","R4C3"]}]`, nil, nil},
		{"little killer", "Little killer: clues outside the grid give the sum of the diagonal they point along.", func(d spDoc) spDoc {
			d.add("arrows", map[string]any{"color": "#000000", "thickness": 2, "wayPoints": []any{[]any{-0.2, 0.8}, []any{-0.02, 0.98}}})
			return d.add("overlays", spText([]any{-0.5, 0.5}, "9"))
		}, `,"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"9"}]`, nil, nil},
		{"sandwich", "Clues outside the grid are sandwich sums: the digits between the 1 and the 6.", func(d spDoc) spDoc {
			d.add("overlays", spText([]any{-0.5, 2.5}, "5"))
			return d.add("overlays", spText([]any{3.5, 6.5}, "0"))
		}, `,"sandwichsum":[{"cell":"R0C3","value":"5"},{"cell":"R4C7","value":"0"}]`, nil, nil},
		{"x-sum", "X-sums: a clue outside is the sum of the first X digits, X the first digit.", func(d spDoc) spDoc { return d.add("overlays", spText([]any{2.5, -0.5}, "10")) },
			`,"xsum":[{"cell":"R3C0","value":"10"}]`, nil, nil},
		{"skyscraper", "Skyscrapers: a clue says how many buildings are seen from it.", func(d spDoc) spDoc { return d.add("overlays", spText([]any{6.5, 1.5}, "3")) },
			`,"skyscraper":[{"cell":"R7C2","value":"3"}]`, nil, nil},
		{"between line", "Digits on a line between two circles lie between the digits in the circles.", func(d spDoc) spDoc {
			d.add("overlays", spCircle(spAt(n, 0), 0.8, "#FFFFFF", "#CFCFCF"))
			d.add("overlays", spCircle(spAt(n, 3), 0.8, "#FFFFFF", "#CFCFCF"))
			return d.add("lines", map[string]any{"color": "#CFCFCF", "thickness": 2, "wayPoints": []any{[]any{0.5, 0.9}, []any{0.5, 3.1}}})
		}, `,"betweenline":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]`, nil, nil},
		{"palindrome", "Grey lines are palindromes.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#CFCFCF", 16, 0, 6, 12)) },
			`,"palindrome":[{"lines":[["R1C1","R2C1","R3C1"]]}]`, nil, nil},
		{"whispers", "Adjacent digits on a green line differ by at least 2.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#67F067", 10, 0, 1, 2)) },
			`,"whispers":[{"lines":[["R1C1","R1C2","R1C3"]],"value":"2"}]`, nil, nil},
		{"german whispers", "German whispers: neighbours on a green line differ by half the size or more.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#2ECC40", 10, 0, 1, 2)) },
			`,"whispers":[{"lines":[["R1C1","R1C2","R1C3"]]}]`, nil, nil},
		{"renban", "Purple lines hold consecutive digits in any order.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#F067F0", 10, 7, 8, 9)) },
			`,"renban":[{"lines":[["R2C2","R2C3","R2C4"]]}]`, nil, nil},
		{"region sum line", "Box borders divide each blue line into segments with the same sum.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#2ECBFF", 10, 1, 2, 3)) },
			`,"regionsumline":[{"lines":[["R1C2","R1C3","R1C4"]]}]`, nil, nil},
		{"entropic line", "Entropic lines (orange): any three cells in a row hold a low, a middle and a high digit.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#FFA500", 10, 0, 1, 2, 3)) },
			`,"entropicline":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]`, nil, nil},
		{"modular line", "Modular lines (teal).", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#33BBBB", 10, 0, 1, 2)) },
			`,"modularline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`, nil, nil},
		{"zipper line", "Zipper lines: digits the same distance from the centre of a lavender line sum to the same total.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#CDB1EC", 10, 0, 1, 2)) },
			`,"zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`, nil, nil},
		{"nabner line", "No two digits on a yellow nabner line are consecutive or equal.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#C9C883", 10, 0, 7)) },
			`,"nabner":[{"lines":[["R1C1","R2C2"]]}]`, nil, nil},
		{"parity line", "Two cells adjacent along a red line must contain one even digit and one odd digit.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#FF0000", 10, 0, 1, 7, 13)) },
			"", func(r *Rules) { later(r)(MakeConstraint("parityline", r, ConstraintArgs{Cells: []int{0, 1, 7, 13}})) }, nil},
		{"sum line", "Each blue line can be divided into segments that each sum to 7.", func(d spDoc) spDoc { return d.add("lines", spLine(n, "#2ECBFF", 10, 0, 1, 2)) },
			"", func(r *Rules) {
				later(r)(MakeConstraint("sumline", r, ConstraintArgs{Cells: []int{0, 1, 2}, Value: 7}))
			}, nil},
		{"10 line loop", "Digits along each purple 10 line can be cut into segments summing to 10.", func(d spDoc) spDoc {
			return d.add("lines", spLine(n, "#F067F0", 10, 7, 8, 14, 13, 7))
		}, "", func(r *Rules) {
			later(r)(MakeConstraint("sumline", r, ConstraintArgs{Cells: []int{7, 8, 14, 13}, Value: 10, Loop: true}))
		}, nil},
		{"rellik cage", "Rellik cages: no set of digits in a cage adds up to its number. Digits in a cage do not repeat.", func(d spDoc) spDoc {
			return d.cage(n, "4", nil, 0, 1)
		}, "", func(r *Rules) { later(r)(MakeConstraint("rellik", r, ConstraintArgs{Cells: []int{0, 1}, Value: 4})) }, nil},
		{"counting circles", "Counting circles: a digit in a circle is the number of circles that hold it.", func(d spDoc) spDoc {
			for _, c := range []int{14, 0, 7} {
				d.add("overlays", spCircle(spAt(n, c), 0.7, "#FFFFFF", "#000000"))
			}
			return d
		}, "", func(r *Rules) { later(r)(MakeConstraint("countingcircles", r, ConstraintArgs{Cells: []int{0, 7, 14}})) }, nil},
		{"numbered room", "Numbered rooms: a clue outside the grid is the digit in the Xth cell from it, X the first cell's digit.", func(d spDoc) spDoc {
			return d.add("overlays", spText([]any{-0.5, 2.5}, "3"))
		}, "", func(r *Rules) { later(r)(MakeConstraint("numberedroom", r, ConstraintArgs{Row: -1, Col: 2, Value: 3})) }, nil},
		{"lunchbox clue", "Lunchbox: a clue beside a row is the sum of the digits between its smallest and its largest.", func(d spDoc) spDoc {
			return d.add("overlays", spText([]any{2.5, -0.5}, "5"))
		}, "", func(r *Rules) {
			later(r)(MakeConstraint("lunchbox", r, ConstraintArgs{Cells: []int{12, 13, 14, 15, 16, 17}, Value: 5}))
		}, nil},
		{"odd and even", "Grey circles hold odd digits, grey squares even ones.", func(d spDoc) spDoc {
			d.add("underlays", spCircle(spAt(n, 5), 0.7, "#CFCFCF", "#CFCFCF"))
			e := spCircle(spAt(n, 6), 0.7, "#CFCFCF", "#CFCFCF")
			e["rounded"] = false
			return d.add("underlays", e)
		}, `,"odd":[{"cell":"R1C6"}],"even":[{"cell":"R2C1"}]`, nil, nil},
		{"quadruple", "Digits in a quadruple circle appear in the four cells around it.", func(d spDoc) spDoc {
			e := spCircle([]any{1.0, 1.0}, 0.7, "#FFFFFF", "#000000")
			e["text"] = "1 2\n3"
			return d.add("overlays", e)
		}, `,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2,3]}]`, nil, nil},
		{"diagonals", "Digits may not repeat on the marked diagonals.", func(d spDoc) spDoc {
			d.add("lines", map[string]any{"color": "#34BBE6", "thickness": 2, "wayPoints": []any{[]any{0, 6}, []any{6, 0}}})
			return d.add("lines", map[string]any{"color": "#34BBE6", "thickness": 2, "wayPoints": []any{[]any{0, 0}, []any{6, 6}}})
		}, `,"diagonal+":true,"diagonal-":true`, nil, nil},
		{"global rules", "", func(d spDoc) spDoc {
			d["global"] = []any{"antiknight", "antiking", "nonconsecutive", "disjoint"}
			return d
		}, `,"antiknight":true,"antiking":true,"nonconsecutive":true,"disjointgroups":true`, nil, nil},
		{"negative dots from global", "", func(d spDoc) spDoc {
			d["global"] = []any{"antiratio"}
			return d.dot(n, 0, 1, "#000000", "")
		}, `,"ratio":[{"cells":["R1C1","R1C2"]}],"negative":["ratio"]`, nil, nil},
		{"anti-knight from the rules", "Normal sudoku rules apply. Cells a knight's move apart cannot contain the same digit.", func(d spDoc) spDoc { return d },
			`,"antiknight":true`, nil, nil},
		{"anti-knight in a clause of dots", "White dots join consecutive digits, and cells a knight's move apart cannot contain the same digit.", func(d spDoc) spDoc { return d.dot(n, 0, 1, "#FFFFFF", "") },
			`,"antiknight":true,"difference":[{"cells":["R1C1","R1C2"]}]`, nil, nil},
		{"anti-king from the rules", "Digits in diagonally adjacent cells may not be the same.", func(d spDoc) spDoc { return d },
			`,"antiking":true`, nil, nil},
		{"nonconsecutive from the rules", "Orthogonally adjacent cells cannot contain consecutive digits.", func(d spDoc) spDoc { return d },
			`,"nonconsecutive":true`, nil, nil},
		{"diagonals from the rules", "Digits do not repeat on either main diagonal.", func(d spDoc) spDoc { return d },
			`,"diagonal+":true,"diagonal-":true`, nil, nil},
		{"every dot given", "White dots join consecutive digits, black dots digits in a 1:2 ratio. All possible dots are given.", func(d spDoc) spDoc {
			d.dot(n, 0, 1, "#FFFFFF", "")
			return d.dot(n, 6, 7, "#000000", "")
		}, `,"difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R2C1","R2C2"]}],"negative":["difference","ratio"]`, nil, nil},
		{"givens and centre marks", "Normal sudoku rules apply.", func(d spDoc) spDoc {
			d.cell(0, "value", 3)
			d.cell(35, "value", "5")
			return d.cell(7, "centremarks", []any{1, "2"})
		}, "", nil, nil},
		{"metadata", "", func(d spDoc) spDoc {
			d["metadata"] = map[string]any{"title": "Untitled", "solution": strings.Repeat("123456456123231564564231312645645312", 1)}
			d.add("cages", map[string]any{"value": "title: Six"})
			d.add("cages", map[string]any{"value": "author: Someone"})
			return d.add("cages", map[string]any{"value": "rules: Normal sudoku rules apply."})
		}, "", nil, func(m *Meta) bool {
			return m.Title == "Six" && m.Author == "Someone" && m.Rules == "Normal sudoku rules apply." && len(m.Solution) == 36 && m.Solution[35] == 2
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tt.doc(spNew(n, tt.rules))
			b, err := ParseSudokuPad(d.link(t))
			if err != nil {
				t.Fatal(err)
			}
			if b.Meta != nil && len(b.Meta.Unread) > 0 {
				t.Fatalf("unread: %v", b.Unreadable())
			}
			want, err := ParseFPuzzles([]byte(spGivens(fp6(tt.fp), d)))
			if err != nil {
				t.Fatal(err)
			}
			if tt.extra != nil {
				tt.extra(want.Rules)
			}
			if got, w := spSig(b), spSig(want); got != w {
				t.Errorf("read\n%s\nwant\n%s", got, w)
			}
			if tt.meta != nil && !tt.meta(b.Meta) {
				t.Errorf("meta %+v", b.Meta)
			}
			if tt.meta == nil && tt.rules != "" && (b.Meta == nil || b.Meta.Rules != tt.rules || b.Meta.Title != "Test") {
				t.Errorf("meta %+v", b.Meta)
			}
		})
	}
}

// spGivens puts the givens and marks of a SudokuPad puzzle into an
// f-puzzles JSON of the same size.
func spGivens(fp string, d spDoc) string {
	var doc map[string]any
	json.Unmarshal([]byte(fp), &doc)
	for r, row := range d["cells"].([]any) {
		for c, cell := range row.([]any) {
			m := cell.(map[string]any)
			out := doc["grid"].([]any)[r].([]any)[c].(map[string]any)
			if v, ok := m["value"]; ok {
				out["value"], out["given"] = v, true
				if s, ok := v.(string); ok {
					out["value"] = int(s[0] - '0')
				}
			}
			if marks, ok := m["centremarks"].([]any); ok {
				var ds []int
				for _, x := range marks {
					f, _ := spNumber(fmt.Sprint(x))
					ds = append(ds, int(f))
				}
				out["givenPencilMarks"] = ds
			}
		}
	}
	out, _ := json.Marshal(doc)
	return string(out)
}

// TestSudokuPadGolden reads the puzzles of testdata/sudokupad (ours) and
// compares what was read with the golden files: the rules, the givens,
// every constraint, what the setter says and what stayed unread.
func TestSudokuPadGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "sudokupad", "*"))
	read := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") {
			continue
		}
		read++
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := ParseBoard(string(in))
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, strings.TrimSuffix(f, filepath.Ext(f))+".golden", spSummary(b))
		})
	}
	if read < 4 {
		t.Errorf("%d fixtures in testdata/sudokupad, want 4 or more", read)
	}
}

// spSummary writes a board for a golden file.
func spSummary(b *Board) string {
	var s strings.Builder
	fmt.Fprintf(&s, "rules: %s\ngivens: %s\n", b.Rules.Name(), b.String())
	if m := b.Meta; m != nil {
		fmt.Fprintf(&s, "title: %s\nauthor: %s\nsolution: %v\n", m.Title, m.Author, m.Solution != nil)
	}
	s.WriteString("constraints:\n")
	for _, c := range b.Rules.Constraints {
		fmt.Fprintf(&s, "  %s: %s\n", c.Kind(), c)
	}
	for i, k := range b.Rules.Cages {
		fmt.Fprintf(&s, "  cage %d: %d %s\n", i+1, k.Sum, CellList(b.Size(), k.Cells, 9))
	}
	if err := b.Unreadable(); err != nil {
		s.WriteString("unread:\n")
		for _, u := range b.Meta.Unread {
			fmt.Fprintf(&s, "  %s %v\n", u.What, u.Cells)
		}
	}
	return s.String()
}

// TestSudokuPadAsISS: SudokuPad puzzles of the kinds f-puzzles has no key
// for read as the ISS puzzles of TestISSMoreKinds whose counts ISS gave
// (the same rules, cells and clues, on the same sides).
func TestSudokuPadAsISS(t *testing.T) {
	const n = 4
	for _, tc := range []struct {
		name, rules string
		doc         func(d spDoc) spDoc
		iss         string
	}{
		{"numbered rooms", "Numbered rooms: a clue outside the grid is the digit in the Xth cell from it, X the first cell's digit.", func(d spDoc) spDoc {
			for _, c := range []struct {
				at   []any
				text string
			}{{[]any{0.5, -0.5}, "2"}, {[]any{0.5, 4.5}, "3"}, {[]any{-0.5, 3.5}, "2"}, {[]any{-0.5, 2.5}, "1"}, {[]any{4.5, 0.5}, "1"}} {
				d.add("overlays", spText(c.at, c.text))
			}
			d.cell(4, "value", 4)
			return d.cell(10, "value", 3)
		}, ".Shape~4x4.NumberedRoom~R1~2~.NumberedRoom~R1~~3.NumberedRoom~C4~2~.NumberedRoom~C3~1~.NumberedRoom~C1~~1.~R2C1_4.~R3C3_3"},
		{"lunchboxes of rows", "Lunchboxes: a clue beside a row is the sum of the digits between its 1 and its 4.", func(d spDoc) spDoc {
			d.add("overlays", spText([]any{1.5, 4.5}, "3"))
			return d.cell(0, "value", 3)
		}, ".Shape~4x4.Lunchbox~3~R2C4~R2C3~R2C2~R2C1.~R1C1_3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseSudokuPad(tc.doc(spNew(n, tc.rules)).link(t))
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Unreadable(); err != nil {
				t.Fatal(err)
			}
			want, err := ParseISS(tc.iss)
			if err != nil {
				t.Fatal(err)
			}
			if got, w := spSig(b), spSig(want); got != w {
				t.Errorf("read\n%s\nwant\n%s", got, w)
			}
		})
	}
}
