package solver

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"weak"

	"sudoku"
)

// Fast is the engine for puzzles of any rules: sizes 4 to 25, jigsaw
// regions, extra houses and regions, killer cages, anti-knight and
// anti-king, odd and even cells. It compiles a rule set once (cached by
// its *sudoku.Rules) into flat tables: each cell's peers (every cell a
// rule forbids to hold its digit), the houses, each cage's cells and, per
// cage size and sum, the digit sets a cage can hold.
//
// The state is a candidate mask per cell (bit d-1 for digit d) and the
// digits placed, copied at each guess. Propagation places naked singles
// (clearing the digit from the cell's peers), restricts each cage touched
// to the digits of the combinations its sum still allows (a digit every
// combination holds goes to its one place in the cage, or from the rest
// of a row, column or box holding all its places), and finds the hidden
// singles of every house (a digit with one place left) until
// nothing changes; a cell or a house left without a place for a digit is
// a dead end. The search branches on a cell with the fewest candidates.
// From 9x9 up, and without cage sums, each propagation also applies
// locked candidates once: a digit whose places in a house all lie in a
// second house goes from the rest of that one. A search for one or two
// solutions that is not over after firstRunNodes nodes starts again with
// randomised restarts, which learn where the dead ends are and filter
// each house as all-different (restart.go): a search that wanders in a
// subtree without a solution is cut short. Classic 9x9 boards go to
// Fast, and the other 9x9 boards without constraints to Bitboard. A
// search allocates nothing once the rule set is compiled and its scratch
// space pooled.
var Fast Engine = general{}

type general struct{}

func (general) Name() string { return "fast" }

// ctxEveryNodes is how many search nodes pass between two looks at the
// context.
const ctxEveryNodes = 1 << 10

func (general) Search(ctx context.Context, b *sudoku.Board, limit int) (Result, error) {
	return SearchLayout(ctx, nil, b, limit)
}

// SearchLayout is Fast's Search on a board whose rules the caller
// has compiled into l (l.Rules is b.Rules; nil: compiled here), so that
// a command compiling its rules once hands them down.
func SearchLayout(ctx context.Context, l *sudoku.Layout, b *sudoku.Board, limit int) (Result, error) {
	if err := b.Unreadable(); err != nil {
		return Result{}, err
	}
	return searchGeneral(ctx, b, l, limit, 0)
}

// SearchWithin is Fast's Search giving up with ErrBudget
// after budget search nodes (0: none), whatever the machine: a caller
// that may take "not known" for an answer (a generator deciding whether
// a given can go) bounds its work reproducibly. Classic 9x9 boards, which
// Fast answers in milliseconds, are searched without a budget. The other
// boards stay with the general search, not Bitboard, whatever their
// rules: a budget counts that search's nodes, and the generators' output
// for a seed depends on where it runs out.
func SearchWithin(ctx context.Context, b *sudoku.Board, limit int, budget int64) (Result, error) {
	return SearchLayoutWithin(ctx, nil, b, limit, budget)
}

// SearchLayoutWithin is SearchWithin on a board of the rules l
// compiles (nil: compiled here), as SearchLayout.
func SearchLayoutWithin(ctx context.Context, l *sudoku.Layout, b *sudoku.Board, limit int, budget int64) (Result, error) {
	if err := b.Unreadable(); err != nil {
		return Result{}, err
	}
	if _, ok := b.Grid(); ok {
		return searchGeneral(ctx, b, l, limit, budget)
	}
	return searchCompiled(ctx, b, l, limit, budget)
}

// searchGeneral is Fast's Search, with a budget of nodes for
// Bitboard and the general search (0: none).
func searchGeneral(ctx context.Context, b *sudoku.Board, l *sudoku.Layout, limit int, budget int64) (Result, error) {
	if g, ok := b.Grid(); ok {
		return searchClassic(ctx, fastEngine, g, limit)
	}
	if bitsUnsupported(b) == "" {
		if err := b.Rules.Validate(); err != nil {
			return Result{}, err
		}
		return searchBits(ctx, b, limit, budget)
	}
	return searchCompiled(ctx, b, l, limit, budget)
}

// searchCompiled is the general search, on the rule set compiled (from
// l when not nil) and cached.
func searchCompiled(ctx context.Context, b *sudoku.Board, l *sudoku.Layout, limit int, budget int64) (Result, error) {
	p, err := compileIn(b.Rules, l)
	if err != nil {
		return Result{}, err
	}
	s := p.scratch.Get().(*gsearch)
	defer p.scratch.Put(s)
	s.reset(ctx, limit)
	if !s.load(b) {
		return Result{Nodes: 1}, ctx.Err()
	}
	s.run(firstRunNodes, budget)
	res := Result{Count: s.count, Guesses: s.guesses, Nodes: s.nodes}
	if s.count > 0 {
		res.Solution = append([]uint8(nil), s.sol...)
	}
	if s.count > 1 {
		res.Second = append([]uint8(nil), s.second...)
	}
	switch {
	case s.stopped && ctx.Err() != nil:
		return res, ctx.Err()
	case s.stopped:
		return res, ErrBudget
	}
	return res, nil
}

// ErrBudget means RandomSolution or SearchWithin gave up after its
// budget of nodes.
var ErrBudget = errors.New("search budget spent")

// RandomSolution returns a solution of b drawn at random: the search
// tries the branches of every guess in an order drawn from r. Started
// from a board with few givens it gives varied solution grids, as a
// generator needs. It propagates singles only (locked candidates cost
// more than the guesses they save on a nearly empty board). It gives up with ErrBudget after budget search nodes
// (0: no limit), so the same r gives the same answer on any machine. It
// returns sudoku.ErrNoSolution when b has none, and ctx's error when ctx
// ends first.
func RandomSolution(ctx context.Context, b *sudoku.Board, r *rand.Rand, budget int64) ([]uint8, error) {
	if err := b.Unreadable(); err != nil {
		return nil, err
	}
	p, err := compile(b.Rules)
	if err != nil {
		return nil, err
	}
	s := p.scratch.Get().(*gsearch)
	defer p.scratch.Put(s)
	s.reset(ctx, 1)
	s.rnd, s.budget = r, budget
	defer func() { s.rnd, s.budget = nil, 0 }()
	if s.load(b) {
		s.solve(0)
	}
	switch {
	case s.stopped && ctx.Err() != nil:
		return nil, ctx.Err()
	case s.stopped:
		return nil, ErrBudget
	case s.count == 0:
		return nil, sudoku.ErrNoSolution
	}
	return append([]uint8(nil), s.sol...), nil
}

// program is a rule set compiled for Fast's general search.
type program struct {
	fp      uint64 // the fingerprint of the rules compiled
	n, nn   int
	all     mask
	peers   []int32 // every cell's peers, one after the other
	peerOff []int32 // peers of cell c: peers[peerOff[c]:peerOff[c+1]]
	houses  []int32 // the cells of each house, n at a time
	// lineBox is each cell's row, column and box or region, as indexes
	// of houses.
	lineBox [][3]int32
	// sig is each cell's houses as a bit set (house i is bit i), for
	// locked candidates; nil when they are off (small grids, or more
	// than 128 houses).
	sig     [][2]uint64
	cellCag []int32 // the cage of each cell, -1 for none
	// innieOf lists, per cell, the implied cages (a house's innies:
	// addInnies) it is in, besides its own cage.
	innieOf [][]int32
	cages   []pcage
	parity  []mask // the digits each cell may hold
	combos  [][][]mask
	// cons are the rule set's constraints (sudoku.Constraint, not the
	// drawings), consOf each cell's among them.
	cons    []sudoku.Constraint
	consOf  [][]int32
	scratch sync.Pool
}

// pcage is a cage with a sum.
type pcage struct {
	cells   []int32
	sum     int
	ok      bool // combos of its size are tabled (not too many to list)
	implied bool // a house's innies (addInnies), not a cage of the rules
}

// maxCombos bounds the digit sets listed for one cage size: bigger cages
// of large grids are checked only when full.
const maxCombos = 1 << 15

// programs caches the compiled rule sets by a weak pointer to their
// Rules: an entry goes when its Rules is collected, so a server that
// parses a new jigsaw per request does not keep them all. Rules is a
// struct of exported fields that a caller may change between two
// searches (a cage's sum, a region): each program keeps the fingerprint
// of the rules it was compiled from, and a search of rules whose
// fingerprint differs compiles them again rather than answer for the
// rules as they were.
var programs sync.Map // weak.Pointer[sudoku.Rules] -> *program

// compile returns the program of rules, compiling it once while they
// stay as they are.
func compile(r *sudoku.Rules) (*program, error) { return compileIn(r, nil) }

// compileIn is compile from r's layout l when the caller has it (nil:
// built here).
func compileIn(r *sudoku.Rules, l *sudoku.Layout) (*program, error) {
	k, fp := weak.Make(r), fingerprint(r)
	old, cached := programs.Load(k)
	if cached && old.(*program).fp == fp {
		return old.(*program), nil
	}
	if l == nil || l.Rules != r {
		var err error
		if l, err = r.Layout(); err != nil {
			return nil, err
		}
	}
	p := newProgram(l)
	p.fp = fp
	if cached {
		programs.Store(k, p) // the rules changed since: the new program stands
		return p, nil
	}
	actual, loaded := programs.LoadOrStore(k, p)
	if !loaded {
		runtime.AddCleanup(r, func(k weak.Pointer[sudoku.Rules]) { programs.Delete(k) }, k)
	}
	if q := actual.(*program); q.fp == fp {
		return q, nil
	}
	return p, nil
}

// fingerprint hashes what a program is compiled from: every field of r,
// and each constraint by its identity (constraints are values their
// constructors make and nothing changes). Two rule sets that differ in
// any cell of a region, cage, extra region or parity get different
// fingerprints but for a 64-bit collision.
func fingerprint(r *sudoku.Rules) uint64 {
	h := fnv64(14695981039346656037, uint64(r.Size), uint64(r.BoxRows), uint64(r.BoxCols), uint64(r.Diagonals),
		b2u(r.Windoku), b2u(r.Disjoint), b2u(r.AntiKnight), b2u(r.AntiKing), uint64(len(r.Regions)), uint64(len(r.Parity)))
	for _, v := range r.Regions {
		h = fnv64(h, uint64(v))
	}
	for _, v := range r.Parity {
		h = fnv64(h, uint64(v))
	}
	h = fnv64(h, uint64(len(r.Extra)))
	for _, e := range r.Extra {
		h = fnvInts(fnv64(h, uint64(len(e))), e)
	}
	h = fnv64(h, uint64(len(r.Cages)))
	for _, k := range r.Cages {
		h = fnvInts(fnv64(h, uint64(k.Sum), uint64(len(k.Cells))), k.Cells)
	}
	h = fnv64(h, uint64(len(r.Constraints)))
	for _, c := range r.Constraints {
		if v := reflect.ValueOf(c); v.Kind() == reflect.Pointer {
			h = fnv64(h, uint64(v.Pointer()))
		} else if c != nil {
			h = fnvInts(fnv64(h, uint64(len(c.Cells()))), c.Cells())
		}
	}
	return h
}

// fnv64 folds vs into FNV-1a hash h, a 64-bit word at a time.
func fnv64(h uint64, vs ...uint64) uint64 {
	for _, v := range vs {
		h = (h ^ v) * 1099511628211
	}
	return h
}

func fnvInts(h uint64, vs []int) uint64 {
	for _, v := range vs {
		h = (h ^ uint64(v)) * 1099511628211
	}
	return h
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func newProgram(l *sudoku.Layout) *program {
	n, nn := l.N, l.NN
	p := &program{n: n, nn: nn, all: mask(sudoku.AllDigits(n)), peerOff: make([]int32, nn+1), cellCag: make([]int32, nn), parity: make([]mask, nn)}
	for c := range nn {
		p.peerOff[c] = int32(len(p.peers))
		for _, o := range l.Peers[c] {
			p.peers = append(p.peers, int32(o))
		}
		p.cellCag[c] = -1
		p.parity[c] = p.all
	}
	p.peerOff[nn] = int32(len(p.peers))
	for _, u := range l.Units[:l.Houses] {
		for _, c := range u.Cells {
			p.houses = append(p.houses, int32(c))
		}
	}
	for c, par := range l.Rules.Parity {
		p.parity[c] = parityMask(n, par)
	}
	maxK := 0
	for _, k := range l.Rules.Cages {
		if k.Sum == 0 {
			continue
		}
		pc := pcage{sum: k.Sum}
		for _, c := range k.Cells {
			pc.cells = append(pc.cells, int32(c))
			p.cellCag[c] = int32(len(p.cages))
		}
		maxK = max(maxK, len(k.Cells))
		p.cages = append(p.cages, pc)
	}
	p.addInnies(l)
	for _, pc := range p.cages {
		maxK = max(maxK, len(pc.cells))
	}
	p.tableCombos(maxK)
	for i := range p.cages {
		p.cages[i].ok = p.combos[len(p.cages[i].cells)] != nil
	}
	p.lineBox = make([][3]int32, nn)
	for c := range nn {
		p.lineBox[c] = [3]int32{int32(c / n), int32(n + c%n), -1}
	}
	for h := 2 * n; h < 3*n; h++ {
		for _, c := range p.houses[h*n : (h+1)*n] {
			p.lineBox[c][2] = int32(h)
		}
	}
	if n >= lockedMinSize && len(p.cages) == 0 && len(p.houses)/n <= 128 {
		p.sig = make([][2]uint64, nn)
		for h := 0; h < len(p.houses)/n; h++ {
			for _, c := range p.houses[h*n : (h+1)*n] {
				p.sig[c][h/64] |= 1 << (h % 64)
			}
		}
	}
	p.compileConstraints(l)
	p.scratch.New = func() any { return newSearch(p) }
	return p
}

// compileConstraints lists the constraints to propagate (the parts of
// those that split, sudoku.Propagators) and each cell's.
func (p *program) compileConstraints(l *sudoku.Layout) {
	p.consOf = make([][]int32, p.nn)
	for _, k := range sudoku.Propagators(l.Rules.Constraints) {
		for _, c := range k.Cells() {
			p.consOf[c] = append(p.consOf[c], int32(len(p.cons)))
		}
		p.cons = append(p.cons, k)
	}
}

// addInnies adds the sums the rule of 45 implies, as a killer solver
// reads them (ISS's optimizer adds them too): in each house, the cells
// outside the cages wholly inside it (its innies, 1 to 5 of them) hold
// distinct digits summing to what those cages leave of 1+...+N, a cage
// of its own (implied: the cells keep their own cages).
func (p *program) addInnies(l *sudoku.Layout) {
	real := len(p.cages)
	if real == 0 {
		return
	}
	total := p.n * (p.n + 1) / 2
	in := make([]bool, p.nn)
	for _, u := range l.Units[:l.Houses] {
		if len(u.Cells) != p.n {
			continue
		}
		for _, c := range u.Cells {
			in[c] = true
		}
		if cells, sum, ok := p.innies(l, u.Cells, in, total); ok {
			if p.innieOf == nil {
				p.innieOf = make([][]int32, p.nn)
			}
			for _, c := range cells {
				p.innieOf[c] = append(p.innieOf[c], int32(len(p.cages)))
			}
			p.cages = append(p.cages, pcage{cells: cells, sum: sum, implied: true})
		}
		for _, c := range u.Cells {
			in[c] = false
		}
	}
}

// innies returns the innies of the house of cells (marked in in) and
// their sum; false when a cage inside has no sum, or none, all or more
// than 5 cells are left.
func (p *program) innies(l *sudoku.Layout, cells []int, in []bool, total int) ([]int32, int, bool) {
	sum := total
	covered := map[int]bool{}
	for _, k := range l.Rules.Cages {
		inside := true
		for _, c := range k.Cells {
			inside = inside && in[c]
		}
		if !inside {
			continue
		}
		if k.Sum == 0 {
			return nil, 0, false
		}
		sum -= k.Sum
		for _, c := range k.Cells {
			covered[c] = true
		}
	}
	var out []int32
	for _, c := range cells {
		if !covered[c] {
			out = append(out, int32(c))
		}
	}
	if len(out) == 0 || len(out) == len(cells) || len(out) > 5 || sum <= 0 {
		return nil, 0, false
	}
	return out, sum, true
}

// parityMask returns the digits 1..n of a parity.
func parityMask(n int, par sudoku.Parity) mask {
	var m mask
	for d := 1; d <= n; d++ {
		if par == sudoku.AnyParity || (d%2 == 1) == (par == sudoku.Odd) {
			m |= 1 << (d - 1)
		}
	}
	return m
}

// tableCombos lists, for each cage size k up to maxK (and each smaller
// count of empty cells), the sets of k different digits by their sum:
// combos[k][s].
func (p *program) tableCombos(maxK int) {
	p.combos = make([][][]mask, maxK+1)
	for k := 1; k <= maxK; k++ {
		if binomial(p.n, k) > maxCombos {
			continue
		}
		_, hi := sudoku.SumRange(p.n, k)
		p.combos[k] = make([][]mask, hi+1)
	}
	var walk func(d, k, sum int, m mask)
	walk = func(d, k, sum int, m mask) {
		if k > 0 && k <= maxK && p.combos[k] != nil {
			p.combos[k][sum] = append(p.combos[k][sum], m)
		}
		if k == maxK {
			return
		}
		for e := d; e <= p.n; e++ {
			walk(e+1, k+1, sum+e, m|1<<(e-1))
		}
	}
	if maxK > 0 {
		walk(1, 0, 0, 0)
	}
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
		if r > maxCombos {
			return r
		}
	}
	return r
}

// gsearch is the scratch space of one search. The state of a depth is
// one slice: the candidates of each cell (0 once placed), then the digit
// placed in each cell as a bit (0 while empty), so a guess copies it once
// and a house's scan needs no branch.
type gsearch struct {
	p       *program
	state   [][]mask // per depth
	queue   []int32
	dirty   []bool // cages to restrict
	sol     []uint8
	second  []uint8 // the second solution, when one is found
	count   int
	limit   int
	nodes   int64
	guesses int64
	ctx     context.Context
	stopped bool
	rnd     *rand.Rand // when set, the branches of each guess are tried in random order
	budget  int64      // when above 0, the search gives up after this many nodes

	restarts // the runs after the first (restart.go)

	dom       sudoku.Domains // the constraints' view of the depth propagated
	consDirty []bool         // constraints whose cells changed since they last ran
	consQueue []int32

	trueCands []mask // per cell, the digits of the solutions found, in a TrueCandidates search (candidates.go); else nil
	// onLeaf, when set, sees each solution found (counts.go:
	// CountCandidates, Solutions); nil in other searches.
	onLeaf func(fixed []mask)
}

func newSearch(p *program) *gsearch {
	return &gsearch{p: p, queue: make([]int32, 0, p.nn), dirty: make([]bool, len(p.cages)), sol: make([]uint8, p.nn), second: make([]uint8, p.nn),
		dom: sudoku.Domains{N: p.n}, consDirty: make([]bool, len(p.cons)), consQueue: make([]int32, 0, len(p.cons))}
}

func (s *gsearch) reset(ctx context.Context, limit int) {
	s.ctx, s.limit, s.count, s.nodes, s.guesses, s.stopped = ctx, limit, 0, 0, 0, false
}

// level returns the candidates and placed digits of depth i, growing the
// stack.
func (s *gsearch) level(i int) (cand, fixed []mask) {
	for len(s.state) <= i {
		s.state = append(s.state, make([]mask, 2*s.p.nn))
	}
	st := s.state[i]
	return st[:s.p.nn], st[s.p.nn:]
}

// load sets depth 0 to b's givens and propagates; false on a dead end.
func (s *gsearch) load(b *sudoku.Board) bool {
	cand, fixed := s.level(0)
	p := s.p
	s.queue = s.queue[:0]
	for c := range p.nn {
		cand[c], fixed[c] = p.parity[c], 0
		if b.Marks != nil {
			cand[c] &= mask(b.Marks[c])
		}
	}
	for c, v := range b.Cells {
		if v != 0 {
			cand[c] &= 1 << (v - 1)
			if cand[c] == 0 {
				return false
			}
			s.queue = append(s.queue, int32(c))
		}
	}
	for i := range s.dirty {
		s.dirty[i] = true
	}
	s.consQueue = s.consQueue[:0]
	for k := range s.consDirty {
		s.consDirty[k] = true
		s.consQueue = append(s.consQueue, int32(k))
	}
	s.nodes++
	return s.propagate(cand, fixed)
}

// probe takes from depth 0 every candidate whose placement propagation
// alone proves a dead end (a failed literal), round after round until
// none goes, and reports false when the board has no solution. It runs
// when the first run of a board with constraints did not end (run):
// their relations between cells propagate little one cell at a time, and
// a nearly empty board with every kropki dot given is then often solved,
// or nearly, before the next guess.
func (s *gsearch) probe() bool {
	nn := s.p.nn
	for changed := true; changed; {
		changed = false
		for c := range nn {
			cand, _ := s.level(0)
			for m := cand[c]; m&(m-1) != 0 && m != 0; m &= m - 1 {
				bit := m & -m
				if s.fails(int32(c), bit) {
					if !s.drop(int32(c), bit) {
						return false
					}
					changed = true
				}
				if s.ctx.Err() != nil {
					return true // the search that follows reports it
				}
			}
		}
	}
	return true
}

// fails reports whether placing bit in cell c at depth 0 leads to a dead
// end by propagation.
func (s *gsearch) fails(c int32, bit mask) bool {
	s.level(1)
	st, next := s.state[0], s.state[1]
	if st[c]&bit == 0 {
		return false
	}
	copy(next, st)
	next[c] = bit
	s.queue = append(s.queue[:0], c)
	s.touch(c)
	s.nodes++
	return !s.propagate(next[:s.p.nn], next[s.p.nn:])
}

// drop takes bit from cell c at depth 0 and propagates; false on a dead
// end.
func (s *gsearch) drop(c int32, bit mask) bool {
	cand, fixed := s.level(0)
	cand[c] &^= bit
	if cand[c] == 0 {
		return false
	}
	s.queue = s.queue[:0]
	if cand[c]&(cand[c]-1) == 0 {
		s.queue = append(s.queue, c)
	}
	s.touch(c)
	return s.propagate(cand, fixed)
}

// solve searches from depth i, whose state is propagated.
func (s *gsearch) solve(i int) bool {
	var opts [32]choice
	if s.trueCands != nil {
		return s.solveNew(i, &opts)
	}
	n := s.choices(i, &opts)
	if n < 0 {
		return s.leaf(i)
	}
	return s.branch(i, opts[:n])
}

// branch tries the branches of a guess at depth i in turn.
func (s *gsearch) branch(i int, opts []choice) bool {
	n := len(opts)
	if n > 1 {
		s.guesses++
		if s.rnd != nil {
			s.rnd.Shuffle(n, func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
		}
		if s.restart {
			s.order(opts[:n])
		}
	}
	s.level(i + 1)
	st, next := s.state[i], s.state[i+1]
	nn := s.p.nn
	for _, o := range opts {
		s.nodes++
		if s.nodes%ctxEveryNodes == 0 && s.ctx.Err() != nil || s.budget > 0 && s.nodes > s.budget {
			s.stopped = true
			return true
		}
		copy(next, st)
		if s.allDiff {
			s.descend(i + 1)
		}
		next[o.cell] = o.bit
		s.queue = append(s.queue[:0], o.cell)
		s.touch(o.cell)
		if s.propagate(next[:nn], next[nn:]) && s.solve(i+1) {
			return true
		}
	}
	return false
}

// choice is one branch of a guess: a cell given one digit.
type choice struct {
	cell int32
	bit  mask
}

// choices lists the branches at depth i in opts: the digits of an empty
// cell with the fewest candidates or, when no cell has two, the places of
// the digit with the fewest places in a house if fewer (a smaller choice
// that finds dead ends sooner, as dancing links does). It returns -1 when
// every cell is placed. With constraints (thermometers, dots, ...) it
// branches on cells only: constraints propagate from the cells placed
// next to each other, and a digit's places in a house are far apart. On
// the 33 puzzles of the f-puzzles corpus (restarts and probing on), cells
// only: 0.22 s in all, with house choices 0.25 s (Anti-Ratio Coverage
// 4,781 nodes against 7,322, Modular Nabner DA Coverage 717 against
// 1,494, Parking Garage 797 against 416).
func (s *gsearch) choices(i int, opts *[32]choice) int {
	cand, _ := s.level(i)
	best, bestN := fewest(cand)
	if s.restart {
		best, bestN = s.weighted(cand)
	}
	if best < 0 {
		return -1
	}
	if bestN > 2 && len(s.p.cons) == 0 {
		if n := s.houseChoice(cand, bestN, opts); n > 0 {
			return n
		}
	}
	n := 0
	for m := cand[best]; m != 0; m &= m - 1 {
		opts[n] = choice{int32(best), m & -m}
		n++
	}
	return n
}

// fewest returns the first empty cell with the fewest candidates, and
// their count; -1 when every cell is placed.
func fewest(cand []mask) (best, bestN int) {
	best, bestN = -1, 99
	for c, m := range cand {
		if m == 0 {
			continue
		}
		if k := bits.OnesCount32(uint32(m)); k < bestN {
			best, bestN = c, k
			if k == 2 {
				break
			}
		}
	}
	return best, bestN
}

// houseChoice lists the places of the digit with the fewest places left
// in a house, when fewer than max, and returns how many (0 for none).
func (s *gsearch) houseChoice(cand []mask, max int, opts *[32]choice) int {
	p := s.p
	bestH, bestBit, bestN := -1, mask(0), max
	for h := 0; h < len(p.houses) && bestN > 2; h += p.n {
		cells := p.houses[h : h+p.n]
		var open mask
		for _, c := range cells {
			open |= cand[c]
		}
		for m := open; m != 0; m &= m - 1 {
			bit, k := m&-m, 0
			for _, c := range cells {
				if cand[c]&bit != 0 {
					k++
				}
			}
			if k < bestN {
				bestH, bestBit, bestN = h, bit, k
			}
		}
	}
	if bestH < 0 {
		return 0
	}
	n := 0
	for _, c := range p.houses[bestH : bestH+p.n] {
		if cand[c]&bestBit != 0 {
			opts[n] = choice{c, bestBit}
			n++
		}
	}
	return n
}

// propagate places the queued cells and everything that follows: naked
// singles, cage sums, hidden singles. It returns false on a dead end.
func (s *gsearch) propagate(cand, fixed []mask) bool {
	lockedDone := false
	for {
		if !s.placeQueued(cand, fixed) || !s.restrictCages(cand, fixed) {
			return false
		}
		if len(s.queue) > 0 {
			continue
		}
		if !s.runConstraints(cand, fixed) {
			return false
		}
		if len(s.queue) > 0 {
			continue
		}
		ok, found := s.hiddenSingles(cand, fixed)
		if !ok {
			return false
		}
		if !found && s.allDiff {
			if ok, found = s.filterHouses(cand); !ok {
				return false
			}
			if found {
				continue
			}
		}
		if !found && s.p.sig != nil && !lockedDone && s.rnd == nil {
			lockedDone = true
			ok, found = s.locked(cand)
			if !ok {
				return false
			}
		}
		if !found {
			return true
		}
	}
}

// lockedMinSize is the smallest size whose searches use locked
// candidates (once per propagation, and not on killers): measured on the
// shared Solo files, they cut jigsaw guesses from 13 to 0.7 a puzzle
// (26,700 to 44,000 puzzles/s) and 16x16 from 38 to 0.8 (median 145 to
// 82 µs), leave X even, and slow 6x6 (447,000 to 238,000/s) and killer
// (13,100 to 7,500/s).
const lockedMinSize = 9

// locked applies locked candidates over any two houses: when the places
// of a digit in one house all lie in another house too, the digit goes
// from the rest of that other house. It returns false on a dead end, and
// whether it removed a candidate.
func (s *gsearch) locked(cand []mask) (ok, found bool) {
	p := s.p
	n := p.n
	var and [32][2]uint64
	for h := 0; h < len(p.houses)/n; h++ {
		cells := p.houses[h*n : (h+1)*n]
		var seen, many mask
		for _, c := range cells {
			m := cand[c]
			for mm := m; mm != 0; mm &= mm - 1 {
				d := bits.TrailingZeros32(uint32(mm))
				if seen&(1<<d) == 0 {
					and[d] = p.sig[c]
				} else {
					and[d][0] &= p.sig[c][0]
					and[d][1] &= p.sig[c][1]
					many |= 1 << d
				}
			}
			seen |= m
		}
		for m := many; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(uint32(m))
			a := and[d]
			a[h/64] &^= 1 << (h % 64)
			for w := range 2 {
				for x := a[w]; x != 0; x &= x - 1 {
					o := 64*w + bits.TrailingZeros64(x)
					r, f := s.clearOutside(cand, int32(o), int32(h), mask(1)<<d)
					if !r {
						return false, false
					}
					found = found || f
				}
			}
		}
	}
	return true, found
}

// clearOutside removes the digit bit from the cells of house o outside
// house h.
func (s *gsearch) clearOutside(cand []mask, o, h int32, bit mask) (ok, found bool) {
	p := s.p
	n := int32(p.n)
	for _, c := range p.houses[o*n : (o+1)*n] {
		if cand[c]&bit == 0 || p.sig[c][h/64]&(1<<(h%64)) != 0 {
			continue
		}
		m := cand[c] &^ bit
		cand[c] = m
		if m == 0 {
			return false, false
		}
		if m&(m-1) == 0 {
			s.queue = append(s.queue, c)
		}
		s.touch(c)
		found = true
	}
	return true, found
}

// placeQueued places every queued cell's single candidate and clears it
// from its peers.
func (s *gsearch) placeQueued(cand, fixed []mask) bool {
	p := s.p
	for len(s.queue) > 0 {
		c := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		m := cand[c]
		if m == 0 {
			if fixed[c] != 0 {
				continue // placed already
			}
			return false
		}
		if m&(m-1) != 0 {
			return false
		}
		fixed[c], cand[c] = m, 0
		s.touch(c)
		for _, o := range p.peers[p.peerOff[c]:p.peerOff[c+1]] {
			om := cand[o]
			if om&m == 0 {
				continue
			}
			om &^= m
			cand[o] = om
			if om == 0 {
				s.blame(o)
				return false
			}
			if om&(om-1) == 0 {
				s.queue = append(s.queue, o)
			}
			s.touch(o)
		}
	}
	return true
}

// restrictCages keeps in each changed cage's empty cells only the digits
// of the combinations its sum still allows.
func (s *gsearch) restrictCages(cand, fixed []mask) bool {
	p := s.p
	for k := range p.cages {
		if !s.dirty[k] {
			continue
		}
		s.dirty[k] = false
		pc := &p.cages[k]
		need, placed, union, empty := pc.sum, mask(0), mask(0), 0
		for _, c := range pc.cells {
			if f := fixed[c]; f != 0 {
				need -= bits.TrailingZeros32(uint32(f)) + 1
				placed |= f
			} else {
				union |= cand[c]
				empty++
			}
		}
		if empty == 0 {
			if need != 0 {
				return false
			}
			continue
		}
		if need <= 0 {
			return false
		}
		if !pc.ok {
			continue
		}
		lists := p.combos[empty]
		if need >= len(lists) {
			return false
		}
		allowed, required := mask(0), ^mask(0)
		for _, m := range lists[need] {
			if m&placed == 0 && m&^union == 0 {
				allowed |= m
				required &= m
			}
		}
		if allowed == 0 {
			return false
		}
		for _, c := range pc.cells {
			if nm := cand[c] & allowed; nm != cand[c] {
				if nm == 0 {
					return false
				}
				cand[c] = nm
				if nm&(nm-1) == 0 {
					s.queue = append(s.queue, c)
				}
				s.touchConstraints(c)
			}
		}
		if !s.cageRequired(pc, cand, fixed, required) {
			return false
		}
	}
	return true
}

// cageRequired handles the digits every combination left for a cage
// holds: one with a single place in the cage goes there; one whose places
// in the cage share a row, column or box goes from the rest of it.
func (s *gsearch) cageRequired(pc *pcage, cand, fixed []mask, required mask) bool {
	p := s.p
	for m := required; m != 0; m &= m - 1 {
		bit := m & -m
		var first int32 = -1
		k := 0
		same := [3]int32{-1, -1, -1}
		for _, c := range pc.cells {
			if cand[c]&bit == 0 {
				continue
			}
			k++
			hs := p.lineBox[c]
			if first < 0 {
				first, same = c, hs
				continue
			}
			for i := range same {
				if same[i] != hs[i] {
					same[i] = -1
				}
			}
		}
		switch {
		case k == 0:
			return false
		case k == 1:
			if cand[first] != bit {
				cand[first] = bit
				s.queue = append(s.queue, first)
				s.touchConstraints(first)
			}
			continue
		}
		for _, h := range same {
			if h >= 0 && !s.clearHouseOutsideCage(cand, h, pc, bit) {
				return false
			}
		}
	}
	return true
}

// clearHouseOutsideCage removes bit from the cells of house h (by its
// index) that are not in cage pc.
func (s *gsearch) clearHouseOutsideCage(cand []mask, h int32, pc *pcage, bit mask) bool {
	p := s.p
	n := int32(p.n)
	k := p.cellCag[pc.cells[0]]
	for _, c := range p.houses[h*n : (h+1)*n] {
		if cand[c]&bit == 0 || !pc.implied && p.cellCag[c] == k || pc.implied && slices.Contains(pc.cells, c) {
			continue
		}
		nm := cand[c] &^ bit
		cand[c] = nm
		if nm == 0 {
			return false
		}
		if nm&(nm-1) == 0 {
			s.queue = append(s.queue, c)
		}
		s.touch(c)
	}
	return true
}

// touch marks what reads cell c as to be looked at again: its cage and
// its constraints.
func (s *gsearch) touch(c int32) {
	if k := s.p.cellCag[c]; k >= 0 {
		s.dirty[k] = true
	}
	if s.p.innieOf != nil {
		for _, k := range s.p.innieOf[c] {
			s.dirty[k] = true
		}
	}
	s.touchConstraints(c)
}

// touchConstraints queues the constraints of cell c.
func (s *gsearch) touchConstraints(c int32) {
	for _, k := range s.p.consOf[c] {
		if !s.consDirty[k] {
			s.consDirty[k] = true
			s.consQueue = append(s.consQueue, k)
		}
	}
}

// runConstraints propagates the queued constraints until none is left:
// each narrows the candidates (through s.dom, a view of this depth), the
// cells it narrowed queue the constraints and cages that read them, and
// those it leaves with one digit are queued to be placed. It returns
// false on a dead end.
func (s *gsearch) runConstraints(cand, fixed []mask) bool {
	p := s.p
	s.dom.Open, s.dom.Placed = cand, fixed
	for len(s.consQueue) > 0 {
		k := s.consQueue[len(s.consQueue)-1]
		s.consQueue = s.consQueue[:len(s.consQueue)-1]
		s.consDirty[k] = false
		s.dom.Changed = s.dom.Changed[:0]
		if !p.cons[k].Propagate(&s.dom) {
			s.blameConstraint(k)
			return false
		}
		for _, c := range s.dom.Changed {
			if m := cand[c]; m != 0 && m&(m-1) == 0 {
				s.queue = append(s.queue, c)
			}
			s.touch(c)
		}
	}
	return true
}

// hiddenSingles gives every digit with one place left in a house that
// place. It returns false on a house with no place for a digit, and
// whether it queued a cell.
func (s *gsearch) hiddenSingles(cand, fixed []mask) (ok, found bool) {
	p := s.p
	for h := 0; h < len(p.houses); h += p.n {
		cells := p.houses[h : h+p.n]
		var once, twice, placed mask
		for _, c := range cells {
			m := cand[c]
			twice |= once & m
			once |= m
			placed |= fixed[c]
		}
		if once|placed != p.all {
			s.blameHouse(h / p.n)
			return false, false
		}
		for single := once &^ twice; single != 0; single &= single - 1 {
			bit := single & -single
			for _, c := range cells {
				if cand[c]&bit != 0 {
					if cand[c] != bit {
						cand[c] = bit
						s.queue = append(s.queue, c)
						found = true
					}
					break
				}
			}
		}
	}
	return true, found
}

// mask is a set of digits, bit d-1 for digit d: a cell's candidates or
// its digit placed (sudoku.Digits, which constraints read too).
type mask = sudoku.Digits
