package solver

import (
	"context"
	"fmt"
	"math/bits"
	"sync"

	"sudoku"
)

// Bitboard is the engine for 9x9 boards with extra rules: X diagonals,
// windoku, jigsaw regions, disjoint groups, extra regions, anti-knight and
// anti-king, odd and even cells, killer cages with or without sums, and
// candidates given (marks). Fast hands it such boards; it refuses
// (ErrUnsupported) other sizes and boards with constraints (thermometers,
// arrows, ...), which Fast keeps.
//
// Its state is, per digit, the set of the 81 cells that may still hold it
// (two 64-bit words), and the set of cells placed: 160 bytes copied at each
// guess. Every rule compiles into 81-bit sets: the houses (nine cells
// holding each digit once: rows, columns, boxes or regions, diagonals,
// windows, disjoint groups, extra regions and cages of nine cells) and
// each cell's peers (every cell a house, a smaller extra region, a cage or
// a knight's or king's move forbids to share its digit). Placing a digit
// clears its peers from the digit's set in two word operations.
// Propagation places naked singles (cells in one digit's set only, found
// for all cells at once by counting over the nine sets), then hidden
// singles (a digit with one place left in a house it is not placed in
// yet), then runs the extra propagators (cage sums, see bitsPropagator),
// then locked candidates over any houses: a digit whose places in a house
// all see a cell goes from that cell. It branches on a cell with two
// candidates or else on the digit with the fewest places in a house, or
// on the cell with the fewest candidates. The rules compile per search, in
// about a microsecond, so nothing is cached by rule set.
var Bitboard Engine = bitboard{}

type bitboard struct{}

func (bitboard) Name() string { return "bitboard" }

func (bitboard) Search(ctx context.Context, b *sudoku.Board, limit int) (Result, error) {
	if err := b.Unreadable(); err != nil {
		return Result{}, err
	}
	if why := bitsUnsupported(b); why != "" {
		return Result{}, unsupported("bitboard", why)
	}
	if err := b.Rules.Validate(); err != nil {
		return Result{}, err
	}
	return searchBits(ctx, b, limit, 0)
}

// bitsUnsupported names the rule of b the bitboard engine cannot take, ""
// when it takes them all.
func bitsUnsupported(b *sudoku.Board) string {
	r := b.Rules
	switch {
	case r.Size != 9 || len(b.Cells) != 81:
		return fmt.Sprintf("size %d (9x9 only)", r.Size)
	case r.Regions == nil && (r.BoxRows != 3 || r.BoxCols != 3):
		return fmt.Sprintf("boxes of %dx%d", r.BoxRows, r.BoxCols)
	case b.Marks != nil && len(b.Marks) != 81:
		return "candidates of another size"
	}
	for _, k := range r.Constraints {
		if _, distinct := k.(sudoku.Distinct); distinct || !sudoku.IsCosmetic(k) {
			return "constraints"
		}
	}
	if bitsHouseCount(r) > maxBitsHouses {
		return fmt.Sprintf("more than %d houses", maxBitsHouses)
	}
	return ""
}

// cells is a set of the cells of a 9x9 grid: bit c of lo for c < 64, bit
// c-64 of hi.
type cells struct{ lo, hi uint64 }

// allCells is every cell of the grid.
var allCells = cells{^uint64(0), 1<<17 - 1}

func cellOf(c int) cells { return cellBits[c] }

// cellBits holds the set of each one cell.
var cellBits = func() (t [81]cells) {
	for c := range t {
		if c < 64 {
			t[c].lo = 1 << c
		} else {
			t[c].hi = 1 << (c - 64)
		}
	}
	return t
}()

func (a cells) and(b cells) cells    { return cells{a.lo & b.lo, a.hi & b.hi} }
func (a cells) or(b cells) cells     { return cells{a.lo | b.lo, a.hi | b.hi} }
func (a cells) andNot(b cells) cells { return cells{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a cells) empty() bool          { return a.lo|a.hi == 0 }
func (a cells) count() int           { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }
func (a cells) has(c int) bool       { return !a.and(cellOf(c)).empty() }

// single reports whether the set holds exactly one cell.
func (a cells) single() bool { return a.count() == 1 }

// first returns the set's first cell; the set must not be empty.
func (a cells) first() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	return 64 + bits.TrailingZeros64(a.hi)
}

// withoutFirst returns the set without its first cell.
func (a cells) withoutFirst() cells {
	if a.lo != 0 {
		return cells{a.lo & (a.lo - 1), a.hi}
	}
	return cells{0, a.hi & (a.hi - 1)}
}

// bitsState is a position: for each digit d (0-based) the cells that may
// hold it, a placed cell keeping only its own digit's bit; the cells
// placed; and for each digit the houses it is placed in.
type bitsState struct {
	cand   [9]cells
	solved cells
	done   [9]uint64
}

// maxBitsHouses bounds the houses of a rule set (a bit each in
// bitsState.done): 27 + 2 diagonals + 4 windows + 9 disjoint groups leave
// room for 22 extra regions of nine cells.
const maxBitsHouses = 64

// bitsHouseCount returns the number of houses of r for the bitboard
// engine, cages of nine cells included.
func bitsHouseCount(r *sudoku.Rules) int {
	h := 27 + bits.OnesCount8(uint8(r.Diagonals&sudoku.BothDiagonals))
	if r.Windoku {
		h += 4
	}
	if r.Disjoint {
		h += 9
	}
	for _, e := range r.Extra {
		if len(e) == 9 {
			h++
		}
	}
	for _, k := range r.Cages {
		if len(k.Cells) == 9 {
			h++
		}
	}
	return h
}

// bitsSearch is a rule set compiled for the bitboard engine and the
// scratch space of one search; pooled.
type bitsSearch struct {
	houses   [maxBitsHouses]cells
	nHouses  int
	allH     uint64     // a bit for each house
	housesOf [81]uint64 // each cell's houses
	peers    [81]cells
	start    [9]cells // each digit's cells before the givens (parity, marks)
	locked   bool     // apply locked candidates
	// hsDirty and lcDirty are, per digit, the houses where its places
	// changed since hidden singles, and locked candidates, last looked:
	// the only ones where those can find something new.
	hsDirty, lcDirty [9]uint64
	// touched holds the cells whose candidates changed since the cage sums
	// last looked (a superset).
	touched cells
	sums    cageSums
	props   []bitsPropagator

	// score counts, per cell, the dead ends met placing a digit there
	// (halved every decayEvery of them), for the search to branch where
	// it failed before (ISS's conflict scores); only on boards with sums
	// (conflict), where propagation leaves the search long.
	score     [81]int32
	conflict  bool
	conflicts int

	ctx            context.Context
	limit, count   int
	nodes, guesses int64
	budget         int64 // when above 0, give up after this many nodes
	stopped        bool
	sol, second    [81]uint8
	propsBuf       [1]bitsPropagator
	stack          [82]bitsState // the state of each depth
}

var bitsPool = sync.Pool{New: func() any { return new(bitsSearch) }}

// searchBits searches b, whose rules are valid and supported (see
// bitsUnsupported), for up to limit solutions, giving up with ErrBudget
// after budget nodes (0: no bound).
func searchBits(ctx context.Context, b *sudoku.Board, limit int, budget int64) (Result, error) {
	s := bitsPool.Get().(*bitsSearch)
	defer bitsPool.Put(s)
	s.compile(b)
	s.ctx, s.limit, s.count, s.nodes, s.guesses, s.budget, s.stopped = ctx, limit, 0, 1, 0, budget, false
	shallow := len(s.props) > 0 && (budget == 0 || budget > shallowNodes)
	if shallow {
		s.budget = shallowNodes
	}
	st := &s.stack[0]
	if s.load(b, st) {
		s.solve(0)
	}
	if shallow && s.stopped && ctx.Err() == nil {
		s.deepen(b, budget)
	}
	res := Result{Count: s.count, Guesses: s.guesses, Nodes: s.nodes}
	if s.count > 0 {
		res.Solution = append([]uint8(nil), s.sol[:]...)
	}
	if s.count > 1 {
		res.Second = append([]uint8(nil), s.second[:]...)
	}
	switch {
	case s.stopped && ctx.Err() != nil:
		return res, ctx.Err()
	case s.stopped:
		return res, ErrBudget
	}
	return res, nil
}

// shallowNodes is the budget of a killer's first search, before its
// sums of groups of houses are compiled (deepen).
const shallowNodes = 16

// deepen searches b again from its givens, with the sums of groups of
// houses, each cage's exact narrowing and the conflict scores, within
// what is left of budget (0: no bound); the first search, which did not
// end within shallowNodes, counts for nothing but its nodes.
func (s *bitsSearch) deepen(b *sudoku.Board, budget int64) {
	s.sums.deepen(s.houses[:s.nHouses], &s.peers)
	s.conflict = true
	s.count, s.stopped, s.budget = 0, false, budget
	st := &s.stack[0]
	if s.load(b, st) {
		s.solve(0)
	}
}

// compile readies s for the rules of b.
func (s *bitsSearch) compile(b *sudoku.Board) {
	r := b.Rules
	s.nHouses = 0
	s.housesOf = [81]uint64{}
	s.peers = [81]cells{}
	s.compileHouses(r)
	s.compileGroups(r)
	s.compileMoves(r)
	for c := range s.peers {
		s.peers[c] = s.peers[c].andNot(cellOf(c))
	}
	s.compileStart(b)
	s.props = s.propsBuf[:0]
	s.conflict, s.conflicts, s.score = false, 0, [81]int32{}
	if s.sums.compile(r, s.houses[:s.nHouses]) {
		s.props = append(s.props, &s.sums)
	}
	s.locked = true
}

// addHouse adds a house of nine cells.
func (s *bitsSearch) addHouse(h cells) {
	i := s.nHouses
	s.houses[i] = h
	s.nHouses++
	s.allH = 1<<s.nHouses - 1
	s.addGroup(h)
	for m := h; !m.empty(); m = m.withoutFirst() {
		s.housesOf[m.first()] |= 1 << i
	}
}

// addGroup makes the cells of g peers of each other.
func (s *bitsSearch) addGroup(g cells) {
	for m := g; !m.empty(); m = m.withoutFirst() {
		c := m.first()
		s.peers[c] = s.peers[c].or(g)
	}
}

// bitsFixed are the houses of every 9x9 rule set with boxes: rows,
// columns, boxes; then the diagonals, windows and disjoint groups.
var bitsFixed struct {
	rows, cols, boxes, disjoint [9]cells
	diag                        [2]cells
	windows                     [4]cells
}

func init() {
	f := &bitsFixed
	for c := 0; c < 81; c++ {
		r, k := c/9, c%9
		b := cellOf(c)
		f.rows[r] = f.rows[r].or(b)
		f.cols[k] = f.cols[k].or(b)
		f.boxes[r/3*3+k/3] = f.boxes[r/3*3+k/3].or(b)
		f.disjoint[r%3*3+k%3] = f.disjoint[r%3*3+k%3].or(b)
		if r == k {
			f.diag[0] = f.diag[0].or(b)
		}
		if r+k == 8 {
			f.diag[1] = f.diag[1].or(b)
		}
	}
	for i, w := range sudoku.Windows(9, 3, 3) {
		for c := 0; c < 81; c++ {
			if r, k := c/9, c%9; r >= w[0] && r < w[0]+3 && k >= w[1] && k < w[1]+3 {
				f.windows[i] = f.windows[i].or(cellOf(c))
			}
		}
	}
	initCombos()
}

// compileHouses adds the houses of r.
func (s *bitsSearch) compileHouses(r *sudoku.Rules) {
	f := &bitsFixed
	for _, set := range [][9]cells{f.rows, f.cols} {
		for _, h := range set {
			s.addHouse(h)
		}
	}
	if r.Regions == nil {
		for _, h := range f.boxes {
			s.addHouse(h)
		}
	} else {
		var regions [9]cells
		for c, g := range r.Regions {
			regions[g] = regions[g].or(cellOf(c))
		}
		for _, h := range regions {
			s.addHouse(h)
		}
	}
	for i, d := range []sudoku.Diagonals{sudoku.DiagDown, sudoku.DiagUp} {
		if r.Diagonals&d != 0 {
			s.addHouse(f.diag[i])
		}
	}
	if r.Windoku {
		for _, h := range f.windows {
			s.addHouse(h)
		}
	}
	if r.Disjoint {
		for _, h := range f.disjoint {
			s.addHouse(h)
		}
	}
}

// compileGroups adds the extra regions and the cages: houses when they
// have nine cells, else groups of peers.
func (s *bitsSearch) compileGroups(r *sudoku.Rules) {
	add := func(list []int) {
		var g cells
		for _, c := range list {
			g = g.or(cellOf(c))
		}
		if len(list) == 9 {
			s.addHouse(g)
		} else {
			s.addGroup(g)
		}
	}
	for _, e := range r.Extra {
		add(e)
	}
	for _, k := range r.Cages {
		add(k.Cells)
	}
}

// compileMoves makes the cells a forbidden knight's or king's move apart
// peers.
func (s *bitsSearch) compileMoves(r *sudoku.Rules) {
	if !r.AntiKnight && !r.AntiKing {
		return
	}
	for c := 0; c < 81; c++ {
		for o := range r.MovesFrom(c) {
			s.peers[c] = s.peers[c].or(cellOf(o))
		}
	}
}

// compileStart sets the cells each digit may take before the givens: all
// but the cells of the other parity, and those whose marks lack it.
func (s *bitsSearch) compileStart(b *sudoku.Board) {
	for d := range s.start {
		s.start[d] = allCells
	}
	for c, p := range b.Rules.Parity {
		if p == sudoku.AnyParity {
			continue
		}
		for d := range s.start {
			if (d%2 == 0) != (p == sudoku.Odd) { // digit d+1 is odd when d is even
				s.start[d] = s.start[d].andNot(cellOf(c))
			}
		}
	}
	for c, m := range b.Marks {
		for d := range s.start {
			if !m.Has(d + 1) {
				s.start[d] = s.start[d].andNot(cellOf(c))
			}
		}
	}
}

// load sets st to b's givens and propagates; false on a dead end.
func (s *bitsSearch) load(b *sudoku.Board, st *bitsState) bool {
	*st = bitsState{cand: s.start}
	s.dirtyAll()
	for c, v := range b.Cells {
		if v == 0 {
			continue
		}
		if v > 9 || !st.cand[v-1].has(c) {
			return false
		}
		for d := range st.cand {
			if d != int(v-1) {
				st.cand[d] = st.cand[d].andNot(cellOf(c))
			}
		}
	}
	return s.propagate(st)
}

// place puts digit d in cell c; false when c may not hold d.
func (s *bitsSearch) place(st *bitsState, c, d int) bool {
	bit := cellOf(c)
	if !st.cand[d].has(c) {
		return false
	}
	if st.solved.has(c) {
		return true
	}
	st.solved = st.solved.or(bit)
	hs := s.housesOf[c]
	for e := range st.cand {
		if st.cand[e].has(c) {
			st.cand[e] = st.cand[e].andNot(bit)
			s.hsDirty[e] |= hs
			s.lcDirty[e] |= hs
		}
	}
	gone := st.cand[d].and(s.peers[c])
	st.cand[d] = st.cand[d].andNot(s.peers[c]).or(bit)
	st.done[d] |= hs
	s.dirty(d)
	s.touched = s.touched.or(gone).or(bit)
	return true
}

// dirty marks every house of digit d for hidden singles and locked
// candidates to look at again.
func (s *bitsSearch) dirty(d int) {
	s.hsDirty[d], s.lcDirty[d] = s.allH, s.allH
}

// dirtyAll marks every house of every digit.
func (s *bitsSearch) dirtyAll() {
	for d := range s.hsDirty {
		s.dirty(d)
	}
	s.touched = allCells
}

// propagate places singles and runs the propagators until nothing
// changes; false on a dead end.
func (s *bitsSearch) propagate(st *bitsState) bool {
	for {
		found, ok := s.nakedSingles(st)
		if !ok {
			return false
		}
		if found {
			continue
		}
		if found, ok = s.hiddenSingles(st); !ok {
			return false
		}
		if found {
			continue
		}
		for _, p := range s.props {
			ok, changed := p.narrow(s, st)
			if !ok {
				return false
			}
			found = found || changed
		}
		if found {
			continue
		}
		if st.solved == allCells || !s.locked {
			return true
		}
		if found, ok = s.lockedCandidates(st); !ok || !found {
			return ok
		}
	}
}

// nakedSingles places every open cell left with one candidate; false on
// a cell with none.
func (s *bitsSearch) nakedSingles(st *bitsState) (found, ok bool) {
	var one, two cells
	for _, c := range st.cand {
		two = two.or(one.and(c))
		one = one.or(c)
	}
	open := allCells.andNot(st.solved)
	if !open.andNot(one).empty() {
		return false, false
	}
	singles := open.andNot(two)
	for m := singles; !m.empty(); m = m.withoutFirst() {
		c := m.first()
		d := s.digitOf(st, c)
		if d < 0 || !s.place(st, c, d) {
			return false, false
		}
	}
	return !singles.empty(), true
}

// digitOf returns a digit cell c may hold, -1 for none.
func (s *bitsSearch) digitOf(st *bitsState, c int) int {
	for d := range st.cand {
		if st.cand[d].has(c) {
			return d
		}
	}
	return -1
}

// hiddenSingles places each digit with one place left in a house it is
// not placed in yet; false on a house with no place for a digit.
func (s *bitsSearch) hiddenSingles(st *bitsState) (found, ok bool) {
	for d := range st.cand {
		hs := s.hsDirty[d] &^ st.done[d]
		s.hsDirty[d] = 0
		for ; hs != 0; hs &= hs - 1 {
			x := st.cand[d].and(s.houses[bits.TrailingZeros64(hs)])
			if x.single() {
				if !s.place(st, x.first(), d) {
					return false, false
				}
				found = true
			} else if x.empty() {
				return false, false
			}
		}
	}
	return found, true
}

// lockedCandidates removes a digit from every cell that sees all its
// places in a house (pointing and claiming, and their likes between any
// houses and moves); false on a dead end.
func (s *bitsSearch) lockedCandidates(st *bitsState) (found, ok bool) {
	for d := range st.cand {
		hs := s.lcDirty[d] &^ st.done[d]
		s.lcDirty[d] = 0
		for ; hs != 0; hs &= hs - 1 {
			x := st.cand[d].and(s.houses[bits.TrailingZeros64(hs)])
			if x.empty() {
				return false, false
			}
			seen := s.peers[x.first()]
			for m := x.withoutFirst(); !m.empty() && !seen.empty(); m = m.withoutFirst() {
				seen = seen.and(s.peers[m.first()])
			}
			if gone := st.cand[d].and(seen); !gone.empty() {
				st.cand[d] = st.cand[d].andNot(gone)
				s.dirty(d)
				s.touched = s.touched.or(gone)
				found = true
			}
		}
	}
	return found, true
}

// solve searches from the state of depth i, propagated; it reports
// whether the search is over (limit reached, budget spent or context
// done).
func (s *bitsSearch) solve(i int) bool {
	st := &s.stack[i]
	if st.solved == allCells {
		return s.leaf(st)
	}
	var opts [9]bitsChoice
	n := s.choices(st, &opts)
	if n > 1 {
		s.guesses++
	}
	for _, o := range opts[:n] {
		s.nodes++
		if s.nodes%ctxEveryNodes == 0 && s.ctx.Err() != nil || s.budget > 0 && s.nodes > s.budget {
			s.stopped = true
			return true
		}
		next := &s.stack[i+1]
		*next = *st
		s.hsDirty, s.lcDirty, s.touched = [9]uint64{}, [9]uint64{}, cells{}
		if !s.place(next, o.cell, o.digit) || !s.propagate(next) {
			s.blame(o.cell)
			continue
		}
		if s.solve(i + 1) {
			return true
		}
	}
	return false
}

// decayEvery is how many dead ends pass between two halvings of the
// conflict scores.
const decayEvery = 1 << 14

// blame counts a dead end met placing a digit in cell c.
func (s *bitsSearch) blame(c int) {
	if !s.conflict {
		return
	}
	s.score[c]++
	if s.conflicts++; s.conflicts%decayEvery == 0 {
		for i := range s.score {
			s.score[i] >>= 1
		}
	}
}

// scored returns the open cell with the highest conflict score for its
// number of candidates, -1 when no open cell has a score.
func (s *bitsSearch) scored(st *bitsState, open cells) int {
	best, bestScore, bestN := -1, int32(0), int32(1)
	for m := open; !m.empty(); m = m.withoutFirst() {
		c := m.first()
		sc := s.score[c]
		if sc == 0 {
			continue
		}
		k := int32(0)
		for d := range st.cand {
			if st.cand[d].has(c) {
				k++
			}
		}
		if sc*bestN > bestScore*k {
			best, bestScore, bestN = c, sc, k
		}
	}
	return best
}

// bitsChoice is one branch of a guess: a digit in a cell.
type bitsChoice struct{ cell, digit int }

// choices lists the branches at st: the digits of a cell with two
// candidates; else the places of the digit with the fewest in a house, or
// the digits of a cell with the fewest candidates, whichever are fewer.
func (s *bitsSearch) choices(st *bitsState, opts *[9]bitsChoice) int {
	var one, two, three cells
	for _, c := range st.cand {
		three = three.or(two.and(c))
		two = two.or(one.and(c))
		one = one.or(c)
	}
	open := allCells.andNot(st.solved)
	if s.conflict && s.conflicts > 0 {
		if c := s.scored(st, open); c >= 0 {
			// A digit with two places in a house, when the cell has
			// more candidates, is the smaller choice (MATHEMAGIC
			// killers: 635,000 -> 277,000 guesses).
			n := s.cellChoices(st, c, opts)
			if n > 2 {
				var alt [9]bitsChoice
				if k := s.houseChoices(st, 3, &alt); k > 0 {
					*opts = alt
					return k
				}
			}
			return n
		}
	}
	if pairs := open.and(two).andNot(three); !pairs.empty() {
		return s.cellChoices(st, pairs.first(), opts)
	}
	best, bestN := -1, 10
	for m := open; !m.empty(); m = m.withoutFirst() {
		c := m.first()
		k := 0
		for d := range st.cand {
			if st.cand[d].has(c) {
				k++
			}
		}
		if k < bestN {
			best, bestN = c, k
		}
	}
	if n := s.houseChoices(st, bestN, opts); n > 0 {
		return n
	}
	return s.cellChoices(st, best, opts)
}

// cellChoices lists the digits of cell c.
func (s *bitsSearch) cellChoices(st *bitsState, c int, opts *[9]bitsChoice) int {
	n := 0
	for d := range st.cand {
		if st.cand[d].has(c) {
			opts[n] = bitsChoice{c, d}
			n++
		}
	}
	return n
}

// houseChoices lists the places of the digit with the fewest places in a
// house, when fewer than most; 0 when none is.
func (s *bitsSearch) houseChoices(st *bitsState, most int, opts *[9]bitsChoice) int {
	bestD, bestN := -1, most
	var best cells
	for d := range st.cand {
		for hs := s.allH &^ st.done[d]; hs != 0 && bestN > 2; hs &= hs - 1 {
			x := st.cand[d].and(s.houses[bits.TrailingZeros64(hs)])
			if k := x.count(); k < bestN {
				bestD, bestN, best = d, k, x
			}
		}
	}
	if bestD < 0 {
		return 0
	}
	n := 0
	for m := best; !m.empty(); m = m.withoutFirst() {
		opts[n] = bitsChoice{m.first(), bestD}
		n++
	}
	return n
}

// leaf counts the solution st and reports whether the search is over.
func (s *bitsSearch) leaf(st *bitsState) bool {
	if s.count < 2 {
		out := &s.sol
		if s.count == 1 {
			out = &s.second
		}
		for d, m := range st.cand {
			for ; !m.empty(); m = m.withoutFirst() {
				out[m.first()] = uint8(d + 1)
			}
		}
	}
	s.count++
	return s.count >= s.limit
}
