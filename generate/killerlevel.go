package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

func init() {
	register(sudoku.VariantKiller, drawer{cages: killerBoard})
}

// cageSizes returns the bounds of a cage's cells, defaults filled in.
func (o Options) cageSizes() cageSizes {
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
func (o Options) startCages() cageSizes {
	s := o.cageSizes()
	if o.cagesOnly() && (o.MinER > 0 || o.MaxER > 0) {
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
func killerBoard(ctx context.Context, o Options, rules *sudoku.Rules, sol []uint8, r *rand.Rand, checks *int) (*sudoku.Rules, []uint8, error) {
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

// A killer without givens whose cages pin its solution is too easy for
// Hard two times in five, and for Expert nearly always. Rather than draw
// a new grid, killerAtLevel merges two cages next to each other, as Solo
// makes its killers harder: fewer, larger cages say less, so the puzzle
// is harder, when it keeps one solution.

// killerMerges bounds the merges tried on one killer.
const killerMerges = 8

// killerAtLevel returns p if it is at the level asked, or else p with
// cages merged while it is too easy and keeps one solution, until one is
// at the level. It reports false when none was within killerMerges tries.
func (o Options) killerAtLevel(ctx context.Context, p Puzzle, r *rand.Rand, checks *int) (*sudoku.Board, logic.PuzzleRating, bool, error) {
	rt, v, err := o.judge(ctx, p.Puzzle)
	if err != nil || v == fits || !o.adjusts() {
		return p.Puzzle, rt, v == fits && err == nil, err
	}
	b := p.Puzzle
	for range killerMerges {
		if v != easier {
			break
		}
		q, ok, err := o.merged(ctx, b, p.Solution.Cells, r, checks)
		if err != nil {
			return nil, rt, false, err
		}
		if !ok {
			continue
		}
		qr, qv, err := o.judge(ctx, q)
		if err != nil || qv == fits {
			return q, qr, qv == fits && err == nil, err
		}
		if qv == easier {
			b, rt, v = q, qr, qv
		}
	}
	return nil, rt, false, nil
}

// merged returns b with two cages next to each other, of other digits and
// at most MaxCage cells together, drawn at random, made one; false when
// the board then has several solutions (or proving it has one takes more
// than killerBudget search nodes) or no two cages can merge.
func (o Options) merged(ctx context.Context, b *sudoku.Board, sol []uint8, r *rand.Rand, checks *int) (*sudoku.Board, bool, error) {
	pairs := mergeable(b.Rules, sol, o.cageSizes().max)
	if len(pairs) == 0 {
		return nil, false, nil
	}
	pr := pairs[r.IntN(len(pairs))]
	rules := b.Rules.Clone()
	a, c := rules.Cages[pr[0]], rules.Cages[pr[1]]
	rules.Cages[pr[0]] = sudoku.Cage{Cells: append(slices.Clone(a.Cells), c.Cells...), Sum: a.Sum + c.Sum}
	rules.Cages = slices.Delete(rules.Cages, pr[1], pr[1]+1)
	q := &sudoku.Board{Rules: rules, Cells: b.Cells}
	*checks++
	res, err := solver.SearchWithin(ctx, q, 2, killerBudget)
	if errors.Is(err, solver.ErrBudget) {
		return nil, false, nil
	}
	return q, err == nil && res.Count == 1, err
}

// mergeable lists the pairs of cages of rules (indexes, the first
// smaller) that touch, hold other digits of sol and have at most limit
// cells together.
func mergeable(rules *sudoku.Rules, sol []uint8, limit int) [][2]int {
	n := rules.Size
	owner := make([]int, len(sol))
	for i := range owner {
		owner[i] = -1
	}
	for i, cg := range rules.Cages {
		for _, c := range cg.Cells {
			owner[c] = i
		}
	}
	seen := map[[2]int]bool{}
	var out [][2]int
	for c, i := range owner {
		for _, x := range []int{c + 1, c + n} { // right and down
			if i < 0 || x >= len(sol) || (x == c+1 && x%n == 0) || owner[x] < 0 || owner[x] == i {
				continue
			}
			pr := [2]int{min(i, owner[x]), max(i, owner[x])}
			if !seen[pr] && len(rules.Cages[pr[0]].Cells)+len(rules.Cages[pr[1]].Cells) <= limit &&
				cageDigits(sol, rules.Cages[pr[0]].Cells)&cageDigits(sol, rules.Cages[pr[1]].Cells) == 0 {
				out = append(out, pr)
			}
			seen[pr] = true
		}
	}
	return out
}
