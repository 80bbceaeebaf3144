package logic

import (
	"context"
	"fmt"
	"sync"

	"sudoku"
)

// Boards of variants solved by the classic engine: 9x9 boards with 3x3
// boxes whose rules add houses (the X diagonals, windoku windows,
// disjoint groups) or peers (anti-knight, anti-king), killer cages
// (cages.go) and constraints (constraints.go), alone or with any of the
// region rules below (uniqueness techniques and nested forcing chains
// off with cages or constraints). Every technique of
// the solving order runs on them, with houses and peers from
// the board's geometry, and their ratings are on Sukaku Explainer's scale
// as its flags --isX, --isWindows, --isDG, --isAntiKnight and
// --isAntiKing give them: Sukaku Explainer then swaps pointing and
// claiming for generalized intersections (2.9) and naked subsets for
// generalized ones (eliminating from every cell that sees the set's
// cells), and counts a windoku's five implied groups of nine cells as
// houses. Uniqueness techniques stay: a loop must visit every house it
// meets (diagonals, windows, groups included) with cells of both parities,
// so swapping its digits keeps every house right; under anti-knight and
// anti-king a loop (or a grave) with a cell a move away holding one of its
// digits is not trusted.
//
// The engine also takes 9x9 jigsaw regions, extra regions of nine cells
// (no cell in two) and odd/even cells, alone or with the rules above (not
// disjoint groups with regions; geometry_regions.go). Their ratings are
// our own on Sukaku Explainer's scale, which does not rate them: the same
// techniques and ratings as the variants above, read through the
// geometry. Odd/even cells only remove candidates when the board is set
// up (on 3x3 boxes alone they keep the classic order: pointing, claiming).
// Regions are boxes to every technique, and each is general over any
// region or skipped where it needs a 3x3 box: general are generalized
// intersections, direct pointing and claiming (by region types, as with
// windows), pointing and claiming by code, finned fish (fins in one
// region, eliminations in it), two-strong-link box links, chains'
// grouped nodes (a line's cells in a region), ALS, colouring, wings and
// forcing chains (their houses and peers come from the geometry); skipped
// on a region that is not a 3x3 box, and on extra regions, are the empty
// rectangle's cross and the grouped link of places in two of a house's
// segments. Unique rectangles and loops need each region and extra region
// they meet to hold one cell of each parity of the loop (ulValid reads
// every house), so the swap keeps every house right; a rectangle over
// three regions is not trusted. BUG counts every house; the swap of its
// cells keeps the houses, and parity too (both digits are candidates).

var (
	geoMu    sync.Mutex
	geoCache = map[geoRules]*geometry{}
)

// geometryOf returns the geometry of the rules l compiles, or false when
// the classic engine does not take them.
func geometryOf(l *sudoku.Layout) (*geometry, bool) {
	r := l.Rules
	key, ok := geoRulesOf(r)
	if !ok {
		return nil, false
	}
	if len(r.Cages) == 0 && len(r.Constraints) == 0 {
		return cachedGeometry(key), true
	}
	g := cachedGeometry(key)
	if len(r.Cages) > 0 {
		g = withCages(g, r.Cages) // one per board, not cached (cages.go)
	}
	g, err := withRules(g, r, l) // constraints.go
	if err != nil {
		return nil, false
	}
	return g, true
}

// cachedGeometry returns the geometry of key's rules without cages, built
// once.
func cachedGeometry(key geoRules) *geometry {
	if key == (geoRules{}) {
		return classicGeo
	}
	geoMu.Lock()
	defer geoMu.Unlock()
	g, ok := geoCache[key]
	if !ok {
		g = newGeometry(key)
		geoCache[key] = g
	}
	return g
}

// geoBoard returns the position of board b (of layout l) under geometry g: its digits,
// and its marks when it has some. It checks b against its rules first.
func geoBoard(b *sudoku.Board, g *geometry, l *sudoku.Layout) (Board, *sudoku.Layout, error) {
	if err := b.ValidateIn(l); err != nil {
		return Board{}, nil, err
	}
	var grid sudoku.Grid
	copy(grid[:], b.Cells)
	bd := newBoardIn(g, grid)
	parityBoard(&bd, b.Rules.Parity)
	if b.Marks != nil {
		for c := range sudoku.Cell(81) {
			if grid[c] != 0 {
				continue
			}
			for _, d := range bd.Cands[c].Digits() {
				if b.Marks[c]&sudoku.DigitOf(d) == 0 {
					bd.Eliminate(c, d)
				}
			}
		}
	}
	return bd, l, nil
}

// boardStep converts a step of the classic engine to a BoardStep of
// layout l: the houses become l's units (the implied windows, which l
// does not list, are left out), and on jigsaw boards the words say
// "region 4" where the engine says "box 4".
func boardStep(s *Step, l *sudoku.Layout) BoardStep {
	st := BoardStep{Technique: s.Technique.Name, Rating: s.Rating, Text: s.Explain()}
	if l.Rules.Regions != nil {
		// the classic engine takes jigsaw regions as its boxes
		st.Text = wordsBox.ReplaceAllString(st.Text, "region $1")
	}
	for _, p := range s.Placements {
		st.Placements = append(st.Placements, BoardCandidate{Cell: int(p.Cell), Digit: p.Digit})
	}
	for _, e := range s.Eliminations {
		st.Eliminations = append(st.Eliminations, BoardCandidate{Cell: int(e.Cell), Digit: e.Digit})
	}
	for _, c := range s.Cells {
		st.Cells = append(st.Cells, int(c))
	}
	for _, k := range s.Links {
		st.Links = append(st.Links, BoardLink{From: BoardCandidate{int(k.From.Cell), k.From.Digit}, To: BoardCandidate{int(k.To.Cell), k.To.Digit}, Strong: k.Strong, Via: k.Via})
	}
	for _, h := range s.Houses {
		if u := unitOf(l, h); u >= 0 {
			st.Units = append(st.Units, u)
		}
	}
	return st
}

// unitOf returns the index in l.Units of house h, -1 if l has none.
func unitOf(l *sudoku.Layout, h sudoku.House) int {
	kind, index := sudoku.UnitRow, int(h)
	switch t := houseTypeOf(h); t {
	case typeCol:
		kind, index = sudoku.UnitColumn, int(h)-9
	case typeBox:
		kind, index = sudoku.UnitBox, int(h)-18
	case typeDiagDown, typeDiagUp:
		kind, index = sudoku.UnitDiagonal, t-typeDiagDown
	case typeWindow:
		kind, index = sudoku.UnitWindow, int(h-houseWindow)
	case typeDisjoint:
		kind, index = sudoku.UnitDisjoint, int(h-houseDisjoint)
	case typeExtra:
		kind, index = sudoku.UnitExtra, int(h-houseExtra)
	}
	if kind == sudoku.UnitBox && l.Rules.Regions != nil {
		kind = sudoku.UnitRegion
	}
	for i := range l.Units[:l.Houses] {
		if u := &l.Units[i]; u.Kind == kind && u.Index == index {
			return i
		}
	}
	return -1
}

// nextGeo is NextBoard for boards the classic engine takes.
func nextGeo(ctx context.Context, b *sudoku.Board, g *geometry, l *sudoku.Layout) (BoardStep, error) {
	bd, l, err := geoBoard(b, g, l)
	if err != nil {
		return BoardStep{}, err
	}
	if why := bd.Contradiction(); why != "" {
		return BoardStep{}, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
	}
	s, err := NextContext(ctx, &bd)
	if err != nil {
		return BoardStep{}, err
	}
	st := boardStep(&s, l)
	for _, c := range s.Pattern(&bd) {
		st.Pattern = append(st.Pattern, BoardCandidate{int(c.Cell), c.Digit})
	}
	return st, nil
}

// pathGeo is pathBoard for boards the classic engine takes.
func pathGeo(ctx context.Context, b *sudoku.Board, g *geometry, l *sudoku.Layout, limit Rating) ([]BoardStep, error) {
	bd, l, err := geoBoard(b, g, l)
	if err != nil {
		return nil, err
	}
	if why := bd.Contradiction(); why != "" {
		return nil, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
	}
	var path []BoardStep
	err = walkBoard(ctx, &bd, true, limit, func(s *Step, _ Rating, _ bool) { path = append(path, boardStep(s, l)) })
	return path, err
}

// rateGeo is RateBoardWithin for boards the classic engine takes: the
// rating on Sukaku Explainer's scale (RatingVersion).
func rateGeo(ctx context.Context, b *sudoku.Board, g *geometry, l *sudoku.Layout, limit Rating) (PuzzleRating, error) {
	r := PuzzleRating{Version: RatingVersion}
	bd, _, err := geoBoard(b, g, l)
	if err != nil {
		return r, err
	}
	if why := bd.Contradiction(); why != "" {
		return r, fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
	}
	placed := false
	err = walkBoard(ctx, &bd, false, limit, func(_ *Step, sr Rating, pl bool) {
		r.add(sr, placed)
		placed = placed || pl
	})
	r.Level = LevelOf(r.ER)
	if err != nil {
		r.Level = Diabolical
	}
	return r, err
}
