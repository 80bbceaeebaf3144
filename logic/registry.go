package logic

import (
	"fmt"
	"slices"
)

// codeEnumerators maps a HoDoKu technique code ("0002", "0300", ...) to the
// functions that yield every instance of that technique on a board. The
// HoDoKu regression-library test (reglib_test.go) reads it: for each case of
// a code it runs every enumerator of the code and looks for a step whose
// eliminations or placements are exactly the expected ones.
var codeEnumerators = map[string][]func(b *Board, yield func(Step) bool){}

// registerCode adds enumerate as a finder of every instance of the HoDoKu
// technique with the given code (the base code, without variant: "0300",
// not "0300-1"; five digits for HoDoKu's Siamese fish, "03111"). enumerate calls yield once per instance found and stops
// early when yield returns false. Called from init functions of the family
// files; a code may have several enumerators (one per file that
// implements a part of it).
func registerCode(code string, enumerate func(b *Board, yield func(Step) bool)) {
	if n := len(code); n < 4 || n > 5 {
		panic(fmt.Sprintf("logic: HoDoKu code %q is not four or five characters", code))
	}
	codeEnumerators[code] = append(codeEnumerators[code], enumerate)
}

// Codes returns the HoDoKu technique codes with a finder here, sorted.
// Besides the techniques of the solving order (which decide ratings and
// hints), they include techniques outside Sudoku Explainer's rules, such as
// simple colouring, X- and XY-chains, AICs and ALS-XZ.
func Codes() []string {
	out := make([]string, 0, len(codeEnumerators))
	for c := range codeEnumerators {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Find returns up to max instances (all if max <= 0) of the technique
// with the given HoDoKu code on board b, e.g. Find(&b, "0901", 5) for
// ALS-XZ steps. It returns an error for an unknown code.
func Find(b *Board, code string, max int) ([]Step, error) {
	enums, ok := codeEnumerators[code]
	if !ok {
		return nil, fmt.Errorf("no technique with HoDoKu code %q (see Codes)", code)
	}
	var out []Step
	for _, enum := range enums {
		enum(b, func(s Step) bool {
			out = append(out, s)
			return max <= 0 || len(out) < max
		})
		if max > 0 && len(out) >= max {
			break
		}
	}
	return out, nil
}
