package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

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

// ErrRegions means no fillable region layout was drawn in the tries
// allowed (rare: some random layouts admit no Latin square).
var ErrRegions = errors.New("no region layout that can be filled")

// validateBoard is Validate for other rules.
func (o Options) validateBoard() error {
	rules := o.rules()
	if err := o.validateVariant(); err != nil {
		return err
	}
	if o.MaxCage != 0 && (o.MaxCage < 2 || o.MaxCage > 9) {
		return fmt.Errorf("generate: cage size %d: want 2 to 9", o.MaxCage)
	}
	if o.MinCage < 0 || o.MinCage > 2 {
		return fmt.Errorf("generate: smallest cage %d: want 1 or 2", o.MinCage)
	}
	if o.MinClues < 0 || o.MaxTries < 0 {
		return fmt.Errorf("generate: givens %d, max tries %d: want 0 (the default) or more", o.MinClues, o.MaxTries)
	}
	switch o.Symmetry {
	case None, Rot180, Rot90, Horizontal, Vertical, Diagonal, AntiDiagonal, Dihedral:
	default:
		return fmt.Errorf("generate: symmetry %v is not offered for puzzles of other rules", o.Symmetry)
	}
	if o.draws(sudoku.VariantJigsaw) && (rules.Disjoint || rules.Windoku) {
		return errors.New("generate: jigsaw regions with disjoint groups or windoku windows are not offered")
	}
	for _, f := range []struct {
		set        bool
		name, only string
	}{{o.MaxClues != 0, "MaxClues", "classic rules"}, {o.NoRating, "NoRating", "classic rules"}, {len(o.Needs.Names) > 0, "Needs", "classic rules"},
		{o.SymmetricRegions && !o.draws(sudoku.VariantJigsaw), "SymmetricRegions", "a jigsaw"},
		{(o.Givens || o.MinCage != 0 || o.MaxCage != 0) && !o.draws(sudoku.VariantKiller), "Givens, MinCage and MaxCage", "a killer"}} {
		if f.set {
			return fmt.Errorf("generate: %s applies to %s, not to %s", f.name, f.only, o.name())
		}
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

// rules is o.Rules, classic 9x9 when nil.
func (o Options) rules() *sudoku.Rules {
	if o.Rules == nil {
		return sudoku.Classic()
	}
	return o.Rules
}

// name names the rules generated, drawn variants first: "killer 9x9".
func (o Options) name() string {
	return strings.TrimSpace(strings.ReplaceAll(o.Variant.String(), ",", " ") + " " + o.rules().Name())
}

// generateBoard is Generate for other rules, o valid: a puzzle of o's
// rules with exactly one solution from r, at the rating asked if any.
func generateBoard(ctx context.Context, o Options, r *rand.Rand) (Puzzle, error) {
	o.Rules = o.rules()
	l, err := layoutFor(o.Rules, o.Layout) // once for the puzzle's tries
	if err != nil {
		return Puzzle{}, err
	}
	o.Layout = l
	if o.MinER == 0 && o.MaxER == 0 {
		p, _, err := boardOnce(ctx, o, r)
		return p, err
	}
	max := o.MaxTries
	if max <= 0 {
		max = 1000
	}
	checks := 0
	for try := 1; try <= max; try++ {
		p, d, err := boardOnce(ctx, o, r)
		if err != nil {
			return p, err
		}
		checks += p.Checks
		var q *sudoku.Board
		var rt logic.PuzzleRating
		var ok bool
		if o.cagesOnly() {
			q, rt, ok, err = o.killerAtLevel(ctx, p, r, &checks)
		} else {
			q, rt, ok, err = o.atLevel(ctx, p.Puzzle, d, &checks)
		}
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			p.Puzzle, p.Checks, p.Tries, p.Rating = q, checks, try, rt
			p.Solution = &sudoku.Board{Rules: q.Rules, Cells: p.Solution.Cells} // the cages may be merged
			return p, nil
		}
	}
	return Puzzle{Tries: max, Checks: checks}, ErrTooManyTries
}

// boardOnce makes one puzzle of o's rules, at any rating, and the dig
// that made it (nil for a killer without givens): a solution filled in
// the rules (in the regions drawn, for a jigsaw), what the variants draw
// over it (cages, then constraints), the givens dug.
func boardOnce(ctx context.Context, o Options, r *rand.Rand) (Puzzle, *boardDig, error) {
	rules, sol, err := filledRules(ctx, o, r)
	if err != nil {
		return Puzzle{}, nil, err
	}
	checks := 0
	for _, dr := range drawersOf(o.Variant) {
		if dr.cages == nil {
			continue
		}
		if rules, sol, err = dr.cages(ctx, o, rules, sol, r, &checks); err != nil {
			return Puzzle{}, nil, err
		}
	}
	if o.constrained() {
		cs, err := drawConstraints(o, sol, r)
		if err != nil {
			return Puzzle{}, nil, err
		}
		rules = rules.Clone()
		rules.Constraints = append(rules.Constraints, cs...)
	}
	puzzle := &sudoku.Board{Rules: rules, Cells: append([]uint8(nil), sol...)}
	var d *boardDig
	if o.cagesOnly() {
		clear(puzzle.Cells)
		return Puzzle{Puzzle: puzzle, Solution: &sudoku.Board{Rules: rules, Cells: sol}, Checks: checks, Tries: 1}, nil, nil
	}
	l, err := layoutFor(rules, o.Layout) // the puzzle's rules, compiled once for its digging
	if err != nil {
		return Puzzle{}, nil, err
	}
	if o.digsWithin() {
		d, err = newBoardDig(ctx, puzzle, l, o.Symmetry, r, false, &checks)
	} else {
		d, err = dig(ctx, puzzle, l, o.digTarget(), o.Symmetry, r, &checks)
	}
	if err != nil {
		return Puzzle{}, nil, err
	}
	return Puzzle{Puzzle: puzzle, Solution: &sudoku.Board{Rules: rules, Cells: sol}, Checks: checks, Tries: 1}, d, nil
}

// digTarget is the number of givens digging may stop at (0: minimal).
func (o Options) digTarget() int {
	switch {
	case o.Minimal:
		return 0
	case o.MinClues > 0:
		return o.MinClues
	case o.constrained():
		return 0 // as few givens as the constraints leave
	}
	return DefaultTarget(o.Rules.Cells())
}

// filledRules returns the rules (with the regions of a jigsaw drawn) and
// a random solution grid of them.
func filledRules(ctx context.Context, o Options, r *rand.Rand) (*sudoku.Rules, []uint8, error) {
	regions := o.regionsDrawer()
	for try := 0; try < 500; try++ {
		rules, l := o.Rules, o.Layout // shared, unchanged: compiled once
		if regions != nil || len(rules.Cages) > 0 {
			rules, l = o.Rules.Clone(), nil
			rules.Cages = nil
		}
		tries := 10
		if regions != nil {
			// Some layouts have no solution grid, and proving it takes
			// long: a layout not filled quickly is drawn again.
			rules.Regions = regions(o, rules, r)
			tries = 1
		}
		sol, err := fill(ctx, rules, l, r, tries)
		if err == nil {
			return rules, sol, nil
		}
		if ctx.Err() != nil || regions == nil {
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
