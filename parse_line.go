package sudoku

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file reads the 81-character line form of a classic puzzle: digits
// 1-9 row by row, an empty cell as 0 . - _ or *, an annotation after the
// cells, and in files a short leading token (a hash, an id) before them.
// It is the classic form tried first, after the forms of other rules.

func init() {
	RegisterForm(Form{Name: "line81", Priority: classicPriority, grid: &gridForm{
		detect: lineDetect, parse: lineParse, start: lineStart, alone: true}})
}

// maxHashLen bounds the leading token that Parse and Scanner accept before
// an 81-cell puzzle on one line (a hash, an id, a puzzle number).
const maxHashLen = 64

// minLineRun is the number of consecutive cell characters from which a
// one-line text is taken for the 81-character line form (and its errors are
// reported as such) rather than for a free layout of cells.
const minLineRun = 20

// lineDetect claims a record whose first line holds a puzzle in the line
// form: in a record of one line, from minLineRun cells on (so that its
// errors are the line form's); in a longer one, 81 cells, which Parse
// reads as one puzzle followed by more text. A line that opens a JSON or
// MATLAB value is theirs.
func lineDetect(sig []srcLine) (ok, sure bool) {
	t := sig[0].text
	if opensValue(t[skipSpace(t, 0):]) {
		return false, false
	}
	_, ok = lineCandidate(t, lineRun(len(sig)))
	return ok, true
}

// lineRun is the run of cells from which a record of n lines is in the
// line form.
func lineRun(n int) int {
	if n == 1 {
		return minLineRun
	}
	return 81
}

// lineParse reads the line form. A record of several lines is an error:
// Parse reads one puzzle.
func lineParse(sig []srcLine, p *[81]pos) (Grid, string, error) {
	first := sig[0]
	s, _ := lineCandidate(first.text, lineRun(len(sig)))
	g, ann, err := lineFormAt(first, s, p)
	if err != nil || len(sig) == 1 {
		return g, ann, err
	}
	next := sig[1]
	return Grid{}, "", &ParseError{Line: next.num, Col: colOf(next.text, skipSpace(next.text, 0)),
		Msg: fmt.Sprintf("more text after the puzzle on line %d: Parse reads one puzzle (a Scanner reads a list)", first.num)}
}

// lineStart makes a line of minLineRun cells or more (after a leading
// token perhaps) a record of its own in a stream.
func lineStart(t string) recordStart {
	if _, ok := lineCandidate(t, minLineRun); ok {
		return recordStart{end: endLine}
	}
	return recordStart{}
}

// ParseLine reads the 81-character line form: 81 cells, digits 1-9 and an
// empty cell as 0 . - _ or *. Text after the 81 cells, separated from them
// by whitespace, is returned trimmed as the annotation (ratings, hashes,
// comments). Whitespace around the line is ignored.
//
// ParseLine is strict: anything before the cells, such as a hash, is an
// error (Parse and Scanner accept a short leading token). Errors are as for
// Parse, with Line 1: a *ParseError for malformed text, or a *ParseError
// wrapping a *ConflictError, returned with the grid as read, when two givens
// clash.
func ParseLine(line string) (g Grid, annotation string, err error) {
	line = strings.TrimPrefix(line, "\uFEFF")
	if i := strings.IndexByte(line, '\n'); i >= 0 && strings.TrimSpace(line[i:]) != "" {
		j := skipSpace(line, i)
		k := strings.LastIndexByte(line[:j], '\n')
		nl := 1 + strings.Count(line[:j], "\n")
		return Grid{}, "", &ParseError{Line: nl, Col: utf8.RuneCountInString(line[k+1:j]) + 1,
			Msg: "more text on a second line: ParseLine reads one line (Parse reads multi-line forms)"}
	}
	line = strings.TrimRight(line, "\r\n")
	l := srcLine{num: 1, text: line}
	start := skipSpace(line, 0)
	var p [81]pos
	g, annotation, err = lineForm(l, start, &p)
	if err != nil {
		return Grid{}, "", err
	}
	if err := checkConflicts(&g, &p); err != nil {
		return g, annotation, err
	}
	return g, annotation, nil
}

// lineCandidate reports whether the line is meant as the 81-character line
// form: its first token starts with at least minRun cell characters, or a
// first token of at most maxHashLen characters is followed by such a token.
// It returns the byte offset of the first token, which lineFormAt reads.
func lineCandidate(t string, minRun int) (start int, ok bool) {
	s1 := skipSpace(t, 0)
	if cellRun(t, s1) >= minRun {
		return s1, true
	}
	e1 := skipNonSpace(t, s1)
	s2 := skipSpace(t, e1)
	if s2 < len(t) && e1-s1 <= 4*maxHashLen && utf8.RuneCountInString(t[s1:e1]) <= maxHashLen && cellRun(t, s2) >= minRun {
		return s1, true
	}
	return 0, false
}

// lineFormAt reads the line form starting at byte offset s of l, accepting
// a leading token before the puzzle when s is not itself the puzzle; the
// leading token then heads the annotation.
func lineFormAt(l srcLine, s int, p *[81]pos) (Grid, string, error) {
	t := l.text
	if cellRun(t, s) >= minLineRun {
		return lineForm(l, s, p)
	}
	e := skipNonSpace(t, s)
	g, ann, err := lineForm(l, skipSpace(t, e), p)
	if err != nil {
		return Grid{}, "", err
	}
	if ann == "" {
		return g, t[s:e], nil
	}
	return g, t[s:e] + " " + ann, nil
}

// lineForm reads the strict 81-character line form from byte offset start
// of l: 81 cells, then nothing or whitespace and an annotation.
func lineForm(l srcLine, start int, p *[81]pos) (g Grid, ann string, err error) {
	t := l.text
	col0 := colOf(t, start)
	i, n := start, 0
	for ; i < len(t) && n < 81; i++ {
		v := cellValue[t[i]]
		if v == notCell {
			break
		}
		g[n] = v
		p[n] = pos{line: l.num, col: col0 + n}
		n++
	}
	if n == 81 {
		if i == len(t) {
			return g, "", nil
		}
		if !isSpaceAt(t, i) {
			if cellValue[t[i]] != notCell {
				return Grid{}, "", &ParseError{Line: l.num,
					Msg: fmt.Sprintf("got %d cells, want 81", 81+cellRun(t, i))}
			}
			return Grid{}, "", errAt(l, i, "unexpected %s after the 81 cells (separate an annotation with a space)", quoteAt(t, i))
		}
		return g, strings.TrimSpace(t[i:]), nil
	}
	if i < len(t) && !isSpaceAt(t, i) {
		return Grid{}, "", errAt(l, i, "unexpected %s (%s)", quoteAt(t, i), cellHint)
	}
	return Grid{}, "", &ParseError{Line: l.num, Msg: fmt.Sprintf("got %d cells, want 81", n)}
}

// cellRun counts the line-form cell characters starting at offset i.
func cellRun(t string, i int) int {
	n := 0
	for ; i < len(t) && cellValue[t[i]] != notCell; i++ {
		n++
	}
	return n
}
