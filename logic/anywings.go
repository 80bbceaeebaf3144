package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"sudoku"
)

// Fish and wings on boards of any rules. Both are sound whatever the
// extra rules are: a fish needs only that every row and column holds each
// digit once (true of every board here), a wing only that peers differ
// (Layout.Peers: houses, cages, knight's and king's moves). Uniqueness
// techniques are not used on these boards: with extra rules (cages,
// diagonals, parity) the swap a deadly pattern relies on can break a
// rule, so they are unsound in general.

var fishNames = map[int]struct {
	name   string
	rating Rating
}{2: {"X-Wing", 32}, 3: {"Swordfish", 38}, 4: {"Jellyfish", 52}}

// fish finds, for a digit, k rows whose places for it lie in k columns
// in all (or k columns in k rows): the digit goes nowhere else in those
// columns (rows).
func (s *boardLogic) fish(k int) (BoardStep, bool) {
	n := s.n
	for d := 1; d <= n; d++ {
		for _, byRow := range []bool{true, false} {
			if st, ok := s.fishOn(d, k, byRow); ok {
				return st, true
			}
		}
	}
	return BoardStep{}, false
}

// fishOn is fish for digit d with rows as the base (byRow) or columns.
func (s *boardLogic) fishOn(d, k int, byRow bool) (BoardStep, bool) {
	n, bit := s.n, sudoku.DigitOf(d)
	cell := func(line, i int) int {
		if byRow {
			return line*n + i
		}
		return i*n + line
	}
	var lines []int
	var places [32]uint32 // per base line: bit i for the i-th cross line
	for line := 0; line < n; line++ {
		var m uint32
		for i := 0; i < n; i++ {
			if s.cands[cell(line, i)]&bit != 0 {
				m |= 1 << i
			}
		}
		if c := bits.OnesCount32(m); c >= 2 && c <= k {
			lines = append(lines, line)
			places[line] = m
		}
	}
	if len(lines) < k {
		return BoardStep{}, false
	}
	var found BoardStep
	ok := false
	combinations(len(lines), k, func(idx []int) bool {
		var cover, base uint32
		for _, i := range idx {
			cover |= places[lines[i]]
			base |= 1 << lines[i]
		}
		if bits.OnesCount32(cover) != k {
			return true
		}
		var es []BoardCandidate
		var cells []int
		for line := 0; line < n; line++ {
			for i := 0; i < n; i++ {
				if cover&(1<<i) == 0 || s.cands[cell(line, i)]&bit == 0 {
					continue
				}
				if base&(1<<line) != 0 {
					cells = append(cells, cell(line, i))
				} else {
					es = append(es, BoardCandidate{Cell: cell(line, i), Digit: d})
				}
			}
		}
		if len(es) == 0 {
			return true
		}
		found, ok = s.fishStep(d, k, byRow, idx, lines, cover, cells, es), true
		return false
	})
	return found, ok
}

// fishStep words a fish.
func (s *boardLogic) fishStep(d, k int, byRow bool, idx, lines []int, cover uint32, cells []int, es []BoardCandidate) BoardStep {
	baseKind, coverKind := "rows", "columns"
	baseOff, coverOff := 0, s.n // rows are Units[:n], columns Units[n:2n]
	if !byRow {
		baseKind, coverKind = coverKind, baseKind
		baseOff, coverOff = coverOff, baseOff
	}
	var units []int
	var baseNames, coverNames []string
	for _, i := range idx {
		units = append(units, baseOff+lines[i])
		baseNames = append(baseNames, fmt.Sprint(lines[i]+1))
	}
	for i := 0; i < s.n; i++ {
		if cover&(1<<i) != 0 {
			units = append(units, coverOff+i)
			coverNames = append(coverNames, fmt.Sprint(i+1))
		}
	}
	nm := fishNames[k]
	return BoardStep{Technique: nm.name, Rating: nm.rating, Eliminations: es, Cells: cells, Units: units,
		Text: fmt.Sprintf("in %s %s, %s can only go in %s %s, so it goes nowhere else in those %s: %s",
			baseKind, joinAnd(baseNames), sudoku.DigitString(d), coverKind, joinAnd(coverNames), coverKind, s.eliminationText(es))}
}

// xyWing finds a cell holding only x and y that sees a cell holding only
// x and z and one holding only y and z: whichever the first holds, one of
// the other two is z, so z leaves every cell that sees both of them.
func (s *boardLogic) xyWing() (BoardStep, bool) {
	for p := range s.cands {
		xy := s.cands[p]
		if s.cells[p] != 0 || xy.Count() != 2 {
			continue
		}
		peers := s.l.Peers[p]
		for i, a := range peers {
			if st, ok := s.xyWingFrom(p, a, peers[i+1:]); ok {
				return st, true
			}
		}
	}
	return BoardStep{}, false
}

// xyWingFrom tries pivot p with pincer a and a second pincer among rest.
func (s *boardLogic) xyWingFrom(p, a int, rest []int) (BoardStep, bool) {
	xy, xz := s.cands[p], s.cands[a]
	if s.cells[a] != 0 || xz.Count() != 2 || (xy&xz).Count() != 1 {
		return BoardStep{}, false
	}
	z := xz &^ xy
	yz := (xy &^ xz) | z
	for _, b := range rest {
		if s.cells[b] != 0 || s.cands[b] != yz {
			continue
		}
		var es []BoardCandidate
		for _, c := range s.l.Peers[a] {
			if c != b && c != p && s.cands[c]&z != 0 && isPeer(s.l, b, c) {
				es = appendDigits(es, c, z)
			}
		}
		if len(es) > 0 {
			return BoardStep{Technique: "XY-Wing", Rating: 42, Eliminations: es, Cells: []int{p, a, b},
				Text: fmt.Sprintf("%s holds %s, and sees %s (%s) and %s (%s): one of those two is %s, so %s",
					s.cellName(p), xy.Join(","), s.cellName(a), xz.Join(","), s.cellName(b), yz.Join(","),
					z.Join(","), s.eliminationText(es))}, true
		}
	}
	return BoardStep{}, false
}

// xyChain finds a chain of cells holding two candidates each, every cell
// seeing the next, that starts and ends on the same digit x: if the
// first cell is not x, each cell in turn is forced to its other digit,
// and the last is x. So one of the two ends is x, and x leaves every
// cell that sees both. Sound under any rules (links are peers); rated
// as Sudoku Explainer rates a forcing X-chain of its length, 6.6 and up.
func (s *boardLogic) xyChain() (BoardStep, bool) {
	var best BoardStep
	found := false
	for c0 := range s.cands {
		if s.stopped() {
			return BoardStep{}, false
		}
		if s.cells[c0] != 0 || s.cands[c0].Count() != 2 {
			continue
		}
		for m := s.cands[c0]; m != 0; m &= m - 1 {
			x := bits.TrailingZeros32(uint32(m)) + 1
			if st, ok := s.xyChainFrom(c0, x); ok && (!found || st.Rating < best.Rating) {
				best, found = st, true
			}
		}
		if found && best.Rating == 66 {
			break
		}
	}
	return best, found
}

// xyChainFrom searches breadth first from c0 assumed not x (so holding
// its other digit) for the shortest chain ending on a cell forced to x
// that has eliminations.
func (s *boardLogic) xyChainFrom(c0, x int) (BoardStep, bool) {
	type node struct{ cell, val, prev int }
	xb := sudoku.DigitOf(x)
	nodes := []node{{c0, (s.cands[c0] &^ xb).Single(), -1}}
	seen := map[[2]int]bool{{c0, nodes[0].val}: true}
	for i := 0; i < len(nodes); i++ {
		cur := nodes[i]
		vb := sudoku.DigitOf(cur.val)
		for _, c := range s.l.Peers[cur.cell] {
			if s.cells[c] != 0 || s.cands[c].Count() != 2 || s.cands[c]&vb == 0 {
				continue
			}
			val := (s.cands[c] &^ vb).Single() // c cannot be cur.val, so it is this
			if seen[[2]int{c, val}] {
				continue
			}
			seen[[2]int{c, val}] = true
			nodes = append(nodes, node{c, val, i})
			if val != x || c == c0 {
				continue
			}
			var es []BoardCandidate
			for _, e := range s.l.Peers[c0] {
				if e != c && s.cands[e]&xb != 0 && s.cells[e] == 0 && isPeer(s.l, c, e) {
					es = append(es, BoardCandidate{e, x})
				}
			}
			if len(es) > 0 {
				var cells []int
				for j := len(nodes) - 1; j >= 0; j = nodes[j].prev {
					cells = append(cells, nodes[j].cell)
				}
				slices.Reverse(cells)
				return s.xyChainStep(cells, x, es), true
			}
		}
	}
	return BoardStep{}, false
}

// xyChainStep words a chain through cells, both ends able to be x.
func (s *boardLogic) xyChainStep(cells []int, x int, es []BoardCandidate) BoardStep {
	links := 2*len(cells) - 1
	r := 66 + aicLengthBonus(links)
	return BoardStep{Technique: "XY-chain", Rating: r, Eliminations: es, Cells: cells,
		Text: fmt.Sprintf("the chain %s, each cell holding two digits and seeing the next: if %s is not %s, every cell in turn is forced and %s is %s; so one of them is %s, and %s",
			s.cellNames(cells), s.cellName(cells[0]), sudoku.DigitString(x), s.cellName(cells[len(cells)-1]), sudoku.DigitString(x),
			sudoku.DigitString(x), s.eliminationText(es))}
}

// xChain finds, for one digit, a chain of alternating strong links (a
// house where the digit has just two places) and weak ones (two cells
// that see each other), starting and ending with a strong link: if the
// first cell is not the digit, each strong link turns the next cell on
// and each weak one the next off, and the last cell holds it. So one of
// the two ends holds the digit, and it leaves every cell seeing both.
// Strong links come from houses only (a cage need not hold the digit).
// Rated as Sudoku Explainer rates a forcing X-chain: 6.6 and up.
func (s *boardLogic) xChain() (BoardStep, bool) {
	var best BoardStep
	found := false
	for d := 1; d <= s.n; d++ {
		strong := s.strongLinks(d)
		for c0 := range s.cands {
			if s.stopped() {
				return BoardStep{}, false
			}
			if len(strong[c0]) == 0 {
				continue
			}
			if st, ok := s.xChainFrom(c0, d, strong); ok && (!found || st.Rating < best.Rating) {
				best, found = st, true
			}
		}
		if found && best.Rating == 66 {
			break // none is rated lower
		}
	}
	return best, found
}

// strongLinks lists, per cell, the cells that are the only other place
// of d in one of its houses.
func (s *boardLogic) strongLinks(d int) [][]int {
	bit := sudoku.DigitOf(d)
	out := make([][]int, len(s.cands))
	for u := 0; u < s.l.Houses; u++ {
		a, b, n := -1, -1, 0
		for _, c := range s.l.Units[u].Cells {
			if s.cells[c] == uint8(d) {
				n = 3
				break
			}
			if s.cands[c]&bit != 0 {
				n++
				if a < 0 {
					a = c
				} else {
					b = c
				}
			}
		}
		if n == 2 && !slices.Contains(out[a], b) {
			out[a] = append(out[a], b)
			out[b] = append(out[b], a)
		}
	}
	return out
}

// xNode is a cell of an X-chain search, on or off, and the index of the
// node it was reached from.
type xNode struct {
	cell, prev int
	on         bool
}

// xChainFrom searches breadth first from c0 assumed off for the shortest
// chain to a cell turned on (after two strong links at least) with
// eliminations.
func (s *boardLogic) xChainFrom(c0, d int, strong [][]int) (BoardStep, bool) {
	bit := sudoku.DigitOf(d)
	nodes := []xNode{{c0, -1, false}}
	seen := map[[2]int]bool{{c0, 0}: true}
	push := func(c, prev int, on bool) bool {
		k := [2]int{c, 0}
		if on {
			k[1] = 1
		}
		if seen[k] {
			return false
		}
		seen[k] = true
		nodes = append(nodes, xNode{c, prev, on})
		return true
	}
	for i := 0; i < len(nodes); i++ {
		cur := nodes[i]
		if !cur.on {
			for _, c := range strong[cur.cell] {
				if !push(c, i, true) || c == c0 {
					continue
				}
				if st, ok := s.xChainEnds(nodes, len(nodes)-1, c0, d); ok {
					return st, true
				}
			}
			continue
		}
		for _, c := range s.l.Peers[cur.cell] {
			if s.cells[c] == 0 && s.cands[c]&bit != 0 {
				push(c, i, false)
			}
		}
	}
	return BoardStep{}, false
}

// xChainEnds makes the step of the chain ending at nodes[k], if it has
// at least three links and eliminations.
func (s *boardLogic) xChainEnds(nodes []xNode, k, c0, d int) (BoardStep, bool) {
	var cells []int
	for j := k; j >= 0; j = nodes[j].prev {
		cells = append(cells, nodes[j].cell)
	}
	if len(cells) < 4 {
		return BoardStep{}, false // a single strong link: pointing and claiming's ground
	}
	slices.Reverse(cells)
	end := cells[len(cells)-1]
	var es []BoardCandidate
	bit := sudoku.DigitOf(d)
	for _, e := range s.l.Peers[c0] {
		if e != end && s.cells[e] == 0 && s.cands[e]&bit != 0 && isPeer(s.l, end, e) && !slices.Contains(cells, e) {
			es = append(es, BoardCandidate{e, d})
		}
	}
	if len(es) == 0 {
		return BoardStep{}, false
	}
	ds := sudoku.DigitString(d)
	return BoardStep{Technique: "X-chain", Rating: 66 + aicLengthBonus(len(cells)-1), Eliminations: es, Cells: cells,
		Text: fmt.Sprintf("the chain of %s %s, strong and weak links in turn: if %s is not %s, %s is; so one of them is %s, and %s",
			ds, s.cellNames(cells), s.cellName(c0), ds, s.cellName(end), ds, s.eliminationText(es))}, true
}
