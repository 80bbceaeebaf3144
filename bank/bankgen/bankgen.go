// Package bankgen is the fill policy of the puzzle bank: what puzzles a
// fill makes (of a level and symmetry, of a technique, of other rules),
// numbered reproducibly in a seeded run so that fills resume, and how a
// puzzle and its rating become a bank.Entry. Package bank stays free of
// package generate and logic (it runs fills with the bank.Generator it is
// given); the command line, the server's top-up and library users take
// their generators from here.
package bankgen

import (
	"context"
	"fmt"
	"hash/fnv"

	"sudoku"
	"sudoku/bank"
	"sudoku/generate"
	"sudoku/logic"
)

// Level makes the puzzles of a fill of a level and symmetry (LevelPuzzle
// in the level's own run of the fill's seed), each with the techniques it
// needs.
func Level(level logic.Level, sym generate.Symmetry) bank.Generator {
	return func(ctx context.Context, seed uint64, n int) (bank.Entry, int, error) {
		p, r, tries, err := LevelPuzzle(ctx, level, sym, runSeed(seed, level, sym), n)
		if err != nil {
			return bank.Entry{}, tries, err
		}
		needs, err := trainsOf(p.Grid(), r.ER)
		source := fmt.Sprintf("fill %v %v seed %d #%d", level, sym, seed, n)
		return Entry(p.Grid(), p.SolutionGrid(), r, needs, sym.String(), source), tries, err
	}
}

// Needs makes the puzzles of a fill for need, of any level, each with the
// techniques it needs.
func Needs(need logic.Need) bank.Generator {
	opts := generate.Options{Needs: need}
	return func(ctx context.Context, seed uint64, n int) (bank.Entry, int, error) {
		p, err := generate.Generate(ctx, opts, generate.Source(seed, n))
		if err != nil {
			return bank.Entry{}, p.Tries, err
		}
		g := p.Grid()
		needs, err := trainsOf(g, p.Rating.ER)
		source := fmt.Sprintf("fill needs %s seed %d #%d", need.Names[0], seed, n)
		return Entry(g, p.SolutionGrid(), p.Rating, needs, generate.SymmetryOf(g).String(), source), p.Tries, err
	}
}

// LevelPuzzle makes puzzle number index of the fill run seeded with seed:
// a puzzle of the level whose clues have the symmetry, its rating, and the
// puzzles tried to get it. It is the one place that decides how a fill
// makes puzzles: today generate's search for a rating range (digging
// within easy targets, climbing through neighbours for hard ones). It must
// stay reproducible per (seed, index), which makes fills resumable. It
// stops with ctx's error when ctx is done.
func LevelPuzzle(ctx context.Context, level logic.Level, sym generate.Symmetry, seed uint64, index int) (generate.Puzzle, logic.PuzzleRating, int, error) {
	lo, hi := level.Range()
	p, err := generate.Generate(ctx, generate.Options{Symmetry: sym, MinER: lo, MaxER: hi}, generate.Source(seed, index))
	return p, p.Rating, p.Tries, err
}

// trainsOf lists the techniques g, rated er, needs, for the bank. A
// puzzle rated 1.5 or less takes full houses and hidden singles only,
// which Trains leaves out: its path is not worked out again.
func trainsOf(g sudoku.Grid, er logic.Rating) ([]logic.Trained, error) {
	if er <= 15 {
		return nil, nil
	}
	path, err := logic.Path(g)
	if err != nil {
		return nil, fmt.Errorf("no logical path: %w", err)
	}
	return logic.Trains(g, path), nil
}

// runSeed is the seed of the run of a level and symmetry: the fills of
// different levels from one seed do not share their solution grids.
func runSeed(seed uint64, level logic.Level, sym generate.Symmetry) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", seed, int(level), int(sym))
	return h.Sum64()
}

// BoardsReport is what FillBoards did: the rule set, the puzzles it
// added and those left (not handed out) before it started.
type BoardsReport struct {
	Rules        string
	Added, Left  int
	Interrupted  bool // ctx was done before the target was reached
	FailedPuzzle int  // with an error from generating: the puzzle's number, from 1
}

// FillBoards tops up the puzzles of one rule set: generated with o (at
// the level asked, by logic.RateBoard) from the run of seed, and stored
// one by one, until the bank holds target of them left. The rule set is
// the name of the first puzzle's rules; the bank's writes outlive ctx.
func FillBoards(ctx context.Context, db bank.Store, o generate.Options, target int, seed uint64) (BoardsReport, error) {
	var rep BoardsReport
	for i := 0; rep.Rules == "" || rep.Left+rep.Added < target; i++ {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		p, err := generate.Generate(ctx, o, generate.Source(seed, i))
		if err != nil {
			rep.FailedPuzzle = i + 1
			return rep, err
		}
		entry, err := bank.NewEntry(p.Puzzle, p.Solution, fmt.Sprintf("fill seed %d #%d", seed, i+1))
		if err == nil && entry.Classic() {
			err = fmt.Errorf("%w: a classic puzzle goes in rated, by level", bank.ErrInvalidEntry)
		}
		if err == nil && rep.Rules == "" {
			rep.Rules = entry.Rules
			if rep.Left, err = BoardsLeft(ctx, db, rep.Rules); err == nil && rep.Left >= target {
				break
			}
		}
		if err == nil {
			var n int
			n, _, err = db.Add(context.WithoutCancel(ctx), []bank.Entry{entry})
			rep.Added += n
		}
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// BoardsLeft counts the puzzles of rule set name not handed out.
func BoardsLeft(ctx context.Context, db bank.Store, name string) (int, error) {
	st, err := db.Stats(ctx)
	for _, c := range st.Rules {
		if c.Rules == name {
			return c.Left, err
		}
	}
	return 0, err
}
