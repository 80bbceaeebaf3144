package sudoku

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The grid as ISS sees it (its js/cell_geometry.js and the regions of its
// js/sudoku_constraint.js): cell ids, the default boxes, windoku windows
// and disjoint sets, the diagonals of little killers, and the binary keys
// of its Pair constraints. The ISS form (parse_iss.go) writes and reads
// them; they are worked out here from ISS's rules, not copied.

// issMaxSize is the largest grid ISS holds (16x16).
const issMaxSize = 16

// ISSCell names cell c of an n-grid as ISS does: "R1C1", rows and
// columns from 10 on as the letters a-g (base 17).
func ISSCell(n, c int) string {
	return "R" + strconv.FormatInt(int64(c/n+1), 17) + "C" + strconv.FormatInt(int64(c%n+1), 17)
}

// issCells names cells as ISS does.
func issCells(n int, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = ISSCell(n, c)
	}
	return out
}

// issCellIndex reads an ISS cell id on an n-grid: four characters, R and
// C in either case, a row and a column 1-9 or a-g (A-G). It returns false
// for anything else (ISS's var cells included).
func issCellIndex(n int, id string) (int, bool) {
	if len(id) != 4 || (id[0] != 'R' && id[0] != 'r') || (id[2] != 'C' && id[2] != 'c') {
		return 0, false
	}
	row, ok1 := issCoord(id[1])
	col, ok2 := issCoord(id[3])
	if !ok1 || !ok2 || row >= n || col >= n {
		return 0, false
	}
	return row*n + col, true
}

// issCoord reads a row or column character: 1-9, a-g or A-G, 0-based.
func issCoord(b byte) (int, bool) {
	switch {
	case b >= '1' && b <= '9':
		return int(b - '1'), true
	case b >= 'a' && b <= 'g':
		return int(b-'a') + 9, true
	case b >= 'A' && b <= 'G':
		return int(b-'A') + 9, true
	}
	return 0, false
}

// issBoxDims returns the box shape ISS gives an n-grid, rows x columns
// (2x3 for 6, 3x4 for 12), or 0, 0 when it has none (prime sizes): the
// most square split into factors of at least 2, the rows fewer.
func issBoxDims(n int) (rows, cols int) {
	for small := isqrt(n); small >= 2; small-- {
		if n%small == 0 {
			return small, n / small
		}
	}
	return 0, 0
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// issBoxLayout returns the region of each cell under boxes of br x bc.
func issBoxLayout(n, br, bc int) []uint8 {
	out := make([]uint8, n*n)
	for c := range out {
		out[c] = uint8(c/n/br*(n/bc) + c%n/bc)
	}
	return out
}

// issWindows returns the cells of the windoku windows ISS draws on an
// n-grid: boxes of its default shape, one cell in from the edges and one
// apart; none when it has no boxes.
func issWindows(n int) [][]int {
	br, bc := issBoxDims(n)
	if br == 0 {
		return nil
	}
	var out [][]int
	for col := 1; col+bc < n; col += bc + 1 {
		for row := 1; row+br < n; row += br + 1 {
			var cells []int
			for dr := range br {
				for dc := range bc {
					cells = append(cells, (row+dr)*n+col+dc)
				}
			}
			out = append(out, cells)
		}
	}
	return out
}

// issDisjointSets returns ISS's disjoint sets of an n-grid: the cells at
// the same place of every box of its default shape.
func issDisjointSets(n int) [][]int {
	br, bc := issBoxDims(n)
	if br == 0 {
		return nil
	}
	out := make([][]int, n)
	for c := range n * n {
		p := c/n%br*bc + c%n%bc
		out[p] = append(out[p], c)
	}
	return out
}

// sameGroups reports whether a and b hold the same sets of cells, in any
// order.
func sameGroups(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(g []int) string {
		s := slices.Clone(g)
		slices.Sort(s)
		return fmt.Sprint(s)
	}
	seen := map[string]int{}
	for _, g := range a {
		seen[key(g)]++
	}
	for _, g := range b {
		if seen[key(g)] == 0 {
			return false
		}
		seen[key(g)]--
	}
	return true
}

func sortedCells(cells []int) []int {
	s := slices.Clone(cells)
	slices.Sort(s)
	return s
}

// issBase64 is the alphabet of ISS's binary keys (URL-safe base64).
const issBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// issPairKey writes the binary key of a relation on an n-grid as ISS's
// Pair and PairX read it: bit (a-1)*n + (b-1) set when digit a in the
// first cell allows b in the second, six bits a character from the
// lowest, trailing zero characters left out.
func issPairKey(n int, rel PairRule) string {
	var b strings.Builder
	v, k := 0, 0
	var chars []byte
	for a := 1; a <= n; a++ {
		for d := 1; d <= n; d++ {
			if rel(a, d) {
				v |= 1 << k
			}
			if k++; k == 6 {
				chars, v, k = append(chars, issBase64[v]), 0, 0
			}
		}
	}
	chars = append(chars, issBase64[v])
	for len(chars) > 0 && chars[len(chars)-1] == 'A' {
		chars = chars[:len(chars)-1]
	}
	b.Write(chars)
	return b.String()
}

// issKeyTable reads a binary key on an n-grid: table[a] holds the digits
// b the key allows after a. Bits past n*n in its last character are
// ignored, as ISS ignores them; it returns false for a character outside
// the alphabet or a key longer than n*n bits need.
func issKeyTable(n int, key string) (table [MaxSize + 1]Digits, ok bool) {
	if len(key) > (n*n+5)/6 {
		return table, false
	}
	for i := 0; i < len(key); i++ {
		v := strings.IndexByte(issBase64, key[i])
		if v < 0 {
			return table, false
		}
		for k := 0; k < 6; k++ {
			if bit := i*6 + k; v&(1<<k) != 0 && bit < n*n {
				table[bit/n+1] |= DigitOf(bit%n + 1)
			}
		}
	}
	return table, true
}
