package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"sudoku"
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
	Killer bool // draw cages over the solution, with their sums
	// Givens keeps givens in a killer (dug to a minimal set); without
	// it a killer has no givens, only cages, as killer players expect.
	Givens bool
	// MaxCage is the largest cage (default 5; 2..9).
	MaxCage int
	// Symmetry of the givens (any of Symmetries; the regions and cages
	// are not made symmetric).
	Symmetry Symmetry
	// Minimal digs until no given can go. Otherwise digging stops at
	// Target givens (default DefaultTarget), which is much faster.
	Minimal bool
	Target  int
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
	Checks   int // uniqueness checks made
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
	switch o.Symmetry {
	case None, Rot180, Rot90, Horizontal, Vertical, Diagonal, AntiDiagonal, Dihedral:
	default:
		return fmt.Errorf("generate: symmetry %v is not offered for puzzles of other rules", o.Symmetry)
	}
	if o.Jigsaw && (o.Rules.Disjoint || o.Rules.Windoku) {
		return errors.New("generate: jigsaw regions with disjoint groups or windoku windows are not offered")
	}
	return nil
}

// GenerateBoard makes a puzzle of o's rules with exactly one solution,
// minimal (no given can go), from r. It stops with ctx's error.
func GenerateBoard(ctx context.Context, o BoardOptions, r *rand.Rand) (BoardPuzzle, error) {
	if err := o.Validate(); err != nil {
		return BoardPuzzle{}, err
	}
	rules, sol, err := filledRules(ctx, o, r)
	if err != nil {
		return BoardPuzzle{}, err
	}
	checks := 0
	if o.Killer {
		max := o.MaxCage
		if max == 0 {
			max = 5
		}
		if rules, err = killerRules(ctx, rules, sol, max, !o.Givens, r, &checks); err != nil {
			return BoardPuzzle{}, err
		}
	}
	puzzle := &sudoku.Board{Rules: rules, Cells: append([]uint8(nil), sol...)}
	if o.Killer && !o.Givens {
		clear(puzzle.Cells)
	} else if err := dig(ctx, puzzle, o.digTarget(), o.Symmetry, r, &checks); err != nil {
		return BoardPuzzle{}, err
	}
	return BoardPuzzle{Puzzle: puzzle, Solution: &sudoku.Board{Rules: rules, Cells: sol}, Checks: checks}, nil
}

// digTarget is the number of givens digging may stop at (0: minimal).
func (o BoardOptions) digTarget() int {
	switch {
	case o.Minimal:
		return 0
	case o.Target > 0:
		return o.Target
	}
	return DefaultTarget(o.Rules.Cells())
}

// filledRules returns the rules (with regions drawn for a jigsaw) and a
// random solution grid of them.
func filledRules(ctx context.Context, o BoardOptions, r *rand.Rand) (*sudoku.Rules, []uint8, error) {
	for try := 0; try < 500; try++ {
		rules := o.Rules // shared, unchanged: the solver's compiled rules are cached by pointer
		if o.Jigsaw || len(rules.Cages) > 0 {
			rules = o.Rules.Clone()
			rules.Cages = nil
		}
		tries := 10
		if o.Jigsaw {
			// Some layouts have no solution grid, and proving it takes
			// long: a layout not filled quickly is drawn again.
			rules.Regions = Regions(rules, r)
			tries = 2
		}
		sol, err := fill(ctx, rules, r, tries)
		if err == nil {
			return rules, sol, nil
		}
		if ctx.Err() != nil || !o.Jigsaw {
			return nil, nil, err
		}
	}
	return nil, nil, ErrRegions
}

// Fill returns a random solution grid of rules: a random first row and a
// few random digits further down, completed by the general solver. A
// seed that the solver cannot complete within 2 ms (it may have no
// completion) is drawn again; after 8 such, the first row alone is tried
// with 200 ms.
func Fill(ctx context.Context, rules *sudoku.Rules, r *rand.Rand) ([]uint8, error) {
	return fill(ctx, rules, r, 10)
}

// fill is Fill with tries seeds (the last two from the first row alone).
func fill(ctx context.Context, rules *sudoku.Rules, r *rand.Rand, tries int) ([]uint8, error) {
	n := rules.Size
	b := sudoku.NewBoard(rules)
	l, err := rules.Layout()
	if err != nil {
		return nil, err
	}
	for try := 0; try < tries; try++ {
		clear(b.Cells)
		for c, d := range r.Perm(n) {
			b.Cells[c] = uint8(d + 1)
		}
		limit := 2 * time.Millisecond
		if try < tries-2 || tries < 4 {
			seedMore(b, l, r)
		} else {
			limit = 200 * time.Millisecond
		}
		tctx, cancel := context.WithTimeout(ctx, limit)
		res, err := solver.General.SearchBoard(tctx, b, 1)
		cancel()
		if err == nil && res.Count == 1 {
			return res.Solution, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return nil, fmt.Errorf("generate: no solution grid for %s found", rules.Name())
}

// seedMore places a few more random digits (one per row of the second
// row band's first cells) where the peers allow, so the solver's
// completions vary more than a first row alone makes them.
func seedMore(b *sudoku.Board, l *sudoku.Layout, r *rand.Rand) {
	n := b.Rules.Size
	for k := 0; k < n/2; k++ {
		c := n + r.IntN(len(b.Cells)-n)
		if b.Cells[c] != 0 {
			continue
		}
		free := sudoku.AllDigits(n)
		for _, p := range l.Peers[c] {
			if v := b.Cells[p]; v != 0 {
				free &^= sudoku.DigitOf(int(v))
			}
		}
		if free == 0 {
			continue
		}
		b.Cells[c] = uint8(nthDigit(free, r.IntN(free.Count())))
	}
}

// nthDigit returns the k-th digit (0-based) of s.
func nthDigit(s sudoku.Digits, k int) int {
	for d := 1; ; d++ {
		if s.Has(d) {
			if k == 0 {
				return d
			}
			k--
		}
	}
}

// unique reports whether b has exactly one solution.
func unique(ctx context.Context, b *sudoku.Board, checks *int) (bool, error) {
	*checks++
	res, err := solver.General.SearchBoard(ctx, b, 2)
	if err != nil {
		return false, err
	}
	return res.Count == 1, nil
}

// dig takes givens out of the full board p, an orbit of the symmetry at
// a time in random order, keeping each removal that leaves one solution,
// until target givens are left (0: until none can go). A first batch,
// the orbits that take out 45% of the cells, is tried in one check. A
// pass to the end leaves a minimal puzzle: a given that could not go
// then cannot go later, with fewer givens around it.
func dig(ctx context.Context, p *sudoku.Board, target int, sym Symmetry, r *rand.Rand, checks *int) error {
	orbits := boardOrbits(p.Rules.Size, sym)
	r.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	givens := len(p.Cells)
	saved := slices.Clone(p.Cells)
	batch := 0
	for givens > len(p.Cells)*55/100 && batch < len(orbits) {
		for _, c := range orbits[batch] {
			p.Cells[c] = 0
		}
		givens -= len(orbits[batch])
		batch++
	}
	if ok, err := unique(ctx, p, checks); err != nil {
		return err
	} else if !ok {
		copy(p.Cells, saved)
		givens, batch = len(p.Cells), 0
	}
	for _, o := range orbits[batch:] {
		if givens-len(o) < target {
			continue
		}
		copy(saved, p.Cells)
		for _, c := range o {
			p.Cells[c] = 0
		}
		ok, err := unique(ctx, p, checks)
		if err != nil {
			return err
		}
		if ok {
			givens -= len(o)
		} else {
			copy(p.Cells, saved)
		}
	}
	return nil
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
