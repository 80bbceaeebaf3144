package generate

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"sudoku"
	"sudoku/logic"
)

// reach lists the levels each rule set is made at, from a census
// (scripts/level-census.sh: `generate --level L -n 3 -j 1` per rule set
// and level within 60 s on a 2-core machine; a level is listed when all
// three were made). A level not listed is refused at once rather than
// tried for minutes. Rule sets missing here (combinations, constraint
// families) are offered every level.
var reach = map[string][]logic.Level{
	"classic":     all,
	"x":           all,
	"anti-king":   all,
	"windoku":     upToExtreme,
	"disjoint":    upToExtreme,
	"anti-knight": upToExtreme,
	"6x6":         upToExtreme,
	"12x12":       upToExtreme,
	"16x16":       upToExtreme,
	"jigsaw":      upToExtreme,
	"killer":      all[1:], // not Easy: cage combinations rate 2.0
}

var (
	all         = []logic.Level{logic.Easy, logic.Medium, logic.Hard, logic.Expert, logic.Extreme, logic.Diabolical}
	upToExtreme = all[:5]
)

// RuleSet names the rule set of o as the census does: "classic", "x",
// "windoku", "disjoint", "anti-knight", "anti-king", "jigsaw", "killer"
// or "NxN" for plain rules of another size; "" for combinations and
// constraint families, which the census does not cover.
func (o Options) RuleSet() string {
	r := o.rules()
	if o.constrained() || len(r.Extra) > 0 || len(r.Constraints) > 0 {
		return ""
	}
	var names []string
	for _, f := range []struct {
		on   bool
		name string
	}{{r.Diagonals != 0, "x"}, {r.Windoku, "windoku"}, {r.Disjoint, "disjoint"}, {r.AntiKnight, "anti-knight"},
		{r.AntiKing, "anti-king"}, {o.draws(sudoku.VariantJigsaw) || r.Regions != nil, "jigsaw"}, {o.draws(sudoku.VariantKiller) || len(r.Cages) > 0, "killer"}} {
		if f.on {
			names = append(names, f.name)
		}
	}
	switch {
	case len(names) > 1 || (len(names) == 1 && r.Size != 9):
		return ""
	case len(names) == 1:
		return names[0]
	case r.Size == 9:
		return "classic"
	}
	return fmt.Sprintf("%dx%d", r.Size, r.Size)
}

// RuleSets lists the rule sets the census covers, sorted.
func RuleSets() []string { return slices.Sorted(maps.Keys(reach)) }

// Levels returns the levels rule set name (RuleSet) is made at; every
// level for a name the census does not cover.
func Levels(name string) []logic.Level {
	if ls, ok := reach[name]; ok {
		return ls
	}
	return all
}

// CheckLevel returns an error naming the levels offered when no level
// rule set name is made at meets the ER range lo..hi (0: no bound).
func CheckLevel(name string, lo, hi logic.Rating) error {
	offered := Levels(name)
	for _, l := range offered {
		llo, lhi := l.Range()
		if (hi == 0 || llo <= hi) && (lhi == 0 || lo <= lhi) {
			return nil
		}
	}
	names := make([]string, len(offered))
	for i, l := range offered {
		names[i] = l.String()
	}
	asked := fmt.Sprintf("ER %v-%v", lo, hi)
	if hi == 0 {
		asked = fmt.Sprintf("ER %v and up", lo)
	}
	return fmt.Errorf("%w: %s puzzles are made at %s, not at %s", ErrLevel, name, strings.Join(names, ", "), asked)
}

// ErrLevel means a rule set is not made at the level asked.
var ErrLevel = errors.New("level not offered for these rules")
