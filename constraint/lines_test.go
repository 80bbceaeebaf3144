package constraint

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sudoku"
	"testing"
)

// Tests of the line kinds: palindrome, clone, whispers, renban, nabner,
// entropic and modular lines, zipper, between, lockout and region sum
// lines. Instances that a random grid keeps are built from the places of
// its digits (a line's cells need not touch for its rule), then checked
// for sound propagation, exact rows and the f-puzzles round trip.

// lineMaker builds lines that a grid keeps.
type lineMaker struct {
	g    []uint8
	rng  *rand.Rand
	used map[int]bool
}

func newLineMaker(g []uint8, rng *rand.Rand) *lineMaker {
	return &lineMaker{g: g, rng: rng, used: map[int]bool{}}
}

// cellIn returns an unused cell holding a digit of m, -1 when none is left.
func (lm *lineMaker) cellIn(m sudoku.Digits) int {
	var free []int
	for c, v := range lm.g {
		if m.Has(int(v)) && !lm.used[c] {
			free = append(free, c)
		}
	}
	if len(free) == 0 {
		return -1
	}
	c := free[lm.rng.IntN(len(free))]
	lm.used[c] = true
	return c
}

// cells returns an unused cell for each digit (nil if one is missing).
func (lm *lineMaker) cells(digits []int) []int {
	out := make([]int, len(digits))
	for i, d := range digits {
		if out[i] = lm.cellIn(sudoku.DigitOf(d)); out[i] < 0 {
			return nil
		}
	}
	return out
}

// digitIn returns a random digit of m (m not empty).
func (lm *lineMaker) digitIn(m sudoku.Digits) int {
	var ds []int
	for x := m; x != 0; x &= x - 1 {
		ds = append(ds, x.Min())
	}
	return ds[lm.rng.IntN(len(ds))]
}

func (lm *lineMaker) palindrome() sudoku.Constraint {
	L := 1 + lm.rng.IntN(8)
	digits := make([]int, L)
	for i := 0; i <= (L-1)/2; i++ {
		digits[i] = 1 + lm.rng.IntN(9)
		digits[L-1-i] = digits[i]
	}
	return newPalindrome(9, lm.cells(digits))
}

func (lm *lineMaker) clone() sudoku.Constraint {
	k := 1 + lm.rng.IntN(4)
	var a, b []int
	for range k {
		c := lm.cellIn(sudoku.AllDigits(9))
		a = append(a, c)
		b = append(b, lm.cellIn(sudoku.DigitOf(int(lm.g[c]))))
	}
	return newClone(9, a, b)
}

func (lm *lineMaker) whispers() sudoku.Constraint {
	v := 3 + lm.rng.IntN(3)
	digits := []int{1 + lm.rng.IntN(9)}
	for len(digits) < 2+lm.rng.IntN(6) {
		last := digits[len(digits)-1]
		far := sudoku.Range(1, last-v) | sudoku.Range(last+v, 9)
		if far == 0 {
			break
		}
		digits = append(digits, lm.digitIn(far))
	}
	return newWhispers(9, lm.cells(digits), v)
}

func (lm *lineMaker) renban() sudoku.Constraint {
	L := 1 + lm.rng.IntN(9)
	s := 1 + lm.rng.IntN(10-L)
	var digits []int
	for _, i := range lm.rng.Perm(L) {
		digits = append(digits, s+i)
	}
	return &renban{n: 9, cells: lm.cells(digits)}
}

func (lm *lineMaker) nabner() sudoku.Constraint {
	L := 1 + lm.rng.IntN(5)
	var digits []int
	for _, i := range lm.rng.Perm(9) {
		ok := true
		for _, d := range digits {
			ok = ok && abs(d-(i+1)) >= 2
		}
		if ok && len(digits) < L {
			digits = append(digits, i+1)
		}
	}
	return newNabner(9, lm.cells(digits))
}

func (lm *lineMaker) ranked(mk func(int, []int) *rankLine) sudoku.Constraint {
	ranks := mk(9, nil).ranks
	perm := rankPerms[lm.rng.IntN(6)]
	digits := make([]int, 1+lm.rng.IntN(9))
	for i := range digits {
		digits[i] = lm.digitIn(ranks[perm[i%3]])
	}
	return mk(9, lm.cells(digits))
}

func (lm *lineMaker) zipper() sudoku.Constraint {
	L := 1 + lm.rng.IntN(9)
	digits := make([]int, L)
	S := 3 + lm.rng.IntN(15)
	if L%2 == 1 {
		S = 2 + lm.rng.IntN(8)
		digits[L/2] = S
	}
	for i := 0; i < L/2; i++ {
		digits[i] = lm.digitIn(sudoku.Range(S-9, S-1))
		digits[L-1-i] = S - digits[i]
	}
	return newZipper(9, lm.cells(digits))
}

func (lm *lineMaker) between() sudoku.Constraint {
	a := 1 + lm.rng.IntN(7)
	b := a + 2 + lm.rng.IntN(8-a)
	if lm.rng.IntN(2) == 0 {
		a, b = b, a
	}
	digits := []int{a}
	for range 1 + lm.rng.IntN(5) {
		digits = append(digits, lm.digitIn(sudoku.Range(min(a, b)+1, max(a, b)-1)))
	}
	return &betweenLine{n: 9, cells: lm.cells(append(digits, b))}
}

func (lm *lineMaker) lockout() sudoku.Constraint {
	diff := 3 + lm.rng.IntN(3)
	a := 1 + lm.rng.IntN(9-diff)
	b := a + diff + lm.rng.IntN(10-a-diff)
	if lm.rng.IntN(2) == 0 {
		a, b = b, a
	}
	digits := []int{a}
	out := sudoku.AllDigits(9) &^ sudoku.Range(min(a, b), max(a, b))
	for i := 0; out != 0 && i < lm.rng.IntN(6); i++ {
		digits = append(digits, lm.digitIn(out))
	}
	return &lockout{n: 9, cells: lm.cells(append(digits, b)), diff: diff}
}

// lineBox is the box of a cell of a 9x9.
func lineBox(c int) int { return c/27*3 + c%9/3 }

// regionSum builds a line of 2 or 3 pieces in different boxes of one sum
// (nil when the tries fail).
func (lm *lineMaker) regionSum() sudoku.Constraint {
	box := lm.rng.IntN(9)
	var first []int
	for range 1 + lm.rng.IntN(3) {
		first = append(first, lm.boxCell(box))
	}
	sum := 0
	for _, c := range first {
		sum += int(lm.g[c])
	}
	line := first
	for range 1 + lm.rng.IntN(2) {
		next := (box + 1 + lm.rng.IntN(8)) % 9
		piece := lm.pieceOf(next, sum)
		if piece == nil {
			break
		}
		line, box = append(line, piece...), next
	}
	region := make([]int, 81)
	for c := range region {
		region[c] = lineBox(c)
	}
	return newRegionSum(9, line, region)
}

// boxCell returns an unused cell of box b.
func (lm *lineMaker) boxCell(b int) int {
	for {
		c := lm.rng.IntN(81)
		if lineBox(c) == b && !lm.used[c] {
			lm.used[c] = true
			return c
		}
	}
}

// pieceOf returns unused cells of box b adding up to sum (nil if none).
func (lm *lineMaker) pieceOf(b, sum int) []int {
	var cells []int
	for c := range 81 {
		if lineBox(c) == b && !lm.used[c] {
			cells = append(cells, c)
		}
	}
	for _, mask := range lm.rng.Perm(1 << len(cells)) {
		var piece []int
		s := 0
		for i, c := range cells {
			if mask&(1<<i) != 0 {
				piece, s = append(piece, c), s+int(lm.g[c])
			}
		}
		if s == sum && len(piece) > 0 && len(piece) <= 4 {
			for _, c := range piece {
				lm.used[c] = true
			}
			return piece
		}
	}
	return nil
}

// makers builds one instance of each kind.
var lineMakers = map[string]func(lm *lineMaker) sudoku.Constraint{
	"palindrome":    (*lineMaker).palindrome,
	"clone":         (*lineMaker).clone,
	"whispers":      (*lineMaker).whispers,
	"renban":        (*lineMaker).renban,
	"nabner":        (*lineMaker).nabner,
	"entropicline":  func(lm *lineMaker) sudoku.Constraint { return lm.ranked(newEntropicLine) },
	"modularline":   func(lm *lineMaker) sudoku.Constraint { return lm.ranked(newModularLine) },
	"zipperline":    (*lineMaker).zipper,
	"betweenline":   (*lineMaker).between,
	"lockout":       (*lineMaker).lockout,
	"regionsumline": (*lineMaker).regionSum,
}

func TestLinesSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for kind, mk := range lineMakers {
		t.Run(kind, func(t *testing.T) {
			for range 150 {
				g := randomGrid(rng)
				k := mk(newLineMaker(g, rng))
				if len(k.Cells()) == 0 {
					continue
				}
				checkSound(t, k, g, rng, 10)
			}
		})
	}
}

// linesModel is a Model that keeps its rows, to check them against grids.
type linesModel struct {
	n    int
	bins int
	rows []linesRow
}

type linesRow struct {
	name  string
	terms []sudoku.Term
	sense sudoku.Sense
	rhs   int
}

func (m *linesModel) Cell(c, d int) sudoku.Var { return sudoku.Var(c*m.n + d - 1) }
func (m *linesModel) Binary(string) sudoku.Var { m.bins++; return sudoku.Var(m.n*m.n*m.n + m.bins - 1) }
func (m *linesModel) Row(name string, t []sudoku.Term, s sudoku.Sense, rhs int) {
	m.rows = append(m.rows, linesRow{name, t, s, rhs})
}

// holds reports whether some values of the binaries meet every row with
// the cells of grid.
func (m *linesModel) holds(grid []uint8) bool {
	base := m.n * m.n * m.n
	x := make([]int, base+m.bins)
	for c, v := range grid {
		x[c*m.n+int(v)-1] = 1
	}
	for a := 0; a < 1<<m.bins; a++ {
		for i := range m.bins {
			x[base+i] = a >> i & 1
		}
		if m.meets(x) {
			return true
		}
	}
	return false
}

func (m *linesModel) meets(x []int) bool {
	for _, r := range m.rows {
		s := 0
		for _, t := range r.terms {
			s += t.Coef * x[t.Var]
		}
		if r.sense == sudoku.AtMost && s > r.rhs || r.sense == sudoku.AtLeast && s < r.rhs || r.sense == sudoku.Equal && s != r.rhs {
			return false
		}
	}
	return true
}

// TestLinesRowsExact: on full grids, the rows (with some values of their
// binaries) hold exactly when Check passes: on the grid an instance was
// made from, and on other grids, which mostly break it.
func TestLinesRowsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for kind, mk := range lineMakers {
		t.Run(kind, func(t *testing.T) {
			held, broke := 0, 0
			for range 60 {
				g := randomGrid(rng)
				k := mk(newLineMaker(g, rng))
				if len(k.Cells()) == 0 {
					continue
				}
				m := &linesModel{n: 9}
				k.Rows(m)
				rowsAgree(t, k, m.holds, [][]uint8{g, randomGrid(rng), randomGrid(rng)}, &held, &broke)
			}
			if held == 0 || broke == 0 {
				t.Errorf("held %d, broke %d: want both", held, broke)
			}
		})
	}
}

// lineDomains returns domains with the candidates of the first cells.
func lineDomains(in []sudoku.Digits) *sudoku.Domains {
	d := &sudoku.Domains{N: 9, Open: make([]sudoku.Digits, 81), Placed: make([]sudoku.Digits, 81)}
	for c := range d.Open {
		d.Open[c] = sudoku.AllDigits(9)
	}
	copy(d.Open, in)
	return d
}

// lineBoxes are the regions of a 9x9 by box.
func lineBoxes() []int {
	r := make([]int, 81)
	for c := range r {
		r[c] = lineBox(c)
	}
	return r
}

// TestLinesPropagate: named cases of what each kind finds, on cells
// r1c1, r1c2, ... (index i is cell i).
func TestLinesPropagate(t *testing.T) {
	all := sudoku.AllDigits(9)
	line := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	ds := func(digits ...int) sudoku.Digits {
		var m sudoku.Digits
		for _, d := range digits {
			m |= sudoku.DigitOf(d)
		}
		return m
	}
	tests := []struct {
		name string
		k    sudoku.Constraint
		in   []sudoku.Digits
		want []sudoku.Digits // nil: a dead end
	}{
		{"palindrome ends meet", newPalindrome(9, line(4)), []sudoku.Digits{ds(1, 2), all, all, ds(2, 3)}, []sudoku.Digits{ds(2), all, all, ds(2)}},
		{"clone twins meet", newClone(9, []int{0, 1}, []int{2, 3}), []sudoku.Digits{sudoku.Range(1, 4), all, sudoku.Range(3, 9), ds(5)}, []sudoku.Digits{ds(3, 4), ds(5), ds(3, 4), ds(5)}},
		{"whispers leave 5 out", newWhispers(9, line(2), 5), []sudoku.Digits{all, all}, []sudoku.Digits{all &^ ds(5), all &^ ds(5)}},
		{"whispers from a 7", newWhispers(9, line(3), 5), []sudoku.Digits{ds(7), all, all}, []sudoku.Digits{ds(7), ds(1, 2), sudoku.Range(6, 9)}},
		{"whispers of 4 keep 5", newWhispers(9, line(2), 4), []sudoku.Digits{ds(5), all}, []sudoku.Digits{ds(5), ds(1, 9)}},
		{"renban from a 1", &renban{n: 9, cells: line(3)}, []sudoku.Digits{ds(1), all, all}, []sudoku.Digits{ds(1), ds(2, 3), ds(2, 3)}},
		{"renban without 4 runs high", &renban{n: 9, cells: line(4)}, []sudoku.Digits{all &^ ds(4), all &^ ds(4), all &^ ds(4), all &^ ds(4)}, []sudoku.Digits{sudoku.Range(5, 9), sudoku.Range(5, 9), sudoku.Range(5, 9), sudoku.Range(5, 9)}},
		{"renban pair takes 1 and 2", &renban{n: 9, cells: line(3)}, []sudoku.Digits{ds(1, 2), ds(1, 2), all}, []sudoku.Digits{ds(1, 2), ds(1, 2), ds(3)}},
		{"renban too far apart", &renban{n: 9, cells: line(3)}, []sudoku.Digits{ds(1), ds(5), all}, nil},
		{"nabner of five is odd", newNabner(9, line(5)), []sudoku.Digits{all, all, all, all, all}, []sudoku.Digits{ds(1, 3, 5, 7, 9), ds(1, 3, 5, 7, 9), ds(1, 3, 5, 7, 9), ds(1, 3, 5, 7, 9), ds(1, 3, 5, 7, 9)}},
		{"nabner beside a 5", newNabner(9, line(2)), []sudoku.Digits{ds(5), all}, []sudoku.Digits{ds(5), all &^ ds(4, 5, 6)}},
		{"nabner 3 and 4", newNabner(9, line(2)), []sudoku.Digits{ds(3), ds(4)}, nil},
		{"entropic third rank", newEntropicLine(9, line(4)), []sudoku.Digits{ds(1), ds(5), all, all}, []sudoku.Digits{ds(1), ds(5), sudoku.Range(7, 9), sudoku.Range(1, 3)}},
		{"entropic of two", newEntropicLine(9, line(2)), []sudoku.Digits{ds(2), all}, []sudoku.Digits{ds(2), sudoku.Range(4, 9)}},
		{"modular third residue", newModularLine(9, line(4)), []sudoku.Digits{ds(1), ds(2), all, all}, []sudoku.Digits{ds(1), ds(2), ds(3, 6, 9), ds(1, 4, 7)}},
		{"modular two places one rank", newModularLine(9, line(3)), []sudoku.Digits{ds(1, 4), ds(4, 7), all}, nil},
		{"zipper middle sums", newZipper(9, line(3)), []sudoku.Digits{ds(1, 2), all, ds(1, 2)}, []sudoku.Digits{ds(1, 2), ds(2, 3, 4), ds(1, 2)}},
		{"zipper pairs of 18", newZipper(9, line(4)), []sudoku.Digits{ds(9), all, all, ds(9)}, []sudoku.Digits{ds(9), ds(9), ds(9), ds(9)}},
		{"zipper middle too small", newZipper(9, line(3)), []sudoku.Digits{ds(5), ds(3), all}, nil},
		{"region sum cells equal", newRegionSum(9, []int{2, 3}, lineBoxes()), []sudoku.Digits{all, all, ds(1, 2), ds(2, 3)}, []sudoku.Digits{all, all, ds(2), ds(2)}},
		{"region sum of two pieces", newRegionSum(9, []int{1, 2, 3}, lineBoxes()), []sudoku.Digits{all, ds(1), ds(2), all}, []sudoku.Digits{all, ds(1), ds(2), ds(3)}},
		{"between from a 1", &betweenLine{n: 9, cells: line(3)}, []sudoku.Digits{ds(1), all, all}, []sudoku.Digits{ds(1), sudoku.Range(2, 8), sudoku.Range(3, 9)}},
		{"between no room", &betweenLine{n: 9, cells: line(3)}, []sudoku.Digits{ds(4), all, ds(5)}, nil},
		{"lockout from a 1", &lockout{n: 9, cells: line(3), diff: 4}, []sudoku.Digits{ds(1), all, all}, []sudoku.Digits{ds(1), sudoku.Range(6, 9), sudoku.Range(5, 8)}},
		{"lockout ends too close", &lockout{n: 9, cells: line(2), diff: 4}, []sudoku.Digits{ds(3), sudoku.Range(1, 6)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := lineDomains(tt.in)
			ok := tt.k.Propagate(d)
			if tt.want == nil {
				if ok {
					t.Fatalf("no dead end: %v", d.Open[:len(tt.in)])
				}
				return
			}
			if !ok {
				t.Fatal("dead end")
			}
			for i, w := range tt.want {
				if d.Open[i] != w {
					t.Errorf("%s: %v, want %v", sudoku.CellName(9, i), d.Open[i], w)
				}
			}
		})
	}
}

// TestLinesWords: each kind says why it narrows, naming its line.
func TestLinesWords(t *testing.T) {
	tests := []struct {
		k    sudoku.Constraint
		in   []sudoku.Digits
		want string
	}{
		{newPalindrome(9, []int{0, 1}), []sudoku.Digits{sudoku.DigitOf(3)}, "the palindrome r1c1-r1c2 reads the same both ways, so r1c1 and r1c2 are equal, so "},
		{newWhispers(9, []int{0, 1}, 5), []sudoku.Digits{sudoku.DigitOf(3)}, "neighbours on the German whispers line r1c1-r1c2 differ by at least 5, so "},
		{&renban{n: 9, cells: []int{0, 1}}, []sudoku.Digits{sudoku.DigitOf(3)}, "the renban line r1c1-r1c2 holds 2 different consecutive digits, and only 2-3 or 3-4 fit, so "},
		{newEntropicLine(9, []int{0, 1, 2}), []sudoku.Digits{sudoku.DigitOf(1), sudoku.DigitOf(5)}, "r1c3 is only high (7-9), so "},
		{newZipper(9, []int{0, 1, 2}), []sudoku.Digits{sudoku.DigitOf(1), sudoku.AllDigits(9), sudoku.DigitOf(1)}, "add up to the middle digit, which can only be 2, so "},
		{&lockout{n: 9, cells: []int{0, 1, 2}, diff: 4}, []sudoku.Digits{sudoku.DigitOf(1)}, "the diamonds of the lockout line r1c1-r1c3 differ by at least 4"},
	}
	for _, tt := range tests {
		d := lineDomains(tt.in)
		d.Explain = true
		if !tt.k.Propagate(d) {
			t.Fatalf("%v: dead end", tt.k)
		}
		found := false
		for _, ded := range d.Deductions {
			found = found || strings.Contains(ded.Text, tt.want)
		}
		if !found {
			t.Errorf("%v: no deduction says %q: %+v", tt.k, tt.want, d.Deductions)
		}
	}
}

// TestLinesAllocs: propagation allocates nothing when not explaining.
func TestLinesAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	g := randomGrid(rng)
	for kind, mk := range lineMakers {
		k := mk(newLineMaker(g, rng))
		d := sudoku.NewDomains(9)
		if n := testing.AllocsPerRun(20, func() { k.Propagate(d) }); n != 0 {
			t.Errorf("%s: %v allocations per propagation", kind, n)
		}
	}
}

func TestLinesRoundTrip(t *testing.T) {
	cs := []sudoku.Constraint{
		newPalindrome(9, []int{0, 1, 2}), newClone(9, []int{3, 4}, []int{30, 31}),
		newWhispers(9, []int{9, 10, 11}, 5), newWhispers(9, []int{18, 19}, 4),
		&renban{n: 9, cells: []int{27, 28, 29}}, newNabner(9, []int{36, 37}),
		newEntropicLine(9, []int{45, 46, 47, 48}), newModularLine(9, []int{54, 55, 56}),
		newZipper(9, []int{63, 64, 65}), &betweenLine{n: 9, cells: []int{72, 73, 74}},
		&lockout{n: 9, cells: []int{12, 13, 14}, diff: 4}, &lockout{n: 9, cells: []int{21, 22}, diff: 3},
		newRegionSum(9, []int{5, 6, 7}, lineBoxes()),
	}
	checkRoundTrip(t, cs)
}

// TestLinesReadErrors: malformed entries are refused with the key, the
// entry and what is wrong.
func TestLinesReadErrors(t *testing.T) {
	tests := []struct{ key, entry, want string }{
		{"clone", `[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5"]}]`, "clone 1: has 2 cells and 1 cell as clones"},
		{"renban", `[{"lines":[["R1C1","R1C2","R1C3","R1C4","R1C5","R1C6","R1C7","R1C8","R1C9","R2C9"]]}]`, "renban 1: a renban line of 10 cells"},
		{"nabner", `[{"lines":[["R1C1","R1C2","R1C3","R1C4","R1C5","R1C6"]]}]`, "nabner 1: a nabner line of 6 cells"},
		{"whispers", `[{"lines":[["R1C1","R1C2"]],"value":"x"}]`, `whispers 1: value "x" is not a whole number`},
		{"whispers", `[{"lines":[["R1C1","R1C2"]]},{"lines":[["R1C1","R1C2"]],"value":"12"}]`, "whispers 2: value 12 out of range 1..8"},
		{"lockout", `[{"lines":[["R1C1"]]}]`, "lockout 1: has 1 cell, want at least 2"},
		{"betweenline", `[{"lines":[["R1C1","R10C1"]]}]`, `betweenline 1: cell "R10C1" outside`},
		{"palindrome", `[{"lines":[]}]`, "palindrome 1: no line"},
		{"zipperline", `[{"lines":[["R1C1","R1C1"]]}]`, "zipperline 1: lists r1c1 twice"},
		{"entropicline", `{"lines":[]}`, "f-puzzles entropicline"},
	}
	for _, tt := range tests {
		f := &sudoku.FPuzzle{Size: 9, Raw: map[string]json.RawMessage{tt.key: json.RawMessage(tt.entry)}}
		k, ok := sudoku.LookupConstraint(tt.key)
		if !ok {
			t.Fatalf("%s not registered", tt.key)
		}
		_, err := k.Read(f)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: error %v, want %q", tt.key, tt.entry, err, tt.want)
		}
	}
}

// TestRegionSumPieces: a line is cut where it changes box, a new piece
// each time it comes back, and cells outside every region are left out.
func TestRegionSumPieces(t *testing.T) {
	region := lineBoxes()
	k := newRegionSum(9, []int{1, 2, 3, 4, 13, 12, 11, 10}, region)
	want := "[[1 2] [3 4 13 12] [11 10]]"
	if got := fmt.Sprint(k.sums.groups); got != want {
		t.Errorf("pieces %s, want %s", got, want)
	}
	region[3] = -1
	k = newRegionSum(9, []int{2, 3, 4}, region)
	if got := fmt.Sprint(k.sums.groups); got != "[[2] [4]]" {
		t.Errorf("pieces %s, want [[2] [4]]", got)
	}
}

// lineRule is each kind's rule on the digits of its cells (in Cells
// order), written out plainly to check propagation and Check against.
func lineRule(k sudoku.Constraint, v []int) bool {
	at := map[int]int{}
	for i, c := range k.Cells() {
		at[c] = v[i]
	}
	switch k := k.(type) {
	case *palindrome, *clone:
		for _, p := range k.(interface{ pairList() []sudoku.Pair }).pairList() {
			if at[p.A] != at[p.B] {
				return false
			}
		}
		return true
	case *whispers:
		for i := 1; i < len(v); i++ {
			if abs(v[i]-v[i-1]) < k.value {
				return false
			}
		}
		return true
	case *renban:
		lo, hi := 10, 0
		for i, x := range v {
			for _, y := range v[:i] {
				if x == y {
					return false
				}
			}
			lo, hi = min(lo, x), max(hi, x)
		}
		return hi-lo == len(v)-1
	case *nabner:
		for i, x := range v {
			for _, y := range v[:i] {
				if abs(x-y) < 2 {
					return false
				}
			}
		}
		return true
	case *rankLine:
		rank := func(x int) int {
			for r, m := range k.ranks {
				if m.Has(x) {
					return r
				}
			}
			return -1
		}
		for i := range v {
			for j := i + 1; j < len(v) && j < i+3; j++ {
				if rank(v[i]) == rank(v[j]) {
					return false
				}
			}
		}
		return true
	case *zipper:
		return lineGroupsEqual(k.sums.groups, at)
	case *regionSum:
		return lineGroupsEqual(k.sums.groups, at)
	case *betweenLine:
		a, b := v[0], v[len(v)-1]
		for _, x := range v[1 : len(v)-1] {
			if x <= min(a, b) || x >= max(a, b) {
				return false
			}
		}
		return true
	case *lockout:
		a, b := v[0], v[len(v)-1]
		for _, x := range v[1 : len(v)-1] {
			if x >= min(a, b) && x <= max(a, b) {
				return false
			}
		}
		return abs(a-b) >= k.diff
	}
	panic("no rule for " + k.Kind())
}

func (p *palindrome) pairList() []sudoku.Pair { return p.pairs }
func (c *clone) pairList() []sudoku.Pair      { return c.pairs }

// lineGroupsEqual reports whether the groups add up to one sum.
func lineGroupsEqual(groups [][]int, at map[int]int) bool {
	sum := -1
	for _, g := range groups {
		s := 0
		for _, c := range g {
			s += at[c]
		}
		if sum >= 0 && s != sum {
			return false
		}
		sum = s
	}
	return true
}

// TestLinesExact: from random candidates, propagation (run until it
// changes nothing) keeps exactly the digits some filling of the line
// keeping its rule uses, found by trying every filling; Check agrees
// with the rule on every filling. Every kind gets there in one pass.
func TestLinesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	line := []int{0, 1, 2, 3, 4}
	kinds := []func(L int) sudoku.Constraint{
		func(L int) sudoku.Constraint { return newPalindrome(9, line[:L]) },
		func(L int) sudoku.Constraint { return newClone(9, []int{0, 1}, []int{9, 10}) },
		func(L int) sudoku.Constraint { return newWhispers(9, line[:L], 3+rng.IntN(3)) },
		func(L int) sudoku.Constraint { return &renban{n: 9, cells: line[:L]} },
		func(L int) sudoku.Constraint { return newNabner(9, line[:L]) },
		func(L int) sudoku.Constraint { return newEntropicLine(9, line[:L]) },
		func(L int) sudoku.Constraint { return newModularLine(9, line[:L]) },
		func(L int) sudoku.Constraint { return newZipper(9, line[:L]) },
		func(L int) sudoku.Constraint { return newRegionSum(9, []int{1, 2, 3, 4, 13}[:L], lineBoxes()) },
		func(L int) sudoku.Constraint { return &betweenLine{n: 9, cells: line[:L]} },
		func(L int) sudoku.Constraint { return &lockout{n: 9, cells: line[:L], diff: 3 + rng.IntN(3)} },
	}
	for round := range 400 {
		k := kinds[round%len(kinds)](2 + rng.IntN(3))
		cells := k.Cells()
		in := make([]sudoku.Digits, len(cells))
		for i := range in {
			in[i] = sudoku.Digits(rng.Uint32()) & sudoku.AllDigits(9)
			if rng.IntN(3) == 0 {
				in[i] |= sudoku.Digits(rng.Uint32()) & sudoku.AllDigits(9)
			}
		}
		want, any := lineSupports(t, k, in)
		d := sudoku.NewDomains(9)
		for i, c := range cells {
			d.Open[c] = in[i]
		}
		ok, passes := true, 0
		for ok {
			passes++
			d.Changed = d.Changed[:0]
			ok = k.Propagate(d)
			if len(d.Changed) == 0 {
				break
			}
		}
		if !any {
			if ok {
				t.Fatalf("%v from %v: no filling keeps it, but no dead end", k, in)
			}
			continue
		}
		if !ok {
			t.Fatalf("%v from %v: a dead end, but a filling keeps it", k, in)
		}
		for i, c := range cells {
			if d.Open[c] != want[i] {
				t.Fatalf("%v from %v: %s keeps %v, want %v", k, in, sudoku.CellName(9, c), d.Open[c], want[i])
			}
		}
		if passes > 2 {
			t.Errorf("%v from %v: %d passes, want one (and one to see nothing change)", k, in, passes)
		}
	}
}

// lineSupports tries every filling of k's cells from in: the digits each
// cell takes in some filling that keeps the rule, whether there is one,
// and Check agrees with the rule on each.
func lineSupports(t *testing.T, k sudoku.Constraint, in []sudoku.Digits) ([]sudoku.Digits, bool) {
	cells := k.Cells()
	sup := make([]sudoku.Digits, len(cells))
	v := make([]int, len(cells))
	grid := make([]uint8, 81)
	any := false
	var try func(i int)
	try = func(i int) {
		if i == len(cells) {
			ok := lineRule(k, v)
			if err := k.Check(grid); (err == nil) != ok {
				t.Fatalf("%v on %v: rule %v, Check %v", k, v, ok, err)
			}
			if ok {
				any = true
				for j, x := range v {
					sup[j] |= sudoku.DigitOf(x)
				}
			}
			return
		}
		for x := in[i]; x != 0; x &= x - 1 {
			v[i] = x.Min()
			grid[cells[i]] = uint8(v[i])
			try(i + 1)
		}
		grid[cells[i]] = 0
	}
	try(0)
	return sup, any
}

// FuzzParseFPuzzlesLines feeds f-puzzles JSON with line kinds: reading
// never panics, and what is read propagates, checks, writes its rows and
// shapes, and reads back.
func FuzzParseFPuzzlesLines(f *testing.F) {
	f.Add(fpJSON(`,"palindrome":[{"lines":[["R1C1","R1C2","R2C2"]]}],"clone":[{"cells":["R3C3"],"cloneCells":["R4C4"]}]`))
	f.Add(fpJSON(`,"whispers":[{"lines":[["R1C1","R1C2"]],"value":"3"}],"renban":[{"lines":[["R2C1","R2C2","R2C3"]]}]`))
	f.Add(fpJSON(`,"nabner":[{"lines":[["R1C2","R2C2"]]}],"entropicline":[{"lines":[["R3C1","R3C2","R3C3","R3C4"]]}]`))
	f.Add(fpJSON(`,"modularline":[{"lines":[["R4C1","R4C2"]]}],"zipperline":[{"lines":[["R1C4","R2C4","R3C4"]]}]`))
	f.Add(fpJSON(`,"betweenline":[{"lines":[["R2C1","R3C1","R4C1"]]}],"lockout":[{"lines":[["R1C3","R2C3"]],"value":2}]`))
	f.Add(fpJSON(`,"regionsumline":[{"lines":[["R2C2","R2C3","R3C3"]]}]`))
	f.Fuzz(func(t *testing.T, s string) {
		b, err := sudoku.ParseFPuzzles([]byte(s))
		if err != nil {
			return
		}
		n := b.Size()
		for _, k := range b.Rules.Constraints {
			k.Propagate(sudoku.NewDomains(n))
			k.Check(b.Cells)
			k.Rows(&linesModel{n: n})
			k.Shapes()
			_ = k.String()
		}
		if out, err := sudoku.FormatFPuzzles(b); err == nil {
			if _, err := sudoku.ParseFPuzzles(out); err != nil {
				t.Fatalf("%q written as %s, not read back: %v", s, out, err)
			}
		}
	})
}

// rowsAgree fails t unless, on each grid, k's 0-1 rows hold (holds)
// exactly when k.Check passes; it counts the grids that pass in held and
// the others in broke.
func rowsAgree(t *testing.T, k sudoku.Constraint, holds func([]uint8) bool, grids [][]uint8, held, broke *int) {
	t.Helper()
	for _, grid := range grids {
		ok := k.Check(grid) == nil
		if got := holds(grid); got != ok {
			t.Fatalf("%v: rows hold %v, Check passes %v", k, got, ok)
		}
		if ok {
			*held++
		} else {
			*broke++
		}
	}
}
