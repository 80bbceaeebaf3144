package logic

import (
	"context"
	"fmt"
	"strings"

	"sudoku"
)

// RatingVersion names the rules behind ratings: the solving order, the
// techniques and their difficulties. It changes whenever a change could
// alter any puzzle's rating, so stored ratings stay reproducible.
const RatingVersion = "se-1.2-dev"

// Level is a named range of ER.
type Level int

// The levels, from the easiest. Their ER ranges are in Levels.
const (
	Easy       Level = iota // singles only: full house and hidden singles (ER <= 1.5)
	Medium                  // naked singles and direct techniques (ER <= 2.5)
	Hard                    // intersections, pairs, triples, X-Wing, Swordfish (ER <= 4.0)
	Expert                  // wings, unique rectangles, quads, Jellyfish, BUG (ER <= 5.9)
	Extreme                 // chains and cycles, aligned exclusion, forcing chains (ER <= 8.9)
	Diabolical              // dynamic and nested forcing chains (ER >= 9.0)
)

// LevelInfo describes a level: its name and the highest ER it covers.
type LevelInfo struct {
	Level Level
	Name  string
	MaxER Rating
}

// Levels lists the levels with the highest ER of each.
var Levels = []LevelInfo{
	{Easy, "Easy", 15},
	{Medium, "Medium", 25},
	{Hard, "Hard", 40},
	{Expert, "Expert", 59},
	{Extreme, "Extreme", 89},
	{Diabolical, "Diabolical", 1 << 30},
}

// String returns the level's name.
func (l Level) String() string {
	if l < 0 || int(l) >= len(Levels) {
		return "Unknown"
	}
	return Levels[l].Name
}

// LevelOf returns the level whose range holds er.
func LevelOf(er Rating) Level {
	for _, l := range Levels {
		if er <= l.MaxER {
			return l.Level
		}
	}
	return Diabolical
}

// PuzzleRating rates a whole puzzle on Sudoku Explainer's scale.
type PuzzleRating struct {
	ER      Rating // the hardest step of the path
	EP      Rating // the hardest step before the first placement
	ED      Rating // the first step
	Level   Level
	Steps   int    // steps in the path
	Version string // RatingVersion
}

// Rate solves g by logic and rates it. It returns ErrStuck (with the
// rating of the steps so far) when no implemented technique applies. It
// does not prove uniqueness: rate only puzzles with one solution.
func Rate(g sudoku.Grid) (PuzzleRating, error) { return RateWithin(g, 0) }

// RateContext is Rate, stopping with ctx's error when ctx is done (checked
// between steps): a server bounds the time a request may take.
func RateContext(ctx context.Context, g sudoku.Grid) (PuzzleRating, error) {
	return rate(ctx, g, 0)
}

// RateWithin rates g as Rate does, but gives up with ErrTooHard as soon as
// the puzzle is seen to be rated above limit (a step above it, or no
// technique up to it applies), without trying the harder techniques: a
// generator aiming at a level rejects a puzzle that is too hard quickly.
// A limit of 0 means none. When it does not give up, the rating is
// Rate's.
func RateWithin(g sudoku.Grid, limit Rating) (PuzzleRating, error) {
	return rate(context.Background(), g, limit)
}

// RateWithinContext is RateWithin, stopping with ctx's error when ctx is
// done (checked between steps).
func RateWithinContext(ctx context.Context, g sudoku.Grid, limit Rating) (PuzzleRating, error) {
	return rate(ctx, g, limit)
}

func rate(ctx context.Context, g sudoku.Grid, limit Rating) (PuzzleRating, error) {
	r := PuzzleRating{Version: RatingVersion}
	placed := false
	err := walk(ctx, g, false, limit, func(_ *Step, sr Rating, pl bool) {
		r.add(sr, placed)
		placed = placed || pl
	})
	r.Level = LevelOf(r.ER)
	return r, err
}

// add counts a step of rating sr; placed tells whether a digit was placed
// before it.
func (r *PuzzleRating) add(sr Rating, placed bool) {
	if r.Steps == 0 {
		r.ED = sr
	}
	r.Steps++
	r.ER = max(r.ER, sr)
	if !placed {
		r.EP = max(r.EP, sr)
	}
}

// RatePath rates a solving path: ER its hardest step, EP its hardest step
// up to and including the first placement, ED its first step.
func RatePath(path []Step) PuzzleRating {
	r := PuzzleRating{Version: RatingVersion}
	placed := false
	for i := range path {
		s := &path[i]
		r.add(s.Rating, placed)
		placed = placed || len(s.Placements) > 0
	}
	r.Level = LevelOf(r.ER)
	return r
}

// ParseLevel returns the level of the given name, in any case.
func ParseLevel(name string) (Level, error) {
	var names []string
	for _, l := range Levels {
		if strings.EqualFold(l.Name, name) {
			return l.Level, nil
		}
		names = append(names, l.Name)
	}
	return 0, fmt.Errorf("unknown level %q: want one of %s", name, strings.Join(names, ", "))
}

// Range returns the lowest and highest ER of the level; the highest is 0
// (no bound) for the last level.
func (l Level) Range() (lo, hi Rating) {
	if l < 0 || int(l) >= len(Levels) {
		return 0, 0
	}
	if l > 0 {
		lo = Levels[l-1].MaxER + 1
	} else {
		lo = 10
	}
	if int(l) < len(Levels)-1 {
		hi = Levels[l].MaxER
	}
	return lo, hi
}
