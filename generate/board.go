package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

// BoardOptions say what puzzle of other rules to make.
type BoardOptions struct {
	// Rules are the fixed rules: size and box shape, diagonals, windoku,
	// disjoint groups, anti-knight, anti-king. Regions and cages are
	// drawn here when Jigsaw or Killer is set (those of Rules are then
	// replaced).
	Rules  *sudoku.Rules
	Jigsaw bool // draw random regions (connected, N cells each)
	// SymmetricRegions makes the jigsaw regions symmetric under a half
	// turn (sizes with boxes).
	SymmetricRegions bool
	Killer           bool // draw cages over the solution, with their sums
	// Givens keeps givens in a killer (dug to a minimal set); without
	// it a killer has no givens, only cages, as killer players expect.
	Givens bool
	// MinCage and MaxCage bound the cells of a cage: MinCage 2 by
	// default (cages of one cell are givens in disguise; 1 allows them;
	// with 3, random cages rarely pin a solution), MaxCage default 5, up
	// to 9.
	MinCage, MaxCage int
	// Kropki, XV, Thermo and Arrow draw constraints over the solution
	// (constraints.go): kropki dots and XV with every one given and their
	// negative rules, thermometers, arrows. Their puzzles are dug to as
	// few givens as they take unless Target says otherwise.
	Kropki, XV, Thermo, Arrow bool
	// Symmetry of the givens (any of Symmetries; the regions and cages
	// are not made symmetric).
	Symmetry Symmetry
	// Minimal digs until no given can go. Otherwise digging stops at
	// Target givens (default DefaultTarget), which is much faster.
	Minimal bool
	Target  int
	// MinER and MaxER (0: no bound) ask for a rating by logic.RateBoard.
	// With neither Minimal nor Target, the givens are then dug within the
	// range rather than to a number (boardlevel.go): while singles fill
	// the board, then with a rating of each puzzle they do not fill; a
	// killer too easy has cages merged (killerlevel.go). A grid that gives
	// no puzzle in the range is drawn again, up to MaxTries grids (default
	// 1,000).
	MinER, MaxER logic.Rating
	MaxTries     int
	// Layout is Rules compiled (nil: compiled by each GenerateBoard): a
	// caller making many puzzles compiles the rules once and sets it.
	Layout *sudoku.Layout
}

// DefaultTarget is the number of givens digging stops at unless Minimal:
// 30% of the cells up to 9x9 (24 of 81, 10 of 36), 45% from 12x12 up
// (115 of 256), where minimal puzzles keep about 37% and checks near
// that are slow.
func DefaultTarget(cells int) int {
	if cells > 81 {
		return cells * 45 / 100
	}
	return cells * 3 / 10
}

// BoardPuzzle is a puzzle of any rules and its solution.
type BoardPuzzle struct {
	Puzzle   *sudoku.Board
	Solution *sudoku.Board
	Checks   int                // uniqueness checks made
	Tries    int                // grids drawn to find a puzzle at the rating asked
	Rating   logic.PuzzleRating // by logic.RateBoard when a rating was asked
}

// ErrRegions means no fillable region layout was drawn in the tries
// allowed (rare: some random layouts admit no Latin square).
var ErrRegions = errors.New("no region layout that can be filled")

// Validate checks the options.
func (o BoardOptions) Validate() error {
	if o.Rules == nil {
		return errors.New("generate: no rules")
	}
	if o.MaxCage != 0 && (o.MaxCage < 2 || o.MaxCage > 9) {
		return fmt.Errorf("generate: cage size %d: want 2 to 9", o.MaxCage)
	}
	if o.MinCage < 0 || o.MinCage > 2 {
		return fmt.Errorf("generate: smallest cage %d: want 1 or 2", o.MinCage)
	}
	switch o.Symmetry {
	case None, Rot180, Rot90, Horizontal, Vertical, Diagonal, AntiDiagonal, Dihedral:
	default:
		return fmt.Errorf("generate: symmetry %v is not offered for puzzles of other rules", o.Symmetry)
	}
	if o.Jigsaw && (o.Rules.Disjoint || o.Rules.Windoku) {
		return errors.New("generate: jigsaw regions with disjoint groups or windoku windows are not offered")
	}
	if o.MinER > 0 || o.MaxER > 0 {
		if err := CheckLevel(o.RuleSet(), o.MinER, o.MaxER); err != nil {
			return err
		}
	}
	if o.constrained() && o.MaxER > 0 && o.MaxER < logic.ConstraintStepRating {
		return fmt.Errorf("generate: kropki, XV, thermometer and arrow puzzles need their constraints' steps, rated %v and up: ask for ER %v or more (Medium and up), not %v", logic.ConstraintStepRating, logic.ConstraintStepRating, o.MaxER)
	}
	return nil
}

// GenerateBoard makes a puzzle of o's rules with exactly one solution
// from r, at the rating asked if any. It stops with ctx's error.
func GenerateBoard(ctx context.Context, o BoardOptions, r *rand.Rand) (BoardPuzzle, error) {
	if err := o.Validate(); err != nil {
		return BoardPuzzle{}, err
	}
	l, err := layoutFor(o.Rules, o.Layout) // once for the puzzle's tries
	if err != nil {
		return BoardPuzzle{}, err
	}
	o.Layout = l
	if o.MinER == 0 && o.MaxER == 0 {
		p, _, err := generateBoard(ctx, o, r)
		return p, err
	}
	max := o.MaxTries
	if max <= 0 {
		max = 1000
	}
	checks := 0
	for try := 1; try <= max; try++ {
		p, d, err := generateBoard(ctx, o, r)
		if err != nil {
			return p, err
		}
		checks += p.Checks
		var q *sudoku.Board
		var rt logic.PuzzleRating
		var ok bool
		if o.Killer && !o.Givens {
			q, rt, ok, err = o.killerAtLevel(ctx, p, r, &checks)
		} else {
			q, rt, ok, err = o.atLevel(ctx, p.Puzzle, d, &checks)
		}
		if err != nil {
			return BoardPuzzle{}, err
		}
		if ok {
			p.Puzzle, p.Checks, p.Tries, p.Rating = q, checks, try, rt
			p.Solution = &sudoku.Board{Rules: q.Rules, Cells: p.Solution.Cells} // the cages may be merged
			return p, nil
		}
	}
	return BoardPuzzle{Tries: max, Checks: checks}, ErrTooManyTries
}

// cageSizes returns the bounds of a cage's cells, defaults filled in.
func (o BoardOptions) cageSizes() cageSizes {
	s := cageSizes{o.MinCage, o.MaxCage}
	if s.min == 0 {
		s.min = 2
	}
	if s.max == 0 {
		s.max = 5
	}
	return s
}

// startCages returns the bounds of the cages first drawn: those of the
// options, but for a killer without givens at a level, cages of at most
// startCageMax cells, merged while too easy (killerlevel.go). Small cages
// pin a solution with fewer searches (3.5 a grid with cages of 2 or 3
// cells, 14 with 2 to 5) and make an easy killer (ER 2.0 most often),
// which merges then make harder a step at a time.
func (o BoardOptions) startCages() cageSizes {
	s := o.cageSizes()
	if o.Killer && !o.Givens && (o.MinER > 0 || o.MaxER > 0) {
		s.max = min(s.max, startCageMax)
	}
	return s
}

// startCageMax bounds the cells of the cages first drawn for a killer at
// a level. Instructions a killer at Hard (callgrind, 40 puzzles of seed
// 3): 288 million with cages of 2 to 5 cells first, 135 with 2 to 4, 113
// with 2 or 3; cages of 2 first (3 where a cell is left alone, as Solo
// draws them) take 234 million. Expert is made fastest from 2 or 3 too.
const startCageMax = 3

// killerBoard draws the cages over solution sol, or over new solutions
// when those of the sizes asked do not pin it (errCages), a few times.
func killerBoard(ctx context.Context, o BoardOptions, rules *sudoku.Rules, sol []uint8, r *rand.Rand, checks *int) (*sudoku.Rules, []uint8, error) {
	for try := 0; ; try++ {
		cr, err := killerRules(ctx, rules, sol, o.startCages(), !o.Givens, r, checks)
		if !errors.Is(err, errCages) || try == 20 {
			return cr, sol, err
		}
		if rules, sol, err = filledRules(ctx, o, r); err != nil {
			return nil, nil, err
		}
	}
}

// generateBoard makes one puzzle of o's rules, at any rating, and the dig
// that made it (nil for a killer without givens).
func generateBoard(ctx context.Context, o BoardOptions, r *rand.Rand) (BoardPuzzle, *boardDig, error) {
	rules, sol, err := filledRules(ctx, o, r)
	if err != nil {
		return BoardPuzzle{}, nil, err
	}
	checks := 0
	if o.Killer {
		if rules, sol, err = killerBoard(ctx, o, rules, sol, r, &checks); err != nil {
			return BoardPuzzle{}, nil, err
		}
	}
	if o.constrained() {
		cs, err := drawConstraints(o, rules.Size, sol, r)
		if err != nil {
			return BoardPuzzle{}, nil, err
		}
		rules = rules.Clone()
		rules.Constraints = append(rules.Constraints, cs...)
	}
	puzzle := &sudoku.Board{Rules: rules, Cells: append([]uint8(nil), sol...)}
	var d *boardDig
	if o.Killer && !o.Givens {
		clear(puzzle.Cells)
		return BoardPuzzle{Puzzle: puzzle, Solution: &sudoku.Board{Rules: rules, Cells: sol}, Checks: checks, Tries: 1}, nil, nil
	}
	l, err := layoutFor(rules, o.Layout) // the puzzle's rules, compiled once for its digging
	if err != nil {
		return BoardPuzzle{}, nil, err
	}
	if o.digsWithin() {
		d, err = newBoardDig(ctx, puzzle, l, o.Symmetry, r, false, &checks)
	} else {
		d, err = dig(ctx, puzzle, l, o.digTarget(), o.Symmetry, r, &checks)
	}
	if err != nil {
		return BoardPuzzle{}, nil, err
	}
	return BoardPuzzle{Puzzle: puzzle, Solution: &sudoku.Board{Rules: rules, Cells: sol}, Checks: checks, Tries: 1}, d, nil
}

// digTarget is the number of givens digging may stop at (0: minimal).
func (o BoardOptions) digTarget() int {
	switch {
	case o.Minimal:
		return 0
	case o.Target > 0:
		return o.Target
	case o.constrained():
		return 0 // as few givens as the constraints leave
	}
	return DefaultTarget(o.Rules.Cells())
}

// filledRules returns the rules (with regions drawn for a jigsaw) and a
// random solution grid of them.
func filledRules(ctx context.Context, o BoardOptions, r *rand.Rand) (*sudoku.Rules, []uint8, error) {
	for try := 0; try < 500; try++ {
		rules, l := o.Rules, o.Layout // shared, unchanged: compiled once
		if o.Jigsaw || len(rules.Cages) > 0 {
			rules, l = o.Rules.Clone(), nil
			rules.Cages = nil
		}
		tries := 10
		if o.Jigsaw {
			// Some layouts have no solution grid, and proving it takes
			// long: a layout not filled quickly is drawn again.
			if o.SymmetricRegions {
				rules.Regions = SymmetricRegions(rules, r)
			} else {
				rules.Regions = Regions(rules, r)
			}
			tries = 1
		}
		sol, err := fill(ctx, rules, l, r, tries)
		if err == nil {
			return rules, sol, nil
		}
		if ctx.Err() != nil || !o.Jigsaw {
			return nil, nil, err
		}
	}
	return nil, nil, ErrRegions
}

// Fill returns a random solution grid of rules: a random first row
// completed by the general solver trying the branches of each guess in
// random order. A row not completed within fillBudget search nodes a
// cell (it may have no completion: some jigsaw layouts have none) is
// drawn again, up to 10 times. Nodes, not time, so a seed gives the same
// grid on any machine.
func Fill(ctx context.Context, rules *sudoku.Rules, r *rand.Rand) ([]uint8, error) {
	return fill(ctx, rules, nil, r, 10)
}

// fillBudget is the search nodes per cell a fill may take.
const fillBudget = 20

// fill is Fill with tries rows, of rules compiled into l (nil: compiled
// here when the small fill takes them).
func fill(ctx context.Context, rules *sudoku.Rules, l *sudoku.Layout, r *rand.Rand, tries int) ([]uint8, error) {
	n := rules.Size
	b := sudoku.NewBoard(rules)
	l, small := smallFill(rules, l)
	for try := 0; try < tries; try++ {
		clear(b.Cells)
		for c, d := range r.Perm(n) {
			b.Cells[c] = uint8(d + 1)
		}
		if small {
			if fillSmall(l, b.Cells, r, int64(fillBudget*n*n)) {
				return b.Cells, nil
			}
			continue
		}
		sol, err := solver.RandomSolution(ctx, b, r, int64(fillBudget*n*n))
		if err == nil {
			return sol, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return nil, fmt.Errorf("generate: no solution grid for %s found", rules.Name())
}

// unique reports whether b, of layout l, is proven to have exactly one solution within
// budget search nodes (0: no bound); false when it has several, or when
// the budget is spent first.
func unique(ctx context.Context, b *sudoku.Board, l *sudoku.Layout, budget int64, checks *int) (bool, error) {
	*checks++
	res, err := solver.SearchLayoutWithin(ctx, l, b, 2, budget)
	if errors.Is(err, solver.ErrBudget) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return res.Count == 1, nil
}

// layoutFor is l when it compiles rules, else rules compiled now.
func layoutFor(rules *sudoku.Rules, l *sudoku.Layout) (*sudoku.Layout, error) {
	if l != nil && l.Rules == rules {
		return l, nil
	}
	return rules.Layout()
}

// boardOrbits returns the orbits of the cells of an n x n grid under sym.
func boardOrbits(n int, sym Symmetry) [][]int {
	maps := []func(r, c int) (int, int){func(r, c int) (int, int) { return r, c }}
	m := n - 1
	switch sym {
	case Rot180:
		maps = append(maps, func(r, c int) (int, int) { return m - r, m - c })
	case Rot90:
		maps = append(maps, func(r, c int) (int, int) { return c, m - r }, func(r, c int) (int, int) { return m - r, m - c }, func(r, c int) (int, int) { return m - c, r })
	case Horizontal:
		maps = append(maps, func(r, c int) (int, int) { return m - r, c })
	case Vertical:
		maps = append(maps, func(r, c int) (int, int) { return r, m - c })
	case Diagonal:
		maps = append(maps, func(r, c int) (int, int) { return c, r })
	case AntiDiagonal:
		maps = append(maps, func(r, c int) (int, int) { return m - c, m - r })
	case Dihedral:
		maps = append(maps, func(r, c int) (int, int) { return c, m - r }, func(r, c int) (int, int) { return m - r, m - c }, func(r, c int) (int, int) { return m - c, r },
			func(r, c int) (int, int) { return m - r, c }, func(r, c int) (int, int) { return r, m - c }, func(r, c int) (int, int) { return c, r }, func(r, c int) (int, int) { return m - c, m - r })
	}
	seen := make([]bool, n*n)
	var out [][]int
	for cell := range n * n {
		if seen[cell] {
			continue
		}
		var o []int
		for _, f := range maps {
			r, c := f(cell/n, cell%n)
			if x := r*n + c; !seen[x] {
				seen[x] = true
				o = append(o, x)
			}
		}
		out = append(out, o)
	}
	return out
}
