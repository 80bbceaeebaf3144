package sudoku

import (
	"fmt"
	"slices"
	"strings"

	"sudoku/internal/words"
)

// This file holds Rules, the rule set of a puzzle as data: the size and
// shape of the grid, irregular regions, extra houses, killer cages and
// neighbour rules. Layout (layout.go) compiles Rules into the units and
// peers every engine reads; Board (board.go) is a puzzle under any Rules.

// MinSize and MaxSize bound a grid's size N (digits 1..N, N*N cells).
const (
	MinSize = 4
	MaxSize = 25
)

// Diagonals says which main diagonals are houses (the X variant has both).
type Diagonals uint8

// The two diagonals.
const (
	// DiagDown runs from the top left corner to the bottom right one
	// (f-puzzles' "diagonal-").
	DiagDown Diagonals = 1 << iota
	// DiagUp runs from the bottom left corner to the top right one
	// (f-puzzles' "diagonal+").
	DiagUp
	// BothDiagonals is the X variant.
	BothDiagonals = DiagDown | DiagUp
)

// Parity restricts a cell to odd or even digits.
type Parity uint8

// Parities of a cell.
const (
	AnyParity Parity = iota
	Odd
	Even
)

// String returns "odd", "even" or "any".
func (p Parity) String() string {
	switch p {
	case Odd:
		return "odd"
	case Even:
		return "even"
	}
	return "any"
}

// Cage is a killer cage: cells whose digits differ and, when Sum > 0, add up
// to Sum. A cage with Sum 0 has no sum given (digits still do not repeat).
type Cage struct {
	Cells []int `json:"cells"` // cell indexes, row-major over the N*N grid
	Sum   int   `json:"sum,omitempty"`
}

// Rules is a puzzle's rule set as data. The zero value is not valid; start
// from Classic or Sized and add rules.
//
// Every row, column and box (or region, when Regions is set) holds each
// digit 1..N once. Diagonals, Windoku and Disjoint add houses of N cells;
// Extra adds user-given regions of at most N cells whose digits differ (a
// region of N cells is a house). Cages are killer cages. AntiKnight and
// AntiKing forbid equal digits a chess knight's or king's move apart;
// Parity restricts cells to odd or even digits.
//
// Rules is read-only once built: engines compile it with Layout and may
// share it between goroutines.
type Rules struct {
	Size             int // N: digits 1..N, N rows and N columns
	BoxRows, BoxCols int // the box shape, BoxRows*BoxCols == Size; kept for jigsaw too (windows follow it)
	// Regions, when not nil, replaces the boxes (jigsaw): the region
	// 0..N-1 of each of the N*N cells. Every region has N cells; they
	// need not touch (f-puzzles' colouring-book puzzles split regions).
	Regions    []uint8
	Diagonals  Diagonals
	Windoku    bool // extra boxes of the box shape, one cell off the edges and one apart (hyper Sudoku)
	Disjoint   bool // the cells at the same place in every box form a house (not with Regions)
	Extra      [][]int
	Cages      []Cage
	AntiKnight bool
	AntiKing   bool
	Parity     []Parity // per cell; nil for none
	// Constraints are the rules of modern variants (thermometers, arrows,
	// kropki dots, ...; constraint.go) and the drawings that only draw.
	Constraints []Constraint
}

// shapes are the box shapes of the sizes people play, rows x columns.
var shapes = map[int][2]int{4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 10: {2, 5}, 12: {3, 4}, 14: {2, 7}, 15: {3, 5}, 16: {4, 4}, 18: {3, 6}, 20: {4, 5}, 21: {3, 7}, 22: {2, 11}, 24: {4, 6}, 25: {5, 5}}

// Sizes lists the sizes the command line offers, with boxes.
var Sizes = []int{4, 6, 8, 9, 12, 16, 25}

// Classic returns the rules of the 9x9 Sudoku.
func Classic() *Rules { return &Rules{Size: 9, BoxRows: 3, BoxCols: 3} }

// Sized returns the plain rules of size n with its usual box shape (2x3 for
// 6, 3x4 for 12, ...). Sizes without boxes (prime ones) are for jigsaw
// only: their box shape is 0x0 until Regions is set.
func Sized(n int) (*Rules, error) {
	if n < MinSize || n > MaxSize {
		return nil, &RuleError{Rule: "size", Msg: fmt.Sprintf("size %d out of range %d..%d", n, MinSize, MaxSize)}
	}
	s := shapes[n]
	return &Rules{Size: n, BoxRows: s[0], BoxCols: s[1]}, nil
}

// Boxed returns the plain rules with boxes of r rows and c columns (Solo's
// "rxc"); the size is r*c.
func Boxed(r, c int) (*Rules, error) {
	n := r * c
	if r < 1 || c < 1 || n < MinSize || n > MaxSize {
		return nil, &RuleError{Rule: "size", Msg: fmt.Sprintf("boxes of %dx%d make size %d, out of range %d..%d", r, c, n, MinSize, MaxSize)}
	}
	return &Rules{Size: n, BoxRows: r, BoxCols: c}, nil
}

// Unboxed returns the rules of size n without boxes or regions: only the
// rows and columns hold every digit (setters' "there are no regions").
// It is boxes of 1 x n, each a row again, so every engine reads it as it
// reads boxes; NoBoxes tells it apart for words and drawings.
func Unboxed(n int) (*Rules, error) {
	if n < MinSize || n > MaxSize {
		return nil, &RuleError{Rule: "size", Msg: fmt.Sprintf("size %d out of range %d..%d", n, MinSize, MaxSize)}
	}
	return &Rules{Size: n, BoxRows: 1, BoxCols: n}, nil
}

// NoBoxes reports whether r has neither boxes nor regions: its boxes are
// rows or columns (1 x N or N x 1), which adds no rule.
func (r *Rules) NoBoxes() bool {
	return r.Regions == nil && r.boxed() && (r.BoxRows == 1 || r.BoxCols == 1)
}

// Cells returns N*N, the number of cells.
func (r *Rules) Cells() int { return r.Size * r.Size }

// IsClassic reports whether r is the 9x9 Sudoku with no other rule, the
// rule set of Grid.
func (r *Rules) IsClassic() bool {
	return r.Size == 9 && r.BoxRows == 3 && r.BoxCols == 3 && r.Regions == nil && r.Diagonals == 0 &&
		!r.Windoku && !r.Disjoint && len(r.Extra) == 0 && len(r.Cages) == 0 && !r.AntiKnight && !r.AntiKing &&
		!r.hasParity() && !r.HasConstraints()
}

// HasConstraints reports whether r has constraints that are rules (not
// only drawings).
func (r *Rules) HasConstraints() bool {
	for _, c := range r.Constraints {
		if !IsCosmetic(c) {
			return true
		}
	}
	return false
}

func (r *Rules) hasParity() bool {
	for _, p := range r.Parity {
		if p != AnyParity {
			return true
		}
	}
	return false
}

// Clone returns a deep copy of r, to build other rules from.
func (r *Rules) Clone() *Rules {
	c := *r
	c.Regions = append([]uint8(nil), r.Regions...)
	if r.Regions == nil {
		c.Regions = nil
	}
	c.Extra = make([][]int, len(r.Extra))
	for i, e := range r.Extra {
		c.Extra[i] = append([]int(nil), e...)
	}
	if r.Extra == nil {
		c.Extra = nil
	}
	c.Cages = make([]Cage, len(r.Cages))
	for i, k := range r.Cages {
		c.Cages[i] = Cage{Cells: append([]int(nil), k.Cells...), Sum: k.Sum}
	}
	if r.Cages == nil {
		c.Cages = nil
	}
	if r.Parity != nil {
		c.Parity = append([]Parity(nil), r.Parity...)
	}
	c.Constraints = slices.Clone(r.Constraints) // constraints are immutable: shared
	return &c
}

// Variants returns the variant flags that describe r.
func (r *Rules) Variants() Variant {
	var v Variant
	if r.Diagonals == BothDiagonals {
		v |= VariantX
	}
	if r.Windoku {
		v |= VariantWindoku
	}
	if r.Disjoint {
		v |= VariantDisjoint
	}
	if r.Regions != nil {
		v |= VariantJigsaw
	}
	if len(r.Cages) > 0 {
		v |= VariantKiller
	}
	if r.AntiKnight {
		v |= VariantAntiKnight
	}
	if r.AntiKing {
		v |= VariantAntiKing
	}
	if r.hasParity() {
		v |= VariantOddEven
	}
	return v
}

// Name describes the rule set for people: "9x9", "killer jigsaw 9x9",
// "X 16x16", "9x9 with 2 extra regions".
func (r *Rules) Name() string {
	var parts []string
	if s := r.Variants().String(); s != "" {
		parts = append(parts, strings.ReplaceAll(s, ",", " "))
	}
	if r.Diagonals == DiagDown || r.Diagonals == DiagUp {
		parts = append(parts, "one-diagonal")
	}
	parts = append(parts, fmt.Sprintf("%dx%d", r.Size, r.Size))
	if r.NoBoxes() {
		parts = append(parts, "without boxes")
	}
	if n := len(r.Extra); n > 0 {
		parts = append(parts, "with "+words.Count(n, "extra region"))
	}
	if s := constraintSummary(r.Constraints); s != "" {
		parts = append(parts, "with "+s)
	}
	return strings.Join(parts, " ")
}

// Variant is a set of variant rules, as the command line names them.
type Variant uint16

// The variants.
const (
	VariantX          Variant = 1 << iota // both main diagonals are houses
	VariantWindoku                        // four extra boxes (hyper)
	VariantDisjoint                       // disjoint groups
	VariantJigsaw                         // irregular regions instead of boxes
	VariantKiller                         // cages with sums
	VariantAntiKnight                     // no equal digits a knight's move apart
	VariantAntiKing                       // no equal digits a king's move apart
	VariantOddEven                        // odd and even cells
	VariantKropki                         // kropki dots, every one given (generated)
	VariantXV                             // X and V, every one given (generated)
	VariantThermo                         // thermometers (generated)
	VariantArrow                          // arrows (generated)
)

var variantNames = []struct {
	v    Variant
	name string
}{
	{VariantX, "x"}, {VariantWindoku, "windoku"}, {VariantDisjoint, "disjoint"}, {VariantJigsaw, "jigsaw"},
	{VariantKiller, "killer"}, {VariantAntiKnight, "anti-knight"}, {VariantAntiKing, "anti-king"},
	{VariantOddEven, "odd-even"}, {VariantKropki, "kropki"}, {VariantXV, "xv"}, {VariantThermo, "thermo"}, {VariantArrow, "arrow"},
}

// variantAliases are other names people use.
var variantAliases = map[string]Variant{
	"diagonal": VariantX, "diagonals": VariantX, "hyper": VariantWindoku, "irregular": VariantJigsaw,
	"antiknight": VariantAntiKnight, "antiking": VariantAntiKing, "oddeven": VariantOddEven, "parity": VariantOddEven,
	"thermometer": VariantThermo, "thermometers": VariantThermo, "arrows": VariantArrow, "dots": VariantKropki,
	"classic": 0, "": 0,
}

// ParseVariant reads a comma-separated list of variant names: x, windoku,
// disjoint, jigsaw, killer, anti-knight, anti-king, odd-even, kropki, xv,
// thermo, arrow (case and spaces ignored; "classic" is none).
func ParseVariant(s string) (Variant, error) {
	var v Variant
	for _, f := range strings.Split(s, ",") {
		name := strings.ToLower(strings.TrimSpace(f))
		w, ok := variantAliases[name]
		for _, vn := range variantNames {
			if vn.name == name {
				w, ok = vn.v, true
			}
		}
		if !ok {
			return 0, fmt.Errorf("unknown variant %q (want a comma list of %s)", strings.TrimSpace(f), VariantNames())
		}
		v |= w
	}
	return v, nil
}

// VariantNames lists the variant names ParseVariant takes.
func VariantNames() string {
	names := make([]string, len(variantNames))
	for i, vn := range variantNames {
		names[i] = vn.name
	}
	return strings.Join(names, ", ")
}

// String lists the variants, comma-separated, in a fixed order; "" for
// none (classic).
func (v Variant) String() string {
	var names []string
	for _, vn := range variantNames {
		if v&vn.v != 0 {
			names = append(names, vn.name)
		}
	}
	return strings.Join(names, ",")
}

// Drawn returns the variants of v that come with a puzzle's own data and
// cannot be added to one: jigsaw regions, killer cages, odd and even
// cells, and the constraints drawn over a solution (kropki, XV,
// thermometers, arrows).
func (v Variant) Drawn() Variant {
	return v & (VariantJigsaw | VariantKiller | VariantOddEven | VariantKropki | VariantXV | VariantThermo | VariantArrow)
}

// Apply sets the rules of the flags that need no layout (x, windoku,
// disjoint, anti-knight, anti-king) on r. Jigsaw, killer and odd-even need
// regions, cages or cell parities that the puzzle (or a generator) gives.
func (v Variant) Apply(r *Rules) {
	if v&VariantX != 0 {
		r.Diagonals = BothDiagonals
	}
	r.Windoku = r.Windoku || v&VariantWindoku != 0
	r.Disjoint = r.Disjoint || v&VariantDisjoint != 0
	r.AntiKnight = r.AntiKnight || v&VariantAntiKnight != 0
	r.AntiKing = r.AntiKing || v&VariantAntiKing != 0
}

// Validate checks the rules themselves, not a board's givens: it returns
// the *RuleError Layout would give, nil when the rules are well formed.
// It compiles nothing (engines that need no Layout call it).
func (r *Rules) Validate() error { return r.validate() }

// validate checks the rules themselves (not the givens).
func (r *Rules) validate() error {
	if r.Size < MinSize || r.Size > MaxSize {
		return &RuleError{Rule: "size", Msg: fmt.Sprintf("size %d out of range %d..%d", r.Size, MinSize, MaxSize)}
	}
	for _, check := range []func() error{r.validateBoxes, r.validateRegions, r.validateHouses, r.validateExtra, r.validateCages, r.validateParity, r.validateConstraints} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (r *Rules) boxed() bool {
	return r.BoxRows >= 1 && r.BoxCols >= 1 && r.BoxRows*r.BoxCols == r.Size
}

func (r *Rules) validateBoxes() error {
	if r.Regions == nil && !r.boxed() {
		return &RuleError{Rule: "boxes", Size: r.Size, Msg: fmt.Sprintf("boxes of %dx%d do not tile %s; give regions (jigsaw)", r.BoxRows, r.BoxCols, words.AGrid(r.Size))}
	}
	return nil
}

func (r *Rules) validateRegions() error {
	if r.Regions == nil {
		return nil
	}
	n := r.Size
	if len(r.Regions) != n*n {
		return &RuleError{Rule: "regions", Size: n, Msg: fmt.Sprintf("%d region entries, want one per cell (%d)", len(r.Regions), n*n)}
	}
	var count [MaxSize]int
	for c, g := range r.Regions {
		if int(g) >= n {
			return &RuleError{Rule: "regions", Size: n, Cells: []int{c}, Msg: fmt.Sprintf("region %d out of range 1..%d", int(g)+1, n)}
		}
		count[g]++
	}
	for g := 0; g < n; g++ {
		if count[g] != n {
			cells := r.regionCells(g)
			return &RuleError{Rule: fmt.Sprintf("region %d", g+1), Size: n, Cells: cells, Msg: fmt.Sprintf("has %s, want %d", cellCount(len(cells)), n)}
		}
	}
	return nil
}

// SplitRegions returns the regions of r whose cells do not all touch
// (0-based), nil when every region is connected or r has none: a Solo ID
// cannot hold them, and a drawing shows where each part lies.
func (r *Rules) SplitRegions() []int {
	if r.Regions == nil {
		return nil
	}
	n := r.Size
	var rows [MaxSize]rowSet
	for c, g := range r.Regions {
		if int(g) < n {
			rows[g][c/n] |= 1 << (c % n)
		}
	}
	var out []int
	for g := 0; g < n; g++ {
		if rows[g] != (rowSet{}) && !rows[g].connected(n) {
			out = append(out, g)
		}
	}
	return out
}

// regionCells lists the cells of region g in order.
func (r *Rules) regionCells(g int) []int {
	var cells []int
	for c, h := range r.Regions {
		if int(h) == g {
			cells = append(cells, c)
		}
	}
	return cells
}

// rowSet is a set of cells of a grid up to MaxSize, one bit mask per row
// (bit j of row i is the cell in column j).
type rowSet [MaxSize]uint32

// connected reports whether the set's cells (at least one) are connected
// by side-by-side steps.
func (s *rowSet) connected(n int) bool {
	first := 0
	for s[first] == 0 {
		first++
	}
	var reached rowSet
	reached[first] = s[first] & -s[first]
	s.flood(&reached, first, n)
	return reached == *s
}

// flood adds to reached, a subset of s with cells in rows from lo on,
// every cell of s that side-by-side steps reach: rows are swept down and
// up, each row growing along its runs and from its neighbours, until
// nothing grows.
func (s *rowSet) flood(reached *rowSet, lo, n int) {
	hi := n - 1
	for hi > lo && s[hi] == 0 {
		hi--
	}
	for grown := true; grown; {
		grown = false
		for pass := 0; pass < 2; pass++ {
			for i := lo; i <= hi; i++ {
				r := i
				if pass == 1 {
					r = lo + hi - i
				}
				x := reached[r]
				if r > lo {
					x |= reached[r-1] & s[r]
				}
				if r < hi {
					x |= reached[r+1] & s[r]
				}
				for y := x; ; x = y {
					y = (x | x<<1 | x>>1) & s[r]
					if y == x {
						break
					}
				}
				if x != reached[r] {
					reached[r], grown = x, true
				}
			}
		}
	}
}

// unconnected returns the cells of a set that side-by-side steps from its
// first cell do not reach, in the set's order; nil when it is connected.
// It floods a bit set of the cells, row by row: layouts are checked for
// every puzzle read.
func unconnected(n int, cells []int) []int {
	var s, reached rowSet
	lo := n
	for _, c := range cells {
		s[c/n] |= 1 << (c % n)
		lo = min(lo, c/n)
	}
	first := cells[0]
	reached[first/n] = 1 << (first % n)
	s.flood(&reached, lo, n)
	if reached == s {
		return nil
	}
	var rest []int
	for _, c := range cells {
		if reached[c/n]&(1<<(c%n)) == 0 {
			rest = append(rest, c)
		}
	}
	return rest
}

func (r *Rules) validateHouses() error {
	if r.Windoku && (!r.boxed() || len(Windows(r.Size, r.BoxRows, r.BoxCols)) == 0) {
		return &RuleError{Rule: "windoku", Size: r.Size, Msg: fmt.Sprintf("no windoku boxes fit %s with boxes of %dx%d", words.AGrid(r.Size), r.BoxRows, r.BoxCols)}
	}
	if r.Disjoint && (r.Regions != nil || !r.boxed()) {
		return &RuleError{Rule: "disjoint groups", Size: r.Size, Msg: "disjoint groups need boxes, not irregular regions"}
	}
	if r.Diagonals&^BothDiagonals != 0 {
		return &RuleError{Rule: "diagonals", Size: r.Size, Msg: fmt.Sprintf("unknown diagonals %#x", uint8(r.Diagonals))}
	}
	return nil
}

// cellList checks a list of distinct cells of the grid; the rule is
// named "<what> <index+1>" in its error.
func (r *Rules) cellList(what string, index int, cells []int, max int) error {
	rule := func() string { return fmt.Sprintf("%s %d", what, index+1) }
	if len(cells) == 0 || len(cells) > max {
		return &RuleError{Rule: rule(), Size: r.Size, Cells: cells, Msg: fmt.Sprintf("has %s, want 1..%d", cellCount(len(cells)), max)}
	}
	var seen [(MaxSize*MaxSize + 63) / 64]uint64
	for _, c := range cells {
		if c < 0 || c >= r.Cells() {
			return &RuleError{Rule: rule(), Size: r.Size, Msg: fmt.Sprintf("cell index %d is outside the %dx%d grid", c, r.Size, r.Size)}
		}
		if seen[c>>6]&(1<<(c&63)) != 0 {
			return &RuleError{Rule: rule(), Size: r.Size, Cells: []int{c}, Msg: "lists this cell twice"}
		}
		seen[c>>6] |= 1 << (c & 63)
	}
	return nil
}

func (r *Rules) validateExtra() error {
	for i, e := range r.Extra {
		if err := r.cellList("extra region", i, e, r.Size); err != nil {
			return err
		}
	}
	return nil
}

// SumRange returns the least and the greatest sum of k different digits
// 1..n.
func SumRange(n, k int) (lo, hi int) { return k * (k + 1) / 2, k * (2*n - k + 1) / 2 }

// cellCount says "1 cell" or "n cells".
func cellCount(n int) string { return words.Count(n, "cell") }

func (r *Rules) validateCages() error {
	var owner [MaxSize * MaxSize]int16 // cage index + 1 of each cell seen
	for i, k := range r.Cages {
		if err := r.cellList("cage", i, k.Cells, r.Size); err != nil {
			return err
		}
		for _, c := range k.Cells {
			if j := owner[c]; j != 0 {
				return &RuleError{Rule: fmt.Sprintf("cage %d", i+1), Size: r.Size, Cells: []int{c}, Msg: fmt.Sprintf("overlaps cage %d", j)}
			}
			owner[c] = int16(i + 1)
		}
		if lo, hi := SumRange(r.Size, len(k.Cells)); k.Sum != 0 && (k.Sum < lo || k.Sum > hi) {
			return &RuleError{Rule: fmt.Sprintf("cage %d", i+1), Size: r.Size, Cells: k.Cells, Msg: fmt.Sprintf("sum %d is impossible for %s (%d..%d)", k.Sum, words.DifferentDigits(len(k.Cells)), lo, hi)}
		}
		if k.Sum < 0 {
			return &RuleError{Rule: fmt.Sprintf("cage %d", i+1), Size: r.Size, Cells: k.Cells, Msg: fmt.Sprintf("sum %d is negative", k.Sum)}
		}
	}
	return nil
}

func (r *Rules) validateParity() error {
	if r.Parity != nil && len(r.Parity) != r.Cells() {
		return &RuleError{Rule: "odd-even", Size: r.Size, Msg: fmt.Sprintf("%d parity entries, want one per cell (%d)", len(r.Parity), r.Cells())}
	}
	for c, p := range r.Parity {
		if p > Even {
			return &RuleError{Rule: "odd-even", Size: r.Size, Cells: []int{c}, Msg: fmt.Sprintf("unknown parity %d", p)}
		}
	}
	return nil
}

// validateConstraints checks that every constraint's cells are cells of
// the grid (the kinds check their own shape when they are made).
func (r *Rules) validateConstraints() error {
	for i, k := range r.Constraints {
		for _, c := range k.Cells() {
			if c < 0 || c >= r.Cells() {
				return &RuleError{Rule: fmt.Sprintf("%s (constraint %d)", k.Kind(), i+1), Size: r.Size, Msg: fmt.Sprintf("cell index %d is outside the %dx%d grid", c, r.Size, r.Size)}
			}
		}
	}
	return nil
}

// AddCage adds a killer cage to r: to Cages when it overlaps none of
// them and its digits differ, else as a constraint of kind "killer" (or "sum", with repeat), which
// package sudoku/constraint registers. It returns
// the constraint's error for a malformed cage that cannot go to Cages.
func (r *Rules) AddCage(cells []int, sum int, repeat bool) error {
	if !repeat && !r.overlapsCage(cells) && len(cells) <= r.Size && r.cellList("cage", len(r.Cages), cells, r.Size) == nil {
		r.Cages = append(r.Cages, Cage{Cells: cells, Sum: sum})
		return nil
	}
	kind := "killer"
	if repeat {
		kind = "sum"
	}
	k, err := MakeConstraint(kind, r, ConstraintArgs{Cells: cells, Value: sum})
	if err != nil {
		return err
	}
	r.Constraints = append(r.Constraints, k)
	return nil
}

// overlapsCage reports whether a cell of cells is in a cage of r.
func (r *Rules) overlapsCage(cells []int) bool {
	for _, k := range r.Cages {
		for _, c := range k.Cells {
			for _, d := range cells {
				if c == d {
					return true
				}
			}
		}
	}
	return false
}
