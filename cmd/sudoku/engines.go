package main

import (
	"context"
	"fmt"
	"strings"

	"sudoku"
	"sudoku/ilp"
	"sudoku/solver"
)

// engines lists every engine the CLI offers, by name.
func engines() []solver.Engine {
	return append(solver.Engines(), ilp.Engine, boardOnly{solver.Bitboard})
}

func lookupEngine(name string) (solver.Engine, error) {
	var names []string
	for _, e := range engines() {
		if e.Name() == name {
			return e, nil
		}
		names = append(names, e.Name())
	}
	return nil, fmt.Errorf("unknown engine %q (want %s)", name, strings.Join(names, ", "))
}

// boardOnly offers a board engine of the solver package (bitboard) by
// name for classic puzzles too: it searches a classic grid as a board of
// classic rules.
type boardOnly struct{ e solver.BoardEngine }

func (b boardOnly) Name() string { return b.e.Name() }

func (b boardOnly) Search(g sudoku.Grid, limit int) solver.Result {
	r, _ := b.SearchContext(context.Background(), g, limit)
	return r
}

// SearchContext is Search, stopping with ctx's error once ctx is done.
func (b boardOnly) SearchContext(ctx context.Context, g sudoku.Grid, limit int) (solver.Result, error) {
	r, err := b.e.SearchBoard(ctx, sudoku.BoardOf(g), limit)
	out := solver.Result{Count: r.Count, Guesses: r.Guesses, Nodes: r.Nodes}
	if r.Count > 0 {
		copy(out.Solution[:], r.Solution)
	}
	return out, err
}
