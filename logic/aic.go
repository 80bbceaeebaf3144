package logic

import (
	"fmt"
	"slices"
	"strings"

	"sudoku"
)

// Alternating inference chains as HoDoKu finds them (codes 0701-0711).
//
// A node is a candidate, or for grouped chains a group node: every place of
// a digit where a line crosses a box, when there are two or three. A weak
// link joins two nodes of which at most one is true (two digits of a cell,
// or one digit in two nodes of a house); a strong link two nodes of which
// at least one is true (the two digits of a bivalue cell, or the only two
// nodes of a digit in a house). A chain alternates them: "a is false, so b
// is true (strong), so c is false (weak), ...".
//
//   - X-chain (0701): one digit, starting and ending with strong links; one
//     end is true, so the digit goes from every cell seeing both ends.
//   - XY-chain (0702): bivalue cells, linked inside each cell by strong
//     links and between cells by weak ones; both ends are the same digit,
//     which goes from every cell seeing both end cells.
//   - Remote pair (0703): an XY-chain of cells all holding the same two
//     digits; cells an odd number of steps apart hold different digits, so
//     both digits go from every cell seeing two such cells.
//   - AIC (0708): any candidates, starting and ending with strong links;
//     with the same digit at both ends it goes from cells seeing both ends
//     (when that removes two or more); with different digits, each end's
//     digit goes from the other end's cell when the ends see each other.
//   - Discontinuous nice loop (0707): a chain from a candidate back to its
//     own cell: "r1c1 is 5 implies r1c1 is not 5" removes 5; "r1c1 is not
//     5 implies r1c1 is 5" removes the cell's other digits; "r1c1 is 5
//     implies r1c1 is 7" removes 5.
//   - Continuous nice loop (0706): a closed alternating loop; every weak
//     link becomes strong, so a digit of a weak link between two cells goes
//     from every other cell seeing both, and a cell entered and left by
//     strong links keeps only those two digits.
//   - Grouped variants (0709 continuous, 0710 discontinuous, 0711 AIC) may
//     use group nodes. These and 0706 are implemented but not registered
//     yet (see init).
//
// The search follows HoDoKu's tables: from each starting candidate (true or
// false) a breadth-first search over the implications reaches every node
// by a shortest chain; endings are checked as above. These techniques are
// not in Sudoku Explainer's solving order (order.go): they give hints and
// are checked against HoDoKu's regression library only. Ratings are our
// own, on Sudoku Explainer's scale: remote pair 4.5, X-chain and XY-chain
// 4.6, nice loops and AICs 5.0, grouped ones 5.2, each plus Sudoku
// Explainer's length bonus (aicLengthBonus).

var (
	techXChain     = Technique{Name: "X-chain", Code: "0701", explain: explainAIC}
	techXYChain    = Technique{Name: "XY-chain", Code: "0702", explain: explainAIC}
	techRemotePair = Technique{Name: "Remote pair", Code: "0703", explain: explainAIC}
	techCNL        = Technique{Name: "Continuous nice loop", Code: "0706", explain: explainAIC}
	techDNL        = Technique{Name: "Discontinuous nice loop", Code: "0707", explain: explainAIC}
	techAIC        = Technique{Name: "AIC", Code: "0708", explain: explainAIC}
	techGroupedCNL = Technique{Name: "Grouped continuous nice loop", Code: "0709", explain: explainAIC}
	techGroupedDNL = Technique{Name: "Grouped discontinuous nice loop", Code: "0710", explain: explainAIC}
	techGroupedAIC = Technique{Name: "Grouped AIC", Code: "0711", explain: explainAIC}
)

func init() {
	registerCode("0701", func(b *Board, y func(Step) bool) { enumAICs(b, aicX, y) })
	registerCode("0702", func(b *Board, y func(Step) bool) { enumAICs(b, aicXY, y) })
	registerCode("0703", enumRemotePairs)
	registerCode("0707", func(b *Board, y func(Step) bool) { enumNiceLoops(b, false, false, y) })
	registerCode("0708", func(b *Board, y func(Step) bool) { enumAICs(b, aicFull, y) })
	registerCode("0709", func(b *Board, y func(Step) bool) { enumNiceLoops(b, true, true, y) })
	registerCode("0710", func(b *Board, y func(Step) bool) { enumNiceLoops(b, true, false, y) })
	registerCode("0711", func(b *Board, y func(Step) bool) { enumAICs(b, aicGrouped, y) })
	registerCode("0706", func(b *Board, y func(Step) bool) { enumNiceLoops(b, false, true, y) })
	// Continuous nice loops pass 16 of HoDoKu's 18 cases: each loop found
	// is a shortest chain back to its start cell, and two cases need a
	// longer loop (reglibKnownMisses). The grouped codes pass every case
	// without ALS nodes; the library's cases with ALS nodes are out of
	// scope (reglibOutOfScope): Sukaku Explainer's chains have none.
}

// aicLengthBonus is Sudoku Explainer's length bonus for a chain of n
// links: 0.1 more for each step of 4, 6, 8, 12, 16, 24, 32, ... links.
func aicLengthBonus(n int) Rating {
	r, limit := Rating(0), 4
	for n > limit {
		r++
		if r%2 == 1 {
			limit = limit * 3 / 2
		} else {
			limit = limit * 4 / 3
		}
	}
	return r
}

// aicNode is a candidate, or a group of two or three places of a digit in
// one box and one line.
type aicNode struct {
	d     int
	cells CellSet
	cell  sudoku.Cell // the first cell
	group bool
}

// aicKind selects the nodes and links of a graph.
type aicKind int

const (
	aicFull    aicKind = iota // every candidate and link
	aicGrouped                // and group nodes
	aicX                      // one digit, links between cells only
	aicXY                     // bivalue cells only: strong inside, weak between
)

// aicGraph holds the nodes and links of a board. An implication state is
// node*2+1 for "node true" and node*2 for "node false".
type aicGraph struct {
	nodes  []aicNode
	cand   [81][10]int32 // node of a candidate, -1 if none
	weak   [][]int32     // weak[n]: nodes false when n is true
	strong [][]int32     // strong[n]: nodes true when n is false
}

func newAICGraph(b *Board, kind aicKind, digit int) *aicGraph {
	g := &aicGraph{}
	for c := range g.cand {
		for d := range g.cand[c] {
			g.cand[c][d] = -1
		}
	}
	for c := range sudoku.Cell(81) {
		cs := b.Cands[c]
		if cs == 0 || (kind == aicXY && cs.Count() != 2) {
			continue
		}
		for _, d := range cs.Digits() {
			if kind == aicX && d != digit {
				continue
			}
			g.cand[c][d] = int32(len(g.nodes))
			g.nodes = append(g.nodes, aicNode{d: d, cells: CellSetOf(c), cell: c})
		}
	}
	if kind == aicGrouped {
		for line := range sudoku.House(18) {
			for d := 1; d <= 9; d++ {
				in := b.In(line, d)
				for bx := range 9 {
					s := in.And(b.geo.sets[18+bx])
					if s.Count() >= 2 {
						g.nodes = append(g.nodes, aicNode{d: d, cells: s, cell: s.First(), group: true})
					}
				}
			}
		}
	}
	n := len(g.nodes)
	g.weak = make([][]int32, n)
	g.strong = make([][]int32, n)
	if kind != aicX {
		for c := range sudoku.Cell(81) {
			ds := b.Cands[c].Digits()
			for _, d := range ds {
				x := g.cand[c][d]
				if x < 0 {
					continue
				}
				for _, e := range ds {
					y := g.cand[c][e]
					if e == d || y < 0 {
						continue
					}
					g.weak[x] = append(g.weak[x], y)
					if len(ds) == 2 {
						g.strong[x] = append(g.strong[x], y)
					}
				}
			}
		}
	}
	// House links: nodes of a digit inside one house.
	var inHouse [maxHouses][10][]int32
	for i, nd := range g.nodes {
		for _, h := range b.geo.houses {
			if nd.cells.AndNot(b.geo.sets[h]).Empty() {
				inHouse[h][nd.d] = append(inHouse[h][nd.d], int32(i))
			}
		}
	}
	for _, h := range b.geo.houses {
		for d := 1; d <= 9; d++ {
			ns := inHouse[h][d]
			all := b.In(h, d)
			for _, x := range ns {
				for _, y := range ns {
					if x == y || !g.nodes[x].cells.And(g.nodes[y].cells).Empty() {
						continue
					}
					if kind == aicXY && g.nodes[x].cell == g.nodes[y].cell {
						continue
					}
					g.weak[x] = append(g.weak[x], y)
					if kind != aicXY && g.nodes[x].cells.Or(g.nodes[y].cells) == all {
						g.strong[x] = append(g.strong[x], y)
					}
				}
			}
		}
	}
	for i := range g.nodes {
		slices.Sort(g.weak[i])
		g.weak[i] = slices.Compact(g.weak[i])
		slices.Sort(g.strong[i])
		g.strong[i] = slices.Compact(g.strong[i])
	}
	return g
}

// bfs finds shortest implication chains from state start; dist[s] is -1
// for states not reached, parent[s] the state before s.
func (g *aicGraph) bfs(start int32, dist []int16, parent []int32, queue []int32) {
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	parent[start] = -1
	queue = append(queue[:0], start)
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		var next []int32
		on := s&1 == 1
		if on {
			next = g.weak[s>>1]
		} else {
			next = g.strong[s>>1]
		}
		for _, m := range next {
			t := m * 2
			if !on {
				t++
			}
			if dist[t] < 0 {
				dist[t] = dist[s] + 1
				parent[t] = s
				queue = append(queue, t)
			}
		}
	}
}

// path returns the states from the search's start to end.
func aicPath(parent []int32, end int32) []int32 {
	var p []int32
	for s := end; s >= 0; s = parent[s] {
		p = append(p, s)
	}
	slices.Reverse(p)
	return p
}

// aicSeeAll is the cells that see every cell of s.
func aicSeeAll(g *geometry, s CellSet) CellSet { return g.seesAll(s).AndNot(s) }

// aicKey is a string key of a set of eliminations.
func aicKey(es []Candidate) string {
	var b strings.Builder
	for _, e := range es {
		fmt.Fprintf(&b, "%d.%d ", e.Cell, e.Digit)
	}
	return b.String()
}

// aicSorted sorts eliminations by cell, then digit, dropping duplicates.
func aicSorted(es []Candidate) []Candidate {
	slices.SortFunc(es, func(x, y Candidate) int {
		if x.Cell != y.Cell {
			return int(x.Cell) - int(y.Cell)
		}
		return x.Digit - y.Digit
	})
	return slices.Compact(es)
}

// aicStep builds the step of a chain of states.
func (g *aicGraph) aicStep(t Technique, base Rating, states []int32, el []Candidate) Step {
	s := Step{Technique: t, Rating: base + aicLengthBonus(len(states)-1), Eliminations: aicSorted(el)}
	var cells CellSet
	var digits sudoku.Candidates
	for i, st := range states {
		nd := &g.nodes[st>>1]
		cells = cells.Or(nd.cells)
		digits = digits.Add(nd.d)
		if i > 0 {
			pr := &g.nodes[states[i-1]>>1]
			s.Links = append(s.Links, Link{From: Candidate{pr.cell, pr.d}, To: Candidate{nd.cell, nd.d}, Strong: st&1 == 1})
		}
	}
	s.Cells = cells.Cells(nil)
	s.Digits = digits.Digits()
	return s
}

// enumAICs yields X-chains, XY-chains or (grouped) AICs: chains starting
// with a strong link out of a false candidate and ending with a strong
// link into a true one, at least three links long.
func enumAICs(b *Board, kind aicKind, yield func(Step) bool) {
	seen := map[string]bool{}
	digits := []int{0}
	if kind == aicX {
		digits = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	}
	for _, digit := range digits {
		g := newAICGraph(b, kind, digit)
		ns := int32(len(g.nodes))
		dist := make([]int16, 2*ns)
		parent := make([]int32, 2*ns)
		queue := make([]int32, 0, 2*ns)
		for x := range ns {
			sn := g.nodes[x]
			if sn.group {
				continue
			}
			g.bfs(x*2, dist, parent, queue)
			for y := range ns {
				en := g.nodes[y]
				end := y*2 + 1
				if en.group || dist[end] < 3 || en.cell == sn.cell {
					continue
				}
				var el []Candidate
				if sn.d == en.d {
					el = bxElims(b, b.geo.peers[sn.cell].And(b.geo.peers[en.cell]), sn.d, nil)
					if len(el) == 0 || (len(el) < 2 && (kind == aicFull || kind == aicGrouped)) {
						continue
					}
				} else {
					if kind != aicFull && kind != aicGrouped {
						continue
					}
					if !b.geo.peers[sn.cell].Has(en.cell) || !b.Has(sn.cell, en.d) || !b.Has(en.cell, sn.d) {
						continue
					}
					el = []Candidate{{sn.cell, en.d}, {en.cell, sn.d}}
				}
				el = aicSorted(el)
				k := aicKey(el)
				if seen[k] {
					continue
				}
				seen[k] = true
				path := aicPath(parent, end)
				t, base := techAIC, Rating(50)
				switch kind {
				case aicX:
					t, base = techXChain, 46
				case aicXY:
					t, base = techXYChain, 46
				case aicGrouped:
					if g.hasGroup(path) {
						t, base = techGroupedAIC, 52
					}
				}
				if !yield(g.aicStep(t, base, path, el)) {
					return
				}
			}
		}
	}
}

// hasGroup reports whether a chain uses a group node.
func (g *aicGraph) hasGroup(states []int32) bool {
	for _, st := range states {
		if g.nodes[st>>1].group {
			return true
		}
	}
	return false
}

// loopOK reports whether a chain back to its start cell is a nice loop:
// it leaves the start cell at once, enters it from another cell, and never
// comes back to a cell it has left.
func (g *aicGraph) loopOK(states []int32) bool {
	k := len(states) - 1
	first, last := &g.nodes[states[0]>>1], &g.nodes[states[k]>>1]
	if g.nodes[states[1]>>1].cells.Has(first.cell) || g.nodes[states[k-1]>>1].cells.Has(last.cell) {
		return false
	}
	for i := 0; i <= k; i++ {
		for j := i + 2; j <= k; j++ {
			if i == 0 && j == k {
				continue
			}
			if !g.nodes[states[i]>>1].cells.And(g.nodes[states[j]>>1].cells).Empty() {
				return false
			}
		}
	}
	return true
}

// inCell reports whether nodes x and y are two candidates of one cell.
func (g *aicGraph) inCell(x, y int32) bool {
	a, c := &g.nodes[x], &g.nodes[y]
	return !a.group && !c.group && a.cell == c.cell
}

// enumNiceLoops yields (grouped) discontinuous or continuous nice loops.
func enumNiceLoops(b *Board, grouped, continuous bool, yield func(Step) bool) {
	kind := aicFull
	if grouped {
		kind = aicGrouped
	}
	g := newAICGraph(b, kind, 0)
	ns := int32(len(g.nodes))
	dist := make([]int16, 2*ns)
	parent := make([]int32, 2*ns)
	queue := make([]int32, 0, 2*ns)
	seen := map[string]bool{}
	for x := range ns {
		sn := g.nodes[x]
		if sn.group {
			continue
		}
		X := sn.cell
		for _, startOn := range []bool{true, false} {
			start := x * 2
			if startOn {
				start++
			}
			g.bfs(start, dist, parent, queue)
			for _, e := range b.Cands[X].Digits() {
				y := g.cand[X][e]
				for _, endOn := range []bool{false, true} {
					end := y * 2
					if endOn {
						end++
					}
					if dist[end] < 3 {
						continue
					}
					fs, ls := !startOn, endOn
					a := sn.d
					var el []Candidate
					isCont := false
					switch {
					case !fs && !ls && a == e:
						el = []Candidate{{X, a}}
					case fs && ls && a == e:
						for _, o := range b.Cands[X].Digits() {
							if o != a {
								el = append(el, Candidate{X, o})
							}
						}
					case fs != ls && a != e:
						if !fs {
							el = []Candidate{{X, a}}
						} else {
							el = []Candidate{{X, e}}
						}
					case (!fs && !ls && b.Cands[X].Count() == 2) || (fs && ls) || (fs != ls && a == e):
						isCont = true
					default:
						continue
					}
					if isCont != continuous {
						continue
					}
					path := aicPath(parent, end)
					if continuous {
						if !g.loopOK(path) {
							continue
						}
						el = g.cnlElims(b, path, fs && ls)
					}
					if len(el) == 0 {
						continue
					}
					el = aicSorted(el)
					k := aicKey(el)
					if seen[k] {
						continue
					}
					seen[k] = true
					t, base := techDNL, Rating(50)
					if continuous {
						t = techCNL
					}
					if grouped && g.hasGroup(path) {
						t, base = techGroupedDNL, 52
						if continuous {
							t = techGroupedCNL
						}
					}
					if !yield(g.aicStep(t, base, path, el)) {
						return
					}
				}
			}
		}
	}
}

// cnlElims computes the eliminations of a continuous nice loop given as
// the states from its start candidate to the node of the start cell that
// closes it; bothStrong is set when the start cell is left and entered by
// strong links.
func (g *aicGraph) cnlElims(b *Board, path []int32, bothStrong bool) []Candidate {
	k := len(path) - 1
	var loopCells CellSet
	for _, st := range path {
		loopCells = loopCells.Or(g.nodes[st>>1].cells)
	}
	node := func(i int) *aicNode { return &g.nodes[path[i]>>1] }
	on := func(i int) bool { return path[i]&1 == 1 }
	var el []Candidate
	keepTwo := func(c sudoku.Cell, d1, d2 int) {
		for _, o := range b.Cands[c].Digits() {
			if o != d1 && o != d2 {
				el = append(el, Candidate{c, o})
			}
		}
	}
	if bothStrong {
		keepTwo(node(0).cell, node(0).d, node(k).d)
	}
	for i := 1; i <= k; i++ {
		// A cell entered by a strong link and left by one.
		if on(i) && i <= k-2 && !g.inCell(path[i-1]>>1, path[i]>>1) &&
			!on(i+1) && g.inCell(path[i]>>1, path[i+1]>>1) &&
			on(i+2) && !g.inCell(path[i+1]>>1, path[i+2]>>1) {
			keepTwo(node(i).cell, node(i).d, node(i+2).d)
		}
		// A weak link between cells.
		if !on(i) && !g.inCell(path[i-1]>>1, path[i]>>1) {
			d := node(i).d
			v := aicSeeAll(b.geo, node(i-1).cells).And(aicSeeAll(b.geo, node(i).cells)).AndNot(loopCells)
			el = bxElims(b, v, d, el)
		}
	}
	return el
}

// enumRemotePairs yields remote pairs: chains of four or more cells (an
// even number) holding the same two digits, each seeing the next; both
// digits go from cells seeing two chain cells an odd number of steps
// apart (three or more).
func enumRemotePairs(b *Board, yield func(Step) bool) {
	seen := map[string]bool{}
	budget := 200000
	for start := range sudoku.Cell(81) {
		pair := b.Cands[start]
		if pair.Count() != 2 {
			continue
		}
		ds := pair.Digits()
		var same CellSet
		for c := range sudoku.Cell(81) {
			if b.Cands[c] == pair {
				same = same.Add(c)
			}
		}
		chain := []sudoku.Cell{start}
		stop := false
		var dfs func(used CellSet)
		dfs = func(used CellSet) {
			if stop || budget <= 0 {
				return
			}
			budget--
			n := len(chain)
			if n >= 4 && n%2 == 0 {
				var v [2]CellSet
				for i := 0; i < n; i++ {
					for j := i + 3; j < n; j += 2 {
						s := b.geo.peers[chain[i]].And(b.geo.peers[chain[j]])
						v[0] = v[0].Or(s)
					}
				}
				var el []Candidate
				for _, d := range ds {
					el = bxElims(b, v[0], d, el)
				}
				if len(el) > 0 {
					el = aicSorted(el)
					k := aicKey(el)
					if !seen[k] {
						seen[k] = true
						if !yield(rpStep(chain, ds, el)) {
							stop = true
							return
						}
					}
				}
			}
			if n >= 16 {
				return
			}
			b.geo.peers[chain[n-1]].And(same).AndNot(used).Each(func(c sudoku.Cell) bool {
				chain = append(chain, c)
				dfs(used.Add(c))
				chain = chain[:n]
				return !stop
			})
		}
		dfs(CellSetOf(start))
		if stop {
			return
		}
	}
}

// rpStep builds a remote pair step: the chain starts with the first digit
// false in the first cell.
func rpStep(chain []sudoku.Cell, ds []int, el []Candidate) Step {
	s := Step{Technique: techRemotePair, Rating: 45 + aicLengthBonus(2*len(chain)-1), Eliminations: el,
		Cells: slices.Clone(chain), Digits: slices.Clone(ds)}
	x, y := ds[0], ds[1]
	for i, c := range chain {
		if i > 0 {
			s.Links = append(s.Links, Link{From: Candidate{chain[i-1], x}, To: Candidate{c, x}})
		}
		s.Links = append(s.Links, Link{From: Candidate{c, x}, To: Candidate{c, y}, Strong: true})
		x, y = y, x
	}
	return s
}

// aicChainText writes the links of a step in Eureka notation:
// "(6)r1c1=(6)r1c5-(6)r3c5=(6)r5c5".
func aicChainText(s *Step) string {
	if len(s.Links) == 0 {
		return ""
	}
	var b strings.Builder
	node := func(c Candidate) { fmt.Fprintf(&b, "(%d)%v", c.Digit, c.Cell) }
	node(s.Links[0].From)
	for _, l := range s.Links {
		if l.Strong {
			b.WriteString("=")
		} else {
			b.WriteString("-")
		}
		node(l.To)
	}
	return b.String()
}

func explainAIC(s *Step) string {
	var why string
	switch s.Technique.Code {
	case "0701", "0702", "0708", "0711":
		first, last := s.Links[0].From, s.Links[len(s.Links)-1].To
		why = fmt.Sprintf("if %v is not %d then %v is %d, so one of them is true", first.Cell, first.Digit, last.Cell, last.Digit)
	case "0703":
		why = fmt.Sprintf("the cells of the chain alternate between %d and %d", s.Digits[0], s.Digits[1])
	case "0707", "0710":
		first, last := s.Links[0], s.Links[len(s.Links)-1]
		not := map[bool]string{true: "not ", false: ""}
		why = fmt.Sprintf("if %v is %s%d then %v is %s%d, which cannot be",
			first.From.Cell, not[first.Strong], first.From.Digit, last.To.Cell, not[!last.Strong], last.To.Digit)
	default:
		why = "the loop is closed, so each weak link is also strong"
	}
	return fmt.Sprintf("%s: %s (%s)", clrRemovals(s.Eliminations), why, aicChainText(s))
}
