package solver

import (
	"math/bits"
	"math/rand/v2"
)

// First runs and restarts. One depth-first search is complete, but it can
// wander for long in a subtree without a solution: a 25x25 with 295 of
// its 625 cells given at random (the hardest density for such boards, as
// for quasigroup completion) ran past three CPU-minutes in the first
// subtree it chose. So when Fast looks for one or two solutions, the
// first run, in the usual order, has a budget of firstRunNodes nodes.
// When it is spent the search starts again from the givens, each run
// with a budget of restartUnit times the next term of Luby's sequence
// (1, 1, 2, 1, 1, 2, 4, 1, ...), until a run ends within its budget, as
// SAT solvers do against such heavy tails. The runs after the first
//
//   - break ties between the best cells to branch on at random, and try
//     the digits of a guess in random order, but the digit of a solution
//     already found last, so that a run looking for a second solution
//     leaves the first one's path early;
//   - weigh each cell by the dead ends met there or in its houses
//     (dom/wdeg): the cell branched on has the fewest candidates for its
//     weight, so later runs settle first where earlier ones failed;
//   - filter every house as all-different (alldiff.go): a digit goes from
//     a cell when no assignment of the house's open cells to its missing
//     digits gives it that digit.
//
// Boards with constraints are first probed (probe, in general.go).
// A run that ends within its budget has seen every solution; those of
// earlier runs are recognised by their hash and not counted again. The
// random source is seeded the same way for every search, so results do
// not depend on timing. Counting more solutions (limit > 2) walks the
// tree once: a restart would find the same solutions again.
const (
	firstRunNodes = 1 << 11
	restartUnit   = 1 << 10
)

// restarts is the part of a search's state the runs after the first use.
type restarts struct {
	restart bool // in a run after the first
	allDiff bool // houses filtered as all-different (see filterHouses)
	src     *rand.PCG
	rand    *rand.Rand
	seen    [2]uint64 // hashes of the solutions counted, when limit <= 2
	weight  []int32   // per cell: dead ends met there or in its houses
	sig     [][]uint64
	depth   int // the depth being propagated, for sig
}

// run searches from depth 0, loaded: once when counting more than two
// solutions, else with a first run of first nodes (firstRunNodes but in
// tests) and restarts as the comment above says, until a run ends within
// its budget, the context is done or most nodes are spent (0: no bound);
// s.stopped then says the search is not over.
func (s *gsearch) run(first, most int64) {
	within := func(b int64) int64 {
		if most > 0 {
			return min(b, most)
		}
		return b
	}
	if s.limit > 2 {
		s.budget = most
		s.solve(0)
		s.budget = 0
		return
	}
	s.budget = within(s.nodes + first)
	s.solve(0)
	for i := int64(1); s.stopped && s.ctx.Err() == nil && s.count < s.limit && (most == 0 || s.nodes < most); i++ {
		if i == 1 {
			s.startRestarts()
			if len(s.p.cons) > 0 && !s.probe() {
				s.stopped = false // no solution beyond those counted
				break
			}
		}
		s.stopped = false
		s.budget = within(s.nodes + restartUnit*luby(i))
		s.solve(0)
	}
	s.budget, s.restart, s.allDiff = 0, false, false
}

// startRestarts readies the runs after the first.
func (s *gsearch) startRestarts() {
	s.restart, s.allDiff = true, true
	if s.src == nil {
		s.src = rand.NewPCG(0, 0)
		s.rand = rand.New(s.src)
		s.weight = make([]int32, s.p.nn)
	}
	s.src.Seed(0x5eed, uint64(s.p.nn))
	clear(s.weight)
	clear(s.sigs(0))
	s.depth = 0
}

// luby returns the i-th term (from 1) of Luby's sequence: 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, ...
func luby(i int64) int64 {
	for {
		k := int64(1)
		for 1<<k-1 < i {
			k++
		}
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// leaf counts the solution at depth i, unless a run before this one
// counted it, and reports whether the search is over.
func (s *gsearch) leaf(i int) bool {
	_, fixed := s.level(i)
	if s.limit <= 2 {
		h := solutionHash(fixed)
		if s.restart && s.count > 0 && s.seen[0] == h {
			return false
		}
		s.seen[s.count] = h
	}
	if s.onLeaf != nil {
		s.onLeaf(fixed)
	}
	if s.count < 2 {
		out := s.sol
		if s.count == 1 {
			out = s.second
		}
		for c, f := range fixed {
			out[c] = uint8(bits.TrailingZeros32(uint32(f)) + 1)
		}
	}
	s.count++
	return s.count >= s.limit
}

// solutionHash is a 64-bit hash of the digits placed (FNV-1a over the
// words): the solutions of several runs are told apart by it.
func solutionHash(fixed []mask) uint64 {
	h := uint64(14695981039346656037)
	for _, f := range fixed {
		h = (h ^ uint64(f)) * 1099511628211
	}
	return h
}

// order shuffles the branches of a guess and, once a solution is known,
// puts the branch that agrees with it last.
func (s *gsearch) order(opts []choice) {
	s.rand.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	if s.count == 0 {
		return
	}
	last := len(opts) - 1
	for k, o := range opts[:last] {
		if o.bit == 1<<(s.sol[o.cell]-1) {
			opts[k], opts[last] = opts[last], opts[k]
			return
		}
	}
}

// weighted returns the empty cell with the fewest candidates for its
// weight (1 + the dead ends met there), scanning from a random cell so
// that ties are broken at random, and its count of candidates.
func (s *gsearch) weighted(cand []mask) (best, bestN int) {
	best, bestN = -1, 99
	var bestW int32
	start := s.rand.IntN(len(cand))
	for j := range cand {
		c := j + start
		if c >= len(cand) {
			c -= len(cand)
		}
		m := cand[c]
		if m == 0 {
			continue
		}
		k, w := bits.OnesCount32(uint32(m)), s.weight[c]+1
		if best < 0 || int32(k)*bestW < int32(bestN)*w {
			best, bestN, bestW = c, k, w
		}
	}
	return best, bestN
}

// blame adds a dead end to the weight of cell c, in the runs after the
// first.
func (s *gsearch) blame(c int32) {
	if s.restart {
		s.weight[c]++
	}
}

// blameConstraint adds a dead end to the weight of constraint k's
// cells, in the runs after the first.
func (s *gsearch) blameConstraint(k int32) {
	if s.restart {
		for _, c := range s.p.cons[k].Cells() {
			s.weight[c]++
		}
	}
}

// blameHouse adds a dead end to the weight of house h's cells, in the
// runs after the first.
func (s *gsearch) blameHouse(h int) {
	if s.restart {
		n := s.p.n
		for _, c := range s.p.houses[h*n : (h+1)*n] {
			s.weight[c]++
		}
	}
}
