package sudoku

import (
	"strconv"
	"strings"
)

// This file writes grids and boards as text: the line, the printed grid
// (Pretty, FormatBoard's grid form) and JSON (BoardJSON, its json form).
// The other forms are written by the files that read them (parse_*.go).

// Line returns the 81-character form with empty cells written as empty.
func (g Grid) Line(empty byte) string {
	var b [81]byte
	return string(g.AppendLine(b[:0], empty))
}

// AppendLine appends the 81-character form to b, as Line writes it, and
// returns the extended slice: writers of many grids (sudoku solve) append
// to their buffer without a string each.
func (g Grid) AppendLine(b []byte, empty byte) []byte {
	for _, v := range g {
		if v == 0 {
			b = append(b, empty)
		} else {
			b = append(b, '0'+v)
		}
	}
	return b
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
		j.Cells = append(j.Cells, Ints(b.Cells[i*n:(i+1)*n]))
		if r.Regions != nil {
			j.Regions = append(j.Regions, Ints(r.Regions[i*n:(i+1)*n]))
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
		out[i] = s.Digits()
	}
	return out
}

// Ints returns the values of cells (digits, region labels) as ints, as
// JSON forms write them: encoding/json writes a []uint8 as base64 text.
func Ints(v []uint8) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}
