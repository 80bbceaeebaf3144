package sudoku

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sudoku/internal/words"
	"unicode"
	"unicode/utf8"
)

// This file reads the constraint strings of sigh's Interactive Sudoku
// Solver (ISS, https://sigh.github.io/Interactive-Sudoku-Solver/), as its
// js/sudoku_parser.js and js/sudoku_constraint.js read them, and its page
// links (?q=...):
//
//	.Shape~6x6.~R1C1_5~R2C3_1_3.Thermo~R1C1~R1C2~R1C3.Cage~10~R2C1~R2C2
//
// Elements start with "."; an element is its type and its arguments
// separated by "~" (the type of givens is empty); white space is
// ignored. Cells are R1C1 to RgCg (rows and columns 10 to 16 as a-g).
// Givens of several values are the cell's candidates (Board.Marks), as
// ISS's odd and even cells are. Types read, beside those of the rules
// read here (Shape, the givens, Jigsaw, NoBoxes, Diagonal, Windoku,
// DisjointSets, AntiKnight, AntiKing, AllDifferent, Cage), are those the
// registered kinds read (ConstraintKind.ISS, parse_iss_kinds.go); any
// other is refused by name, with the place of its element: ISS's value
// ranges other than 1-N, its Raw grids, its composites (Or, And,
// Replicate) and its var cells included.
// FormatISS (parse_iss_write.go) writes the form.

// FormISS is the name of the ISS form, for FormatBoard.
const FormISS = "iss"

func init() {
	RegisterForm(Form{Name: FormISS, Priority: 250, Detect: IsISS, Lines: true, Format: FormatISS,
		Parse: func(t string) (*Board, string, error) {
			b, err := ParseISS(t)
			return b, "", err
		}})
}

// IsISS reports whether text is an ISS constraint string (a "." and an
// ISS type, or ".~" for givens) or an ISS page link with a q= parameter
// holding one.
func IsISS(text string) bool {
	t := strings.TrimSpace(text)
	if q, ok := issQuery(t); ok {
		t = q
	}
	for strings.HasPrefix(t, "#") { // comment lines
		_, t, _ = strings.Cut(t, "\n")
	}
	t = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, t[:min(len(t), 200)])
	if !strings.HasPrefix(t, ".") {
		return false
	}
	rest := strings.TrimLeft(t, ".") // elements left empty, as ISS allows
	name := rest
	if i := strings.IndexAny(name, ".~"); i >= 0 {
		name = name[:i]
	}
	rest = rest[len(name):]
	switch {
	case name == "":
		return strings.HasPrefix(rest, "~")
	case len(name) == 1: // X and V take cells
		return issTypeNames[name] && strings.HasPrefix(rest, "~")
	}
	return issTypeNames[name]
}

// issQuery returns the q= parameter of a link, decoded, when text is a
// link with one.
func issQuery(text string) (string, bool) {
	if !strings.Contains(text, "q=") || !strings.Contains(text, "?") {
		return "", false
	}
	u, err := url.Parse(text)
	if err != nil {
		return "", false
	}
	q := u.Query().Get("q")
	return q, q != ""
}

// ISSElem is one element of an ISS constraint string: its type and its
// arguments.
type ISSElem struct {
	index int    // 1-based, in the string
	pos   issPos // the place of its "." in the text given
	typ   string
	args  []string
}

// name is the element's type as errors say it: "Given" for givens.
func (e ISSElem) name() string {
	if e.typ == "" {
		return "Given"
	}
	return e.typ
}

// Type returns the element's type: "Thermo" ("" for givens).
func (e ISSElem) Type() string { return e.typ }

// Args returns the element's arguments.
func (e ISSElem) Args() []string { return e.args }

// WithArgs returns the element with other arguments (the rest after
// those read), its place and type kept.
func (e ISSElem) WithArgs(args []string) ISSElem {
	e.args = args
	return e
}

// Errorf returns an error located at the element.
func (e ISSElem) Errorf(format string, args ...any) error {
	return &ParseError{Line: e.pos.line, Col: e.pos.col, Msg: fmt.Sprintf("ISS constraint %d (%s): %s", e.index, e.name(), fmt.Sprintf(format, args...))}
}

// ParseISS reads an ISS constraint string, or an ISS page link whose q=
// parameter holds one. Errors are *ParseError values naming the element
// (its place in the string and its type), the argument or cell, with the
// column of the element in text: `ISS constraint 7 (Regex): not
// supported (supported: ...)`.
func ParseISS(text string) (*Board, error) {
	t := text
	if q, ok := issQuery(strings.TrimSpace(text)); ok {
		t = q // places in the decoded parameter
	}
	elems, err := issSplit(t)
	if err != nil {
		return nil, err
	}
	r := &ISSReader{}
	if err := r.read(elems); err != nil {
		return nil, err
	}
	if err := r.b.Validate(); err != nil {
		return nil, &ParseError{Line: 1, Msg: "ISS: " + err.Error(), Err: err}
	}
	return r.b, nil
}

// issSplit cuts a constraint string into its elements, as ISS reads a
// text: white space taken out, lines starting with "#" (comments) left
// out, sections after blank lines joined (each must be a constraint
// string: ISS reads other forms there, which this reader does not).
// Places are counted in text, from line 1 and column 1.
func issSplit(text string) ([]ISSElem, error) {
	var s []byte
	var at []issPos
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if i > 0 && strings.TrimSpace(line) != "" && strings.TrimSpace(lines[i-1]) == "" {
			if t := strings.TrimSpace(line); t[0] != '.' {
				return nil, &ParseError{Line: i + 1, Col: 1, Msg: "ISS: this section is not a constraint string (only constraint strings are read)"}
			}
		}
		s, at = issKeep(s, at, line, i+1)
	}
	if len(s) == 0 || s[0] != '.' {
		return nil, &ParseError{Line: 1, Msg: "ISS: a constraint string starts with a \".\""}
	}
	var out []ISSElem
	start := 0
	for i, part := range strings.Split(string(s[1:]), ".") {
		typ, rest, _ := strings.Cut(part, "~")
		e := ISSElem{index: i + 1, pos: at[start], typ: typ}
		if strings.Contains(part, "~") {
			e.args = strings.Split(rest, "~")
		}
		out = append(out, e)
		start += len(part) + 1
	}
	return out, nil
}

// issPos is a place in a text: line and column, from 1.
type issPos struct{ line, col int }

// issKeep appends the characters of line but white space to s, and
// their places to at.
func issKeep(s []byte, at []issPos, line string, num int) ([]byte, []issPos) {
	for i := 0; i < len(line); {
		c, size := utf8.DecodeRuneInString(line[i:])
		if !unicode.IsSpace(c) {
			s = append(s, line[i:i+size]...)
			for range size {
				at = append(at, issPos{num, i + 1})
			}
		}
		i += size
	}
	return s, at
}

// ISSReader builds a board from the elements of a string.
type ISSReader struct {
	n     int
	rules *Rules
	b     *Board
	noBox bool
	// layouts are the regions of the Jigsaw elements, each layout's
	// regions by their first cell.
	layouts [][][]int
	// cand holds the values given to each cell, 0 where none is given.
	cand []Digits
	// marked holds the pairs ISS's own dots join, for its strict rules.
	marked map[string]map[Pair]bool
	// clues holds the values of the clues read, by type and place: ISS
	// keeps one a place.
	clues map[string]string
	// later are what the readers of constraints left for the end.
	later []issLater
	// fpRaw is the f-puzzles form of the rules, for the kinds read
	// through their f-puzzles readers.
	fpRaw map[string][]byte
}

// read reads the elements: the shape, the rules, then the constraints.
func (r *ISSReader) read(elems []ISSElem) error {
	if err := r.checkTypes(elems); err != nil {
		return err
	}
	if err := r.shape(elems); err != nil {
		return err
	}
	for _, e := range elems {
		if f := issRuleTypes[e.typ]; f != nil {
			if err := f(r, e); err != nil {
				return err
			}
		}
	}
	if err := r.finishRules(); err != nil {
		return err
	}
	return r.constraints(elems)
}

// checkTypes refuses, by name, the first element whose type is not read.
func (r *ISSReader) checkTypes(elems []ISSElem) error {
	for _, e := range elems {
		_, rule := issRuleTypes[e.typ]
		_, kind := issReaderOf(e.typ)
		switch {
		case rule || kind || e.typ == "Shape":
		case issComposite[e.typ]:
			return e.Errorf("ISS's composite constraints are not supported (the puzzle is read as one set of rules)")
		case e.typ == "Var":
			return e.Errorf("ISS's var cells (cells outside the grid) are not supported")
		case issTypeNames[e.typ] && !readersRegistered():
			return e.Errorf("not read: no kind of constraint is registered (forgotten import of sudoku/constraint?)")
		case issTypeNames[e.typ]:
			return e.Errorf("not supported (supported: %s)", issSupported())
		default:
			return e.Errorf("not an ISS type")
		}
	}
	return nil
}

// issComposite are ISS's composite types and their end.
var issComposite = map[string]bool{"Or": true, "And": true, "Replicate": true, "End": true, "Container": true}

// issTypeNames are every type ISS has (js/sudoku_constraint.js), read
// here or not.
var issTypeNames = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(`Container Or And Replicate End Jigsaw Thermo Whisper Renban Modular
		Entropic RegionSumLine Between Lockout Palindrome Zipper SumLine Regex NFA NoBoxes ChaosConstruction
		ChaosArrow ChaosCount RegionSize RegionSameValues StrictKropki StrictXV Shape Windoku DisjointSets
		AntiKnight Doppelganger AntiKing AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod FullRankTies
		DutchFlatmates Diagonal WhiteDot BlackDot GreaterThan X ValueIndexing V Arrow DoubleArrow PillArrow
		Cage RellikCage EqualityCage Sum LittleKiller XSum Sandwich Lunchbox Skyscraper HiddenSkyscraper
		NumberedRoom FullRank AllDifferent ContainAtLeast ContainExact LookAndSay ConnectedValues SameValues
		EqualSum Quad Binary BinaryX Pair PairX Indexing CountingCircles CountDistinct Given SearchPriority Var`) {
		m[t] = true
	}
	return m
}()

// issSupported lists the ISS types read.
func issSupported() string {
	names := []string{"Shape", "Given"}
	for t := range issRuleTypes {
		if t != "" {
			names = append(names, t)
		}
	}
	names = append(names, issReadTypes()...)
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// shape reads the Shape elements: a square of 4x4 to 16x16 with the
// values 1-N on ISS's Sudoku grid; the same in each.
func (r *ISSReader) shape(elems []ISSElem) error {
	r.n = 9
	seen := false
	for _, e := range elems {
		if e.typ != "Shape" {
			continue
		}
		n, err := issShapeSize(e)
		if err != nil {
			return err
		}
		if seen && n != r.n {
			return e.Errorf("a second shape, %dx%d, after %dx%d", n, n, r.n, r.n)
		}
		r.n, seen = n, true
	}
	rules, err := Sized(r.n)
	if err != nil {
		return err
	}
	r.rules = rules
	r.b = NewBoard(rules)
	r.cand = make([]Digits, rules.Cells())
	r.marked = map[string]map[Pair]bool{}
	r.clues = map[string]string{}
	return nil
}

// issShapeSize reads a Shape element: "NxN", then "N" or "1-N", then
// "Sudoku" (ISS's value ranges and grid types other than these refused).
func issShapeSize(e ISSElem) (int, error) {
	if len(e.args) == 0 || len(e.args) > 3 {
		return 0, e.Errorf("want the grid's dimensions, a value range and a grid type at most, got %d arguments", len(e.args))
	}
	rs, cs, ok := strings.Cut(e.args[0], "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, e.Errorf("dimensions %q are not RxC", e.args[0])
	case rows != cols:
		return 0, e.Errorf("a grid of %dx%d is not square: not supported", rows, cols)
	case rows < MinSize || rows > issMaxSize:
		return 0, e.Errorf("size %d: want %d to %d", rows, MinSize, issMaxSize)
	}
	n := rows
	if len(e.args) > 1 && e.args[1] != "" && e.args[1] != strconv.Itoa(n) && e.args[1] != "1-"+strconv.Itoa(n) {
		return 0, e.Errorf("values %s: only 1-%d is supported", e.args[1], n)
	}
	if len(e.args) > 2 && e.args[2] != "Sudoku" {
		return 0, e.Errorf("grid type %q: only Sudoku is supported", e.args[2])
	}
	return n, nil
}

// Cell reads an ISS cell id of element e.
func (r *ISSReader) Cell(e ISSElem, id string) (int, error) {
	c, ok := issCellIndex(r.n, id)
	if !ok {
		return 0, e.Errorf("cell %q is not a cell of %s (R1C1 to %s)", id, words.AGrid(r.n), ISSCell(r.n, r.n*r.n-1))
	}
	return c, nil
}

// Cells reads cell ids, none twice, at least min of them.
func (r *ISSReader) Cells(e ISSElem, ids []string, min int) ([]int, error) {
	out := make([]int, 0, len(ids))
	for _, id := range ids {
		c, err := r.Cell(e, id)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, c) {
			return nil, e.Errorf("lists %s twice", id)
		}
		out = append(out, c)
	}
	if len(out) < min {
		return nil, e.Errorf("has %s, want at least %d", cellCount(len(out)), min)
	}
	return out, nil
}

// Path reads the cell ids of a line whose rule is between neighbours
// only (a whisper): it may come back to a cell (a loop), not stay on one.
// The line is cut into pieces of distinct cells, each the next's first
// cell's predecessor: the same neighbours, lines our kinds hold.
func (r *ISSReader) Path(e ISSElem, ids []string, min int) ([][]int, error) {
	var pieces [][]int
	var cur []int
	for _, id := range ids {
		c, err := r.Cell(e, id)
		if err != nil {
			return nil, err
		}
		switch {
		case len(cur) > 0 && cur[len(cur)-1] == c:
			return nil, e.Errorf("lists %s twice in a row", id)
		case slices.Contains(cur, c):
			pieces = append(pieces, cur)
			cur = []int{cur[len(cur)-1]}
		}
		cur = append(cur, c)
	}
	if len(ids) < min {
		return nil, e.Errorf("has %s, want at least %d", cellCount(len(ids)), min)
	}
	return append(pieces, cur), nil
}

// Number reads a whole number argument of element e.
func (r *ISSReader) Number(e ISSElem, what, s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, e.Errorf("%s %q is not a whole number", what, s)
	}
	return v, nil
}

// issRuleTypes read the elements of the rules, before the constraints.
var issRuleTypes = map[string]func(r *ISSReader, e ISSElem) error{
	"":             (*ISSReader).givens,
	"Jigsaw":       (*ISSReader).jigsaw,
	"NoBoxes":      issFlag(func(r *ISSReader) { r.noBox = true }),
	"Diagonal":     (*ISSReader).diagonal,
	"Windoku":      issFlag(func(r *ISSReader) { r.rules.Windoku = true }),
	"DisjointSets": issFlag(func(r *ISSReader) { r.rules.Disjoint = true }),
	"AntiKnight":   issFlag(func(r *ISSReader) { r.rules.AntiKnight = true }),
	"AntiKing":     issFlag(func(r *ISSReader) { r.rules.AntiKing = true }),
	"AllDifferent": (*ISSReader).allDifferent,
	"Cage":         (*ISSReader).cage,
}

// flag reads an element without arguments that sets a rule.
func issFlag(set func(r *ISSReader)) func(r *ISSReader, e ISSElem) error {
	return func(r *ISSReader, e ISSElem) error {
		if len(e.args) > 0 {
			return e.Errorf("takes no arguments, got %d", len(e.args))
		}
		set(r)
		return nil
	}
}

// givens reads cells' values, "R1C1_5" or "R1C1_1_3_5": ISS keeps the
// values every given of a cell allows.
func (r *ISSReader) givens(e ISSElem) error {
	for _, a := range e.args {
		id, vals, _ := strings.Cut(a, "_")
		c, err := r.Cell(e, id)
		if err != nil {
			return err
		}
		var m Digits
		for _, v := range strings.Split(vals, "_") {
			if vals == "" {
				break
			}
			d, err := strconv.Atoi(v)
			if err != nil || d < 1 || d > r.n || strconv.Itoa(d) != v {
				return e.Errorf("%s: value %q is not 1 to %d", id, v, r.n)
			}
			m |= DigitOf(d)
		}
		if r.cand[c] != 0 {
			m &= r.cand[c]
			if m == 0 {
				return e.Errorf("%s: no value left with its other givens", id)
			}
		} else if m == 0 {
			return e.Errorf("%s is given no value", id)
		}
		r.cand[c] = m
	}
	return nil
}

// jigsaw reads a layout: one label a cell (ISS's older form puts the
// shape first). Its regions have N cells each; one region of the whole
// grid is no rule.
func (r *ISSReader) jigsaw(e ISSElem) error {
	if len(e.args) < 1 || len(e.args) > 2 {
		return e.Errorf("want a layout, got %d arguments", len(e.args))
	}
	layout := e.args[len(e.args)-1]
	nn := r.n * r.n
	if len(layout) != nn {
		return e.Errorf("the layout has %d labels, want one a cell (%d)", len(layout), nn)
	}
	var order []byte
	regions := map[byte][]int{}
	for c := 0; c < nn; c++ {
		if regions[layout[c]] == nil {
			order = append(order, layout[c])
		}
		regions[layout[c]] = append(regions[layout[c]], c)
	}
	if len(order) == 1 {
		return nil
	}
	var out [][]int
	for _, l := range order {
		if len(regions[l]) != r.n {
			return e.Errorf("region %q has %s, want %d", string(l), cellCount(len(regions[l])), r.n)
		}
		out = append(out, regions[l])
	}
	r.layouts = append(r.layouts, out)
	return nil
}

func (r *ISSReader) diagonal(e ISSElem) error {
	if len(e.args) != 1 || e.args[0] != "1" && e.args[0] != "-1" {
		return e.Errorf("want 1 (up to the right) or -1 (down to the right), got %q", strings.Join(e.args, "~"))
	}
	if e.args[0] == "1" {
		r.rules.Diagonals |= DiagUp
	} else {
		r.rules.Diagonals |= DiagDown
	}
	return nil
}

// allDifferent reads an extra region.
func (r *ISSReader) allDifferent(e ISSElem) error {
	cells, err := r.Cells(e, e.args, 1)
	if err != nil {
		return err
	}
	if len(cells) > r.n {
		return e.Errorf("%s cannot hold different digits 1 to %d", cellCount(len(cells)), r.n)
	}
	r.rules.Extra = append(r.rules.Extra, cells)
	return nil
}

// cage reads a killer cage: its sum (0 or empty for none) and cells.
func (r *ISSReader) cage(e ISSElem) error {
	if len(e.args) < 2 {
		return e.Errorf("want a sum and cells")
	}
	sum := 0
	if e.args[0] != "" {
		s, err := r.Number(e, "sum", e.args[0])
		if err != nil {
			return err
		}
		sum = s
	}
	cells, err := r.Cells(e, e.args[1:], 1)
	if err != nil {
		return err
	}
	if lo, hi := SumRange(r.n, len(cells)); len(cells) > r.n || sum != 0 && (sum < lo || sum > hi) {
		return e.Errorf("sum %d is impossible for %s of different digits 1 to %d", sum, cellCount(len(cells)), r.n)
	}
	if err := r.rules.AddCage(cells, sum, false); err != nil {
		return e.Errorf("%v", err)
	}
	return nil
}

// finishRules puts the givens on the board and the layouts in the
// rules: the first layout without boxes is the regions (or boxes of
// another shape); the others, and every layout beside boxes, extra
// regions. Windows and disjoint sets ISS draws where ours are not become
// extra regions too.
func (r *ISSReader) finishRules() error {
	r.finishGivens()
	rules := r.rules
	_, boxCols := issBoxDims(r.n)
	layouts := r.layouts
	if r.noBox || boxCols == 0 {
		if len(layouts) == 0 { // a Latin square: rows and columns only
			rules.Regions, rules.BoxRows, rules.BoxCols = nil, 1, r.n
		} else {
			r.setRegions(layouts[0])
			layouts = layouts[1:]
		}
	}
	for _, l := range layouts {
		for _, g := range l {
			if !r.isRegion(g) {
				rules.Extra = append(rules.Extra, g)
			}
		}
	}
	return r.issHouses()
}

// finishGivens puts the values given on the board: one value is a given
// digit, several the cell's candidates.
func (r *ISSReader) finishGivens() {
	n := r.n
	for c, m := range r.cand {
		switch {
		case m == 0:
		case m.Count() == 1:
			r.b.Cells[c] = uint8(m.Single())
		default:
			if r.b.Marks == nil {
				r.b.Marks = make([]Digits, len(r.cand))
			}
			r.b.Marks[c] = m
		}
	}
	if r.b.Marks == nil {
		return
	}
	for c := range r.b.Marks {
		switch {
		case r.b.Cells[c] != 0:
			r.b.Marks[c] = DigitOf(int(r.b.Cells[c]))
		case r.b.Marks[c] == 0:
			r.b.Marks[c] = AllDigits(n)
		}
	}
}

// setRegions makes regions of a layout: boxes when they are boxes of
// some shape, else jigsaw regions.
func (r *ISSReader) setRegions(layout [][]int) {
	n := r.n
	for br := 1; br <= n; br++ {
		if n%br != 0 {
			continue
		}
		boxes := issBoxLayout(n, br, n/br)
		if issLayoutIs(layout, boxes) {
			r.rules.BoxRows, r.rules.BoxCols = br, n/br
			return
		}
	}
	regions := make([]uint8, n*n)
	for g, cells := range layout {
		for _, c := range cells {
			regions[c] = uint8(g)
		}
	}
	r.rules.Regions = regions
}

// issLayoutIs reports whether layout's regions are those of regions.
func issLayoutIs(layout [][]int, regions []uint8) bool {
	for _, cells := range layout {
		for _, c := range cells {
			if regions[c] != regions[cells[0]] {
				return false
			}
		}
	}
	return true
}

// isRegion reports whether cells are one box or region of the rules.
func (r *ISSReader) isRegion(cells []int) bool {
	l := &Layout{Rules: r.rules, N: r.n, NN: r.n * r.n}
	for _, c := range cells {
		if l.RegionOf(c) != l.RegionOf(cells[0]) {
			return false
		}
	}
	return true
}

// issHouses keeps ISS's windows and disjoint sets as our rules when they
// are ours, else as extra regions.
func (r *ISSReader) issHouses() error {
	rules := r.rules
	if rules.Windoku {
		own := issWindows(r.n)
		if len(own) == 0 {
			return &ParseError{Line: 1, Msg: fmt.Sprintf("ISS: Windoku on %s, where ISS has no windows", words.AGrid(r.n))}
		}
		ours := Windows(r.n, rules.BoxRows, rules.BoxCols)
		if len(ours) != len(own) || !rules.boxed() || !sameGroups(windowCells(r.n, rules.BoxRows, rules.BoxCols, ours), own) {
			rules.Windoku = false
			rules.Extra = append(rules.Extra, own...)
		}
	}
	if rules.Disjoint {
		own := issDisjointSets(r.n)
		if len(own) == 0 {
			return &ParseError{Line: 1, Msg: fmt.Sprintf("ISS: DisjointSets on %s, where ISS has no boxes", words.AGrid(r.n))}
		}
		br, bc := issBoxDims(r.n)
		if rules.Regions != nil || rules.BoxRows != br || rules.BoxCols != bc {
			rules.Disjoint = false
			rules.Extra = append(rules.Extra, own...)
		}
	}
	return nil
}

// windowCells returns the cells of windows of br x bc at their corners.
func windowCells(n, br, bc int, corners [][2]int) [][]int {
	var out [][]int
	for _, w := range corners {
		var cells []int
		for dr := range br {
			for dc := range bc {
				cells = append(cells, (w[0]+dr)*n+w[1]+dc)
			}
		}
		out = append(out, cells)
	}
	return out
}
