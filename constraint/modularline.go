package constraint

import "sudoku"

// Modular lines (f-puzzles "modularline", a teal line): any three cells
// in a row on the line hold one digit of each residue mod 3 (1-4-7, 2-5-8
// and 3-6-9 on a 9x9); a line of two cells holds two residues. The rule
// is an entropic line's with residues for ranks (rankLine,
// entropicline.go).

// modularRanks returns the digits of an n-grid by residue: 1, 4, 7, ...;
// 2, 5, 8, ...; 3, 6, 9, ....
func modularRanks(n int) [3]sudoku.Digits {
	var r [3]sudoku.Digits
	for d := 1; d <= n; d++ {
		r[(d-1)%3] |= sudoku.DigitOf(d)
	}
	return r
}

func newModularLine(n int, cells []int) *rankLine {
	r := modularRanks(n)
	var names [3]string
	for i, digits := range r {
		names[i] = rankDigits(digits)
	}
	return &rankLine{kind: "modularline", n: n, cells: cells, ranks: r, names: names, colour: "#33BBBB"}
}

// rankDigits words a residue class: "1-4-7".
func rankDigits(m sudoku.Digits) string {
	s := ""
	for x := m; x != 0; x &= x - 1 {
		if s != "" {
			s += "-"
		}
		s += sudoku.DigitString(x.Min())
	}
	return s
}

func init() {
	register(sudoku.ConstraintKind{Name: "modularline", Title: "Modular line", Rule: "Any three cells in a row on a teal line (modular) hold one digit of each of 1-4-7, 2-5-8 and 3-6-9.",
		Read: readRankLines("modularline", newModularLine), Write: writeLines("modularline", sudoku.Constraint.Cells)})
}
