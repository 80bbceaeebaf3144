package constraint

import (
	"fmt"
	"sudoku"
)

// Palindromes (f-puzzles "palindrome", a grey line): the line reads the
// same from either end, so cells equally far from its ends hold the same
// digit (the middle cell of an odd line is free).

// palindrome is a line whose mirrored cells are equal.
type palindrome struct {
	*pairsConstraint
	line []int
}

func newPalindrome(n int, line []int) *palindrome {
	var pairs []sudoku.Pair
	for i, j := 0, len(line)-1; i < j; i, j = i+1, j-1 {
		pairs = append(pairs, sudoku.Pair{A: line[i], B: line[j]})
	}
	p := &palindrome{pairsConstraint: newPairs("palindrome", "palindrome "+sudoku.CellRange(n, line), n, pairs, func(a, b int) bool { return a == b }), line: line}
	p.cells = line
	return p
}

// Propagate keeps in each cell the digits its mirror may hold.
func (p *palindrome) Propagate(d *sudoku.Domains) bool {
	for _, pr := range p.pairs {
		if !p.tab.propagate(d, pr.A, pr.B) {
			return false
		}
		if d.Explain {
			d.Because(fmt.Sprintf("the palindrome %s reads the same both ways, so %s and %s are equal", sudoku.CellRange(p.n, p.line), sudoku.CellName(p.n, pr.A), sudoku.CellName(p.n, pr.B)), pr.A, pr.B)
		}
	}
	return true
}

// Rows: x(a, d) = x(b, d) for each mirrored pair and digit.
func (p *palindrome) Rows(m sudoku.Model) { equalRows(m, "palindrome", p.n, p.pairs) }

// Shapes: a thick grey line, as f-puzzles draws it.
func (p *palindrome) Shapes() []sudoku.Shape {
	return []sudoku.Shape{lineShape(p.n, p.line, "#C0C0C0", 0.3)}
}

func readPalindromes(f *sudoku.FPuzzle) ([]sudoku.Constraint, error) {
	var out []sudoku.Constraint
	err := f.ReadLines("palindrome", 1, func(cells []int, _ []byte) error {
		out = append(out, newPalindrome(f.Size, cells))
		return nil
	})
	return out, err
}

func init() {
	sudoku.RegisterConstraint(sudoku.ConstraintKind{Name: "palindrome", Title: "Palindrome", Rule: "Digits on a grey line read the same from either end (a palindrome).",
		Read: readPalindromes, Write: writeLines("palindrome", sudoku.Constraint.Cells),
		ISS: &sudoku.ISSForm{Read: map[string]sudoku.ISSRead{"Palindrome": sudoku.ISSViaFP("palindrome", sudoku.ISSLine)}, Write: sudoku.ISSFPWrite("Palindrome", sudoku.ISSLine)},
	})
}
