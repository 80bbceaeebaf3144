package sudoku

import (
	"slices"
	"testing"
)

func TestCellNames(t *testing.T) {
	for _, tc := range []struct {
		n     int
		cells []int
		want  []string
	}{
		{9, nil, nil},
		{9, []int{0, 80, 12}, []string{"r1c1", "r9c9", "r2c4"}},
		{16, []int{255, 17}, []string{"r16c16", "r2c2"}},
		{6, []int{36}, []string{"cell(36)"}},
	} {
		if got := CellNames(tc.n, tc.cells); !slices.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
			t.Errorf("CellNames(%d, %v) = %q, want %q", tc.n, tc.cells, got, tc.want)
		}
	}
	if got := Cell(40).String(); got != "r5c5" {
		t.Errorf("Cell(40) = %q, want r5c5", got)
	}
}
