package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"sudoku"
	"sudoku/logic"
)

// Options say what puzzles to make, of any rules. The zero value asks for
// classic puzzles with no symmetry, as few clues as digging reaches
// (which makes them minimal), rated by logic.
//
// Classic rules (Rules nil or classic 9x9, and no Variant) take the
// classic generator: classic grids dug an orbit at a time with their
// unavoidable sets (classic.go), rated by logic.Rate, aimed at a rating
// by a climb through neighbours (target.go). Other rules take the board
// generator: a solution of the rules filled by the general solver, the
// variants of Variant drawn over it, givens dug while the general solver
// proves the solution unique (boarddig.go), rated by logic.RateBoard when
// a rating is asked (boardlevel.go). A field that applies to one of them
// only says so; Validate names it when it is set where it does not apply.
type Options struct {
	// Rules are the fixed rules: size and box shape, diagonals, windoku,
	// disjoint groups, anti-knight, anti-king; nil is classic 9x9. Regions
	// and cages are drawn when Variant asks (those of Rules are then
	// replaced). OptionsFor builds them from a sudoku.Variant.
	Rules *sudoku.Rules
	// Variant is the drawn variants (sudoku.Variant.Drawn): jigsaw
	// regions, killer cages, kropki dots and XV with every one given and
	// their negative rules, thermometers, arrows, each drawn over the
	// puzzle by its registered drawer (variants.go). Variants that are
	// rules alone (x, windoku, ...) belong in Rules.
	Variant sudoku.Variant
	// Symmetry of the givens; they are removed an orbit at a time (the
	// regions and cages drawn are not made symmetric).
	Symmetry Symmetry
	// Minimal asks that no single given can be removed without losing
	// uniqueness, checked given by given. Classic puzzles keep their
	// symmetry all the same: with a symmetry, orbits are swapped and new
	// grids dug until both hold, which is slower (rot90 and dihedral most
	// of all); without Minimal, no orbit can be removed (a symmetric
	// puzzle may still have a clue that could go alone), except where
	// MinClues stops the digging. Other rules are dug until no given can
	// go, MinClues not used.
	Minimal bool
	// MinClues bounds the givens from below: digging never goes below it.
	// Classic rules: 0 digs to the end; with Minimal, a puzzle dug to
	// fewer is dropped and another grid is dug. Other rules: digging stops
	// at MinClues givens, 0 meaning DefaultTarget (as few as digging
	// reaches when constraints are drawn, and within the level when a
	// rating above singles is asked: boardlevel.go).
	MinClues int
	// MaxClues (classic rules) bounds the clues from above; 0 means no
	// bound. A puzzle left with more is dropped and another grid is dug.
	MaxClues int
	// MinER and MaxER bound the puzzle's rating (logic's ER, Sudoku
	// Explainer's scale); 0 means no bound. Classic puzzles: see
	// target.go for the search. Other rules: by logic.RateBoard, at the
	// levels the rule set is made at (CheckLevel); a grid that gives no
	// puzzle in range is drawn again.
	MinER, MaxER logic.Rating
	// MaxTries bounds the puzzles tried for one: grids dug, and
	// neighbours rated when aiming at a rating; 0 means DefaultMaxTries
	// for classic rules, 1,000 grids for others (where it counts only with
	// a rating asked).
	MaxTries int
	// NoRating (classic rules) skips rating puzzles when there are no
	// rating bounds: Puzzle.Rating is then zero. Puzzles of other rules
	// are rated only when a rating is asked.
	NoRating bool
	// Needs (classic rules), when it names techniques, keeps only puzzles
	// whose logical path needs one of them (logic.Need.Met): puzzles to
	// train it.
	Needs logic.Need
	// SymmetricRegions (jigsaw) makes the regions symmetric under a half
	// turn (sizes with boxes).
	SymmetricRegions bool
	// Givens (killer) keeps givens in a killer (dug as for other rules);
	// without it a killer has no givens, only cages, as killer players
	// expect.
	Givens bool
	// MinCage and MaxCage (killer) bound the cells of a cage: MinCage 2 by
	// default (cages of one cell are givens in disguise; 1 allows them),
	// MaxCage default 5, up to 9.
	MinCage, MaxCage int
	// Layout (other rules) is Rules compiled (nil: compiled by each
	// Generate): a caller making many puzzles compiles the rules once and
	// sets it.
	Layout *sudoku.Layout
}

// MaxKnownER is the highest rating any known puzzle has (Golden Nugget and
// a few others, ER 11.9): a search for harder puzzles would never end.
const MaxKnownER = logic.Rating(119)

// DefaultMaxTries is the number of grids dug for one classic puzzle
// before Generate gives up, when Options.MaxTries is 0.
const DefaultMaxTries = 100000

// ErrTooManyTries is returned when no grid dug gave a puzzle that meets the
// options within MaxTries tries.
var ErrTooManyTries = errors.New("no puzzle met the options within the tries allowed")

// classic reports whether o takes the classic generator: classic 9x9
// rules and nothing drawn.
func (o Options) classic() bool {
	return o.Variant == 0 && (o.Rules == nil || o.Rules.IsClassic())
}

// Validate reports options that cannot be met, and fields set where they
// do not apply (Needs on a killer, MaxCage without one).
func (o Options) Validate() error {
	if o.classic() {
		return o.validateClassic()
	}
	return o.validateBoard()
}

// validateClassic is Validate for classic rules.
func (o Options) validateClassic() error {
	switch {
	case o.Symmetry < 0 || o.Symmetry >= numSymmetries:
		return fmt.Errorf("unknown symmetry %d", int(o.Symmetry))
	case o.MinClues < 0 || o.MinClues > 81 || o.MaxClues < 0 || o.MaxClues > 81:
		return fmt.Errorf("clue bounds %d-%d: want numbers 0..81", o.MinClues, o.MaxClues)
	case o.MaxClues > 0 && o.MaxClues < 17:
		return fmt.Errorf("at most %d clues: no unique puzzle has fewer than 17", o.MaxClues)
	case o.MaxClues > 0 && o.MinClues > o.MaxClues:
		return fmt.Errorf("clue bounds %d-%d: the minimum exceeds the maximum", o.MinClues, o.MaxClues)
	case o.MinER < 0 || o.MaxER < 0 || (o.MaxER > 0 && o.MinER > o.MaxER):
		return fmt.Errorf("rating bounds %v-%v: want 0 <= MIN <= MAX", o.MinER, o.MaxER)
	case o.MinER > MaxKnownER:
		return fmt.Errorf("rating at least %v: no puzzle is known rated above %v (the hardest known, such as Golden Nugget)", o.MinER, MaxKnownER)
	case o.MaxER > 0 && o.MaxER < 10:
		return fmt.Errorf("rating at most %v: no puzzle is rated below 1.0", o.MaxER)
	case !o.Symmetry.allows(o.MinClues, o.MaxClues):
		return fmt.Errorf("clue bounds %d-%d: with symmetry %v the number of clues is a sum of orbit sizes (%s), none of which is in range", o.MinClues, o.MaxClues, o.Symmetry, o.Symmetry.orbitSizes())
	case o.MaxTries < 0:
		return fmt.Errorf("max tries %d: want 0 (the default) or more", o.MaxTries)
	}
	for _, f := range []struct {
		set  bool
		name string
	}{{o.SymmetricRegions, "SymmetricRegions"}, {o.Givens, "Givens"}, {o.MinCage != 0 || o.MaxCage != 0, "MinCage and MaxCage"}} {
		if f.set {
			return fmt.Errorf("generate: %s does not apply to classic rules (a jigsaw or killer option)", f.name)
		}
	}
	return nil
}

// Puzzle is a generated puzzle of any rules with its solution.
type Puzzle struct {
	Puzzle   *sudoku.Board      // the puzzle: givens and empty cells, on the rules with what was drawn
	Solution *sudoku.Board      // its unique solution
	Rating   logic.PuzzleRating // classic: by logic.Rate unless NoRating; other rules: by logic.RateBoard when a rating was asked
	Tries    int                // puzzles tried to get it: grids dug, and neighbours when aiming at a rating
	Checks   int                // uniqueness checks run (solver searches)
}

// Grid returns the puzzle as a classic grid; the zero grid for a puzzle
// of other rules (or none).
func (p Puzzle) Grid() sudoku.Grid { return gridOf(p.Puzzle) }

// SolutionGrid returns the solution as a classic grid; the zero grid for
// a puzzle of other rules (or none).
func (p Puzzle) SolutionGrid() sudoku.Grid { return gridOf(p.Solution) }

// gridOf is b's grid when b is a classic board.
func gridOf(b *sudoku.Board) sudoku.Grid {
	if b == nil {
		return sudoku.Grid{}
	}
	g, _ := b.Grid()
	return g
}

// Generate makes a puzzle of o's rules with exactly one solution, drawing
// its randomness from r only: the same r (Source(seed, index)) and
// options give the same puzzle. It stops with ctx's error when ctx is
// done (classic rules: before each grid, each step of a climb towards a
// rating, and between the steps of every rating), and returns
// ErrTooManyTries after MaxTries tries. On error the Puzzle carries the
// tries and checks made.
func Generate(ctx context.Context, o Options, r *rand.Rand) (Puzzle, error) {
	if err := o.Validate(); err != nil {
		return Puzzle{}, err
	}
	if !o.classic() {
		return generateBoard(ctx, o, r)
	}
	g, err := newClassic(o, r).generate(ctx)
	p := Puzzle{Rating: g.rating, Tries: g.tries, Checks: g.checks}
	if err != nil {
		return p, err
	}
	rules := o.Rules
	if rules == nil {
		rules = sudoku.Classic()
	}
	p.Puzzle = &sudoku.Board{Rules: rules, Cells: append([]uint8(nil), g.grid[:]...)}
	p.Solution = &sudoku.Board{Rules: rules, Cells: append([]uint8(nil), g.solution[:]...)}
	return p, nil
}

// Source returns the random source of puzzle number index of a run
// seeded with seed. Generating puzzle i from Source(seed, i) makes a run's
// output independent of how many puzzles are made in parallel.
func Source(seed uint64, index int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, splitmix(uint64(index))))
}

// splitmix is SplitMix64's finalizer: it spreads consecutive indexes over
// the whole stream space.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
