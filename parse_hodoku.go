package sudoku

import "strings"

// This file reads HoDoKu's library lines, as its puzzle libraries and
// "Save as library" write them:
//
//	:0100:3:.+4..+7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79:...:...:...:
//
// fields separated by colons: the technique code, the candidate(s) of the
// step, the puzzle (81 cells; a + before a digit marks a placed, not a
// given, cell: read as a given here), then the deleted candidates, the
// eliminations and the placements of the step, kept as the annotation.

func init() {
	RegisterForm(Form{Name: "hodoku", Priority: 300, Detect: isHoDoKuLine,
		Parse: func(t string) (*Board, string, error) {
			g, ann, err := ParseHoDoKu(t)
			return boardOf(g, err), ann, err
		}})
}

// isHoDoKuLine reports whether t looks like a HoDoKu library line.
func isHoDoKuLine(t string) bool {
	f := strings.Split(strings.TrimSpace(t), ":")
	return len(f) >= 4 && f[0] == "" && len(f[1]) >= 4 && len(f[1]) <= 6 && len(f[3]) >= 70
}

// ParseHoDoKu reads one HoDoKu library line and returns the puzzle and an
// annotation naming the technique code and the step.
func ParseHoDoKu(line string) (Grid, string, error) {
	t := strings.TrimSpace(line)
	off := strings.Index(line, t)
	f := strings.SplitN(t, ":", 5)
	if len(f) < 4 || f[0] != "" {
		return Grid{}, "", &ParseError{Line: 1, Msg: "not a HoDoKu library line (:code:candidates:puzzle:...)"}
	}
	puzzleOff := off + 2 + len(f[1]) + len(f[2]) + 1
	cells := make([]byte, 0, 81)
	cols := make([]int, 0, 81)
	for i := range len(f[3]) {
		if f[3][i] == '+' {
			continue
		}
		cells = append(cells, f[3][i])
		cols = append(cols, puzzleOff+i)
	}
	if len(cells) != 81 {
		return Grid{}, "", plainErr(puzzleOff, "the puzzle field has %d cells, want 81", len(cells))
	}
	g, _, err := ParseLine(string(cells))
	if pe, ok := err.(*ParseError); ok && pe.Col > 0 && pe.Col <= 81 {
		pe.Col = cols[pe.Col-1] + 1
	}
	ann := "hodoku " + f[1]
	if f[2] != "" {
		ann += " " + f[2]
	}
	if len(f) == 5 && strings.Trim(f[4], ":") != "" {
		ann += " " + strings.TrimRight(f[4], ":")
	}
	return g, ann, err
}
