package sudoku

import (
	"strings"
	"testing"
)

// withoutKinds runs f with only the kinds of constraint this package
// registers itself (SudokuPad's drawings), as in a program that forgot to
// import sudoku/constraint (the tests of this package link it:
// kinds_test.go).
func withoutKinds(t *testing.T, f func()) {
	t.Helper()
	constraintKinds.Lock()
	byName, keys := constraintKinds.byName, constraintKinds.keys
	constraintKinds.byName, constraintKinds.keys = map[string]*ConstraintKind{}, map[string]*ConstraintKind{}
	for _, name := range []string{"sudokupad"} {
		constraintKinds.byName[name], constraintKinds.keys[name] = byName[name], keys[name]
	}
	constraintKinds.Unlock()
	defer func() {
		constraintKinds.Lock()
		constraintKinds.byName, constraintKinds.keys = byName, keys
		constraintKinds.Unlock()
	}()
	f()
}

// TestUnregisteredKinds: a puzzle with a constraint of a kind that is not
// registered fails to parse, with an error naming the kind and the
// forgotten import, in every form that reads kinds; none drops it.
func TestUnregisteredKinds(t *testing.T) {
	const hint = "(forgotten import of sudoku/constraint?)"
	overlap := func() error {
		r := Classic()
		if err := r.AddCage([]int{0, 1}, 3, false); err != nil {
			return err
		}
		return r.AddCage([]int{1, 2}, 4, false) // overlaps the first: a constraint
	}
	repeat := func() error { return Classic().AddCage([]int{0, 1, 2}, 6, true) }
	parse := func(text string) func() error {
		return func() error {
			_, _, err := ParseBoard(text)
			return err
		}
	}
	sudokuPad := func() error {
		d := spNew(6, "Each blue line can be divided into segments that each sum to 7.").add("lines", spLine(6, "#2ECBFF", 10, 0, 1, 2))
		_, err := ParseSudokuPad(d.link(t))
		return err
	}
	thermoPad := func() error {
		_, err := ParseSudokuPad(spNew(6, "").thermo(6, 0, 1, 2).link(t))
		return err
	}
	for _, tc := range []struct {
		name string
		read func() error
		kind string // named in the error
	}{
		{"overlapping cages", overlap, `"killer"`},
		{"sum cage", repeat, `"sum"`},
		{"f-puzzles", parse(fpJSON(`,"thermometer":[{"lines":[["R1C1","R1C2"]]}]`)), "thermometer"},
		{"ISS", parse(".Thermo~R1C1~R1C2~R1C3"), "Thermo"},
		{"ISS sum", parse(".Sum~6~R1C1~R1C2~R1C3"), "Sum"},
		{"SudokuPad sum line", sudokuPad, `"sumline"`},
		{"SudokuPad thermometer", thermoPad, "thermometer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.read(); err != nil {
				t.Fatalf("with the kinds: %v", err)
			}
			withoutKinds(t, func() {
				err := tc.read()
				if err == nil {
					t.Fatal("no error without the kinds")
				}
				t.Log(err)
				if !strings.Contains(err.Error(), tc.kind) || !strings.Contains(err.Error(), hint) {
					t.Errorf("error %q, want one naming %s and saying %s", err, tc.kind, hint)
				}
			})
		})
	}
}
