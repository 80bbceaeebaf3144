package sudoku

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"sudoku/internal/lzstring"
	"sudoku/internal/words"
)

// This file reads and writes the f-puzzles form: the JSON object
// f-puzzles.com saves and SudokuPad loads, and the links that carry it
// compressed with LZ-string (f-puzzles' ?load=, SudokuPad's fpuzzles...).
// The keys of the rule sets read here:
//
//	size                        4..16 (boxes of 2x2, 2x3, 2x4, 3x3, 3x4, 4x4 ...)
//	grid[row][col]              {"value": 5, "given": true, "region": 0}
//	diagonal+, diagonal-        the diagonals (+ runs up to the right)
//	antiknight, antiking, disjointgroups
//	killercage                  [{"cells": ["R1C1", ...], "value": "15"}]
//	extraregion                 [{"cells": [...]}]
//	odd, even                   [{"cell": "R1C1"}]
//
// Every other key is read by the kind of constraint registered for it
// (thermometer, arrow, ratio, ...: constraint_*.go), drawings included;
// a key no kind reads that holds something is refused by name: a puzzle
// is never read without one of its rules.

// fpuzzlesKnown are the keys read here, or that say nothing of the rules:
// what the setter says (title, author, rules text, solution: kept in the
// board's Meta), what f-puzzles and SudokuPad keep for play and looks
// (colours, highlights, fog, the message on solving, solver settings).
var fpuzzlesKnown = map[string]bool{
	"size": true, "grid": true, "diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": true,
	"disjointgroups": true, "killercage": true, "extraregion": true, "odd": true, "even": true,
	"title": true, "author": true, "ruleset": true, "solution": true,
	"negative": true, // its entries are read by the kinds they name
}

// fpuzzlesIgnored are the keys of play and looks, read by no rule: they
// are neither refused nor written back.
var fpuzzlesIgnored = map[string]bool{
	"highlight": true, "highlightConflicts": true, "successMessage": true, "metadata": true,
	"truecandidatesoptionalvisible": true, "truecandidatesoptions": true, "disabledlogic": true,
	"fogofwar": true, "foglight": true, "triggereffect": true, "version": true,
	"undostack": true, "redostack": true, "timer": true, "lastSolveTime": true,
}

type fpCell struct {
	Value int  `json:"value,omitempty"`
	Given bool `json:"given,omitempty"`
	// Region is the cell's region: absent for its box, null for none
	// (f-puzzles' puzzles without regions), or 0..N-1.
	Region json.RawMessage `json:"region,omitempty"`
	// GivenPencilMarks are the candidates the setter gives an empty
	// cell (a pencil-mark puzzle).
	GivenPencilMarks []int `json:"givenPencilMarks,omitempty"`
}

type fpCage struct {
	Cells []string        `json:"cells"`
	Value json.RawMessage `json:"value,omitempty"`
}

type fpOne struct {
	Cell string `json:"cell"`
}

// fpPuzzle is the f-puzzles JSON this package reads and writes.
type fpPuzzle struct {
	Size        int               `json:"size"`
	Grid        [][]fpCell        `json:"grid"`
	DiagPlus    bool              `json:"diagonal+,omitempty"`
	DiagMinus   bool              `json:"diagonal-,omitempty"`
	AntiKnight  bool              `json:"antiknight,omitempty"`
	AntiKing    bool              `json:"antiking,omitempty"`
	Disjoint    bool              `json:"disjointgroups,omitempty"`
	KillerCage  []fpCage          `json:"killercage,omitempty"`
	ExtraRegion []fpCage          `json:"extraregion,omitempty"`
	Odd         []fpOne           `json:"odd,omitempty"`
	Even        []fpOne           `json:"even,omitempty"`
	Title       string            `json:"title,omitempty"`
	Author      string            `json:"author,omitempty"`
	Ruleset     string            `json:"ruleset,omitempty"`
	Solution    []json.RawMessage `json:"solution,omitempty"`
	raw         map[string]json.RawMessage
}

func init() {
	RegisterForm(Form{Name: FormFPuzzles, Priority: 100, Detect: IsFPuzzles, Lines: true, Parse: parseFPuzzlesText,
		Format: func(b *Board) (string, error) {
			out, err := FormatFPuzzles(b)
			return string(out), err
		}})
}

// IsFPuzzles reports whether text looks like the f-puzzles form: a JSON
// object with "size" and "grid", an f-puzzles or SudokuPad link, or its
// compressed string.
func IsFPuzzles(text string) bool {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "{"):
		return strings.Contains(t, `"grid"`) && strings.Contains(t, `"size"`)
	case strings.Contains(t, "f-puzzles.com"), strings.Contains(t, "sudokupad.app"), strings.Contains(t, "crackingthecryptic.com"):
		return true
	}
	return strings.HasPrefix(t, "fpuzzles") || strings.HasPrefix(t, "N4Ig") && !strings.ContainsAny(t, " \t\n")
}

// ParseFPuzzles reads f-puzzles JSON. Errors name the key, the index and
// the cell: `killercage 3: cell "R10C1" outside a 9x9 grid`.
func ParseFPuzzles(data []byte) (*Board, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, &ParseError{Msg: "f-puzzles JSON: " + jsonProblem(data, err)}
	}
	if err := fpRefuse(raw); err != nil {
		return nil, err
	}
	var p fpPuzzle
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, &ParseError{Msg: "f-puzzles JSON: " + jsonProblem(data, err)}
	}
	p.raw = raw
	return p.board()
}

// jsonProblem words a JSON error with its byte offset when it has one.
func jsonProblem(data []byte, err error) string {
	if se, ok := err.(*json.SyntaxError); ok {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("line %d (byte %d): %v", line, se.Offset, err)
	}
	return err.Error()
}

// fpRefuse names the constraints present that no kind reads.
func fpRefuse(raw map[string]json.RawMessage) error {
	var bad []string
	for k, v := range raw {
		if fpuzzlesKnown[k] || fpuzzlesIgnored[k] || fpEmpty(v) {
			continue
		}
		if _, ok := kindOfKey(k); !ok {
			bad = append(bad, k)
		}
	}
	for _, neg := range fpNegatives(raw) {
		if _, ok := kindOfKey("negative:" + neg); !ok {
			bad = append(bad, "negative "+neg)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	if !readersRegistered() { // a program that links no kinds
		err := unregistered(bad...)
		return &ParseError{Msg: "f-puzzles: " + err.Error(), Err: err}
	}
	return &ParseError{Msg: fmt.Sprintf("f-puzzles constraints not supported: %s (supported: %s)", strings.Join(bad, ", "), fpSupported())}
}

// fpNegatives returns the kinds of the "negative" list.
func fpNegatives(raw map[string]json.RawMessage) []string {
	var list []string
	json.Unmarshal(raw["negative"], &list)
	return list
}

// fpSupported lists the constraints read: the rule sets of this file and
// the registered kinds f-puzzles has a key for.
func fpSupported() string {
	names := []string{"diagonals", "anti-knight", "anti-king", "disjoint groups", "killer cages", "extra regions", "odd/even"}
	for _, k := range ConstraintKinds() {
		if k.Read != nil {
			names = append(names, k.Name)
		}
	}
	return strings.Join(names, ", ")
}

// fpConstraints reads the constraints of every kind whose keys raw holds,
// kinds in the order of their names.
func fpConstraints(raw map[string]json.RawMessage, n int) ([]Constraint, error) {
	kinds := map[*ConstraintKind]bool{}
	for k, v := range raw {
		if kind, ok := kindOfKey(k); ok && !fpEmpty(v) {
			kinds[kind] = true
		}
	}
	for _, neg := range fpNegatives(raw) {
		if kind, ok := kindOfKey("negative:" + neg); ok {
			kinds[kind] = true
		}
	}
	f := &FPuzzle{Size: n, Raw: raw}
	var out []Constraint
	for _, kind := range ConstraintKinds() {
		if !kinds[kind] {
			continue
		}
		cs, err := kind.Read(f)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

func (p *fpPuzzle) board() (*Board, error) {
	r, err := Sized(p.Size)
	if err != nil || p.Size > 16 {
		return nil, &ParseError{Msg: fmt.Sprintf("f-puzzles size %d: want 4 to 16", p.Size)}
	}
	b := NewBoard(r)
	if err := p.cells(b); err != nil {
		return nil, err
	}
	if p.DiagMinus {
		r.Diagonals |= DiagDown
	}
	if p.DiagPlus {
		r.Diagonals |= DiagUp
	}
	r.AntiKnight, r.AntiKing, r.Disjoint = p.AntiKnight, p.AntiKing, p.Disjoint
	if err := p.cages(r); err != nil {
		return nil, err
	}
	if err := p.parity(r); err != nil {
		return nil, err
	}
	cs, err := fpConstraints(p.raw, p.Size)
	if err != nil {
		return nil, err
	}
	r.Constraints = append(r.Constraints, cs...)
	if b.Meta, err = p.meta(); err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, &ParseError{Msg: err.Error(), Err: err}
	}
	return b, nil
}

// cells reads the givens and the regions of the grid.
func (p *fpPuzzle) cells(b *Board) error {
	n := p.Size
	if len(p.Grid) != n {
		return &ParseError{Msg: fmt.Sprintf("f-puzzles grid has %d rows, want %d", len(p.Grid), n)}
	}
	regions := make([]int, n*n)
	jigsaw, none := !b.Rules.boxed(), false // no boxes: every cell gives its region
	for row, cells := range p.Grid {
		if len(cells) != n {
			return &ParseError{Msg: fmt.Sprintf("f-puzzles grid row %d has %d cells, want %d", row+1, len(cells), n)}
		}
		for col, c := range cells {
			i := row*n + col
			if c.Given && (c.Value < 1 || c.Value > n) {
				return &ParseError{Msg: fmt.Sprintf("f-puzzles grid: %s holds %d, want 1 to %d", CellName(n, i), c.Value, n)}
			}
			if c.Given {
				b.Cells[i] = uint8(c.Value)
			} else if err := fpMarks(b, i, c.GivenPencilMarks); err != nil {
				return err
			}
			g, err := fpRegion(b.Rules, i, c.Region)
			if err != nil {
				return err
			}
			regions[i] = g
			jigsaw = jigsaw || g != fpBox(b.Rules, i)
			none = none || g < 0
		}
	}
	switch {
	case none:
		if err := fpPartRegions(b.Rules, regions); err != nil {
			return err
		}
	case jigsaw && linesAsRegions(n, regions):
		// Regions that are the rows (or the columns): f-puzzles' way to
		// say there are no boxes.
		b.Rules.BoxRows, b.Rules.BoxCols = 1, n
	case jigsaw:
		b.Rules.Regions = make([]uint8, len(regions))
		for i, g := range regions {
			b.Rules.Regions[i] = uint8(g)
		}
	}
	if b.Marks != nil {
		for i, v := range b.Cells {
			if v != 0 {
				b.Marks[i] = DigitOf(int(v))
			}
		}
	}
	return nil
}

// linesAsRegions reports whether every region of an n-grid is one row,
// or every one is one column (N regions of N cells).
func linesAsRegions(n int, regions []int) bool {
	rows, cols := true, true
	var seen [MaxSize]int
	for c, g := range regions {
		if g < 0 || g >= n {
			return false
		}
		seen[g]++
		rows = rows && g == regions[c/n*n]
		cols = cols && g == regions[c%n]
	}
	for g := range n {
		if seen[g] != n {
			return false
		}
	}
	return rows || cols
}

// fpPartRegions sets the rules of a grid some of whose cells are in no
// region (-1): no boxes, and each region given (of N cells) a house.
func fpPartRegions(r *Rules, regions []int) error {
	n := r.Size
	parts := make([][]int, n)
	for c, g := range regions {
		if g >= 0 {
			parts[g] = append(parts[g], c)
		}
	}
	r.BoxRows, r.BoxCols = 1, n
	for g, cells := range parts {
		switch len(cells) {
		case 0:
		case n:
			r.Extra = append(r.Extra, cells)
		default:
			return &ParseError{Msg: fmt.Sprintf("f-puzzles grid: region %d has %s (%s), want %d: some cells are in no region, so each region must hold every digit", g, cellCount(len(cells)), CellList(n, cells, 4), n)}
		}
	}
	return nil
}

// fpMarks sets the candidates the setter gives empty cell i, when it has
// some: every other cell keeps every digit.
func fpMarks(b *Board, i int, marks []int) error {
	if len(marks) == 0 {
		return nil
	}
	n := b.Rules.Size
	var m Digits
	for _, d := range marks {
		if d < 1 || d > n {
			return &ParseError{Msg: fmt.Sprintf("f-puzzles grid: %s has the pencil mark %d, want 1 to %d", CellName(n, i), d, n)}
		}
		m |= DigitOf(d)
	}
	if b.Marks == nil {
		b.Marks = make([]Digits, len(b.Cells))
		for c := range b.Marks {
			b.Marks[c] = AllDigits(n)
		}
	}
	b.Marks[i] = m
	return nil
}

// meta returns what the setter says of the puzzle: title, author, rules
// and solution (nil when it says nothing).
func (p *fpPuzzle) meta() (*Meta, error) {
	m := &Meta{Title: strings.TrimSpace(p.Title), Author: strings.TrimSpace(p.Author), Rules: strings.TrimSpace(p.Ruleset)}
	if len(p.Solution) > 0 {
		sol, err := fpSolution(p.Size, p.Solution)
		if err != nil {
			return nil, &ParseError{Msg: "f-puzzles solution: " + err.Error()}
		}
		m.Solution = sol
	}
	if m.Title == "" && m.Author == "" && m.Rules == "" && m.Solution == nil {
		return nil, nil
	}
	return m, nil
}

// fpSolution reads a setter's solution: N*N digits as numbers or strings,
// "", "." or null where it does not say. A solution that says nothing is
// nil.
func fpSolution(n int, raw []json.RawMessage) ([]uint8, error) {
	if len(raw) != n*n {
		return nil, fmt.Errorf("%d cells, want %d", len(raw), n*n)
	}
	sol := make([]uint8, n*n)
	any := false
	for c, v := range raw {
		s := strings.Trim(strings.TrimSpace(string(v)), `"`)
		if s == "" || s == "." || s == "null" || s == "0" || s == "?" {
			continue
		}
		d, err := strconv.Atoi(s)
		if err != nil || d < 1 || d > n {
			return nil, fmt.Errorf("%s holds %q, want 1 to %d", CellName(n, c), s, n)
		}
		sol[c], any = uint8(d), true
	}
	if !any {
		return nil, nil
	}
	return sol, nil
}

// fpRegion returns the region of cell i: the one given, -1 for none
// (null), or its box when it gives none.
func fpRegion(r *Rules, i int, given json.RawMessage) (int, error) {
	n := r.Size
	v := strings.TrimSpace(string(given))
	switch {
	case v == "null":
		return -1, nil
	case v == "" && !r.boxed():
		return 0, &ParseError{Msg: fmt.Sprintf("f-puzzles grid: %s has no region, and %s has no boxes to take it from (give every cell its \"region\")", CellName(n, i), words.AGrid(n))}
	case v == "":
		return fpBox(r, i), nil
	}
	g, err := strconv.Atoi(strings.Trim(v, `"`))
	if err != nil || g < 0 || g >= n {
		return 0, &ParseError{Msg: fmt.Sprintf("f-puzzles grid: %s is in region %s, want 0 to %d or null", CellName(n, i), v, n-1)}
	}
	return g, nil
}

// fpBox returns the box of cell i under the usual box shape of r's size,
// -1 for a size without boxes (such as 7).
func fpBox(r *Rules, i int) int {
	s, ok := shapes[r.Size]
	if !ok {
		return -1
	}
	row, col := i/r.Size, i%r.Size
	return row/s[0]*(r.Size/s[1]) + col/s[1]
}

// FPCellIndex reads an f-puzzles cell name, "R1C1" (1-based), on an
// n-grid.
func FPCellIndex(n int, s string) (int, bool) {
	u := strings.ToUpper(s)
	rs, cs, ok := strings.Cut(strings.TrimPrefix(u, "R"), "C")
	if !ok || !strings.HasPrefix(u, "R") {
		return 0, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 1 || c < 1 || r > n || c > n {
		return 0, false
	}
	return (r-1)*n + c - 1, true
}

func (p *fpPuzzle) cellList(key string, k int, names []string) ([]int, error) {
	var cells []int
	for _, s := range names {
		c, ok := FPCellIndex(p.Size, s)
		if !ok {
			return nil, &ParseError{Msg: fmt.Sprintf("%s %d: cell %q outside %s (want R1C1 to R%dC%d)", key, k+1, s, words.AGrid(p.Size), p.Size, p.Size)}
		}
		cells = append(cells, c)
	}
	if len(cells) == 0 {
		return nil, &ParseError{Msg: fmt.Sprintf("%s %d: no cells", key, k+1)}
	}
	return cells, nil
}

func (p *fpPuzzle) cages(r *Rules) error {
	for k, c := range p.KillerCage {
		cells, err := p.cellList("killercage", k, c.Cells)
		if err != nil {
			return err
		}
		sum, err := fpSum(c.Value)
		if err != nil {
			return &ParseError{Msg: fmt.Sprintf("killercage %d: %v", k+1, err)}
		}
		if err := r.AddCage(cells, sum, false); err != nil {
			return &ParseError{Msg: fmt.Sprintf("killercage %d: %v", k+1, err), Err: err}
		}
	}
	for k, c := range p.ExtraRegion {
		cells, err := p.cellList("extraregion", k, c.Cells)
		if err != nil {
			return err
		}
		r.Extra = append(r.Extra, cells)
	}
	return nil
}

// fpSum reads a cage's value: a number, a string of digits, or nothing.
func fpSum(v json.RawMessage) (int, error) {
	s := strings.Trim(strings.TrimSpace(string(v)), `"`)
	if s == "" || s == "null" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("sum %q is not a number", s)
	}
	return n, nil
}

func (p *fpPuzzle) parity(r *Rules) error {
	for _, set := range []struct {
		key  string
		list []fpOne
		par  Parity
	}{{"odd", p.Odd, Odd}, {"even", p.Even, Even}} {
		for k, o := range set.list {
			c, ok := FPCellIndex(p.Size, o.Cell)
			if !ok {
				return &ParseError{Msg: fmt.Sprintf("%s %d: cell %q outside %s", set.key, k+1, o.Cell, words.AGrid(p.Size))}
			}
			if r.Parity == nil {
				r.Parity = make([]Parity, r.Cells())
			}
			r.Parity[c] = set.par
		}
	}
	return nil
}

// FormatFPuzzles writes b as f-puzzles JSON, with what its setter says
// (title, author, rules text, solution) and the candidates given
// (givenPencilMarks). Sizes above 16 are refused; windoku windows become
// extra regions, killer cages that overlap others killer cages, boxes of
// another shape than f-puzzles' regions given cell by cell (every cell of
// a size without boxes, such as a 7x7 jigsaw) and their disjoint groups
// extra regions.
func FormatFPuzzles(b *Board) ([]byte, error) {
	r := b.Rules
	n := r.Size
	if err := writable(b); err != nil {
		return nil, err
	}
	if n > 16 {
		return nil, fmt.Errorf("f-puzzles holds sizes up to 16, not %d", n)
	}
	l, err := r.Layout()
	if err != nil {
		return nil, err
	}
	// Boxes of another shape are written as regions, and their disjoint
	// groups as extra regions: f-puzzles' own are those of its boxes.
	reshaped := r.Regions == nil && shapes[n] != [2]int{r.BoxRows, r.BoxCols}
	p := fpPuzzle{Size: n, DiagMinus: r.Diagonals&DiagDown != 0, DiagPlus: r.Diagonals&DiagUp != 0,
		AntiKnight: r.AntiKnight, AntiKing: r.AntiKing, Disjoint: r.Disjoint && !reshaped}
	p.writeGrid(b, l)
	p.writeUnits(l, reshaped)
	p.writeParity(r)
	p.writeMeta(b.Meta)
	rest := p.writeCages(r.Constraints)
	out, err := json.Marshal(p)
	if err != nil || len(rest) == 0 {
		return out, err
	}
	return fpWriteConstraints(out, n, rest)
}

// writeMeta writes what the setter says.
func (p *fpPuzzle) writeMeta(m *Meta) {
	if m == nil {
		return
	}
	p.Title, p.Author, p.Ruleset = m.Title, m.Author, m.Rules
	for _, v := range m.Solution {
		p.Solution = append(p.Solution, json.RawMessage(strconv.Itoa(int(v))))
	}
}

// writeCages adds the killer cages held as constraints (those that
// overlap others) to the killer cages, and returns the other constraints.
func (p *fpPuzzle) writeCages(cs []Constraint) []Constraint {
	var rest []Constraint
	for _, c := range cs {
		k, ok := c.(Summed)
		if !ok || c.Kind() != "killer" {
			rest = append(rest, c)
			continue
		}
		e := fpCage{Cells: fpNames(p.Size, c.Cells())}
		if sum := k.Sum(); sum > 0 {
			e.Value = json.RawMessage(strconv.Quote(strconv.Itoa(sum)))
		}
		p.KillerCage = append(p.KillerCage, e)
	}
	return rest
}

// fpWriteConstraints adds the keys of the constraints, kind by kind, to
// the JSON object out (after its own keys, sorted).
func fpWriteConstraints(out []byte, n int, cs []Constraint) ([]byte, error) {
	f := &FPuzzle{Size: n, Raw: map[string]json.RawMessage{}}
	var order []string
	byKind := map[string][]Constraint{}
	for _, c := range cs {
		if byKind[c.Kind()] == nil {
			order = append(order, c.Kind())
		}
		byKind[c.Kind()] = append(byKind[c.Kind()], c)
	}
	for _, name := range order {
		kind, ok := LookupConstraint(name)
		if !ok || kind.Write == nil {
			return nil, fmt.Errorf("f-puzzles cannot hold the %s constraints (no writer registered)", name)
		}
		if err := kind.Write(f, byKind[name]); err != nil {
			return nil, fmt.Errorf("f-puzzles %s: %w", name, err)
		}
	}
	keys := slices.Sorted(maps.Keys(f.Raw))
	var b bytes.Buffer
	b.Write(out[:len(out)-1])
	for _, k := range keys {
		kb, _ := json.Marshal(k)
		fmt.Fprintf(&b, ",%s:%s", kb, f.Raw[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeGrid writes the givens and, where they are not f-puzzles' boxes,
// the regions.
func (p *fpPuzzle) writeGrid(b *Board, l *Layout) {
	n := p.Size
	for row := 0; row < n; row++ {
		cells := make([]fpCell, n)
		for col := range cells {
			i := row*n + col
			if v := b.Cells[i]; v != 0 {
				cells[col] = fpCell{Value: int(v), Given: true}
			} else if b.Marks != nil && b.Marks[i] != AllDigits(n) {
				for m := b.Marks[i]; m != 0; m &= m - 1 {
					cells[col].GivenPencilMarks = append(cells[col].GivenPencilMarks, m.Min())
				}
			}
			switch g := l.RegionOf(i); {
			case b.Rules.NoBoxes():
				cells[col].Region = json.RawMessage("null")
			case g != fpBox(b.Rules, i):
				cells[col].Region = json.RawMessage(strconv.Itoa(g))
			}
		}
		p.Grid = append(p.Grid, cells)
	}
}

// writeUnits writes the cages and, as extra regions, the windows, the
// extra regions and (reshaped) the disjoint groups.
func (p *fpPuzzle) writeUnits(l *Layout, reshaped bool) {
	for _, u := range l.Units {
		switch {
		case u.Kind == UnitWindow || u.Kind == UnitExtra || u.Kind == UnitDisjoint && reshaped:
			p.ExtraRegion = append(p.ExtraRegion, fpCage{Cells: fpNames(p.Size, u.Cells)})
		case u.Kind == UnitCage:
			c := fpCage{Cells: fpNames(p.Size, u.Cells)}
			if u.Sum > 0 {
				c.Value = json.RawMessage(strconv.Quote(strconv.Itoa(u.Sum)))
			}
			p.KillerCage = append(p.KillerCage, c)
		}
	}
}

func (p *fpPuzzle) writeParity(r *Rules) {
	for c, par := range r.Parity {
		switch par {
		case Odd:
			p.Odd = append(p.Odd, fpOne{fpName(p.Size, c)})
		case Even:
			p.Even = append(p.Even, fpOne{fpName(p.Size, c)})
		}
	}
}

func fpName(n, c int) string { return fmt.Sprintf("R%dC%d", c/n+1, c%n+1) }

func fpNames(n int, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = fpName(n, c)
	}
	return out
}

// ParseFPuzzlesLink reads an f-puzzles link (https://www.f-puzzles.com/?load=...),
// a SudokuPad link to an f-puzzles puzzle (https://sudokupad.app/fpuzzles...,
// ?puzzleid=fpuzzles...), or the compressed string alone. A link to
// SudokuPad's own puzzle (scl, ctc) is read by ParseSudokuPad.
func ParseFPuzzlesLink(link string) (*Board, error) {
	t := strings.TrimSpace(link)
	code := t
	if u, err := url.Parse(t); err == nil && u.Host != "" {
		code = fpLinkCode(u)
	}
	if strings.HasPrefix(code, "scl") || strings.HasPrefix(code, "ctc") {
		return ParseSudokuPad(t) // SudokuPad's own puzzle, not f-puzzles'
	}
	code = strings.TrimPrefix(code, "fpuzzles")
	if unesc, err := url.PathUnescape(code); err == nil {
		code = unesc
	}
	code = strings.ReplaceAll(code, " ", "+") // a + turned into a space on the way
	data, err := lzstring.DecompressFromBase64(code)
	if err != nil {
		return nil, &ParseError{Msg: "the link holds no f-puzzles puzzle (" + err.Error() + "); links read: https://www.f-puzzles.com/?load=..., https://sudokupad.app/fpuzzles... and ?puzzleid=fpuzzles..."}
	}
	return ParseFPuzzles([]byte(data))
}

// fpLinkCode returns the compressed puzzle of a link.
func fpLinkCode(u *url.URL) string {
	q := u.Query()
	for _, k := range []string{"load", "puzzleid"} {
		if v := q.Get(k); v != "" {
			return strings.ReplaceAll(v, " ", "+")
		}
	}
	path := u.Path
	if i := strings.Index(path, "fpuzzles"); i >= 0 {
		return path[i:] // SudokuPad's: the code may hold a '/'
	}
	if i := strings.LastIndex(path, "/"); i >= 0 {
		path = path[i+1:]
	}
	return path
}

// FormatFPuzzlesLink writes an f-puzzles link to b.
func FormatFPuzzlesLink(b *Board) (string, error) {
	data, err := FormatFPuzzles(b)
	if err != nil {
		return "", err
	}
	return "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(string(data)), nil
}

// parseFPuzzlesText reads the JSON or a link, whichever text holds.
func parseFPuzzlesText(t string) (*Board, string, error) {
	if strings.HasPrefix(strings.TrimSpace(t), "{") {
		b, err := ParseFPuzzles([]byte(t))
		return b, "", err
	}
	b, err := ParseFPuzzlesLink(t)
	return b, "", err
}
