package sudoku

import (
	"bytes"
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
// region map. A cage map may also be a list of N*N labels separated by
// commas, each label one or more characters ("1,1,2,.,..." then "1=3
// 2=?"): FormatPlain writes it so, numbering the cages, when a board has
// more cages than one-character labels; a list without sums after it is
// not a map (it stays an annotation, as before lists). rules=LIST adds the rules that need no map: x, windoku,
// disjoint, anti-knight, anti-king (ParseVariant's names). Any other text
// after the fields is an annotation.

// plainLabels are the labels FormatPlain gives regions and cages, in
// order; a board of more cages has its cage map written as a comma list
// of numbers (writeCageList).
const plainLabels = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-/:;<>?@^_~"

func init() {
	RegisterForm(Form{Name: FormLine, Priority: 600, Detect: isPlainBoard, Parse: ParsePlain,
		AfterCells: plainAfterCells, Format: FormatPlain})
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

// plainAfterCells reports whether the text after a line's first 81 cells
// starts with a field of the plain form (a map of 81 labels, one
// character each or a comma list, rules=): such a line may not be the
// 81-character line (isPlainBoard decides).
func plainAfterCells(rest []byte) bool {
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
		i++
	}
	j := i
	for j < len(rest) && rest[j] != ' ' && rest[j] != '\t' {
		j++
	}
	return j-i == 81 || bytes.HasPrefix(rest[i:], []byte("rules=")) || bytes.Count(rest[i:j], []byte{','}) == 80
}

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
		return nil, "", plainErr(fs[0].off, "%s: want 16, 36, 64, 81, 144, 256 or 625 (a square of 4, 6, 8, 9, 12, 16 or 25)", cellCount(len(fs[0].text)))
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
	for len(fs) > 0 {
		labels, list := mapLabels(fs[0], r.Cells())
		sums := 0
		for sums+1 < len(fs) && isSumField(fs[1+sums].text, list) {
			sums++
		}
		if labels == nil || list && sums == 0 || isRulesField(fs[0].text) && (list || sums == 0) {
			break // not a map: a comma list without sums stays an annotation
		}
		var err error
		if sums > 0 {
			err = plainCages(r, fs[0], labels, list, fs[1:1+sums])
		} else {
			err = plainRegions(r, fs[0], labels)
		}
		if err != nil {
			return nil, err
		}
		fs = fs[1+sums:]
	}
	fs, err := plainVariants(r, fs)
	if err != nil {
		return nil, err
	}
	if err := r.validate(); err != nil {
		return nil, &ParseError{Line: 1, Msg: err.Error(), Err: err}
	}
	return fs, nil
}

// isRulesField reports whether f is "rules=LIST" with a list ParseVariant
// reads. Such a field is no region map, even when it is N*N characters
// long ("rules=x,disjoint" on a 4x4): its one '=' would be a region of one
// cell. Nor is it a comma list of labels ('=' is in none). Followed by
// sums, one of N*N characters is a cage map, as it always was.
func isRulesField(f string) bool {
	v, ok := strings.CutPrefix(f, "rules=")
	if !ok {
		return false
	}
	_, err := ParseVariant(v)
	return err == nil
}

// plainVariants reads a rules= field, if fs starts with one.
func plainVariants(r *Rules, fs []plainField) ([]plainField, error) {
	if len(fs) == 0 || !strings.HasPrefix(fs[0].text, "rules=") {
		return fs, nil
	}
	v, err := ParseVariant(fs[0].text[len("rules="):])
	if err == nil && v.Drawn() != 0 {
		err = fmt.Errorf("%s come with the puzzle: give regions or cages as fields, constraints in f-puzzles form", v.Drawn())
	}
	if err != nil {
		return nil, plainErr(fs[0].off, "%v", err)
	}
	v.Apply(r)
	return fs[1:], nil
}

// plainLabel is the label of one cell in a map field, and its byte offset
// in the line.
type plainLabel struct {
	text string
	off  int
}

// mapLabels splits f into the labels of nn cells: nn characters, or (list)
// nn labels separated by commas. labels is nil when f is neither.
func mapLabels(f plainField, nn int) (labels []plainLabel, list bool) {
	if len(f.text) == nn {
		labels = make([]plainLabel, nn)
		for i := range nn {
			labels[i] = plainLabel{f.text[i : i+1], f.off + i}
		}
		return labels, false
	}
	if strings.Count(f.text, ",") != nn-1 {
		return nil, false
	}
	labels = make([]plainLabel, 0, nn)
	off := f.off
	for part := range strings.SplitSeq(f.text, ",") {
		labels = append(labels, plainLabel{part, off})
		off += len(part) + 1
	}
	return labels, true
}

// splitSum splits a sum field, "l=S" or "l=?", into the label and the sum
// text. The label is one character after a map of characters (list false),
// any text without '=' after a list. ok is false for any other field.
func splitSum(f string, list bool) (label, sum string, ok bool) {
	i := 1
	if list {
		i = strings.IndexByte(f, '=')
	}
	if i < 1 || i+1 >= len(f) || f[i] != '=' || f[:i] == "." {
		return "", "", false
	}
	label, sum = f[:i], f[i+1:]
	if sum == "?" {
		return label, sum, true
	}
	return label, sum, isNumber(sum)
}

// isNumber reports whether s is a number written in digits (any size:
// the range is checked where the sum is read, with a located error).
func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// maxCageSum bounds a cage's sum as read: more than 25x25's cells can
// hold, and far from overflow.
const maxCageSum = 1 << 20

// isSumField reports whether f is a sum field (splitSum).
func isSumField(f string, list bool) bool {
	_, _, ok := splitSum(f, list)
	return ok
}

// quoteLabel quotes a label for a message: 'a', '12'.
func quoteLabel(l string) string {
	if len(l) == 1 {
		return fmt.Sprintf("%q", l[0])
	}
	return "'" + l + "'"
}

// labelIndex numbers the labels of a map in their order of appearance
// and returns each label's first place; "." is -1 when dot is true.
func labelIndex(labels []plainLabel, dot bool) (idx []int, first []plainLabel) {
	seen := map[string]int{}
	idx = make([]int, len(labels))
	for i, l := range labels {
		if dot && l.text == "." {
			idx[i] = -1
			continue
		}
		k, ok := seen[l.text]
		if !ok {
			k = len(first)
			seen[l.text] = k
			first = append(first, l)
		}
		idx[i] = k
	}
	return idx, first
}

func plainRegions(r *Rules, f plainField, labels []plainLabel) error {
	if r.Regions != nil {
		return plainErr(f.off, "a second region map (a cage map is followed by its sums, l=S)")
	}
	n := r.Size
	idx, first := labelIndex(labels, false)
	if len(first) != n {
		return plainErr(f.off, "region map has %d labels, want %d (one per region)", len(first), n)
	}
	count := make([]int, n)
	r.Regions = make([]uint8, len(idx))
	for i, k := range idx {
		r.Regions[i] = uint8(k)
		count[k]++
	}
	for k, c := range count {
		if c != n {
			return plainErr(first[k].off, "region %s has %s, want %d", quoteLabel(first[k].text), cellCount(c), n)
		}
	}
	return nil
}

func plainCages(r *Rules, f plainField, labels []plainLabel, list bool, sums []plainField) error {
	if r.Cages != nil {
		return plainErr(f.off, "a second cage map")
	}
	if list {
		if err := checkCageLabels(r.Size, labels); err != nil {
			return err
		}
	}
	idx, first := labelIndex(labels, true)
	cages := make([]Cage, len(first))
	for i, k := range idx {
		if k >= 0 {
			cages[k].Cells = append(cages[k].Cells, i)
		}
	}
	if err := cageSums(cages, first, sums, list); err != nil {
		return err
	}
	r.Cages = cages
	return nil
}

// checkCageLabels checks the labels of a comma list: one or more
// printable ASCII characters other than ',' and '='.
func checkCageLabels(n int, labels []plainLabel) error {
	for i, l := range labels {
		if l.text == "" {
			return plainErr(l.off, "empty cage label for %s (labels are separated by single commas)", CellName(n, i))
		}
		for j := range len(l.text) {
			if c := l.text[j]; c <= ' ' || c > '~' || c == '=' {
				return plainErr(l.off+j, "unexpected %q in the label of %s (a label is letters, digits and marks other than , and =)", c, CellName(n, i))
			}
		}
	}
	return nil
}

// cageSums sets the sums of the cages from the sum fields; first holds
// each cage's label.
func cageSums(cages []Cage, first []plainLabel, sums []plainField, list bool) error {
	index := make(map[string]int, len(first))
	for k, l := range first {
		index[l.text] = k
	}
	given := make([]bool, len(cages))
	for _, s := range sums {
		label, sum, _ := splitSum(s.text, list)
		k, ok := index[label]
		switch {
		case !ok:
			return plainErr(s.off, "sum for cage %s, which the cage map does not have", quoteLabel(label))
		case given[k]:
			return plainErr(s.off, "a second sum for cage %s", quoteLabel(label))
		}
		given[k] = true
		if sum != "?" {
			v, err := strconv.Atoi(sum)
			if err != nil || v > maxCageSum {
				return plainErr(s.off+len(label)+1, "cage %s: sum %s is too large (at most %d)", quoteLabel(label), sum, maxCageSum)
			}
			cages[k].Sum = v
			if cages[k].Sum <= 0 {
				return plainErr(s.off+len(label)+1, "cage %s: sum %d (want a positive sum, or ? for none)", quoteLabel(label), cages[k].Sum)
			}
		}
	}
	for k, g := range given {
		if !g {
			return plainErr(first[k].off, "cage %s has no sum (write %s=? for a cage without one)", quoteLabel(first[k].text), first[k].text)
		}
	}
	return nil
}

// FormatPlain writes b in the plain line form, empty cells as '.', any
// number of cages. Rules the form cannot hold (sizes other than 4, 6, 8,
// 9, 12, 16 and 25, boxes of another shape, single diagonals, extra
// regions, odd/even cells, candidates) give an error naming them and the
// forms that can hold the board.
func FormatPlain(b *Board) (string, error) {
	r := b.Rules
	if err := writable(b); err != nil {
		return "", err
	}
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
	if r.HasConstraints() {
		what = append(what, "constraints ("+constraintSummary(r.Constraints)+")")
	}
	if plainSize(r.Cells()) == 0 {
		what = append(what, fmt.Sprintf("size %d (it holds sizes 4, 6, 8, 9, 12, 16 and 25)", r.Size))
	} else if r.NoBoxes() {
		what = append(what, "a grid without boxes")
	} else if shapes[r.Size] != [2]int{r.BoxRows, r.BoxCols} && (r.Regions == nil || r.Windoku) {
		what = append(what, fmt.Sprintf("boxes of %dx%d", r.BoxRows, r.BoxCols))
	}
	if len(what) > 0 {
		return fmt.Errorf("the line form cannot hold %s%s", strings.Join(what, ", "), formsFor(b))
	}
	return nil
}

// formsFor names the forms that can hold b, as advice after an error.
func formsFor(b *Board) string {
	var forms []string
	if _, err := FormatSolo(b); err == nil {
		forms = append(forms, "a Solo ID")
	}
	if _, err := FormatFPuzzles(b); err == nil {
		forms = append(forms, "f-puzzles")
	}
	if len(forms) == 0 {
		return ""
	}
	return ": write it as " + strings.Join(forms, " or ")
}

// writePlainCages writes the cage map and the sums: a map of one
// character a cell while the labels last, a comma list of numbers after.
func writePlainCages(sb *strings.Builder, r *Rules) {
	if len(r.Cages) > len(plainLabels) {
		writeCageList(sb, r)
		return
	}
	m := []byte(strings.Repeat(".", r.Cells()))
	for k, cg := range r.Cages {
		for _, c := range cg.Cells {
			m[c] = plainLabels[k]
		}
	}
	sb.WriteByte(' ')
	sb.Write(m)
	for k, cg := range r.Cages {
		fmt.Fprintf(sb, " %c=%s", plainLabels[k], sumText(cg.Sum))
	}
}

// writeCageList writes the cage map as a comma list, the cages numbered
// 1, 2, ... in the order of their first cells, "." for a cell in no cage.
func writeCageList(sb *strings.Builder, r *Rules) {
	owner := make([]int, r.Cells())
	for k, cg := range r.Cages {
		for _, c := range cg.Cells {
			owner[c] = k + 1
		}
	}
	number := make([]int, len(r.Cages)+1) // cage k+1's number, 0 until seen
	var order []int
	for c, k := range owner {
		if c > 0 {
			sb.WriteByte(',')
		} else {
			sb.WriteByte(' ')
		}
		if k == 0 {
			sb.WriteByte('.')
			continue
		}
		if number[k] == 0 {
			order = append(order, k-1)
			number[k] = len(order)
		}
		sb.WriteString(strconv.Itoa(number[k]))
	}
	for i, k := range order {
		fmt.Fprintf(sb, " %d=%s", i+1, sumText(r.Cages[k].Sum))
	}
}

// sumText is a cage's sum in a sum field: "?" for none.
func sumText(sum int) string {
	if sum > 0 {
		return strconv.Itoa(sum)
	}
	return "?"
}
