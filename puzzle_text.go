package sudoku

import (
	"regexp"
	"strings"
)

// LooksLikePuzzle tells puzzle text from a mistyped file name, for
// commands that take either: puzzle text spans lines, holds at least nine
// digits or empty-cell dots, or is JSON, a link, a Solo game ID or a form
// that reads boards claims it (a short ISS string, ".Shape~4x4.NoBoxes");
// the parser then words any errors.
func LooksLikePuzzle(s string) bool {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' || r == '.' {
			n++
		}
	}
	return n >= 9 || strings.ContainsAny(s, "\n;[{") || strings.Contains(s, "://") || soloID.MatchString(s) || claimed(s)
}

// claimed reports whether a form that reads boards claims s.
func claimed(s string) bool {
	t := strings.TrimSpace(s)
	for _, f := range Forms() {
		if f.Parse != nil && f.Detect(t) {
			return true
		}
	}
	return false
}

// soloID matches the start of a Solo game ID ("3x3:", "3x3xdi:", "9j:").
var soloID = regexp.MustCompile(`^\d+(x\d+)?[a-z]*:`)
