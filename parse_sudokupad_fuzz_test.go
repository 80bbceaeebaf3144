package sudoku

import (
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzSudokuPad: the reader never panics, gives typed errors, and never
// reads part of a puzzle silently: every element of a puzzle it reads is
// read as something (a kind, meta, nothing visible, shading that says
// nothing, or unread and drawn), and the board it returns is valid.
func FuzzSudokuPad(f *testing.F) {
	d := spSample()
	js, _ := json.Marshal(d)
	f.Add(string(js))
	f.Add(spZip(map[string]any(d)))
	f.Add(d.link(f))
	f.Add("scl" + spCode(spZip(map[string]any(d))))
	f.Add(spNew(6, "").add("lines", spLine(6, "#FF0000", 10, 0, 1, 2)).link(f))
	f.Add(spNew(4, "Two cells adjacent along a red line must contain one even digit and one odd digit.").add("lines", spLine(4, "#FF0000", 10, 0, 1, 5)).link(f))
	f.Add(`{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[0.5,2.5]],c:FF0000,th:10}],o:[{ct:[1,0.5],w:0.3,h:0.3,r:t,c2:#F,c1:#0}]}`)
	f.Add("https://sudokupad.app/psxc3j9q0f")
	files, _ := filepath.Glob(filepath.Join("testdata", "sudokupad", "*"))
	for _, name := range files {
		if text, err := os.ReadFile(name); err == nil && !strings.HasSuffix(name, ".golden") {
			f.Add(string(text))
		}
	}
	f.Add("https://sudokupad.app/?puzzleid=ctc" + spCode(string(js)))
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseSudokuPad(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !errors.Is(err, ErrShortLink) {
				t.Fatalf("%T %v: not a *ParseError nor a short link", err, err)
			}
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("read a board that does not validate: %v", err)
		}
		if b.Meta != nil {
			for _, u := range b.Meta.Unread {
				if u.What == "" {
					t.Fatal("an unread element without words")
				}
			}
		}
		spCheckAccounted(t, s)
	})
}

// spCheckAccounted reads the JSON of s again and checks that every
// element was read as something, and that each read as a kind's entry
// made one.
func spCheckAccounted(t *testing.T, s string) {
	text := strings.TrimSpace(s)
	if !strings.HasPrefix(text, "{") {
		code := text
		if spLinkHost(text) {
			code = spLinkCode(mustURL(spWithScheme(text)))
		}
		prefix, rest := spSplitCode(code)
		if prefix != "scl" && prefix != "ctc" {
			return
		}
		var err error
		if text, err = spDecompress(rest); err != nil {
			t.Fatalf("read, but does not decompress again: %v", err)
		}
	}
	raw, err := spDecodeJSON(text)
	if err != nil {
		t.Fatalf("read, but does not decode again: %v", err)
	}
	r := &spReader{raw: raw, fp: map[string][]any{}, flags: map[string]bool{}}
	if err := r.read(); err != nil {
		t.Fatalf("read, but not again: %v", err)
	}
	for _, e := range r.elems {
		if e.how == "" {
			t.Fatalf("%s entry %d read as nothing", e.list, e.i+1)
		}
		if _, ok := kindOfKey(e.how); ok && len(r.fp[e.how]) == 0 {
			t.Fatalf("%s entry %d read as %s, which has no entry", e.list, e.i+1, e.how)
		}
	}
}

func mustURL(s string) *url.URL {
	u, _ := url.Parse(s)
	return u
}
