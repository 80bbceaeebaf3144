package sudoku

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// addSeeds adds every input under testdata/parse and testdata/scan.
func addSeeds(f *testing.F) {
	f.Helper()
	for _, dir := range []string{"parse", "scan"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(b))
		}
	}
	f.Add(seedB)
	f.Add(wiki)
	f.Add(`{"puzzle": [[5,3,0,0,7,0,0,0,0]], "x": [{"y": "z"}]}`)
}

// lineCount is the number of lines of text as Parse numbers them.
func lineCount(text string) int { return strings.Count(text, "\n") + 1 }

// checkParseError checks that err is a *ParseError placed inside text.
func checkParseError(t *testing.T, text string, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("got error %v (%T), want a *ParseError", err, err)
	}
	if pe.Line < 0 || pe.Line > lineCount(text) || pe.Col < 0 || pe.Msg == "" {
		t.Fatalf("got error at line %d, column %d (%q) for a text of %d lines", pe.Line, pe.Col, pe.Msg, lineCount(text))
	}
	if pe.Col > 0 && pe.Line > 0 {
		lines := splitLines(text, 1)
		if n := len([]rune(lines[pe.Line-1].text)) + 1; pe.Col > n {
			t.Fatalf("got error at line %d, column %d (%q), past the end of the line (%d)", pe.Line, pe.Col, pe.Msg, n)
		}
	}
}

func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		if err != nil {
			checkParseError(t, text, err)
			var ce *ConflictError
			if errors.As(err, &ce) && g.Validate() == nil {
				t.Fatalf("got a conflict %v with a grid that has none: %v", err, g.Line('.'))
			}
		} else {
			if err := g.Validate(); err != nil {
				t.Fatalf("Parse succeeded with a grid that fails Validate: %v: %v", g.Line('.'), err)
			}
			for name, form := range map[string]string{"line": g.Line('.'), "pretty": g.Pretty()} {
				back, err := Parse(form)
				if err != nil || back != g {
					t.Fatalf("%s round trip of %v: got %v, %v", name, g.Line('.'), back.Line('.'), err)
				}
			}
		}

		if lg, _, err := ParseLine(text); err == nil {
			if pg, perr := Parse(text); perr != nil || pg != lg {
				t.Fatalf("ParseLine accepts %q as %v but Parse gives %v, %v", text, lg.Line('.'), pg.Line('.'), perr)
			}
		} else {
			checkParseError(t, text, err)
		}

		var jg Grid
		if err := jg.UnmarshalJSON([]byte(text)); err == nil {
			b, err := json.Marshal(jg)
			if err != nil {
				t.Fatal(err)
			}
			var back Grid
			if err := json.Unmarshal(b, &back); err != nil || back != jg {
				t.Fatalf("JSON round trip of %v: got %v, %v", jg.Line('.'), back.Line('.'), err)
			}
		} else {
			checkParseError(t, text, err)
		}
	})
}

func FuzzScanner(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		n := lineCount(text)
		sc := NewScanner(strings.NewReader(text))
		last, records := 0, 0
		for sc.Scan() {
			p := sc.Puzzle()
			records++
			if p.Line < 1 || p.Line > n || p.Line < last {
				t.Fatalf("record %d at line %d: want lines 1..%d in order after %d", records, p.Line, n, last)
			}
			last = p.Line
			if p.Err != nil {
				checkParseError(t, strings.TrimPrefix(text, "\uFEFF"), p.Err)
				var pe *ParseError
				errors.As(p.Err, &pe)
				if pe.Line < 1 {
					t.Fatalf("record at line %d: error %v names no line", p.Line, p.Err)
				}
				continue
			}
			if err := p.Grid.Validate(); err != nil {
				t.Fatalf("record at line %d: %v fails Validate: %v", p.Line, p.Grid.Line('.'), err)
			}
		}
		if sc.Err() != nil {
			t.Fatalf("got read error %v from a string", sc.Err())
		}
		if records > n+1 {
			t.Fatalf("got %d records from %d lines", records, n)
		}
	})
}
