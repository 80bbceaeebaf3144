package logic

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"sudoku"
	"sudoku/solver"
)

// Hint is help for the next move, at one of three levels, as the best
// tools give it: level 1 names the technique to look for, level 2 also
// says where (the houses or cells), level 3 gives the full step.
type Hint struct {
	Level int
	Text  string
	// Wrong lists the player's entries that disagree with the solution.
	// When it is not empty the hint is about them, and Step is nil.
	Wrong []sudoku.Cell
	// WrongMarks lists the empty cells whose pencil marks leave out the
	// digit of the solution (NextHintMarks). When it is not empty (and
	// Wrong is), the hint is about them, and Step is nil.
	WrongMarks []sudoku.Cell
	// Step is the next step; nil when entries are wrong. Callers showing a
	// level 1 or 2 hint should not reveal its placements or eliminations.
	Step *Step
	// Cells and Houses are what to highlight at this level: nothing at
	// level 1, the houses (or cells) of the pattern at level 2, the
	// pattern and its targets at level 3.
	Cells  []sudoku.Cell
	Houses []sudoku.House
	// Pattern is, at level 3, Step's pattern on the player's board
	// (Step.Pattern), so that a caller drawing it need not build that
	// board again.
	Pattern []Candidate
}

// ErrEntriesBreakGivens means a position changes a given of its puzzle.
var ErrEntriesBreakGivens = errors.New("the position changes a given")

// NextHint returns a hint at level 1, 2 or 3 for the position reached from
// puzzle, where position holds the givens and the player's entries (0 for
// empty cells). The puzzle must have exactly one solution: the errors of
// solver.Solve are returned otherwise. If an entry disagrees with the
// solution, the hint says so before anything else.
func NextHint(puzzle, position sudoku.Grid, level int) (Hint, error) {
	return NextHintContext(context.Background(), puzzle, position, level)
}

// NextHintContext is NextHint, stopping with ctx's error when ctx is done.
func NextHintContext(ctx context.Context, puzzle, position sudoku.Grid, level int) (Hint, error) {
	return NextHintMarks(ctx, puzzle, position, nil, level)
}

// Marks are a player's pencil marks: for each cell the digits they still
// hold possible there, 0 for a cell without marks (every candidate its
// peers allow stays).
type Marks [81]sudoku.Candidates

// NextHintMarks is NextHintContext from the player's position including
// their pencil marks: the candidates a cell's marks leave out are taken
// as eliminated, so the hint is the next step from where the player is,
// not one they have already made. Marks that leave out a cell's solution
// digit are reported (WrongMarks) before anything else but wrong entries.
// A nil marks is NextHintContext.
func NextHintMarks(ctx context.Context, puzzle, position sudoku.Grid, marks *Marks, level int) (Hint, error) {
	return nextHint(ctx, puzzle, position, marks, level, nil)
}

// PracticeHint is NextHintMarks for a player practising the technique
// need: where it has a step on the player's board, the hint is that
// step, named as the technique chosen (the solving order may take
// another first there, or name the same eliminations its own way: "3
// strong links" for an X-chain); else the next step as NextHintMarks.
func PracticeHint(ctx context.Context, puzzle, position sudoku.Grid, marks *Marks, level int, need Need) (Hint, error) {
	return nextHint(ctx, puzzle, position, marks, level, &need)
}

func nextHint(ctx context.Context, puzzle, position sudoku.Grid, marks *Marks, level int, need *Need) (Hint, error) {
	if level < 1 || level > 3 {
		return Hint{}, fmt.Errorf("hint level %d: want 1, 2 or 3", level)
	}
	sol, err := solver.SolveGrid(puzzle)
	if err != nil {
		return Hint{}, err
	}
	for c := range sudoku.Cell(81) {
		if puzzle[c] != 0 && position[c] != puzzle[c] {
			return Hint{}, fmt.Errorf("%w: %v is %d in the puzzle", ErrEntriesBreakGivens, c, puzzle[c])
		}
	}
	if wrong := wrongEntries(position, sol); len(wrong) > 0 {
		return wrongHint(level, wrong, position, sol), nil
	}
	if position.Full() {
		return Hint{Level: level, Text: "The puzzle is solved."}, nil
	}
	if bad := wrongMarks(position, sol, marks); len(bad) > 0 {
		return wrongMarksHint(level, bad, sol), nil
	}
	b := BoardWithMarks(puzzle, position, marks)
	if need != nil {
		if s, ok := need.Example(&b, nil, 0); ok {
			return boardStepPattern(level, &s, &b), nil
		}
	}
	s, err := NextContext(ctx, &b)
	if err != nil {
		return Hint{}, err
	}
	return boardStepPattern(level, &s, &b), nil
}

// boardStepPattern is stepHint with, at level 3, the step's pattern on
// board b, the one it was found on.
func boardStepPattern(level int, s *Step, b *Board) Hint {
	h := stepHint(level, s)
	if level == 3 {
		h.Pattern = s.Pattern(b)
	}
	return h
}

// BoardWithMarks is the board of position (givens from puzzle) with the
// candidates that marks leave out eliminated; marks may be nil.
func BoardWithMarks(puzzle, position sudoku.Grid, marks *Marks) Board {
	b := NewBoard(position)
	for c := range sudoku.Cell(81) {
		b.Given[c] = puzzle[c] != 0
		if marks == nil || position[c] != 0 || marks[c] == 0 {
			continue
		}
		for _, d := range (b.Cands[c] &^ marks[c]).Digits() {
			b.Eliminate(c, d)
		}
	}
	return b
}

// wrongMarks returns the empty cells whose marks leave out their digit.
func wrongMarks(position, sol sudoku.Grid, marks *Marks) []sudoku.Cell {
	if marks == nil {
		return nil
	}
	var bad []sudoku.Cell
	for c := range sudoku.Cell(81) {
		if position[c] == 0 && marks[c] != 0 && !marks[c].Has(int(sol[c])) {
			bad = append(bad, c)
		}
	}
	return bad
}

func wrongMarksHint(level int, bad []sudoku.Cell, sol sudoku.Grid) Hint {
	h := Hint{Level: level, WrongMarks: bad}
	names, right := make([]string, len(bad)), make([]int, len(bad))
	for i, c := range bad {
		names[i], right[i] = c.String(), int(sol[c])
	}
	h.Text = wrongMarksText(level, names, right)
	if level > 1 {
		h.Cells = bad
	}
	return h
}

func wrongEntries(position, sol sudoku.Grid) []sudoku.Cell {
	var wrong []sudoku.Cell
	for c := range sudoku.Cell(81) {
		if position[c] != 0 && position[c] != sol[c] {
			wrong = append(wrong, c)
		}
	}
	return wrong
}

func wrongHint(level int, wrong []sudoku.Cell, position, sol sudoku.Grid) Hint {
	h := Hint{Level: level, Wrong: wrong}
	names, right, got := make([]string, len(wrong)), make([]int, len(wrong)), make([]int, len(wrong))
	for i, c := range wrong {
		names[i], right[i], got[i] = c.String(), int(sol[c]), int(position[c])
	}
	h.Text = wrongText(level, names, right, got)
	if level > 1 {
		h.Cells = wrong
	}
	return h
}

// StepHint is the hint at level 1, 2 or 3 for step s (a worked example:
// Practice shows the step of the technique asked for this way).
func StepHint(s *Step, level int) Hint { return stepHint(level, s) }

func stepHint(level int, s *Step) Hint {
	h := Hint{Level: level, Step: s}
	switch level {
	case 1:
		h.Text = fmt.Sprintf("Look for %s.", withArticle(s.Technique.Name))
	case 2:
		h.Houses, h.Cells = s.Houses, nil
		where := houseList(s.Houses)
		if len(s.Houses) == 0 {
			h.Cells = s.Cells
			where = cellList(s.Cells)
		}
		h.Text = fmt.Sprintf("Look for %s in %s.", withArticle(s.Technique.Name), where)
	default:
		h.Houses = s.Houses
		h.Cells = stepCells(s)
		h.Text = sentence(s.Explain())
	}
	return h
}

// stepCells returns the cells of a step's pattern, then those it places
// or eliminates in, each once.
func stepCells(s *Step) []sudoku.Cell {
	var seen [81]bool
	var cs []sudoku.Cell
	add := func(c sudoku.Cell) {
		if !seen[c] {
			seen[c] = true
			cs = append(cs, c)
		}
	}
	for _, c := range s.Cells {
		add(c)
	}
	for _, list := range [][]Candidate{s.Placements, s.Eliminations} {
		for _, c := range list {
			add(c.Cell)
		}
	}
	return cs
}

func cellList(cs []sudoku.Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return joinAnd(parts)
}

func houseList(hs []sudoku.House) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = h.String()
	}
	return joinAnd(parts)
}

// joinAnd joins "a", "b", "c" as "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return "the grid"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// WithArticle is withArticle for other packages' hints.
func WithArticle(name string) string { return withArticle(name) }
