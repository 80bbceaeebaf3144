package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// This file reads and writes Simon Tatham's Solo game IDs, as his puzzle
// collection prints them (solo.c: decode_params, spec_to_grid,
// spec_to_dsf, encode_grid, encode_block_structure_desc):
//
//	PARAMS:GRID[,REGIONS][,CAGES,SUMS]
//
// PARAMS is "CxR" (boxes of C rows by R columns: "3x3", "2x3", "4x4"),
// or "Nj" for a jigsaw of size N; then "x" for the X diagonals, "k" for
// killer, and symmetry ("a", "r2", "m4", ...) and difficulty ("dt", "db",
// "di", "da", "de", "du") that do not change the rules and are ignored.
// GRID lists the cells row by row: a letter a..z is a run of 1..26 empty
// cells, a number is a given (digits above 9 written in decimal), "_"
// separates two numbers. REGIONS (jigsaw) and CAGES (killer) give the
// walls between cells: first along the N*(N-1) inner vertical lines in
// reading order, then along the inner horizontal ones in transposed order,
// each letter a..y the number of non-walls before the next wall ("_" is
// none), "z" 26 non-walls and no wall (as Solo's spec_to_dsf reads it;
// its encoder's comment says 25, which only runs of more than 25
// non-walls, rare, tell apart). SUMS is a grid of the cages' sums,
// each at one cell of its cage.

// soloMaxSize bounds the size a Solo ID may ask for.
const soloMaxSize = MaxSize

// isSoloID reports whether text looks like a Solo game ID: parameters
// starting with a number, then a colon.
func isSoloID(text string) bool {
	t := strings.TrimSpace(text)
	i := strings.IndexByte(t, ':')
	if i <= 0 || i > 20 || t[0] < '1' || t[0] > '9' {
		return false
	}
	for _, c := range t[:i] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return !strings.ContainsAny(t[i+1:], " \t\n")
}

func init() {
	RegisterForm(Form{Name: FormSolo, Priority: 200, Detect: isSoloID, Format: FormatSolo,
		Parse: func(t string) (*Board, string, error) {
			b, err := ParseSolo(t)
			return b, "", err
		}})
}

// soloParams is what PARAMS says.
type soloParams struct {
	c, r    int // box rows, box columns; r == 1 for jigsaw (c is then N)
	x, kill bool
}

func parseSoloParams(s string) (soloParams, error) {
	p := soloParams{}
	i := 0
	num := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n, _ := strconv.Atoi(s[j:i])
		return n
	}
	p.c = num()
	p.r = p.c
	seenR := false
	if i < len(s) && s[i] == 'x' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
		i++
		p.r, seenR = num(), true
	}
	for i < len(s) {
		switch s[i] {
		case 'j':
			if seenR {
				p.c *= p.r
			}
			p.r = 1
		case 'x':
			p.x = true
		case 'k':
			p.kill = true
		}
		i++
	}
	n := p.c * p.r
	if p.c < 1 || p.r < 1 || n < MinSize || n > soloMaxSize {
		return p, fmt.Errorf("size %d out of range %d..%d", n, MinSize, soloMaxSize)
	}
	return p, nil
}

// ParseSolo reads a Solo game ID ("3x3:...", "3x3x:...", "9j:...,...",
// "3x3k:...,...,...", "2x3:...", "4x4:..."). Errors are *ParseError with
// the column in the ID.
func ParseSolo(id string) (*Board, error) {
	t := strings.TrimSpace(id)
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return nil, &ParseError{Line: 1, Msg: "a Solo game ID is PARAMS:DESCRIPTION, with a colon"}
	}
	p, err := parseSoloParams(t[:colon])
	if err != nil {
		return nil, &ParseError{Line: 1, Col: 1, Msg: err.Error()}
	}
	n := p.c * p.r
	r := &Rules{Size: n, BoxRows: p.c, BoxCols: p.r}
	if p.r == 1 {
		if s, ok := shapes[n]; ok {
			r.BoxRows, r.BoxCols = s[0], s[1]
		} else {
			r.BoxRows, r.BoxCols = 0, 0
		}
	}
	if p.x {
		r.Diagonals = BothDiagonals
	}
	d := &soloDesc{s: t, i: colon + 1, n: n}
	cells, err := d.grid(n)
	if err != nil {
		return nil, err
	}
	if p.r == 1 {
		if err := d.comma("the jigsaw regions"); err != nil {
			return nil, err
		}
		if r.Regions, err = d.regions(n); err != nil {
			return nil, err
		}
	}
	if p.kill {
		if err := d.killer(r); err != nil {
			return nil, err
		}
	}
	if d.i < len(d.s) {
		return nil, d.errorf("unexpected %q after the game description", d.s[d.i:min(d.i+10, len(d.s))])
	}
	b := &Board{Rules: r, Cells: cells}
	if err := b.Validate(); err != nil {
		return nil, &ParseError{Line: 1, Msg: err.Error(), Err: err}
	}
	return b, nil
}

// soloDesc reads the description of a Solo ID.
type soloDesc struct {
	s string
	i int
	n int
}

func (d *soloDesc) errorf(format string, args ...any) *ParseError {
	return &ParseError{Line: 1, Col: d.i + 1, Msg: fmt.Sprintf(format, args...)}
}

func (d *soloDesc) comma(what string) error {
	if d.i >= len(d.s) || d.s[d.i] != ',' {
		return d.errorf("expected a comma and %s", what)
	}
	d.i++
	return nil
}

// grid reads a grid of N*N cells: runs of empty cells and numbers up to
// max.
func (d *soloDesc) grid(max int) ([]uint8, error) {
	return d.numbers(d.n*d.n, max)
}

// numbers reads area cells, each 0 or a number 1..max, into a slice (of
// ints as bytes when max fits; sums use numbersInt).
func (d *soloDesc) numbers(area, max int) ([]uint8, error) {
	vs, err := d.numbersInt(area, max)
	if err != nil {
		return nil, err
	}
	out := make([]uint8, len(vs))
	for i, v := range vs {
		out[i] = uint8(v)
	}
	return out, nil
}

func (d *soloDesc) numbersInt(area, max int) ([]int, error) {
	out := make([]int, 0, area)
	for d.i < len(d.s) && d.s[d.i] != ',' {
		c := d.s[d.i]
		switch {
		case c >= 'a' && c <= 'z':
			run := int(c-'a') + 1
			if len(out)+run > area {
				return nil, d.errorf("the grid runs past its %d cells", area)
			}
			out = append(out, make([]int, run)...)
			d.i++
		case c == '_':
			d.i++
		case c >= '1' && c <= '9':
			j := d.i
			for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' && d.i-j < 6 {
				d.i++
			}
			v, _ := strconv.Atoi(d.s[j:d.i])
			if v > max {
				d.i = j
				return nil, d.errorf("%d is more than %d", v, max)
			}
			if len(out) == area {
				d.i = j
				return nil, d.errorf("the grid runs past its %d cells", area)
			}
			out = append(out, v)
		default:
			return nil, d.errorf("unexpected %q in the grid (want a..z, _, or a number)", c)
		}
	}
	if len(out) != area {
		return nil, d.errorf("the grid has %d cells, want %d", len(out), area)
	}
	return out, nil
}

// walls reads a block structure and returns the block of each cell
// (numbered in order of their first cell).
func (d *soloDesc) walls() ([]int, error) {
	n := d.n
	area, lines := n*n, 2*n*(n-1)
	parent := make([]int, area)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	pos := 0
	for d.i < len(d.s) && d.s[d.i] != ',' {
		ch := d.s[d.i]
		c := 0
		switch {
		case ch == '_':
		case ch >= 'a' && ch <= 'z':
			c = int(ch-'a') + 1
		default:
			return nil, d.errorf("unexpected %q in a block structure (want a..z or _)", ch)
		}
		d.i++
		adv := c != 26
		for ; c > 0; c-- {
			if pos >= lines {
				return nil, d.errorf("too much data in the block structure")
			}
			p0, p1 := wallCells(n, pos)
			parent[find(p0)] = find(p1)
			pos++
		}
		if adv {
			pos++
		}
	}
	if pos != lines+1 {
		return nil, d.errorf("the block structure is too short (%d of %d lines)", pos, lines+1)
	}
	block := make([]int, area)
	ids := map[int]int{}
	for i := range area {
		root := find(i)
		id, ok := ids[root]
		if !ok {
			id = len(ids)
			ids[root] = id
		}
		block[i] = id
	}
	return block, nil
}

// wallCells returns the two cells on either side of inner grid line pos
// (vertical lines first, in reading order; then horizontal ones,
// transposed).
func wallCells(n, pos int) (int, int) {
	if pos < n*(n-1) {
		y, x := pos/(n-1), pos%(n-1)
		return y*n + x, y*n + x + 1
	}
	x, y := pos/(n-1)-n, pos%(n-1)
	return y*n + x, (y+1)*n + x
}

func (d *soloDesc) regions(n int) ([]uint8, error) {
	start := d.i
	block, err := d.walls()
	if err != nil {
		return nil, err
	}
	out := make([]uint8, len(block))
	for i, b := range block {
		if b >= n {
			d.i = start
			return nil, d.errorf("the jigsaw walls make more than %d regions", n)
		}
		out[i] = uint8(b)
	}
	return out, nil
}

func (d *soloDesc) killer(r *Rules) error {
	if err := d.comma("the killer cages"); err != nil {
		return err
	}
	block, err := d.walls()
	if err != nil {
		return err
	}
	if err := d.comma("the killer sums"); err != nil {
		return err
	}
	sums, err := d.numbersInt(d.n*d.n, d.n*d.n*d.n)
	if err != nil {
		return err
	}
	nb := 0
	for _, b := range block {
		nb = max(nb, b+1)
	}
	r.Cages = make([]Cage, nb)
	for c, b := range block {
		r.Cages[b].Cells = append(r.Cages[b].Cells, c)
		if s := sums[c]; s != 0 {
			if r.Cages[b].Sum != 0 {
				return &ParseError{Line: 1, Msg: fmt.Sprintf("cage %d has two sums (%d and %d, at %s)", b+1, r.Cages[b].Sum, s, CellName(d.n, c))}
			}
			r.Cages[b].Sum = s
		}
	}
	return nil
}

// FormatSolo writes b as a Solo game ID. Solo knows boxes (any C x R),
// jigsaw regions, the X diagonals and killer cages: other rules are an
// error naming them. Killer cages must cover the grid, each connected and
// with a sum; candidates are refused.
func FormatSolo(b *Board) (string, error) {
	r := b.Rules
	if err := writable(b); err != nil {
		return "", err
	}
	if _, err := r.Layout(); err != nil {
		return "", err
	}
	bad := soloUnsupported(r)
	if b.Marks != nil {
		bad = append(bad, "candidates")
	}
	if len(bad) > 0 {
		return "", fmt.Errorf("a Solo game ID cannot hold %s", strings.Join(bad, ", "))
	}
	var sb strings.Builder
	if r.Regions != nil {
		fmt.Fprintf(&sb, "%dj", r.Size)
	} else {
		fmt.Fprintf(&sb, "%dx%d", r.BoxRows, r.BoxCols)
	}
	if r.Diagonals == BothDiagonals {
		sb.WriteByte('x')
	}
	if len(r.Cages) > 0 {
		sb.WriteByte('k')
	}
	sb.WriteByte(':')
	vals := make([]int, len(b.Cells))
	for i, v := range b.Cells {
		vals[i] = int(v)
	}
	sb.WriteString(encodeSoloGrid(vals))
	if r.Regions != nil {
		block := make([]int, len(r.Regions))
		for i, g := range r.Regions {
			block[i] = int(g)
		}
		sb.WriteByte(',')
		sb.WriteString(encodeSoloWalls(r.Size, block))
	}
	if len(r.Cages) > 0 {
		block := make([]int, r.Cells())
		sums := make([]int, r.Cells())
		for i, k := range r.Cages {
			first := k.Cells[0]
			for _, c := range k.Cells {
				block[c] = i + 1
				first = min(first, c)
			}
			sums[first] = k.Sum
		}
		sb.WriteByte(',')
		sb.WriteString(encodeSoloWalls(r.Size, block))
		sb.WriteByte(',')
		sb.WriteString(encodeSoloGrid(sums))
	}
	return sb.String(), nil
}

// soloUnsupported names the rules of r a Solo ID cannot hold.
func soloUnsupported(r *Rules) []string {
	var bad []string
	if r.Diagonals != 0 && r.Diagonals != BothDiagonals {
		bad = append(bad, "one diagonal alone")
	}
	if r.Windoku {
		bad = append(bad, "windoku boxes")
	}
	if r.Disjoint {
		bad = append(bad, "disjoint groups")
	}
	if len(r.Extra) > 0 {
		bad = append(bad, "extra regions")
	}
	if r.AntiKnight {
		bad = append(bad, "anti-knight")
	}
	if r.AntiKing {
		bad = append(bad, "anti-king")
	}
	if r.hasParity() {
		bad = append(bad, "odd/even cells")
	}
	if r.HasConstraints() {
		bad = append(bad, "constraints ("+constraintSummary(r.Constraints)+")")
	}
	bad = append(bad, soloCageProblems(r)...)
	if r.Regions == nil && !r.boxed() || r.NoBoxes() {
		bad = append(bad, "a grid without boxes")
	}
	if len(r.SplitRegions()) > 0 {
		bad = append(bad, "regions whose cells do not touch")
	}
	return bad
}

// soloCageProblems names what Solo's cages cannot be: they cover the grid,
// each is connected (Solo draws walls between cells) and has a sum.
func soloCageProblems(r *Rules) []string {
	var bad []string
	covered := 0
	for _, k := range r.Cages {
		covered += len(k.Cells)
	}
	if covered > 0 && covered < r.Cells() {
		bad = append(bad, "cells in no cage")
	}
	for i, k := range r.Cages {
		if unconnected(r.Size, k.Cells) != nil {
			bad = append(bad, fmt.Sprintf("a cage of cells apart (cage %d: %s)", i+1, CellList(r.Size, k.Cells, 4)))
			break
		}
	}
	for _, k := range r.Cages {
		if k.Sum == 0 {
			bad = append(bad, "cages without a sum")
			break
		}
	}
	return bad
}

// encodeSoloGrid writes cells as Solo does: runs of empty cells as
// letters, numbers separated by _ where two meet.
func encodeSoloGrid(vals []int) string {
	var sb strings.Builder
	run := 0
	flush := func() {
		for run > 0 {
			c := min(run, 26)
			sb.WriteByte(byte('a' - 1 + c))
			run -= c
		}
	}
	for _, v := range vals {
		if v == 0 {
			run++
			continue
		}
		if run > 0 {
			flush()
		} else if sb.Len() > 0 {
			sb.WriteByte('_')
		}
		sb.WriteString(strconv.Itoa(v))
	}
	flush()
	return sb.String()
}

// encodeSoloWalls writes the walls between cells of different blocks.
func encodeSoloWalls(n int, block []int) string {
	var sb strings.Builder
	run := 0
	lines := 2 * n * (n - 1)
	for i := 0; i <= lines; i++ {
		wall := i == lines
		if !wall {
			p0, p1 := wallCells(n, i)
			wall = block[p0] != block[p1]
		}
		if !wall {
			run++
			continue
		}
		for run >= 26 {
			sb.WriteByte('z')
			run -= 26
		}
		if run > 0 {
			sb.WriteByte(byte('a' - 1 + run))
		} else {
			sb.WriteByte('_')
		}
		run = 0
	}
	return sb.String()
}
