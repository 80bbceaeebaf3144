package sudoku

import (
	"fmt"
	"slices"
	"strings"
)

// This file holds what the two killer forms of the forums share
// (parse_sudocue.go, parse_killerstring.go): both are 9x9 killers with
// boxes of 3x3 and no givens, and a board they cannot hold is refused
// with the names of what they lack.

// killerFormLimits says what a killer form holds besides cages on a
// 9x9 grid with boxes of 3x3.
type killerFormLimits struct {
	name      string // "a SudoCue killer ID"
	diagonals bool   // both diagonals together (the form has no single one)
}

// refuse returns an error naming what of b the form cannot hold, or nil.
func (f killerFormLimits) refuse(b *Board) error {
	if err := b.Rules.Validate(); err != nil {
		return err
	}
	if err := b.Unreadable(); err != nil {
		return err // elements not read as rules would be lost
	}
	bad := f.unsupported(b.Rules)
	if b.Clues() > 0 {
		bad = append(bad, "givens")
	}
	if b.Marks != nil {
		bad = append(bad, "candidates")
	}
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("%s cannot hold %s", f.name, strings.Join(bad, ", "))
}

// unsupported names the rules of r the form cannot hold.
func (f killerFormLimits) unsupported(r *Rules) []string {
	var bad []string
	switch {
	case r.Size == 9 && r.NoBoxes():
		bad = append(bad, "a grid without boxes")
	case r.Size != 9 || r.BoxRows != 3 || r.BoxCols != 3:
		bad = append(bad, fmt.Sprintf("a size other than 9x9 with boxes of 3x3 (%dx%d)", r.Size, r.Size))
	}
	if r.Regions != nil {
		bad = append(bad, "jigsaw regions")
	}
	switch {
	case r.Diagonals == 0:
	case !f.diagonals:
		bad = append(bad, "diagonals")
	case r.Diagonals != BothDiagonals:
		bad = append(bad, "one diagonal alone")
	}
	for _, x := range []struct {
		on   bool
		what string
	}{{r.Windoku, "windoku boxes"}, {r.Disjoint, "disjoint groups"}, {len(r.Extra) > 0, "extra regions"},
		{r.AntiKnight, "anti-knight"}, {r.AntiKing, "anti-king"}, {r.hasParity(), "odd/even cells"}} {
		if x.on {
			bad = append(bad, x.what)
		}
	}
	return append(bad, constraintProblems(r.Constraints)...)
}

// constraintProblems names the constraints a killer form cannot hold:
// killer cages that overlap others (held as constraints), sum cages, and
// any other rule; drawings are not rules and are left out, as Solo does.
func constraintProblems(cs []Constraint) []string {
	var bad []string
	var others []Constraint
	for _, c := range cs {
		kind := c.Kind()
		switch {
		case IsCosmetic(c):
		case kind == "killer" && !slices.Contains(bad, "cages that overlap"):
			bad = append(bad, "cages that overlap")
		case kind == "sum" && !slices.Contains(bad, "sum cages (digits may repeat)"):
			bad = append(bad, "sum cages (digits may repeat)")
		case kind != "killer" && kind != "sum":
			others = append(others, c)
		}
	}
	if len(others) > 0 {
		bad = append(bad, "constraints ("+constraintSummary(others)+")")
	}
	return bad
}

// cageOf returns the index in r.Cages of each cell's cage, -1 for a cell
// in no cage.
func cageOf(r *Rules) []int {
	out := make([]int, r.Cells())
	for i := range out {
		out[i] = -1
	}
	for i, k := range r.Cages {
		for _, c := range k.Cells {
			out[c] = i
		}
	}
	return out
}
