package logic

import "fmt"

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
