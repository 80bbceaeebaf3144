package logic

import (
	"math/bits"
	"slices"
	"testing"
)

// refStaticOffs is the plain form of the static on-to-off links: the
// other candidates of the cell (if y), then the digit in the box, in the
// row outside the box and in the column outside the box.
func refStaticOffs(g *[81]uint16, p int, y bool) []int32 {
	var buf []int32
	cell, d := p/9, p%9
	bit := uint16(1) << d
	if y {
		for m := g[cell] &^ bit; m != 0; m &= m - 1 {
			buf = append(buf, int32(cell*9+bits.TrailingZeros16(m)))
		}
	}
	box := cellBox[cell]
	hs := &seHouses[cell]
	for k := 0; k < 3; k++ {
		for _, o := range &hCells[hs[k]] {
			if o != cell && g[o]&bit != 0 && (k == 0 || cellBox[o] != box) {
				buf = append(buf, int32(o*9+d))
			}
		}
	}
	return buf
}

// refStaticOns is the plain form of the static off-to-on links.
func refStaticOns(g *[81]uint16, p int, y, x bool) []int32 {
	var buf []int32
	cell, d := p/9, p%9
	bit := uint16(1) << d
	if y && bits.OnesCount16(g[cell]) == 2 {
		buf = append(buf, int32(cell*9+bits.TrailingZeros16(g[cell]&^bit)))
	}
	if !x {
		return buf
	}
	start := len(buf)
	for _, h := range &seHouses[cell] {
		other, n := -1, 0
		for _, o := range &hCells[h] {
			if g[o]&bit != 0 {
				n++
				if o != cell {
					other = o
				}
			}
		}
		if n != 2 {
			continue
		}
		q := int32(other*9 + d)
		if !slices.Contains(buf[start:], q) {
			buf = append(buf, q)
		}
	}
	return buf
}

// TestStaticAdj checks the precomputed static links against their plain
// form on the boards where chains are tried: about 40 boards of the chain
// fixture's paths, and with ../shared those of 40 se-rated-dev puzzles.
func TestStaticAdj(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		all := fixtureChainBoards(t)
		var boards []Board
		for i := 0; i < len(all); i += max(1, len(all)/40) {
			boards = append(boards, all[i])
		}
		checkStaticAdj(t, boards)
	})
	withShared(t, func(t *testing.T) { checkStaticAdj(t, chainBoards(t, 40)) })
}

// checkStaticAdj checks the static links on each board.
func checkStaticAdj(t *testing.T, boards []Board) {
	var a staticAdj
	c := &chainer{geo: classicGeo}
	for i, b := range boards {
		for k := range b.Cands {
			c.cur[k] = uint16(b.Cands[k])
		}
		a.build(c)
		for p := 0; p < nCands; p++ {
			if c.cur[p/9]&(1<<(p%9)) == 0 {
				continue
			}
			for _, y := range []bool{false, true} {
				for _, x := range []bool{false, true} {
					var got []int32
					for _, q := range a.onsOf(p, y, x) {
						got = append(got, int32(q))
					}
					if want := refStaticOns(&c.cur, p, y, x); !slices.Equal(got, want) {
						t.Fatalf("board %d: ons of %d (y %v, x %v): got %v, want %v", i, p, y, x, got, want)
					}
				}
			}
		}
		for _, pass := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
			y, x := pass[0], pass[1]
			a.pass(y, x)
			for p := 0; p < nCands; p++ {
				if c.cur[p/9]&(1<<(p%9)) == 0 {
					continue
				}
				all := refStaticOffs(&c.cur, p, y)
				var want []int32
				for _, q := range all {
					if len(refStaticOns(&c.cur, int(q), y, x)) > 0 {
						want = append(want, q)
					}
				}
				if got := a.fertileOffs(p); !slices.Equal(got, want) && len(got)+len(want) > 0 {
					t.Fatalf("board %d: fertile offs of %d (y %v, x %v): got %v, want %v", i, p, y, x, got, want)
				}
				for q := 0; q < nCands; q++ {
					if c.cur[q/9]&(1<<(q%9)) == 0 {
						continue
					}
					if got, want := a.turnsOff(p, q), slices.Contains(all, int32(q)); got != want {
						t.Fatalf("board %d: turnsOff(%d, %d) (y %v) = %v, want %v", i, p, q, y, got, want)
					}
				}
			}
		}
	}
}
