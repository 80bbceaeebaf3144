package logic

import (
	"fmt"
	"sync"
)

// order is the solving order: Sudoku Explainer's, as extended by Sukaku
// Explainer 1.18.1's default settings, easiest first. Next tries the stages
// in this order and takes the first step found. Each name is registered by
// the file of its family (singles.go, fish.go, chains.go, ...) with
// register; a name with no finder yet is skipped (TestOrderComplete lists
// them).
var order = []string{
	// singles.go
	"FullHouse", "HiddenSingle", "DirectPointing", "DirectClaiming", "DirectHiddenPair",
	"NakedSingle", "DirectHiddenTriple",
	// intersections.go, subsets.go, fish.go, wings.go, uniqueness.go, ...
	"Pointing", "Claiming", "NakedPair", "XWing", "HiddenPair", "NakedTriple", "Swordfish",
	"HiddenTriple", "TwoStrongLinks", "XYWing", "XYZWing", "UniqueRectangle", "NakedQuad",
	"Jellyfish", "HiddenQuad", "WXYZWing", "BUG", "AlignedPairExclusion",
	// chains.go, forcing.go
	"Cycles", "ForcingXChain", "ForcingChain", "AlignedTripleExclusion", "Nishio",
	"MultipleForcingChains", "DynamicForcingChains", "DynamicForcingChainsPlus", "NestedForcingChains",
}

var (
	finders    = map[string]finder{}
	stagesOnce sync.Once
	stages     []stage
)

// register makes f the finder of the named stage; called from init
// functions of the family files.
func register(name string, f finder) {
	if _, dup := finders[name]; dup {
		panic(fmt.Sprintf("logic: stage %q registered twice", name))
	}
	finders[name] = f
}

// solvingOrder returns the registered stages in order.
func solvingOrder() []stage {
	stagesOnce.Do(func() {
		known := map[string]bool{}
		for _, n := range order {
			known[n] = true
			if f, ok := finders[n]; ok {
				stages = append(stages, stage{name: n, find: f})
			}
		}
		for n := range finders {
			if !known[n] {
				panic(fmt.Sprintf("logic: stage %q is registered but not in the solving order", n))
			}
		}
	})
	return stages
}
