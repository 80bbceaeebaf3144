package sudoku

import (
	"fmt"
	"strconv"
	"strings"

	"sudoku/internal/words"
)

// This file reads and writes SudoCue's killer IDs, the text form killer
// programs exchange on the killer forums (SumoCue, JSudoku, the
// Interactive Sudoku Solver), as Ruud van der Werf describes it on the
// SudoCue forum (viewtopic.php?f=1&t=519): fields, each followed by a
// colon,
//
//	3x3:D:k:V1:V2:...:V81:
//
// "3x3", D ("d" when both diagonals are houses, else nothing), "k", then
// one number per cell row by row: the cell's cage sum times 256 plus the
// cage's id (0 to 255; SudoCue takes the index of the cage's first cell,
// other programs any number). Cells of one id are one cage and carry its
// sum; a cell of sum 0 is in no cage (whatever its id: a one-cell cage
// without a sum says nothing). The form has no givens. The colon after
// the last field may be left out; anything else after it is an error.

// FormSudocue names SudoCue's killer IDs for FormatBoard.
const FormSudocue = "sudocue"

// sudocueLimits is what a SudoCue ID holds besides cages.
var sudocueLimits = killerFormLimits{name: "a SudoCue killer ID", diagonals: true}

func init() {
	RegisterForm(Form{Name: FormSudocue, Priority: 150, Detect: isSudocue, Format: FormatSudocue,
		Parse: func(t string) (*Board, string, error) {
			f := firstField(t)
			b, err := ParseSudocue(f)
			return b, strings.TrimSpace(t[len(f):]), err
		}})
}

// isSudocue reports whether the first field of t starts as a SudoCue
// killer ID: "3x3:", a short field (the diagonals), ":k:". No Solo ID has
// a second colon.
func isSudocue(t string) bool {
	f := firstField(t)
	if !strings.HasPrefix(f, "3x3:") {
		return false
	}
	i := strings.IndexByte(f[4:], ':')
	return i >= 0 && i <= 8 && strings.HasPrefix(f[4+i:], ":k:")
}

// sudocueMsg heads the messages of the reader.
const sudocueMsg = "sudocue killer ID: "

// sudocueErr is an error at byte off of the ID, about cell c (-1: none).
func sudocueErr(off, c int, format string, args ...any) *ParseError {
	msg := sudocueMsg
	if c >= 0 {
		msg += "cell " + CellName(9, c) + ": "
	}
	return &ParseError{Line: 1, Col: off + 1, Msg: msg + fmt.Sprintf(format, args...)}
}

// sudocueField is one field of an ID and where it starts.
type sudocueField struct {
	text string
	off  int
}

// sudocueFields splits id at its colons; a colon at the very end ends
// the last field.
func sudocueFields(id string) []sudocueField {
	var fs []sudocueField
	start := 0
	for i := 0; i <= len(id); i++ {
		if i == len(id) || id[i] == ':' {
			if i < len(id) || start < len(id) {
				fs = append(fs, sudocueField{id[start:i], start})
			}
			start = i + 1
		}
	}
	return fs
}

// ParseSudocue reads a SudoCue killer ID ("3x3::k:6150:6150:...:6672:",
// "3x3:d:k:..." for a killer X), whitespace around it allowed. Errors are
// *ParseError values with the column in the text and the cell at fault:
// "sudocue killer ID: cell r3c4: cage id 5 has sum 12 here but 15 at
// r1c1".
func ParseSudocue(text string) (*Board, error) {
	id := strings.TrimSpace(text)
	off := strings.Index(text, id)
	b, err := parseSudocue(id)
	if err != nil {
		if err.Col > 0 {
			err.Col = colOf(text, off+err.Col-1)
		}
		return nil, err
	}
	return b, nil
}

func parseSudocue(id string) (*Board, *ParseError) {
	fs := sudocueFields(id)
	r := Classic()
	if err := sudocueHead(r, fs, len(id)); err != nil {
		return nil, err
	}
	cells := fs[3:]
	switch {
	case len(cells) < 81:
		return nil, sudocueErr(len(id), -1, "got %d cell number%s, want 81", len(cells), words.Plural(len(cells), "", "s"))
	case len(cells) > 81:
		return nil, sudocueErr(cells[81].off, -1, "unexpected %q after the 81 cell numbers (the ID ends with a colon)", shorten(id[cells[81].off:]))
	}
	cages, err := sudocueCages(cells)
	if err != nil {
		return nil, err
	}
	for _, k := range cages {
		if err := r.AddCage(k.cells, k.sum, false); err != nil {
			return nil, sudocueErr(cells[k.cells[0]].off, k.cells[0], "%v", err)
		}
	}
	b := NewBoard(r)
	if err := b.Validate(); err != nil {
		return nil, &ParseError{Line: 1, Msg: sudocueMsg + err.Error(), Err: err}
	}
	return b, nil
}

// sudocueHead reads the three fields before the cells into r.
func sudocueHead(r *Rules, fs []sudocueField, end int) *ParseError {
	if len(fs) < 3 {
		return sudocueErr(end, -1, "want 3x3:D:k: and 81 cell numbers")
	}
	switch {
	case fs[0].text != "3x3":
		return sudocueErr(0, -1, "unexpected %q (want 3x3: the IDs are 9x9 with boxes of 3x3)", fs[0].text)
	case fs[1].text == "d":
		r.Diagonals = BothDiagonals
	case fs[1].text != "":
		return sudocueErr(fs[1].off, -1, "unexpected %q in the field of the diagonals (want d or nothing)", fs[1].text)
	}
	if fs[2].text != "k" {
		return sudocueErr(fs[2].off, -1, "unexpected %q (want k, for killer)", fs[2].text)
	}
	return nil
}

// sudocueCage is a cage as the cells of an ID give it.
type sudocueCage struct {
	sum   int
	cells []int
}

// sudocueCages reads the 81 cell numbers into cages, in order of their
// first cells: cells of one id and a sum make one cage, and must agree on
// its sum; a cell of sum 0 is in no cage, whatever its id (ISS's Wecoc #1
// has a 0 among the cells of id 0 and sum 20).
func sudocueCages(fs []sudocueField) ([]*sudocueCage, *ParseError) {
	var byID [256]*sudocueCage
	var cages []*sudocueCage
	for c, f := range fs {
		sum, id, err := sudocueCell(f, c)
		if err != nil {
			return nil, err
		}
		k := byID[id]
		switch {
		case sum == 0:
			continue
		case k == nil:
			k = &sudocueCage{sum: sum}
			byID[id] = k
			cages = append(cages, k)
		case k.sum != sum:
			return nil, sudocueErr(f.off, c, "cage id %d has sum %d here but %d at %s", id, sum, k.sum, CellName(9, k.cells[0]))
		case len(k.cells) == 9:
			return nil, sudocueErr(f.off, c, "cage id %d (sum %d at %s) has more than 9 cells", id, sum, CellName(9, k.cells[0]))
		}
		k.cells = append(k.cells, c)
	}
	return cages, sudocueSums(fs, cages)
}

// sudocueCell reads the number of cell c: its sum and cage id.
func sudocueCell(f sudocueField, c int) (sum, id int, err *ParseError) {
	if f.text == "" {
		return 0, 0, sudocueErr(f.off, c, "empty field (want the cage's sum*256 + its id)")
	}
	for i := range len(f.text) {
		if ch := f.text[i]; ch < '0' || ch > '9' {
			return 0, 0, sudocueErr(f.off+i, c, "unexpected %q (want a number: the cage's sum*256 + its id)", ch)
		}
	}
	v, e := strconv.Atoi(f.text)
	if e != nil || v/256 > 45 {
		return 0, 0, sudocueErr(f.off, c, "%s is sum %s, more than 45 (a cage of 9 different digits)", shorten(f.text), sumOfField(v, e))
	}
	return v / 256, v % 256, nil
}

// sumOfField says the sum a number stands for, or that it is too large to
// say.
func sumOfField(v int, err error) string {
	if err != nil {
		return "too large"
	}
	return strconv.Itoa(v / 256)
}

// sudocueSums checks that each cage's sum is one its cells can make.
func sudocueSums(fs []sudocueField, cages []*sudocueCage) *ParseError {
	for _, k := range cages {
		if lo, hi := SumRange(9, len(k.cells)); k.sum < lo || k.sum > hi {
			c := k.cells[0]
			return sudocueErr(fs[c].off, c, "sum %d is impossible for the %s of its cage (%s: %d..%d)", k.sum, cellCount(len(k.cells)), words.DifferentDigits(len(k.cells)), lo, hi)
		}
	}
	return nil
}

// FormatSudocue writes b as a SudoCue killer ID, each cage's id the index
// of its first cell. It holds 9x9 killers with boxes of 3x3, both
// diagonals or none, cages that do not overlap and have sums (a one-cell
// cage without a sum is written as a cell in no cage, which it is the
// same as); anything else (givens, other rules) is refused with its name.
func FormatSudocue(b *Board) (string, error) {
	if err := sudocueLimits.refuse(b); err != nil {
		return "", err
	}
	for i, k := range b.Rules.Cages {
		if k.Sum == 0 && len(k.Cells) > 1 {
			return "", fmt.Errorf("a SudoCue killer ID cannot hold cages without a sum (cage %d: %s)", i+1, CellList(9, k.Cells, 4))
		}
	}
	var sb strings.Builder
	sb.WriteString("3x3:")
	if b.Rules.Diagonals == BothDiagonals {
		sb.WriteByte('d')
	}
	sb.WriteString(":k:")
	owner := cageOf(b.Rules)
	for c, i := range owner {
		v := c // a cell in no cage: sum 0, its own index as id
		if i >= 0 {
			k := b.Rules.Cages[i]
			v = k.Sum*256 + minCell(k.Cells)
		}
		sb.WriteString(strconv.Itoa(v))
		sb.WriteByte(':')
	}
	return sb.String(), nil
}

// minCell returns the first cell of cells in reading order.
func minCell(cells []int) int {
	m := cells[0]
	for _, c := range cells {
		m = min(m, c)
	}
	return m
}
