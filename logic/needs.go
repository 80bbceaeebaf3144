package logic

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"sudoku"
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
	{"Pointing", "0100"}, {"Claiming", "0101"}, {"Generalized intersection", ""}, {"Locked pair", "0110"}, {"Locked triple", "0111"},
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
	{"XY-Wing", "0800"}, {"XYZ-Wing", "0801"}, {"WXYZ-Wing", "0802"}, {"W-Wing", "0803"}, {"VWXYZ-Wing", ""}, {"UVWXYZ-Wing", ""}, {"TUVWXYZ-Wing", ""},
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
	// codes are the HoDoKu codes of techniques outside the solving order
	// (simple colouring, X-chains, ALS-XZ…): no path holds them, so a
	// puzzle needs one when it applies where the path first takes a step
	// rated above offPath.
	codes   []string
	offPath Rating
}

// offPathRatings place the techniques outside Sudoku Explainer's solving
// order on its scale, after HoDoKu's order of difficulty: a puzzle needs
// one when the path, having gone as far as steps up to this rating,
// needs something harder and the technique applies there.
var offPathRatings = map[string]Rating{
	"Simple colouring (trap)": 42, "Simple colouring (wrap)": 42, "Multi-colouring (type 1)": 45, "Multi-colouring (type 2)": 45,
	"X-chain": 50, "XY-chain": 55, "Remote pair": 45, "AIC": 60, "Grouped AIC": 62, "ALS-XZ": 55, "ALS-XY-Wing": 60,
	"Continuous nice loop": 60, "Discontinuous nice loop": 60, "Grouped continuous nice loop": 62, "Grouped discontinuous nice loop": 62,
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
	for _, name := range n.Names {
		if r, ok := offPathRatings[name]; ok {
			for _, t := range techniqueList {
				if t.name == name && t.code != "" && !slices.Contains(n.codes, t.code) {
					n.codes = append(n.codes, t.code)
				}
			}
			n.offPath = max(n.offPath, r)
		}
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
	"intersections": {"Full house", "Hidden single", "Naked single", "Direct pointing", "Direct claiming", "Pointing", "Claiming", "Generalized intersection"},
	"subsets": {"Full house", "Hidden single", "Naked single", "Direct pointing", "Direct claiming", "Direct hidden pair", "Direct hidden triple",
		"Pointing", "Claiming", "Generalized intersection", "Locked pair", "Locked triple", "Naked pair", "Naked triple", "Naked quad", "Hidden pair", "Hidden triple", "Hidden quad"},
}

// MetOn reports whether puzzle g, solved by path, needs the technique:
// Met for the techniques of the solving order; for those outside it, the
// technique applies on the board where the path first takes a step
// rated above it (or gets stuck), the steps before being allowed. It
// returns the index of that step.
func (n Need) MetOn(g sudoku.Grid, path []Step) (int, bool) {
	if k, ok := n.Met(path); ok || len(n.codes) == 0 {
		return k, ok
	}
	b := NewBoard(g)
	for i := 0; i <= len(path); i++ {
		if i == len(path) || path[i].Rating > n.offPath {
			if n.appliesOn(&b) {
				return i, true
			}
			return -1, false
		}
		if !n.allowed(path[i].Technique.Name, path[i].Rating, n.offPath) {
			return -1, false
		}
		b.Apply(&path[i])
	}
	return -1, false
}

// appliesOn reports whether one of the off-path techniques has a step on b.
func (n Need) appliesOn(b *Board) bool {
	found := false
	for _, code := range n.codes {
		for _, enumerate := range codeEnumerators[code] {
			enumerate(b, func(s Step) bool {
				found = found || len(s.Eliminations)+len(s.Placements) > 0
				return !found
			})
		}
	}
	return found
}

// allowed reports whether a step may come before the technique's use.
func (n Need) allowed(name string, r, limit Rating) bool {
	if n.Before == "" {
		return r <= limit
	}
	return slices.Contains(beforeKinds[n.Before], name)
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
		if !n.allowed(s.Technique.Name, s.Rating, path[first].Rating) {
			return -1, false
		}
	}
	return first, true
}

// Trained is a technique a puzzle needs, with one kind of step allowed
// before it: Need{Names: {Technique}, Before: Before}.MetOn holds.
type Trained struct {
	Technique string `json:"technique"`        // as explain names it
	Before    string `json:"before,omitempty"` // "" (nothing harder), "singles", "intersections" or "subsets"
}

// BeforeKinds are the kinds of step a need may allow before its
// technique: "" (nothing rated higher), then the only-before kinds.
var BeforeKinds = []string{"", "singles", "intersections", "subsets"}

// singlesOnly are the techniques every puzzle needs: Trains leaves them out.
var singlesOnly = beforeKinds["singles"]

// Trains lists every technique and kind for which the puzzle g, solved by
// path, needs the technique (as MetOn decides it, for every technique
// ParseNeed knows but the singles every puzzle needs): what a bank stores
// so that a pick by technique is a lookup.
func Trains(g sudoku.Grid, path []Step) []Trained {
	var out []Trained
	seen := map[string]bool{}
	for k := range path {
		name := path[k].Technique.Name
		if seen[name] || slices.Contains(singlesOnly, name) {
			continue
		}
		seen[name] = true
		out = appendKinds(out, name, path[:k], path[k].Rating)
	}
	for _, t := range trainsOffPath(g, path) {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// appendKinds adds name with every kind the steps before allow.
func appendKinds(out []Trained, name string, before []Step, limit Rating) []Trained {
	for _, kind := range BeforeKinds {
		n := Need{Before: kind}
		ok := true
		for i := range before {
			if !n.allowed(before[i].Technique.Name, before[i].Rating, limit) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, Trained{Technique: name, Before: kind})
		}
	}
	return out
}

// trainsOffPath is Trains for the techniques outside the solving order,
// each tried once, on the board where the path first takes a step rated
// above it.
func trainsOffPath(g sudoku.Grid, path []Step) []Trained {
	var out []Trained
	boards := map[int]*Board{}
	for _, n := range offPathNeeds() {
		name := n.Names[0]
		i := 0
		for i < len(path) && path[i].Rating <= n.offPath {
			i++
		}
		b := boards[i]
		if b == nil {
			nb := NewBoard(g)
			for j := range path[:i] {
				nb.Apply(&path[j])
			}
			b, boards[i] = &nb, &nb
		}
		if n.appliesOn(b) {
			out = appendKinds(out, name, path[:i], n.offPath)
		}
	}
	return out
}

// offPathNeeds are the needs of the techniques outside the solving order,
// one per name, in name order: made once, as Trains asks for them for
// every puzzle a bank stores.
var offPathNeeds = sync.OnceValue(func() []Need {
	names := make([]string, 0, len(offPathRatings))
	for name := range offPathRatings {
		names = append(names, name)
	}
	slices.Sort(names)
	var needs []Need
	for _, name := range names {
		if n, err := ParseNeed(name, ""); err == nil {
			n.Names = []string{name}
			needs = append(needs, n)
		}
	}
	return needs
})

// fixedRatings are the techniques whose steps always have one rating
// (TestFixedRatings checks them on the fixture's paths): a path that
// takes a step rated above it before using one cannot need it.
var fixedRatings = map[string]Rating{
	"Direct pointing": 17, "Direct claiming": 19, "Direct hidden pair": 20, "Direct hidden triple": 25,
	"Pointing": 26, "Claiming": 28, "Generalized intersection": 29, "Naked pair": 30, "X-Wing": 32, "Hidden pair": 34, "Naked triple": 36,
	"Swordfish": 38, "Hidden triple": 40, "XY-Wing": 42, "XYZ-Wing": 44, "Naked quad": 50,
	"Jellyfish": 52, "Hidden quad": 54,
}

// MetBy reports whether puzzle g needs the technique, as MetOn on g's
// path does, but walks the path only as far as the answer takes: to the
// technique's first use, the first step not allowed before it, or (for
// techniques outside the solving order) the first step rated above it,
// with the harder stages skipped. A generator rejects most puzzles it
// tries, so it asks this before rating the few it keeps. Puzzles that
// stop on a contradiction or ctx's end are not met; the error says why.
func (n Need) MetBy(ctx context.Context, g sudoku.Grid) (bool, error) {
	limit, onPath, ok := n.walkPlan()
	if !ok {
		path, err := PathContext(ctx, g)
		if err != nil {
			return false, err
		}
		_, met := n.MetOn(g, path)
		return met, nil
	}
	if err := g.Validate(); err != nil {
		return false, err
	}
	b := NewBoard(g)
	met, refused, hardest := false, false, Rating(0)
	err := needWalk(ctx, &b, limit, func(s *Step, name string, r Rating) bool {
		if onPath && slices.Contains(n.Names, name) {
			met = n.Before != "" || hardest <= r
			return false
		}
		if n.Before != "" && !n.allowed(name, r, limit) {
			refused = true
			return false
		}
		hardest = max(hardest, r)
		return true
	})
	failed := err != nil && !errors.Is(err, ErrTooHard) && !errors.Is(err, ErrStuck)
	switch {
	case met || refused:
		return met, nil
	case failed:
		return false, err
	case onPath:
		return false, nil
	}
	return n.appliesOn(&b), nil
}

// walkPlan says how MetBy walks for n: up to limit (0: no limit), looking
// for the names on the path (onPath) or for the off-path techniques at
// the end; ok is false when only the whole path tells (ratings that vary,
// or names both on and off the path).
func (n Need) walkPlan() (limit Rating, onPath, ok bool) {
	if len(n.codes) > 0 {
		for _, name := range n.Names {
			if _, off := offPathRatings[name]; !off {
				return 0, false, false
			}
		}
		return n.offPath, false, true
	}
	for _, name := range n.Names {
		r, fixed := fixedRatings[name]
		if !fixed {
			return 0, true, n.Before != ""
		}
		limit = max(limit, r)
	}
	if n.Before != "" {
		limit = 0 // the kind decides, not the ratings
	}
	return limit, true, true
}

// needWalk solves b by the solving order (the stages up to limit when it
// is above 0), calling visit with each step before applying it (s is nil
// for singles, found without building a Step; name is then the single's
// technique). A visit that returns false, or a step rated above limit,
// stops the walk with b as it was before that step; the error is then
// nil or ErrTooHard. Otherwise it is nil once solved, ErrStuck (or
// ErrTooHard with a limit) when no stage applies, or a contradiction.
func needWalk(ctx context.Context, b *Board, limit Rating, visit func(s *Step, name string, r Rating) bool) error {
	defer b.useCtx(ctx)()
	st := stagesUpTo(limit)
	for !b.Empty.Empty() {
		if err := b.walkCheck(ctx); err != nil {
			return err
		}
		took, goOn, err := needStep(b, st, limit, visit)
		if err != nil || !goOn {
			return err
		}
		if !took {
			if why := b.Contradiction(); why != "" {
				return fmt.Errorf("%w: %s", sudoku.ErrNoSolution, why)
			}
			if limit > 0 {
				return ErrTooHard
			}
			return ErrStuck
		}
	}
	return nil
}

// needStep finds the next step of b among st and, when visit agrees and
// it is within limit, applies it. took is false when no stage applies.
func needStep(b *Board, st []stage, limit Rating, visit func(s *Step, name string, r Rating) bool) (took, goOn bool, err error) {
	for i := range st {
		if q := st[i].quick; q != nil {
			c, d, r, ok := q(b)
			if !ok {
				continue
			}
			if !visit(nil, singleName(st[i].name), r) {
				return true, false, nil
			}
			b.Place(c, d)
			return true, true, nil
		}
		s, ok := st[i].find(b)
		if err := b.ctx.Err(); err != nil {
			return false, false, err
		}
		if !ok {
			continue
		}
		if limit > 0 && s.Rating > limit {
			return true, false, ErrTooHard
		}
		if !visit(&s, s.Technique.Name, s.Rating) {
			return true, false, nil
		}
		b.Apply(&s)
		return true, true, nil
	}
	return false, true, nil
}

// singleName names the technique of a single found by a quick finder.
func singleName(stage string) string {
	switch stage {
	case "FullHouse":
		return techFullHouse.Name
	case "NakedSingle":
		return techNakedSingle.Name
	}
	return techHiddenSingle.Name
}
