package logic

import (
	"fmt"
	"math"

	"sudoku"
)

// Rating is a difficulty on Sudoku Explainer's scale, in tenths: 23 is 2.3.
// Integers keep comparisons and sums exact.
type Rating int

// String writes the rating as Sudoku Explainer does: "2.3".
func (r Rating) String() string { return fmt.Sprintf("%d.%d", r/10, r%10) }

// Float returns the rating as a number, 2.3 for 23.
func (r Rating) Float() float64 { return float64(r) / 10 }

// RatingOf converts 2.3 to 23, rounding to the nearest tenth.
func RatingOf(f float64) Rating { return Rating(math.Round(f * 10)) }

// Link is one inference of a chain: From being true (or false) makes To
// true (or false). Strong links (exactly one of the two is true) and weak
// links (at most one is true) are told apart for drawing.
type Link struct {
	From, To Candidate
	Strong   bool
	// Via names the rule behind a link that is not a cell's or a house's
	// (a constraint, a cage's sum: "killer cage r8c6-r9c6 (11)"), "" for
	// those.
	Via string
}

// Step is one application of a technique.
type Step struct {
	Technique    Technique
	Rating       Rating // the technique's base difficulty plus any length bonus
	Placements   []Candidate
	Eliminations []Candidate
	Cells        []sudoku.Cell  // the cells of the pattern
	Houses       []sudoku.House // the houses the pattern lives in
	Digits       []int          // the digits of the pattern
	Links        []Link         // for chains and loops
	// note is the step's words when its technique writes none of its
	// own (a constraint's deduction, constraints.go).
	note string
}

// Explain returns one sentence a person understands, such as
// "r4c7 = 6: it is the only place for 6 in box 6". It is built from the
// step's fields on request, so that rating, which never reads it, does not
// pay for it.
func (s *Step) Explain() string {
	if s.Technique.explain == nil {
		return s.Technique.Name
	}
	return s.Technique.explain(s)
}

// String is the step in one line: "Hidden single (1.2): r4c7 = 6: ...".
func (s *Step) String() string {
	return fmt.Sprintf("%s (%v): %s", s.Technique.Name, s.Rating, s.Explain())
}
