package bankgen

import (
	"sudoku"
	"sudoku/bank"
	"sudoku/generate"
	"sudoku/logic"
)

// The bank stores levels, ratings and techniques in types of its own, so
// that it does not depend on package logic; these convert.

// Entry is the bank entry of puzzle g: its solution, its rating, the
// techniques it needs, the symmetry of its clues and where it came from.
func Entry(g, sol sudoku.Grid, r logic.PuzzleRating, needs []logic.Trained, sym, source string) bank.Entry {
	return bank.Entry{
		Puzzle: g, Solution: sol, ER: bank.Rating(r.ER), EP: bank.Rating(r.EP), ED: bank.Rating(r.ED),
		Level: bank.Level(r.Level), RatingVersion: r.Version, Symmetry: sym,
		Canonical: generate.Canonical(g).Line('.'), Source: source, Needs: Trains(needs),
	}
}

// Rating is the rating a bank entry stores.
func Rating(en bank.Entry) logic.PuzzleRating {
	return logic.PuzzleRating{ER: logic.Rating(en.ER), EP: logic.Rating(en.EP), ED: logic.Rating(en.ED),
		Level: logic.Level(en.Level), Version: en.RatingVersion}
}

// Trains converts the techniques a puzzle needs; nil stays nil.
func Trains(ts []logic.Trained) []bank.Trained {
	if ts == nil {
		return nil
	}
	out := make([]bank.Trained, len(ts))
	for i, t := range ts {
		out[i] = bank.Trained(t)
	}
	return out
}

// Need is the need as the bank selects on it.
func Need(n logic.Need) bank.Need {
	return bank.Need{Techniques: n.Names, Before: n.Before}
}
