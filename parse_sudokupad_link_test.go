package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sudoku/internal/lzstring"
)

// Tests of SudokuPad's links, codes and zipped JSON.

// spShortKeys are SudokuPad's zipped keys, by long key.
var spShortKeys = func() map[string]string {
	m := map[string]string{}
	for short, long := range spZipKeys {
		m[long] = short
	}
	return m
}()

// spZip writes v as SudokuPad zips it: short keys unquoted, strings in
// single quotes, empty objects left out of arrays, t and f, colours
// unquoted (#0 and #F for black and white).
func spZip(v any) string {
	var b strings.Builder
	spZipTo(&b, v)
	return b.String()
}

func spZipTo(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			if s, ok := spShortKeys[k]; ok {
				k = s
			}
			b.WriteString(k + ":")
			spZipTo(b, v[k2long(k)])
		}
		b.WriteByte('}')
	case spDoc:
		spZipTo(b, map[string]any(v))
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if m, ok := x.(map[string]any); !ok || len(m) > 0 {
				spZipTo(b, x)
			}
		}
		b.WriteByte(']')
	case string:
		switch {
		case strings.EqualFold(v, "#000000"):
			b.WriteString("#0")
		case strings.EqualFold(v, "#FFFFFF"):
			b.WriteString("#F")
		case len(v) == 7 && v[0] == '#' && spHex6(v[1:]):
			b.WriteString(v[1:])
		default:
			q, _ := json.Marshal(v)
			s := strings.ReplaceAll(string(q[1:len(q)-1]), `'`, `\'`)
			b.WriteString("'" + strings.ReplaceAll(s, `\"`, `"`) + "'")
		}
	case bool:
		b.WriteString(map[bool]string{true: "t", false: "f"}[v])
	default:
		q, _ := json.Marshal(v)
		b.Write(q)
	}
}

// k2long returns the long key of a short one (the map holds long keys).
func k2long(k string) string {
	if l, ok := spZipKeys[k]; ok {
		return l
	}
	return k
}

// spCode compresses text as SudokuPad's codes do.
func spCode(text string) string { return lzstring.CompressToBase64(text) }

// spSample is a 6x6 with a thermometer, a white dot, a killer cage and a
// given, its rules mentioning each.
func spSample() spDoc {
	d := spNew(6, "Thermometers increase from the bulb. White dots join consecutive digits. Digits in cages sum to the clue; don't repeat.")
	d.thermo(6, 0, 1, 2).dot(6, 6, 7, "#FFFFFF", "").cage(6, "11", true, 34, 35)
	return d.cell(14, "value", 4)
}

func TestSudokuPadLinks(t *testing.T) {
	d := spSample()
	js, _ := json.Marshal(d)
	zipped := spZip(map[string]any(d))
	code := spCode(string(js))
	want, err := ParseSudokuPad("scl" + code)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Rules.Constraints) != 2 || len(want.Rules.Cages) != 1 || want.Cells[14] != 4 {
		t.Fatalf("sample read as %s", spSig(want))
	}
	for _, tt := range []struct{ name, text string }{
		{"scl link", "https://sudokupad.app/scl" + code},
		{"ctc code", "ctc" + code},
		{"puzzleid", "https://sudokupad.app/?puzzleid=scl" + url.QueryEscape(code)},
		{"puzzleid with its + as spaces", "https://sudokupad.app/?puzzleid=scl" + code + "&setting-x=1"},
		{"puzzle", "https://sudokupad.app/?puzzle=scl" + url.QueryEscape(code)},
		{"old cracking the cryptic link", "https://app.crackingthecryptic.com/sudoku/scl" + code},
		{"without a scheme", "sudokupad.app/scl" + code},
		{"escaped", "https://sudokupad.app/scl" + url.PathEscape(code)},
		{"plain JSON", string(js)},
		{"zipped JSON", zipped},
		{"zipped JSON in a code", "scl" + spCode(zipped)},
		{"spaces around", "  https://sudokupad.app/scl" + code + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !IsSudokuPad(tt.text) {
				t.Errorf("IsSudokuPad false")
			}
			b, _, err := ParseBoard(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if got, w := spSig(b), spSig(want); got != w {
				t.Errorf("read\n%s\nwant\n%s", got, w)
			}
		})
	}
}

// TestSudokuPadLostSlash: a code whose "//" lost a slash on the way is
// mended.
func TestSudokuPadLostSlash(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := range 5000 {
		d := spSample()
		title := make([]byte, 40)
		for i := range title {
			title[i] = byte('!' + rng.IntN(90))
		}
		d["metadata"].(map[string]any)["title"] = strconv.Itoa(seed) + string(title)
		js, _ := json.Marshal(d)
		code := spCode(string(js))
		if i := strings.Index(code, "//"); i >= 0 {
			broken := code[:i] + code[i+1:]
			b, err := ParseSudokuPad("scl" + broken)
			if err != nil || !strings.HasPrefix(b.Meta.Title, strconv.Itoa(seed)) {
				t.Fatalf("seed %d: %v", seed, err)
			}
			return
		}
	}
	t.Skip("no code with one double slash")
}

func TestSudokuPadFPuzzlesLinks(t *testing.T) {
	fp := fpJSON(`,"thermometer":[{"lines":[["R1C1","R1C2"]]}]`)
	want, err := ParseFPuzzles([]byte(fp))
	if err != nil {
		t.Fatal(err)
	}
	code := lzstring.CompressToBase64(fp)
	for _, text := range []string{"https://sudokupad.app/fpuzzles" + code, "https://sudokupad.app/fpuz" + code, "fpuz" + code,
		"https://sudokupad.app/?puzzleid=fpuzzles" + code, "fpuzzles" + code, "https://www.f-puzzles.com/?load=" + code} {
		b, _, err := ParseBoard(text)
		if err != nil || spSig(b) != spSig(want) {
			t.Errorf("%.40s...: %v", text, err)
		}
	}
}

func TestSudokuPadShortLinks(t *testing.T) {
	for _, tt := range []struct{ text, id string }{
		{"https://sudokupad.app/psxc3j9q0f", "psxc3j9q0f"},
		{"sudokupad.app/psxc3j9q0f", "psxc3j9q0f"},
		{"https://sudokupad.app/marty-sears/parity-fish", "marty-sears/parity-fish"},
		{"https://sudokupad.app/?puzzleid=psxc3j9q0f", "psxc3j9q0f"},
		{"https://sudokupad.app/?puzzle=psxc3j9q0f", "psxc3j9q0f"},
		{"https://app.crackingthecryptic.com/sudoku/3JtGgn8Mq6", "3JtGgn8Mq6"},
	} {
		_, _, err := ParseBoard(tt.text)
		var sl *ShortLinkError
		if !errors.As(err, &sl) || sl.ID != tt.id || !errors.Is(err, ErrShortLink) || !strings.Contains(err.Error(), "must be fetched") {
			t.Errorf("%s: %v, want a short link of %q", tt.text, err, tt.id)
		}
	}
}

func TestSudokuPadErrors(t *testing.T) {
	n6 := func(f func(d spDoc)) string {
		d := spNew(6, "")
		f(d)
		js, _ := json.Marshal(d)
		return string(js)
	}
	for _, tt := range []struct{ name, text, want string }{
		{"not compressed", "https://sudokupad.app/scl!!!", "the SudokuPad link holds no puzzle"},
		{"not JSON", "scl" + spCode("this is not json"), "neither JSON nor SudokuPad's zipped JSON"},
		{"scf", "https://sudokupad.app/scf123", "SudokuPad's scf codes are not read"},
		{"no cells", `{"cells":[]}`, "SudokuPad puzzle: no cells"},
		{"too big", n6(func(d spDoc) { d["cells"] = make([]any, 20) }), "a grid of 20 rows; sizes 4 to 16 are read"},
		{"not square", n6(func(d spDoc) { d["cells"].([]any)[2] = []any{} }), "row 3 has 0 cells, want 6"},
		{"bad given", n6(func(d spDoc) { d.cell(7, "value", 9) }), `r2c2 holds "9", want a digit 1 to 6`},
		{"a given 0", n6(func(d spDoc) { d.cell(7, "value", 0) }), `r2c2 holds 0: digits from 0 (0 to 5) are not supported, only 1 to 6`},
		{"bad mark", n6(func(d spDoc) { d.cell(7, "centremarks", []any{"x"}) }), `r2c2 has the pencil mark "x"`},
		{"regions too few", n6(func(d spDoc) { d["regions"] = spBoxes(6)[:5] }), "5 regions, want 6"},
		{"region too small", n6(func(d spDoc) {
			rs := spBoxes(6)
			rs[0] = rs[0].([]any)[:5]
			d["regions"] = rs
		}), "region 1 has 5 cells in the grid of 5 listed, want 6"},
		{"cell in two regions", n6(func(d spDoc) {
			rs := spBoxes(6)
			rs[1].([]any)[0] = []any{0, 0}
			d["regions"] = rs
		}), "r1c1 is in regions 1 and 2"},
		{"solution", n6(func(d spDoc) { d["metadata"] = map[string]any{"solution": "1234"} }), "SudokuPad metadata solution: 4 cells, want 36"},
		{"givens clash", n6(func(d spDoc) { d.cell(0, "value", 2).cell(1, "value", 2) }), "r1c1 and r1c2 are both 2"},
		{"givens break a dot", n6(func(d spDoc) {
			d["global"] = []any{"nonconsecutive"}
			d.cell(0, "value", 2).cell(1, "value", 3)
		}), "2 and 3 break it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSudokuPad(tt.text)
			var pe *ParseError
			if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want a *ParseError saying %q", err, tt.want)
			}
		})
	}
}

// TestSudokuPadUnzip: SudokuPad's zipped JSON, its quirks included.
func TestSudokuPadUnzip(t *testing.T) {
	for _, tt := range []struct{ zipped, want string }{
		{`{ce:[[,,]]}`, `{"cells":[[{},{},{}]]}`},
		{`{ce:[[]]}`, `{"cells":[[{}]]}`},
		{`{o:[{ct:[0.5,-1.5],w:0.3,r:t,c2:#0,c1:#F,c:a1a1a1}]}`, `{"overlays":[{"center":[0.5,-1.5],"width":0.3,"rounded":true,"backgroundColor":"#000000","borderColor":"#FFFFFF","color":"#a1a1a1"}]}`},
		{`{metadata:{t:'It\'s "fine"',rules:'a\nb',x:f,y:null}}`, `{"metadata":{"title":"It's \"fine\"","rules":"a\nb","x":false,"y":null}}`},
		{`{a:[{wp:[[1,2]],hl:0.3,th:5}],d2:'M0',d:3}`, `{"arrows":[{"wayPoints":[[1,2]],"headLength":0.3,"thickness":5}],"d":"M0","duration":3}`},
		{`{te:'abcdef',v:'\u00e9'}`, `{"text":"#abcdef","value":"é"}`},
		{` { "cells" : [ [ { } ] ] } `, `{"cells":[[{}]]}`},
	} {
		got, err := spDecodeJSON(tt.zipped)
		if err != nil {
			t.Errorf("%s: %v", tt.zipped, err)
			continue
		}
		var want any
		json.Unmarshal([]byte(tt.want), &want)
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			t.Errorf("%s: got %s, want %s", tt.zipped, g, tt.want)
		}
	}
	for _, bad := range []string{`{ce:[`, `{ce:[[,,]}`, `{:1}`, `{a 1}`, `{a:'x}`, `{a:-Infinity}`, `{a:Inf}`, `{a:1}x`, `[1]`, strings.Repeat("[", 100) + strings.Repeat("]", 100)} {
		if _, err := spDecodeJSON(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestSudokuPadZipRoundTrip: our zipper's text of every kind's puzzle
// reads as its JSON does.
func TestSudokuPadZipRoundTrip(t *testing.T) {
	d := spSample()
	d.add("lines", spLine(6, "#FF0000", 10, 20, 21))
	d["metadata"].(map[string]any)["rules"] = "Red lines: it's one odd, one \"even\" digit; thermometers, white dots, cages."
	js, _ := json.Marshal(d)
	a, err := ParseSudokuPad(string(js))
	if err != nil {
		t.Fatal(err)
	}
	z := spZip(map[string]any(d))
	b, err := ParseSudokuPad("scl" + spCode(z))
	if err != nil {
		t.Fatalf("%s: %v", z, err)
	}
	if spSig(a) != spSig(b) || fmt.Sprint(a.Meta) != fmt.Sprint(b.Meta) {
		t.Errorf("zipped read\n%s %v\nJSON read\n%s %v", spSig(b), b.Meta, spSig(a), a.Meta)
	}
}

// TestIsSudokuPad: SudokuPad's texts are claimed, other forms' are not.
func TestIsSudokuPad(t *testing.T) {
	b, _, err := ParseBoard("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	boardJSON, _ := FormatBoard(b, FormJSON)
	fp, _ := FormatBoard(b, FormFPuzzles)
	js, _ := json.Marshal(spSample())
	for _, tt := range []struct {
		text string
		want bool
	}{
		{string(js), true}, {spZip(map[string]any(spSample())), true}, {"sclN4IgxghgN4Ig", true}, {"ctcN4IgxghgN4Ig", true},
		{"fpuzN4IgxghgN4Ig", true}, {"https://sudokupad.app/anything", true}, {"sudokupad.app/x", true},
		{boardJSON, false}, {fp, false}, {"fpuzzlesN4IgxghgN4Ig", false}, {"scl", false}, {"scl is short", false},
		{"https://www.f-puzzles.com/?load=N4Ig", false}, {`{"puzzle":"53..7"}`, false},
	} {
		if got := IsSudokuPad(tt.text); got != tt.want {
			t.Errorf("IsSudokuPad(%.40q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestSudokuPadScanner: a stream holding SudokuPad's JSON printed over
// several lines (and f-puzzles', and a line puzzle after) is read record
// by record.
func TestSudokuPadScanner(t *testing.T) {
	pretty, _ := json.MarshalIndent(spSample(), "", "  ")
	var doc any
	json.Unmarshal([]byte(fpJSON(`,"thermometer":[{"lines":[["R1C1","R1C2"]]}]`)), &doc)
	fpPretty, _ := json.MarshalIndent(doc, "", "  ")
	fp := string(fpPretty)
	stream := string(pretty) + "\n" + fp + "\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	sc := NewScanner(strings.NewReader(stream))
	sc.Boards = true
	var got []string
	for sc.Scan() {
		p := sc.Puzzle()
		switch {
		case p.Err != nil:
			got = append(got, fmt.Sprintf("%d: %v", p.Line, p.Err))
		case p.Board != nil:
			got = append(got, fmt.Sprintf("%d: %s", p.Line, p.Board.Rules.Name()))
		default:
			got = append(got, fmt.Sprintf("%d: classic", p.Line))
		}
	}
	fpLine := strings.Count(string(pretty), "\n") + 2
	want := []string{"1: killer 6x6 with difference, thermometer", fmt.Sprintf("%d: 4x4 with thermometer", fpLine), fmt.Sprintf("%d: classic", fpLine+strings.Count(fp, "\n")+1)}
	if !slices.Equal(got, want) {
		t.Errorf("records %q, want %q", got, want)
	}
}
