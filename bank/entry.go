package bank

import (
	"fmt"
	"strings"
	"time"

	"sudoku"
)

// Entry is one puzzle of the bank, on any rules. A classic puzzle (Rules
// "") is stored with its grids and its rating, and picked by level; a
// puzzle of other rules (another size, jigsaw, killer, X, anti-knight...)
// is stored in its plain line form and picked by rule set: such puzzles
// have no stored rating yet (issue 17), so the rating fields, Daily and
// Needs are the classic puzzles' only.
type Entry struct {
	ID int64 // set by the bank; ignored by Add
	// Rules is "" for a classic puzzle; for a puzzle of other rules, the
	// rule set's name (sudoku.Rules.Name: "killer 9x9", "jigsaw 9x9",
	// "6x6"), what a pick of Kind{Rules: name} selects on.
	Rules string

	// A classic puzzle: its clues and its unique solution.
	Puzzle   sudoku.Grid
	Solution sudoku.Grid
	// A puzzle of other rules: Plain is its plain line form with its maps
	// and rules (sudoku.FormatPlain, regions and cages labelled in reading
	// order), unique in the bank; SolutionLine its solution, N*N digits.
	Plain        string
	SolutionLine string

	// The rating of a classic puzzle.
	ER, EP, ED    Rating
	Level         Level
	RatingVersion string // logic.RatingVersion of the rating
	Symmetry      string // name of the clues' symmetry: "none", "rot180", ...
	Clues         int    // Puzzle's clue count; Add derives it from Puzzle
	// Canonical is the canonical form of a classic Puzzle
	// (generate.Canonical, as an 81-character line): unique in the bank.
	Canonical string

	Source    string    // where it came from: a fill's seed and number, a file and line
	Created   time.Time // when it was stored; Add uses the bank's clock when zero
	HandedOut time.Time // when a pick handed it out; zero when not
	Daily     string    // the date a classic puzzle is the daily puzzle of (2006-01-02), or ""
	// Needs lists the techniques a classic puzzle needs (logic.Trains),
	// what PickNeed selects on; nil for puzzles stored without them.
	Needs []Trained
}

// NewEntry makes the entry of puzzle and its solution, from source. A
// classic puzzle gets its grids and clue count; its rating, symmetry,
// canonical form and needs are for the caller to fill (package bankgen's
// Entry does, with package generate and logic, which the bank does not
// depend on): a classic puzzle is stored rated. A puzzle of other rules
// gets its rule set's name, its plain line and its solution: all it
// stores.
func NewEntry(puzzle, solution *sudoku.Board, source string) (Entry, error) {
	if puzzle.Rules.IsClassic() {
		g, ok := puzzle.Grid()
		sol, solOK := solution.Grid()
		switch {
		case !ok:
			return Entry{}, fmt.Errorf("%w: a classic puzzle is stored as a grid: no marks, nothing unread", ErrInvalidEntry)
		case !solOK || !sol.Full():
			return Entry{}, fmt.Errorf("%w: the solution is not a full classic grid", ErrInvalidEntry)
		}
		return Entry{Puzzle: g, Solution: sol, Clues: g.Clues(), Source: source}, nil
	}
	line, err := canonicalLine(puzzle)
	if err != nil {
		return Entry{}, fmt.Errorf("%w: %v", ErrInvalidEntry, err)
	}
	return Entry{Rules: puzzle.Rules.Name(), Plain: line, SolutionLine: solution.Line('.'), Source: source}, nil
}

// canonicalLine writes b's plain line, read back and written again so
// that regions and cages are labelled in reading order: the same puzzle
// from a Solo ID or with its cages listed in another order gives the
// same line, and so is a duplicate.
func canonicalLine(b *sudoku.Board) (string, error) {
	line, err := sudoku.FormatPlain(b)
	if err != nil {
		return "", err
	}
	again, _, err := sudoku.ParsePlain(line)
	if err != nil {
		return "", err
	}
	return sudoku.FormatPlain(again)
}

// Classic reports whether e is a classic puzzle (Rules "").
func (e *Entry) Classic() bool { return e.Rules == "" }

// Kind is what a pick of e selects on: its level, or its rule set.
func (e *Entry) Kind() Kind {
	if e.Classic() {
		return Kind{Level: e.Level}
	}
	return Kind{Rules: e.Rules}
}

// Check reports what makes e unfit to store, wrapping ErrInvalidEntry.
func (e *Entry) Check() error {
	if !e.Classic() {
		return e.checkOther()
	}
	switch {
	case e.Plain != "":
		return fmt.Errorf("%w: a plain line and no rules: a classic puzzle is stored by its grids", ErrInvalidEntry)
	case len(e.Canonical) != 81:
		return fmt.Errorf("%w: canonical form has %d characters, want 81", ErrInvalidEntry, len(e.Canonical))
	case !e.Solution.Full():
		return fmt.Errorf("%w: solution has %d digits, want 81", ErrInvalidEntry, e.Solution.Clues())
	case !e.Level.Valid():
		return fmt.Errorf("%w: level %d", ErrInvalidEntry, int(e.Level))
	case e.RatingVersion == "":
		return fmt.Errorf("%w: no rating version", ErrInvalidEntry)
	case e.Symmetry == "":
		return fmt.Errorf("%w: no symmetry", ErrInvalidEntry)
	}
	return nil
}

// checkOther is Check of a puzzle of other rules.
func (e *Entry) checkOther() error {
	b, err := e.Board()
	switch {
	case err != nil:
		return fmt.Errorf("%w: %v", ErrInvalidEntry, err)
	case b.Rules.IsClassic():
		return fmt.Errorf("%w: rules %q: a classic puzzle is stored by its grids, with no rules", ErrInvalidEntry, e.Rules)
	case b.Rules.Name() != e.Rules:
		return fmt.Errorf("%w: rules %q, the puzzle is %s", ErrInvalidEntry, e.Rules, b.Rules.Name())
	case len(e.SolutionLine) != len(b.Cells) || strings.Contains(e.SolutionLine, "."):
		return fmt.Errorf("%w: solution of %d characters, want %d digits", ErrInvalidEntry, len(e.SolutionLine), len(b.Cells))
	}
	return nil
}

// Board returns the stored puzzle: the classic grid, or the plain line
// read back.
func (e *Entry) Board() (*sudoku.Board, error) {
	if e.Classic() {
		return sudoku.BoardOf(e.Puzzle), nil
	}
	b, _, err := sudoku.ParsePlain(e.Plain)
	return b, err
}

// SolutionBoard returns the stored solution on the puzzle's rules.
func (e *Entry) SolutionBoard() (*sudoku.Board, error) {
	if e.Classic() {
		return sudoku.BoardOf(e.Solution), nil
	}
	b, err := e.Board()
	if err != nil {
		return nil, err
	}
	sol := b.Clone()
	for i := range sol.Cells {
		if i < len(e.SolutionLine) {
			if d, ok := sudoku.ParseDigit(e.SolutionLine[i]); ok {
				sol.Cells[i] = uint8(d)
			}
		}
	}
	return sol, nil
}

// Kind is what a pick selects on: a classic level or, when Rules is set,
// a rule set of other rules.
type Kind struct {
	Rules string // a rule set as Entry.Rules names it; "" for classic
	Level Level  // the classic level, when Rules is ""
}

// Classic reports whether k selects classic puzzles, by level.
func (k Kind) Classic() bool { return k.Rules == "" }

// ExportKinds is the order of a Store's Export of kinds, for the stores
// to share: the classic puzzles of the kinds' levels first (classic, all
// levels when levels is empty), then the puzzles of their rule sets
// (boards, all rule sets when rules is empty). With no kinds, both run,
// each over everything; otherwise only those the kinds ask for.
func ExportKinds(kinds []Kind, classic func(levels []Level) error, boards func(rules []string) error) error {
	var levels []Level
	var rules []string
	for _, k := range kinds {
		if k.Classic() {
			levels = append(levels, k.Level)
		} else {
			rules = append(rules, k.Rules)
		}
	}
	if len(kinds) == 0 || len(levels) > 0 {
		if err := classic(levels); err != nil {
			return err
		}
	}
	if len(kinds) == 0 || len(rules) > 0 {
		return boards(rules)
	}
	return nil
}

// String names what k selects: the level or the rule set.
func (k Kind) String() string {
	if k.Rules != "" {
		return k.Rules
	}
	return k.Level.String()
}

// RulesCount counts the stored puzzles of one rule set of other rules.
type RulesCount struct {
	Rules     string
	Total     int
	HandedOut int
	Left      int
}
