package generate

import (
	"math/bits"

	"sudoku"
)

// singles fills a board by naked and hidden singles alone: a cell with
// one candidate left (its peers hold every other digit), or a digit with
// one place left in a house. When they fill it, the puzzle has one
// solution (every step was forced) and every rating of it is at most a
// naked single's (2.3): each technique rated lower than the hardest
// single is a single or a step the rater takes before it, and singles
// never stop applying until the board is full. So a generator after a
// level above 2.3 knows such a puzzle is too easy, and one after any
// level knows it is unique, without a search. Hidden singles alone (full
// houses are hidden singles too) likewise bound the rating by 1.5.
//
// It works on bitboards: per digit the set of cells it can still go in,
// words of 64 cells, so a placement is a few word operations per digit
// and a house's places of a digit one AND and a count.
type singles struct {
	l      *sudoku.Layout
	n, nw  int      // digits; words of a cell set
	peers  []uint64 // per cell: its peers, nw words
	houses []uint64 // per house: its cells, nw words
	cand   []uint64 // per digit: the cells it can go in, nw words
	open   []uint64 // the empty cells, nw words
	cells  []uint8
}

// newSingles returns a singles filler for boards of layout l.
func newSingles(l *sudoku.Layout) *singles {
	nw := (l.NN + 63) / 64
	s := &singles{l: l, n: l.N, nw: nw, peers: make([]uint64, l.NN*nw), houses: make([]uint64, l.Houses*nw),
		cand: make([]uint64, l.N*nw), open: make([]uint64, nw), cells: make([]uint8, l.NN)}
	for c, ps := range l.Peers {
		for _, p := range ps {
			s.peers[c*nw+p/64] |= 1 << (p % 64)
		}
	}
	for u := range l.Houses {
		for _, c := range l.Units[u].Cells {
			s.houses[u*nw+c/64] |= 1 << (c % 64)
		}
	}
	return s
}

// fills reports whether singles fill the board cells (0 empty); hidden
// singles alone (full houses among them) unless naked.
func (s *singles) fills(cells []uint8, naked bool) bool {
	nw := s.nw
	for i := range s.cand {
		s.cand[i] = ^uint64(0)
	}
	clear(s.open)
	for c, v := range cells {
		s.cells[c] = v
		if v == 0 {
			s.open[c/64] |= 1 << (c % 64)
		}
	}
	for c, v := range cells {
		if v != 0 {
			s.eliminate(c, int(v)-1)
		}
	}
	for d := range s.n {
		for w := range nw {
			s.cand[d*nw+w] &= s.open[w]
		}
	}
	return s.run(naked)
}

// eliminate takes digit index d out of the peers of c.
func (s *singles) eliminate(c, d int) {
	nw := s.nw
	cd, pc := s.cand[d*nw:d*nw+nw], s.peers[c*nw:c*nw+nw]
	for w := range nw {
		cd[w] &^= pc[w]
	}
}

// place puts digit index d in the empty cell c.
func (s *singles) place(c, d int) {
	nw, w, bit := s.nw, c/64, uint64(1)<<(c%64)
	s.cells[c] = uint8(d + 1)
	s.open[w] &^= bit
	for e := range s.n {
		s.cand[e*nw+w] &^= bit
	}
	s.eliminate(c, d)
}

// run places singles (naked ones too if naked) in rounds until the board
// is full (true) or none is left (false).
func (s *singles) run(naked bool) bool {
	for {
		left := false
		for _, w := range s.open {
			left = left || w != 0
		}
		if !left {
			return true
		}
		if (!naked || s.naked() == 0) && s.hidden() == 0 {
			return false
		}
	}
}

// naked places the empty cells with one candidate left; it returns the
// cells placed (0 also when a cell has none: the board is stuck).
func (s *singles) naked() int {
	nw, placed := s.nw, 0
	for w := range nw {
		var once, twice uint64
		for d := range s.n {
			m := s.cand[d*nw+w]
			twice |= once & m
			once |= m
		}
		if s.open[w]&^once != 0 {
			return 0 // a cell with no candidate: no solution
		}
		for lone := once &^ twice; lone != 0; lone &= lone - 1 {
			c := w*64 + bits.TrailingZeros64(lone)
			if s.cells[c] != 0 {
				continue
			}
			for d := range s.n {
				if s.cand[d*nw+w]&(1<<(c%64)) != 0 {
					s.place(c, d)
					placed++
					break
				}
			}
		}
	}
	return placed
}

// hidden places, in every house, each digit with one cell left for it;
// it returns the cells placed.
func (s *singles) hidden() int {
	switch s.nw {
	case 1:
		return s.hidden1()
	case 2:
		return s.hidden2()
	}
	placed := 0
	for d := range s.n {
		for u := range s.l.Houses {
			if c := s.lone(u, d); c >= 0 {
				s.place(c, d)
				placed++
			}
		}
	}
	return placed
}

// hidden2 is hidden for boards of 65 to 128 cells (9x9), two words a
// set, the loop the filler spends most of its time in.
func (s *singles) hidden2() int {
	placed := 0
	hs := s.houses[:2*s.l.Houses]
	for d := range s.n {
		c0, c1 := s.cand[d*2], s.cand[d*2+1]
		if c0|c1 == 0 {
			continue
		}
		for u := 0; u+1 < len(hs); u += 2 {
			m0, m1 := c0&hs[u], c1&hs[u+1]
			c := -1
			switch {
			case m0 != 0 && m1 == 0 && m0&(m0-1) == 0:
				c = bits.TrailingZeros64(m0)
			case m1 != 0 && m0 == 0 && m1&(m1-1) == 0:
				c = 64 + bits.TrailingZeros64(m1)
			default:
				continue
			}
			s.place(c, d)
			placed++
			c0, c1 = s.cand[d*2], s.cand[d*2+1]
		}
	}
	return placed
}

// hidden1 is hidden for boards of up to 64 cells (6x6), one word a set.
func (s *singles) hidden1() int {
	placed := 0
	hs := s.houses[:s.l.Houses]
	for d := range s.n {
		cd := s.cand[d]
		for _, h := range hs {
			if m := cd & h; m != 0 && m&(m-1) == 0 {
				s.place(bits.TrailingZeros64(m), d)
				placed++
				cd = s.cand[d]
			}
		}
	}
	return placed
}

// lone returns the one cell of house u digit index d can go in, -1 when
// it has none or several.
func (s *singles) lone(u, d int) int {
	nw := s.nw
	k, at := 0, -1
	for w := range nw {
		if m := s.cand[d*nw+w] & s.houses[u*nw+w]; m != 0 {
			k += bits.OnesCount64(m)
			at = w*64 + bits.TrailingZeros64(m)
		}
	}
	if k != 1 {
		return -1
	}
	return at
}
