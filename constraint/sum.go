package constraint

import "sudoku"

// Sums shared by the kinds that add digits (arrows, little killers,
// sandwiches, region sum and zipper lines): bounds of a sum over the
// candidates, and narrowing cells so that their sum can fall in a range.

// SumBounds returns the least and the greatest sum of the digits of
// cells, each cell on its own (digits may repeat).
func SumBounds(d *sudoku.Domains, cells []int) (lo, hi int) {
	for _, c := range cells {
		lo += d.Min(c)
		hi += d.Max(c)
	}
	return lo, hi
}

// KeepSum narrows cells so that their sum can lie in lo..hi: a cell keeps
// a digit v only when the others' bounds leave room for it. It returns
// false when no sum in range is possible.
func KeepSum(d *sudoku.Domains, cells []int, lo, hi int) bool {
	min, max := SumBounds(d, cells)
	if max < lo || min > hi {
		return false
	}
	for _, c := range cells {
		cmin, cmax := d.Min(c), d.Max(c)
		restMin, restMax := min-cmin, max-cmax
		if !d.Keep(c, sudoku.Range(lo-restMax, hi-restMin)) {
			return false
		}
		min, max = min-cmin+d.Min(c), max-cmax+d.Max(c)
	}
	return true
}

// SumRows writes sum(value of cells) sense rhs as a row.
func SumRows(m sudoku.Model, name string, n int, cells []int, sense sudoku.Sense, rhs int) {
	var terms []sudoku.Term
	for _, c := range cells {
		terms = append(terms, sudoku.ValueTerms(m, n, c, 1)...)
	}
	m.Row(name, terms, sense, rhs)
}

// EqualSumRows writes sum(a) - sum(b) = 0 as a row.
func EqualSumRows(m sudoku.Model, name string, n int, a, b []int) {
	var terms []sudoku.Term
	for _, c := range a {
		terms = append(terms, sudoku.ValueTerms(m, n, c, 1)...)
	}
	for _, c := range b {
		terms = append(terms, sudoku.ValueTerms(m, n, c, -1)...)
	}
	m.Row(name, terms, sudoku.Equal, 0)
}

// sumOf returns the sum of the digits placed in cells and whether every
// one is placed.
func sumOf(cells []uint8, of []int) (sum int, full bool) {
	full = true
	for _, c := range of {
		sum += int(cells[c])
		full = full && cells[c] != 0
	}
	return sum, full
}
