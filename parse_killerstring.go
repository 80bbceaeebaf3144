package sudoku

import (
	"fmt"
	"strings"
	"sudoku/internal/words"
)

// This file reads and writes the compact killer strings of the
// enjoysudoku forum ("Understandable snarfable killer cages",
// forum.enjoysudoku.com t6119): 81 characters, one per cell row by row.
// The cell that carries a cage's sum (its head) holds the sum: 0-9, A-Z
// for 10 to 35, a-j for 36 to 45; every other cell of the cage holds an
// arrow pointing to a neighbour of the same cage, nearer its head:
//
//	<  >  ^  v   left, right, up, down
//	`  '  ,  .   up-left, up-right, down-left, down-right
//
// A head of 0 is a cage without a sum (digits still differ); a head of 0
// that no arrow points to is a cell in no cage. The form has no givens
// and no other rules.

// FormKillerString names the enjoysudoku killer strings for FormatBoard.
const FormKillerString = "killerstring"

// killerStringLimits is what a killer string holds besides cages.
var killerStringLimits = killerFormLimits{name: "a killer string"}

// killerArrows are the arrows, in the order of killerSteps.
const killerArrows = "<>^v`',."

// killerSteps are the moves of the arrows: rows, columns.
var killerSteps = [8][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

func init() {
	RegisterForm(Form{Name: FormKillerString, Priority: 550, Detect: isKillerString, Format: FormatKillerString,
		Parse: func(t string) (*Board, string, error) {
			f := firstField(t)
			b, err := ParseKillerString(f)
			return b, strings.TrimSpace(t[len(f):]), err
		}})
}

// isKillerString reports whether the first field of t is a killer
// string: 81 characters of sums and arrows, not all of them digits and
// dots (those are the classic 81-character line).
func isKillerString(t string) bool {
	f := firstField(t)
	if len(f) != 81 {
		return false
	}
	classic := true
	for i := range len(f) {
		c := f[i]
		_, sum := killerSum(c)
		if !sum && strings.IndexByte(killerArrows, c) < 0 {
			return false
		}
		classic = classic && (c == '.' || c >= '0' && c <= '9')
	}
	return !classic
}

// killerSum returns the sum a head character stands for.
func killerSum(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10, true
	case c >= 'a' && c <= 'j':
		return int(c-'a') + 36, true
	}
	return 0, false
}

// killerSumChar is the head character of sum s, 0..45.
func killerSumChar(s int) byte {
	switch {
	case s < 10:
		return byte('0' + s)
	case s < 36:
		return byte('A' + s - 10)
	}
	return byte('a' + s - 36)
}

// killerErr is an error about cell c of a killer string, at its column.
func killerErr(c int, format string, args ...any) *ParseError {
	return &ParseError{Line: 1, Col: c + 1, Msg: "killer string: cell " + CellName(9, c) + ": " + fmt.Sprintf(format, args...)}
}

// ParseKillerString reads a killer string of the enjoysudoku forum
// ("3<<5^>..."), whitespace around it allowed. Every cell is followed to
// the head of its cage; an arrow off the grid, arrows that go round
// without reaching a head, a character that is neither and a sum its
// cage's cells cannot make are *ParseError values naming the column and
// the cell.
func ParseKillerString(text string) (*Board, error) {
	s := strings.TrimSpace(text)
	off := strings.Index(text, s)
	if len(s) != 81 {
		return nil, &ParseError{Line: 1, Msg: fmt.Sprintf("killer string: got %d characters, want 81 (one per cell)", len(s))}
	}
	r := Classic()
	if err := readKillerString(r, s); err != nil {
		err.Col = colOf(text, off+err.Col-1)
		return nil, err
	}
	b := NewBoard(r)
	if err := b.Validate(); err != nil {
		return nil, &ParseError{Line: 1, Msg: "killer string: " + err.Error(), Err: err}
	}
	return b, nil
}

// readKillerString reads the cages of killer string s into r; errors
// have the column in s.
func readKillerString(r *Rules, s string) *ParseError {
	next, err := killerNext(s)
	if err != nil {
		return err
	}
	head, err := killerHeads(next)
	if err != nil {
		return err
	}
	return killerCages(r, s, head)
}

// killerNext returns the cell each cell's arrow points to, the cell
// itself for a head.
func killerNext(s string) ([81]int, *ParseError) {
	var next [81]int
	for c := range 81 {
		next[c] = c
		if _, ok := killerSum(s[c]); ok {
			continue
		}
		a := strings.IndexByte(killerArrows, s[c])
		if a < 0 {
			return next, killerErr(c, "unexpected %q (want a sum 0-9, A-Z, a-j or an arrow < > ^ v ` ' , .)", s[c])
		}
		d, ok := killerFrom(c, a)
		if !ok {
			return next, killerErr(c, "%q points off the grid", s[c])
		}
		next[c] = d
	}
	return next, nil
}

// killerHeads follows every cell's arrows to the head of its cage.
func killerHeads(next [81]int) ([81]int, *ParseError) {
	var head [81]int
	var state [81]uint8 // 0 not seen, 1 on the path being followed, 2 done
	for c := range 81 {
		var path []int
		d := c
		for state[d] == 0 && next[d] != d {
			state[d] = 1
			path = append(path, d)
			d = next[d]
		}
		if state[d] == 1 {
			return head, killerLoop(next, d)
		}
		if state[d] == 0 {
			state[d], head[d] = 2, d
		}
		for _, p := range path {
			state[p], head[p] = 2, head[d]
		}
	}
	return head, nil
}

// killerLoop reports the arrows that go round from cell d, at the first
// of their cells.
func killerLoop(next [81]int, d int) *ParseError {
	loop := []int{d}
	first := d
	for e := next[d]; e != d; e = next[e] {
		loop = append(loop, e)
		first = min(first, e)
	}
	return killerErr(first, "the arrows of %s go round without reaching a cage's sum", CellList(9, loop, 9))
}

// killerCages adds the cages of the heads to r, in order of their first
// cells; a head of 0 alone is a cell in no cage.
func killerCages(r *Rules, s string, head [81]int) *ParseError {
	cells := map[int][]int{}
	var heads []int
	for c, h := range head {
		if cells[h] == nil {
			heads = append(heads, h)
		}
		cells[h] = append(cells[h], c)
	}
	for _, h := range heads {
		sum, _ := killerSum(s[h])
		k := cells[h]
		if sum == 0 && len(k) == 1 {
			continue
		}
		if len(k) > 9 {
			return killerErr(h, "the cage of this sum has %s, more than 9", cellCount(len(k)))
		}
		if lo, hi := SumRange(9, len(k)); sum != 0 && (sum < lo || sum > hi) {
			return killerErr(h, "sum %d is impossible for the %s of its cage (%s: %d..%d)", sum, cellCount(len(k)), words.DifferentDigits(len(k)), lo, hi)
		}
		if err := r.AddCage(k, sum, false); err != nil {
			return killerErr(h, "%v", err)
		}
	}
	return nil
}

// FormatKillerString writes b as a killer string: each cage's sum in its
// first cell, and arrows along a tree of its cells that reaches every one
// from there, a step across (left, right, up, down) wherever one does; a
// cell in no cage is a 0. It holds 9x9 killers with boxes of 3x3 and no
// other rule, of cages that do not overlap, each of cells that touch
// (across or at a corner); a cage of one cell without a sum is written as
// a cell in no cage, which it is the same as. A killer whose cages are
// all of one cell is refused: its string would be a classic line.
func FormatKillerString(b *Board) (string, error) {
	if err := killerStringLimits.refuse(b); err != nil {
		return "", err
	}
	out := []byte(strings.Repeat("0", 81))
	wide := false
	for i, k := range b.Rules.Cages {
		if !killerTree(out, k) {
			return "", fmt.Errorf("a killer string cannot hold a cage whose cells do not touch (cage %d: %s)", i+1, CellList(9, k.Cells, 4))
		}
		wide = wide || len(k.Cells) > 1
	}
	if !wide {
		return "", fmt.Errorf("a killer string cannot hold a killer without a cage of two cells or more (it would read as a classic line)")
	}
	return string(out), nil
}

// killerTree writes cage k into out: its sum at its first cell, and for
// every other cell the arrow to a cell reached before it, across where
// it can (a search across from every cell reached, then one step at a
// corner, and again). It reports false when a cell is never reached.
func killerTree(out []byte, k Cage) bool {
	in := map[int]bool{}
	for _, c := range k.Cells {
		in[c] = true
	}
	h := minCell(k.Cells)
	out[h] = killerSumChar(k.Sum)
	reached := map[int]bool{h: true}
	queue := []int{h}
	for len(reached) < len(k.Cells) {
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for a := range 4 {
				if d, ok := killerFrom(c, a); ok && in[d] && !reached[d] {
					out[d], reached[d] = killerArrows[a^1], true
					queue = append(queue, d)
				}
			}
		}
		d, a, ok := killerCorner(k.Cells, reached)
		if !ok {
			return len(reached) == len(k.Cells)
		}
		out[d], reached[d] = killerArrows[a], true
		queue = append(queue, d)
	}
	return true
}

// killerCorner finds a cell of cells not reached whose neighbour at a
// corner (arrow a) is reached.
func killerCorner(cells []int, reached map[int]bool) (d, a int, ok bool) {
	for _, d := range cells {
		if reached[d] {
			continue
		}
		for a := 4; a < 8; a++ {
			if e, ok := killerFrom(d, a); ok && reached[e] {
				return d, a, true
			}
		}
	}
	return 0, 0, false
}

// killerFrom returns the cell arrow a points to from c, if on the grid.
func killerFrom(c, a int) (int, bool) {
	row, col := c/9+killerSteps[a][0], c%9+killerSteps[a][1]
	return row*9 + col, row >= 0 && row < 9 && col >= 0 && col < 9
}
