package logic

import (
	"context"
	"errors"
	"fmt"

	"sudoku"
	"sudoku/internal/tally"
)

// ErrStuck means no implemented technique applies to the board: the puzzle
// is beyond this solver, or (for a board reached by wrong entries) has no
// solution.
var ErrStuck = errors.New("no technique applies")

// ErrTooHard means RateWithin met a step rated above its limit, or no
// technique within the limit applies.
var ErrTooHard = errors.New("harder than the limit")

// Next returns the next step from b: the first step found when the stages
// of the solving order are tried from the easiest, as Sudoku Explainer
// does. It returns ErrStuck if none applies.
func Next(b *Board) (Step, error) { return NextContext(context.Background(), b) }

// NextContext is Next, stopping with ctx's error when ctx is done (checked
// before each stage of the solving order).
func NextContext(ctx context.Context, b *Board) (Step, error) {
	defer b.useCtx(ctx)()
	st := solvingOrder()
	for i := range st {
		if err := ctx.Err(); err != nil {
			return Step{}, err
		}
		s, ok := st[i].find(b)
		if err := ctx.Err(); err != nil {
			return Step{}, err // the stage may have stopped before its best step
		}
		if ok {
			return s, nil
		}
	}
	return Step{}, ErrStuck
}

// Path solves puzzle g by logic and returns every step taken. The puzzle
// must be valid; Path does not prove uniqueness (see solver.Unique), and
// on a puzzle with several solutions it stops with ErrStuck or a
// contradiction.
func Path(g sudoku.Grid) ([]Step, error) { return PathContext(context.Background(), g) }

// PathContext is Path, stopping with ctx's error when ctx is done (checked
// between steps).
func PathContext(ctx context.Context, g sudoku.Grid) ([]Step, error) {
	var path []Step
	err := walk(ctx, g, true, 0, func(s *Step, _ Rating, _ bool) { path = append(path, *s) })
	return path, err
}

// walk solves g by logic, calling visit after each step with its rating
// and whether it placed a digit. Unless full is set (rating only), the
// singles are found without building a Step and visit gets a nil s for
// them. A limit above 0 skips the stages whose steps are all rated above
// it and stops with ErrTooHard at the first step rated above it. It returns ErrStuck, or an error wrapping
// sudoku.ErrNoSolution when the board has a visible contradiction.
func walk(ctx context.Context, g sudoku.Grid, full bool, limit Rating, visit func(s *Step, r Rating, placed bool)) error {
	if err := g.Validate(); err != nil {
		return err
	}
	b := NewBoard(g)
	return walkBoard(ctx, &b, full, limit, visit)
}

// PathFromContext is PathContext from a position with some candidates
// already taken out: the rest of the solving path of b, which it changes.
// Callers build b with NewBoard and Eliminate (a player's pencil marks).
func PathFromContext(ctx context.Context, b *Board) ([]Step, error) {
	if b.Contradiction() != "" {
		return nil, contradiction(b)
	}
	var path []Step
	err := walkBoard(ctx, b, true, 0, func(s *Step, _ Rating, _ bool) { path = append(path, *s) })
	return path, err
}

// walkBoard is walk from board b.
func walkBoard(ctx context.Context, b *Board, full bool, limit Rating, visit func(s *Step, r Rating, placed bool)) error {
	tally.Walks.Add(1)
	defer b.useCtx(ctx)()
	st := stagesUpTo(limit)
	for !b.Empty.Empty() {
		if err := b.walkCheck(ctx); err != nil {
			return err
		}
		r, ok := step(b, st, full, visit)
		if err := ctx.Err(); err != nil {
			return err // a stage may have stopped before its best step
		}
		if !ok {
			if why := b.Contradiction(); why != "" {
				return fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
			}
			if limit > 0 && len(st) < len(solvingOrder()) {
				return ErrTooHard
			}
			return ErrStuck
		}
		if limit > 0 && r > limit {
			return ErrTooHard
		}
	}
	return nil
}

// step applies the first step of the solving order to b and returns its
// rating, or false if there was none.
func step(b *Board, st []stage, full bool, visit func(s *Step, r Rating, placed bool)) (Rating, bool) {
	for i := range st {
		if q := st[i].quick; q != nil && !full {
			if c, d, r, ok := q(b); ok {
				b.Place(c, d)
				visit(nil, r, true)
				return r, true
			}
			continue
		}
		if s, ok := st[i].find(b); ok {
			found := s // escapes through visit, once per step, not per stage tried
			b.Apply(&found)
			visit(&found, found.Rating, len(found.Placements) > 0)
			return found.Rating, true
		}
	}
	return 0, false
}

// useCtx makes ctx b's context; the function it returns restores the
// one before.
func (b *Board) useCtx(ctx context.Context) (restore func()) {
	saved := b.ctx
	b.ctx = ctx
	return func() { b.ctx = saved }
}

// stagesUpTo returns the solving order, only the stages up to limit when
// it is above 0.
func stagesUpTo(limit Rating) []stage {
	if limit > 0 {
		return within(solvingOrder(), limit)
	}
	return solvingOrder()
}

// walkCheck returns what stops a walk at b before its next step: a cell
// with no candidate left, or ctx done.
func (b *Board) walkCheck(ctx context.Context) error {
	if b.deadCell() {
		return contradiction(b)
	}
	return ctx.Err()
}

// within returns the stages of st whose lowest rating is at most limit.
func within(st []stage, limit Rating) []stage {
	out := make([]stage, 0, len(st))
	for _, s := range st {
		if s.min <= limit {
			out = append(out, s)
		}
	}
	return out
}

func contradiction(b *Board) error {
	return fmt.Errorf("%w: %s", sudoku.ErrNoSolution, b.Contradiction())
}

// deadCell reports whether an empty cell has no candidate left: a quick
// check run at every step (Contradiction, which also checks houses, runs
// when no technique applies).
func (b *Board) deadCell() bool { return b.dead }
