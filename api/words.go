package api

import (
	"regexp"
	"strings"

	"sudoku/logic"
)

// The words of a board's hints and solving path name cells as a classic
// hint does, "row 8, column 3", never "r8c3": logic writes a constraint's
// steps, the cells a level-2 hint points at and cells past column 9 in
// solvers' notation, which the CLI keeps.

var (
	// a line of cells named by its ends: "r1c1-r3c3"
	cellRangeRe = regexp.MustCompile(`\b[rR]([0-9]+)c([0-9]+)-r([0-9]+)c([0-9]+)\b`)
	// one cell
	cellNameRe = regexp.MustCompile(`\b[rR]([0-9]+)c([0-9]+)\b`)
	// what starts another cell or clause after a cell and a comma ("r1c1,
	// r1c2 is above", "leave r1c2, 1 and 5 leave")
	cellOrDigitRe = regexp.MustCompile(`^(row |[rR]?[0-9])`)
)

// boardWords writes text in a player's words: logic.Plain's (a placement,
// a list of eliminations) when plain, then every cell left as "row R,
// column C", a line of cells as "from row 1, column 1 to row 3, column
// 3", a comma after a cell that goes on with a cell or a digit as "; "
// (so that the comma of "row 1, column 2" is never read as a list's).
func boardWords(text string, plain bool) string {
	if plain {
		text = logic.Plain(text)
	}
	capital := cellNameRe.FindStringIndex(text)
	first := capital != nil && capital[0] == 0
	text = cellRangeRe.ReplaceAllString(text, "from row $1, column $2 to row $3, column $4")
	var b strings.Builder
	last := 0
	for _, m := range cellNameRe.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(text[last:m[0]])
		b.WriteString("row " + text[m[2]:m[3]] + ", column " + text[m[4]:m[5]])
		last = m[1]
		if rest := text[last:]; strings.HasPrefix(rest, ", ") && cellOrDigitRe.MatchString(rest[2:]) {
			b.WriteString(";")
			last++
		}
	}
	text = b.String() + text[last:]
	if first && strings.HasPrefix(text, "row ") {
		text = "R" + text[1:]
	}
	return text
}
