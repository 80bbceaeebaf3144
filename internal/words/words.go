// Package words holds the English helpers that messages across the module
// share, so that each lives in one place: plurals and counts.
package words

import "strconv"

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
