package ilp

import (
	"bytes"
	"sudoku"
	"testing"

	gs "github.com/crillab/gophersat/solver"
)

// The OPB files are valid: gophersat's own OPB parser reads them, and
// minimising over them gives the MathWorks solution at cost 29565.
func TestOPBRoundTrip(t *testing.T) {
	want := grid(t, mathworksSol)
	for _, st := range []ClueStyle{ClueRows, ClueBounds} {
		m, err := New(sudoku.BoardOf(grid(t, mathworks)), Options{Clues: st})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteOPB(&b, m); err != nil {
			t.Fatal(err)
		}
		pb, err := gs.ParseOPB(&b)
		if err != nil {
			t.Fatalf("%v: %v", st, err)
		}
		if pb.NbVars != NumVars {
			t.Errorf("%v: %d variables, want %d", st, pb.NbVars, NumVars)
		}
		s := gs.New(pb)
		cost := s.Minimize()
		if cost != 29565 {
			t.Errorf("%v: minimum %d, want 29565", st, cost)
		}
		values := make([]int, NumVars)
		for i, v := range s.Model() {
			if v {
				values[i] = 1
			}
		}
		if got, err := m.Grid(values); err != nil || got != want {
			t.Errorf("%v: got %v, %v, want %v", st, got, err, want)
		}
	}
}

func TestOPBRejectsIntegers(t *testing.T) {
	m, err := NewSums(grid(t, article), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteOPB(&bytes.Buffer{}, m); err == nil {
		t.Error("sums model in OPB: got no error")
	}
}
