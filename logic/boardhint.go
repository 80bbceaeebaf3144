package logic

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"sudoku"
	"sudoku/internal/words"
	"sudoku/solver"
)

// BoardHint is Hint on a board of any rules: cells are indexes (row-major)
// and units index the board's Layout.
type BoardHint struct {
	Level      int
	Text       string
	Wrong      []int // the player's entries that disagree with the solution
	WrongMarks []int // empty cells whose marks leave out the solution's digit
	Step       *BoardStep
	Summary    string // what the step's technique is (levels 2 and 3)
	Cells      []int  // what to highlight at this level
	Units      []int
	// Where names Units at level 2 ("row 3", "the cage at r1c1"), so a
	// caller words them without compiling the rules again.
	Where []string
}

// NextBoardHint is NextHintMarks for a board of any rules: entries are
// the player's digits (one a cell, 0 empty; nil for none), marks their
// pencil marks (one a cell, 0 for a cell without; nil for none). Wrong
// entries come first, then marks that leave out a cell's digit, both in
// the words of the classic hints; then the next step of PathBoard's
// logic from where the player is.
func NextBoardHint(ctx context.Context, puzzle *sudoku.Board, entries []uint8, marks []sudoku.Digits, level int) (BoardHint, error) {
	if err := puzzle.Unreadable(); err != nil {
		return BoardHint{}, err
	}
	n, nn := puzzle.Rules.Size, len(puzzle.Cells)
	if level < 1 || level > 3 {
		return BoardHint{}, fmt.Errorf("hint level %d: want 1, 2 or 3", level)
	}
	if entries != nil && len(entries) != nn || marks != nil && len(marks) != nn {
		return BoardHint{}, fmt.Errorf("hint: %d entries and %d marks, want %d of each (one a cell) or none", len(entries), len(marks), nn)
	}
	l, err := puzzle.Rules.Layout() // once, for the search, the step and its words
	if err != nil {
		return BoardHint{}, err
	}
	sol, err := solver.UniqueSolutionIn(ctx, l, puzzle)
	if err != nil {
		return BoardHint{}, err
	}
	pos := puzzle.Clone()
	for c, v := range entries {
		if v != 0 && puzzle.Cells[c] == 0 {
			pos.Cells[c] = v
		}
	}
	if h, ok := wrongBoardHint(level, pos.Cells, sol, n); ok {
		return h, nil
	}
	if pos.Full() {
		return BoardHint{Level: level, Text: "The puzzle is solved."}, nil
	}
	if h, ok := wrongBoardMarks(level, pos, marks, sol); ok {
		return h, nil
	}
	st, err := NextBoardIn(ctx, pos, l)
	if err != nil {
		return BoardHint{}, err
	}
	return boardStepHint(level, l, &st), nil
}

// wrongBoardHint is the hint about wrong entries, if any.
func wrongBoardHint(level int, cells, sol []uint8, n int) (BoardHint, bool) {
	var wrong []int
	var right, got []int
	for c, v := range cells {
		if v != 0 && v != sol[c] {
			wrong, right, got = append(wrong, c), append(right, int(sol[c])), append(got, int(v))
		}
	}
	if len(wrong) == 0 {
		return BoardHint{}, false
	}
	h := BoardHint{Level: level, Wrong: wrong, Text: wrongText(level, sudoku.CellNames(n, wrong), right, got)}
	if level > 1 {
		h.Cells = wrong
	}
	return h, true
}

// wrongBoardMarks is the hint about marks that leave out a cell's digit,
// if any; otherwise it narrows pos's marks to the player's.
func wrongBoardMarks(level int, pos *sudoku.Board, marks []sudoku.Digits, sol []uint8) (BoardHint, bool) {
	if marks == nil {
		return BoardHint{}, false
	}
	var bad, right []int
	for c, m := range marks {
		if pos.Cells[c] == 0 && m != 0 && !m.Has(int(sol[c])) {
			bad, right = append(bad, c), append(right, int(sol[c]))
		}
	}
	if len(bad) > 0 {
		h := BoardHint{Level: level, WrongMarks: bad, Text: wrongMarksText(level, sudoku.CellNames(pos.Rules.Size, bad), right)}
		if level > 1 {
			h.Cells = bad
		}
		return h, true
	}
	all := sudoku.AllDigits(pos.Rules.Size)
	pos.Marks = make([]sudoku.Digits, len(pos.Cells))
	for c, m := range marks {
		switch {
		case pos.Cells[c] != 0:
			pos.Marks[c] = sudoku.DigitOf(int(pos.Cells[c]))
		case m != 0:
			pos.Marks[c] = all & m
		default:
			pos.Marks[c] = all
		}
	}
	return BoardHint{}, false
}

// boardStepHint words step st on a board of layout l at level: what to look for, then where
// (its units, or its cells when it has none), then the whole step.
func boardStepHint(level int, l *sudoku.Layout, st *BoardStep) BoardHint {
	h := BoardHint{Level: level, Step: st}
	if level == 1 {
		h.Text = fmt.Sprintf("Look for %s.", withArticle(st.Technique))
		return h
	}
	h.Summary = BoardSummary(l.Rules, st.Technique)
	if level == 3 {
		h.Text, h.Units, h.Cells = sentence(st.Text), st.Units, boardStepCells(st)
		return h
	}
	h.Units = st.Units
	for _, u := range st.Units {
		h.Where = append(h.Where, unitName(l, u))
		h.Cells = append(h.Cells, l.Units[u].Cells...)
	}
	where := h.Where
	if len(st.Units) == 0 {
		h.Cells = st.Cells
		where = sudoku.CellNames(l.N, st.Cells)
	}
	h.Text = fmt.Sprintf("Look for %s in %s.", withArticle(st.Technique), joinAnd(where))
	return h
}

// boardStepCells returns the cells of a step's pattern, then those it
// places or eliminates in, each once.
func boardStepCells(st *BoardStep) []int {
	seen := map[int]bool{}
	var out []int
	add := func(c int) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range st.Cells {
		add(c)
	}
	for _, list := range [][]BoardCandidate{st.Placements, st.Eliminations} {
		for _, c := range list {
			add(c.Cell)
		}
	}
	return out
}

// unitName names unit u for a hint: "row 3", "region 2", "the cage at
// r1c1".
func unitName(l *sudoku.Layout, u int) string {
	un := &l.Units[u]
	if un.Kind == sudoku.UnitCage {
		return "the cage at " + sudoku.CellName(l.N, un.Cells[0])
	}
	return un.String()
}

// wrongText words wrong entries (cells named, their right digits and the
// player's) at a hint level; classic and other boards alike.
func wrongText(level int, cells []string, right, got []int) string {
	switch level {
	case 1:
		if len(cells) > 1 {
			return fmt.Sprintf("%d of your entries are wrong: find them before going on.", len(cells))
		}
		return "One of your entries is wrong: find it before going on."
	case 2:
		return fmt.Sprintf("Check %s: %s not right.", joinAnd(cells), words.Plural(len(cells), "it is", "they are"))
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = fmt.Sprintf("%s is %d, not %d", c, right[i], got[i])
	}
	return "Wrong entries: " + strings.Join(parts, "; ") + "."
}

// wrongMarksText words pencil marks that leave out the right digit.
func wrongMarksText(level int, cells []string, right []int) string {
	switch level {
	case 1:
		if len(cells) > 1 {
			return fmt.Sprintf("In %d cells your pencil marks rule out the digit that belongs there: check your notes.", len(cells))
		}
		return "One of your pencil marks rules out the digit that belongs in its cell: check your notes."
	case 2:
		return fmt.Sprintf("Check your notes in %s: %s the right digit.", joinAnd(cells), words.Plural(len(cells), "they leave out", "each leaves out"))
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = fmt.Sprintf("%s is %d", c, right[i])
	}
	return "Your notes leave out the right digit: " + strings.Join(parts, "; ") + "."
}

// sentence is s with a capital first letter and a full stop at the end;
// a text that starts with a cell name keeps it as solvers write it
// ("r1c6 = 8: ..."), which Plain turns into "Row 1, column 6 is 8: ...".
func sentence(s string) string {
	if s == "" {
		return s
	}
	if !wordsStartCell.MatchString(s) {
		r, size := utf8.DecodeRuneInString(s)
		s = string(unicode.ToUpper(r)) + s[size:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}
