package logic

import (
	"fmt"
	"sync"
)

// The solving order is Sudoku Explainer's, as extended by Sukaku
// Explainer 1.18.1's default settings, easiest first: the stages of the
// technique table (techniques.go) in its order, each with its lowest
// rating. Next tries them in turn and takes the first step found. Each
// stage's finder is registered by the file of its family (singles.go,
// fish.go, chains.go, ...) with register; a stage with no finder is
// skipped.
//
// The order is that of the hint producers in Sukaku Explainer's Solver
// (default settings, revisedRating off): direct producers, then indirect
// ones, then chaining ones, each producer's first hint taken. One
// producer of Sukaku Explainer may be split into consecutive stages here
// (hidden singles: full house, then hidden single; locking: pointing, then
// claiming) when its search order finds the first part's hints first.
// Finned and sashimi fish are not in Sukaku Explainer's solver and so are
// not here (fish.go).

// stageOrder returns the stages of the technique table in order, and
// each one's lowest rating.
func stageOrder() ([]string, map[string]Rating) {
	var order []string
	min := map[string]Rating{}
	for _, t := range techniqueTable {
		if t.Stage == "" {
			continue
		}
		if r, ok := min[t.Stage]; !ok {
			order = append(order, t.Stage)
			min[t.Stage] = t.Rating
		} else if t.Rating < r {
			min[t.Stage] = t.Rating
		}
	}
	return order, min
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
		order, stageMin := stageOrder()
		known := map[string]bool{}
		for _, n := range order {
			known[n] = true
			if f, ok := finders[n]; ok {
				stages = append(stages, stage{name: n, min: stageMin[n], find: f, quick: quicks[n]})
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
