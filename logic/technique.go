package logic

import "sudoku"

// Technique is a named solving rule.
type Technique struct {
	Name string // as players know it: "Hidden single", "X-Wing"
	// Code is HoDoKu's technique code when there is one (e.g. "0002" for
	// hidden single), used to check steps against HoDoKu's regression
	// library; "" otherwise.
	Code string
	// explain writes a step of this technique as one sentence.
	explain func(s *Step) string
}

// finder looks for the first instance of one or more techniques on b, in
// Sudoku Explainer's search order, and reports whether it found one.
type finder func(b *Board) (Step, bool)

// stage is one entry of the solving order: a finder and the lowest rating
// its steps can have. The solver tries stages in order and takes the first
// step found, so stages are sorted by difficulty as in Sudoku Explainer.
type stage struct {
	name  string
	min   Rating
	find  finder
	quick quickFinder // nil unless the stage places singles
}

// quickFinder finds the same first step as a singles stage's finder, but
// returns only its placement and rating, so that Rate builds no Step.
type quickFinder func(b *Board) (c sudoku.Cell, d int, r Rating, ok bool)
