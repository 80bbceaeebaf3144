package generate

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"sudoku"
)

// A drawer makes what one drawn variant (sudoku.Variant.Drawn) adds to a
// puzzle of other rules, at one of three stages of boardOnce: the regions
// a solution is then filled in (jigsaw), cages over the solution (killer),
// constraints over it (kropki, xv, thermo, arrow). Each variant registers
// its drawer from its own file's init (regions.go, killerlevel.go,
// dots.go, thermo.go, arrow.go): a new generated kind is its Variant bit
// in package sudoku and one file here.
type drawer struct {
	// regions draws the regions of rules (a copy of Options.Rules).
	regions func(o Options, rules *sudoku.Rules, r *rand.Rand) []uint8
	// cages draws over solution sol of rules, proving its solution unique
	// with the checks counted: the rules with the cages, and the solution
	// (another, when those drawn did not pin it).
	cages func(ctx context.Context, o Options, rules *sudoku.Rules, sol []uint8, r *rand.Rand, checks *int) (*sudoku.Rules, []uint8, error)
	// constraints draws constraints over solution sol of rules
	// (Options.Rules).
	constraints func(rules *sudoku.Rules, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error)
}

// drawers holds the registered drawers by their variant's bit.
var drawers = map[sudoku.Variant]drawer{}

// register makes d the drawer of variant v, one bit of sudoku.Variant.
func register(v sudoku.Variant, d drawer) {
	if bits.OnesCount16(uint16(v)) != 1 || v.Drawn() != v {
		panic(fmt.Sprintf("generate: register %q: want one drawn variant", v))
	}
	if _, dup := drawers[v]; dup {
		panic(fmt.Sprintf("generate: variant %q registered twice", v))
	}
	drawers[v] = d
}

// drawersOf returns the drawers of v's registered variants in the order
// of their bits, the order they draw in (so that a seed gives the same
// puzzle).
func drawersOf(v sudoku.Variant) []drawer {
	var out []drawer
	for ; v != 0; v &= v - 1 {
		if d, ok := drawers[v&-v]; ok {
			out = append(out, d)
		}
	}
	return out
}

// draws reports whether o draws variant v.
func (o Options) draws(v sudoku.Variant) bool { return o.Variant&v != 0 }

// cagesOnly reports whether o makes killers without givens.
func (o Options) cagesOnly() bool { return o.draws(sudoku.VariantKiller) && !o.Givens }

// constrained reports whether o draws constraints.
func (o Options) constrained() bool {
	for _, d := range drawersOf(o.Variant) {
		if d.constraints != nil {
			return true
		}
	}
	return false
}

// regionsDrawer returns the regions drawer of o's variants, nil if none.
func (o Options) regionsDrawer() func(Options, *sudoku.Rules, *rand.Rand) []uint8 {
	for _, d := range drawersOf(o.Variant) {
		if d.regions != nil {
			return d.regions
		}
	}
	return nil
}

// drawConstraints returns the constraints o's variants draw over sol.
func drawConstraints(o Options, sol []uint8, r *rand.Rand) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	for _, d := range drawersOf(o.Variant) {
		if d.constraints == nil {
			continue
		}
		cs, err := d.constraints(o.Rules, sol, r)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// validateVariant checks that every variant of o.Variant is drawn here.
func (o Options) validateVariant() error {
	for v := o.Variant; v != 0; v &= v - 1 {
		bit := v & -v
		switch _, ok := drawers[bit]; {
		case ok:
		case bit.Drawn() == 0:
			return fmt.Errorf("generate: variant %v is a rule, not drawn: set it in Rules (OptionsFor)", bit)
		default:
			return fmt.Errorf("generate: %v puzzles are not generated yet", bit)
		}
	}
	return nil
}

// OptionsFor returns the options of puzzles of rules (nil: classic 9x9)
// with the variants v, as the command line and the API name them
// (sudoku.ParseVariant): those that are rules alone (x, windoku,
// disjoint, anti-knight, anti-king) set on a copy of rules, the drawn
// ones (jigsaw, killer, kropki, xv, thermo, arrow) in Variant. It fails
// for a variant no drawer makes (odd-even). The other fields are the
// caller's to set; classic rules and no variant give the classic
// generator.
func OptionsFor(rules *sudoku.Rules, v sudoku.Variant) (Options, error) {
	o := Options{Rules: rules, Variant: v.Drawn()}
	if err := o.validateVariant(); err != nil {
		return Options{}, err
	}
	if fixed := v &^ v.Drawn(); fixed != 0 {
		o.Rules = o.rules().Clone()
		fixed.Apply(o.Rules)
	}
	return o, nil
}
