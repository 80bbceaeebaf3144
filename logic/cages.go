package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"sudoku"
)

// Killer cages on the classic engine: 9x9 boards with 3x3 boxes whose
// rules add cages (each a set of cells whose digits differ, most with a
// sum), alone or with the X, windoku, disjoint-groups, anti-knight or
// anti-king rules. The cells of a cage are peers of each other (the
// geometry lists them with the moves: geometry.moves, so candidates,
// chains and every "sees" of the techniques know them), and the killer
// techniques are stages of the solving order:
//
//   - Rule of 45 (RuleOf45, 1.5): a house's digits sum to 45; take away
//     the cages wholly inside it and one cell left (an innie), or one cell
//     outside it of the cages reaching out (an outie), takes what is left.
//   - Cage combinations (CageCombination, 2.0): a cage's digits differ and
//     make its sum: each cell keeps the digits of the assignments its
//     candidates allow; two or three innies
//     or outies of a house that see each other are such a cage too; a
//     digit every combination of a cage needs, with one place left in
//     it, goes there (a 9-cell cage is a house: its hidden singles).
//   - Rule of 45 on 2 or 3 adjacent rows or columns (RuleOf45Group): a
//     lone innie or outie 2.6 on two lines, 2.7 on three.
//   - Cage pointing (CagePointing, 2.7): a digit every combination of a
//     cage needs leaves the cells outside the cage that see all its places
//     in the cage.
//   - Rule of 45 combinations on 2 or 3 lines (RuleOf45GroupCombination):
//     2.8 and 2.9.
//   - Cage claiming (CageClaiming, 2.8): a digit whose places in a house
//     all lie in one cage is in the cage, so only the cage's combinations
//     with it are left.
//   - The same on 4 to 8 adjacent rows or columns, as killer solvers
//     count the innies and outies of a band of lines (RuleOf45Lines, a
//     lone cell 2.8 on four lines up to 3.2 on eight; and
//     RuleOf45LinesCombination, 3.0 up to 3.4), after the generalized
//     intersection and the naked pair.
//
// The ratings are our own (Sukaku Explainer does not rate killers), the
// relative scale of the techniques for any rules (anyrules.go) placed on
// Sukaku Explainer's: a lone innie is found like a hidden single in a
// line (1.5), a cage's combinations are read off a table like a direct
// technique (2.0), and the rule of 45 across lines and cage pointing sit
// with the intersections (2.6-2.9). The other techniques run as on the
// boards of variants (geometry.variant: generalized intersections and
// subsets, every "sees" through cages too), except the uniqueness
// techniques (unique rectangles and loops, BUG): a swap of two digits
// changes a cage's sum unless both cells of each swapped pair lie in the
// same cage, so they do not run on boards with cages.

// killerGeo is what a geometry knows of a killer board's cages.
type killerGeo struct {
	cages  []killerCage
	cageOf [81]int8 // index into cages, -1 for a cell in none
	// areas are the rule of 45's regions: every house, then the groups of
	// 2 and 3 adjacent rows, then of columns.
	areas []area45
	// fruitless holds, per cage and then per area, the state of the cells
	// its combinations look at when they last found nothing there: the
	// same state finds nothing again, so the look is skipped until one of
	// those cells changes (BenchmarkRateKiller: 27.7 million instructions
	// a rating before, 14.4 with it). The killer geometry is built per
	// board rated (geometryOf), so only one walk and its boards use it.
	fruitless [][]uint16
}

// same reports whether the cells of look i are as they were when it last
// found nothing.
func (k *killerGeo) same(i int, b *Board, cells ...[]sudoku.Cell) bool {
	if i >= len(k.fruitless) || k.fruitless[i] == nil {
		return false
	}
	st, j := k.fruitless[i], 0
	for _, cs := range cells {
		for _, c := range cs {
			if j == len(st) || st[j] != cellState(b, c) {
				return false
			}
			j++
		}
	}
	return j == len(st)
}

// note records the state of the cells of look i, which found nothing.
func (k *killerGeo) note(i int, b *Board, cells ...[]sudoku.Cell) {
	if len(k.fruitless) == 0 {
		k.fruitless = make([][]uint16, len(k.cages)+len(k.areas))
	}
	st := k.fruitless[i][:0]
	for _, cs := range cells {
		for _, c := range cs {
			st = append(st, cellState(b, c))
		}
	}
	k.fruitless[i] = st
}

// cellState packs a cell's candidates and digit.
func cellState(b *Board, c sudoku.Cell) uint16 { return uint16(b.Cands[c]) | uint16(b.Grid[c])<<9 }

// killerCage is a cage: its cells in order, as a set, and its sum (0 for
// none).
type killerCage struct {
	cells []sudoku.Cell
	set   CellSet
	sum   int
}

// area45 is what the rule of 45 needs of a house or a group of adjacent
// rows or columns, fixed by the cages: the sum of the cages wholly inside,
// the cells outside them (innies), and the cells outside the area of the
// cages partly in it (outies), with those cages' sums.
type area45 struct {
	houses     []sudoku.House
	total      int  // what the houses' digits sum to
	known      bool // every cage wholly inside has a sum
	insideSum  int
	innies     []sudoku.Cell
	outside    []sudoku.Cell
	partialSum int // -1 when a partly inside cage has no sum
	// loose: an innie is in no cage, so the innies' sum is not the part
	// of the partly inside cages in the area (no outie step then).
	loose bool
}

// withCages returns base, a geometry without cages, with the cages added:
// a copy whose cells with cage mates outside their houses have those as
// moves (and so as peers, in the chains' and the visible cells' orders)
// in fresh slices, the others sharing base's. It is what newGeometry
// builds with the cages, a few times faster (a killer's geometry is built
// per board rated).
func withCages(base *geometry, cages []sudoku.Cage) *geometry {
	g := new(geometry)
	*g = *base
	g.variant = true
	g.addCages(cages)
	for c := range sudoku.Cell(81) {
		if len(g.cageMates(c, nil)) == 0 {
			continue
		}
		g.moves[c] = g.cageMates(c, g.moveCells(c))
		for _, p := range g.moves[c] {
			g.movePeers[c] = g.movePeers[c].Add(p)
		}
		g.peers[c] = g.peers[c].Or(g.movePeers[c]).Remove(c)
		g.chHouses[c], g.chPeers[c], g.visOrder[c] = nil, nil, nil
		g.chainOrder(c)
		g.visibleOrder(c)
	}
	return g
}

// addCages gives g the cages, and the rule of 45's areas; nothing without
// cages. The houses must be added first.
func (g *geometry) addCages(cages []sudoku.Cage) {
	if len(cages) == 0 {
		return
	}
	k := &killerGeo{}
	for c := range k.cageOf {
		k.cageOf[c] = -1
	}
	for i, cg := range cages {
		kc := killerCage{sum: cg.Sum}
		for _, c := range cg.Cells {
			kc.cells = append(kc.cells, sudoku.Cell(c))
			kc.set = kc.set.Add(sudoku.Cell(c))
			k.cageOf[c] = int8(i)
		}
		slices.Sort(kc.cells)
		k.cages = append(k.cages, kc)
	}
	k.addAreas(g)
	g.killer = k
}

// addAreas fills k.areas from g's houses.
func (k *killerGeo) addAreas(g *geometry) {
	for h := range sudoku.House(maxHouses) {
		if !g.sets[h].Empty() {
			k.areas = append(k.areas, k.area([]sudoku.House{h}, g.sets[h]))
		}
	}
	for n := 2; n <= 8; n++ {
		for _, base := range []sudoku.House{0, 9} {
			for i := sudoku.House(0); int(i)+n <= 9; i++ {
				var hs []sudoku.House
				var set CellSet
				for j := range sudoku.House(n) {
					hs = append(hs, base+i+j)
					set = set.Or(g.sets[base+i+j])
				}
				k.areas = append(k.areas, k.area(hs, set))
			}
		}
	}
}

// area computes the rule of 45's view of the houses hs, whose cells are
// set.
func (k *killerGeo) area(hs []sudoku.House, set CellSet) area45 {
	a := area45{houses: hs, total: 45 * len(hs), known: true}
	var covered CellSet
	for _, cg := range k.cages {
		switch n := cg.set.And(set).Count(); {
		case n == 0:
		case n == len(cg.cells):
			a.known = a.known && cg.sum > 0
			a.insideSum += cg.sum
			covered = covered.Or(cg.set)
		default:
			if cg.sum == 0 || a.partialSum < 0 {
				a.partialSum = -1
			} else {
				a.partialSum += cg.sum
			}
			a.outside = append(a.outside, cg.set.AndNot(set).Cells(nil)...)
		}
	}
	a.innies = set.AndNot(covered).Cells(nil)
	for _, c := range a.innies {
		a.loose = a.loose || k.cageOf[c] < 0
	}
	return a
}

// cageMates appends to moves the cells of c's cage that share no house
// with c and are not in moves yet: the peers a cage adds.
func (g *geometry) cageMates(c sudoku.Cell, moves []sudoku.Cell) []sudoku.Cell {
	for _, p := range g.cageSet(c).Remove(c).Cells(nil) {
		if g.houseMask[c]&g.houseMask[p] == 0 && !slices.Contains(moves, p) {
			moves = append(moves, p)
		}
	}
	return moves
}

// cageSet returns the cells of c's cage, none without one.
func (g *geometry) cageSet(c sudoku.Cell) CellSet {
	if g.killer == nil || g.killer.cageOf[c] < 0 {
		return CellSet{}
	}
	return g.killer.cages[g.killer.cageOf[c]].set
}

// unlessKiller runs f unless b has cages or constraints: for the
// uniqueness techniques, unsound there (a swap of two digits changes a
// cage's sum, and keeps a constraint only by chance), and for nested
// forcing chains, which searched for minutes on killers they could not
// solve before the chains read cage sums (2 of 12 generated killers with
// cages of 2 cells and up took over 30 s each, and 3 of the 120 fixture
// killers about 110 s).
func unlessKiller(f finder) finder {
	return func(b *Board) (Step, bool) {
		if b.geo.killer != nil || b.geo.hasConstraints() {
			return Step{}, false
		}
		return f(b)
	}
}

func init() {
	register("RuleOf45", killerStage(func(b *Board, k *killerGeo) (Step, bool) { return k.eachArea(b, 1, 1, (*Board).lone45) }))
	register("CageCombination", killerStage(func(b *Board, k *killerGeo) (Step, bool) {
		if s, ok := k.cageCombos(b); ok {
			return s, true
		}
		if s, ok := k.areaCombos(b, 1, 1); ok {
			return s, true
		}
		return k.cageSingles(b)
	}))
	register("RuleOf45Group", killerStage(func(b *Board, k *killerGeo) (Step, bool) { return k.eachArea(b, 2, 3, (*Board).lone45) }))
	register("CagePointing", killerStage(func(b *Board, k *killerGeo) (Step, bool) { return k.cagePointing(b) }))
	register("RuleOf45GroupCombination", killerStage(func(b *Board, k *killerGeo) (Step, bool) {
		return k.areaCombos(b, 2, 3)
	}))
	register("CageClaiming", killerStage(func(b *Board, k *killerGeo) (Step, bool) { return k.cageClaiming(b) }))
	register("RuleOf45Lines", killerStage(func(b *Board, k *killerGeo) (Step, bool) { return k.eachArea(b, 4, 8, (*Board).lone45) }))
	register("RuleOf45LinesCombination", killerStage(func(b *Board, k *killerGeo) (Step, bool) {
		return k.areaCombos(b, 4, 8)
	}))
}

// killerStage makes f a finder that runs on boards with cages only.
func killerStage(f func(b *Board, k *killerGeo) (Step, bool)) finder {
	return func(b *Board) (Step, bool) {
		if b.geo.killer == nil {
			return Step{}, false
		}
		return f(b, b.geo.killer)
	}
}

// eachArea returns f's first step on the areas of lo to hi houses, those
// of lo houses first.
func (k *killerGeo) eachArea(b *Board, lo, hi int, f func(b *Board, a *area45) (Step, bool)) (Step, bool) {
	for n := lo; n <= hi; n++ {
		for i := range k.areas {
			if a := &k.areas[i]; a.known && len(a.houses) == n {
				if s, ok := f(b, a); ok {
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// areaCombos is eachArea for combos45, skipping the areas whose innies
// and outies are as they were when it last found nothing there.
func (k *killerGeo) areaCombos(b *Board, lo, hi int) (Step, bool) {
	for n := lo; n <= hi; n++ {
		for i := range k.areas {
			a := &k.areas[i]
			if !a.known || len(a.houses) != n || k.same(len(k.cages)+i, b, a.innies, a.outside) {
				continue
			}
			if s, ok := b.combos45(a); ok {
				return s, true
			}
			k.note(len(k.cages)+i, b, a.innies, a.outside)
		}
	}
	return Step{}, false
}

// openCells splits cells into the empty ones (appended to buf) and what
// the filled ones hold: their sum and digits.
func (b *Board) openCells(cells, buf []sudoku.Cell) (open []sudoku.Cell, filledSum int, filled sudoku.Candidates) {
	open = buf
	for _, c := range cells {
		if v := b.Grid[c]; v == 0 {
			open = append(open, c)
		} else {
			filledSum += int(v)
			filled = filled.Add(int(v))
		}
	}
	return open, filledSum, filled
}

// innieSum is what the innies of a sum to; outieSum what the outies do,
// false when the rule of 45 gives no outie sum.
func (a *area45) innieSum() int { return a.total - a.insideSum }

func (a *area45) outieSum() (int, bool) {
	if len(a.outside) == 0 || a.partialSum < 0 || a.loose {
		return 0, false
	}
	return a.partialSum - a.innieSum(), true
}

// rating45 is the rating of a rule of 45 step on a: base on one house; on
// 2 or 3 lines, 2.6 or 2.7 for a lone cell, 2.8 or 2.9 for combinations.
func (a *area45) rating(lone bool) Rating {
	k := Rating(len(a.houses))
	switch {
	case k == 1 && lone:
		return 15
	case k == 1:
		return 20
	case lone:
		return 24 + k
	}
	return 26 + k
}

// name45 names an area: "row 3", "rows 1 to 3".
func (a *area45) name() string {
	if len(a.houses) == 1 {
		return houseName(a.houses[0])
	}
	kind, first := "rows", int(a.houses[0])
	if first >= 9 {
		kind, first = "columns", first-9
	}
	return fmt.Sprintf("%s %d to %d", kind, first+1, first+len(a.houses))
}

// lone45 places a lone innie or outie of a.
func (b *Board) lone45(a *area45) (Step, bool) {
	var buf [81]sudoku.Cell
	open, filledSum, _ := b.openCells(a.innies, buf[:0])
	if len(open) == 1 {
		return b.lone45Step(a, open[0], a.innieSum()-filledSum, techInnie)
	}
	sum, ok := a.outieSum()
	if !ok {
		return Step{}, false
	}
	open, filledSum, _ = b.openCells(a.outside, buf[:0])
	if len(open) == 1 {
		return b.lone45Step(a, open[0], sum-filledSum, techOutie)
	}
	return Step{}, false
}

var (
	techInnie = Technique{Name: "Rule of 45 (innie)", explain: func(s *Step) string {
		p := s.Placements[0]
		return fmt.Sprintf("%v = %d: %s %s to %d, and the cages wholly inside leave %d for this cell alone (rule of 45)",
			p.Cell, p.Digit, areaName(s.Houses), sumVerb45(s.Houses), 45*len(s.Houses), p.Digit)
	}}
	techOutie = Technique{Name: "Rule of 45 (outie)", explain: func(s *Step) string {
		p := s.Placements[0]
		return fmt.Sprintf("%v = %d: the cages reaching out of %s hold %d more than it leaves them, and this is their one cell outside it (rule of 45)",
			p.Cell, p.Digit, areaName(s.Houses), p.Digit)
	}}
)

// areaName names the houses of a rule of 45 step.
func areaName(hs []sudoku.House) string { a := area45{houses: hs}; return a.name() }

func sumVerb45(hs []sudoku.House) string {
	if len(hs) == 1 {
		return "sums"
	}
	return "sum"
}

// lone45Step places d in c, when it is a candidate.
func (b *Board) lone45Step(a *area45, c sudoku.Cell, d int, t Technique) (Step, bool) {
	if d < 1 || d > 9 || !b.Cands[c].Has(d) {
		return Step{}, false
	}
	return Step{Technique: t, Rating: a.rating(true), Placements: []Candidate{{c, d}}, Cells: []sudoku.Cell{c},
		Houses: a.houses, Digits: []int{d}}, true
}

// combos45 restricts two or more innies (or outies) of a that see each
// other to the digits of their sum's combinations.
func (b *Board) combos45(a *area45) (Step, bool) {
	var buf [81]sudoku.Cell
	open, filledSum, filled := b.openCells(a.innies, buf[:0])
	if len(a.houses) > 1 {
		filled = 0 // the digits placed in a group's other lines may recur
	}
	if s, ok := b.combosStep(a, open, a.innieSum()-filledSum, filled, "the innies"); ok {
		return s, true
	}
	return b.outieCombos45(a)
}

// outieCombos45 is combos45 for the outies.
func (b *Board) outieCombos45(a *area45) (Step, bool) {
	sum, ok := a.outieSum()
	if !ok {
		return Step{}, false
	}
	var buf [81]sudoku.Cell
	open, filledSum, _ := b.openCells(a.outside, buf[:0])
	return b.combosStep(a, open, sum-filledSum, 0, "the outies")
}

// combosStep is combos45 for the cells open, which sum to sum.
func (b *Board) combosStep(a *area45, open []sudoku.Cell, sum int, filled sudoku.Candidates, what string) (Step, bool) {
	if len(open) < 2 || !b.allSee(open) {
		return Step{}, false
	}
	allowed, _ := b.allowedBySum(open, sum, filled, false)
	es := b.sumEliminations(open, &allowed)
	if len(es) == 0 {
		return Step{}, false
	}
	_, sets := b.allowedBySum(open, sum, filled, true)
	name := techInnieCombos.Name
	if what != "the innies" {
		name = techOutieCombos.Name
	}
	area := a.name()
	t := Technique{Name: name, explain: func(s *Step) string {
		return fmt.Sprintf("%s: %s of %s sum to %d (rule of 45), which allows only %s, so %s",
			cellsText(s.Cells), what, area, sum, setsText(sets), groupedElims(s.Eliminations))
	}}
	return Step{Technique: t, Rating: a.rating(false), Eliminations: es, Cells: slices.Clone(open), Houses: a.houses}, true
}

var (
	techInnieCombos = Technique{Name: "Rule of 45 (innie combinations)"}
	techOutieCombos = Technique{Name: "Rule of 45 (outie combinations)"}
	techCageCombos  = Technique{Name: "Cage combinations"}
	techCagePoint   = Technique{Name: "Cage pointing"}
)

// allSee reports whether the cells all see each other.
func (b *Board) allSee(cells []sudoku.Cell) bool {
	for i, c := range cells {
		for _, p := range cells[i+1:] {
			if !b.geo.peers[c].Has(p) {
				return false
			}
		}
	}
	return true
}

// allowedBySum returns, per cell of open (the first 9), the digits it
// can hold when the cells hold distinct digits (none of placed), each a
// candidate of its cell, summing to sum; and, with withSets, the sets of
// digits those assignments use, in increasing order (without them, it
// stops once every candidate is allowed). For each set of
// len(open) digits making the sum (a table) that the cells' candidates
// cover, it runs over the subsets of the set given to the first cells
// (the next cell is the subset's size): forward, those the first cells
// can take; backward, those from which the cells left complete the set.
// No allocation but the sets.
func (b *Board) allowedBySum(open []sudoku.Cell, sum int, placed sudoku.Candidates, withSets bool) (allowed [9]sudoku.Candidates, sets []sudoku.Candidates) {
	var any sudoku.Candidates
	for _, c := range open {
		any |= b.Cands[c]
	}
	for _, set := range cageSets(len(open), sum) {
		if set&placed != 0 || set&^any != 0 || !b.matchings(open, set, &allowed) {
			continue
		}
		if withSets {
			sets = append(sets, set)
		} else if b.allAllowed(open, &allowed) {
			break // no set left can add a digit
		}
	}
	slices.Sort(sets)
	return allowed, sets
}

// allAllowed reports whether allowed holds every candidate of open.
func (b *Board) allAllowed(open []sudoku.Cell, allowed *[9]sudoku.Candidates) bool {
	for i, c := range open {
		if b.Cands[c]&^allowed[i] != 0 {
			return false
		}
	}
	return true
}

// matchings adds to allowed, per cell of open, the digits of set it holds
// in some assignment of set's digits to the cells (each a candidate of
// its cell), and reports whether there is one. The subsets of set are
// numbered by the digits' ranks in it (at most 512), and taken in
// increasing order: forward, those the first cells can take; backward,
// those from which the cells left complete the set.
func (b *Board) matchings(open []sudoku.Cell, set sudoku.Candidates, allowed *[9]sudoku.Candidates) bool {
	n := len(open)
	var digit [9]sudoku.Candidates // per rank: the digit's bit
	var cand [9]uint16             // per cell: the ranks of its candidates in set
	for j, s := 0, set; s != 0; j, s = j+1, s&(s-1) {
		digit[j] = s & -s
	}
	for i, c := range open {
		for j := range n {
			if b.Cands[c]&digit[j] != 0 {
				cand[i] |= 1 << j
			}
		}
	}
	full := uint16(1)<<n - 1
	var st [512]uint8 // 1: the first cells can take it; 3: and the rest complete the set
	st[0] = 1
	for m := range full {
		if st[m] != 0 {
			for c := cand[bits.OnesCount16(m)] &^ m; c != 0; c &= c - 1 {
				st[m|c&-c] = 1
			}
		}
	}
	if st[full] == 0 {
		return false
	}
	st[full] = 3
	for m := int(full) - 1; m >= 0; m-- {
		if st[m] == 0 {
			continue
		}
		i := bits.OnesCount16(uint16(m))
		for c := cand[i] &^ uint16(m); c != 0; c &= c - 1 {
			if bit := c & -c; st[uint16(m)|bit] == 3 {
				st[m], allowed[i] = 3, allowed[i]|digit[bits.TrailingZeros16(bit)]
			}
		}
	}
	return true
}

// cageSets returns the sets of k distinct digits 1 to 9 summing to sum
// (a table: requiredDigits asks for them of every cage at every step).
func cageSets(k, sum int) []sudoku.Candidates {
	if k < 0 || k > 9 || sum < 0 || sum > 45 {
		return nil
	}
	return cageSetTable[k][sum]
}

// cageSetTable[k][sum] lists the sets of k digits summing to sum, in the
// order digitSets gives them.
var cageSetTable = func() (t [10][46][]sudoku.Candidates) {
	for k := range t {
		for sum := range t[k] {
			for _, set := range digitSets(9, k, sum) {
				t[k][sum] = append(t[k][sum], sudoku.Candidates(set))
			}
		}
	}
	return t
}()

// digitSums[m] is the sum of the digits of m.
var digitSums = func() (t [512]uint8) {
	for m := range t {
		for d := 1; d <= 9; d++ {
			if m&(1<<(d-1)) != 0 {
				t[m] += uint8(d)
			}
		}
	}
	return t
}()

// sumEliminations are the candidates of open outside allowed (none
// allowed past the ninth cell).
func (b *Board) sumEliminations(open []sudoku.Cell, allowed *[9]sudoku.Candidates) []Candidate {
	var es []Candidate
	for i, c := range open {
		var a sudoku.Candidates
		if i < len(allowed) {
			a = allowed[i]
		}
		for _, d := range (b.Cands[c] &^ a).Digits() {
			es = append(es, Candidate{c, d})
		}
	}
	return es
}

// cageCombos takes out of a cage's cells the digits no assignment of its
// sum puts there.
func (k *killerGeo) cageCombos(b *Board) (Step, bool) {
	var buf [81]sudoku.Cell
	for i := range k.cages {
		cg := &k.cages[i]
		if cg.sum == 0 || k.same(i, b, cg.cells) {
			continue
		}
		open, filledSum, filled := b.openCells(cg.cells, buf[:0])
		if len(open) == 0 {
			continue
		}
		sum := cg.sum - filledSum
		allowed, _ := b.allowedBySum(open, sum, filled, false)
		es := b.sumEliminations(open, &allowed)
		if len(es) == 0 {
			k.note(i, b, cg.cells)
			continue
		}
		_, sets := b.allowedBySum(open, sum, filled, true)
		cageSum, size := cg.sum, len(cg.cells)
		t := techCageCombos
		t.explain = func(s *Step) string {
			return fmt.Sprintf("%s: %s allows only %s, so %s", cellsText(s.Cells), cageText(cageSum, size, len(s.Cells), sum),
				setsText(sets), groupedElims(s.Eliminations))
		}
		return Step{Technique: t, Rating: 20, Eliminations: es, Cells: slices.Clone(open)}, true
	}
	return Step{}, false
}

// cageText describes a cage of sum over size cells of which open are
// empty and sum left: "a cage of 10", "a cage of 17 (9 left for these)".
func cageText(cageSum, size, open, left int) string {
	s := fmt.Sprintf("a cage of %d", cageSum)
	if size == 1 {
		s += " in one cell"
	}
	if open < size {
		s += fmt.Sprintf(" (%d left for these)", left)
	}
	return s
}

// requiredDigits returns the digits every combination of cage cg that
// its empty cells can take needs, not placed in it yet, and its empty
// cells (appended to buf).
func (b *Board) requiredDigits(cg *killerCage, buf []sudoku.Cell) (sudoku.Candidates, []sudoku.Cell) {
	if cg.sum == 0 {
		return 0, nil
	}
	open, filledSum, filled := b.openCells(cg.cells, buf)
	if len(open) == 0 {
		return 0, nil
	}
	var any sudoku.Candidates
	for _, c := range open {
		any |= b.Cands[c]
	}
	need, found := sudoku.AllCandidates, false
	for _, s := range cageSets(len(open), cg.sum-filledSum) {
		if s&filled == 0 && s&^any == 0 {
			need &= s
			found = true
		}
	}
	if !found {
		return 0, nil
	}
	return need, open
}

// cagePointing: a digit every combination of a cage needs leaves the
// cells outside the cage that see all its places in it.
func (k *killerGeo) cagePointing(b *Board) (Step, bool) {
	var buf [81]sudoku.Cell
	for i := range k.cages {
		cg := &k.cages[i]
		need, open := b.requiredDigits(cg, buf[:0])
		for _, d := range need.Digits() {
			places := b.DigitCells[d].And(cg.set)
			hit := b.geo.seesAll(places).And(b.DigitCells[d]).AndNot(cg.set)
			if places.Empty() || hit.Empty() {
				continue
			}
			var es []Candidate
			for _, c := range hit.Cells(nil) {
				es = append(es, Candidate{c, d})
			}
			cageSum, pl := cg.sum, places.Cells(nil)
			t := techCagePoint
			t.explain = func(s *Step) string {
				where := ""
				if len(pl) < len(s.Cells) {
					where = ", which can only go in " + cellsText(pl)
				}
				return fmt.Sprintf("%s: every combination of this cage of %d needs %s%s, so %s",
					cellsText(s.Cells), cageSum, aOrAn(fmt.Sprint(d)), where, groupedElims(s.Eliminations))
			}
			return Step{Technique: t, Rating: 27, Eliminations: es, Cells: slices.Clone(open), Digits: []int{d}}, true
		}
	}
	return Step{}, false
}

// cageSingles places a digit every combination of a cage needs where it
// has one place left in the cage: a hidden single of a 9-cell cage. (The
// combinations above find it first, as the cell's only digit; this is a
// guard for a cage whose candidates the combinations leave as they are.)
func (k *killerGeo) cageSingles(b *Board) (Step, bool) {
	var buf [81]sudoku.Cell
	for i := range k.cages {
		cg := &k.cages[i]
		need, found := b.requiredDigits(cg, buf[:0])
		for _, d := range need.Digits() {
			if places := b.DigitCells[d].And(cg.set); places.Count() == 1 {
				c, cageSum, open := places.First(), cg.sum, slices.Clone(found)
				t := techCageCombos
				t.explain = func(s *Step) string {
					return fmt.Sprintf("%v = %d: every combination of the cage of %d at %s needs %s, and this is its one place there",
						c, d, cageSum, cellsText(open), aOrAn(fmt.Sprint(d)))
				}
				return Step{Technique: t, Rating: 20, Placements: []Candidate{{c, d}}, Cells: open, Digits: []int{d}}, true
			}
		}
	}
	return Step{}, false
}

// cellsText writes cells as "r1c1, r1c2".
func cellsText(cs []sudoku.Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// setsText writes digit sets as "1+9, 2+8".
func setsText(sets []sudoku.Candidates) string {
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = strings.Trim(strings.ReplaceAll(fmt.Sprint(s.Digits()), " ", "+"), "[]")
	}
	return strings.Join(parts, ", ")
}

// groupedElims writes eliminations naming each cell once:
// "r1c1<>4/5, r1c2<>6".
func groupedElims(es []Candidate) string {
	var parts []string
	for i := 0; i < len(es); {
		j := i
		var ds []string
		for ; j < len(es) && es[j].Cell == es[i].Cell; j++ {
			ds = append(ds, fmt.Sprint(es[j].Digit))
		}
		parts = append(parts, fmt.Sprintf("%v<>%s", es[i].Cell, strings.Join(ds, "/")))
		i = j
	}
	return strings.Join(parts, ", ")
}

// cellsOfElims lists the cells of eliminations once each, in order.
func cellsOfElims(es []Candidate) []sudoku.Cell {
	var cs []sudoku.Cell
	for _, e := range es {
		if !slices.Contains(cs, e.Cell) {
			cs = append(cs, e.Cell)
		}
	}
	return cs
}

// hasParity reports whether r marks odd or even cells.
func hasParity(r *sudoku.Rules) bool {
	for _, p := range r.Parity {
		if p != sudoku.AnyParity {
			return true
		}
	}
	return false
}

// techCageClaim is cage claiming's technique.
var techCageClaim = Technique{Name: "Cage claiming"}

// cageClaiming: when a digit's places in a house all lie in one cage, the
// cage holds it, so only its combinations with that digit are left ("the
// 5 of row 3 can only go in this cage of 14: it is 1+5+8 or 2+5+7"); the
// cells keep the digits of those.
func (k *killerGeo) cageClaiming(b *Board) (Step, bool) {
	var buf [81]sudoku.Cell
	for i := range k.cages {
		cg := &k.cages[i]
		if cg.sum == 0 {
			continue
		}
		open, filledSum, filled := b.openCells(cg.cells, buf[:0])
		var any sudoku.Candidates
		for _, c := range open {
			any |= b.Cands[c]
		}
		for _, d := range (any &^ filled).Digits() {
			h, ok := k.claimingHouse(b, cg, d)
			if !ok {
				continue
			}
			if s, ok := b.claimStep(cg, open, cg.sum-filledSum, filled, any, d, h); ok {
				return s, true
			}
		}
	}
	return Step{}, false
}

// claimingHouse returns a house whose places of d all lie in cage cg.
func (k *killerGeo) claimingHouse(b *Board, cg *killerCage, d int) (sudoku.House, bool) {
	for _, h := range b.geo.houses {
		places := b.In(h, d)
		if !places.Empty() && places.AndNot(cg.set).Empty() && !cg.set.And(b.geo.sets[h]).Empty() {
			return h, true
		}
	}
	return 0, false
}

// claimStep narrows the open cells of cg (their candidates any) to its
// combinations holding d.
func (b *Board) claimStep(cg *killerCage, open []sudoku.Cell, sum int, filled, any sudoku.Candidates, d int, h sudoku.House) (Step, bool) {
	var allowed [9]sudoku.Candidates
	var sets []sudoku.Candidates
	for _, set := range cageSets(len(open), sum) {
		if set.Has(d) && set&filled == 0 && set&^any == 0 && b.matchings(open, set, &allowed) {
			sets = append(sets, set)
		}
	}
	if len(sets) == 0 {
		return Step{}, false // the cage cannot hold d: other stages see the contradiction
	}
	es := b.sumEliminations(open, &allowed)
	if len(es) == 0 {
		return Step{}, false
	}
	t := techCageClaim
	cageSum, hn := cg.sum, houseName(h)
	t.explain = func(s *Step) string {
		return fmt.Sprintf("%s: %d can only go in this cage of %d in %s, so the cage holds it: %s; so %s",
			cellsText(s.Cells), d, cageSum, hn, setsText(sets), groupedElims(s.Eliminations))
	}
	return Step{Technique: t, Rating: 28, Eliminations: es, Cells: slices.Clone(cg.cells), Houses: []sudoku.House{h}, Digits: []int{d}}, true
}
