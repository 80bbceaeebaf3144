package main

import (
	"fmt"
	"strings"

	"sudoku"
)

// The definitions of the rule sets, written from their rules and checked
// on full grids: every solution an engine reports is checked against
// these and the kinds' own (draw.rule), not against our engines' code.

// baseDefs returns the definitions of the houses and cell rules of r (as
// the generator drew them), the givens and the pencil marks.
func baseDefs(r *sudoku.Rules, givens []uint8, marks []sudoku.Digits) []def {
	n := r.Size
	out := []def{{"givens and pencil marks", func(g []uint8) bool {
		for c, v := range givens {
			if v != 0 && g[c] != v || marks != nil && !marks[c].Has(int(g[c])) {
				return false
			}
		}
		return true
	}}}
	for _, h := range houses(r) {
		out = append(out, def{h.name, func(g []uint8) bool { return distinct(values(g, h.cells)) }})
	}
	if r.Parity != nil {
		out = append(out, def{"odd and even cells", func(g []uint8) bool {
			for c, p := range r.Parity {
				if p == sudoku.Odd && g[c]%2 == 0 || p == sudoku.Even && g[c]%2 == 1 {
					return false
				}
			}
			return true
		}})
	}
	for _, m := range []struct {
		on    bool
		name  string
		steps [][2]int
	}{{r.AntiKnight, "anti-knight", knightSteps}, {r.AntiKing, "anti-king", kingSteps}} {
		if m.on {
			out = append(out, def{m.name, func(g []uint8) bool { return noEqualMove(n, g, m.steps) }})
		}
	}
	return out
}

var knightSteps = [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}

// noEqualMove reports whether no two cells a step apart hold one digit.
func noEqualMove(n int, g []uint8, steps [][2]int) bool {
	for c := range n * n {
		for _, s := range steps {
			r, col := c/n+s[0], c%n+s[1]
			if r >= 0 && r < n && col >= 0 && col < n && g[r*n+col] == g[c] {
				return false
			}
		}
	}
	return true
}

// house is a set of cells whose digits differ.
type house struct {
	name  string
	cells []int
}

// houses returns the rows, columns, regions, diagonals, windows,
// disjoint groups and extra regions of r.
func houses(r *sudoku.Rules) []house {
	n := r.Size
	var out []house
	reg := regionsOf(r)
	for i := range n {
		var row, col, region, down, up []int
		for j := range n {
			row, col = append(row, i*n+j), append(col, j*n+i)
			down, up = append(down, j*n+j), append(up, (n-1-j)*n+j)
		}
		for c := range n * n {
			if reg[c] == i {
				region = append(region, c)
			}
		}
		out = append(out, house{fmt.Sprintf("row %d", i+1), row}, house{fmt.Sprintf("column %d", i+1), col}, house{fmt.Sprintf("region %d", i+1), region})
		if i == 0 && r.Diagonals&sudoku.DiagDown != 0 {
			out = append(out, house{"diagonal down", down})
		}
		if i == 0 && r.Diagonals&sudoku.DiagUp != 0 {
			out = append(out, house{"diagonal up", up})
		}
	}
	out = append(out, windows(r)...)
	if r.Disjoint {
		for p := range n {
			var cells []int
			for c := range n * n {
				if (c/n%r.BoxRows)*r.BoxCols+c%n%r.BoxCols == p {
					cells = append(cells, c)
				}
			}
			out = append(out, house{fmt.Sprintf("disjoint group %d", p+1), cells})
		}
	}
	for i, e := range r.Extra {
		out = append(out, house{fmt.Sprintf("extra region %d", i+1), e})
	}
	return out
}

// windows returns windoku's extra boxes: boxes of the box shape one cell
// in from the edges, one cell apart.
func windows(r *sudoku.Rules) []house {
	if !r.Windoku {
		return nil
	}
	n, br, bc := r.Size, r.BoxRows, r.BoxCols
	var out []house
	for top := 1; top+br < n; top += br + 1 {
		for left := 1; left+bc < n; left += bc + 1 {
			var cells []int
			for c := range n * n {
				if row, col := c/n, c%n; row >= top && row < top+br && col >= left && col < left+bc {
					cells = append(cells, c)
				}
			}
			out = append(out, house{fmt.Sprintf("window r%dc%d", top+1, left+1), cells})
		}
	}
	return out
}

// broken returns the definitions a full grid breaks (nil when it is a
// solution by definition), or why it is no grid.
func (c *aCase) broken(g []uint8) []string {
	if len(g) != c.n*c.n {
		return []string{fmt.Sprintf("%d cells, want %d", len(g), c.n*c.n)}
	}
	for i, v := range g {
		if v < 1 || int(v) > c.n {
			return []string{fmt.Sprintf("%s holds %d", sudoku.CellName(c.n, i), v)}
		}
	}
	var out []string
	for _, d := range c.defs {
		if !d.holds(g) {
			out = append(out, d.what)
		}
	}
	return out
}

// gridText writes a grid as digits (A.. above 9).
func gridText(g []uint8) string {
	var b strings.Builder
	for _, v := range g {
		b.WriteByte(sudoku.DigitByte(int(v), '.'))
	}
	return b.String()
}
