// Package words holds the English helpers that messages across the module
// share, so that each lives in one place: plurals and counts.
package words

import (
	"strconv"
	"strings"
)

// Plural returns one when n is 1, else many: Plural(n, "it is", "they are").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count writes n and a noun, plural unless n is 1: "1 cell", "3 cells".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Plural(n, noun, noun+"s")
}

// A puts "an" or "a" before a size or a rule set's name as it is said:
// "an 8x8", "an 11x11", "an anti-knight 9x9", "an x 9x9"; "a 9x9", "a
// one-diagonal 9x9".
func A(s string) string {
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

// AGrid says "a 9x9 grid", "an 8x8 grid".
func AGrid(n int) string { return A(strconv.Itoa(n) + "x" + strconv.Itoa(n) + " grid") }

// DifferentDigits says "one digit" or "k different digits".
func DifferentDigits(k int) string {
	if k == 1 {
		return "one digit"
	}
	return strconv.Itoa(k) + " different digits"
}
