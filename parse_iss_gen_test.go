package sudoku_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"sudoku"
	"sudoku/constraint"
	"sudoku/generate"
)

// Random boards of every rule set and kind of constraint the ISS form
// writes, for its differential test against ISS (parse_iss_anchor_test.go)
// and its round trip: a random solution grid under random rules, the
// constraints of one kind drawn over it (kept by the solution, now and
// then broken), as the f-puzzles reader makes them, and some of the
// solution's digits given.

// issGen draws one board.
type issGen struct {
	rng   *rand.Rand
	n     int
	rules *sudoku.Rules
	sol   []uint8
	fp    map[string][]any // f-puzzles entries added, by key
	extra map[string]any   // other f-puzzles keys
	after []func(b *sudoku.Board) error
}

// issKindsDrawn lists the kinds a board is drawn for; "" is the rules
// alone (givens, candidates, odd/even cells, regions and houses).
var issKindsDrawn = []string{"", "thermometer", "slowthermometer", "arrow", "pill", "doublearrow", "betweenline",
	"lockout", "whispers", "renban", "palindrome", "zipperline", "regionsumline", "entropicline", "modularline",
	"nabner", "clone", "killercage", "killer", "sum", "difference", "ratio", "xv", "strictkropki", "strictxv",
	"nonconsecutive", "negativeratio3", "littlekillersum", "sandwichsum", "xsum", "skyscraper", "quadruple",
	"minimum", "maximum", "rowindexer", "columnindexer", "mixed"}

// issRandomBoard draws a board whose constraints are of kind.
func issRandomBoard(rng *rand.Rand, kind string) (*sudoku.Board, error) {
	g := &issGen{rng: rng, fp: map[string][]any{}, extra: map[string]any{}}
	if err := g.base(kind); err != nil {
		return nil, err
	}
	kinds := []string{kind}
	if kind == "mixed" {
		kinds = nil
		for range 2 + rng.IntN(3) {
			kinds = append(kinds, issKindsDrawn[1+rng.IntN(len(issKindsDrawn)-2)])
		}
	}
	for _, k := range kinds {
		if k != "" {
			g.draw(k)
		}
	}
	return g.board()
}

// sizes the boards are drawn at, most small; 12 and 16 for their cell ids.
var issSizes = []int{4, 4, 6, 6, 6, 8, 9, 9, 9, 9, 12, 16}

// base draws the size, the rules and the solution.
func (g *issGen) base(kind string) error {
	g.n = issSizes[g.rng.IntN(len(issSizes))]
	if kind == "entropicline" && g.rng.IntN(4) > 0 {
		g.n = 9
	}
	for try := 0; try < 20; try++ {
		r, err := g.drawRules()
		if err != nil {
			return err
		}
		sol, err := generate.Fill(context.Background(), r, g.rng)
		if err == nil {
			g.rules, g.sol = r, sol
			g.extraRegion()
			return nil
		}
	}
	return fmt.Errorf("no solution grid for the rules drawn at %d", g.n)
}

// drawRules draws boxes (usual, another shape, jigsaw) and houses.
func (g *issGen) drawRules() (*sudoku.Rules, error) {
	n := g.n
	r, err := sudoku.Sized(n)
	if err != nil {
		return nil, err
	}
	switch g.rng.IntN(8) {
	case 0:
		r.Regions = generate.Regions(r, g.rng)
	case 1:
		if r.BoxRows != r.BoxCols {
			r.BoxRows, r.BoxCols = r.BoxCols, r.BoxRows
		}
	}
	small := n <= 9
	r.AntiKnight = small && n > 4 && g.rng.IntN(8) == 0
	r.AntiKing = small && n > 4 && g.rng.IntN(8) == 0
	if g.rng.IntN(6) == 0 {
		r.Diagonals = sudoku.Diagonals(1 + g.rng.IntN(3))
	}
	r.Windoku = r.Regions == nil && small && n > 4 && len(sudoku.Windows(n, r.BoxRows, r.BoxCols)) > 0 && g.rng.IntN(6) == 0
	r.Disjoint = r.Regions == nil && small && g.rng.IntN(8) == 0
	return r, nil
}

// extraRegion adds, one time in six, an extra region of cells whose
// digits differ.
func (g *issGen) extraRegion() {
	if g.rng.IntN(6) > 0 {
		return
	}
	var cells []int
	var seen sudoku.Digits
	k := 2 + g.rng.IntN(g.n-1)
	for _, c := range g.rng.Perm(g.n * g.n) {
		if d := sudoku.DigitOf(g.d(c)); seen&d == 0 && len(cells) < k {
			cells, seen = append(cells, c), seen|d
		}
	}
	g.rules.Extra = append(g.rules.Extra, cells)
}

// draw adds constraints of kind, kept by the solution (a few broken).
func (g *issGen) draw(kind string) {
	count := 1 + g.rng.IntN(3)
	for range count {
		switch kind {
		case "thermometer":
			g.line(kind, 2, 5, func(p []int, c int) bool { return g.d(c) > g.d(p[len(p)-1]) }, nil)
		case "slowthermometer":
			g.line(kind, 2, 5, func(p []int, c int) bool { return g.d(c) >= g.d(p[len(p)-1]) }, nil)
		case "renban":
			g.line(kind, 2, 4, nil, g.consecutive)
		case "palindrome":
			g.line(kind, 2, 4, nil, g.palindrome)
		case "zipperline":
			g.line(kind, 3, 5, nil, g.zipper)
		case "betweenline":
			g.line(kind, 3, 5, nil, g.between)
		case "doublearrow":
			g.line(kind, 3, 5, nil, g.doubleArrow)
		case "regionsumline":
			g.line(kind, 2, 6, nil, g.regionSum)
		case "entropicline":
			g.line(kind, 2, 6, func(p []int, c int) bool { return g.rankDiffers(p, c, g.entropicRank) }, nil)
		case "modularline":
			g.line(kind, 2, 6, func(p []int, c int) bool { return g.rankDiffers(p, c, func(d int) int { return (d - 1) % 3 }) }, nil)
		case "nabner":
			g.line(kind, 2, 4, func(p []int, c int) bool { return g.apart(p, c, 2) }, nil)
		case "whispers":
			g.whispers()
		case "lockout":
			g.lockout()
		default:
			g.drawOther(kind)
		}
	}
}

// drawOther adds the constraints that are not plain lines.
func (g *issGen) drawOther(kind string) {
	switch kind {
	case "arrow":
		g.arrow(1)
	case "pill":
		g.arrow(2 + g.rng.IntN(2))
	case "clone":
		g.clone()
	case "killercage", "killer":
		g.cage(kind == "killer")
	case "sum":
		g.sumCage()
	case "difference", "ratio", "xv":
		g.dot(kind)
	case "strictkropki", "strictxv", "nonconsecutive", "negativeratio3":
		g.negative(kind)
	case "littlekillersum":
		g.littleKiller()
	case "sandwichsum", "xsum", "skyscraper":
		g.outside(kind)
	case "quadruple":
		g.quadruple()
	case "minimum", "maximum":
		g.extremum(kind == "maximum")
	case "rowindexer", "columnindexer":
		g.indexer(kind == "rowindexer")
	}
}

func (g *issGen) d(c int) int { return int(g.sol[c]) }

func (g *issGen) name(c int) string { return fmt.Sprintf("R%dC%d", c/g.n+1, c%g.n+1) }

func (g *issGen) names(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = g.name(c)
	}
	return out
}

// broken says whether this constraint is drawn without regard to the
// solution (one in eight).
func (g *issGen) broken() bool { return g.rng.IntN(8) == 0 }

// walk draws a path of king moves, no cell twice, each step one ok allows
// (nil: any), up to max cells.
func (g *issGen) walk(max int, ok func(p []int, c int) bool) []int {
	return g.walkFrom(g.rng.IntN(g.n*g.n), max, ok)
}

// walkFrom is walk from cell first.
func (g *issGen) walkFrom(first, max int, ok func(p []int, c int) bool) []int {
	n := g.n
	p := []int{first}
	for len(p) < max {
		last := p[len(p)-1]
		var next []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := last/n+dr, last%n+dc
				if r < 0 || r >= n || c < 0 || c >= n || slices.Contains(p, r*n+c) {
					continue
				}
				if ok == nil || ok(p, r*n+c) {
					next = append(next, r*n+c)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		p = append(p, next[g.rng.IntN(len(next))])
	}
	return p
}

// line adds a line of key of lo to hi cells: grown by step, or drawn and
// kept when whole says so (tries up to 300 walks).
func (g *issGen) line(key string, lo, hi int, step func(p []int, c int) bool, whole func([]int) bool) {
	g.lineValue(key, lo, hi, step, whole, nil)
}

func (g *issGen) lineValue(key string, lo, hi int, step func(p []int, c int) bool, whole func([]int) bool, value any) {
	broken := g.broken()
	for try := 0; try < 300; try++ {
		L := lo + g.rng.IntN(hi-lo+1)
		var p []int
		if broken {
			p = g.walk(L, nil)
		} else {
			p = g.walk(L, step)
		}
		if len(p) < lo || !broken && whole != nil && !whole(p) {
			continue
		}
		e := map[string]any{"lines": [][]string{g.names(p)}}
		if value != nil {
			e["value"] = value
		}
		g.fp[key] = append(g.fp[key], e)
		return
	}
}

func (g *issGen) digits(p []int) []int {
	out := make([]int, len(p))
	for i, c := range p {
		out[i] = g.d(c)
	}
	return out
}

func (g *issGen) consecutive(p []int) bool {
	ds := g.digits(p)
	slices.Sort(ds)
	for i := 1; i < len(ds); i++ {
		if ds[i] != ds[i-1]+1 {
			return false
		}
	}
	return true
}

func (g *issGen) palindrome(p []int) bool {
	ds := g.digits(p)
	for i := range ds {
		if ds[i] != ds[len(ds)-1-i] {
			return false
		}
	}
	return true
}

func (g *issGen) zipper(p []int) bool {
	ds := g.digits(p)
	L := len(ds)
	want := ds[0] + ds[L-1]
	if L%2 == 1 {
		want = ds[L/2]
	}
	for i := 0; i < L/2; i++ {
		if ds[i]+ds[L-1-i] != want {
			return false
		}
	}
	return true
}

func (g *issGen) between(p []int) bool {
	ds := g.digits(p)
	lo, hi := min(ds[0], ds[len(ds)-1]), max(ds[0], ds[len(ds)-1])
	for _, d := range ds[1 : len(ds)-1] {
		if d <= lo || d >= hi {
			return false
		}
	}
	return true
}

func (g *issGen) doubleArrow(p []int) bool {
	ds := g.digits(p)
	s := 0
	for _, d := range ds[1 : len(ds)-1] {
		s += d
	}
	return s == ds[0]+ds[len(ds)-1]
}

// regionSum: every piece of the line in one region adds up the same.
func (g *issGen) regionSum(p []int) bool {
	region := func(c int) int {
		if g.rules.Regions != nil {
			return int(g.rules.Regions[c])
		}
		return c/g.n/g.rules.BoxRows*(g.n/g.rules.BoxCols) + c%g.n/g.rules.BoxCols
	}
	var sums []int
	last := -1
	for _, c := range p {
		if region(c) != last {
			sums = append(sums, 0)
			last = region(c)
		}
		sums[len(sums)-1] += g.d(c)
	}
	return len(sums) > 1 && slices.Min(sums) == slices.Max(sums)
}

// entropicRank is our rank of d on the grid: low, middle, high.
func (g *issGen) entropicRank(d int) int {
	lo, up := g.n/3, (g.n+2)/3
	side, mid := up, lo
	if 2*lo+up == g.n {
		side, mid = lo, up
	}
	switch {
	case d <= side:
		return 0
	case d <= side+mid:
		return 1
	}
	return 2
}

// rankDiffers: c's rank differs from those of the two cells before it.
func (g *issGen) rankDiffers(p []int, c int, rank func(int) int) bool {
	for i := max(0, len(p)-2); i < len(p); i++ {
		if rank(g.d(p[i])) == rank(g.d(c)) {
			return false
		}
	}
	return true
}

// apart: c's digit is at least k from every digit of p.
func (g *issGen) apart(p []int, c, k int) bool {
	for _, x := range p {
		if abs(g.d(x)-g.d(c)) < k {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (g *issGen) whispers() {
	v := (g.n + 1) / 2
	if g.rng.IntN(3) == 0 {
		v = 1 + g.rng.IntN(v)
	}
	var value any
	if v != (g.n+1)/2 || g.rng.IntN(2) == 0 {
		value = strconv.Itoa(v)
	}
	g.lineValue("whispers", 2, 5, func(p []int, c int) bool { return abs(g.d(c)-g.d(p[len(p)-1])) >= v }, nil, value)
}

func (g *issGen) lockout() {
	v := g.n / 2
	if g.rng.IntN(3) == 0 {
		v = 1 + g.rng.IntN(g.n-1)
	}
	ok := func(p []int) bool {
		a, b := g.d(p[0]), g.d(p[len(p)-1])
		if abs(a-b) < v {
			return false
		}
		for _, c := range p[1 : len(p)-1] {
			if d := g.d(c); d >= min(a, b) && d <= max(a, b) {
				return false
			}
		}
		return true
	}
	g.lineValue("lockout", 2, 5, nil, ok, strconv.Itoa(v))
}

// arrow adds an arrow from a circle of k cells in a row (a pill for 2 or
// 3) whose line adds up to its number.
func (g *issGen) arrow(k int) {
	n := g.n
	broken := g.broken()
	for try := 0; try < 500; try++ {
		c0 := g.rng.IntN(n * n)
		if c0%n+k > n {
			continue
		}
		circle := make([]int, k)
		num := 0
		for i := range circle {
			circle[i] = c0 + i
			num = num*10 + g.d(c0+i)
		}
		path := g.walkFrom(circle[k-1], 2+g.rng.IntN(5), func(p []int, c int) bool { return !slices.Contains(circle, c) })
		s := 0
		for _, c := range path[1:] {
			s += g.d(c)
		}
		if len(path) < 2 || s != num && !broken {
			continue
		}
		g.fp["arrow"] = append(g.fp["arrow"], map[string]any{"cells": g.names(circle), "lines": [][]string{g.names(path)}})
		return
	}
}

// clone adds up to three cells with their clones.
func (g *issGen) clone() {
	n := g.n
	var a, b []int
	for try := 0; try < 200 && len(a) < 3; try++ {
		x, y := g.rng.IntN(n*n), g.rng.IntN(n*n)
		if x == y || slices.Contains(a, x) || slices.Contains(b, y) || g.d(x) != g.d(y) && !g.broken() {
			continue
		}
		a, b = append(a, x), append(b, y)
	}
	if len(a) > 0 {
		g.fp["clone"] = append(g.fp["clone"], map[string]any{"cells": g.names(a), "cloneCells": g.names(b)})
	}
}

// region grows a connected set of up to k cells with different digits.
func (g *issGen) region(k int) []int {
	n := g.n
	cells := []int{g.rng.IntN(n * n)}
	for try := 0; try < 50 && len(cells) < k; try++ {
		c := cells[g.rng.IntN(len(cells))]
		steps := []int{-n, n, -1, 1}
		o := c + steps[g.rng.IntN(4)]
		if o < 0 || o >= n*n || (o%n != c%n && o/n != c/n) || slices.Contains(cells, o) {
			continue
		}
		if slices.ContainsFunc(cells, func(x int) bool { return g.d(x) == g.d(o) }) {
			continue
		}
		cells = append(cells, o)
	}
	return cells
}

func (g *issGen) sumOf(cells []int) int {
	s := 0
	for _, c := range cells {
		s += g.d(c)
	}
	return s
}

// cage adds a killer cage; overlap: one over another cage's cell (a
// killer constraint).
func (g *issGen) cage(overlap bool) {
	cells := g.region(1 + g.rng.IntN(4))
	if overlap {
		g.cage(false)
		prev := g.fp["killercage"][len(g.fp["killercage"])-1].(map[string]any)["cells"].([]string)
		cells = g.region(2 + g.rng.IntN(3))
		for _, s := range prev {
			c := g.cellOf(s)
			if !slices.Contains(cells, c) && !slices.ContainsFunc(cells, func(x int) bool { return g.d(x) == g.d(c) }) {
				cells = append(cells, c)
				break
			}
		}
	}
	sum := g.sumOf(cells)
	if g.broken() {
		sum++
	}
	e := map[string]any{"cells": g.names(cells)}
	if g.rng.IntN(6) > 0 {
		e["value"] = strconv.Itoa(sum)
	}
	g.fp["killercage"] = append(g.fp["killercage"], e)
}

func (g *issGen) cellOf(name string) int {
	var r, c int
	fmt.Sscanf(name, "R%dC%d", &r, &c)
	return (r-1)*g.n + c - 1
}

// sumCage adds a sum cage whose digits may repeat (Rules.AddCage).
func (g *issGen) sumCage() {
	n := g.n
	cells := []int{g.rng.IntN(n * n)}
	for len(cells) < 2+g.rng.IntN(3) {
		o := g.rng.IntN(n * n)
		if !slices.Contains(cells, o) {
			cells = append(cells, o)
		}
	}
	sum := g.sumOf(cells)
	if g.broken() {
		sum--
	}
	g.after = append(g.after, func(b *sudoku.Board) error { return b.Rules.AddCage(cells, sum, true) })
}

// pairs returns the side-by-side pairs of cells whose digits keep rel.
func (g *issGen) pairs(rel func(a, b int) bool) [][2]int {
	var out [][2]int
	for _, p := range constraint.SideBySide(g.n) {
		if rel(g.d(p.A), g.d(p.B)) {
			out = append(out, [2]int{p.A, p.B})
		}
	}
	return out
}

// dot adds dots of kind kept by the solution: white dots of 1 (or 2, 3),
// black of 2 (or 3), X and V (or other sums, through NewDot).
func (g *issGen) dot(kind string) {
	v := map[string]int{"difference": 1, "ratio": 2, "xv": 10}[kind]
	if g.rng.IntN(3) == 0 {
		v = map[string]int{"difference": 2 + g.rng.IntN(2), "ratio": 3, "xv": min(2*g.n-1, []int{5, 7, 9, 12}[g.rng.IntN(4)])}[kind]
	}
	rel := map[string]func(a, b int) bool{
		"difference": func(a, b int) bool { return abs(a-b) == v },
		"ratio":      func(a, b int) bool { return a == v*b || b == v*a },
		"xv":         func(a, b int) bool { return a+b == v },
	}[kind]
	ps := g.pairs(rel)
	if len(ps) == 0 || g.broken() {
		ps = append(ps, [2]int{0, 1})
	}
	p := ps[g.rng.IntN(len(ps))]
	if kind == "xv" && v != 10 && v != 5 {
		g.after = append(g.after, func(b *sudoku.Board) error {
			k, err := constraint.NewDot("xv", g.n, p[0], p[1], v)
			b.Rules.Constraints = append(b.Rules.Constraints, k)
			return err
		})
		return
	}
	e := map[string]any{"cells": g.names(p[:])}
	switch {
	case kind == "xv":
		e["value"] = map[int]string{10: "X", 5: "V"}[v]
	case v != map[string]int{"difference": 1, "ratio": 2}[kind] || g.rng.IntN(2) == 0:
		e["value"] = strconv.Itoa(v)
	}
	g.fp[kind] = append(g.fp[kind], e)
}

// negative adds every dot of a relation the solution keeps and the rule
// that they are all given.
func (g *issGen) negative(kind string) {
	add := func(key string, rel func(a, b int) bool, value string) {
		for _, p := range g.pairs(rel) {
			if g.rng.IntN(12) == 0 && g.broken() {
				continue // a dot left out: the rule breaks
			}
			e := map[string]any{"cells": g.names(p[:])}
			if value != "" {
				e["value"] = value
			}
			g.fp[key] = append(g.fp[key], e)
		}
	}
	consecutive := func(a, b int) bool { return abs(a-b) == 1 }
	double := func(a, b int) bool { return (a == 2*b || b == 2*a) && abs(a-b) != 1 }
	switch kind {
	case "strictkropki":
		add("difference", consecutive, "")
		add("ratio", double, "")
		g.extra["negative"] = []string{"difference", "ratio"}
	case "strictxv":
		add("xv", func(a, b int) bool { return a+b == 10 }, "X")
		add("xv", func(a, b int) bool { return a+b == 5 }, "V")
		g.extra["negative"] = []string{"xv"}
	case "nonconsecutive":
		if g.rng.IntN(2) == 0 {
			add("difference", consecutive, "")
		}
		g.extra["nonconsecutive"] = true
	case "negativeratio3":
		add("ratio", func(a, b int) bool { return a == 3*b || b == 3*a }, "3")
		g.extra["negative"] = []string{"ratio"}
	}
}

var lkSteps = map[string][2]int{"DL": {1, -1}, "DR": {1, 1}, "UL": {-1, -1}, "UR": {-1, 1}}

// littleKiller adds a clue beside the grid on a diagonal.
func (g *issGen) littleKiller() {
	n := g.n
	for try := 0; try < 100; try++ {
		row, col := g.rng.IntN(n+2)-1, g.rng.IntN(n+2)-1
		if row >= 0 && row < n && col >= 0 && col < n {
			continue
		}
		dirs := []string{"DL", "DR", "UL", "UR"}
		dir := dirs[g.rng.IntN(4)]
		s, cells := 0, 0
		for r, c := row+lkSteps[dir][0], col+lkSteps[dir][1]; r >= 0 && r < n && c >= 0 && c < n; r, c = r+lkSteps[dir][0], c+lkSteps[dir][1] {
			s += g.d(r*n + c)
			cells++
		}
		if cells == 0 {
			continue
		}
		if g.broken() {
			s += 1
		}
		g.fp["littlekillersum"] = append(g.fp["littlekillersum"], map[string]any{
			"cell": fmt.Sprintf("R%dC%d", row+1, col+1), "direction": dir, "value": strconv.Itoa(s)})
		return
	}
}

// outside adds a sandwich, X-sum or skyscraper clue.
func (g *issGen) outside(kind string) {
	n := g.n
	side, i := g.rng.IntN(4), g.rng.IntN(n)
	cells := make([]int, n)
	place := ""
	for j := range cells {
		switch side {
		case 0:
			cells[j], place = i*n+j, fmt.Sprintf("R%dC0", i+1)
		case 1:
			cells[j], place = i*n+n-1-j, fmt.Sprintf("R%dC%d", i+1, n+1)
		case 2:
			cells[j], place = j*n+i, fmt.Sprintf("R0C%d", i+1)
		default:
			cells[j], place = (n-1-j)*n+i, fmt.Sprintf("R%dC%d", n+1, i+1)
		}
	}
	ds := g.digits(cells)
	v := 0
	switch kind {
	case "sandwichsum":
		a, b := slices.Index(ds, 1), slices.Index(ds, n)
		for _, d := range ds[min(a, b)+1 : max(a, b)] {
			v += d
		}
	case "xsum":
		for _, d := range ds[:ds[0]] {
			v += d
		}
	case "skyscraper":
		top := 0
		for _, d := range ds {
			if d > top {
				top, v = d, v+1
			}
		}
	}
	if g.broken() && v > 1 {
		v--
	}
	for _, e := range g.fp[kind] {
		if e.(map[string]any)["cell"] == place {
			return // one clue a place
		}
	}
	g.fp[kind] = append(g.fp[kind], map[string]any{"cell": place, "value": strconv.Itoa(v)})
}

// quadruple adds digits of a 2x2 (now and then of four cells apart).
func (g *issGen) quadruple() {
	n := g.n
	tl := g.rng.IntN((n - 1) * n)
	if tl%n == n-1 {
		tl--
	}
	cells := []int{tl, tl + 1, tl + n, tl + n + 1}
	if g.rng.IntN(5) == 0 {
		cells = g.rng.Perm(n * n)[:4]
	}
	ds := g.digits(cells)
	g.rng.Shuffle(len(ds), func(i, j int) { ds[i], ds[j] = ds[j], ds[i] })
	ds = ds[:1+g.rng.IntN(4)]
	if g.broken() {
		ds[0] = 1 + g.rng.IntN(n)
	}
	g.fp["quadruple"] = append(g.fp["quadruple"], map[string]any{"cells": g.names(cells), "values": ds})
}

// extremum marks a cell lower (higher) than its side-by-side neighbours.
func (g *issGen) extremum(max bool) {
	key := map[bool]string{false: "minimum", true: "maximum"}[max]
	var ok []int
	for c := range g.n * g.n {
		if g.beatsNeighbours(c, max) {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 || g.broken() {
		ok = append(ok, g.rng.IntN(g.n*g.n))
	}
	c := ok[g.rng.IntN(len(ok))]
	for _, e := range g.fp[key] {
		if e.(map[string]any)["cell"] == g.name(c) {
			return
		}
	}
	g.fp[key] = append(g.fp[key], map[string]any{"cell": g.name(c)})
}

func (g *issGen) beatsNeighbours(c int, max bool) bool {
	n := g.n
	for _, s := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r, col := c/n+s[0], c%n+s[1]
		if r < 0 || r >= n || col < 0 || col >= n {
			continue
		}
		o := r*n + col
		if max && g.d(o) >= g.d(c) || !max && g.d(o) <= g.d(c) {
			return false
		}
	}
	return true
}

// indexer marks cells whose digit says where their index is.
func (g *issGen) indexer(row bool) {
	n := g.n
	var ok []int
	for c := range n * n {
		r, col, x := c/n, c%n, g.d(c)
		if row && g.d((x-1)*n+col) == r+1 || !row && g.d(r*n+x-1) == col+1 {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 || g.broken() {
		ok = append(ok, g.rng.IntN(n*n))
	}
	key := map[bool]string{false: "columnindexer", true: "rowindexer"}[row]
	c := ok[g.rng.IntN(len(ok))]
	g.fp[key] = append(g.fp[key], map[string]any{"cells": []string{g.name(c)}})
}

// board makes the board: the base rules and givens written as
// f-puzzles, the entries added, read back; then the constraints made in
// Go.
func (g *issGen) board() (*sudoku.Board, error) {
	b := sudoku.NewBoard(g.rules)
	g.givens(b)
	data, err := sudoku.FormatFPuzzles(b)
	if err != nil {
		return nil, err
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	for k, v := range g.fp {
		raw[k] = v
	}
	for k, v := range g.extra {
		raw[k] = v
	}
	if data, err = json.Marshal(raw); err != nil {
		return nil, err
	}
	if b, err = sudoku.ParseFPuzzles(data); err != nil {
		return nil, err
	}
	b.Rules = b.Rules.Clone()
	for _, f := range g.after {
		if err := f(b); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// givens gives some of the solution's digits, and now and then
// candidates (holding the solution's digit) or odd/even cells.
func (g *issGen) givens(b *sudoku.Board) {
	n := g.n
	frac := 0.25 + 0.45*g.rng.Float64()
	if n >= 12 {
		frac = 0.6 + 0.2*g.rng.Float64()
	}
	for c := range b.Cells {
		if g.rng.Float64() < frac {
			b.Cells[c] = g.sol[c]
		}
	}
	if g.rng.IntN(8) == 0 {
		b.Marks = make([]sudoku.Digits, n*n)
		for c := range b.Marks {
			b.Marks[c] = sudoku.AllDigits(n)
			if b.Cells[c] != 0 {
				b.Marks[c] = sudoku.DigitOf(int(b.Cells[c]))
			} else if g.rng.IntN(3) == 0 {
				b.Marks[c] = sudoku.DigitOf(g.d(c)) | sudoku.Digits(g.rng.Uint32())&sudoku.AllDigits(n)
			}
		}
	}
	if g.rng.IntN(8) == 0 {
		b.Rules = b.Rules.Clone()
		b.Rules.Parity = make([]sudoku.Parity, n*n)
		for c := range b.Rules.Parity {
			if g.rng.IntN(4) == 0 {
				b.Rules.Parity[c] = sudoku.Parity(2 - g.d(c)%2)
			}
		}
	}
}
