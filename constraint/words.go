package constraint

import (
	"fmt"
	"strings"

	"sudoku/internal/words"
)

// Words the kinds share in their errors.

// cellCount says "1 cell" or "n cells".
func cellCount(n int) string { return words.Count(n, "cell") }

// differentDigits says "one digit" or "k different digits".
func differentDigits(k int) string {
	if k == 1 {
		return "one digit"
	}
	return fmt.Sprintf("%d different digits", k)
}

// aGrid says "a 9x9 grid", "an 8x8 grid".
func aGrid(n int) string { return aOrAn(fmt.Sprintf("%dx%d grid", n, n)) }

// aOrAn puts "an" or "a" before a size or a rule set's name as it is
// said: "an 8x8", "an 11x11", "an anti-knight 9x9", "an x 9x9"; "a 9x9",
// "a one-diagonal 9x9".
func aOrAn(s string) string {
	num := s[:len(s)-len(strings.TrimLeft(s, "0123456789"))]
	vowel := num[:min(1, len(num))] == "8" || num == "11" || num == "18"
	if num == "" && s != "" {
		vowel = strings.IndexByte("aeio", s[0]) >= 0 && !strings.HasPrefix(s, "one") || s[0] == 'x' && (len(s) == 1 || s[1] == ' ')
	}
	if vowel {
		return "an " + s
	}
	return "a " + s
}
