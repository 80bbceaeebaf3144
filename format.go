package sudoku

import (
	"strconv"
	"strings"
)

// Line returns the 81-character form with empty cells written as empty.
func (g Grid) Line(empty byte) string {
	var b [81]byte
	for i, v := range g {
		if v == 0 {
			b[i] = empty
		} else {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// Pretty returns the grid as 11 lines with box separators, '.' for empty:
//
//	5 3 . | . 7 . | . . .
//	6 . . | 1 9 5 | . . .
//	------+-------+------
func (g Grid) Pretty() string {
	var sb strings.Builder
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			sb.WriteString("------+-------+------\n")
		}
		for c := 0; c < 9; c++ {
			if c == 3 || c == 6 {
				sb.WriteString(" |")
			}
			if c > 0 {
				sb.WriteByte(' ')
			}
			if v := g[r*9+c]; v == 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('0' + v)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// MarshalJSON writes the grid as an array of 9 arrays of 9 integers.
func (g Grid) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 200)
	b = append(b, '[')
	for r := 0; r < 9; r++ {
		if r > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for c := 0; c < 9; c++ {
			if c > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, uint64(g[r*9+c]), 10)
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}
