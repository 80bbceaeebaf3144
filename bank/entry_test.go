package bank

import (
	"encoding/json"
	"errors"
	"testing"

	"sudoku"
)

const (
	classicPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	sixPuzzle       = "....4.5....6.1.3....4.1.1....2.2...."
	sixSolution     = "362541541236615324234615153462426153"
)

func board(t *testing.T, s string) *sudoku.Board {
	t.Helper()
	b, _, err := sudoku.ParseBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNewEntry: one constructor for both kinds: a classic board gives the
// grids (rated by the caller), another the plain line; Board and
// SolutionBoard give them back; Check holds each to what it stores.
func TestNewEntry(t *testing.T) {
	c, err := NewEntry(board(t, classicPuzzle), board(t, classicSolution), "here")
	if err != nil || !c.Classic() || c.Kind() != (Kind{Level: Easy}) || c.Plain != "" || c.Clues != 30 || c.Source != "here" ||
		c.Puzzle.Line('.') != classicPuzzle || c.Solution.Line('.') != classicSolution {
		t.Fatalf("classic: %+v, %v", c, err)
	}
	if err := c.Check(); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("classic, unrated: Check %v, want ErrInvalidEntry", err)
	}
	c.Canonical, c.Level, c.RatingVersion, c.Symmetry = classicSolution, Hard, "v", "none"
	if err := c.Check(); err != nil {
		t.Errorf("classic, rated: Check %v", err)
	}
	if b, err := c.Board(); err != nil || !b.Rules.IsClassic() || b.Line('.') != classicPuzzle {
		t.Errorf("classic Board: %v, %v", b, err)
	}
	if _, ok := c.JSON().(EntryJSON); !ok {
		t.Errorf("classic JSON: %T, want EntryJSON", c.JSON())
	}

	marked := board(t, classicPuzzle)
	marked.Marks = make([]sudoku.Digits, 81)
	if _, err := NewEntry(marked, board(t, classicSolution), ""); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("a classic board with marks: %v, want ErrInvalidEntry", err)
	}
	if _, err := NewEntry(board(t, classicPuzzle), board(t, classicPuzzle), ""); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("a classic board with no full solution: %v, want ErrInvalidEntry", err)
	}

	six := board(t, sixPuzzle)
	sol := &sudoku.Board{Rules: six.Rules, Cells: board(t, sixSolution).Cells}
	o, err := NewEntry(six, sol, "there")
	if err != nil || o.Classic() || o.Rules != "6x6" || o.Kind() != (Kind{Rules: "6x6"}) || o.SolutionLine != sixSolution || o.Check() != nil {
		t.Fatalf("6x6: %+v, %v (Check %v)", o, err, o.Check())
	}
	if b, err := o.Board(); err != nil || b.Rules.Name() != "6x6" || b.Line('.') != sixPuzzle {
		t.Errorf("6x6 Board: %v, %v", b, err)
	}
	if s, err := o.SolutionBoard(); err != nil || s.Line('.') != sixSolution {
		t.Errorf("6x6 SolutionBoard: %v, %v", s, err)
	}
	// The JSON form is what sudoku bank pick --rules --json wrote before
	// the fold: the object of five fields, keys in order.
	o.ID = 7
	got, _ := json.Marshal(o.JSON())
	want, _ := json.Marshal(map[string]any{"id": o.ID, "rules": o.Rules, "puzzle": o.Plain, "solution": o.SolutionLine, "source": o.Source})
	if string(got) != string(want) {
		t.Errorf("6x6 JSON: %s, want %s", got, want)
	}
	bad := o
	bad.SolutionLine = sixSolution[:35] + "."
	if err := bad.Check(); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("a solution with a hole: %v, want ErrInvalidEntry", err)
	}
	bad = o
	bad.Rules = "killer 6x6"
	if err := bad.Check(); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("rules that are not the puzzle's: %v, want ErrInvalidEntry", err)
	}
}
