package logic

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"sudoku"
	"sudoku/internal/tally"
	"sudoku/internal/words"
)

// Logic for boards of any rules: the techniques of the classic solver
// that hold on any set of houses (singles, intersections, naked and
// hidden subsets, fish on rows and columns, XY-Wings and XY-chains over
// any peers, X-chains: anywings.go; cell and region forcing chains
// through every rule, last: anyforcing.go), sight eliminations (a cell that sees every place left
// for a digit in a house cannot hold it: pointing and claiming, and the
// anti-knight and anti-king cases), and the killer techniques (cage
// combinations, the rule of 45: innies and outies), and the steps of the
// constraints of modern variants, each from its own propagation and words
// (thermometers, dots, ...: anyconstraints.go). One engine reads the
// rules as data (sudoku.Layout: a constraint's Distinct groups are units,
// so naked subsets, sight and wings use them). Every 9x9 board with 3x3
// boxes or jigsaw regions, constraints and cages included, goes to the
// technique table's engine instead (geometryOf); this one takes the rest:
// other sizes, boards without boxes, extra regions of fewer cells.
// The techniques that are unsound under some rules are not here: unique
// rectangles and BUG assume nothing but rows, columns and boxes.

// BoardRatingVersion names the technique set and ratings of RateBoard.
const BoardRatingVersion = "any-0.8"

// Ratings of the techniques on boards of any rules: Sudoku Explainer's
// values for the techniques it has (full house 1.0, hidden single 1.2 in
// a box or region and 1.5 in a line, naked single 2.3, pointing 2.6,
// claiming 2.8, naked pair 3.0, X-Wing 3.2, hidden pair 3.4, naked
// triple 3.6, swordfish 3.8, hidden triple 4.0, XY-Wing 4.2, naked quad
// 5.0, jellyfish 5.2, hidden quad 5.4), and values placed among
// them for the others: a lone innie or outie (rule of 45) 1.5, like a
// hidden single in a line; cage combinations and innie combinations 2.0,
// read off a table like a naked single; cage pointing and sight by
// knight's or king's moves 2.7, between pointing and claiming. The rule
// of 45 on a group of 2 or 3 adjacent rows or columns, adding across
// houses, is rated with pointing: a lone innie or outie 2.6 and 2.7,
// innie combinations 2.8 and 2.9. A constraint's step is rated 2.0 for a
// deduction about two cells, 0.1 more per further cell, at most 2.5
// (anyconstraints.go).
const (
	anyFullHouse    = "Full house"
	anyHiddenSingle = "Hidden single"
	anyNakedSingle  = "Naked single"
	anyInnie        = "Rule of 45 (innie)"
	anyOutie        = "Rule of 45 (outie)"
	anyCombos       = "Cage combinations"
	anyInnieCombos  = "Rule of 45 (innie combinations)"
	anyOutieCombos  = "Rule of 45 (outie combinations)"
	anyPointing     = "Pointing"
	anyClaiming     = "Claiming"
	anyCagePointing = "Cage pointing"
	anySight        = "Knight and king sight"
)

// BoardCandidate is a digit in a cell of a board of any size.
type BoardCandidate struct {
	Cell  int `json:"cell"` // 0-based, row-major
	Digit int `json:"digit"`
}

// BoardStep is one step on a board of any rules.
type BoardStep struct {
	Technique    string
	Rating       Rating
	Placements   []BoardCandidate
	Eliminations []BoardCandidate
	Cells        []int // the pattern's cells
	Units        []int // the pattern's units (indexes into the layout's Units)
	Text         string
	// Links are a chain's or loop's links (steps of the technique
	// table's engine); none for other steps.
	Links []BoardLink `json:",omitempty"`
	// Pattern are the candidates the web app colours for the step, on
	// the position it was found on (Step.Pattern); NextBoard sets them,
	// not a path.
	Pattern []BoardCandidate `json:",omitempty"`
}

// BoardLink is a Link on a board of any size.
type BoardLink struct {
	From, To BoardCandidate
	Strong   bool
	Via      string `json:",omitempty"` // the constraint behind the link, "" for a cell's or a house's
}

// boardLogic is a position on a board of any rules.
type boardLogic struct {
	l     *sudoku.Layout
	n     int
	cells []uint8
	cands []sudoku.Digits
	// mark[c] == gen marks cell c in the current set (scratch of the
	// finders, cleared by bumping gen).
	mark []int32
	gen  int32
	// rule45 is each house's and group's view for the rule of 45,
	// computed on first use.
	rule45 []region45
	// ctx is the context of the walk: the long searches (chains) check
	// it between their starts.
	ctx context.Context
	// fruitless holds, per look (a cage's combinations, a region's
	// innies or outies), the fingerprint of its cells when it last found
	// nothing.
	fruitless map[int]uint64
	// contradiction, when set, is why the position has no solution, as a
	// finder (a constraint's propagation) saw.
	contradiction string
	// props are the constraints and cage sums the forcing chains
	// propagate (anyforcing.go), nil until first asked.
	props []sudoku.Constraint
}

// stopped reports whether the walk's context is done.
func (s *boardLogic) stopped() bool { return s.ctx != nil && s.ctx.Err() != nil }

// markCells starts a new marked set holding cells.
func (s *boardLogic) markCells(cells []int) {
	s.gen++
	for _, c := range cells {
		s.mark[c] = s.gen
	}
}

func (s *boardLogic) marked(c int) bool { return s.mark[c] == s.gen }

func newBoardLogic(b *sudoku.Board, l *sudoku.Layout) (*boardLogic, error) {
	if err := b.ValidateIn(l); err != nil {
		return nil, err
	}
	s := &boardLogic{l: l, n: l.N, cells: make([]uint8, l.NN), cands: make([]sudoku.Digits, l.NN), mark: make([]int32, l.NN),
		fruitless: map[int]uint64{}}
	all := sudoku.AllDigits(l.N)
	for c := range s.cands {
		s.cands[c] = all
		if b.Rules.Parity != nil {
			s.cands[c] &= parityDigits(l.N, b.Rules.Parity[c])
		}
		if b.Marks != nil {
			s.cands[c] &= b.Marks[c]
		}
	}
	for c, v := range b.Cells {
		if v != 0 {
			s.place(c, int(v))
		}
	}
	return s, nil
}

// parityDigits are the digits 1..n of parity p (all for none).
func parityDigits(n int, p sudoku.Parity) sudoku.Digits {
	var m sudoku.Digits
	for d := 1; d <= n; d++ {
		if p == sudoku.Odd && d%2 == 1 || p == sudoku.Even && d%2 == 0 || p != sudoku.Odd && p != sudoku.Even {
			m |= sudoku.DigitOf(d)
		}
	}
	return m
}

// digitSets lists the sets of k distinct digits 1..n summing to sum.
func digitSets(n, k, sum int) []sudoku.Digits {
	var out []sudoku.Digits
	var walk func(from, left, rest int, set sudoku.Digits)
	walk = func(from, left, rest int, set sudoku.Digits) {
		if left == 0 {
			if rest == 0 {
				out = append(out, set)
			}
			return
		}
		for d := from; d <= n && d <= rest; d++ {
			walk(d+1, left-1, rest-d, set|sudoku.DigitOf(d))
		}
	}
	walk(1, k, sum, 0)
	return out
}

func (s *boardLogic) place(c, d int) {
	s.cells[c] = uint8(d)
	s.cands[c] = 0
	bit := sudoku.DigitOf(d)
	for _, p := range s.l.Peers[c] {
		s.cands[p] &^= bit
	}
}

func (s *boardLogic) apply(st *BoardStep) {
	for _, p := range st.Placements {
		s.place(p.Cell, p.Digit)
	}
	for _, e := range st.Eliminations {
		s.cands[e.Cell] &^= sudoku.DigitOf(e.Digit)
	}
}

// solved reports whether every cell holds a digit.
func (s *boardLogic) solved() bool {
	for _, v := range s.cells {
		if v == 0 {
			return false
		}
	}
	return true
}

// dead returns a reason the position has no solution that shows at once.
func (s *boardLogic) dead() string {
	for c, v := range s.cells {
		if v == 0 && s.cands[c] == 0 {
			return fmt.Sprintf("%s has no candidate left", s.cellName(c))
		}
	}
	return ""
}

// boardFinder is a technique for boards of any rules and the lowest
// rating its steps have.
type boardFinder struct {
	min  Rating
	find func(s *boardLogic) (BoardStep, bool)
}

// boardFinders are the techniques in the order they are tried.
var boardFinders = []boardFinder{
	{10, (*boardLogic).fullHouse},
	{12, (*boardLogic).hiddenSingle},
	{23, (*boardLogic).nakedSingle},
	{15, (*boardLogic).innieOutie},
	{20, (*boardLogic).cageCombos},
	{20, (*boardLogic).constraintSteps},
	{26, (*boardLogic).sight},
	{30, func(s *boardLogic) (BoardStep, bool) { return s.nakedSubset(2) }},
	{32, func(s *boardLogic) (BoardStep, bool) { return s.fish(2) }},
	{34, func(s *boardLogic) (BoardStep, bool) { return s.hiddenSubset(2) }},
	{36, func(s *boardLogic) (BoardStep, bool) { return s.nakedSubset(3) }},
	{38, func(s *boardLogic) (BoardStep, bool) { return s.fish(3) }},
	{40, func(s *boardLogic) (BoardStep, bool) { return s.hiddenSubset(3) }},
	{42, (*boardLogic).xyWing},
	{50, func(s *boardLogic) (BoardStep, bool) { return s.nakedSubset(4) }},
	{52, func(s *boardLogic) (BoardStep, bool) { return s.fish(4) }},
	{54, func(s *boardLogic) (BoardStep, bool) { return s.hiddenSubset(4) }},
	{66, (*boardLogic).xChain},
	{66, (*boardLogic).xyChain},
	{85, (*boardLogic).forcing}, // the table's DynamicForcingChains (anyforcing.go)
}

// next finds the next step; with a limit above 0, the techniques whose
// steps are all rated above it are skipped, and none applying is
// ErrTooHard.
func (s *boardLogic) next(ctx context.Context, limit Rating) (BoardStep, error) {
	s.ctx = ctx
	skipped := false
	for _, f := range boardFinders {
		if err := ctx.Err(); err != nil {
			return BoardStep{}, err
		}
		if limit > 0 && f.min > limit {
			skipped = true
			continue
		}
		if st, ok := f.find(s); ok {
			return st, nil
		}
		if s.contradiction != "" {
			return BoardStep{}, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, s.contradiction)
		}
	}
	if err := ctx.Err(); err != nil {
		return BoardStep{}, err // a search may have stopped before its step
	}
	if skipped {
		return BoardStep{}, ErrTooHard
	}
	return BoardStep{}, ErrStuck
}

// NextBoard returns the next step on b, a board of any rules.
func NextBoard(ctx context.Context, b *sudoku.Board) (BoardStep, error) {
	return NextBoardIn(ctx, b, nil)
}

// NextBoardIn is NextBoard on a board whose rules the caller compiled
// into l (nil: compiled here).
func NextBoardIn(ctx context.Context, b *sudoku.Board, l *sudoku.Layout) (BoardStep, error) {
	l, err := layoutFor(b, l)
	if err != nil {
		return BoardStep{}, err
	}
	if g, ok := geometryOf(l); ok {
		return nextGeo(ctx, b, g, l) // the classic engine (variants.go)
	}
	s, err := newBoardLogic(b, l)
	if err != nil {
		return BoardStep{}, err
	}
	if why := s.dead(); why != "" {
		return BoardStep{}, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
	}
	st, err := s.next(ctx, 0)
	if err == nil {
		st.Pattern = boardPattern(s.cands, &st)
	}
	return st, err
}

// layoutFor is l when it compiles b's rules, else b's rules compiled
// now; it checks b can be read first.
func layoutFor(b *sudoku.Board, l *sudoku.Layout) (*sudoku.Layout, error) {
	if err := b.Unreadable(); err != nil {
		return nil, err
	}
	if l != nil && l.Rules == b.Rules {
		return l, nil
	}
	return b.Rules.Layout()
}

// PathBoard solves b, a board of any rules, by logic and returns its
// steps. It stops with ErrStuck (and the steps so far) when no technique
// here applies, or an error wrapping sudoku.ErrNoSolution when the
// position shows a contradiction.
func PathBoard(ctx context.Context, b *sudoku.Board) ([]BoardStep, error) {
	path, _, err := ExplainBoard(ctx, b, nil)
	return path, err
}

// ExplainBoard is PathBoard and RateBoard in one walk: b's steps and
// their rating, as RateBoard gives it (the rating so far, Diabolical,
// when it stops with an error). l is b's rules compiled by the caller
// (nil: compiled here).
func ExplainBoard(ctx context.Context, b *sudoku.Board, l *sudoku.Layout) ([]BoardStep, PuzzleRating, error) {
	l, err := layoutFor(b, l)
	if err != nil {
		return nil, PuzzleRating{}, err
	}
	if g, ok := geometryOf(l); ok {
		path, err := pathGeo(ctx, b, g, l, 0) // the classic engine (variants.go)
		return path, ratePathBoard(path, RatingVersion, err), err
	}
	path, err := pathAny(ctx, b, l, 0)
	return path, ratePathBoard(path, BoardRatingVersion, err), err
}

// pathAny is PathBoard by the engine for any rules on b of layout l,
// stopping with ErrTooHard at a step rated above limit (0: no limit).
func pathAny(ctx context.Context, b *sudoku.Board, l *sudoku.Layout, limit Rating) ([]BoardStep, error) {
	s, err := newBoardLogic(b, l)
	if err != nil {
		return nil, err
	}
	tally.Walks.Add(1)
	var path []BoardStep
	for !s.solved() {
		if why := s.dead(); why != "" {
			return path, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
		}
		st, err := s.next(ctx, limit)
		if err != nil {
			return path, err
		}
		s.apply(&st)
		path = append(path, st)
		if limit > 0 && st.Rating > limit {
			return path, ErrTooHard
		}
	}
	return path, nil
}

// RateBoard rates b, a board of any rules, on Sudoku Explainer's scale:
// ER is its hardest step, EP the hardest before the first placement, ED
// the first. It returns ErrStuck with the rating so far when the
// techniques here do not finish it.
func RateBoard(ctx context.Context, b *sudoku.Board) (PuzzleRating, error) {
	return RateBoardWithin(ctx, b, 0)
}

// RateBoardWithin is RateBoard stopping with ErrTooHard at the first step
// rated above limit (0: no limit): a generator looking for a level need
// not finish the puzzles too hard for it.
func RateBoardWithin(ctx context.Context, b *sudoku.Board, limit Rating) (PuzzleRating, error) {
	l, err := layoutFor(b, nil)
	if err != nil {
		return PuzzleRating{}, err
	}
	if g, ok := geometryOf(l); ok {
		return rateGeo(ctx, b, g, l, limit) // the classic engine (variants.go)
	}
	path, err := pathAny(ctx, b, l, limit)
	return ratePathBoard(path, BoardRatingVersion, err), err
}

// ratePathBoard is the rating of path, a walk that stopped with err, on
// the scale of version.
func ratePathBoard(path []BoardStep, version string, err error) PuzzleRating {
	r := PuzzleRating{Steps: len(path), Version: version}
	placed := false
	for i, st := range path {
		r.ER = max(r.ER, st.Rating)
		if !placed {
			r.EP = max(r.EP, st.Rating)
		}
		placed = placed || len(st.Placements) > 0
		if i == 0 {
			r.ED = st.Rating
		}
	}
	r.Level = LevelOf(r.ER)
	if err != nil {
		r.Level = Diabolical
	}
	return r
}

// ---- names

func (s *boardLogic) cellName(c int) string {
	return fmt.Sprintf("row %d, column %d", c/s.n+1, c%s.n+1)
}

func (s *boardLogic) unitName(u int) string {
	un := &s.l.Units[u]
	if un.Kind == sudoku.UnitCage {
		return fmt.Sprintf("the cage of %s", s.cellName(un.Cells[0]))
	}
	return un.String()
}

func (s *boardLogic) cellNames(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = s.cellName(c)
	}
	return joinNames(parts)
}

// eliminationText writes "remove 3 from row 1, column 2 and …", a clause
// per digit.
func (s *boardLogic) eliminationText(es []BoardCandidate) string {
	by := map[int][]int{}
	var ds []int
	for _, e := range es {
		if _, ok := by[e.Digit]; !ok {
			ds = append(ds, e.Digit)
		}
		by[e.Digit] = append(by[e.Digit], e.Cell)
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("remove %s from %s", sudoku.DigitString(d), s.cellNames(by[d]))
	}
	return strings.Join(parts, "; ")
}

// ---- singles

func (s *boardLogic) fullHouse() (BoardStep, bool) {
	for u := 0; u < s.l.Houses; u++ {
		empty, seen := -1, sudoku.Digits(0)
		count := 0
		for _, c := range s.l.Units[u].Cells {
			if s.cells[c] == 0 {
				empty = c
				count++
			} else {
				seen |= sudoku.DigitOf(int(s.cells[c]))
			}
		}
		if count != 1 {
			continue
		}
		d := (sudoku.AllDigits(s.n) &^ seen).Single()
		if d == 0 || !s.cands[empty].Has(d) {
			continue
		}
		return BoardStep{Technique: anyFullHouse, Rating: 10, Placements: []BoardCandidate{{empty, d}}, Cells: []int{empty}, Units: []int{u},
			Text: fmt.Sprintf("%s is %s: it is the last empty cell of %s", s.cellName(empty), sudoku.DigitString(d), s.unitName(u))}, true
	}
	return BoardStep{}, false
}

func (s *boardLogic) hiddenSingle() (BoardStep, bool) {
	for _, wantBox := range []bool{true, false} {
		for u := 0; u < s.l.Houses; u++ {
			k := s.l.Units[u].Kind
			if (k == sudoku.UnitBox || k == sudoku.UnitRegion) != wantBox {
				continue
			}
			// One pass: the digits with one place in the house, not placed.
			var once, twice, placed sudoku.Digits
			cells := s.l.Units[u].Cells
			for _, c := range cells {
				if v := s.cells[c]; v != 0 {
					placed |= sudoku.DigitOf(int(v))
					continue
				}
				twice |= once & s.cands[c]
				once |= s.cands[c]
			}
			if single := once &^ twice &^ placed; single != 0 {
				d := (single & -single).Single()
				place := -1
				for _, c := range cells {
					if s.cells[c] == 0 && s.cands[c].Has(d) {
						place = c
						break
					}
				}
				r := Rating(15)
				if wantBox {
					r = 12
				}
				return BoardStep{Technique: anyHiddenSingle, Rating: r, Placements: []BoardCandidate{{place, d}}, Cells: []int{place}, Units: []int{u},
					Text: fmt.Sprintf("%s is %s: it is the only place for %s in %s", s.cellName(place), sudoku.DigitString(d), sudoku.DigitString(d), s.unitName(u))}, true
			}
		}
	}
	return BoardStep{}, false
}

func (s *boardLogic) nakedSingle() (BoardStep, bool) {
	for c, m := range s.cands {
		if s.cells[c] == 0 && m.Count() == 1 {
			d := m.Single()
			return BoardStep{Technique: anyNakedSingle, Rating: 23, Placements: []BoardCandidate{{c, d}}, Cells: []int{c},
				Text: fmt.Sprintf("%s is %s: every other digit is ruled out there", s.cellName(c), sudoku.DigitString(d))}, true
		}
	}
	return BoardStep{}, false
}

// ---- killer

// innieOutie applies the rule of 45 to each house: the house's digits
// sum to 1+...+N, so the cells of the house outside the cages that lie
// wholly in it sum to what those cages leave (innies), and the cells of
// the cages sticking out of it, outside it, sum to what they bring over
// (outies). One such cell is placed; two or three innies are a cage of
// their own (their combinations restrict them).
func (s *boardLogic) innieOutie() (BoardStep, bool) {
	if len(s.l.Cages) == 0 {
		return BoardStep{}, false
	}
	if s.rule45 == nil {
		s.rule45 = regions45(s.l)
	}
	for i := range s.rule45 {
		h := &s.rule45[i]
		if !h.known {
			continue
		}
		key := len(s.l.Units) + 2*i
		if fp, same := s.unchanged(key, h.innies); !same {
			if st, ok := s.innieStep(h, h.total-h.insideSum); ok {
				return st, true
			}
			s.fruitless[key] = fp
		}
		if fp, same := s.unchanged(key+1, h.outside); !same {
			if st, ok := s.outieStep(h, h.total-h.insideSum); ok {
				return st, true
			}
			s.fruitless[key+1] = fp
		}
	}
	return BoardStep{}, false
}

// unchanged reports whether cells hold what they held when the look
// keyed key last found nothing there (a look that depends on those cells
// alone finds nothing again), and their fingerprint now.
func (s *boardLogic) unchanged(key int, cells []int) (uint64, bool) {
	h := fnvStart
	for _, c := range cells {
		h = fnvAdd(h, uint64(s.cands[c])|uint64(s.cells[c])<<40)
	}
	old, ok := s.fruitless[key]
	return h, ok && old == h
}

// fnvStart and fnvAdd make the 64-bit FNV-1a hash of a run of words:
// the fingerprints of unchanged and sightFrom.
const fnvStart = uint64(14695981039346656037)

func fnvAdd(h, w uint64) uint64 { return (h ^ w) * 1099511628211 }

// region45 is what the rule of 45 needs of a house, or of a group of
// adjacent rows or columns, fixed by the layout: the sum its digits
// total, the sum of the cages wholly inside it, the cells outside them
// (innies), and the cells outside it of the cages partly in it (outies)
// with those cages' sums.
type region45 struct {
	units      []int // the houses, indexes into Layout.Units
	total      int   // what the houses' digits sum to
	known      bool  // every cage wholly inside has a sum
	insideSum  int
	innies     []int
	outside    []int
	partialSum int // -1 when a partly inside cage has no sum
	// loose: an innie is in no cage, so the innies' sum is not the part
	// of the partly inside cages in the region (no outie step then).
	loose bool
}

// maxGroup45 is the most adjacent rows (or columns) the rule of 45 takes
// together.
const maxGroup45 = 3

// regions45 computes the rule of 45's view of every house, then of every
// group of 2 to maxGroup45 adjacent rows and of columns, once.
func regions45(l *sudoku.Layout) []region45 {
	var out []region45
	in := make([]int, l.NN) // region number + 1 being looked at
	total := l.N * (l.N + 1) / 2
	add := func(units []int) {
		h := region45{units: units, total: total * len(units), known: true}
		id := len(out) + 1
		var cells []int
		for _, u := range units {
			for _, c := range l.Units[u].Cells {
				in[c] = id
				cells = append(cells, c)
			}
		}
		h.scan(l, in, id, cells)
		out = append(out, h)
	}
	for u := 0; u < l.Houses; u++ {
		add([]int{u})
	}
	for k := 2; k <= maxGroup45 && k < l.N; k++ {
		for _, base := range []int{0, l.N} { // rows, then columns
			for i := 0; i+k <= l.N; i++ {
				units := make([]int, k)
				for j := range units {
					units[j] = base + i + j
				}
				add(units)
			}
		}
	}
	return out
}

// scan fills h from the cages of l; in[c] == id marks h's cells.
func (h *region45) scan(l *sudoku.Layout, in []int, id int, cells []int) {
	covered := map[int]bool{}
	for _, cu := range l.Cages {
		cage := &l.Units[cu]
		n := 0
		for _, c := range cage.Cells {
			if in[c] == id {
				n++
			}
		}
		switch {
		case n == 0:
		case n == len(cage.Cells):
			h.known = h.known && cage.Sum > 0
			h.insideSum += cage.Sum
			for _, c := range cage.Cells {
				covered[c] = true
			}
		default:
			if cage.Sum == 0 || h.partialSum < 0 {
				h.partialSum = -1
			} else {
				h.partialSum += cage.Sum
			}
			for _, c := range cage.Cells {
				if in[c] != id {
					h.outside = append(h.outside, c)
				}
			}
		}
	}
	for _, c := range cells {
		if !covered[c] {
			h.innies = append(h.innies, c)
			h.loose = h.loose || l.CageOf[c] < 0
		}
	}
}

// name45 names a region: "row 3", or "rows 1 to 3".
func (s *boardLogic) name45(h *region45) string {
	if len(h.units) == 1 {
		return s.unitName(h.units[0])
	}
	first, last := s.l.Units[h.units[0]], s.l.Units[h.units[len(h.units)-1]]
	kind := "rows"
	if first.Kind == sudoku.UnitColumn {
		kind = "columns"
	}
	return fmt.Sprintf("%s %d to %d", kind, first.Index+1, last.Index+1)
}

// rating45 is the rating of a rule of 45 step: base for one house; on a
// group of k houses, adding across houses is rated with pointing: 2.6
// for a lone innie or outie, 2.8 for innie combinations, plus 0.1 for
// each house past two.
func rating45(h *region45, base Rating) Rating {
	k := len(h.units)
	switch {
	case k == 1:
		return base
	case base == 15:
		return 26 + Rating(k-2)
	}
	return 28 + Rating(k-2)
}

// openCells splits cells into the empty ones and what the filled ones
// hold: their sum and digits.
func (s *boardLogic) openCells(cells []int) (open []int, filledSum int, filled sudoku.Digits) {
	for _, c := range cells {
		if v := s.cells[c]; v == 0 {
			open = append(open, c)
		} else {
			filledSum += int(v)
			filled |= sudoku.DigitOf(int(v))
		}
	}
	return open, filledSum, filled
}

// sumEliminations are the candidates of open that no set of distinct
// digits (none of filled) summing to sum can give them.
func (s *boardLogic) sumEliminations(open []int, sum int, filled sudoku.Digits) []BoardCandidate {
	allowed := s.allowedBySum(open, sum, filled)
	var es []BoardCandidate
	for i, c := range open {
		es = appendDigits(es, c, s.cands[c]&^allowed[i])
	}
	return es
}

// appendDigits appends a candidate of cell c for every digit of m.
func appendDigits(es []BoardCandidate, c int, m sudoku.Digits) []BoardCandidate {
	for ; m != 0; m &= m - 1 {
		es = append(es, BoardCandidate{c, bits.TrailingZeros32(uint32(m)) + 1})
	}
	return es
}

// innieStep places a lone innie, or restricts two or three innies to the
// digits of their combinations.
func (s *boardLogic) innieStep(h *region45, sum int) (BoardStep, bool) {
	open, filledSum, filled := s.openCells(h.innies)
	sum -= filledSum
	switch {
	case len(open) == 1:
		c := open[0]
		if sum < 1 || sum > s.n || !s.cands[c].Has(sum) {
			return BoardStep{}, false
		}
		return BoardStep{Technique: anyInnie, Rating: rating45(h, 15), Placements: []BoardCandidate{{c, sum}}, Cells: []int{c}, Units: h.units,
			Text: fmt.Sprintf("%s is %s: %s %s to %d, and the cages inside leave %d for this cell alone (rule of 45)",
				s.cellName(c), sudoku.DigitString(sum), s.name45(h), sumVerb(h), h.total, sum)}, true
	case (len(open) == 2 || len(open) == 3) && s.allPeers(open):
		// Innies that all see each other hold distinct digits; in a group
		// of houses they need not, and only a lone innie is placed. The
		// digits placed in a group's other houses may recur here.
		if len(h.units) > 1 {
			filled = 0
		}
		es := s.sumEliminations(open, sum, filled)
		if len(es) == 0 {
			return BoardStep{}, false
		}
		return BoardStep{Technique: anyInnieCombos, Rating: rating45(h, 20), Eliminations: es, Cells: open, Units: h.units,
			Text: fmt.Sprintf("%s sum to %d (rule of 45 on %s), so %s", s.cellNames(open), sum, s.name45(h), s.eliminationText(es))}, true
	}
	return BoardStep{}, false
}

// sumVerb is "sums" for one house, "sum" for several.
func sumVerb(h *region45) string {
	if len(h.units) == 1 {
		return "sums"
	}
	return "sum"
}

// allPeers reports whether the cells all see each other.
func (s *boardLogic) allPeers(cells []int) bool {
	for i, a := range cells {
		if !seesAll(s.l, a, cells[i+1:]) {
			return false
		}
	}
	return true
}

// outieStep places a lone outie: the cells of the partly inside cages
// that lie outside the region sum to those cages' sums minus what the
// region leaves them.
func (s *boardLogic) outieStep(h *region45, left int) (BoardStep, bool) {
	if len(h.outside) == 0 || h.partialSum < 0 || h.loose {
		return BoardStep{}, false
	}
	sum := h.partialSum - left
	var open []int
	for _, c := range h.outside {
		if s.cells[c] == 0 {
			open = append(open, c)
			if len(open) > 3 {
				return BoardStep{}, false
			}
		} else {
			sum -= int(s.cells[c])
		}
	}
	if len(open) > 1 {
		return s.outieCombos(h, open, sum)
	}
	if len(open) != 1 || sum < 1 || sum > s.n || !s.cands[open[0]].Has(sum) {
		return BoardStep{}, false
	}
	c := open[0]
	return BoardStep{Technique: anyOutie, Rating: rating45(h, 15), Placements: []BoardCandidate{{c, sum}}, Cells: []int{c}, Units: h.units,
		Text: fmt.Sprintf("%s is %s: the cages reaching out of %s hold %d more than it leaves them, and this is their one cell outside it (rule of 45)",
			s.cellName(c), sudoku.DigitString(sum), s.name45(h), sum)}, true
}

// outieCombos splits the cages reaching out of a region: their cells
// outside it make a cage of their own, whose sum the rule of 45 gives;
// when those cells all see each other, only the digits some combination
// of that sum allows stay.
func (s *boardLogic) outieCombos(h *region45, open []int, sum int) (BoardStep, bool) {
	if !s.allPeers(open) {
		return BoardStep{}, false
	}
	es := s.sumEliminations(open, sum, 0)
	if len(es) == 0 {
		return BoardStep{}, false
	}
	return BoardStep{Technique: anyOutieCombos, Rating: rating45(h, 20), Eliminations: es, Cells: open, Units: h.units,
		Text: fmt.Sprintf("the cages reaching out of %s leave %s, outside it, to sum to %d (rule of 45), so %s",
			s.name45(h), s.cellNames(open), sum, s.eliminationText(es))}, true
}

// allowedBySum returns, per cell of open, the digits it can hold when the
// cells of open hold distinct digits (none of placed) summing to sum.
func (s *boardLogic) allowedBySum(open []int, sum int, placed sudoku.Digits) []sudoku.Digits {
	allowed := make([]sudoku.Digits, len(open))
	var walk func(i, rest int, used sudoku.Digits, path []int)
	path := make([]int, len(open))
	walk = func(i, rest int, used sudoku.Digits, path []int) {
		if i == len(open) {
			if rest == 0 {
				for j, d := range path {
					allowed[j] |= sudoku.DigitOf(d)
				}
			}
			return
		}
		// The cells after this one need distinct digits: at least
		// 1+2+...+r, at most n+(n-1)+...+(n-r+1).
		r := len(open) - i - 1
		lo, hi := r*(r+1)/2, r*(2*s.n-r+1)/2
		for m := s.cands[open[i]] &^ used &^ placed; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(uint32(m)) + 1
			if rest-d < lo {
				break
			}
			if rest-d > hi {
				continue
			}
			path[i] = d
			walk(i+1, rest-d, used|sudoku.DigitOf(d), path)
		}
	}
	walk(0, sum, 0, path)
	return allowed
}

// cageCombos takes out of a cage's cells the digits no assignment of the
// cage's sum can put there (distinct digits, each a candidate of its
// cell).
func (s *boardLogic) cageCombos() (BoardStep, bool) {
	for _, cu := range s.l.Cages {
		cage := &s.l.Units[cu]
		if cage.Sum == 0 || len(cage.Cells) > 6 {
			continue
		}
		fp, same := s.unchanged(cu, cage.Cells)
		if same {
			continue
		}
		open, filledSum, filled := s.openCells(cage.Cells)
		if len(open) == 0 {
			continue
		}
		es := s.sumEliminations(open, cage.Sum-filledSum, filled)
		if len(es) == 0 {
			s.fruitless[cu] = fp
			continue
		}
		return BoardStep{Technique: anyCombos, Rating: 20, Eliminations: es, Cells: cage.Cells, Units: []int{cu},
			Text: fmt.Sprintf("the cage of %s sums to %d with %s, so %s", s.cellName(cage.Cells[0]), cage.Sum,
				words.Plural(len(cage.Cells), "one digit", fmt.Sprintf("%d different digits", len(cage.Cells))), s.eliminationText(es))}, true
	}
	return BoardStep{}, false
}

// ---- intersections and sight

// sight: the places left for a digit in a house (or for a digit every
// combination of a cage needs, in that cage) are all seen by some other
// cell, which then cannot hold it. When the places share a second unit
// this is pointing (from a box or region) or claiming (from a line);
// otherwise the cells see them by knight's or king's moves, or through
// several units.
func (s *boardLogic) sight() (BoardStep, bool) {
	for u := 0; u < s.l.Houses; u++ {
		k := anyClaiming
		if kd := s.l.Units[u].Kind; kd == sudoku.UnitBox || kd == sudoku.UnitRegion {
			k = anyPointing
		}
		for d := 1; d <= s.n; d++ {
			if st, ok := s.sightFrom(u, d, k); ok {
				return st, true
			}
		}
	}
	for _, cu := range s.l.Cages {
		for _, d := range s.requiredInCage(cu) {
			if st, ok := s.sightFrom(cu, d, anyCagePointing); ok {
				return st, true
			}
		}
	}
	return BoardStep{}, false
}

// requiredInCage returns the digits every combination of cage unit cu
// needs that are not yet placed in it.
func (s *boardLogic) requiredInCage(cu int) []int {
	cage := &s.l.Units[cu]
	if cage.Sum == 0 {
		return nil
	}
	open, filledSum, placed := s.openCells(cage.Cells)
	sum := cage.Sum - filledSum
	if len(open) < 2 || len(open) > 6 {
		return nil
	}
	need := sudoku.AllDigits(s.n)
	any := false
	for _, set := range digitSets(s.n, len(open), sum) {
		if set&placed != 0 {
			continue
		}
		// a set some assignment can place
		ok := true
		for m := set; m != 0; m &= m - 1 {
			d := sudoku.DigitOf(bits.TrailingZeros32(uint32(m)) + 1)
			has := false
			for _, c := range open {
				if s.cands[c]&d != 0 {
					has = true
					break
				}
			}
			ok = ok && has
		}
		if ok {
			need &= set
			any = true
		}
	}
	if !any {
		return nil
	}
	var out []int
	for m := need; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros32(uint32(m))+1)
	}
	return out
}

func (s *boardLogic) sightFrom(u, d int, kind string) (BoardStep, bool) {
	bit := sudoku.DigitOf(d)
	var buf [32]int
	places := buf[:0]
	for _, c := range s.l.Units[u].Cells {
		if s.cells[c] == uint8(d) {
			return BoardStep{}, false
		}
		if s.cands[c]&bit != 0 {
			if len(places) == len(buf) {
				return BoardStep{}, false // too many places to be seen by one cell
			}
			places = append(places, c)
		}
	}
	if len(places) < 2 {
		return BoardStep{}, false
	}
	// Candidates only go: with the same places, the cells seeing them
	// all are the same, and hold d no more than when last looked at.
	key := 1<<24 + u*64 + d
	fp := fnvStart
	for _, c := range places {
		fp = fnvAdd(fp, uint64(c))
	}
	if old, ok := s.fruitless[key]; ok && old == fp {
		return BoardStep{}, false
	}
	s.markCells(s.l.Units[u].Cells)
	// cells seeing every place: the peers of the first place, filtered
	var es []BoardCandidate
	for _, c := range s.l.Peers[places[0]] {
		if s.marked(c) || s.cands[c]&bit == 0 {
			continue
		}
		if seesAll(s.l, c, places[1:]) {
			es = append(es, BoardCandidate{c, d})
		}
	}
	if len(es) == 0 {
		s.fruitless[key] = fp
		return BoardStep{}, false
	}
	shared := -1
	for _, w := range s.l.UnitsOf[places[0]] {
		if w != u && unitHasAll(s.l, w, places) && allIn(s.l, w, es) {
			shared = w
			break
		}
	}
	places = append([]int(nil), places...)
	st := BoardStep{Rating: 26, Eliminations: es, Cells: places, Units: []int{u}}
	ds := sudoku.DigitString(d)
	switch {
	case kind == anyCagePointing:
		st.Technique, st.Rating = kind, 27
		st.Text = fmt.Sprintf("every combination of %s needs %s, and its places there (%s) all see %s: %s",
			s.unitName(u), aOrAn(ds), s.cellNames(places), s.cellNames(cellsOf(es)), s.eliminationText(es))
	case shared >= 0:
		st.Technique = kind
		if kind == anyClaiming {
			st.Rating = 28
		}
		st.Units = append(st.Units, shared)
		st.Text = fmt.Sprintf("in %s, %s can only go where %s crosses it, so %s", s.unitName(u), ds, s.unitName(shared), s.eliminationText(es))
	default:
		st.Technique, st.Rating = anySight, 27
		st.Text = fmt.Sprintf("in %s, %s can only go in %s, and %s see all of them: %s",
			s.unitName(u), ds, s.cellNames(places), s.cellNames(cellsOf(es)), s.eliminationText(es))
	}
	return st, true
}

func seesAll(l *sudoku.Layout, c int, cells []int) bool {
	for _, x := range cells {
		if !isPeer(l, c, x) {
			return false
		}
	}
	return true
}

// isPeer reports whether a and b must differ (Peers are sorted).
func isPeer(l *sudoku.Layout, a, b int) bool {
	ps := l.Peers[a]
	lo, hi := 0, len(ps)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case ps[m] == b:
			return true
		case ps[m] < b:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}

func unitHasAll(l *sudoku.Layout, u int, cells []int) bool {
	for _, c := range cells {
		found := false
		for _, w := range l.UnitsOf[c] {
			if w == u {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func allIn(l *sudoku.Layout, u int, es []BoardCandidate) bool { return unitHasAll(l, u, cellsOf(es)) }

func cellsOf(es []BoardCandidate) []int {
	var out []int
	seen := map[int]bool{}
	for _, e := range es {
		if !seen[e.Cell] {
			seen[e.Cell] = true
			out = append(out, e.Cell)
		}
	}
	return out
}

// ---- subsets

var nakedNames = map[int]struct {
	name   string
	rating Rating
}{2: {"Naked pair", 30}, 3: {"Naked triple", 36}, 4: {"Naked quad", 50}}

var hiddenNames = map[int]struct {
	name   string
	rating Rating
}{2: {"Hidden pair", 34}, 3: {"Hidden triple", 40}, 4: {"Hidden quad", 54}}

// nakedSubset finds k cells of a unit (any unit: its digits differ)
// whose candidates are k digits in all: those digits leave the unit's
// other cells.
func (s *boardLogic) nakedSubset(k int) (BoardStep, bool) {
	for u := range s.l.Units {
		open, _, _ := s.openCells(s.l.Units[u].Cells)
		if len(open) <= k {
			continue
		}
		var found BoardStep
		ok := false
		combinations(len(open), k, func(idx []int) bool {
			var union sudoku.Digits
			for _, i := range idx {
				union |= s.cands[open[i]]
			}
			if union.Count() != k {
				return true
			}
			sub := map[int]bool{}
			var cells []int
			for _, i := range idx {
				sub[open[i]] = true
				cells = append(cells, open[i])
			}
			var es []BoardCandidate
			for _, c := range open {
				if sub[c] {
					continue
				}
				es = appendDigits(es, c, s.cands[c]&union)
			}
			if len(es) == 0 {
				return true
			}
			nm := nakedNames[k]
			found = BoardStep{Technique: nm.name, Rating: nm.rating, Eliminations: es, Cells: cells, Units: []int{u},
				Text: fmt.Sprintf("%s hold only %s between them in %s, so those digits go nowhere else there: %s",
					s.cellNames(cells), union.Join(","), s.unitName(u), s.eliminationText(es))}
			ok = true
			return false
		})
		if ok {
			return found, true
		}
	}
	return BoardStep{}, false
}

// hiddenSubset finds k digits whose places in a house are k cells in all:
// those cells hold nothing else.
func (s *boardLogic) hiddenSubset(k int) (BoardStep, bool) {
	for u := 0; u < s.l.Houses; u++ {
		cells := s.l.Units[u].Cells
		var digits []int
		var placesOf [33]uint64 // bit i: the i-th cell of the house
		for d := 1; d <= s.n; d++ {
			bit := sudoku.DigitOf(d)
			var m uint64
			placed := false
			for i, c := range cells {
				if s.cells[c] == uint8(d) {
					placed = true
				}
				if s.cands[c]&bit != 0 {
					m |= 1 << i
				}
			}
			if !placed && m != 0 {
				digits = append(digits, d)
				placesOf[d] = m
			}
		}
		if len(digits) <= k {
			continue
		}
		var found BoardStep
		ok := false
		combinations(len(digits), k, func(idx []int) bool {
			var where uint64
			var set sudoku.Digits
			for _, i := range idx {
				where |= placesOf[digits[i]]
				set |= sudoku.DigitOf(digits[i])
			}
			if bits.OnesCount64(where) != k {
				return true
			}
			var es []BoardCandidate
			var sub []int
			for i, c := range cells {
				if where&(1<<i) == 0 {
					continue
				}
				sub = append(sub, c)
				es = appendDigits(es, c, s.cands[c]&^set)
			}
			if len(es) == 0 {
				return true
			}
			nm := hiddenNames[k]
			found = BoardStep{Technique: nm.name, Rating: nm.rating, Eliminations: es, Cells: sub, Units: []int{u},
				Text: fmt.Sprintf("in %s, %s can only go in %s, so those cells hold nothing else: %s",
					s.unitName(u), set.Join(","), s.cellNames(sub), s.eliminationText(es))}
			ok = true
			return false
		})
		if ok {
			return found, true
		}
	}
	return BoardStep{}, false
}

// combinations calls f with each k-subset of 0..n-1 (as indexes, in
// order) until f returns false.
func combinations(n, k int, f func(idx []int) bool) {
	idx := make([]int, k)
	var walk func(i, from int) bool
	walk = func(i, from int) bool {
		if i == k {
			return f(idx)
		}
		for j := from; j <= n-(k-i); j++ {
			idx[i] = j
			if !walk(i+1, j+1) {
				return false
			}
		}
		return true
	}
	walk(0, 0)
}
