package sudoku

import (
	"encoding/json"
	"fmt"
	"strings"
)

// This file detects the text forms of puzzles of any rules (ParseBoard)
// and writes them (FormatBoard).

// ParseBoard reads one puzzle of any rules in any text form, detected from
// the text: a Solo game ID (ParseSolo), an f-puzzles JSON or link
// (ParseFPuzzles), a HoDoKu library line (ParseHoDoKu), a sudokuwiki ?bd=
// link (ParseWikiLink), the 729-character pencil-mark form
// (ParseSukaku), the plain line of N*N cells with its maps and rules
// (ParsePlain), or any classic form Parse reads. It returns the board and
// the annotation (text after a one-line puzzle). Errors are *ParseError
// values naming line and column, wrapping a *RuleError or *ClashError when
// the rules or givens do not hold.
func ParseBoard(text string) (*Board, string, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\uFEFF"))
	if t == "" {
		return nil, "", &ParseError{Msg: "no puzzle: the text is empty"}
	}
	if IsFPuzzles(t) {
		return parseFPuzzlesText(t)
	}
	if b, ann, err, ok := parseBoardLine(t); ok {
		return b, ann, err
	}
	g, ann, err := parseRecord(splitLines(text, 1))
	if err != nil {
		return nil, "", err
	}
	return BoardOf(g), ann, nil
}

// boardForms are the one-line forms of boards, tried in order: detect
// then parse.
var boardForms []struct {
	detect func(t string) bool
	parse  func(t string) (*Board, string, error)
}

func init() {
	add := func(detect func(string) bool, parse func(string) (*Board, string, error)) {
		boardForms = append(boardForms, struct {
			detect func(t string) bool
			parse  func(t string) (*Board, string, error)
		}{detect, parse})
	}
	add(IsFPuzzles, parseFPuzzlesText)
	add(isSoloID, func(t string) (*Board, string, error) {
		b, err := ParseSolo(t)
		return b, "", err
	})
	add(isHoDoKuLine, func(t string) (*Board, string, error) {
		g, ann, err := ParseHoDoKu(t)
		return boardOrNil(g, err), ann, err
	})
	add(isWikiLink, func(t string) (*Board, string, error) {
		g, err := ParseWikiLink(t)
		return boardOrNil(g, err), "", err
	})
	add(func(t string) bool { return isSukaku(firstField(t)) }, func(t string) (*Board, string, error) {
		f := firstField(t)
		b, err := ParseSukaku(f)
		return b, strings.TrimSpace(t[len(f):]), err
	})
	add(isPlainBoard, ParsePlain)
}

func boardOrNil(g Grid, err error) *Board {
	if err != nil {
		return nil
	}
	return BoardOf(g)
}

// parseBoardLine reads t if it is one line in a board form; ok is false
// when it is not (then it is a classic form or malformed).
func parseBoardLine(t string) (b *Board, ann string, err error, ok bool) {
	if strings.ContainsAny(t, "\n\r") {
		return nil, "", nil, false
	}
	for _, f := range boardForms {
		if f.detect(t) {
			b, ann, err = f.parse(t)
			return b, ann, err, true
		}
	}
	return nil, "", nil, false
}

func firstField(t string) string {
	i := skipSpace(t, 0)
	return t[i:skipNonSpace(t, i)]
}

// isPlainBoard reports whether t is a plain line that is not a classic
// one: N*N cells for N other than 9, or 81 cells with a map (of 81
// characters, or a comma list of 81 labels and its sums) or rules= after
// them.
func isPlainBoard(t string) bool {
	fs := plainFields(t)
	if len(fs) == 0 || !isCellField(fs[0].text) {
		return false
	}
	n := plainSize(len(fs[0].text))
	if n != 9 {
		return n != 0
	}
	return len(fs) > 1 && (len(fs[1].text) == 81 || strings.HasPrefix(fs[1].text, "rules=") || isCageList(fs[1:], 81))
}

// isCageList reports whether fs starts with a cage map of nn labels
// separated by commas, followed by a sum field.
func isCageList(fs []plainField, nn int) bool {
	return len(fs) > 1 && strings.Count(fs[0].text, ",") == nn-1 && isSumField(fs[1].text, true)
}

// isCellField reports whether f is made of cells (digits, letters, . and 0).
func isCellField(f string) bool {
	for i := range len(f) {
		if _, ok := ParseDigit(f[i]); !ok && f[i] != '.' && f[i] != '0' {
			return false
		}
	}
	return f != ""
}

// The forms FormatBoard writes.
const (
	FormLine     = "line"     // the plain line (FormatPlain)
	FormGrid     = "grid"     // rows of cells, boxes ruled when the rules have boxes
	FormJSON     = "json"     // a JSON object (BoardJSON)
	FormSolo     = "solo"     // a Solo game ID (FormatSolo)
	FormFPuzzles = "fpuzzles" // f-puzzles JSON
)

// FormatBoard writes b in the form named (FormLine, FormGrid, FormJSON,
// FormSolo, FormFPuzzles). An error names what the form cannot hold.
func FormatBoard(b *Board, form string) (string, error) {
	switch form {
	case FormLine:
		return FormatPlain(b)
	case FormGrid:
		return b.Pretty(), nil
	case FormJSON:
		out, err := json.Marshal(b.JSON())
		return string(out), err
	case FormSolo:
		return FormatSolo(b)
	case FormFPuzzles:
		if formatFPuzzles == nil {
			return "", fmt.Errorf("the f-puzzles form is not available")
		}
		out, err := formatFPuzzles(b)
		return string(out), err
	}
	return "", fmt.Errorf("unknown form %q (want line, grid, json, solo or fpuzzles)", form)
}

// formatFPuzzles writes the f-puzzles JSON when that form is built in.
var formatFPuzzles func(*Board) ([]byte, error)

// BoardJSON is the JSON form of a board: digits as numbers, 0 for empty,
// cells by their index row by row (0 to N*N-1) in lists. It holds every
// rule (written only: the library reads no BoardJSON back).
type BoardJSON struct {
	Size       int       `json:"size"`
	Box        [2]int    `json:"box,omitempty"` // rows, columns of a box
	Cells      [][]int   `json:"cells"`
	Regions    [][]int   `json:"regions,omitempty"`
	Variants   string    `json:"variants,omitempty"`
	Diagonal   string    `json:"diagonal,omitempty"` // one main diagonal alone: "down" (from the top left) or "up"
	Extra      [][]int   `json:"extra,omitempty"`    // extra regions
	Cages      []Cage    `json:"cages,omitempty"`
	Odd        []int     `json:"odd,omitempty"`
	Even       []int     `json:"even,omitempty"`
	Candidates [][][]int `json:"candidates,omitempty"` // of a pencil-mark puzzle, row by row
	// Constraints name the constraints (thermometers, dots, ...) and
	// drawings with their cells; f-puzzles holds them to be read back.
	Constraints []ConstraintJSON `json:"constraints,omitempty"`
}

// ConstraintJSON names a constraint in BoardJSON.
type ConstraintJSON struct {
	Kind  string `json:"kind"`
	Cells []int  `json:"cells,omitempty"`
	Name  string `json:"name"`
}

// JSON returns b's JSON form.
func (b *Board) JSON() BoardJSON {
	r := b.Rules
	n := r.Size
	j := BoardJSON{Size: n, Box: [2]int{r.BoxRows, r.BoxCols}, Variants: r.Variants().String(), Extra: r.Extra, Cages: r.Cages}
	j.Diagonal = map[Diagonals]string{DiagDown: "down", DiagUp: "up"}[r.Diagonals]
	for i := 0; i < n; i++ {
		j.Cells = append(j.Cells, ints(b.Cells[i*n:(i+1)*n]))
		if r.Regions != nil {
			j.Regions = append(j.Regions, ints(r.Regions[i*n:(i+1)*n]))
		}
		if b.Marks != nil {
			j.Candidates = append(j.Candidates, digitLists(b.Marks[i*n:(i+1)*n]))
		}
	}
	for c, p := range r.Parity {
		switch p {
		case Odd:
			j.Odd = append(j.Odd, c)
		case Even:
			j.Even = append(j.Even, c)
		}
	}
	for _, k := range r.Constraints {
		j.Constraints = append(j.Constraints, ConstraintJSON{Kind: k.Kind(), Cells: k.Cells(), Name: k.String()})
	}
	return j
}

// digitLists lists the digits of each set.
func digitLists(sets []Digits) [][]int {
	out := make([][]int, len(sets))
	for i, s := range sets {
		out[i] = []int{}
		for d := 1; d <= 32; d++ {
			if s.Has(d) {
				out[i] = append(out[i], d)
			}
		}
	}
	return out
}

// Pretty returns the board as rows of cells separated by spaces, empty
// cells as '.', boxes ruled with | and - when the rules have boxes.
func (b *Board) Pretty() string {
	r := b.Rules
	n := r.Size
	var sb strings.Builder
	boxed := r.Regions == nil
	for row := 0; row < n; row++ {
		if boxed && row > 0 && row%r.BoxRows == 0 {
			sb.WriteString(ruleLine(n, r.BoxCols))
		}
		for col := 0; col < n; col++ {
			if col > 0 {
				if boxed && col%r.BoxCols == 0 {
					sb.WriteString("| ")
				}
			}
			sb.WriteByte(DigitByte(int(b.Cells[row*n+col]), '.'))
			if col < n-1 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// ruleLine is the line between two bands of boxes: "------+------" under
// cells of one character and a space, ending under the last cell.
func ruleLine(n, boxCols int) string {
	var sb strings.Builder
	for col := 0; col < n; col++ {
		if col > 0 && col%boxCols == 0 {
			sb.WriteString("+-")
		}
		if col < n-1 {
			sb.WriteString("--")
		} else {
			sb.WriteString("-")
		}
	}
	sb.WriteString("\n")
	return sb.String()
}

func ints(v []uint8) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}
