package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// This file reads and writes the plain line form of a board of any rules,
// one puzzle per line, whitespace between its fields:
//
//	CELLS [REGIONS] [CAGES SUM...] [rules=LIST] [annotation]
//
// CELLS is the N*N cells row by row (1-9, then A-P for 10..25; 0 or . for
// an empty cell); N follows from the length (16, 36, 64, 81, 144, 256 or
// 625 cells; boxes of 2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5). REGIONS, for a
// jigsaw, labels each cell with its region: N*N characters, N distinct
// labels N times each (sudokuwiki's jigsaw maps). CAGES, for a killer,
// labels each cell with its cage (. for a cell in no cage), and each SUM
// token "l=S" gives cage l its sum ("l=?" for a cage without one); an
// N*N-character field followed by sums is a cage map, without them a
// region map. rules=LIST adds the rules that need no map: x, windoku,
// disjoint, anti-knight, anti-king (ParseVariant's names). Any other text
// after the fields is an annotation.

// plainLabels are the labels FormatPlain gives cages, in order.
const plainLabels = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-/:;<>?@^_~"

// plainField is a whitespace-separated field of a line and its byte
// offset.
type plainField struct {
	text string
	off  int
}

func plainFields(line string) []plainField {
	var fs []plainField
	for i := 0; i < len(line); {
		i = skipSpace(line, i)
		if i == len(line) {
			break
		}
		j := skipNonSpace(line, i)
		fs = append(fs, plainField{line[i:j], i})
		i = j
	}
	return fs
}

// plainSize returns N for a field of N*N cells of a size people play, or 0.
func plainSize(cells int) int {
	for _, n := range Sizes {
		if n*n == cells {
			return n
		}
	}
	return 0
}

// ParsePlain reads the plain line form (see the file's comment). It
// returns the board and the annotation. Malformed text gives a
// *ParseError on line 1 naming the column; rules that do not hold (a
// region that is not connected, an impossible sum) a *ParseError wrapping
// the *RuleError, and givens that break a rule one wrapping the
// *ClashError.
func ParsePlain(line string) (*Board, string, error) {
	fs := plainFields(line)
	if len(fs) == 0 {
		return nil, "", &ParseError{Line: 1, Msg: "empty line: no puzzle"}
	}
	n := plainSize(len(fs[0].text))
	if n == 0 {
		return nil, "", plainErr(fs[0].off, "%d cells: want 16, 36, 64, 81, 144, 256 or 625 (a square of 4, 6, 8, 9, 12, 16 or 25)", len(fs[0].text))
	}
	r, _ := Sized(n)
	b := NewBoard(r)
	if err := plainCells(b, fs[0]); err != nil {
		return nil, "", err
	}
	rest, err := plainRules(r, fs[1:])
	if err != nil {
		return nil, "", err
	}
	ann := ""
	if len(rest) > 0 {
		ann = strings.TrimSpace(line[rest[0].off:])
	}
	if err := b.Validate(); err != nil {
		return nil, "", &ParseError{Line: 1, Col: fs[0].off + 1, Msg: err.Error(), Err: err}
	}
	return b, ann, nil
}

func plainErr(off int, format string, args ...any) *ParseError {
	return &ParseError{Line: 1, Col: off + 1, Msg: fmt.Sprintf(format, args...)}
}

func plainCells(b *Board, f plainField) error {
	n := b.Size()
	for i := range len(f.text) {
		c := f.text[i]
		if c == '0' || c == '.' {
			continue
		}
		d, ok := ParseDigit(c)
		if !ok || d > n {
			return plainErr(f.off+i, "unexpected %q in cell %s (a cell is 1-%s, or 0 or . when empty)", c, CellName(n, i), DigitString(n))
		}
		b.Cells[i] = uint8(d)
	}
	return nil
}

// plainRules reads the map and rules fields into r and returns the fields
// left (the annotation).
func plainRules(r *Rules, fs []plainField) ([]plainField, error) {
	nn := r.Cells()
	for len(fs) > 0 && len(fs[0].text) == nn {
		sums := 0
		for sums+1 < len(fs) && isSumField(fs[1+sums].text) {
			sums++
		}
		var err error
		if sums > 0 {
			err = plainCages(r, fs[0], fs[1:1+sums])
		} else {
			err = plainRegions(r, fs[0])
		}
		if err != nil {
			return nil, err
		}
		fs = fs[1+sums:]
	}
	if len(fs) > 0 && strings.HasPrefix(fs[0].text, "rules=") {
		v, err := ParseVariant(fs[0].text[len("rules="):])
		if err == nil && v&(VariantJigsaw|VariantKiller|VariantOddEven) != 0 {
			err = fmt.Errorf("%s need a map: give regions or cages as fields", v&(VariantJigsaw|VariantKiller|VariantOddEven))
		}
		if err != nil {
			return nil, plainErr(fs[0].off, "%v", err)
		}
		v.Apply(r)
		fs = fs[1:]
	}
	if err := r.validate(); err != nil {
		return nil, &ParseError{Line: 1, Msg: err.Error(), Err: err}
	}
	return fs, nil
}

// isSumField reports whether f is "l=S" or "l=?" for one label l.
func isSumField(f string) bool {
	if len(f) < 3 || f[1] != '=' || f[0] == '.' {
		return false
	}
	if f[2:] == "?" {
		return true
	}
	_, err := strconv.Atoi(f[2:])
	return err == nil
}

// labelIndex numbers the labels of a map in their order of appearance;
// '.' is -1 when dot is true.
func labelIndex(f plainField, dot bool) (idx []int, labels []byte) {
	seen := map[byte]int{}
	idx = make([]int, len(f.text))
	for i := range len(f.text) {
		c := f.text[i]
		if dot && c == '.' {
			idx[i] = -1
			continue
		}
		k, ok := seen[c]
		if !ok {
			k = len(labels)
			seen[c] = k
			labels = append(labels, c)
		}
		idx[i] = k
	}
	return idx, labels
}

func plainRegions(r *Rules, f plainField) error {
	if r.Regions != nil {
		return plainErr(f.off, "a second region map (a cage map is followed by its sums, l=S)")
	}
	n := r.Size
	idx, labels := labelIndex(f, false)
	if len(labels) != n {
		return plainErr(f.off, "region map has %d labels, want %d (one per region)", len(labels), n)
	}
	count := make([]int, n)
	r.Regions = make([]uint8, len(idx))
	for i, k := range idx {
		r.Regions[i] = uint8(k)
		count[k]++
	}
	for k, c := range count {
		if c != n {
			return plainErr(f.off+strings.IndexByte(f.text, labels[k]), "region %q has %d cells, want %d", labels[k], c, n)
		}
	}
	return nil
}

func plainCages(r *Rules, f plainField, sums []plainField) error {
	if r.Cages != nil {
		return plainErr(f.off, "a second cage map")
	}
	idx, labels := labelIndex(f, true)
	cages := make([]Cage, len(labels))
	for i, k := range idx {
		if k >= 0 {
			cages[k].Cells = append(cages[k].Cells, i)
		}
	}
	given := make([]bool, len(labels))
	for _, s := range sums {
		k := strings.IndexByte(string(labels), s.text[0])
		if k < 0 {
			return plainErr(s.off, "sum for cage %q, which the cage map does not have", s.text[0])
		}
		if given[k] {
			return plainErr(s.off, "a second sum for cage %q", s.text[0])
		}
		given[k] = true
		if s.text[2:] != "?" {
			cages[k].Sum, _ = strconv.Atoi(s.text[2:])
			if cages[k].Sum <= 0 {
				return plainErr(s.off+2, "cage %q: sum %d (want a positive sum, or ? for none)", s.text[0], cages[k].Sum)
			}
		}
	}
	for k, g := range given {
		if !g {
			return plainErr(f.off+strings.IndexByte(f.text, labels[k]), "cage %q has no sum (write %c=? for a cage without one)", labels[k], labels[k])
		}
	}
	r.Cages = cages
	return nil
}

// FormatPlain writes b in the plain line form, empty cells as '.'. Rules
// the form cannot hold (single diagonals, extra regions, odd/even cells,
// candidates, more cages than it has labels) give an error naming them.
func FormatPlain(b *Board) (string, error) {
	r := b.Rules
	if err := plainUnsupported(b); err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString(b.Line('.'))
	if r.Regions != nil {
		sb.WriteByte(' ')
		for _, k := range r.Regions {
			sb.WriteByte(plainLabels[k])
		}
	}
	if len(r.Cages) > 0 {
		writePlainCages(&sb, r)
	}
	if v := r.Variants() &^ (VariantJigsaw | VariantKiller); v != 0 {
		sb.WriteString(" rules=" + v.String())
	}
	return sb.String(), nil
}

func plainUnsupported(b *Board) error {
	r := b.Rules
	var what []string
	if r.Diagonals != 0 && r.Diagonals != BothDiagonals {
		what = append(what, "one diagonal")
	}
	if len(r.Extra) > 0 {
		what = append(what, "extra regions")
	}
	if r.hasParity() {
		what = append(what, "odd/even cells")
	}
	if b.Marks != nil {
		what = append(what, "candidates")
	}
	if len(r.Cages) > len(plainLabels) {
		what = append(what, fmt.Sprintf("%d cages (at most %d)", len(r.Cages), len(plainLabels)))
	}
	if shapes[r.Size] != [2]int{r.BoxRows, r.BoxCols} && r.Regions == nil {
		what = append(what, fmt.Sprintf("boxes of %dx%d", r.BoxRows, r.BoxCols))
	}
	if len(what) > 0 {
		return fmt.Errorf("the line form cannot hold %s: write it as a Solo ID or f-puzzles", strings.Join(what, ", "))
	}
	return nil
}

func writePlainCages(sb *strings.Builder, r *Rules) {
	m := []byte(strings.Repeat(".", r.Cells()))
	for k, cg := range r.Cages {
		for _, c := range cg.Cells {
			m[c] = plainLabels[k]
		}
	}
	sb.WriteByte(' ')
	sb.Write(m)
	for k, cg := range r.Cages {
		sum := "?"
		if cg.Sum > 0 {
			sum = strconv.Itoa(cg.Sum)
		}
		fmt.Fprintf(sb, " %c=%s", plainLabels[k], sum)
	}
}
