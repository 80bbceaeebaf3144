// Command regionfix makes puzzles with extra regions and odd/even cells
// from generated ones, for logic's tests (logic/testdata/regions-extra.txt).
// It reads puzzles of unique solution, one per line in any form
// sudoku.ParseBoard reads, and for the i-th writes, by i%4: two extra
// regions of nine cells; twelve odd/even cells; one extra region and
// eight odd/even cells, twice. Each
// extra region holds nine cells of different digits in the solution, no
// cell in two; the cells told odd or even are empty ones, told their
// solution's parity. Givens are then removed, in random order, while the
// solution stays unique. The line written is the plain line of the puzzle
// followed by "extra=c,c,...;c,..." (cell indexes) and "parity=" 81
// characters (. any, o odd, e even), then "solution=" and its digits.
//
//	go run ./cmd/regionfix -seed 2720 < in.txt > out.txt
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"sudoku"
	_ "sudoku/constraint" // the kinds of constraint the parsers read
	"sudoku/solver"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	rng := rand.New(rand.NewPCG(*seed, 27))
	sc := bufio.NewScanner(os.Stdin)
	i := 0
	for sc.Scan() {
		b, _, err := sudoku.ParseBoard(sc.Text())
		if err != nil || b.Rules.Size != 9 {
			continue
		}
		line, err := makeOne(b, i%4, rng)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			continue
		}
		fmt.Println(line)
		i++
	}
}

// makeOne adds the rules of mode m to b and digs it.
func makeOne(b *sudoku.Board, m int, rng *rand.Rand) (string, error) {
	res, err := solver.Solve(context.Background(), solver.Fast, b)
	if err != nil {
		return "", err
	}
	sol := res.Solution
	extras, odd := [4]int{2, 0, 1, 1}[m], [4]int{0, 12, 8, 8}[m]
	r := b.Rules.Clone()
	used := make([]bool, 81)
	for range extras {
		r.Extra = append(r.Extra, extraRegion(sol, used, rng))
	}
	r.Parity = make([]sudoku.Parity, 81)
	for _, c := range rng.Perm(81) {
		if odd == 0 {
			break
		}
		if b.Cells[c] == 0 {
			r.Parity[c] = sudoku.Even - sudoku.Parity(sol[c]%2)
			odd--
		}
	}
	nb := &sudoku.Board{Rules: r, Cells: append([]uint8(nil), b.Cells...)}
	dig(nb, rng)
	digits := make([]byte, 81)
	for c, v := range sol {
		digits[c] = '0' + v
	}
	return format(nb) + " solution=" + string(digits), nil
}

// extraRegion picks nine cells not used yet holding 1..9 in sol.
func extraRegion(sol []uint8, used []bool, rng *rand.Rand) []int {
	var out []int
	for d := uint8(1); d <= 9; d++ {
		for _, c := range rng.Perm(81) {
			if sol[c] == d && !used[c] {
				used[c] = true
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// dig removes givens of b in random order while the solution stays unique.
func dig(b *sudoku.Board, rng *rand.Rand) {
	for _, c := range rng.Perm(81) {
		v := b.Cells[c]
		if v == 0 {
			continue
		}
		b.Cells[c] = 0
		if n, err := solver.Count(context.Background(), b, 2); err != nil || n != 1 {
			b.Cells[c] = v
		}
	}
}

// format writes b's plain line (without its extra regions and parity)
// then the extra= and parity= fields.
func format(b *sudoku.Board) string {
	base := b.Rules.Clone()
	base.Extra, base.Parity = nil, nil
	line, err := sudoku.FormatPlain(&sudoku.Board{Rules: base, Cells: b.Cells})
	if err != nil {
		return err.Error()
	}
	var ex []string
	for _, e := range b.Rules.Extra {
		ex = append(ex, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(e)), ","), "[]"))
	}
	if len(ex) > 0 {
		line += " extra=" + strings.Join(ex, ";")
	}
	par := []byte(strings.Repeat(".", 81))
	for c, p := range b.Rules.Parity {
		par[c] = map[sudoku.Parity]byte{sudoku.AnyParity: '.', sudoku.Odd: 'o', sudoku.Even: 'e'}[p]
	}
	if strings.ContainsAny(string(par), "oe") {
		line += " parity=" + string(par)
	}
	return line
}
