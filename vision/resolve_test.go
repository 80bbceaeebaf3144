package vision

import (
	"testing"

	"sudoku"
)

// readAs returns a Result whose model read each cell of g as its digit
// with probability 1.
func readAs(g sudoku.Grid) *Result {
	res := &Result{}
	for c, d := range g {
		res.probs[c][d] = 1
	}
	return res
}

func mustParse(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestResolve: digits misread with full confidence, which correct cannot
// change, are mended by the rest of a full grid; a misread clue whose
// grid has more than one solution without it is left to the suspects.
func TestResolve(t *testing.T) {
	sol := mustParse(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if !acceptable(sol) {
		t.Fatal("the solution grid breaks the rules")
	}
	t.Run("full grid", func(t *testing.T) {
		g := sol
		g[40] = g[40]%9 + 1 // a conflict in row, column and box
		g[3] = g[3]%9 + 1
		res := readAs(g)
		res.decide(Options{}, nil)
		if res.Grid != sol {
			t.Errorf("got  %v\nwant %v", res.Grid.Line('.'), sol.Line('.'))
		}
		if len(res.Corrected) != 2 || len(res.Suspects) != 0 {
			t.Errorf("corrected %v, suspects %v; want 2 corrected, no suspects", res.Corrected, res.Suspects)
		}
	})
	t.Run("five misread", func(t *testing.T) {
		g := sol
		res := readAs(g)
		for _, c := range []int{0, 13, 26, 30, 44} {
			d := g[c]%9 + 1
			res.probs[c] = [Classes]float32{}
			res.probs[c][d], res.probs[c][0] = 0.9, 0.1
		}
		res.decide(Options{}, nil)
		if res.Grid != sol {
			t.Errorf("got  %v\nwant %v", res.Grid.Line('.'), sol.Line('.'))
		}
	})
	t.Run("sparse grid", func(t *testing.T) {
		var g sudoku.Grid
		for c := 0; c < 9; c++ { // the first row only: many solutions
			g[c] = sol[c]
		}
		g[9] = g[0] // a conflict in the box
		res := readAs(g)
		res.decide(Options{}, nil)
		if res.Grid != g || len(res.Suspects) == 0 {
			t.Errorf("got %v, suspects %v; want the grid unchanged, with suspects", res.Grid.Line('.'), res.Suspects)
		}
	})
}

// TestTakeSolution: a blob the model read as a digit and correct emptied,
// or one with a fair probability of the solution's digit, takes it; a blob
// read as "not a digit" without, or a new look's digit other than the
// solution's, does not.
func TestTakeSolution(t *testing.T) {
	var sol sudoku.Grid
	for i := range sol {
		sol[i] = 4
	}
	p := func(d int, v float32) (q [Classes]float32) {
		q[d], q[0] = v, 1-v
		return q
	}
	rs := []reading{
		{cell: 0, p: p(6, 0.86), blob: true}, // read as 6, emptied by correct
		{cell: 1, p: p(4, 0.3), blob: true},
		{cell: 2, p: p(4, 0.1), blob: true},
		{cell: 3, p: p(4, 0.95)},
		{cell: 4, p: p(6, 0.99)},
		{cell: 5, p: p(4, 0.8)},
	}
	res := &Result{}
	res.takeSolution(rs, sol)
	want := [6]uint8{4, 4, 0, 4, 0, 0}
	for c, d := range want {
		if res.Grid[c] != d {
			t.Errorf("cell %d: got %d, want %d", c, res.Grid[c], d)
		}
	}
}

// TestRereadsBlobContrast: a blob of the first reading is read again only
// if it stands out of the paper by blobSNR (firm ink), not merely minSNR.
func TestRereadsBlobContrast(t *testing.T) {
	m, err := DefaultModel()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ink  uint8 // the mark's darkness; the paper is 194 and 206, sd 6
		want bool
	}{{182, false}, {150, true}} {
		b := &gray{w: boardSize, h: boardSize, pix: make([]uint8, boardSize*boardSize)}
		for i := range b.pix {
			b.pix[i] = 194 + 12*uint8((i+i/boardSize)%2)
		}
		for y := 10; y < 26; y++ { // a bar in the middle of cell r1c1
			for x := 17; x < 20; x++ {
				b.pix[y*boardSize+x] = tc.ink
			}
		}
		bd := readBoard(b)
		bd.glyphs[0] = new(Glyph) // as if the first reading found the blob
		var got bool
		for _, r := range bd.rereads(&Result{}, m) {
			got = got || r.cell == 0 && r.blob
		}
		if got != tc.want {
			t.Errorf("mark of %d: blob reread %v, want %v", tc.ink, got, tc.want)
		}
	}
}

// TestCorrectEmptiesNoise: a blob read as a digit with confidence that
// breaks the rules is emptied rather than changed to a digit the model all
// but ruled out, though both give a grid with one solution.
func TestCorrectEmptiesNoise(t *testing.T) {
	puzzle := mustParse(t, "530070000600195000098000060800060003400803001700020006060000280000419005000080079")
	if !acceptable(puzzle) {
		t.Fatal("the puzzle has no unique solution")
	}
	const c = 2 // r1c3, empty; its solution digit is 4
	res := readAs(puzzle)
	res.probs[c] = [Classes]float32{}
	res.probs[c][5], res.probs[c][4] = 0.9997, 0.0003 // 5 conflicts with r1c1
	res.decide(Options{}, nil)
	if res.Grid != puzzle {
		t.Errorf("got  %v\nwant %v", res.Grid.Line('.'), puzzle.Line('.'))
	}
}
