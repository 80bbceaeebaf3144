package logic

import (
	"testing"

	"sudoku/solver"
)

// TestStrongLinksSuffix checks the configuration string and rating of
// chains against StrongLinksHint.getSuffix and getDifficulty, worked by
// hand (kinds: 0 box, 1 row, 2 column, in chain order).
func TestStrongLinksSuffix(t *testing.T) {
	cases := []struct {
		grouped int
		kinds   []int
		suffix  string
		rate    Rating
	}{
		{0, []int{1, 1, 1}, "0111", 54},
		{0, []int{2, 2, 2}, "0111", 54},
		{0, []int{1, 2, 1}, "0121", 55},
		{0, []int{2, 1, 2}, "0121", 55},
		{0, []int{0, 1, 1}, "0011", 55},
		{0, []int{1, 1, 0}, "0011", 55},
		{0, []int{0, 2, 2}, "0011", 55},
		{0, []int{0, 1, 2}, "0012", 56},
		{0, []int{1, 0, 2}, "0102", 56},
		{1, []int{1, 1, 1}, "1111", 57},
		{0, []int{1, 1, 1, 1}, "01111", 58},
		{0, []int{0, 0, 0, 0}, "00000", 59},
		{0, []int{0, 1, 0, 2}, "00102", 60},
		{2, []int{0, 1, 0, 2}, "20102", 61},
	}
	for _, c := range cases {
		s := snSuffix(c.grouped, c.kinds)
		r := snRating(len(c.kinds), s)
		if s != c.suffix || r != c.rate {
			t.Errorf("%d grouped, kinds %v: got %s %v, want %s %v", c.grouped, c.kinds, s, r, c.suffix, c.rate)
		}
	}
}

// TestStrongLinksFixture walks the paths of the fixture's puzzles rated
// 5.x and checks that chains of three and four links are found there and
// that none of them removes a digit of the solution.
func TestStrongLinksFixture(t *testing.T) {
	found := map[string]int{}
	for _, p := range readRated(t, "testdata/se-rated-sample.txt", 0) {
		if k := int(p.er.Float()); k != 5 {
			continue
		}
		sol, err := solver.SolveGrid(p.grid)
		if err != nil {
			t.Fatal(err)
		}
		path, _ := Path(p.grid)
		for _, s := range path {
			if s.Rating < 54 || s.Rating > 61 || len(s.Links) < 5 {
				continue
			}
			found[s.Technique.Name]++
			for _, e := range s.Eliminations {
				if int(sol[e.Cell]) == e.Digit {
					t.Errorf("line %d: %v removes the solution's %v", p.line, &s, e)
				}
			}
			if s.Explain() == "" {
				t.Errorf("line %d: %v: no explanation", p.line, &s)
			}
		}
	}
	t.Logf("chains of strong links on the 5.x puzzles: %v", found)
	if len(found) == 0 {
		t.Error("no chain of three or four strong links found")
	}
}
