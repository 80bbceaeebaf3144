package bank

import "fmt"

// Level is a puzzle's level as the bank stores it: Easy (0) to
// Diabolical, the levels of package logic in its order, so that a caller
// converts with Level(l) and Level(l). The bank keeps its own type
// so that it, and the stores, do not depend on the solver's techniques.
type Level int

// The levels, from the easiest (see logic.Levels for their ER ranges).
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
	Diabolical
	// NumLevels is the number of levels.
	NumLevels = iota
)

var levelNames = [NumLevels]string{"Easy", "Medium", "Hard", "Expert", "Extreme", "Diabolical"}

// Levels returns every level, Easy first.
func Levels() []Level {
	ls := make([]Level, NumLevels)
	for i := range ls {
		ls[i] = Level(i)
	}
	return ls
}

// String returns the level's name, as Level's String does.
func (l Level) String() string {
	switch {
	case l == TopUpLease:
		return "every level (a server's top-up)"
	case !l.Valid():
		return "Unknown"
	}
	return levelNames[l]
}

// Valid reports whether l is one of the levels.
func (l Level) Valid() bool { return l >= 0 && l < NumLevels }

// Rating is a difficulty as the bank stores it: Sudoku Explainer's scale
// in tenths (23 is 2.3), as Rating holds it.
type Rating int

// String writes the rating as Sudoku Explainer does: "2.3".
func (r Rating) String() string { return fmt.Sprintf("%d.%d", r/10, r%10) }

// Trained is a technique a stored puzzle needs, with the one kind of step
// allowed before it ("", "singles", "intersections" or "subsets"): the
// fields of Trained, which converts to it.
type Trained struct {
	Technique string `json:"technique"`        // as explain names it
	Before    string `json:"before,omitempty"` // "" (nothing harder), "singles", "intersections" or "subsets"
}

// Need asks PickNeed and CountNeed for the puzzles that need one of
// Techniques with Before the kind allowed before it: Need's Names
// and Before.
type Need struct {
	Techniques []string
	Before     string
}
