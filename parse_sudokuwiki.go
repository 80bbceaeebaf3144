package sudoku

import (
	"net/url"
	"strings"
)

// This file reads sudokuwiki.org links to a classic puzzle, such as
// https://www.sudokuwiki.org/sudoku.htm?bd=530070000600195000...: the bd
// parameter holds the 81 cells, 0 for empty.

func init() {
	RegisterForm(Form{Name: "sudokuwiki", Priority: 400, Detect: isWikiLink,
		Parse: func(t string) (*Board, string, error) {
			g, err := ParseWikiLink(t)
			return boardOf(g, err), "", err
		}})
}

// isWikiLink reports whether t holds a sudokuwiki-style ?bd= link.
func isWikiLink(t string) bool {
	t = strings.TrimSpace(t)
	return (strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://") || strings.HasPrefix(t, "www.")) &&
		(strings.Contains(t, "?bd=") || strings.Contains(t, "&bd="))
}

// ParseWikiLink reads the puzzle of a sudokuwiki ?bd= link.
func ParseWikiLink(link string) (Grid, error) {
	t := strings.TrimSpace(link)
	off := strings.Index(link, t)
	q := t[strings.IndexByte(t, '?')+1:]
	if i := strings.IndexByte(q, '#'); i >= 0 {
		q = q[:i]
	}
	v, err := url.ParseQuery(q)
	bd := v.Get("bd")
	if err != nil || bd == "" {
		return Grid{}, &ParseError{Line: 1, Msg: "the link has no bd= puzzle"}
	}
	g, _, err := ParseLine(bd)
	if pe, ok := err.(*ParseError); ok && pe.Col > 0 {
		pe.Col += off + strings.Index(t, bd)
	}
	return g, err
}
