package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"sudoku"
)

// A kind is one thing a case is made of: a rule set (jigsaw regions, the
// diagonals, killer cages, ...) or a kind of constraint (thermometers,
// skyscraper clues, ...). Adding a kind to the generator is one call of
// addKind with one function that draws it (kinds_*.go).
type kind struct {
	name string
	// sizes lists the sizes the kind is drawn on; nil for all.
	sizes []int
	// layout kinds change the rules before the solution is drawn (the
	// regions, the diagonals); the others draw their clues from it.
	layout bool
	// excludes names kinds that cannot go with this one.
	excludes []string
	// weight is how often mixed cases take it (1 when 0).
	weight int
	draw   func(d *draw)
	// prepare, when set, may change the solution once it is drawn and
	// before any clue is: relabel its digits (every layout kind is the
	// same under a relabelling).
	prepare func(d *draw)
}

var kinds = map[string]*kind{}

// addKind registers a kind; it panics on a name taken twice.
func addKind(k kind) {
	if _, dup := kinds[k.name]; dup {
		panic("difftest: kind added twice: " + k.name)
	}
	kinds[k.name] = &k
}

// caseSizes are the sizes cases are made on.
var caseSizes = []int{4, 6, 8, 9, 12, 16}

// kindNames lists the kinds, sorted.
func kindNames() []string {
	out := make([]string, 0, len(kinds))
	for name := range kinds {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// lookupKinds returns the kinds named, in the order given.
func lookupKinds(names []string) ([]*kind, error) {
	out := make([]*kind, 0, len(names))
	for _, name := range names {
		k, ok := kinds[name]
		if !ok {
			return nil, fmt.Errorf("no kind %q (want one of %s)", name, strings.Join(kindNames(), ", "))
		}
		out = append(out, k)
	}
	return out, nil
}

// sizesOf returns the sizes every kind of ks is drawn on.
func sizesOf(ks []*kind) []int {
	var out []int
	for _, n := range caseSizes {
		ok := true
		for _, k := range ks {
			ok = ok && (k.sizes == nil || slices.Contains(k.sizes, n))
		}
		if ok {
			out = append(out, n)
		}
	}
	return out
}

// compatible reports whether the kinds can go together.
func compatible(ks []*kind) bool {
	for i, a := range ks {
		for _, b := range ks[i+1:] {
			if a == b || slices.Contains(a.excludes, b.name) || slices.Contains(b.excludes, a.name) {
				return false
			}
		}
	}
	return len(sizesOf(ks)) > 0
}

// ConstraintKinds that the generator does not draw, on purpose: none
// yet. checkCoverage (the tests) fails for any other kind registered in
// package sudoku that no generator draws.
var notDrawn = map[string]string{}

// drawnKeys maps each kind of package sudoku to the generator kinds
// that draw it (filled by the generators' init through covers).
var drawnKeys = map[string][]string{}

// covers records that generator kind g draws sudoku's constraint kinds.
func covers(g string, sudokuKinds ...string) {
	for _, k := range sudokuKinds {
		drawnKeys[k] = append(drawnKeys[k], g)
	}
}

// undrawn returns the kinds registered in package sudoku that no
// generator draws.
func undrawn() []string {
	var out []string
	for _, k := range sudoku.ConstraintKinds() {
		if _, ok := drawnKeys[k.Name]; !ok && notDrawn[k.Name] == "" {
			out = append(out, k.Name)
		}
	}
	return out
}
