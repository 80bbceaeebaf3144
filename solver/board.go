package solver

import (
	"context"
	"errors"
	"fmt"

	"sudoku"
)

// Engine searches puzzles of any rule set (sudoku.Board). Engines are
// safe for concurrent use.
type Engine interface {
	// Name is the engine's name on the command line.
	Name() string
	// Search looks for up to limit solutions of b (limit >= 1),
	// stopping with ctx's error when ctx is done. b has passed Validate.
	// An engine that cannot handle one of b's rules returns an error
	// wrapping ErrUnsupported that names the rule.
	Search(ctx context.Context, b *sudoku.Board, limit int) (Result, error)
}

// Result is what a search of a Board found.
type Result struct {
	Solution []uint8 // the first solution found, N*N cells, when Count > 0
	Second   []uint8 // Fast on boards of other rules only: a second solution, when Count > 1
	Count    int     // solutions found, at most the limit asked
	Guesses  int64   // branching decisions
	Nodes    int64   // search nodes visited (each engine counts its own way)
}

// Grid returns the first solution of a classic search as a grid: the
// zero grid when there is none, or when it is not 9x9.
func (r Result) Grid() sudoku.Grid {
	var g sudoku.Grid
	if len(r.Solution) == len(g) {
		copy(g[:], r.Solution)
	}
	return g
}

// ErrUnsupported means an engine cannot handle a rule of the puzzle.
var ErrUnsupported = errors.New("not supported by this engine")

// unsupported is an ErrUnsupported naming the engine and the rule.
func unsupported(engine, rule string) error {
	return fmt.Errorf("engine %s: %s: %w", engine, rule, ErrUnsupported)
}

// Solve checks b, then searches it with e (Fast when nil) for up
// to two solutions, so that uniqueness is proven. It returns the rules' or
// givens' error (*sudoku.RuleError, *sudoku.ClashError, ...; for a
// classic board the grid's: *sudoku.ValueError, *sudoku.ConflictError),
// sudoku.ErrNoSolution, or sudoku.ErrMultipleSolutions with one of the
// solutions in the result. A classic board solved with Fast takes the
// classic path (see SolveGrid).
func Solve(ctx context.Context, e Engine, b *sudoku.Board) (Result, error) {
	if e == nil {
		e = Fast
	}
	if g, ok := b.Grid(); ok && e == Fast {
		return solveClassic(g)
	} else if ok { // a classic board's errors are the grid's, whatever the engine
		if err := g.Validate(); err != nil {
			return Result{}, err
		}
		return checked(e.Search(ctx, b, 2))
	}
	if err := b.Unreadable(); err != nil {
		return Result{}, err
	}
	if err := b.Validate(); err != nil {
		return Result{}, err
	}
	return checked(searchValid(ctx, e, b))
}

// checked is a search for two solutions with its verdict (CountErr).
func checked(r Result, err error) (Result, error) {
	if err != nil {
		return r, err
	}
	return r, CountErr(r.Count)
}

// UniqueSolution searches b with e (Fast when nil) for two solutions
// and returns the one it has, or the search's error, sudoku.ErrNoSolution
// or sudoku.ErrMultipleSolutions. Unlike Solve it leaves checking b
// to the engine's search.
func UniqueSolution(ctx context.Context, e Engine, b *sudoku.Board) ([]uint8, error) {
	if e == nil {
		e = Fast
	}
	res, err := e.Search(ctx, b, 2)
	if err == nil {
		err = CountErr(res.Count)
	}
	if err != nil {
		return nil, err
	}
	return res.Solution, nil
}

// UniqueSolutionIn is UniqueSolution with Fast on b's rules
// compiled into l (nil: compiled here), for callers that compiled them.
func UniqueSolutionIn(ctx context.Context, l *sudoku.Layout, b *sudoku.Board) ([]uint8, error) {
	res, err := SearchLayout(ctx, l, b, 2)
	if err == nil {
		err = CountErr(res.Count)
	}
	if err != nil {
		return nil, err
	}
	return res.Solution, nil
}

// solveClassic is Solve with Fast on classic grid g, checking the givens
// only when there is no solution, as SolveGrid does. Fast needs no
// context to find two solutions.
func solveClassic(g sudoku.Grid) (Result, error) {
	r := fastEngine.Search(g, 2)
	if r.Count == 0 {
		if err := g.Validate(); err != nil {
			return Result{}, err
		}
	}
	return r.boardResult(), CountErr(r.Count)
}

// searchValid is e.Search(ctx, b, 2) for b of other rules than the
// classic ones, already validated: a board Fast hands to Bitboard, or one
// given to Bitboard, goes to its search without its rules checked again.
func searchValid(ctx context.Context, e Engine, b *sudoku.Board) (Result, error) {
	if e != Fast && e != Bitboard || bitsUnsupported(b) != "" {
		return e.Search(ctx, b, 2)
	}
	return searchBits(ctx, b, 2, 0)
}

// Count returns the number of solutions of b up to limit, 0 when b
// breaks its rules.
func Count(ctx context.Context, b *sudoku.Board, limit int) (int, error) {
	if err := b.Unreadable(); err != nil {
		return 0, err
	}
	if limit < 1 || b.Validate() != nil {
		return 0, nil
	}
	r, err := Fast.Search(ctx, b, limit)
	return r.Count, err
}
