package constraint

import (
	"strings"
	"sudoku"
)

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
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "modularline", Title: "Modular line", Rule: "Any three cells in a row on a teal line (modular) hold one digit of each of 1-4-7, 2-5-8 and 3-6-9.",
		Read: readRankLines("modularline", newModularLine), Write: writeLines("modularline", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Modular": issReadModular}, Write: issWriteModular},
	})
}

// Its ISS form.

// issWriteModular writes a modular line as ISS's of mod 3: every three
// cells in a row differ mod 3, which is our residues' rule.
func issWriteModular(w *sudoku.ISSWriter, c sudoku.Constraint) error {
	w.AddCells("Modular", c.Cells(), "3")
	return nil
}

// issReadModular reads a modular line of mod 3, the only one we have.
func issReadModular(r *sudoku.ISSReader, e sudoku.ISSElem) ([]sudoku.Constraint, error) {
	if len(e.Args()) == 0 || e.Args()[0] != "3" {
		return nil, e.Errorf("mod %q: only mod 3 is supported", strings.Join(e.Args()[:min(1, len(e.Args()))], ""))
	}
	return sudoku.ISSViaFP("modularline", sudoku.ISSLine)(r, e.WithArgs(e.Args()[1:]))
}
