package logic

import (
	"slices"

	"sudoku"
)

// Pattern returns the candidates that make step s's pattern on board b
// (the position it was found on), in cell order, which the web app
// colours: the ends of its links (a chain's or a loop's nodes, a
// colouring's pairs); the candidates of its digits in its cells (for a
// pattern of one digit, as the box of an empty rectangle or a grouped
// link; of several, unless a chain of strong and weak links says which: a
// naked pair, the corners of a unique rectangle, whose links outline it);
// every candidate of an XY-Wing's or XYZ-Wing's three cells (the pivot
// holds none of the digit it removes, or only one); and for a fish,
// which names houses and no cells, its digit where a base house crosses
// a cover house (an X-Wing's four corners).
// Candidates the step takes out are not in it (the app strikes them out);
// when that leaves none (a constraint's or a cage's step removing every
// candidate of its digits there), the pattern is what is left in its
// cells.
func (s *Step) Pattern(b *Board) []Candidate {
	var set [81]sudoku.Candidates
	add := func(c sudoku.Cell, d int) {
		if b.Cands[c].Has(d) {
			set[c] = set[c].Add(d)
		}
	}
	for _, l := range s.Links {
		add(l.From.Cell, l.From.Digit)
		add(l.To.Cell, l.To.Digit)
	}
	if len(s.Digits) == 1 || !slices.ContainsFunc(s.Links, func(l Link) bool { return l.Strong }) {
		for _, c := range s.Cells {
			for _, d := range s.Digits {
				add(c, d)
			}
		}
	}
	if len(s.Cells) == 0 && len(s.Links) == 0 {
		s.fishCorners(add)
	}
	if s.Technique.Name == techXYWing.Name || s.Technique.Name == techXYZWing.Name {
		// a wing's pivot holds none of the digit it removes: its cells
		// are drawn whole (the pivot's xy, the wings' xz and yz)
		for _, c := range s.Cells {
			for _, d := range b.Cands[c].Digits() {
				add(c, d)
			}
		}
	}
	for _, e := range s.Eliminations {
		set[e.Cell] = set[e.Cell].Remove(e.Digit)
	}
	if set == ([81]sudoku.Candidates{}) {
		// a step that removes every candidate of its digits there (a
		// constraint's, a cage's): what is left in its cells
		for _, c := range s.Cells {
			set[c] = b.Cands[c]
		}
		for _, e := range s.Eliminations {
			set[e.Cell] = set[e.Cell].Remove(e.Digit)
		}
	}
	var out []Candidate
	for c, ds := range set {
		for _, d := range ds.Digits() {
			out = append(out, Candidate{sudoku.Cell(c), d})
		}
	}
	return out
}

// fishCorners adds the candidates of s's digits in the cells two of its
// houses share: where a fish's base rows cross its cover columns.
func (s *Step) fishCorners(add func(sudoku.Cell, int)) {
	var in [81]int
	for _, h := range s.Houses {
		for _, c := range h.Cells() {
			in[c]++
		}
	}
	for c, k := range in {
		if k < 2 {
			continue
		}
		for _, d := range s.Digits {
			add(sudoku.Cell(c), d)
		}
	}
}

// boardPattern is Pattern for a step of the engine for any rules, which
// keeps no digits or links: the candidates, still on the position, of the
// digits it places or removes in the cells it is about, less those it
// removes; when none is left, every candidate left in those cells.
func boardPattern(cands []sudoku.Digits, st *BoardStep) []BoardCandidate {
	var digits sudoku.Digits
	for _, p := range st.Placements {
		digits |= sudoku.DigitOf(p.Digit)
	}
	for _, e := range st.Eliminations {
		digits |= sudoku.DigitOf(e.Digit)
	}
	gone := map[BoardCandidate]bool{}
	for _, e := range st.Eliminations {
		gone[e] = true
	}
	cells := slices.Compact(slices.Sorted(slices.Values(st.Cells)))
	pick := func(keep sudoku.Digits) []BoardCandidate {
		var out []BoardCandidate
		for _, c := range cells {
			if c < 0 || c >= len(cands) {
				continue
			}
			for m := cands[c] & keep; m != 0; m &= m - 1 {
				if bc := (BoardCandidate{c, (m & -m).Single()}); !gone[bc] {
					out = append(out, bc)
				}
			}
		}
		return out
	}
	if out := pick(digits); len(out) > 0 {
		return out
	}
	return pick(^sudoku.Digits(0)) // what is left in its cells, as Pattern does
}
