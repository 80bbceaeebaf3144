package sudoku

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// The constraints of the ISS form. Each kind says in its registry entry
// (ConstraintKind.ISS) which ISS types it reads, which relations of ISS's
// Pair and PairX it is, and how it writes its constraints, each checked
// to mean the same as ISS (its js/solver/sudoku_builder.js says how it
// reads each type); the kinds of package sudoku/constraint do so in its
// iss.go. Most go through the f-puzzles bridge (ISSViaFP, ISSFPWrite),
// which reads and writes the kind's own f-puzzles entries in ISS's
// argument layouts. The reader and writer of this package offer the
// kinds what they share: cells and numbers read with errors located at
// the element, clues kept once a place, and the pairs ISS's own dots
// mark for its strict rules.

// ISSForm is how a kind of constraint reads and writes the ISS form.
type ISSForm struct {
	// Read maps each ISS type the kind reads to its reader.
	Read map[string]ISSRead
	// Pairs are the relations of digits of ISS's Pair and PairX that are
	// read as constraints of the kind.
	Pairs []ISSRelation
	// Write writes one constraint of the kind; nil when ISS cannot hold
	// the kind.
	Write func(w *ISSWriter, c Constraint) error
}

// ISSRelation is a relation of digits a kind holds, as ISS's Pair (each
// cell of a group with the next) or PairX (every two cells of a group)
// gives it by a binary key, with a parameter v (0 when it takes none).
type ISSRelation struct {
	Name string // in words, for errors: "a thermometer"
	// Rank orders the relations tried (lowest first), which matters where
	// two of them are the same table (whispers of n-1 and white dots of
	// n-1).
	Rank  int
	PairX bool // read from PairX, else from Pair
	// Lo and Hi bound v on an n-grid.
	Lo, Hi func(n int) int
	// Holds reports whether digits a then b keep the relation of v.
	Holds func(v, a, b int) bool
	// Make makes the constraints of groups of cells under the relation of
	// v (each group of two cells or more).
	Make func(r *ISSReader, e ISSElem, v int, groups [][]int) ([]Constraint, error)
}

// issKinds returns the registered kinds the ISS form reads or writes.
func issKinds() []*ConstraintKind {
	var out []*ConstraintKind
	for _, k := range ConstraintKinds() {
		if k.ISS != nil {
			out = append(out, k)
		}
	}
	return out
}

// issReaderOf returns the reader of an ISS type of constraints: a kind's,
// or the reader of Pair and PairX when a kind reads relations of them.
func issReaderOf(typ string) (ISSRead, bool) {
	for _, k := range issKinds() {
		if read, ok := k.ISS.Read[typ]; ok {
			return read, true
		}
	}
	if typ == "Pair" || typ == "PairX" {
		pairX := typ == "PairX"
		if len(issRelations(pairX)) > 0 {
			return issReadPair(pairX), true
		}
	}
	return nil, false
}

// issReadTypes lists the ISS types of constraints read.
func issReadTypes() []string {
	var out []string
	for _, typ := range []string{"Pair", "PairX"} {
		if _, ok := issReaderOf(typ); ok {
			out = append(out, typ)
		}
	}
	for _, k := range issKinds() {
		for typ := range k.ISS.Read {
			out = append(out, typ)
		}
	}
	return out
}

// issRelations returns the relations read from Pair (PairX), by rank.
func issRelations(pairX bool) []ISSRelation {
	var out []ISSRelation
	for _, k := range issKinds() {
		for _, rel := range k.ISS.Pairs {
			if rel.PairX == pairX {
				out = append(out, rel)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b ISSRelation) int { return a.Rank - b.Rank })
	return out
}

// issWriterOf returns the writer of kind, nil when none writes it.
func issWriterOf(kind string) func(w *ISSWriter, c Constraint) error {
	if k, ok := LookupConstraint(kind); ok && k.ISS != nil {
		return k.ISS.Write
	}
	return nil
}

// ISSLayout says how an ISS type's arguments hold what one f-puzzles
// entry of a kind holds.
type ISSLayout int

// The layouts of ISS's arguments, and the f-puzzles entries they hold.
const (
	ISSLine        ISSLayout = iota // .T~cells      {"lines": [[cells]]}
	ISSValueLine                    // .T~v~cells    {"lines": [[cells]], "value": v}
	ISSValueCage                    // .T~v~cells    {"cells": [cells], "value": v}
	ISSCellList                     // .T~cells      {"cells": [cells]}
	ISSOutsideClue                  // .T~R1~a~b     {"cell": "R1C0", "value": v}
)

// ISSFPWrite returns a writer of constraints through their kind's
// f-puzzles writer, each one entry laid out as ISS's type typ takes it.
func ISSFPWrite(typ string, lay ISSLayout) func(w *ISSWriter, c Constraint) error {
	return func(w *ISSWriter, c Constraint) error {
		kind, ok := LookupConstraint(c.Kind())
		if !ok || kind.Write == nil {
			return fmt.Errorf("the %s kind has no f-puzzles writer", c.Kind())
		}
		f := &FPuzzle{Size: w.n, Raw: map[string]json.RawMessage{}}
		if err := kind.Write(f, []Constraint{c}); err != nil {
			return err
		}
		args, err := lay.args(f, c.Kind())
		if err != nil {
			return err
		}
		w.Add(typ, args...)
		return nil
	}
}

// fpEntry is an f-puzzles entry of any layout.
type fpEntry struct {
	Lines [][]string      `json:"lines"`
	Cells []string        `json:"cells"`
	Cell  string          `json:"cell"`
	Value json.RawMessage `json:"value"`
}

// args lays out the one entry f holds under key as ISS arguments.
func (lay ISSLayout) args(f *FPuzzle, key string) ([]string, error) {
	var entries []fpEntry
	if err := json.Unmarshal(f.Raw[key], &entries); err != nil || len(entries) != 1 {
		return nil, fmt.Errorf("the %s writer gave %s, want one entry", key, f.Raw[key])
	}
	e := entries[0]
	value := fpValueText(e.Value)
	var names []string
	switch lay {
	case ISSLine, ISSValueLine:
		if len(e.Lines) != 1 {
			return nil, fmt.Errorf("an ISS line holds one line, not %d", len(e.Lines))
		}
		names = e.Lines[0]
	case ISSValueCage, ISSCellList:
		names = e.Cells
	case ISSOutsideClue:
		return issOutsideArgs(f.Size, e.Cell, value)
	}
	cells, err := issFromFPNames(f.Size, names)
	if err != nil {
		return nil, err
	}
	if lay == ISSValueLine || lay == ISSValueCage {
		if value == "" {
			return nil, fmt.Errorf("no value")
		}
		cells = append([]string{value}, cells...)
	}
	return cells, nil
}

// fpValueText returns an entry's value as text: a number or a string,
// "" for none.
func fpValueText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var x json.Number
	if json.Unmarshal(v, &x) == nil {
		return x.String()
	}
	return ""
}

// issFromFPNames turns f-puzzles cell names into ISS's.
func issFromFPNames(n int, names []string) ([]string, error) {
	out := make([]string, len(names))
	for i, s := range names {
		c, ok := FPCellIndex(n, s)
		if !ok {
			return nil, fmt.Errorf("cell %q is outside the grid", s)
		}
		out[i] = ISSCell(n, c)
	}
	return out, nil
}

// issOutsideArgs lays out a clue beside the grid (f-puzzles "R3C0") as
// ISS's double line clues take it: the row or column, then the value from
// the left or top, or from the right or bottom.
func issOutsideArgs(n int, place, value string) ([]string, error) {
	row, col, err := (&FPuzzle{Size: n}).Outside("clue", 0, place)
	if err != nil {
		return nil, err
	}
	id, first, err := issLineID(n, row, col)
	if err != nil {
		return nil, err
	}
	if first {
		return []string{id, value}, nil
	}
	return []string{id, "", value}, nil
}

// LineID names the row or column a clue beside the grid at (row, col)
// looks along, as ISS does ("R3", "C4"), and whether it looks from the
// left or top.
func (w *ISSWriter) LineID(row, col int) (id string, first bool, err error) {
	return issLineID(w.n, row, col)
}

func issLineID(n, row, col int) (id string, first bool, err error) {
	switch {
	case (row < 0 || row >= n) && col >= 0 && col < n:
		return "C" + strconv.Itoa(col+1), row < 0, nil
	case (col < 0 || col >= n) && row >= 0 && row < n:
		return "R" + strconv.Itoa(row+1), col < 0, nil
	}
	return "", false, fmt.Errorf("a clue at a corner looks along no row or column")
}

// PairLine writes a line of cells as an ISS Pair (or PairX) of rel:
// Pair relates each cell to the next, PairX every two.
func (w *ISSWriter) PairLine(typ string, rel PairRule, cells []int) {
	w.AddCells(typ, cells, issPairKey(w.n, rel))
}
