package sudoku

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// This file holds the constraints of modern variant puzzles as data:
// thermometers, arrows, kropki dots, XV, whispers, renban, sandwiches,
// little killers and the rest of what f-puzzles and SudokuPad offer. Each
// kind registers itself (RegisterConstraint), as image formats do with
// package image, from a file of its own in package sudoku/constraint: its
// f-puzzles reader and writer, its Make and ISS form for the other forms,
// its rule in words. Each constraint is a value with everything an engine
// needs: its cells, propagation over candidate masks, a check of a grid,
// its 0-1 rows, its drawing and its words. Engines read Rules.Constraints
// through this interface; none of them has a switch over kinds.

// A Constraint is one rule of a puzzle beyond its houses, cages and
// neighbour rules. It is immutable once made and may be shared.
type Constraint interface {
	// Kind is the name its kind is registered under: "thermometer".
	Kind() string
	// Cells lists the cells it reads, in its own order (a thermometer's
	// from the bulb).
	Cells() []int
	// Check reports, with an error naming the cells, whether the digits
	// placed (0 for empty) break it. On a partial grid it finds what the
	// placed digits alone break; on a full grid it is exact.
	Check(cells []uint8) error
	// Propagate narrows the candidates in d to the digits it still
	// allows, and returns false when a cell is left with none (a dead
	// end). It never removes a digit some solution of the constraint
	// alone keeps: every engine may trust it.
	Propagate(d *Domains) bool
	// Rows writes its rows of the 0-1 model into m.
	Rows(m Model)
	// Shapes returns its drawing.
	Shapes() []Shape
	// String names it for people: "thermometer r1c1-r1c4".
	String() string
}

// Distinct is a Constraint whose cells (or groups of them) must hold
// different digits, as a thermometer's or a renban line's: Layout adds
// each group as a unit, so every engine gets the exclusions for free.
type Distinct interface {
	Distinct() [][]int
}

// Splits is a Constraint made of many small ones that hold together (the
// negative rule of dots: one relation per pair of cells). Engines that
// propagate constraint by constraint take its parts, so that a change to
// one cell wakes only the parts that read it; its rows, words and drawing
// stay the whole's.
type Splits interface {
	Parts() []Constraint
}

// Propagators returns the constraints to propagate for cs: the parts of
// those that split, the others as they are, drawings left out.
func Propagators(cs []Constraint) []Constraint {
	var out []Constraint
	for _, c := range cs {
		switch {
		case IsCosmetic(c):
		case isSplit(c):
			out = append(out, c.(Splits).Parts()...)
		default:
			out = append(out, c)
		}
	}
	return out
}

func isSplit(c Constraint) bool {
	_, ok := c.(Splits)
	return ok
}

// Summed is a Constraint that is a cage with a sum: kind "killer" (a
// killer cage held as a constraint, as Rules.AddCage holds those that
// overlap others) or "sum" (one whose digits may repeat). The writers of
// killer forms read its cells and sum.
type Summed interface {
	// Sum returns the cage's sum, 0 for none.
	Sum() int
}

// Cosmetic is a Constraint that only draws (f-puzzles' text, lines,
// circles, rectangles, cages without a rule): it is kept to be drawn and
// written back, and does not make the rules other than classic.
type Cosmetic interface {
	Cosmetic() bool
}

// IsCosmetic reports whether c only draws.
func IsCosmetic(c Constraint) bool {
	k, ok := c.(Cosmetic)
	return ok && k.Cosmetic()
}

// Domains is a position as constraints see and narrow it: the digits each
// cell may still hold. Engines fill Open and Placed (sharing their own
// arrays), call Propagate, and read Changed.
type Domains struct {
	N      int      // the size
	Open   []Digits // the candidates of each empty cell; 0 for a placed cell
	Placed []Digits // the digit of each placed cell, as a set of one; 0 for an empty cell
	// Changed lists the cells Keep narrowed; the engine empties it.
	Changed []int32
	// Explain asks propagators to say why they narrow: Note then records
	// each group of removals with its words (the logic engine sets it).
	Explain bool
	// Deductions holds what Note recorded, when Explain is set.
	Deductions []Deduction
	pending    []CellDigits
}

// CellDigits is some digits of one cell.
type CellDigits struct {
	Cell   int
	Digits Digits
}

// Deduction is what a constraint found, with its words: the candidates
// removed and the cells it is about (to highlight).
type Deduction struct {
	Text    string
	Cells   []int
	Removed []CellDigits
}

// NewDomains returns domains of size n over nn cells, every cell empty
// with every digit.
func NewDomains(n int) *Domains {
	d := &Domains{N: n, Open: make([]Digits, n*n), Placed: make([]Digits, n*n)}
	for c := range d.Open {
		d.Open[c] = AllDigits(n)
	}
	return d
}

// Of returns the digits cell c may hold: its candidates or its digit.
func (d *Domains) Of(c int) Digits { return d.Open[c] | d.Placed[c] }

// Value returns the digit placed in c, 0 when it is empty.
func (d *Domains) Value(c int) int { return d.Placed[c].Single() }

// Keep narrows cell c to the digits of m it holds. It returns false when
// none is left (a placed digit not in m, or no candidate).
func (d *Domains) Keep(c int, m Digits) bool {
	if p := d.Placed[c]; p != 0 {
		return p&m != 0
	}
	o := d.Open[c]
	nm := o & m
	switch {
	case nm == o:
		return true
	case nm == 0:
		return false
	}
	d.Open[c] = nm
	d.Changed = append(d.Changed, int32(c))
	if d.Explain {
		d.pending = append(d.pending, CellDigits{c, o &^ nm})
	}
	return true
}

// Remove takes the digits of m out of cell c; false when none is left.
func (d *Domains) Remove(c int, m Digits) bool { return d.Keep(c, ^m) }

// Note records the removals since the last Note as one deduction with its
// words and the cells it is about, when Explain is set (callers test
// Explain before building the words).
func (d *Domains) Note(text string, cells ...int) {
	if !d.Explain || len(d.pending) == 0 {
		return
	}
	d.Deductions = append(d.Deductions, Deduction{Text: text, Cells: slices.Clone(cells), Removed: d.pending})
	d.pending = nil
}

// Because records the removals since the last Note as one deduction,
// worded as the reason followed by what goes: "a white dot joins
// consecutive digits, so 5 and 7 leave r3c4". Callers test Explain first.
func (d *Domains) Because(reason string, cells ...int) {
	if d.Explain && len(d.pending) > 0 {
		d.Note(reason+", so "+d.removalText(), cells...)
	}
}

// removalText words the removals pending: "5 and 7 leave r3c4, 2 leaves
// r3c5", cells in the order they were narrowed.
func (d *Domains) removalText() string {
	var cells []int
	gone := map[int]Digits{}
	for _, r := range d.pending {
		if gone[r.Cell] == 0 {
			cells = append(cells, r.Cell)
		}
		gone[r.Cell] |= r.Digits
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		verb := "leave"
		if gone[c].Count() == 1 {
			verb = "leaves"
		}
		parts[i] = fmt.Sprintf("%s %s %s", digitList(gone[c]), verb, CellName(d.N, c))
	}
	return strings.Join(parts, ", ")
}

// digitList words a set of digits: "5", "5 and 7", "1, 2 and 3".
func digitList(m Digits) string {
	var ds []string
	for x := m; x != 0; x &= x - 1 {
		ds = append(ds, DigitString(x.Min()))
	}
	if len(ds) == 1 {
		return ds[0]
	}
	return strings.Join(ds[:len(ds)-1], ", ") + " and " + ds[len(ds)-1]
}

// Min returns the least digit cell c may hold (0 when none).
func (d *Domains) Min(c int) int { return d.Of(c).Min() }

// Max returns the greatest digit cell c may hold (0 when none).
func (d *Domains) Max(c int) int { return d.Of(c).Max() }

// Model receives the 0-1 rows of constraints: package ilp implements it.
// Variables are numbered by the model; x(c, d) is 1 when cell c holds
// digit d.
type Model interface {
	// Cell returns the variable x(c, d).
	Cell(c, d int) Var
	// Binary adds a 0-1 variable, named for the model's readers.
	Binary(name string) Var
	// Row adds the row sum(terms) sense rhs, named for the readers.
	Row(name string, terms []Term, sense Sense, rhs int)
}

// Var is a variable of a Model.
type Var int

// Term is coef times a variable.
type Term struct {
	Coef int
	Var  Var
}

// Sense is the relation of a row: at most, equal, at least.
type Sense int8

// The senses of a row.
const (
	AtMost  Sense = -1
	Equal   Sense = 0
	AtLeast Sense = 1
)

// ValueTerms returns coef times the value of cell c on a grid of size n,
// as terms: the sum of coef*d*x(c, d) over the digits d.
func ValueTerms(m Model, n, c, coef int) []Term {
	t := make([]Term, n)
	for d := 1; d <= n; d++ {
		t[d-1] = Term{coef * d, m.Cell(c, d)}
	}
	return t
}

// Pair is two cells under one relation of digits, such as a kropki dot.
type Pair struct{ A, B int }

// PairRule is a relation between the digit a of a first cell and the
// digit b of a second one.
type PairRule func(a, b int) bool

// Shapes are what a constraint draws, in grid units: (0, 0) is the grid's
// top left corner and cell (r, c), 0-based, has its centre at (r+0.5,
// c+0.5); clues outside the grid sit in the ring of cells around it (row
// or column -1 or N). Sizes are in cells.
type Shape struct {
	Kind   ShapeKind `json:"kind"`
	Points []Point   `json:"points,omitempty"` // a line's or arrow's path; a circle's, dot's or text's centre
	Cells  []int     `json:"cells,omitempty"`  // the cells of a cage outline or shading
	Size   float64   `json:"size,omitempty"`   // a circle's or dot's radius, a line's width, a text's height
	Stroke string    `json:"stroke,omitempty"` // CSS colours; "" for none
	Fill   string    `json:"fill,omitempty"`
	Text   string    `json:"text,omitempty"`
	Dashed bool      `json:"dashed,omitempty"`
}

// ShapeKind tells the kinds of shape apart.
type ShapeKind string

// The kinds of shape.
const (
	ShapeLine   ShapeKind = "line"   // a path through Points, round ends
	ShapeArrow  ShapeKind = "arrow"  // a path with an arrowhead at its last point
	ShapeCircle ShapeKind = "circle" // a circle at Points[0], outlined and/or filled
	ShapeRect   ShapeKind = "rect"   // a rectangle from Points[0] to Points[1]
	ShapeText   ShapeKind = "text"   // Text centred at Points[0]
	ShapeCage   ShapeKind = "cage"   // a dashed outline of Cells, Text in its first cell's corner
	ShapeShade  ShapeKind = "shade"  // Cells filled with Fill
)

// Point is a place on the grid, in cells.
type Point struct {
	R float64 `json:"r"`
	C float64 `json:"c"`
}

// CellCentre returns the centre of cell c on a grid of size n.
func CellCentre(n, c int) Point { return Point{float64(c/n) + 0.5, float64(c%n) + 0.5} }

// CellPath returns the centres of cells.
func CellPath(n int, cells []int) []Point {
	p := make([]Point, len(cells))
	for i, c := range cells {
		p[i] = CellCentre(n, c)
	}
	return p
}

// ConstraintKind is a registered kind of constraint.
type ConstraintKind struct {
	// Name is the kind's name and its f-puzzles key: "thermometer".
	Name string
	// Title is its name for players, as the logic engine names its
	// steps: "Thermometer", "Kropki white dot" (Name when empty).
	Title string
	// Keys lists the other f-puzzles keys it reads ("negative" entries
	// are named "negative:ratio").
	Keys []string
	// Rule is its rule in words for players.
	Rule string
	// Read makes the constraints of the kind from an f-puzzles puzzle;
	// nil for a kind f-puzzles has no key for (its Name and Keys are
	// then not read as f-puzzles keys).
	Read func(f *FPuzzle) ([]Constraint, error)
	// Write puts constraints of the kind into an f-puzzles puzzle.
	Write func(f *FPuzzle, cs []Constraint) error
	// Make makes a constraint of the kind from what a reader of another
	// form found of it (SudokuPad's drawings, Rules.AddCage); nil for a
	// kind no reader makes this way. MakeConstraint calls it.
	Make func(r *Rules, a ConstraintArgs) (Constraint, error)
	// ISS reads and writes the kind in the ISS form; nil when ISS has
	// nothing for it.
	ISS *ISSForm
}

// ConstraintArgs is what a reader found of one constraint, for its
// kind's Make: each kind reads the fields it takes.
type ConstraintArgs struct {
	Cells []int // its cells, in order
	Value int   // its number: a sum, a clue; 0 for none
	Loop  bool  // a line that closes on itself (sum lines)
	// Row and Col place a clue beside the grid, 0-based, -1 or the size
	// on its side (numbered rooms, lunchboxes given by their row).
	Row, Col int
}

// MakeConstraint makes a constraint of the kind registered under name
// from a (its kind's Make). A kind not registered is an error naming it:
// the kinds live in package sudoku/constraint, which a program imports.
func MakeConstraint(name string, r *Rules, a ConstraintArgs) (Constraint, error) {
	k, ok := LookupConstraint(name)
	if !ok || k.Make == nil {
		return nil, unregistered(name)
	}
	return k.Make(r, a)
}

// readersRegistered reports whether a kind that some form reads is
// registered (package sudoku's own, SudokuPad's drawings, are read by no
// form): when none is, the program forgot to import sudoku/constraint.
func readersRegistered() bool {
	for _, k := range ConstraintKinds() {
		if k.Read != nil || k.Make != nil || k.ISS != nil {
			return true
		}
	}
	return false
}

// unregistered is the error of a reader that meets constraints of kinds
// no package has registered.
func unregistered(kinds ...string) error { return &unregisteredError{kinds} }

// unregisteredError is constraints of kinds not registered.
type unregisteredError struct{ kinds []string }

func (e *unregisteredError) Error() string {
	if len(e.kinds) == 1 {
		return fmt.Sprintf("constraint kind %q is not registered (forgotten import of sudoku/constraint?)", e.kinds[0])
	}
	return fmt.Sprintf("constraint kinds %s are not registered (forgotten import of sudoku/constraint?)", strings.Join(e.kinds, ", "))
}

var constraintKinds = struct {
	sync.RWMutex
	byName map[string]*ConstraintKind
	keys   map[string]*ConstraintKind
}{byName: map[string]*ConstraintKind{}, keys: map[string]*ConstraintKind{}}

// RegisterConstraint registers a kind of constraint. It panics when the
// name or one of its keys is taken.
func RegisterConstraint(k ConstraintKind) {
	constraintKinds.Lock()
	defer constraintKinds.Unlock()
	for _, key := range append([]string{k.Name}, k.Keys...) {
		if _, dup := constraintKinds.keys[key]; dup {
			panic("sudoku: constraint key registered twice: " + key)
		}
		constraintKinds.keys[key] = &k
	}
	constraintKinds.byName[k.Name] = &k
}

// LookupConstraint returns the kind registered under name.
func LookupConstraint(name string) (*ConstraintKind, bool) {
	constraintKinds.RLock()
	defer constraintKinds.RUnlock()
	k, ok := constraintKinds.byName[name]
	return k, ok
}

// ConstraintKinds returns every registered kind, by name.
func ConstraintKinds() []*ConstraintKind {
	constraintKinds.RLock()
	defer constraintKinds.RUnlock()
	out := make([]*ConstraintKind, 0, len(constraintKinds.byName))
	for _, k := range constraintKinds.byName {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// kindOfKey returns the kind that reads an f-puzzles key (kinds without
// an f-puzzles reader read none).
func kindOfKey(key string) (*ConstraintKind, bool) {
	constraintKinds.RLock()
	defer constraintKinds.RUnlock()
	k, ok := constraintKinds.keys[key]
	return k, ok && k.Read != nil
}

// Ruled is a Constraint with words of its own for its rule, where its
// kind's are not enough (the negative rule of dots).
type Ruled interface {
	Rule() string
}

// Titled is a Constraint with a name of its own for players, where its
// kind's is not right for it (the negative rule of dots).
type Titled interface {
	Title() string
}

// ConstraintTitle returns the name of c for players: its own (Titled),
// else its kind's Title, else its kind's name with a capital.
func ConstraintTitle(c Constraint) string {
	if t, ok := c.(Titled); ok {
		return t.Title()
	}
	if k, ok := LookupConstraint(c.Kind()); ok && k.Title != "" {
		return k.Title
	}
	name := c.Kind()
	if name == "" {
		return "Constraint"
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// ConstraintRules returns the rules in words of cs, once each, in the
// order they first appear: a constraint's own (Ruled), else its kind's;
// cosmetic ones are left out.
func ConstraintRules(cs []Constraint) []string {
	var out []string
	for _, c := range cs {
		if IsCosmetic(c) {
			continue
		}
		rule := ""
		if r, ok := c.(Ruled); ok {
			rule = r.Rule()
		} else if k, ok := LookupConstraint(c.Kind()); ok {
			rule = k.Rule
		}
		if rule != "" && !slices.Contains(out, rule) {
			out = append(out, rule)
		}
	}
	return out
}

// ConstraintError is a constraint that the digits placed break, or that
// is malformed.
type ConstraintError struct {
	Size  int
	Kind  string // "thermometer"
	Index int    // 0-based among the constraints of its kind; -1 when not known
	Cells []int
	Msg   string
}

func (e *ConstraintError) Error() string {
	name := e.Kind
	if e.Index >= 0 {
		name = fmt.Sprintf("%s %d", e.Kind, e.Index+1)
	}
	if len(e.Cells) == 0 {
		return fmt.Sprintf("%s: %s", name, e.Msg)
	}
	return fmt.Sprintf("%s (%s): %s", name, CellList(e.Size, e.Cells, 4), e.Msg)
}

// kindNames lists the kinds of cs, once each, in their order.
func kindNames(cs []Constraint) []string {
	var out []string
	for _, c := range cs {
		if !IsCosmetic(c) && !slices.Contains(out, c.Kind()) {
			out = append(out, c.Kind())
		}
	}
	return out
}

// constraintSummary says which constraints a rule set has: "thermometer,
// arrow".
func constraintSummary(cs []Constraint) string { return strings.Join(kindNames(cs), ", ") }
