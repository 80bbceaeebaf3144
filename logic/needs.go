package logic

import (
	"fmt"
	"strings"
)

// Puzzles that train a technique: a path "needs" a technique when it
// uses it, with nothing harder before its first use (HoDoKu's "needs
// X-Wing"), or, with a stricter "only before", nothing but singles (or
// intersections, or subsets) before it.

// techniqueList names every technique a solving path can hold, with its
// HoDoKu code ("" when HoDoKu has none). TestTechniqueList checks it
// against the package's sources.
var techniqueList = []struct{ name, code string }{
	{"Full house", "0000"}, {"Hidden single", "0002"}, {"Naked single", "0003"},
	{"Direct pointing", ""}, {"Direct claiming", ""}, {"Direct hidden pair", ""}, {"Direct hidden triple", ""},
	{"Pointing", "0100"}, {"Claiming", "0101"}, {"Locked pair", "0110"}, {"Locked triple", "0111"},
	{"Naked pair", "0200"}, {"Naked triple", "0201"}, {"Naked quad", "0202"},
	{"Hidden pair", "0210"}, {"Hidden triple", "0211"}, {"Hidden quad", "0212"},
	{"X-Wing", "0300"}, {"Swordfish", "0301"}, {"Jellyfish", "0302"},
	{"Finned X-Wing", "0310"}, {"Finned Swordfish", "0311"}, {"Finned Jellyfish", "0312"},
	{"Sashimi X-Wing", "0320"}, {"Sashimi Swordfish", "0321"}, {"Sashimi Jellyfish", "0322"},
	{"Skyscraper", "0400"}, {"2-String kite", "0401"}, {"Empty rectangle", "0402"}, {"Turbot fish", "0403"},
	{"Grouped 2 strong links", ""}, {"3 Skyscrapers", ""}, {"3-String kite", ""}, {"3 strong links", ""},
	{"Grouped 3 strong links", ""}, {"3 strong links X-loop", ""}, {"4 Skyscrapers", ""}, {"4 strong links", ""},
	{"Grouped 4 strong links", ""}, {"4 strong links X-loop", ""},
	{"Simple colouring (trap)", "0500"}, {"Simple colouring (wrap)", "0501"},
	{"Multi-colouring (type 1)", "0502"}, {"Multi-colouring (type 2)", "0503"},
	{"Unique rectangle", "0600"}, {"Unique loop", "0600"}, {"Bivalue universal grave", "0610"},
	{"X-chain", "0701"}, {"XY-chain", "0702"}, {"Remote pair", "0703"},
	{"Continuous nice loop", "0706"}, {"Discontinuous nice loop", "0707"}, {"AIC", "0708"},
	{"Grouped continuous nice loop", "0709"}, {"Grouped discontinuous nice loop", "0710"}, {"Grouped AIC", "0711"},
	{"XY-Wing", "0800"}, {"XYZ-Wing", "0801"}, {"WXYZ-Wing", "0802"}, {"W-Wing", "0803"}, {"VWXYZ-Wing", ""},
	{"ALS-XZ", "0901"}, {"ALS-XY-Wing", "0902"},
	{"Aligned pair exclusion", "1000"}, {"Aligned triple exclusion", "1001"},
	{"Bidirectional Cycle", "0706"}, {"Bidirectional X-Cycle", "0706"}, {"Bidirectional Y-Cycle", "0706"},
	{"Forcing X-Chain", "0701"}, {"Forcing Chain", "0708"},
}

// normName writes a technique name for matching: lower case, letters and
// digits only ("X-Wing", "x wing" and "xwing" are alike).
func normName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Need is a technique a puzzle must need.
type Need struct {
	Names []string // the technique names matched (one, or several sharing a HoDoKu code)
	// Before, when set, is the only kind of step allowed before the
	// technique's first use: "singles", "intersections" or "subsets".
	// Otherwise no step before it may be rated above it.
	Before string
}

// ParseNeed reads a technique as explain names it (case, spaces and
// hyphens ignored: "x-wing", "XY wing") or by its HoDoKu code ("0300"),
// and an optional only-before kind ("", "singles", "intersections",
// "subsets").
func ParseNeed(technique, before string) (Need, error) {
	q := normName(technique)
	var n Need
	for _, t := range techniqueList {
		if normName(t.name) == q || t.code != "" && t.code == strings.TrimSpace(technique) {
			n.Names = append(n.Names, t.name)
		}
	}
	if len(n.Names) == 0 {
		return Need{}, fmt.Errorf("unknown technique %q (as 'sudoku explain' names them, e.g. x-wing, xy-wing, or a HoDoKu code such as 0300)", technique)
	}
	switch b := strings.ToLower(strings.TrimSpace(before)); b {
	case "", "singles", "intersections", "subsets":
		n.Before = b
	default:
		return Need{}, fmt.Errorf("only before %q: want singles, intersections or subsets", before)
	}
	return n, nil
}

// beforeKinds lists the techniques each only-before kind allows.
var beforeKinds = map[string][]string{
	"singles":       {"Full house", "Hidden single", "Naked single"},
	"intersections": {"Full house", "Hidden single", "Naked single", "Direct pointing", "Direct claiming", "Pointing", "Claiming"},
	"subsets": {"Full house", "Hidden single", "Naked single", "Direct pointing", "Direct claiming", "Direct hidden pair", "Direct hidden triple",
		"Pointing", "Claiming", "Locked pair", "Locked triple", "Naked pair", "Naked triple", "Naked quad", "Hidden pair", "Hidden triple", "Hidden quad"},
}

// Met reports whether path needs the technique: it uses it, and the steps
// before its first use are all allowed. It returns the step's index.
func (n Need) Met(path []Step) (int, bool) {
	first := -1
	for i := range path {
		for _, name := range n.Names {
			if path[i].Technique.Name == name {
				first = i
				break
			}
		}
		if first >= 0 {
			break
		}
	}
	if first < 0 {
		return -1, false
	}
	for _, s := range path[:first] {
		if n.Before == "" {
			if s.Rating > path[first].Rating {
				return -1, false
			}
			continue
		}
		ok := false
		for _, name := range beforeKinds[n.Before] {
			ok = ok || s.Technique.Name == name
		}
		if !ok {
			return -1, false
		}
	}
	return first, true
}
