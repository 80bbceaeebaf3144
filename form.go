package sudoku

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// This file holds the registry of text forms. Each form registers itself
// (RegisterForm) from the file that reads it (parse_*.go), as the kinds of
// constraint do (RegisterConstraint): its name, its place in detection,
// how to tell it, read it and write it, and where a record of it ends in a
// stream. Parse, ParseBoard, FormatBoard and the Scanner loop over the
// registry; none of them names a form, so adding a form touches one file.
//
// The forms, in the order they are tried (Priority):
//
//	  90 sudokupad   SudokuPad link or JSON     parse_sudokupad.go   read
//	 100 fpuzzles    f-puzzles JSON or link     parse_fpuzzles.go    read, written
//	 150 sudocue     SudoCue killer ID          parse_sudocue.go     read, written
//	 200 solo        Solo game ID               parse_solo.go        read, written
//	 250 iss         ISS constraint string      parse_iss.go         read, written
//	 300 hodoku      HoDoKu library line        parse_hodoku.go      read
//	 400 sudokuwiki  sudokuwiki ?bd= link       parse_sudokuwiki.go  read
//	 500 sukaku      729 pencil marks           parse_sukaku.go      read
//	 550 killerstring enjoysudoku killer string parse_killerstring.go read, written
//	 600 line        plain line of N*N cells    parse_plain.go       read, written
//	 700 line81      the 81-character line      parse_line.go        read (classic)
//	 800 json        JSON grid; BoardJSON       parse_json.go        read (classic), written
//	 900 matlab      MATLAB matrix, clue list   parse_matlab.go      read (classic)
//	1000 grid        printed rows of cells      parse_block.go       read (classic), written
//
// The classic forms (priority classicPriority and up) read a 9x9 grid
// from the lines of a record, noting where each given stood so that two
// equal givens are reported at their place; they are what Parse reads.

// The forms FormatBoard writes.
const (
	FormLine     = "line"     // the plain line (FormatPlain)
	FormGrid     = "grid"     // rows of cells, boxes ruled when the rules have boxes
	FormJSON     = "json"     // a JSON object (BoardJSON)
	FormSolo     = "solo"     // a Solo game ID (FormatSolo)
	FormFPuzzles = "fpuzzles" // f-puzzles JSON
)

// A Form is a text form of puzzles, as the file that reads or writes it
// registers it (RegisterForm).
//
// A form with Parse reads a puzzle of any rules from one line (or, with
// Lines, from a whole text) and its Priority is below 700: such forms are
// tried, in order of Priority, before the classic forms that Parse reads
// (the 81-character line, JSON, MATLAB, printed rows). A Scanner offers
// them each line, trimmed, and a line one of them claims is a record of
// its own, ending any record being gathered.
type Form struct {
	// Name names the form: "solo". FormatBoard takes it.
	Name string
	// Priority orders detection: forms are tried from the lowest, and the
	// first whose Detect claims a text reads it. Forms with Parse take
	// priorities below 700.
	Priority int
	// Detect reports whether text, trimmed of space, is in the form. It
	// is given one line, or any text when Lines is set.
	Detect func(text string) bool
	// Lines lets ParseBoard offer Detect and Parse a text of several
	// lines (an f-puzzles JSON object). A Scanner offers one line.
	Lines bool
	// Parse reads a text that Detect claimed: the puzzle and its
	// annotation (the text after a one-line puzzle). Errors are
	// *ParseError values with Col counted in text; a Scanner moves them
	// to the line and column in the stream.
	Parse func(text string) (*Board, string, error)
	// AfterCells reports whether rest, the text after the first 81 cell
	// characters of a line (from a space or tab on), makes the line one
	// of the form's. A Scanner reads a line of 81 cells and an
	// annotation as the 81-character line without asking the forms,
	// unless a form's AfterCells claims what follows the cells.
	AfterCells func(rest []byte) bool
	// Format writes a board in the form; nil for a form only read.
	// Forms that cannot hold the board's rules return an error naming
	// them.
	Format func(b *Board) (string, error)

	// grid is set for the classic forms, which Parse reads.
	grid *gridForm
}

// classicPriority is the priority of the first classic form: forms with
// Parse come before it.
const classicPriority = 700

// gridForm is what a classic form adds to its Form: it reads a 9x9 grid
// from the significant lines of a record, noting where each given stood,
// for Parse and for the records of a Scanner; and it says where a record
// that starts on a line ends in a stream.
type gridForm struct {
	// detect reports whether the significant lines sig of a record are
	// in the form. sure is false for a guess: when its read fails, the
	// lines go on to the next form that claims them, and the guess's
	// error is reported if none reads them.
	detect func(sig []srcLine) (ok, sure bool)
	// parse reads the grid, and the annotation of a one-line puzzle.
	parse func(sig []srcLine, p *[81]pos) (Grid, string, error)
	// start says how a record in the form that starts with line t ends
	// (recordStart), or has end endNone when no such record starts there.
	start func(t string) recordStart
	// alone marks a form whose records are single lines that end any
	// record being gathered, as the forms with Parse do (the
	// 81-character line): a Scanner asks it before the others.
	alone bool
}

// noAnnotation makes a reader of a form without annotations a gridForm
// parse.
func noAnnotation(read func(sig []srcLine, p *[81]pos) (Grid, error)) func([]srcLine, *[81]pos) (Grid, string, error) {
	return func(sig []srcLine, p *[81]pos) (Grid, string, error) {
		g, err := read(sig, p)
		return g, "", err
	}
}

// formSet is the registered forms, by priority, and their AfterCells
// in one function.
type formSet struct {
	all   []*Form
	after func(rest []byte) bool
}

// formRegistry holds the forms. Readers load the set without a lock;
// RegisterForm replaces it.
var formRegistry struct {
	sync.Mutex
	set atomic.Pointer[formSet]
}

// RegisterForm registers a text form. It panics when the name is taken,
// when a form with Parse has no Detect, or takes a priority of 700 or
// more (the classic forms' own).
func RegisterForm(f Form) {
	if f.Parse != nil && (f.Detect == nil || f.Priority >= classicPriority) {
		panic("sudoku: form " + f.Name + " reads boards: it needs Detect and a priority below 700")
	}
	formRegistry.Lock()
	defer formRegistry.Unlock()
	var all []*Form
	if old := formRegistry.set.Load(); old != nil {
		all = old.all
	}
	if slices.ContainsFunc(all, func(g *Form) bool { return g.Name == f.Name }) {
		panic("sudoku: form registered twice: " + f.Name)
	}
	all = append(slices.Clip(all), &f)
	slices.SortStableFunc(all, func(a, b *Form) int { return a.Priority - b.Priority })
	formRegistry.set.Store(&formSet{all: all, after: afterCells(all)})
}

// afterCells returns a function that reports whether the AfterCells of
// one of forms claims rest: the one form's own when only one has it.
func afterCells(forms []*Form) func([]byte) bool {
	var fs []func([]byte) bool
	for _, f := range forms {
		if f.AfterCells != nil {
			fs = append(fs, f.AfterCells)
		}
	}
	switch len(fs) {
	case 0:
		return func([]byte) bool { return false }
	case 1:
		return fs[0]
	}
	return func(rest []byte) bool {
		return slices.ContainsFunc(fs, func(f func([]byte) bool) bool { return f(rest) })
	}
}

// forms returns the registered forms by priority; the caller must not
// change the slice.
func forms() []*Form {
	if s := formRegistry.set.Load(); s != nil {
		return s.all
	}
	return nil
}

// LookupForm returns the form registered under name.
func LookupForm(name string) (*Form, bool) {
	for _, f := range forms() {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}

// Forms returns every registered form, in the order they are tried.
func Forms() []*Form { return slices.Clone(forms()) }

// ParseBoard reads one puzzle of any rules in any text form, detected from
// the text: the forms registered with Parse (RegisterForm) in order of
// priority (an f-puzzles JSON or link, ParseFPuzzles; a Solo game ID,
// ParseSolo; a HoDoKu library line, ParseHoDoKu; a sudokuwiki ?bd= link,
// ParseWikiLink; the 729-character pencil-mark form, ParseSukaku; the
// plain line of N*N cells with its maps and rules, ParsePlain), then any
// classic form Parse reads. It returns the board and the annotation (text
// after a one-line puzzle). Errors are *ParseError values naming line and
// column, wrapping a *RuleError or *ClashError when the rules or givens do
// not hold.
func ParseBoard(text string) (*Board, string, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\uFEFF"))
	if t == "" {
		return nil, "", &ParseError{Msg: "no puzzle: the text is empty"}
	}
	if f := boardForm(t, true); f != nil {
		return f.Parse(t)
	}
	g, ann, err := parseRecord(splitLines(text, 1))
	if err != nil {
		return nil, "", err
	}
	return BoardOf(g), ann, nil
}

// boardForm returns the first form with Parse whose Detect claims t, a
// trimmed text: any such form when t is one line, and when it is several
// those with Lines, if lines is set; nil when none does.
func boardForm(t string, lines bool) *Form {
	one := !strings.ContainsAny(t, "\n\r")
	if !one && !lines {
		return nil
	}
	for _, f := range forms() {
		if f.Parse != nil && (one || f.Lines) && f.Detect(t) {
			return f
		}
	}
	return nil
}

// boardOf returns the board of a classic grid read by a form, or nil when
// it was not read.
func boardOf(g Grid, err error) *Board {
	if err != nil {
		return nil
	}
	return BoardOf(g)
}

// FormatBoard writes b in the form named, one registered with Format
// (FormLine, FormGrid, FormJSON, FormSolo, FormFPuzzles, FormISS, and
// for killers FormSudocue and FormKillerString). An error names what the
// form cannot hold.
func FormatBoard(b *Board, form string) (string, error) {
	if err := writable(b); err != nil {
		return "", err
	}
	if f, ok := LookupForm(form); ok && f.Format != nil {
		return f.Format(b)
	}
	return "", fmt.Errorf("unknown form %q (want %s)", form, formatNames())
}

// formatNames lists the forms FormatBoard writes, by name: "fpuzzles,
// grid, iss, json, line or solo".
func formatNames() string {
	var names []string
	for _, f := range forms() {
		if f.Format != nil {
			names = append(names, f.Name)
		}
	}
	slices.Sort(names)
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// claimedAfterCells reports whether a form's AfterCells claims rest, the
// text after a line's first 81 cells (from a space or tab on).
func claimedAfterCells(rest []byte) bool {
	s := formRegistry.set.Load()
	return s != nil && s.after(rest)
}
