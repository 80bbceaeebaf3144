package bankgen

import (
	"context"
	"fmt"

	"sudoku"
	"sudoku/bank"
	"sudoku/logic"
	"sudoku/render"
)

// BookPuzzles are the puzzles picked, section after section, with their
// solutions and captions (render.Book numbers them and adds the answers).
func BookPuzzles(ctx context.Context, picked []bank.Picked) ([]render.BookPuzzle, error) {
	var ps []render.BookPuzzle
	for _, p := range picked {
		for _, en := range p.Entries {
			if en.Classic() {
				ps = append(ps, render.BookPuzzle{Board: sudoku.BoardOf(en.Puzzle), Solution: sudoku.BoardOf(en.Solution), Level: en.Level.String(), ER: en.ER.String()})
				continue
			}
			bp, err := bookBoard(ctx, en)
			if err != nil {
				return nil, fmt.Errorf("%s puzzle %d: %w", en.Rules, en.ID, err)
			}
			ps = append(ps, bp)
		}
	}
	return ps, nil
}

// bookBoard reads a puzzle of other rules: the board, its solution and
// its caption (rules, level and rating by logic).
func bookBoard(ctx context.Context, en bank.Entry) (render.BookPuzzle, error) {
	b, err := en.Board()
	if err != nil {
		return render.BookPuzzle{}, err
	}
	sol, err := en.SolutionBoard()
	if err != nil {
		return render.BookPuzzle{}, err
	}
	bp := render.BookPuzzle{Board: b, Solution: sol, Rules: b.Rules.Name()}
	if rt, err := logic.RateBoard(ctx, b); err == nil {
		bp.Level, bp.ER = rt.Level.String(), rt.ER.String()
	}
	return bp, nil
}
