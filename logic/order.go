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
//
// The order is that of the hint producers in Sukaku Explainer's
// Solver (default settings, revisedRating off): direct producers, then
// indirect ones, then chaining ones, each producer's first hint taken.
// Each line gives the stage's ratings on Sudoku Explainer's scale. One
// producer of Sukaku Explainer may be split into consecutive stages here
// (hidden singles: full house, then hidden single; locking: pointing, then
// claiming) when its search order finds the first part's hints first.
// Finned and sashimi fish are not in Sukaku Explainer's solver and so are
// not here (fish.go).
var order = []string{
	"FullHouse",                // 1.0: last empty cell of a house (SE's HiddenSingle, alone pass)
	"HiddenSingle",             // 1.2 in a box, 1.5 in a row or column
	"DirectPointing",           // 1.7
	"DirectClaiming",           // 1.9
	"DirectHiddenPair",         // 2.0
	"NakedSingle",              // 2.3
	"DirectHiddenTriple",       // 2.5
	"Pointing",                 // 2.6
	"Claiming",                 // 2.8
	"GeneralizedIntersection",  // 2.9: on boards of variants only, in place of pointing and claiming (Sukaku's VLocking)
	"NakedPair",                // 3.0
	"XWing",                    // 3.2
	"HiddenPair",               // 3.4
	"NakedTriple",              // 3.6
	"Swordfish",                // 3.8
	"HiddenTriple",             // 4.0
	"TwoStrongLinks",           // 4.0-4.3: skyscraper, 2-string kite, turbot fish (SE's TurbotFish)
	"XYWing",                   // 4.2
	"XYZWing",                  // 4.4
	"UniqueRectangle",          // 4.5+: unique rectangles and loops (longer loops and type 3 add)
	"NakedQuad",                // 5.0
	"Jellyfish",                // 5.2
	"HiddenQuad",               // 5.4
	"ThreeStrongLinks",         // 5.4-5.7: chains of 3 strong links on one digit, X-loops (Sukaku's StrongLinks(3))
	"WXYZWing",                 // 5.5-5.6
	"BUG",                      // 5.6+: bivalue universal grave, types 1-4
	"FourStrongLinks",          // 5.8-6.1: chains of 4 strong links on one digit (Sukaku's StrongLinks(4))
	"VWXYZWing",                // Sukaku's VWXYZ-Wing; range not checked here
	"AlignedPairExclusion",     // 6.2
	"UVWXYZWing",               // 6.6: Sukaku's UVWXYZ-Wing
	"ChainsAndCycles",          // 6.5+: SE's Chaining(false,false): X/Y cycles 6.5+, forcing X-chains 6.6+, cycles and forcing chains 7.0+, one producer (the easiest of all its hints wins)
	"TUVWXYZWing",              // 7.5: Sukaku's TUVWXYZ-Wing, tried right after the first chaining producer
	"AlignedTripleExclusion",   // 7.5
	"Nishio",                   // 7.5+
	"MultipleForcingChains",    // 8.0+: cell and region forcing chains
	"DynamicForcingChains",     // 8.5+
	"DynamicForcingChainsPlus", // 9.0+
	"NestedForcingChains",      // 9.5+: 9.5, 10.0, 10.5, 11.0+ by nesting level
}

// stageMin is the lowest rating a step of each stage can have (Sudoku
// Explainer's base difficulty of the technique); RateWithin skips the
// stages above its limit.
var stageMin = map[string]Rating{
	"FullHouse": 10, "HiddenSingle": 12, "DirectPointing": 17, "DirectClaiming": 19,
	"DirectHiddenPair": 20, "NakedSingle": 23, "DirectHiddenTriple": 25, "Pointing": 26,
	"Claiming": 28, "GeneralizedIntersection": 29, "NakedPair": 30, "XWing": 32, "HiddenPair": 34, "NakedTriple": 36,
	"Swordfish": 38, "HiddenTriple": 40, "TwoStrongLinks": 40, "XYWing": 42, "XYZWing": 44,
	"UniqueRectangle": 45, "NakedQuad": 50, "Jellyfish": 52, "HiddenQuad": 54,
	"ThreeStrongLinks": 54, "WXYZWing": 55, "BUG": 56, "FourStrongLinks": 58, "VWXYZWing": 62,
	"AlignedPairExclusion": 62, "UVWXYZWing": 66, "ChainsAndCycles": 65, "TUVWXYZWing": 75, "AlignedTripleExclusion": 75,
	"Nishio": 75, "MultipleForcingChains": 80, "DynamicForcingChains": 85,
	"DynamicForcingChainsPlus": 90, "NestedForcingChains": 95,
}

var (
	finders    = map[string]finder{}
	quicks     = map[string]quickFinder{}
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

// registerQuick gives the named stage a quick finder (see quickFinder).
func registerQuick(name string, q quickFinder) { quicks[name] = q }

// solvingOrder returns the registered stages in order.
func solvingOrder() []stage {
	stagesOnce.Do(func() {
		known := map[string]bool{}
		for _, n := range order {
			known[n] = true
			if f, ok := finders[n]; ok {
				min, ok := stageMin[n]
				if !ok {
					panic(fmt.Sprintf("logic: stage %q has no lowest rating", n))
				}
				stages = append(stages, stage{name: n, min: min, find: f, quick: quicks[n]})
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
