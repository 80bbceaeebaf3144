package api

import (
	"bytes"
	"encoding/json"
	"slices"

	"sudoku"
	"sudoku/logic"
)

// stepJSON is a level-3 hint's step (a worked example's too) as logic
// writes it (technique, placements, eliminations, cells, houses, digits,
// links with "strong"), plus the pattern the web app draws on the board.
type stepJSON struct {
	*logic.Step
	// Pattern are the candidates that make the pattern, coloured on the
	// board: patternOf.
	Pattern []candJSON
}

// newStepJSON is s with its pattern on board b, the position the step
// was found on; nil for no step.
func newStepJSON(b *logic.Board, s *logic.Step) *stepJSON {
	if s == nil {
		return nil
	}
	return &stepJSON{Step: s, Pattern: patternOf(b, s)}
}

// MarshalJSON writes the step's own JSON with "pattern" added.
func (s stepJSON) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(s.Step)
	if err != nil {
		return nil, err
	}
	pat := []byte("[]")
	if s.Pattern != nil {
		if pat, err = json.Marshal(s.Pattern); err != nil {
			return nil, err
		}
	}
	b = bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}"))
	if len(b) > 1 { // the step's own fields come first
		b = append(b, ',')
	}
	return append(append(append(b, `"pattern":`...), pat...), '}'), nil
}

// patternOf returns the candidates of step s's pattern on board b, in
// cell order, which the app colours: the ends of its links (a chain's or
// a loop's nodes, a colouring's pairs); the candidates of its digits in
// its cells (for a pattern of one digit, as the box of an empty
// rectangle or a grouped link; of several, unless a chain of strong and
// weak links says which: a naked pair, an XY-Wing, the corners of a
// unique rectangle, whose links outline it); and for a fish,
// which names houses and no cells, its digit where a base house crosses
// a cover house (an X-Wing's four corners). Candidates the step takes
// out are not in it (the app strikes them out).
func patternOf(b *logic.Board, s *logic.Step) []candJSON {
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
	if len(s.Digits) == 1 || !slices.ContainsFunc(s.Links, func(l logic.Link) bool { return l.Strong }) {
		cellsDigits(s, add)
	}
	if len(s.Cells) == 0 && len(s.Links) == 0 {
		fishCorners(s, add)
	}
	for _, e := range s.Eliminations {
		set[e.Cell] = set[e.Cell].Remove(e.Digit)
	}
	return candsJSON(&set)
}

// cellsDigits adds the candidates of s's digits in its cells.
func cellsDigits(s *logic.Step, add func(sudoku.Cell, int)) {
	for _, c := range s.Cells {
		for _, d := range s.Digits {
			add(c, d)
		}
	}
}

// candsJSON lists the candidates of set in cell order.
func candsJSON(set *[81]sudoku.Candidates) []candJSON {
	var out []candJSON
	for c, ds := range set {
		for _, d := range ds.Digits() {
			out = append(out, candJSON{sudoku.Cell(c).String(), d})
		}
	}
	return out
}

// fishCorners adds the candidates of s's digits in the cells two of its
// houses share: where a fish's base rows cross its cover columns.
func fishCorners(s *logic.Step, add func(sudoku.Cell, int)) {
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
