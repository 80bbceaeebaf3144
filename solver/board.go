package solver

import (
	"context"
	"errors"
	"fmt"

	"sudoku"
)

// BoardEngine searches puzzles of any rule set (sudoku.Board). Engines are
// safe for concurrent use.
type BoardEngine interface {
	// Name is the engine's name on the command line.
	Name() string
	// SearchBoard looks for up to limit solutions of b (limit >= 1),
	// stopping with ctx's error when ctx is done. b has passed Validate.
	// An engine that cannot handle one of b's rules returns an error
	// wrapping ErrUnsupported that names the rule.
	SearchBoard(ctx context.Context, b *sudoku.Board, limit int) (BoardResult, error)
}

// BoardResult is what a search of a Board found.
type BoardResult struct {
	Solution []uint8 // the first solution found, N*N cells, when Count > 0
	Second   []uint8 // General on boards of other rules only: a second solution, when Count > 1
	Count    int     // solutions found, at most the limit asked
	Guesses  int64   // branching decisions
	Nodes    int64   // search nodes visited (each engine counts its own way)
}

// ErrUnsupported means an engine cannot handle a rule of the puzzle.
var ErrUnsupported = errors.New("not supported by this engine")

// unsupported is an ErrUnsupported naming the engine and the rule.
func unsupported(engine, rule string) error {
	return fmt.Errorf("engine %s: %s: %w", engine, rule, ErrUnsupported)
}

// SolveBoard checks b, then searches it with e (General when nil) for up
// to two solutions, so that uniqueness is proven. It returns the rules' or
// givens' error (*sudoku.RuleError, *sudoku.ClashError, ...),
// sudoku.ErrNoSolution, or sudoku.ErrMultipleSolutions with one of the
// solutions in the result.
func SolveBoard(ctx context.Context, e BoardEngine, b *sudoku.Board) (BoardResult, error) {
	if e == nil {
		e = General
	}
	if err := b.Unreadable(); err != nil {
		return BoardResult{}, err
	}
	if err := b.Validate(); err != nil {
		return BoardResult{}, err
	}
	r, err := searchValid(ctx, e, b)
	if err != nil {
		return r, err
	}
	return r, CountErr(r.Count)
}

// UniqueSolution searches b with e (General when nil) for two solutions
// and returns the one it has, or the search's error, sudoku.ErrNoSolution
// or sudoku.ErrMultipleSolutions. Unlike SolveBoard it leaves checking b
// to the engine's search.
func UniqueSolution(ctx context.Context, e BoardEngine, b *sudoku.Board) ([]uint8, error) {
	if e == nil {
		e = General
	}
	res, err := e.SearchBoard(ctx, b, 2)
	if err == nil {
		err = CountErr(res.Count)
	}
	if err != nil {
		return nil, err
	}
	return res.Solution, nil
}

// UniqueSolutionIn is UniqueSolution with the General engine on b's rules
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

// searchValid is e.SearchBoard(ctx, b, 2) for b already validated: a
// board General hands to Bitboard, or one given to Bitboard, goes to its
// search without its rules checked again.
func searchValid(ctx context.Context, e BoardEngine, b *sudoku.Board) (BoardResult, error) {
	if e != General && e != Bitboard || bitsUnsupported(b) != "" {
		return e.SearchBoard(ctx, b, 2)
	}
	if _, classic := b.Grid(); classic && e == General {
		return e.SearchBoard(ctx, b, 2)
	}
	return searchBits(ctx, b, 2, 0)
}

// CountBoard returns the number of solutions of b up to limit, 0 when b
// breaks its rules.
func CountBoard(ctx context.Context, b *sudoku.Board, limit int) (int, error) {
	if err := b.Unreadable(); err != nil {
		return 0, err
	}
	if limit < 1 || b.Validate() != nil {
		return 0, nil
	}
	r, err := General.SearchBoard(ctx, b, limit)
	return r.Count, err
}
